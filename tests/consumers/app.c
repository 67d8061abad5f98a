/* tests/consumers/app.c -- what an outside project compiles against swz (C99/C11 host code).
 *
 * Used by the three consumer tests (copied headers, pkg-config, Meson subproject).  It checks
 * properties that hold only if the right headers were found and work: the compile-time and
 * run-time forms of each layout agree, the automatic XOR is a bijection on a 32x32 float tile,
 * the checker finds the column read of a row-major tile 32-way but of the XOR tile conflict
 * free, and the table of kinds is there (every kind found by its name, a refusal named).
 * Exit 0 on success, 1 with a message otherwise.
 */
#include <stdio.h>
#include <swz/check.h>
#include <swz/xor.h>
#include <swz/pad.h>
#include <swz/morton.h>

static int fails;
#define EXPECT(cond)                                                                            \
    do {                                                                                        \
        if (!(cond)) {                                                                          \
            fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond);                 \
            ++fails;                                                                            \
        }                                                                                       \
    } while (0)

static unsigned col_ways(int kind)
{
    swz_layout l;
    swz_pattern p = {SWZ_PAT_COL, SWZ_ACCESS_4, 0, 0, 0, 0, 0};
    swz_check_result r;
    if (swz_layout_make(&l, kind, 32, 4, 4, 32) != SWZ_OK) return 0;
    r = swz_check(&l, &p);
    return r.status == SWZ_OK ? r.bank.ways : 0;
}

int main(void)
{
    static unsigned char hit[32 * 32];
    swz_xor_params x;
    unsigned r, c;
    enum { PAD_LD = SWZ_PAD_STRIDE(32, 4, 4) }; /* must be a constant expression */

    EXPECT(swz_xor_auto(32, 4, 4, &x) == SWZ_OK);
    for (r = 0; r < 32; ++r)
        for (c = 0; c < 32; ++c) {
            unsigned o = SWZ_XOR_AUTO_OFFSET(32, 4, 4, r, c);
            EXPECT(o == swz_xor_2d(x, 32, r, c));
            if (o < 32 * 32) hit[o]++;
        }
    for (r = 0; r < 32 * 32; ++r) EXPECT(hit[r] == 1);
    EXPECT(PAD_LD == swz_pad_stride(32, 4, 4));
    EXPECT(col_ways(SWZ_LAYOUT_NONE) == 32);
    EXPECT(col_ways(SWZ_LAYOUT_XOR) == 1);
    EXPECT(col_ways(SWZ_LAYOUT_PAD) == 1);
    {
        swz_layout l;
        char why[96];
        int k;
        for (k = 0; k < SWZ_LAYOUT_COUNT; ++k)
            EXPECT(swz_layout_kind_find(swz_layout_kind_info(k)->name) == k);
        EXPECT(swz_layout_make(&l, SWZ_LAYOUT_XOR, 48, 4, 4, 32) == SWZ_OK); /* 48 units per row */
        EXPECT(swz_layout_make(&l, SWZ_LAYOUT_XOR, 6, 4, 16, 32) == SWZ_EALIGN); /* 24-byte rows */
        swz_error_format(&l.error, why, sizeof why);
        EXPECT(why[0] == 'x' && l.error.value == 24);
    }
    if (fails) return 1;
    printf("swz consumer: ok\n");
    return 0;
}
