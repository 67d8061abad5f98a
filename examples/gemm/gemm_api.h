/* examples/gemm/gemm_api.h -- constants and the description record shared by the GEMM family
 * (gemm.cuh), its variant library (gemm_variants.h) and the programs that use them.
 *
 * What it is for
 *   The names a caller passes to a launcher (raster order), the layout codes of the A tile, and
 *   swz_gemm_info: what one instantiated variant is (tile, threads, micro tile, shared memory),
 *   so that tests, the example's --predict mode and benchmarks can treat variants generically.
 *   Plain C; nothing here needs CUDA.
 *
 * Example
 *   #include "gemm_variants.h"                           // includes this header
 *   swz_gemm_info i;  swz_gemm_xor_128_float_info(&i);   // from the variant library
 *   printf("%s: %d threads, %dx%d per thread\n", i.name, i.threads, i.tm, i.tn);
 */
#ifndef SWZ_GEMM_API_H
#define SWZ_GEMM_API_H

#include <stdint.h>

/* Layout of the shared A tile (values start at 1 so that an unknown SWZ_GEMM_LAYOUT token, which the
 * preprocessor evaluates as 0, is rejected). */
#define SWZ_GEMM_LAYOUT_NONE 1 /* row-major k x SWZ_GEMM_TILE: the transposed store conflicts */
#define SWZ_GEMM_LAYOUT_PAD 2  /* rows padded by one 16-byte vector (swz/pad.h) */
#define SWZ_GEMM_LAYOUT_XOR 3  /* XOR swizzle of 16-byte units (swz/xor.h SWZ_XOR) */

/* Order in which thread blocks visit the output tiles (the launcher's `raster`). */
#define SWZ_GEMM_RASTER_ROW 0    /* row-major over tiles */
#define SWZ_GEMM_RASTER_MORTON 1 /* Z order in 2^SWZ_GEMM_MORTON_LG-tile supertiles */
#define SWZ_GEMM_MORTON_LG 3

/* Shared-memory instruction kinds of the kernel, for the bank model (see *_smem_pattern). */
#define SWZ_GEMM_OP_A_STORE 0 /* transposed store of A: one element per lane (STS.32 / STS.64) */
#define SWZ_GEMM_OP_A_READ 1  /* 16-byte read of A along M (LDS.128) */
#define SWZ_GEMM_OP_B_READ 2  /* 16-byte read of B along N (LDS.128) */
#define SWZ_GEMM_OP_B_STORE 3 /* 16-byte cp.async of B (LDGSTS), aligned path */
#define SWZ_GEMM_OP_COUNT 4

/* Names: SWZ_GEMM_NAME(XOR, 128, float) is swz_gemm_xor_128_float (SWZ_GEMM_LAYOUT in capitals, since
 * the preprocessor cannot lower-case a token). */
#define EX_GPFX_NONE swz_gemm_none_
#define EX_GPFX_PAD swz_gemm_pad_
#define EX_GPFX_XOR swz_gemm_xor_
#define SWZ_GEMM_NAME(L, T, E) SWZ_CAT(SWZ_CAT(EX_GPFX_##L, T), SWZ_CAT(_, E))

typedef struct swz_gemm_info {
    const char *name;       /* e.g. "xor_128_float" (the launcher is swz_gemm_<name>) */
    int layout;             /* SWZ_GEMM_LAYOUT_* */
    int tile;               /* SWZ_GEMM_TILE: the block computes a SWZ_GEMM_TILE x SWZ_GEMM_TILE block of C */
    int elem_bytes;         /* 4 (float) or 8 (double) */
    int threads;            /* threads per block */
    int bk;                 /* K-slice per pipeline stage (64 bytes of K: 16 floats, 8 doubles) */
    int tm, tn;             /* outputs per thread (rows x columns) */
    int a_ld;               /* row stride of the shared A tile in elements (SWZ_GEMM_TILE, or padded) */
    int min_blocks;         /* __launch_bounds__ minimum blocks per SM */
    unsigned smem_bytes;    /* static shared memory per block (two stages of A and B) */
    unsigned stage_bytes;   /* bytes of one stage; A tile first, B tile at a_tile_bytes */
    unsigned a_tile_bytes;
    int xor_b, xor_m, xor_s; /* SWZ_XOR parameters of the A tile (XOR layout; else 0) */
} swz_gemm_info;

#endif /* SWZ_GEMM_API_H */
