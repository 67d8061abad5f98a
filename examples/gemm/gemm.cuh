/* examples/gemm/gemm.cuh -- the tiled SGEMM/DGEMM family, one template header.
 *
 * What it is for
 *   C = alpha*A*B + beta*C for row-major A (M x K), B (K x N), C (M x N), any shapes, with the
 *   shared A tile in one of three layouts, so that the cost of a bank conflict -- and what
 *   padding or an XOR swizzle buys -- can be measured in a kernel that is otherwise fast.
 *   Define the parameters, include this file, get one kernel and its host launcher; the
 *   parameters are #undef'ed at the end, so the file can be included again with others.
 *
 * Example (one variant; see gemm_f32.cu for a whole set)
 *   #define TILE 128          // the block computes a TILE x TILE block of C (a plain decimal)
 *   #define ELEM float        // float or double
 *   #define ELEM_NAME float   // the name part: swz_gemm_<layout>_<TILE>_<ELEM_NAME>
 *   #define LAYOUT XOR        // NONE, PAD or XOR: layout of the shared A tile
 *   #include "gemm.cuh"
 *   // -> cudaError_t swz_gemm_xor_128_float(M, N, K, alpha, A, lda, B, ldb, beta, C, ldc,
 *   //                                       raster, stream);      (C linkage)
 *   //    __global__ swz_gemm_xor_128_float_kernel, and host helpers *_info, *_smem_pattern,
 *   //    *_selfcheck, *_host (the same algorithm run on the CPU, for tests without a GPU).
 *
 * The algorithm (E = element bytes, VEC = 16/E elements per 16-byte vector)
 *   Block tile TILE x TILE of C, K consumed in slices of BK = 64/E (4 vectors: 16 floats or
 *   8 doubles).  Threads NT = max(128, TILE^2 * E / 512) (every thread owns 512 bytes of
 *   accumulators at TILE 128: 8x16 floats or 8x8 doubles).  Warps 2 x NT/64; a warp's 32 lanes
 *   form 8 (M) x 4 (N); each lane owns RM x RN blocks of VEC x VEC outputs, blocks spaced by
 *   8*VEC rows and 4*VEC columns so that the lanes of a warp read consecutive 16-byte vectors.
 *   Two shared stages (double buffering), one __syncthreads per slice:
 *     B (K x N, contiguous along N) goes global -> shared with 16-byte cp.async, untransposed:
 *       Bs[k][n], rows of TILE elements.
 *     A (M x K, contiguous along K) is loaded with 16-byte loads into registers one slice
 *       ahead and stored *transposed*: As[k][m] (k-major), so that the inner loop reads
 *       16-byte vectors along M.  One slice row of A (4 vectors) is read by 4 neighbouring
 *       lanes, so one store instruction (fixed element j of the vector) writes 8 rows m x 4
 *       columns k = 4q+j (float; double: half-warp phases of 4 rows x 4 columns).
 *     Inner loop per k: RM + RN 16-byte shared reads, TM*TN fused multiply-adds.
 *   Lane map: ln = lane bits {0,2}, lm = lane bits {1,3,4}: lanes n and n^1 read the same A
 *   vector, lanes n and n^2 the same B vector: every lane quad reads in pairs, so the 16-byte
 *   reads are served in half-warp phases (bank.h R7, measured on the H200): 2 wavefronts each.
 *
 * The A tile's layouts (LAYOUT) and the bank model (check with the example's --predict)
 *   NONE  As[k][m] at k*TILE + m.  Rows are whole 128-byte lines, so every k of a store
 *         instruction lands in the same bank: 4-way conflict (4 wavefronts per store).
 *   PAD   k*(TILE + VEC) + m (SWZ_PAD_STRIDE(TILE, E, 16): one 16-byte vector of padding keeps
 *         the 16-byte reads aligned).  float: k = 4q+j -> bank 16q + 4j + m: q and q+2 collide,
 *         2-way; double: conflict free.  Costs BK*16 bytes per stage (256 float, 128 double).
 *   XOR   SWZ_XOR(2, log2(VEC)+1, log2(TILE)-1, k*TILE + m): 16-byte unit u of row k is stored
 *         at unit u ^ (2*(k/VEC mod 4)).  A store phase covers 2 units (8 rows of floats or 4
 *         rows of doubles: unit bit 0) x 4 values of q = k/VEC: XOR-ing q into unit bits 1-2
 *         puts the 8 (unit, q) pairs in 8 distinct 16-byte slots of a 128-byte line: conflict
 *         free.  Reads stay conflict free: within a row the map permutes whole 16-byte units.
 *         The automatic swz_xor_auto(TILE, E, 16) keys on k mod 8 (a column access of 16-byte
 *         units); for this store it leaves q and q+2 (float) in one bank: 2-way.
 *   All layouts: 16-byte reads of A and B and the cp.async stores of B are conflict free (a
 *   read's half-warp touches 4 distinct 16-byte units of one 128-byte run of a row, which
 *   every layout keeps in distinct banks: 2 wavefronts; a B store 4).
 *
 * Ragged shapes, alignment and arguments
 *   Rows of A past M are read from row M-1 (clamped; their outputs are never stored), columns
 *   of B past N and k past K arrive as zeros (cp.async zero fill; guarded loads in the last
 *   slice).  16-byte paths only where the pointer is 16-byte aligned and the leading dimension
 *   a multiple of VEC; otherwise per-element loads and cp.async, the same results.  The
 *   launcher returns cudaErrorInvalidValue for a null pointer, a negative size, ld < columns,
 *   offsets that overflow int64, a grid too large or raster not 0/1, and launches nothing;
 *   M == 0 or N == 0 is a successful no-op; K == 0 or alpha == 0 gives C = beta*C; beta == 0
 *   never reads C (NaN in C does not leak).
 *
 * Unsupported parameters fail at compile time (static_assert with a swz: message): ELEM not
 * float or double, TILE not a power of two or too small for the warp layout (float: >= 64,
 * double: >= 32), static shared memory over 48 KB (float TILE 256), or a thread count > 1024.
 * The kernel uses static shared memory only.
 */

/* ---------------------------------------------------------------------------------------
 * Once-only part: helpers shared by every instantiation.
 * ------------------------------------------------------------------------------------- */
#ifndef SWZ_GEMM_CUH_ONCE
#define SWZ_GEMM_CUH_ONCE

#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <swz/bank.h>
#include <swz/morton.h>
#include <swz/pad.h>
#include <swz/xor.h>

#include "gemm_api.h"
#include <stdio.h>          /* snprintf: the standard problem */
#include "gemm_variants.h" /* swz_gemm_ops, family.h */

#define SWZ__GHD static __host__ __device__ __forceinline__

/* #pragma unroll for the device pass only (the host compiler does not know it). */
#if defined(__CUDA_ARCH__)
#define SWZ__GUNROLL _Pragma("unroll")
#else
#define SWZ__GUNROLL
#endif

/* Flags the launcher derives from the arguments. */
#define SWZ__GF_VEC_A 1 /* A 16-byte aligned and lda % VEC == 0 */
#define SWZ__GF_VEC_B 2
#define SWZ__GF_VEC_C 4
#define SWZ__GF_MORTON 8

/* 16-byte vector loads and stores, one overload per element type.  Host versions are plain
 * element copies (the host emulation). */
SWZ__GHD void swz__gemm_ldg_vec(const float *p, float *e)
{
#if defined(__CUDA_ARCH__)
    float4 v = __ldg(reinterpret_cast<const float4 *>(p));
    e[0] = v.x; e[1] = v.y; e[2] = v.z; e[3] = v.w;
#else
    e[0] = p[0]; e[1] = p[1]; e[2] = p[2]; e[3] = p[3];
#endif
}
SWZ__GHD void swz__gemm_ldg_vec(const double *p, double *e)
{
#if defined(__CUDA_ARCH__)
    double2 v = __ldg(reinterpret_cast<const double2 *>(p));
    e[0] = v.x; e[1] = v.y;
#else
    e[0] = p[0]; e[1] = p[1];
#endif
}
SWZ__GHD float swz__gemm_ldg(const float *p)
{
#if defined(__CUDA_ARCH__)
    return __ldg(p);
#else
    return *p;
#endif
}
SWZ__GHD double swz__gemm_ldg(const double *p)
{
#if defined(__CUDA_ARCH__)
    return __ldg(p);
#else
    return *p;
#endif
}
SWZ__GHD void swz__gemm_lds_vec(const float *p, float *e)
{
#if defined(__CUDA_ARCH__)
    float4 v = *reinterpret_cast<const float4 *>(p);
    e[0] = v.x; e[1] = v.y; e[2] = v.z; e[3] = v.w;
#else
    e[0] = p[0]; e[1] = p[1]; e[2] = p[2]; e[3] = p[3];
#endif
}
SWZ__GHD void swz__gemm_lds_vec(const double *p, double *e)
{
#if defined(__CUDA_ARCH__)
    double2 v = *reinterpret_cast<const double2 *>(p);
    e[0] = v.x; e[1] = v.y;
#else
    e[0] = p[0]; e[1] = p[1];
#endif
}
/* C: a plain (coherent) vector load from global memory, the same code as the shared one */
SWZ__GHD void swz__gemm_ld_vec(const float *p, float *e) { swz__gemm_lds_vec(p, e); }
SWZ__GHD void swz__gemm_ld_vec(const double *p, double *e) { swz__gemm_lds_vec(p, e); }
SWZ__GHD void swz__gemm_st_vec(float *p, const float *e)
{
#if defined(__CUDA_ARCH__)
    *reinterpret_cast<float4 *>(p) = make_float4(e[0], e[1], e[2], e[3]);
#else
    p[0] = e[0]; p[1] = e[1]; p[2] = e[2]; p[3] = e[3];
#endif
}
SWZ__GHD void swz__gemm_st_vec(double *p, const double *e)
{
#if defined(__CUDA_ARCH__)
    *reinterpret_cast<double2 *>(p) = make_double2(e[0], e[1]);
#else
    p[0] = e[0]; p[1] = e[1];
#endif
}
/* The element types the family supports. */
template <class E> struct swz__gemm_elem_ok { enum { value = 0 }; };
template <> struct swz__gemm_elem_ok<float> { enum { value = 1 }; };
template <> struct swz__gemm_elem_ok<double> { enum { value = 1 }; };

SWZ__GHD float swz__gemm_fma(float a, float b, float c) { return fmaf(a, b, c); }
SWZ__GHD double swz__gemm_fma(double a, double b, double c) { return fma(a, b, c); }

/* Asynchronous global -> shared copies of 16 bytes or one element: the first `bytes` bytes
 * come from src, the rest of the destination is zero-filled (bytes == 0: src is not read).
 * Before sm_80 (no cp.async) and on the host: a synchronous copy with the same effect. */
template <class E> SWZ__GHD void swz__gemm_cp16(E *dst, const E *src, int bytes)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    unsigned s = (unsigned)__cvta_generic_to_shared(dst);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(s), "l"(src), "r"(bytes)
                 : "memory");
#else
    const int n = 16 / (int)sizeof(E);
    for (int i = 0; i < n; ++i) dst[i] = i * (int)sizeof(E) < bytes ? src[i] : (E)0;
#endif
}
template <class E> SWZ__GHD void swz__gemm_cp1(E *dst, const E *src, int bytes)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    unsigned s = (unsigned)__cvta_generic_to_shared(dst);
    if (sizeof(E) == 4)
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(s), "l"(src), "r"(bytes)
                     : "memory");
    else
        asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;\n" ::"r"(s), "l"(src), "r"(bytes)
                     : "memory");
#else
    *dst = bytes ? *src : (E)0;
#endif
}
SWZ__GHD void swz__gemm_cp_commit(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}
SWZ__GHD void swz__gemm_cp_wait_all(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group 0;\n" ::: "memory");
#endif
}

/* Argument checks shared by every launcher and host emulation.  Returns cudaSuccess with
 * *run = 0 for an empty product (M == 0 or N == 0), cudaSuccess with *run = 1 to go on, or
 * cudaErrorInvalidValue. */
static inline cudaError_t swz__gemm_check(int64_t M, int64_t N, int64_t K, const void *A,
                                          int64_t lda, const void *B, int64_t ldb, const void *C,
                                          int64_t ldc, int raster, int tile, int elem, int *run)
{
    const int64_t lim = INT64_MAX / elem; /* element offsets whose byte offsets fit int64 */
    int64_t tm, tn;
    *run = 0;
    if (M < 0 || N < 0 || K < 0 || (raster != SWZ_GEMM_RASTER_ROW && raster != SWZ_GEMM_RASTER_MORTON))
        return cudaErrorInvalidValue;
    if (M == 0 || N == 0) return cudaSuccess;
    if (C == NULL || ldc < N) return cudaErrorInvalidValue;
    if ((M - 1) > (lim - N) / ldc) return cudaErrorInvalidValue;
    if (K > 0) {
        if (A == NULL || B == NULL || lda < K || ldb < N) return cudaErrorInvalidValue;
        if ((M - 1) > (lim - K) / lda || (K - 1) > (lim - N) / ldb) return cudaErrorInvalidValue;
        if (K > (int64_t)INT32_MAX - 64) return cudaErrorInvalidValue; /* slice counter is int */
    }
    tm = (M + tile - 1) / tile;
    tn = (N + tile - 1) / tile;
    if (tm > (int64_t)INT32_MAX / tn) return cudaErrorInvalidValue; /* one-dimensional grid */
    *run = 1;
    return cudaSuccess;
}

/* The bank model of one block over `slices` K slices: the A stores into *sts, the A and B
 * reads into *lds, from the variant's smem_pattern (every slice issues the same instructions,
 * so one slice is evaluated and counted `slices` times).  The cp.async of B (LDGSTS) is left
 * out: the shared-store counters do not count it. */
static int swz__gemm_predict(int (*pattern)(int, int, int, uint32_t *, int *), int threads,
                             int slices, swz_tile_cost *sts, swz_tile_cost *lds)
{
    static const int ops[3] = {SWZ_GEMM_OP_A_STORE, SWZ_GEMM_OP_A_READ, SWZ_GEMM_OP_B_READ};
    uint32_t addr[32];
    int kind = 0;
    swz_tile_cost_init(sts, 0u);
    swz_tile_cost_init(lds, 16u);
    for (int o = 0; o < 3; ++o) {
        swz_tile_cost one, *c = ops[o] == SWZ_GEMM_OP_A_STORE ? sts : lds;
        const int n = pattern(ops[o], -1, 0, addr, &kind);
        swz_tile_cost_init(&one, swz_access_bytes(kind));
        for (int w = 0; w < threads / 32; ++w)
            for (int i = 0; i < n; ++i) {
                pattern(ops[o], i, w, addr, &kind);
                swz_tile_cost_add(&one, addr, 0xFFFFFFFFu, kind);
            }
        if (one.status != SWZ_OK) return one.status;
        c->access = one.access;
        c->instructions += one.instructions * (uint64_t)slices;
        c->wavefronts += one.wavefronts * (uint64_t)slices;
        c->ideal += one.ideal * (uint64_t)slices;
        if (one.worst_ways > c->worst_ways) c->worst_ways = one.worst_ways;
    }
    return SWZ_OK;
}

#define SWZ__GLNAME_NONE none /* LAYOUT -> the name's layout part */
#define SWZ__GLNAME_PAD pad
#define SWZ__GLNAME_XOR xor
#define SWZ__GEMM_STD_TILES 11 /* the standard problem: 11 x 11 blocks of TILE, K = 11*TILE */
#define SWZ__GEMM_OPS_float(run, host) run, host, NULL, NULL
#define SWZ__GEMM_OPS_double(run, host) NULL, NULL, run, host

#endif /* SWZ_GEMM_CUH_ONCE */

/* ---------------------------------------------------------------------------------------
 * Per-instantiation part.
 * ------------------------------------------------------------------------------------- */
#if !defined(TILE) || !defined(ELEM) || !defined(ELEM_NAME) || !defined(LAYOUT)
#error "gemm.cuh: define TILE, ELEM, ELEM_NAME and LAYOUT (NONE, PAD or XOR) before including it"
#endif

#define SWZ__GL SWZ__GCAT(SWZ_GEMM_LAYOUT_, LAYOUT)
#if SWZ__GL == SWZ_GEMM_LAYOUT_NONE
#define SWZ__GPFX SWZ__GPFX_NONE
#elif SWZ__GL == SWZ_GEMM_LAYOUT_PAD
#define SWZ__GPFX SWZ__GPFX_PAD
#elif SWZ__GL == SWZ_GEMM_LAYOUT_XOR
#define SWZ__GPFX SWZ__GPFX_XOR
#else
#error "gemm.cuh: LAYOUT must be NONE, PAD or XOR"
#endif

#define SWZ__GNAME SWZ__GCAT(SWZ__GCAT(SWZ__GPFX, TILE), SWZ__GCAT(_, ELEM_NAME))
#define SWZ__GN(x) SWZ__GCAT(SWZ__GNAME, SWZ__GCAT(_, x))
#define SWZ__GSTR_(x) #x
#define SWZ__GSTR(x) SWZ__GSTR_(x)

/* Derived constants (see the header comment). */
#define SWZ__G_E ((int)sizeof(ELEM))
#define SWZ__G_VEC (16 / SWZ__G_E)
#define SWZ__G_LVEC (SWZ__G_E == 4 ? 2 : 1)
#define SWZ__G_BK (64 / SWZ__G_E)
#define SWZ__G_NT (TILE * TILE * SWZ__G_E / 512 > 128 ? TILE * TILE * SWZ__G_E / 512 : 128)
#define SWZ__G_MINB (256 / SWZ__G_NT > 1 ? 256 / SWZ__G_NT : 1)
#define SWZ__G_LM 8
#define SWZ__G_LN 4
#define SWZ__G_WM 2
#define SWZ__G_WN (SWZ__G_NT / 64)
#define SWZ__G_RM (TILE / (SWZ__G_WM * SWZ__G_LM * SWZ__G_VEC))
#define SWZ__G_RN (TILE / (SWZ__G_WN * SWZ__G_LN * SWZ__G_VEC))
#define SWZ__G_TM (SWZ__G_RM * SWZ__G_VEC)
#define SWZ__G_TN (SWZ__G_RN * SWZ__G_VEC)
#define SWZ__G_WTM (SWZ__G_RM * SWZ__G_LM * SWZ__G_VEC)
#define SWZ__G_WTN (SWZ__G_RN * SWZ__G_LN * SWZ__G_VEC)
#define SWZ__G_AV (4 * TILE / SWZ__G_NT)     /* A vectors per thread per slice */
#define SWZ__G_ARS (SWZ__G_NT / 4)           /* A rows between a thread's vectors */
#define SWZ__G_VR (TILE / SWZ__G_VEC)        /* B vectors per tile row */
#define SWZ__G_BV (4 * TILE / SWZ__G_NT)     /* B vectors per thread per slice */
#define SWZ__G_KRS (SWZ__G_NT / SWZ__G_VR)   /* B rows between a thread's vectors */

#if SWZ__GL == SWZ_GEMM_LAYOUT_PAD
#define SWZ__G_ALD ((int)SWZ_PAD_STRIDE(TILE, SWZ__G_E, 16))
#define SWZ__G_AS(k, m) SWZ_PAD_OFFSET(TILE, SWZ__G_E, 16, (k), (m))
#else
#define SWZ__G_ALD TILE
#endif
#if SWZ__GL == SWZ_GEMM_LAYOUT_XOR
#define SWZ__G_XB 2
#define SWZ__G_XM (SWZ__G_LVEC + 1)
#define SWZ__G_XS (SWZ_LOG2(TILE) - 1)
#define SWZ__G_KEYS 4
#define SWZ__G_AS(k, m)                                                                          \
    SWZ_XOR(SWZ__G_XB, SWZ__G_XM, SWZ__G_XS, (uint32_t)(k) * (uint32_t)TILE + (uint32_t)(m))
#else
#define SWZ__G_XB 0
#define SWZ__G_XM 0
#define SWZ__G_XS 0
#define SWZ__G_KEYS 1
#endif
#if SWZ__GL == SWZ_GEMM_LAYOUT_NONE
#define SWZ__G_AS(k, m) ((uint32_t)(k) * (uint32_t)TILE + (uint32_t)(m))
#endif

#define SWZ__G_AEL (SWZ__G_BK * SWZ__G_ALD)   /* elements of the A tile of one stage */
#define SWZ__G_STG (SWZ__G_AEL + SWZ__G_BK * TILE)
#define SWZ__G_SMEM (2 * SWZ__G_STG * SWZ__G_E)

SWZ_STATIC_ASSERT(swz__gemm_elem_ok<ELEM>::value, gemm_ELEM_must_be_float_or_double);
SWZ_STATIC_ASSERT(SWZ_IS_POW2(TILE), gemm_TILE_must_be_a_power_of_two);
SWZ_STATIC_ASSERT(SWZ__G_RM >= 1 && SWZ__G_RN >= 1 && SWZ__G_WN >= 1,
                  gemm_TILE_too_small_for_the_warp_layout_float_needs_64_double_32);
SWZ_STATIC_ASSERT(SWZ__G_NT <= 1024, gemm_TILE_too_large_more_than_1024_threads);
SWZ_STATIC_ASSERT(SWZ__G_SMEM <= 48 * 1024, gemm_TILE_too_large_static_shared_memory_over_48KB);
SWZ_STATIC_ASSERT(SWZ__G_AV >= 1 && SWZ__G_BV >= 1 && SWZ__G_NT % SWZ__G_VR == 0,
                  gemm_thread_count_does_not_divide_the_tile_copies);
SWZ_STATIC_ASSERT(SWZ__G_STG * SWZ__G_E % 128 == 0 && SWZ__G_AEL * SWZ__G_E % 128 == 0,
                  gemm_stages_must_start_on_128_byte_lines);
#if SWZ__GL == SWZ_GEMM_LAYOUT_XOR
/* The kernel adds row offsets (i*8*VEC, p*NT/4) to swizzled offsets: valid when they leave the
 * XOR-ed bits and the key bits alone (multiples of 2^(M+B), below TILE). */
SWZ_STATIC_ASSERT((SWZ__G_LM * SWZ__G_VEC) % (1 << (SWZ__G_XM + SWZ__G_XB)) == 0 &&
                      SWZ__G_ARS % (1 << (SWZ__G_XM + SWZ__G_XB)) == 0,
                  gemm_xor_offsets_must_not_touch_swizzled_bits);
#endif

typedef struct SWZ__GN(args) {
    int64_t M, N, K, lda, ldb, ldc;
    const ELEM *A, *B;
    ELEM *C;
    ELEM alpha, beta;
    int flags; /* SWZ__GF_* */
    int nk;    /* K slices to run (0 when K == 0 or alpha == 0) */
    uint32_t tiles_m, tiles_n;
} SWZ__GN(args);

/* One thread's registers. */
typedef struct SWZ__GN(thr) {
    ELEM acc[SWZ__G_TM][SWZ__G_TN];
    ELEM ast[SWZ__G_AV][SWZ__G_VEC]; /* next slice of A, on its way to shared memory */
    const ELEM *ag[SWZ__G_AV];       /* A at (row, k0 + q*VEC) of the current slice */
    const ELEM *bg;                  /* B at (k0 + kr, n) of the current slice */
    int q, kr, b_elems;              /* A vector column; first B row; B elements inside N */
    uint32_t a_st;                   /* shared offsets (elements, from the stage's A tile) */
    uint32_t a_rd[SWZ__G_KEYS];
    uint32_t b_st, b_rd;             /* from the stage's B tile */
    int lm, ln, wm, wn;
} SWZ__GN(thr);

/* Tile (bm, bn) of block `blk` in row-major or Morton order. */
SWZ__GHD void SWZ__GN(tile_of)(const SWZ__GN(args) *g, uint32_t blk, int64_t *bm, int64_t *bn)
{
    uint32_t tx = 0, ty = 0;
    if (g->flags & SWZ__GF_MORTON) {
        swz_morton_block(blk, g->tiles_n, g->tiles_m, SWZ_GEMM_MORTON_LG, &tx, &ty);
    } else {
        tx = blk % g->tiles_n;
        ty = blk / g->tiles_n;
    }
    *bm = (int64_t)ty * TILE;
    *bn = (int64_t)tx * TILE;
}

SWZ__GHD void SWZ__GN(init)(SWZ__GN(thr) *t, const SWZ__GN(args) *g, int64_t bm, int64_t bn,
                            int tid)
{
    const int lane = tid & 31, w = tid >> 5;
    int64_t n;
    t->wm = w / SWZ__G_WN;
    t->wn = w % SWZ__G_WN;
    t->lm = ((lane >> 1) & 1) | (((lane >> 3) & 3) << 1);
    t->ln = (lane & 1) | (((lane >> 2) & 1) << 1);
SWZ__GUNROLL
    for (int r = 0; r < SWZ__G_TM; ++r)
SWZ__GUNROLL
        for (int c = 0; c < SWZ__G_TN; ++c) t->acc[r][c] = (ELEM)0;
    /* A: vector column q of rows tid/4 + p*NT/4, rows past M clamped to M-1 */
    t->q = tid & 3;
SWZ__GUNROLL
    for (int p = 0; p < SWZ__G_AV; ++p) {
        int64_t row = bm + (tid >> 2) + p * SWZ__G_ARS;
        if (row > g->M - 1) row = g->M - 1;
        t->ag[p] = g->A + row * g->lda + t->q * SWZ__G_VEC;
    }
    /* B: vector c of rows kr + p*KRS */
    t->kr = tid / SWZ__G_VR;
    n = bn + (int64_t)(tid % SWZ__G_VR) * SWZ__G_VEC;
    t->b_elems = g->N - n >= SWZ__G_VEC ? SWZ__G_VEC : g->N - n > 0 ? (int)(g->N - n) : 0;
    t->bg = g->B + (int64_t)t->kr * g->ldb + (t->b_elems > 0 ? n : 0);
    /* shared offsets */
    t->a_st = SWZ__G_AS(t->q * SWZ__G_VEC, tid >> 2);
SWZ__GUNROLL
    for (int kv = 0; kv < SWZ__G_KEYS; ++kv)
        t->a_rd[kv] = SWZ__G_AS(kv * SWZ__G_VEC, t->wm * SWZ__G_WTM + t->lm * SWZ__G_VEC);
    t->b_st = (uint32_t)(t->kr * TILE + (tid % SWZ__G_VR) * SWZ__G_VEC);
    t->b_rd = (uint32_t)(t->wn * SWZ__G_WTN + t->ln * SWZ__G_VEC);
}

/* Offsets of the kernel's shared accesses, from the stage's A or B tile (elements). */
SWZ__GHD uint32_t SWZ__GN(a_st_off)(const SWZ__GN(thr) *t, int p, int j)
{
    return t->a_st + (uint32_t)(j * SWZ__G_ALD + p * SWZ__G_ARS);
}
SWZ__GHD uint32_t SWZ__GN(a_rd_off)(const SWZ__GN(thr) *t, int kk, int i)
{
    const int kv = (kk / SWZ__G_VEC) % SWZ__G_KEYS;
    return t->a_rd[kv] + (uint32_t)((kk - kv * SWZ__G_VEC) * SWZ__G_ALD + i * SWZ__G_LM * SWZ__G_VEC);
}
SWZ__GHD uint32_t SWZ__GN(b_rd_off)(const SWZ__GN(thr) *t, int kk, int j)
{
    return t->b_rd + (uint32_t)(kk * TILE + j * SWZ__G_LN * SWZ__G_VEC);
}
SWZ__GHD uint32_t SWZ__GN(b_st_off)(const SWZ__GN(thr) *t, int p)
{
    return t->b_st + (uint32_t)(p * SWZ__G_KRS * TILE);
}

/* Global -> registers: the A slice starting at k0 (all of it inside K when `full`). */
SWZ__GHD void SWZ__GN(load_a)(SWZ__GN(thr) *t, const SWZ__GN(args) *g, int64_t k0, int full)
{
    if (full && (g->flags & SWZ__GF_VEC_A)) {
SWZ__GUNROLL
        for (int p = 0; p < SWZ__G_AV; ++p) swz__gemm_ldg_vec(t->ag[p], t->ast[p]);
    } else {
        const int64_t kq = k0 + t->q * SWZ__G_VEC;
SWZ__GUNROLL
        for (int p = 0; p < SWZ__G_AV; ++p)
SWZ__GUNROLL
            for (int e = 0; e < SWZ__G_VEC; ++e)
                t->ast[p][e] = kq + e < g->K ? swz__gemm_ldg(t->ag[p] + e) : (ELEM)0;
    }
}

/* Registers -> shared, transposed: A(row, k) to As[k][row]. */
SWZ__GHD void SWZ__GN(store_a)(const SWZ__GN(thr) *t, ELEM *sa)
{
SWZ__GUNROLL
    for (int p = 0; p < SWZ__G_AV; ++p)
SWZ__GUNROLL
        for (int j = 0; j < SWZ__G_VEC; ++j) sa[SWZ__GN(a_st_off)(t, p, j)] = t->ast[p][j];
}

/* Global -> shared with cp.async: the B slice starting at k0.  In a full slice every row is
 * inside K and the thread's vector needs no per-slice check (b_bytes is fixed per thread; a
 * vector wholly past N reads nothing from a valid address). */
SWZ__GHD void SWZ__GN(issue_b)(const SWZ__GN(thr) *t, const SWZ__GN(args) *g, int64_t k0, int full,
                               ELEM *sb)
{
    const int64_t step = (int64_t)SWZ__G_KRS * g->ldb;
    if ((g->flags & SWZ__GF_VEC_B) && full) {
SWZ__GUNROLL
        for (int p = 0; p < SWZ__G_BV; ++p)
            swz__gemm_cp16(sb + SWZ__GN(b_st_off)(t, p), t->bg + p * step, t->b_elems * SWZ__G_E);
    } else if (g->flags & SWZ__GF_VEC_B) {
SWZ__GUNROLL
        for (int p = 0; p < SWZ__G_BV; ++p) {
            const int in_k = k0 + t->kr + p * SWZ__G_KRS < g->K;
            swz__gemm_cp16(sb + SWZ__GN(b_st_off)(t, p), in_k ? t->bg + p * step : g->B,
                           in_k ? t->b_elems * SWZ__G_E : 0);
        }
    } else {
SWZ__GUNROLL
        for (int p = 0; p < SWZ__G_BV; ++p) {
            const int in_k = full || k0 + t->kr + p * SWZ__G_KRS < g->K;
            const ELEM *src = t->bg + p * step;
            ELEM *dst = sb + SWZ__GN(b_st_off)(t, p);
SWZ__GUNROLL
            for (int e = 0; e < SWZ__G_VEC; ++e) {
                const int ok = in_k && e < t->b_elems;
                swz__gemm_cp1(dst + e, ok ? src + e : g->B, ok ? SWZ__G_E : 0);
            }
        }
    }
}

/* Move the global pointers to the next slice. */
SWZ__GHD void SWZ__GN(advance)(SWZ__GN(thr) *t, const SWZ__GN(args) *g)
{
SWZ__GUNROLL
    for (int p = 0; p < SWZ__G_AV; ++p) t->ag[p] += SWZ__G_BK;
    t->bg += (int64_t)SWZ__G_BK * g->ldb;
}

/* The inner product of one stage: BK outer products from 16-byte shared reads, the reads of
 * step kk+1 issued before the multiply-adds of step kk. */
SWZ__GHD void SWZ__GN(compute)(SWZ__GN(thr) *t, const ELEM *sa, const ELEM *sb)
{
    ELEM fa[2][SWZ__G_TM], fb[2][SWZ__G_TN];
SWZ__GUNROLL
    for (int i = 0; i < SWZ__G_RM; ++i) swz__gemm_lds_vec(sa + SWZ__GN(a_rd_off)(t, 0, i), &fa[0][i * SWZ__G_VEC]);
SWZ__GUNROLL
    for (int j = 0; j < SWZ__G_RN; ++j) swz__gemm_lds_vec(sb + SWZ__GN(b_rd_off)(t, 0, j), &fb[0][j * SWZ__G_VEC]);
SWZ__GUNROLL
    for (int kk = 0; kk < SWZ__G_BK; ++kk) {
        const int cur = kk & 1;
        if (kk + 1 < SWZ__G_BK) {
SWZ__GUNROLL
            for (int i = 0; i < SWZ__G_RM; ++i)
                swz__gemm_lds_vec(sa + SWZ__GN(a_rd_off)(t, kk + 1, i), &fa[cur ^ 1][i * SWZ__G_VEC]);
SWZ__GUNROLL
            for (int j = 0; j < SWZ__G_RN; ++j)
                swz__gemm_lds_vec(sb + SWZ__GN(b_rd_off)(t, kk + 1, j), &fb[cur ^ 1][j * SWZ__G_VEC]);
        }
SWZ__GUNROLL
        for (int r = 0; r < SWZ__G_TM; ++r)
SWZ__GUNROLL
            for (int c = 0; c < SWZ__G_TN; ++c)
                t->acc[r][c] = swz__gemm_fma(fa[cur][r], fb[cur][c], t->acc[r][c]);
    }
}

/* C = alpha*acc + beta*C for the thread's outputs inside M x N; C is not read when beta == 0. */
SWZ__GHD void SWZ__GN(epilogue)(const SWZ__GN(thr) *t, const SWZ__GN(args) *g, int64_t bm, int64_t bn)
{
    const ELEM alpha = g->alpha, beta = g->beta;
    const int vec_c = (g->flags & SWZ__GF_VEC_C) != 0, read_c = beta != (ELEM)0;
SWZ__GUNROLL
    for (int i = 0; i < SWZ__G_RM; ++i)
SWZ__GUNROLL
        for (int a = 0; a < SWZ__G_VEC; ++a) {
            const int r = i * SWZ__G_VEC + a;
            const int64_t row = bm + t->wm * SWZ__G_WTM + i * SWZ__G_LM * SWZ__G_VEC + t->lm * SWZ__G_VEC + a;
            if (row >= g->M) continue;
            ELEM *crow = g->C + row * g->ldc;
SWZ__GUNROLL
            for (int j = 0; j < SWZ__G_RN; ++j) {
                const int64_t n = bn + t->wn * SWZ__G_WTN + j * SWZ__G_LN * SWZ__G_VEC + t->ln * SWZ__G_VEC;
                ELEM v[SWZ__G_VEC], old[SWZ__G_VEC];
                if (n >= g->N) continue;
SWZ__GUNROLL
                for (int e = 0; e < SWZ__G_VEC; ++e) v[e] = alpha * t->acc[r][j * SWZ__G_VEC + e];
                if (vec_c && n + SWZ__G_VEC <= g->N) {
                    if (read_c) {
                        swz__gemm_ld_vec(crow + n, old);
SWZ__GUNROLL
                        for (int e = 0; e < SWZ__G_VEC; ++e) v[e] = swz__gemm_fma(beta, old[e], v[e]);
                    }
                    swz__gemm_st_vec(crow + n, v);
                } else {
SWZ__GUNROLL
                    for (int e = 0; e < SWZ__G_VEC; ++e) {
                        if (n + e >= g->N) break;
                        crow[n + e] = read_c ? swz__gemm_fma(beta, crow[n + e], v[e]) : v[e];
                    }
                }
            }
        }
}

__global__ void __launch_bounds__(SWZ__G_NT, SWZ__G_MINB) SWZ__GN(kernel)(const SWZ__GN(args) g)
{
    __shared__ __align__(128) ELEM smem[2 * SWZ__G_STG];
    SWZ__GN(thr) t;
    int64_t bm, bn;
    const int nk = g.nk;
    SWZ__GN(tile_of)(&g, blockIdx.x, &bm, &bn);
    SWZ__GN(init)(&t, &g, bm, bn, (int)threadIdx.x);
    if (nk > 0) {
        const int full = SWZ__G_BK <= g.K;
        SWZ__GN(issue_b)(&t, &g, 0, full, smem + SWZ__G_AEL);
        swz__gemm_cp_commit();
        SWZ__GN(load_a)(&t, &g, 0, full);
        SWZ__GN(store_a)(&t, smem);
        swz__gemm_cp_wait_all();
        __syncthreads();
    }
    for (int kt = 0; kt < nk; ++kt) {
        ELEM *cur = smem + (kt & 1) * SWZ__G_STG, *nxt = smem + ((kt + 1) & 1) * SWZ__G_STG;
        const int more = kt + 1 < nk;
        if (more) {
            const int64_t k0 = (int64_t)(kt + 1) * SWZ__G_BK;
            const int full = k0 + SWZ__G_BK <= g.K;
            SWZ__GN(advance)(&t, &g);
            SWZ__GN(issue_b)(&t, &g, k0, full, nxt + SWZ__G_AEL);
            swz__gemm_cp_commit();
            SWZ__GN(load_a)(&t, &g, k0, full);
        }
        SWZ__GN(compute)(&t, cur, cur + SWZ__G_AEL);
        if (more) {
            SWZ__GN(store_a)(&t, nxt);
            swz__gemm_cp_wait_all();
        }
        __syncthreads();
    }
    SWZ__GN(epilogue)(&t, &g, bm, bn);
}

/* Fill the kernel arguments; *run = 0 for an empty product. */
static cudaError_t SWZ__GN(setup)(SWZ__GN(args) *g, int64_t M, int64_t N, int64_t K, ELEM alpha,
                                  const ELEM *A, int64_t lda, const ELEM *B, int64_t ldb, ELEM beta,
                                  ELEM *C, int64_t ldc, int raster, int *run)
{
    cudaError_t e = swz__gemm_check(M, N, K, A, lda, B, ldb, C, ldc, raster, TILE, SWZ__G_E, run);
    if (e != cudaSuccess || !*run) return e;
    g->M = M; g->N = N; g->K = K;
    g->lda = lda; g->ldb = ldb; g->ldc = ldc;
    g->A = A; g->B = B; g->C = C;
    g->alpha = alpha; g->beta = beta;
    g->nk = (K > 0 && alpha != (ELEM)0) ? (int)((K + SWZ__G_BK - 1) / SWZ__G_BK) : 0;
    g->flags = 0;
    if (g->nk > 0 && (uintptr_t)A % 16u == 0 && lda % SWZ__G_VEC == 0) g->flags |= SWZ__GF_VEC_A;
    if (g->nk > 0 && (uintptr_t)B % 16u == 0 && ldb % SWZ__G_VEC == 0) g->flags |= SWZ__GF_VEC_B;
    if ((uintptr_t)C % 16u == 0 && ldc % SWZ__G_VEC == 0) g->flags |= SWZ__GF_VEC_C;
    if (raster == SWZ_GEMM_RASTER_MORTON) g->flags |= SWZ__GF_MORTON;
    g->tiles_m = (uint32_t)((M + TILE - 1) / TILE);
    g->tiles_n = (uint32_t)((N + TILE - 1) / TILE);
    return cudaSuccess;
}

/* The launcher. */
extern "C" cudaError_t SWZ__GNAME(int64_t M, int64_t N, int64_t K, ELEM alpha, const ELEM *A,
                                  int64_t lda, const ELEM *B, int64_t ldb, ELEM beta, ELEM *C,
                                  int64_t ldc, int raster, cudaStream_t stream)
{
    SWZ__GN(args) g;
    int run;
    cudaError_t e = SWZ__GN(setup)(&g, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc, raster, &run);
    if (e != cudaSuccess || !run) return e;
    SWZ__GN(kernel)<<<dim3(g.tiles_m * g.tiles_n), dim3(SWZ__G_NT), 0, stream>>>(g);
    return cudaGetLastError();
}

/* The same algorithm on the host, block by block, thread by thread, phase by phase, for tests
 * on machines without a GPU.  order 0 runs each thread's whole slice iteration in turn; order 1
 * runs every thread's writes of the next stage before any thread's reads of the current one
 * (a stage mix-up shows in one of the two).  Shared memory starts as NaN. */
extern "C" cudaError_t SWZ__GN(host)(int64_t M, int64_t N, int64_t K, ELEM alpha, const ELEM *A,
                                     int64_t lda, const ELEM *B, int64_t ldb, ELEM beta, ELEM *C,
                                     int64_t ldc, int raster, int order)
{
    SWZ__GN(args) g;
    SWZ__GN(thr) *t;
    ELEM *smem;
    int run;
    cudaError_t e = SWZ__GN(setup)(&g, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc, raster, &run);
    if (e != cudaSuccess || !run) return e;
    t = (SWZ__GN(thr) *)malloc(sizeof(*t) * SWZ__G_NT);
    smem = (ELEM *)malloc(sizeof(ELEM) * 2 * SWZ__G_STG);
    if (!t || !smem) {
        free(t);
        free(smem);
        return cudaErrorMemoryAllocation;
    }
    for (uint32_t blk = 0; blk < g.tiles_m * g.tiles_n; ++blk) {
        int64_t bm, bn;
        SWZ__GN(tile_of)(&g, blk, &bm, &bn);
        for (int i = 0; i < 2 * SWZ__G_STG; ++i) smem[i] = (ELEM)NAN;
        for (int x = 0; x < SWZ__G_NT; ++x) SWZ__GN(init)(&t[x], &g, bm, bn, x);
        if (g.nk > 0) {
            const int full = SWZ__G_BK <= g.K;
            for (int x = 0; x < SWZ__G_NT; ++x) {
                SWZ__GN(issue_b)(&t[x], &g, 0, full, smem + SWZ__G_AEL);
                SWZ__GN(load_a)(&t[x], &g, 0, full);
                SWZ__GN(store_a)(&t[x], smem);
            }
        }
        for (int kt = 0; kt < g.nk; ++kt) {
            ELEM *cur = smem + (kt & 1) * SWZ__G_STG, *nxt = smem + ((kt + 1) & 1) * SWZ__G_STG;
            const int more = kt + 1 < g.nk;
            const int64_t k0 = (int64_t)(kt + 1) * SWZ__G_BK;
            const int full = k0 + SWZ__G_BK <= g.K;
            for (int x = 0; x < SWZ__G_NT; ++x) {
                if (more) {
                    SWZ__GN(advance)(&t[x], &g);
                    SWZ__GN(issue_b)(&t[x], &g, k0, full, nxt + SWZ__G_AEL);
                    SWZ__GN(load_a)(&t[x], &g, k0, full);
                    if (order == 1) SWZ__GN(store_a)(&t[x], nxt);
                }
                if (order == 0) {
                    SWZ__GN(compute)(&t[x], cur, cur + SWZ__G_AEL);
                    if (more) SWZ__GN(store_a)(&t[x], nxt);
                }
            }
            if (order == 1)
                for (int x = 0; x < SWZ__G_NT; ++x) SWZ__GN(compute)(&t[x], cur, cur + SWZ__G_AEL);
        }
        for (int x = 0; x < SWZ__G_NT; ++x) SWZ__GN(epilogue)(&t[x], &g, bm, bn);
    }
    free(t);
    free(smem);
    return cudaSuccess;
}

/* What this variant is. */
extern "C" void SWZ__GN(info)(swz_gemm_info *i)
{
    i->name = SWZ__GSTR(SWZ__GNAME) + sizeof("swz_gemm_") - 1; /* "<layout>_<TILE>_<elem>" */
    i->layout = SWZ__GL;
    i->tile = TILE;
    i->elem_bytes = SWZ__G_E;
    i->threads = SWZ__G_NT;
    i->bk = SWZ__G_BK;
    i->tm = SWZ__G_TM;
    i->tn = SWZ__G_TN;
    i->a_ld = SWZ__G_ALD;
    i->min_blocks = SWZ__G_MINB;
    i->smem_bytes = (unsigned)SWZ__G_SMEM;
    i->stage_bytes = (unsigned)(SWZ__G_STG * SWZ__G_E);
    i->a_tile_bytes = (unsigned)(SWZ__G_AEL * SWZ__G_E);
    i->xor_b = SWZ__G_XB;
    i->xor_m = SWZ__G_XM;
    i->xor_s = SWZ__G_XS;
}

/* Byte addresses (from the stage) of warp `warp`'s lanes in instruction `idx` of kind `op`
 * (SWZ_GEMM_OP_*) of one slice, and the instruction's bank.h access kind in *access: the width
 * in bytes, with SWZ_STORE OR-ed in for the stores (A_STORE, B_STORE); swz_access_bytes() gives
 * the width back.  Returns how many such instructions a thread issues per slice (idx past it:
 * addr untouched), or -1 for a bad op or warp.  For the bank model: swz_bank_eval(addr, ~0u,
 * *access) (the 16-byte reads pair by bank.h rule R7; the stores never do). */
extern "C" int SWZ__GN(smem_pattern)(int op, int idx, int warp, uint32_t addr[32], int *access)
{
    int n;
    if (warp < 0 || warp >= SWZ__G_NT / 32) return -1;
    switch (op) {
    case SWZ_GEMM_OP_A_STORE: n = SWZ__G_AV * SWZ__G_VEC; *access = SWZ__G_E | SWZ_STORE; break;
    case SWZ_GEMM_OP_A_READ: n = SWZ__G_BK * SWZ__G_RM; *access = 16; break;
    case SWZ_GEMM_OP_B_READ: n = SWZ__G_BK * SWZ__G_RN; *access = 16; break;
    case SWZ_GEMM_OP_B_STORE: n = SWZ__G_BV; *access = 16 | SWZ_STORE; break;
    default: return -1;
    }
    if (idx < 0 || idx >= n) return n;
    {
        SWZ__GN(args) g;
        memset(&g, 0, sizeof g);
        g.M = g.N = g.K = 1 << 20; /* an interior block */
        g.lda = g.ldb = g.ldc = 1 << 20;
        for (int l = 0; l < 32; ++l) {
            SWZ__GN(thr) t;
            uint32_t off = 0;
            SWZ__GN(init)(&t, &g, 0, 0, warp * 32 + l);
            switch (op) {
            case SWZ_GEMM_OP_A_STORE: off = SWZ__GN(a_st_off)(&t, idx / SWZ__G_VEC, idx % SWZ__G_VEC); break;
            case SWZ_GEMM_OP_A_READ: off = SWZ__GN(a_rd_off)(&t, idx / SWZ__G_RM, idx % SWZ__G_RM); break;
            case SWZ_GEMM_OP_B_READ: off = SWZ__G_AEL + SWZ__GN(b_rd_off)(&t, idx / SWZ__G_RN, idx % SWZ__G_RN); break;
            default: off = SWZ__G_AEL + SWZ__GN(b_st_off)(&t, idx); break;
            }
            addr[l] = off * (uint32_t)SWZ__G_E;
        }
    }
    return n;
}

/* Host self-check of the index maps, no GPU needed.  Returns 0, or a code naming the first
 * failed property: 1 the kernel's incremental A offsets differ from the layout formula;
 * 2 the A tile is not written exactly once per slice, or outside [0, BK*a_ld); 3 the same for
 * B; 4 A reads fall outside the written tile; 5 the outputs of the block are not covered
 * exactly once; 6 the layout is not a bijection of the BK x TILE tile. */
extern "C" int SWZ__GN(selfcheck)(void)
{
    static unsigned char seen_a[SWZ__G_AEL], seen_b[SWZ__G_BK * TILE], seen_c[TILE * TILE];
    SWZ__GN(args) g;
    memset(&g, 0, sizeof g);
    memset(seen_a, 0, sizeof seen_a);
    memset(seen_b, 0, sizeof seen_b);
    memset(seen_c, 0, sizeof seen_c);
    g.M = g.N = g.K = 1 << 20;
    g.lda = g.ldb = g.ldc = 1 << 20;
    for (int k = 0; k < SWZ__G_BK; ++k)
        for (int m = 0; m < TILE; ++m) {
            uint32_t o = SWZ__G_AS(k, m);
            if (o >= (uint32_t)SWZ__G_AEL || seen_a[o]) return 6;
            seen_a[o] = 1;
        }
    memset(seen_a, 0, sizeof seen_a);
    for (int x = 0; x < SWZ__G_NT; ++x) {
        SWZ__GN(thr) t;
        SWZ__GN(init)(&t, &g, 0, 0, x);
        for (int p = 0; p < SWZ__G_AV; ++p)
            for (int j = 0; j < SWZ__G_VEC; ++j) {
                const int k = t.q * SWZ__G_VEC + j, m = (x >> 2) + p * SWZ__G_ARS;
                const uint32_t o = SWZ__GN(a_st_off)(&t, p, j);
                if (o != SWZ__G_AS(k, m)) return 1;
                if (o >= (uint32_t)SWZ__G_AEL || seen_a[o]) return 2;
                seen_a[o] = 1;
            }
        for (int p = 0; p < SWZ__G_BV; ++p)
            for (int e = 0; e < SWZ__G_VEC; ++e) {
                const uint32_t o = SWZ__GN(b_st_off)(&t, p) + (uint32_t)e;
                if (o >= (uint32_t)(SWZ__G_BK * TILE) || seen_b[o]) return 3;
                seen_b[o] = 1;
            }
        for (int kk = 0; kk < SWZ__G_BK; ++kk)
            for (int i = 0; i < SWZ__G_RM; ++i)
                for (int a = 0; a < SWZ__G_VEC; ++a) {
                    const int m = t.wm * SWZ__G_WTM + i * SWZ__G_LM * SWZ__G_VEC + t.lm * SWZ__G_VEC + a;
                    if (SWZ__GN(a_rd_off)(&t, kk, i) + (uint32_t)a != SWZ__G_AS(kk, m)) return 1;
                }
        for (int r = 0; r < SWZ__G_TM; ++r)
            for (int c = 0; c < SWZ__G_TN; ++c) {
                const int m = t.wm * SWZ__G_WTM + (r / SWZ__G_VEC) * SWZ__G_LM * SWZ__G_VEC + t.lm * SWZ__G_VEC + r % SWZ__G_VEC;
                const int n = t.wn * SWZ__G_WTN + (c / SWZ__G_VEC) * SWZ__G_LN * SWZ__G_VEC + t.ln * SWZ__G_VEC + c % SWZ__G_VEC;
                if (m >= TILE || n >= TILE || seen_c[m * TILE + n]) return 5;
                seen_c[m * TILE + n] = 1;
                if (SWZ__GN(b_rd_off)(&t, 0, c / SWZ__G_VEC) + (uint32_t)(c % SWZ__G_VEC) != (uint32_t)n) return 4;
            }
    }
    for (int k = 0; k < SWZ__G_BK; ++k)
        for (int m = 0; m < TILE; ++m)
            if (!seen_a[SWZ__G_AS(k, m)]) return 2;
    for (int o = 0; o < SWZ__G_BK * TILE; ++o)
        if (!seen_b[o]) return 3;
    for (int o = 0; o < TILE * TILE; ++o)
        if (!seen_c[o]) return 5;
    return 0;
}


/* The standard problem (gemm_variants.h) and the bank model of one of its blocks. */
static int SWZ__GN(problem)(char *spec)
{
    const int n = SWZ__GEMM_STD_TILES * (TILE);
    snprintf(spec, SWZ_SPEC_MAX, "%d:%d:%d", n, n, n);
    return SWZ__GEMM_STD_TILES * SWZ__GEMM_STD_TILES;
}
static int SWZ__GN(predict)(swz_tile_cost *sts, swz_tile_cost *lds)
{
    return swz__gemm_predict(&SWZ__GN(smem_pattern), SWZ__G_NT,
                             SWZ__GEMM_STD_TILES * (TILE) / SWZ__G_BK, sts, lds);
}

static const swz_gemm_ops SWZ__GN(ops) = {
    &SWZ__GN(info), &SWZ__GN(smem_pattern), &SWZ__GN(selfcheck),
    SWZ__GCAT(SWZ__GEMM_OPS_, ELEM_NAME)(&SWZ__GNAME, &SWZ__GN(host))};

extern "C" const swz_variant SWZ__GN(variant) = {
    "gemm",
    SWZ__GSTR(SWZ__GNAME),
    SWZ__GSTR(SWZ__GN(kernel)),
    SWZ__GSTR(SWZ__GCAT(SWZ__GLNAME_, LAYOUT)),
    SWZ__GSTR(ELEM_NAME),
    (TILE),
    SWZ__G_E,
    SWZ__G_NT,
    "",
    &SWZ__GN(predict),
    &SWZ__GN(problem),
    &SWZ__GN(ops),
};

#undef SWZ__GL
#undef SWZ__GPFX
#undef SWZ__GNAME
#undef SWZ__GN
#undef SWZ__G_E
#undef SWZ__G_VEC
#undef SWZ__G_LVEC
#undef SWZ__G_BK
#undef SWZ__G_NT
#undef SWZ__G_MINB
#undef SWZ__G_LM
#undef SWZ__G_LN
#undef SWZ__G_WM
#undef SWZ__G_WN
#undef SWZ__G_RM
#undef SWZ__G_RN
#undef SWZ__G_TM
#undef SWZ__G_TN
#undef SWZ__G_WTM
#undef SWZ__G_WTN
#undef SWZ__G_AV
#undef SWZ__G_ARS
#undef SWZ__G_VR
#undef SWZ__G_BV
#undef SWZ__G_KRS
#undef SWZ__G_ALD
#undef SWZ__G_AS
#undef SWZ__G_XB
#undef SWZ__G_XM
#undef SWZ__G_XS
#undef SWZ__G_KEYS
#undef SWZ__G_AEL
#undef SWZ__G_STG
#undef SWZ__G_SMEM
#undef TILE
#undef ELEM
#undef ELEM_NAME
#undef LAYOUT
