/* examples/transpose/order_test.c -- swz_tr_block_order (order.h) is a bijection of the block
 * index onto the grid of regions, for every order, and agrees with an independent 64-bit
 * reference; no GPU.
 *
 *   transpose-order-test     exhaustive over every grid gx, gy <= 40 (and a few odd/large
 *                            ones) for ROW, DIAG, GROUP and SPLIT 1/2/3/8/32/128, MORTON 1/2/4/32,
 *                            SKEW;
 *                            spot checks at the 32-bit limits (gx up to 2^31 - 1, gx*gy up
 *                            to 2^32 - 1) against the reference; argument errors.
 * Exit 0 when all hold, 1 otherwise (each failure printed).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "order.h"

static int failures = 0;
#define EXPECT(cond, ...)                                                                      \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            if (++failures <= 20) {                                                            \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);                                    \
                printf(__VA_ARGS__);                                                           \
                printf("\n");                                                                  \
            }                                                                                  \
        }                                                                                      \
    } while (0)

/* The reference: the same orders written from their definitions in 64-bit arithmetic (MORTON
 * by the bit-interleave definition over supertiles, partial strips row-major). */
static void reference(int order, uint64_t group, uint64_t L, uint64_t gx, uint64_t gy, uint64_t *bx,
                      uint64_t *by)
{
    if (order == SWZ_TR_ORDER_SPLIT) { /* stream s = L mod K owns columns [s*w, s*w + w) */
        const uint64_t w = gx / group, full = group * w * gy;
        if (L < full) {
            const uint64_t s = L % group, j = L / group; /* j-th block of stream s */
            *bx = s * w + j / gy;
            *by = j % gy;
        } else {
            *bx = group * w + (L - full) / gy;
            *by = (L - full) % gy;
        }
    } else if (order == SWZ_TR_ORDER_SKEW) {
        *by = L % gy;
        *bx = (L / gy + L % gy) % gx;
    } else if (order == SWZ_TR_ORDER_ROW || order == SWZ_TR_ORDER_DIAG) {
        *by = L / gx;
        *bx = order == SWZ_TR_ORDER_ROW ? L % gx : (L % gx + L / gx) % gx;
    } else if (order == SWZ_TR_ORDER_GROUP) {
        const uint64_t per_group = group * gx, g = L / per_group, first = g * group;
        const uint64_t rows = gy - first < group ? gy - first : group, r = L - g * per_group;
        *bx = r / rows;
        *by = first + r % rows;
    } else { /* MORTON */
        const uint64_t s = group, fx = gx / s, fy = gy / s, full = fx * fy * s * s;
        if (L < full) {
            const uint64_t st = L / (s * s), in = L % (s * s);
            uint64_t x = 0, y = 0, b;
            for (b = 0; (1ull << (2 * b)) < s * s; ++b) { /* code bits ... y1 x1 y0 x0 */
                x |= ((in >> (2 * b)) & 1u) << b;
                y |= ((in >> (2 * b + 1)) & 1u) << b;
            }
            *bx = st % fx * s + x;
            *by = st / fx * s + y;
        } else if (L - full < (gx - fx * s) * (fy * s)) { /* right strip */
            const uint64_t i = L - full, w = gx - fx * s;
            *bx = fx * s + i % w;
            *by = i / w;
        } else { /* bottom strip */
            const uint64_t i = L - full - (gx - fx * s) * (fy * s);
            *bx = i % gx;
            *by = fy * s + i / gx;
        }
    }
}

static const char *oname(int order)
{
    static const char *n[] = {"ROW", "DIAG", "GROUP", "MORTON", "SKEW", "SPLIT"};
    return order >= 0 && order < 6 ? n[order] : "?";
}

/* Every block of a gx x gy grid: in range, each region exactly once, equal to the reference. */
static void check_grid(int order, uint32_t group, uint32_t gx, uint32_t gy, unsigned char *seen)
{
    uint32_t L;
    memset(seen, 0, (size_t)gx * gy);
    for (L = 0; L < gx * gy; ++L) {
        uint32_t bx = 7, by = 7;
        uint64_t rx, ry;
        const int e = swz_tr_block_order(order, group, L, gx, gy, &bx, &by);
        EXPECT(e == SWZ_OK, "%s/%u %ux%u L=%u: error %d", oname(order), group, gx, gy, L, e);
        if (e != SWZ_OK) return;
        EXPECT(bx < gx && by < gy, "%s/%u %ux%u L=%u -> (%u, %u) outside", oname(order), group, gx, gy,
               L, bx, by);
        if (bx >= gx || by >= gy) return;
        EXPECT(!seen[(size_t)by * gx + bx], "%s/%u %ux%u: (%u, %u) taken twice (L=%u)", oname(order),
               group, gx, gy, bx, by, L);
        seen[(size_t)by * gx + bx] = 1;
        reference(order, group, L, gx, gy, &rx, &ry);
        EXPECT(rx == bx && ry == by, "%s/%u %ux%u L=%u: (%u, %u), reference (%llu, %llu)", oname(order),
               group, gx, gy, L, bx, by, (unsigned long long)rx, (unsigned long long)ry);
    }
}

int main(void)
{
    static const uint32_t groups[] = {1, 2, 3, 8, 32, 128};
    static const uint32_t mgroups[] = {1, 2, 4, 32};
    static const uint32_t extra[][2] = {{128, 128}, {256, 64}, {65, 257}, {1000, 3}, {3, 1000}, {1, 4097}};
    unsigned char *seen = (unsigned char *)malloc(1u << 20);
    int grids = 0, order;
    size_t k;
    uint32_t gx, gy;
    if (!seen) return 1;
    for (order = 0; order < 6; ++order) {
        const uint32_t *gs = order == SWZ_TR_ORDER_MORTON ? mgroups : groups;
        const size_t ng = order == SWZ_TR_ORDER_MORTON ? sizeof mgroups / sizeof *mgroups
                                                       : sizeof groups / sizeof *groups;
        size_t gi;
        for (gi = 0; gi < (order >= SWZ_TR_ORDER_GROUP ? ng : 1); ++gi) {
            for (gx = 1; gx <= 40; ++gx)
                for (gy = 1; gy <= 40; ++gy, ++grids) check_grid(order, gs[gi], gx, gy, seen);
            for (k = 0; k < sizeof extra / sizeof *extra; ++k, ++grids)
                check_grid(order, gs[gi], extra[k][0], extra[k][1], seen);
        }
    }
    /* 32-bit limits: the largest grids a launch can have (gx <= 2^31 - 1, gx*gy <= 2^32 - 1) */
    {
        static const uint32_t big[][2] = {{2147483647u, 2}, {65535u, 65537u}, {3u, 1431655765u},
                                          {1u, 4294967295u}, {4294967295u, 1u}};
        static const uint32_t Ls[] = {0u, 1u, 12345u, 2147483646u, 2147483647u, 4294967293u, 4294967294u};
        for (k = 0; k < sizeof big / sizeof *big; ++k)
            for (order = 0; order < 6; ++order) {
                const uint32_t group = order == SWZ_TR_ORDER_MORTON ? 32u : 128u;
                const uint64_t n = (uint64_t)big[k][0] * big[k][1];
                size_t li;
                for (li = 0; li < sizeof Ls / sizeof *Ls; ++li) {
                    uint32_t bx, by;
                    uint64_t rx, ry;
                    if (Ls[li] >= n) continue;
                    EXPECT(swz_tr_block_order(order, group, Ls[li], big[k][0], big[k][1], &bx, &by) == SWZ_OK,
                           "%s %ux%u L=%u: error", oname(order), big[k][0], big[k][1], Ls[li]);
                    reference(order, group, Ls[li], big[k][0], big[k][1], &rx, &ry);
                    EXPECT(rx == bx && ry == by, "%s %ux%u L=%u: (%u, %u), reference (%llu, %llu)",
                           oname(order), big[k][0], big[k][1], Ls[li], bx, by, (unsigned long long)rx,
                           (unsigned long long)ry);
                }
            }
    }
    /* argument errors */
    {
        uint32_t bx = 9, by = 9;
        EXPECT(swz_tr_block_order(SWZ_TR_ORDER_ROW, 1, 12, 3, 4, &bx, &by) == SWZ_ERANGE && bx == 0 && by == 0,
               "L == gx*gy accepted");
        EXPECT(swz_tr_block_order(SWZ_TR_ORDER_ROW, 1, 0, 0, 4, &bx, &by) == SWZ_ERANGE, "gx 0 accepted");
        EXPECT(swz_tr_block_order(SWZ_TR_ORDER_GROUP, 0, 0, 3, 4, &bx, &by) == SWZ_ERANGE, "group 0 accepted");
        EXPECT(swz_tr_block_order(SWZ_TR_ORDER_MORTON, 3, 0, 3, 4, &bx, &by) == SWZ_ERANGE,
               "MORTON group 3 accepted");
        EXPECT(swz_tr_block_order(SWZ_TR_ORDER_SPLIT, 0, 0, 3, 4, &bx, &by) == SWZ_ERANGE, "SPLIT group 0 accepted");
        EXPECT(swz_tr_block_order(7, 1, 0, 3, 4, &bx, &by) == SWZ_EKIND, "order 7 accepted");
        /* the K = 2, gx = 5, gy = 2 picture of order.h */
        {
            static const uint32_t pic[2][5] = {{0, 4, 1, 5, 8}, {2, 6, 3, 7, 9}};
            uint32_t L;
            for (L = 0; L < 10; ++L) {
                EXPECT(swz_tr_block_order(SWZ_TR_ORDER_SPLIT, 2, L, 5, 2, &bx, &by) == SWZ_OK && pic[by][bx] == L,
                       "SPLIT 2 5x2: L=%u -> (%u, %u)", L, bx, by);
            }
        }
    }
    free(seen);
    printf("block orders: %d grids checked, %d failures\n", grids, failures);
    return failures ? 1 : 0;
}
