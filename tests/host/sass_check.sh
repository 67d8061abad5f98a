#!/usr/bin/env bash
# tests/host/sass_check.sh -- the index macros compile to straight-line integer code.
#
# Not part of `meson test` (it inspects compiler output, which a new nvcc may legitimately
# change); run it by hand after touching xor.h, pad.h or morton.h:
#
#   bash tests/host/sass_check.sh include            # from the repository root
#
# which does, for the kernels below,
#
#   nvcc -O3 -arch=sm_90 -cubin -I include k.cu -o k.cubin && cuobjdump -sass k.cubin
#
# and checks every kernel's SASS for signs of division or loops: integer division leaves
# I2F/F2I/MUFU.RCP (or a CALL to a division routine), a loop leaves a backward branch (the
# final `BRA` to itself after EXIT is the usual end-of-kernel pad and is allowed).  Two control
# kernels (a run-time division, a run-time loop) must be flagged, so the check can fail.
# Output: TAP, one line per kernel; the opcode histogram of each kernel as comments.
set -u
INC=$(cd "${1:-include}" && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
CUOBJDUMP=${CUOBJDUMP:-$(command -v cuobjdump || echo "$(dirname "$NVCC")/cuobjdump")}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/swz-sass.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cat >"$WORK/k.cu" <<'EOF'
#include <swz/xor.h>
#include <swz/pad.h>
#include <swz/morton.h>
/* a 32x32 float transpose through shared memory, written by rows and read by columns */
#define KERNEL(NAME, AT)                                                                        \
    extern "C" __global__ void NAME(const float *in, float *out)                               \
    {                                                                                           \
        __shared__ float t[32 * 48];                                                            \
        unsigned r = threadIdx.y, c = threadIdx.x;                                              \
        t[AT(r, c)] = in[r * 32 + c];                                                           \
        __syncthreads();                                                                        \
        out[r * 32 + c] = t[AT(c, r)];                                                          \
    }
#define XOR_AT(r, c) SWZ_XOR_AUTO_OFFSET(32, 4, 4, (r), (c))
#define XOR8_AT(r, c) SWZ_XOR_AUTO_OFFSET(32, 4, 8, (r), (c))
#define XOR48_AT(r, c) SWZ_XOR_AUTO_OFFSET(48, 4, 16, (r), (c)) /* 12 units: not a power of two */
#define PAD_AT(r, c) SWZ_PAD_OFFSET(32, 4, 4, (r), (c))
#define PADFN_AT(r, c) swz_pad_offset_stride(swz_pad_stride(30, 4, 16), (r), (c))
#define MORTON_AT(r, c) SWZ_MORTON_OFFSET(32, 4, 4, 32, (r), (c))
#define MORTONFN_AT(r, c) swz_morton_offset_log2(3, 5, 4, (r), (c))
#define TMA_AT(r, c) SWZ_TMA_OFFSET(32, 4, 128, (r), (c))
KERNEL(k_xor_auto, XOR_AT)
KERNEL(k_xor_auto_a8, XOR8_AT)
KERNEL(k_xor_auto_w48, XOR48_AT)
KERNEL(k_pad_macro, PAD_AT)
KERNEL(k_pad_function_w30, PADFN_AT)
KERNEL(k_morton_macro, MORTON_AT)
KERNEL(k_morton_function, MORTONFN_AT)
KERNEL(k_tma128, TMA_AT)
/* controls: the detector must flag these */
extern "C" __global__ void ctl_division(unsigned *o, unsigned d) { o[threadIdx.x] = threadIdx.x / d; }
extern "C" __global__ void ctl_loop(unsigned *o, unsigned n)
{
    unsigned x = 0;
    for (unsigned i = 0; i < n; ++i) x = x * 31u + (unsigned)o[i];
    o[threadIdx.x] = x;
}
EOF
if ! "$NVCC" -O3 -arch=sm_90 -cubin -I"$INC" "$WORK/k.cu" -o "$WORK/k.cubin" >"$WORK/log" 2>&1; then
  echo "1..1"
  echo "not ok 1 - nvcc failed"
  sed 's/^/# /' "$WORK/log"
  exit 0
fi
"$CUOBJDUMP" -sass "$WORK/k.cubin" >"$WORK/sass.txt"
python3 - "$WORK/sass.txt" <<'PY'
import re, sys, collections
text = open(sys.argv[1]).read()
parts = re.split(r"\n\s*Function : (\S+)\n", text)
kernels = sorted(zip(parts[1::2], parts[2::2]))
print(f"1..{len(kernels)}")
ins = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(?:@!?U?P[0-9T]\s+)?([A-Z][A-Z0-9_.]*)([^;]*);", re.M)
for n, (name, body) in enumerate(kernels, 1):
    ops, bad = collections.Counter(), []
    for at, op, args in ins.findall(body):
        ops[op.split(".")[0]] += 1
        if op.split(".")[0] in ("I2F", "F2I", "MUFU", "CALL"):
            bad.append(f"{op} at {at}")
        if op.startswith("BRA"):
            m = re.search(r"0x([0-9a-f]+)", args)
            if m and int(m.group(1), 16) < int(at, 16):
                bad.append(f"backward {op} at {at}")
    if name.startswith("ctl_"):  # a control: must be flagged
        verdict = "ok" if bad else "not ok"
        print(f"{verdict} {n} - control {name} is flagged: " + (", ".join(bad) or "NOT flagged"))
    else:
        verdict = "ok" if not bad else "not ok"
        print(f"{verdict} {n} - {name}: " + ("no division, no loop" if not bad else ", ".join(bad)))
    print("# " + ", ".join(f"{k} x{v}" for k, v in ops.most_common() if k != "NOP"))
PY
exit 0
