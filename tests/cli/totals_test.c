/* tests/cli/totals_test.c -- swz-check's fast whole-tile totals equal check.h's.
 *
 * What it checks
 *   For every layout kind of the table, tiles of several shapes and element sizes, every
 *   access width up to the one the blocks were proven for, and the ROW, COL, BLOCK and STRIDE
 *   walks: swzc_tile_totals (tools/swz-check-totals.h) returns the status and the totals that
 *   swz_check_tile_pattern (check.h) computes instruction by instruction (BLOCK also in shapes
 *   other than the default; a shape that does not fill a phase is refused by both).  It also checks that the
 *   shortcut is taken where it must exist -- row-major, padded and XOR tiles of 64 rows or more
 *   (a multiple of 32) are bands of 32 rows moved by whole 128-byte lines -- so the comparison
 *   does test the shortcut, and that a tile of 32 rows or fewer, which is one band, is not cut.
 *
 * Example
 *   cc -Iinclude -Itools tests/cli/totals_test.c && ./a.out   # "N comparisons, 0 failed"
 */
#include <stdio.h>

#include "swz-check-totals.h"

int main(void)
{
    static const uint32_t shapes[][2] = {{32, 32}, {64, 64}, {256, 64}, {64, 256}, {128, 96},
                                         {32, 128}, {16, 256}, {1024, 32}, {48, 64}, {8, 128}};
    static const uint32_t elems[] = {1, 2, 4, 8, 16};
    /* (kind, block_w, block_h): the walks, BLOCK also in shapes other than the default */
    static const uint32_t pats[][3] = {{SWZ_PAT_ROW, 0, 0}, {SWZ_PAT_COL, 0, 0}, {SWZ_PAT_BLOCK, 0, 0},
                                       {SWZ_PAT_BLOCK, 2, 4}, {SWZ_PAT_BLOCK, 1, 8}, {SWZ_PAT_BLOCK, 8, 1},
                                       {SWZ_PAT_BLOCK, 32, 1}, {SWZ_PAT_BLOCK, 4, 8}, {SWZ_PAT_STRIDE, 0, 0}};
    static const int accs[] = {SWZ_ACCESS_4, SWZ_ACCESS_8, SWZ_ACCESS_16, SWZ_LDMATRIX_X1, SWZ_LDMATRIX_X4};
    unsigned n = 0, failed = 0, found = 0;
    size_t s, e, p, a;
    int kind;
    uint32_t la;
    for (kind = 0; kind < SWZ_LAYOUT_COUNT; ++kind)
        for (s = 0; s < sizeof shapes / sizeof shapes[0]; ++s)
            for (e = 0; e < sizeof elems / sizeof elems[0]; ++e)
                for (la = 4; la <= 16; la *= 2) {
                    swz_layout l;
                    swzc_blocks b;
                    uint32_t w = shapes[s][0], h = shapes[s][1], el = elems[e];
                    if (swz_layout_make(&l, kind, w, el, la, h) != SWZ_OK) continue;
                    swzc_blocks_find(&b, &l, 16u);
                    found += (unsigned)b.found;
                    if ((kind == SWZ_LAYOUT_NONE || kind == SWZ_LAYOUT_PAD || kind == SWZ_LAYOUT_XOR) &&
                        h % 64u == 0u && !b.found) {
                        printf("FAIL %s %ux%u elem %u built for %u: no 32-row bands found\n",
                               swz_layout_name(kind), w, h, el, la);
                        ++failed;
                    }
                    if (b.found && b.count < 2u) {
                        printf("FAIL %s %ux%u: found one block\n", swz_layout_name(kind), w, h);
                        ++failed;
                    }
                    if (h <= 32u && b.found && b.first.width == w) {
                        printf("FAIL %s %ux%u: a band of 32 rows or fewer was cut\n", swz_layout_name(kind), w, h);
                        ++failed;
                    }
                    for (p = 0; p < sizeof pats / sizeof pats[0]; ++p)
                        for (a = 0; a < sizeof accs / sizeof accs[0]; ++a) {
                            swz_check_totals want, got;
                            swz_pattern pt = {0, 0, 3u, 0u, 0u, 0u, 0u};
                            int sw, sg;
                            pt.kind = (int)pats[p][0];
                            pt.access = accs[a];
                            pt.block_w = pats[p][1];
                            pt.block_h = pats[p][2];
                            sw = swz_check_tile_pattern(&l, &pt, &want);
                            sg = swzc_tile_totals(&l, &b, &pt, &got);
                            ++n;
                            if (sw != sg || (sw == SWZ_OK && (want.instructions != got.instructions ||
                                                              want.wavefronts != got.wavefronts ||
                                                              want.ideal != got.ideal ||
                                                              want.worst_ways != got.worst_ways))) {
                                printf("FAIL %s %ux%u elem %u built for %u, pattern %u (%ux%u) access %d: status %d/%d, "
                                       "instructions %llu/%llu, wavefronts %llu/%llu, ideal %llu/%llu, ways %u/%u\n",
                                       swz_layout_name(kind), w, h, el, la, pats[p][0], pats[p][1], pats[p][2], accs[a], sw, sg,
                                       (unsigned long long)want.instructions, (unsigned long long)got.instructions,
                                       (unsigned long long)want.wavefronts, (unsigned long long)got.wavefronts,
                                       (unsigned long long)want.ideal, (unsigned long long)got.ideal,
                                       want.worst_ways, got.worst_ways);
                                ++failed;
                            }
                        }
                }
    printf("%u comparisons (%u layouts cut into blocks), %u failed\n", n, found, failed);
    return failed || found < 50u ? 1 : 0;
}
