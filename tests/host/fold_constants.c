/* tests/host/fold_constants.c -- the macro forms are integer constant expressions.
 *
 * Compiled (never run) by compile_headers.sh as C99, C11, C++11, C++17 and CUDA: every macro
 * form is used where the language demands a constant (enumerators, array sizes, case labels,
 * static assertions), and the values are checked at compile time against numbers derived by
 * hand from the header docs.  SWZ_MORTON_OFFSET is documented as not a
 * constant expression (it calls a function); it folds under optimization (sass_check.sh).
 *
 *   hand derivations
 *   SWZ_XOR_AUTO_OFFSET(32,4,4,3,5)  32x32 floats, A=4: r*32 + (c ^ r) = 96 + 6 = 102
 *   SWZ_XOR_AUTO_OFFSET(32,4,8,3,5)  A=8: r*32 + (c ^ 2(r mod 16)) = 96 + (5 ^ 6) = 99
 *   SWZ_XOR_AUTO_OFFSET(96,2,16,3,17)  96 halves, 12 units of 8: key (r/2) mod 4 = 1, unit 2 ^ 1
 *                                    = 3: 3*96 + 3*8 + 1 = 313 (B=2, M=3, S = 7 + 1 - 3 = 5)
 *   SWZ_LINEAR_OFFSET(96,2,16,0, 0,1,2,0,0,0,0,0, 3,17)  the same key as masks: 313
 *   SWZ_XOR(3,0,3,77)                77 = 0b1001101, key bits 3..5 = 0b001: 77 ^ 1 = 76
 *   SWZ_PAD_STRIDE(32,4,4) = 33, (32,4,16) = 36, (64,2,16) = 72      (pad.h table)
 *   SWZ_TMA_SWIZZLE(128,144)         line 1: chunk 1 ^ 1 = 0: 128
 *   SWZ_TMA_OFFSET(32, 4, 128, 1, 0)     byte 128 -> 144, /4 = 36
 */
#include <swz/layout.h>

enum {
    FOLD_XOR_AUTO_4 = SWZ_XOR_AUTO_OFFSET(32, 4, 4, 3, 5),
    FOLD_XOR_AUTO_8 = SWZ_XOR_AUTO_OFFSET(32, 4, 8, 3, 5),
    FOLD_XOR_B = SWZ_XOR_AUTO_B(32, 4, 4),
    FOLD_XOR_M = SWZ_XOR_AUTO_M(32, 4, 4),
    FOLD_XOR_S = SWZ_XOR_AUTO_S(32, 4, 4),
    FOLD_XOR_CHECK = SWZ_XOR_AUTO_CHECK(64, 2, 16),
    FOLD_XOR_AUTO_96 = SWZ_XOR_AUTO_OFFSET(96, 2, 16, 3, 17),
    FOLD_XOR_96_BMS = SWZ_XOR_AUTO_B(96, 2, 16) * 100 + SWZ_XOR_AUTO_M(96, 2, 16) * 10 + SWZ_XOR_AUTO_S(96, 2, 16),
    FOLD_LINEAR_96 = SWZ_LINEAR_OFFSET(96, 2, 16, 0, 0, 1, 2, 0, 0, 0, 0, 0, 3, 17),
    FOLD_POW2_PART = SWZ_POW2_PART(96),
    FOLD_XOR = SWZ_XOR(3, 0, 3, 77u),
    FOLD_PAD_33 = SWZ_PAD_STRIDE(32, 4, 4),
    FOLD_PAD_36 = SWZ_PAD_STRIDE(32, 4, 16),
    FOLD_PAD_72 = SWZ_PAD_STRIDE(64, 2, 16),
    FOLD_PAD_OFF = SWZ_PAD_OFFSET(32, 4, 4, 2, 1),
    FOLD_TMA_ALIGN = SWZ_TMA_ALIGN(128),
    FOLD_TMA_SW = SWZ_TMA_SWIZZLE(128, 144u),
    FOLD_TMA_OFF = SWZ_TMA_OFFSET(32, 4, 128, 1, 0),
    FOLD_LOG2 = SWZ_LOG2(1024u),
    FOLD_POW2 = SWZ_IS_POW2(64)
};

SWZ_STATIC_ASSERT(FOLD_XOR_AUTO_4 == 102, xor_auto_is_c_xor_r);
SWZ_STATIC_ASSERT(FOLD_XOR_AUTO_8 == 99, xor_auto_a8_is_c_xor_2r);
SWZ_STATIC_ASSERT(FOLD_XOR_B == 5 && FOLD_XOR_M == 0 && FOLD_XOR_S == 5, xor_auto_params_32_4_4);
SWZ_STATIC_ASSERT(FOLD_XOR_CHECK == 0, xor_auto_check_is_zero);
SWZ_STATIC_ASSERT(FOLD_XOR_AUTO_96 == 313 && FOLD_LINEAR_96 == 313 && FOLD_XOR_96_BMS == 235, xor_auto_96_halves);
SWZ_STATIC_ASSERT(FOLD_POW2_PART == 32, pow2_part_of_96);
SWZ_STATIC_ASSERT(FOLD_XOR == 76, xor_primitive_value);
SWZ_STATIC_ASSERT(FOLD_PAD_33 == 33 && FOLD_PAD_36 == 36 && FOLD_PAD_72 == 72, pad_doc_table);
SWZ_STATIC_ASSERT(FOLD_PAD_OFF == 2 * 33 + 1, pad_offset_value);
SWZ_STATIC_ASSERT(FOLD_TMA_ALIGN == 1024 && FOLD_TMA_SW == 128 && FOLD_TMA_OFF == 36, tma_values);
SWZ_STATIC_ASSERT(FOLD_LOG2 == 10 && FOLD_POW2, log2_pow2);

/* array sizes and case labels */
float fold_tile[32 * SWZ_PAD_STRIDE(32, 4, 4)];
unsigned char fold_buf[SWZ_TMA_ALIGN(64)];

int fold_use(unsigned x);
int fold_use(unsigned x)
{
    switch (x) {
    case SWZ_XOR_AUTO_OFFSET(32, 4, 4, 1, 0): return 1; /* 32 + (0 ^ 1) = 33 */
    case SWZ_PAD_OFFSET(32, 4, 4, 1, 0) + 1: return 2;  /* 34 */
    default: return (int)sizeof fold_tile + (int)sizeof fold_buf;
    }
}
