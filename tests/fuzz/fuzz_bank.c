/* tests/fuzz/fuzz_bank.c -- libFuzzer target: the bank model, swz_bank_eval.
 *
 * What it checks
 *   Any 32 addresses, any lane mask and any access kind (known kinds, SWZ_STORE or'ed in, and
 *   arbitrary integers).  swz_bank_eval must not crash or trip ASan/UBSan, and its verdict must
 *   hold together: an unknown kind is SWZ_EKIND; a misaligned active lane SWZ_EALIGN; otherwise
 *   the phases add up (wavefronts = sum of phase costs >= ideal = phases, each phase cost at
 *   most the words its lanes touch, ways = the worst phase), a phase is active exactly when
 *   one of its lanes is, stores and ldmatrix never pair, and the lanes the mask turns off do
 *   not change the verdict whatever their addresses (they are not read).
 *
 * Build and run (tests/fuzz/meson.build does this as the test fuzz-bank)
 *   clang -g -O2 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Iinclude \
 *     tests/fuzz/fuzz_bank.c -o fuzz-bank && ./fuzz-bank tests/fuzz/corpus/bank
 *
 * Input: kind selector, mask, then per lane a fz_u32 address (fuzz_input.h); lanes past the
 * end of the input repeat a pattern of the first addresses.
 */
#include <string.h>

#include <swz/bank.h>

#include "fuzz_input.h"

static int same(const swz_bank_result *a, const swz_bank_result *b)
{
    return a->status == b->status && a->wavefronts == b->wavefronts && a->ideal == b->ideal &&
           a->ways == b->ways && a->phases == b->phases && a->paired == b->paired &&
           a->phase_lanes == b->phase_lanes && !memcmp(a->phase_cost, b->phase_cost, sizeof a->phase_cost);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    uint32_t sel = fz_byte(&in), addr[32], other[32], mask, i, p, sum = 0, worst = 0, act = 0;
    uint32_t bytes, lanes, pl;
    int kind;
    swz_bank_result r, r2;
    kind = fz_access_kind(sel, &in);
    mask = fz_u32(&in);
    for (i = 0; i < 32u; ++i) addr[i] = in.n ? fz_u32(&in) : addr[i % (i > 3u ? 4u : 1u)] + 4u * i * (i > 0u);
    r = swz_bank_eval(addr, mask, kind);
    bytes = swz_access_bytes(kind);
    lanes = swz_access_lanes(kind);
    if (bytes == 0u) {
        FZ_ASSERT(r.status == SWZ_EKIND, "kind %d: status %d", kind, r.status);
        return 0;
    }
    if (lanes < 32u) mask &= (1u << lanes) - 1u;
    for (i = 0; i < 32u; ++i)
        if ((mask >> i) & 1u && addr[i] % bytes) break;
    if (i < 32u) {
        FZ_ASSERT(r.status == SWZ_EALIGN, "kind %d lane %u addr %u: status %d", kind, i, addr[i],
                  r.status);
        return 0;
    }
    FZ_ASSERT(r.status == SWZ_OK, "kind %d: status %d", kind, r.status);
    pl = swz_access_phase_lanes(kind);
    FZ_ASSERT(r.phase_lanes == pl * (r.paired ? 2u : 1u), "phase lanes %u", r.phase_lanes);
    FZ_ASSERT(!r.paired || (!(kind & SWZ_STORE) && (kind & ~SWZ_STORE) < SWZ_LDMATRIX_X1 && bytes >= 8u),
              "kind %d paired", kind);
    for (p = 0; p * r.phase_lanes < lanes; ++p) {
        uint32_t lane_mask = (uint32_t)(((1ull << r.phase_lanes) - 1u) << (p * r.phase_lanes));
        uint32_t words = 0u;
        for (i = p * r.phase_lanes; i < (p + 1u) * r.phase_lanes; ++i)
            words += (mask >> i) & 1u;
        words *= bytes <= 4u ? 1u : bytes / 4u;
        FZ_ASSERT(p < 4u, "phase %u", p);
        if ((kind & ~SWZ_STORE) == SWZ_CP_ASYNC_16) { /* R8: writes to a place an earlier lane
                                                          * writes merge, so a phase may cost 0 */
            uint32_t fresh = 0u, k;
            for (i = p * r.phase_lanes; i < (p + 1u) * r.phase_lanes; ++i) {
                if (!((mask >> i) & 1u)) continue;
                for (k = 0; k < i && !(((mask >> k) & 1u) && addr[k] == addr[i]); ++k) {}
                fresh |= k == i;
            }
            FZ_ASSERT((r.phase_cost[p] != 0u) == (fresh != 0u), "cp.async mask %08x: phase %u cost %u", mask, p,
                      r.phase_cost[p]);
        } else {
            FZ_ASSERT((r.phase_cost[p] != 0u) == ((mask & lane_mask) != 0u),
                      "kind %d mask %08x: phase %u cost %u", kind, mask, p, r.phase_cost[p]);
        }
        FZ_ASSERT(r.phase_cost[p] <= words, "phase %u: cost %u > %u words", p, r.phase_cost[p], words);
        sum += r.phase_cost[p];
        act += r.phase_cost[p] != 0u;
        if (r.phase_cost[p] > worst) worst = r.phase_cost[p];
    }
    for (; p < 4u; ++p) FZ_ASSERT(r.phase_cost[p] == 0u, "phase %u past the lanes", p);
    FZ_ASSERT(r.wavefronts == sum && r.phases == act && r.ideal == act && r.ways == worst &&
              r.wavefronts >= r.ideal, "kind %d: wavefronts %u ideal %u phases %u ways %u", kind,
              r.wavefronts, r.ideal, r.phases, r.ways);
    /* inactive lanes are not read: move them anywhere (aligned) and the verdict stays */
    for (i = 0; i < 32u; ++i)
        other[i] = ((mask >> i) & 1u) ? addr[i] : (addr[i] ^ 0x5a5a5a5au) & ~(bytes - 1u);
    r2 = swz_bank_eval(other, mask, kind);
    FZ_ASSERT(same(&r, &r2), "kind %d mask %08x: inactive lanes changed the verdict", kind, mask);
    return 0;
}
