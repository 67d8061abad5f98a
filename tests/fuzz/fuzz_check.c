/* tests/fuzz/fuzz_check.c -- libFuzzer target: the checker, swz_check and swz_check_tile.
 *
 * What it checks
 *   A layout made from any parameters (those swz_layout_make accepts), and a pattern of any
 *   kind, access kind, stride and origin.  swz_check must not crash or trip ASan/UBSan, and
 *   what it accepts must be true: every active lane's address holds, through the layout, the
 *   lane's own row and an element of its access unit; lanes on different units never share an
 *   address (the layout is a bijection); the bank verdict is bank.h's for those addresses.  On
 *   small tiles (W*H <= 4096) swz_check_tile_pattern and swz_check_tile run too: each either
 *   fails with an error code or returns totals in which wavefronts >= ideal and the worst ways
 *   is at least 1.
 *
 * Build and run (tests/fuzz/meson.build does this as the test fuzz-check)
 *   clang -g -O2 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Iinclude \
 *     tests/fuzz/fuzz_check.c -o fuzz-check && ./fuzz-check tests/fuzz/corpus/check
 *
 * Input: layout kind, W, E, A, H, access selector, then pattern kind, (access kind,) stride,
 * row0, col0, block_w, block_h as fz_u32 values (fuzz_input.h).
 */
#include <swz/check.h>

#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    swz_layout l;
    swz_pattern p = {0, 0, 0u, 0u, 0u, 0u, 0u};
    swz_check_result r;
    swz_bank_result b;
    swz_check_totals t;
    uint32_t kind = fz_u32(&in), w = fz_u32(&in), e = fz_u32(&in), a = fz_u32(&in);
    uint32_t h = fz_u32(&in), acc = fz_u32(&in), i, j, v;
    if (swz_layout_make(&l, (int)kind, w, e, a, h) != SWZ_OK) return 0;
    p.kind = (int)fz_u32(&in);
    p.access = fz_access_kind(acc, &in);
    p.stride = fz_u32(&in);
    p.row0 = fz_u32(&in);
    p.col0 = fz_u32(&in);
    p.block_w = fz_u32(&in); /* BLOCK's shape: 0, 0 = the default */
    p.block_h = fz_u32(&in);
    r = swz_check(&l, &p);
    if (r.status == SWZ_OK) {
        v = swz_access_bytes(p.access) / e;
        FZ_ASSERT(v >= 1u && v * e == swz_access_bytes(p.access), "access %d on E=%u accepted",
                  p.access, e);
        if (p.kind == SWZ_PAT_CP_ASYNC) { /* R8 with a matrix's sources: row r at a 128-byte line */
            uint32_t src[32], k;
            for (k = 0; k < 32u; ++k) src[k] = r.row[k] * swz_cp_async_row_pitch(l.width * e) + r.col[k] * e;
            b = swz_bank_eval_cp_async(r.addr, src, r.mask);
        } else {
            b = swz_bank_eval(r.addr, r.mask, p.access);
        }
        FZ_ASSERT(b.wavefronts == r.bank.wavefronts && b.ways == r.bank.ways &&
                  b.ideal == r.bank.ideal, "verdict differs from swz_bank_eval");
        for (i = 0; i < 32u; ++i) {
            uint32_t row, col;
            if (!((r.mask >> i) & 1u)) continue;
            FZ_ASSERT(r.row[i] < h && r.col[i] < w && r.col[i] % v == 0u && r.addr[i] % e == 0u,
                      "lane %u at (%u,%u) addr %u", i, r.row[i], r.col[i], r.addr[i]);
            FZ_ASSERT(swz_layout_coord(&l, r.addr[i] / e, &row, &col) == SWZ_OK &&
                      row == r.row[i] && col / v == r.col[i] / v,
                      "kind %u W=%u E=%u A=%u H=%u pattern %d access %d: lane %u (%u,%u) addr %u "
                      "holds (%u,%u)", kind, w, e, a, h, p.kind, p.access, i, r.row[i], r.col[i],
                      r.addr[i], row, col);
            for (j = 0; j < i; ++j)
                if ((r.mask >> j) & 1u && r.addr[j] == r.addr[i])
                    FZ_ASSERT(r.row[j] == r.row[i] && r.col[j] == r.col[i],
                              "lanes %u and %u: different units, one address %u", j, i, r.addr[i]);
        }
    }
    if ((uint64_t)w * h > 4096u) return 0;
    for (i = 0; i < 2u; ++i) { /* the pattern as given, then BLOCK's default shape */
        if ((i == 0u ? swz_check_tile_pattern(&l, &p, &t)
                     : swz_check_tile(&l, p.kind, p.access, p.stride, &t)) != SWZ_OK)
            continue;
        FZ_ASSERT(t.wavefronts >= t.ideal, "tile: wavefronts %llu < ideal %llu",
                  (unsigned long long)t.wavefronts, (unsigned long long)t.ideal);
        FZ_ASSERT(t.instructions == 0u || t.worst_ways >= 1u, "tile: worst ways %u", t.worst_ways);
    }
    return 0;
}
