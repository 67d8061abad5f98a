/* tests/host/test_known_bugs.c -- KNOWN BUGS in the core headers, one test each.
 *
 * Each test states what the header's documentation promises and FAILS while the bug is there.
 * meson registers each one alone (--filter) as 'host-KNOWN-BUG-<name>' with should_fail: true,
 * so the suite stays green and meson lists it as EXPECTEDFAIL.  When the header is fixed the
 * test passes, meson reports UNEXPECTEDPASS (a failure): then move the test into the regular
 * files and drop its should_fail registration in meson.build.
 *
 * Run: meson test -C <build> --suite host host-KNOWN-BUG-morton-block-huge-grid
 */
#include <swz/morton.h>

#include "host_util.h"

/* morton.h: swz_morton_block is "a bijection of [0, gx*gy) onto the grid for any gx, gy".
 * For grids of 2^32 tiles or more, the count of tiles in whole supertiles
 * (full = fx * fy << 2*lg, uint32_t) wraps to 0 or a small number, and indices below 2^32 are
 * sent to the edge strips, outside the grid:
 *   swz_morton_block(0, 65536, 65536, 1, ...) gives (0, 65536); expected (0, 0).
 * (Only grids of >= 2^32 tiles are affected; CUDA's gridDim.x < 2^31 keeps real launches
 * below that, so the impact is small, but the contract says "any gx, gy".) */
Test(known_bug, morton_block_huge_grid)
{
    static const uint32_t grids[][3] = {
        {65536, 65536, 1}, {65536, 65536, 15}, {1u << 20, 1u << 12, 0}, {65535, 131072, 15}};
    host_rng g = host_rng_seed(99);
    uint32_t i, k, tx, ty;
    for (k = 0; k < 4; ++k) {
        uint32_t gx = grids[k][0], gy = grids[k][1], lg = grids[k][2], side = 1u << lg;
        for (i = 0; i < 1000; ++i) {
            uint32_t idx = i == 0 ? 0u : host_rng_u32(&g);
            cr_assert_eq(swz_morton_block(idx, gx, gy, lg, &tx, &ty), SWZ_OK);
            cr_assert(tx < gx && ty < gy, "block(%u, %u x %u, lg %u) = (%u, %u): outside the grid", idx, gx, gy, lg, tx,
                      ty);
            if ((uint64_t)idx < (uint64_t)(gx / side) * (gy / side) * side * side) {
                /* whole supertiles come first, in Z order */
                uint64_t st = (uint64_t)idx / ((uint64_t)side * side), in = (uint64_t)idx % ((uint64_t)side * side);
                uint32_t zx, zy;
                ref_deinterleave(in, lg, &zx, &zy);
                cr_assert(tx == (st % (gx / side)) * side + zx && ty == (st / (gx / side)) * side + zy,
                          "block(%u, %u x %u, lg %u) = (%u, %u), not the Z order", idx, gx, gy, lg, tx, ty);
            }
        }
    }
}
