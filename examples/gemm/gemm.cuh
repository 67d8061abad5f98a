/* examples/gemm/gemm.cuh -- the tiled SGEMM/DGEMM family, one template header.
 *
 * What it is for
 *   C = alpha*A*B + beta*C for row-major A (M x K), B (K x N), C (M x N), any shapes, with the
 *   shared A tile in one of three layouts, so that the cost of a bank conflict -- and what
 *   padding or an XOR swizzle buys -- can be measured in a kernel that is otherwise fast.
 *   Define the parameters, include this file, get one kernel and its host launcher; the
 *   parameters are #undef'ed at the end of this file, so the file can be included
 *   again with others.  A missing or bad parameter is a compile error that names it.
 *
 * Example (one variant; see variants_float.cu for a whole set)
 *   #define SWZ_GEMM_TILE 128          // the block computes a SWZ_GEMM_TILE x SWZ_GEMM_TILE block of C (a plain decimal)
 *   #define SWZ_GEMM_ELEM float        // float or double
 *   #define SWZ_GEMM_ELEM_NAME float   // the name part: swz_gemm_<layout>_<SWZ_GEMM_TILE>_<SWZ_GEMM_ELEM_NAME>
 *   #define SWZ_GEMM_LAYOUT XOR        // NONE, PAD or XOR: layout of the shared A tile
 *   #include "gemm.cuh"
 *   // -> cudaError_t swz_gemm_xor_128_float(M, N, K, alpha, A, lda, B, ldb, beta, C, ldc,
 *   //                                       raster, stream);      (C linkage)
 *   //    __global__ swz_gemm_xor_128_float_kernel, the variant record *_variant (../family.h),
 *   //    and host functions *_info, *_smem_pattern, *_selfcheck, *_host (the same algorithm
 *   //    run on the CPU, for tests without a GPU).
 *
 * The algorithm (E = element bytes, VEC = 16/E elements per 16-byte vector)
 *   Block tile SWZ_GEMM_TILE x SWZ_GEMM_TILE of C, K consumed in slices of BK = 64/E (4 vectors: 16 floats or
 *   8 doubles).  Threads NT = max(128, SWZ_GEMM_TILE^2 * E / 512) (every thread owns 512 bytes of
 *   accumulators at SWZ_GEMM_TILE 128: 8x16 floats or 8x8 doubles).  Warps 2 x NT/64; a warp's 32 lanes
 *   form 8 (M) x 4 (N); each lane owns RM x RN blocks of VEC x VEC outputs, blocks spaced by
 *   8*VEC rows and 4*VEC columns so that the lanes of a warp read consecutive 16-byte vectors.
 *   Two shared stages (double buffering), one __syncthreads per slice:
 *     B (K x N, contiguous along N) goes global -> shared with 16-byte cp.async, untransposed:
 *       Bs[k][n], rows of SWZ_GEMM_TILE elements.
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
 * The A tile's layouts (SWZ_GEMM_LAYOUT) and the bank model (check with the example's --predict)
 *   NONE  As[k][m] at k*SWZ_GEMM_TILE + m.  Rows are whole 128-byte lines, so every k of a store
 *         instruction lands in the same bank: 4-way conflict (4 wavefronts per store).
 *   PAD   k*(SWZ_GEMM_TILE + VEC) + m (SWZ_PAD_STRIDE(SWZ_GEMM_TILE, E, 16): one 16-byte vector of padding keeps
 *         the 16-byte reads aligned).  float: k = 4q+j -> bank 16q + 4j + m: q and q+2 collide,
 *         2-way; double: conflict free.  Costs BK*16 bytes per stage (256 float, 128 double).
 *   XOR   SWZ_XOR(2, log2(VEC)+1, log2(SWZ_GEMM_TILE)-1, k*SWZ_GEMM_TILE + m): 16-byte unit u of row k is stored
 *         at unit u ^ (2*(k/VEC mod 4)).  A store phase covers 2 units (8 rows of floats or 4
 *         rows of doubles: unit bit 0) x 4 values of q = k/VEC: XOR-ing q into unit bits 1-2
 *         puts the 8 (unit, q) pairs in 8 distinct 16-byte slots of a 128-byte line: conflict
 *         free.  Reads stay conflict free: within a row the map permutes whole 16-byte units.
 *         The automatic swz_xor_auto(SWZ_GEMM_TILE, E, 16) keys on k mod 8 (a column access of 16-byte
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
 * Unsupported parameters fail at compile time (static_assert with a swz: message): SWZ_GEMM_ELEM not
 * float or double, SWZ_GEMM_TILE not a power of two or too small for the warp layout (float: >= 64,
 * double: >= 32), static shared memory over 48 KB (float SWZ_GEMM_TILE 256), or a thread count > 1024.
 * The kernel uses static shared memory only.
 */

/* ---------------------------------------------------------------------------------------
 * Once-only part: what every instantiation shares.
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

#include "gemm.h"
#include <stdio.h>          /* snprintf: the standard problem */
#include "gemm.h" /* swz_gemm_ops, family.h */

#define EX_GHD static __host__ __device__ __forceinline__

/* #pragma unroll for the device pass only (the host compiler does not know it). */
#if defined(__CUDA_ARCH__)
#define EX_GUNROLL _Pragma("unroll")
#else
#define EX_GUNROLL
#endif

/* Flags the launcher derives from the arguments. */
#define EX_GF_VEC_A 1 /* A 16-byte aligned and lda % VEC == 0 */
#define EX_GF_VEC_B 2
#define EX_GF_VEC_C 4
#define EX_GF_MORTON 8

/* 16-byte vector loads and stores, one overload per element type.  Host versions are plain
 * element copies (the host emulation). */
EX_GHD void ex_gemm_ldg_vec(const float *p, float *e)
{
#if defined(__CUDA_ARCH__)
    float4 v = __ldg(reinterpret_cast<const float4 *>(p));
    e[0] = v.x; e[1] = v.y; e[2] = v.z; e[3] = v.w;
#else
    e[0] = p[0]; e[1] = p[1]; e[2] = p[2]; e[3] = p[3];
#endif
}
EX_GHD void ex_gemm_ldg_vec(const double *p, double *e)
{
#if defined(__CUDA_ARCH__)
    double2 v = __ldg(reinterpret_cast<const double2 *>(p));
    e[0] = v.x; e[1] = v.y;
#else
    e[0] = p[0]; e[1] = p[1];
#endif
}
EX_GHD float ex_gemm_ldg(const float *p)
{
#if defined(__CUDA_ARCH__)
    return __ldg(p);
#else
    return *p;
#endif
}
EX_GHD double ex_gemm_ldg(const double *p)
{
#if defined(__CUDA_ARCH__)
    return __ldg(p);
#else
    return *p;
#endif
}
EX_GHD void ex_gemm_lds_vec(const float *p, float *e)
{
#if defined(__CUDA_ARCH__)
    float4 v = *reinterpret_cast<const float4 *>(p);
    e[0] = v.x; e[1] = v.y; e[2] = v.z; e[3] = v.w;
#else
    e[0] = p[0]; e[1] = p[1]; e[2] = p[2]; e[3] = p[3];
#endif
}
EX_GHD void ex_gemm_lds_vec(const double *p, double *e)
{
#if defined(__CUDA_ARCH__)
    double2 v = *reinterpret_cast<const double2 *>(p);
    e[0] = v.x; e[1] = v.y;
#else
    e[0] = p[0]; e[1] = p[1];
#endif
}
/* C: a plain (coherent) vector load from global memory, the same code as the shared one */
EX_GHD void ex_gemm_ld_vec(const float *p, float *e) { ex_gemm_lds_vec(p, e); }
EX_GHD void ex_gemm_ld_vec(const double *p, double *e) { ex_gemm_lds_vec(p, e); }
EX_GHD void ex_gemm_st_vec(float *p, const float *e)
{
#if defined(__CUDA_ARCH__)
    *reinterpret_cast<float4 *>(p) = make_float4(e[0], e[1], e[2], e[3]);
#else
    p[0] = e[0]; p[1] = e[1]; p[2] = e[2]; p[3] = e[3];
#endif
}
EX_GHD void ex_gemm_st_vec(double *p, const double *e)
{
#if defined(__CUDA_ARCH__)
    *reinterpret_cast<double2 *>(p) = make_double2(e[0], e[1]);
#else
    p[0] = e[0]; p[1] = e[1];
#endif
}
/* The element types the family supports. */
template <class E> struct ex_gemm_elem_ok { enum { value = 0 }; };
template <> struct ex_gemm_elem_ok<float> { enum { value = 1 }; };
template <> struct ex_gemm_elem_ok<double> { enum { value = 1 }; };

EX_GHD float ex_gemm_fma(float a, float b, float c) { return fmaf(a, b, c); }
EX_GHD double ex_gemm_fma(double a, double b, double c) { return fma(a, b, c); }

/* Asynchronous global -> shared copies of 16 bytes or one element: the first `bytes` bytes
 * come from src, the rest of the destination is zero-filled (bytes == 0: src is not read).
 * Before sm_80 (no cp.async) and on the host: a synchronous copy with the same effect. */
template <class E> EX_GHD void ex_gemm_cp16(E *dst, const E *src, int bytes)
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
/* The same for a whole 16-byte vector: the form without src-size (SASS LDGSTS.E.BYPASS.128, not
 * ...ZFILL), whose shared writes bank.h's R8 models (measured on an H200; the ZFILL form of the
 * same copy measured twice the wavefronts: docs/design.md, "reduce and gemm (SGEMM)"). */
template <class E> EX_GHD void ex_gemm_cp16_full(E *dst, const E *src)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    unsigned s = (unsigned)__cvta_generic_to_shared(dst);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(src) : "memory");
#else
    ex_gemm_cp16(dst, src, 16);
#endif
}
template <class E> EX_GHD void ex_gemm_cp1(E *dst, const E *src, int bytes)
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
EX_GHD void ex_gemm_cp_commit(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}
EX_GHD void ex_gemm_cp_wait_all(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group 0;\n" ::: "memory");
#endif
}

/* Argument checks shared by every launcher and host emulation.  Returns cudaSuccess with
 * *run = 0 for an empty product (M == 0 or N == 0), cudaSuccess with *run = 1 to go on, or
 * cudaErrorInvalidValue. */
static inline cudaError_t ex_gemm_check(int64_t M, int64_t N, int64_t K, const void *A,
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

/* The bank model of one block over `slices` K slices: the shared writes -- A's stores and
 * B's cp.async (LDGSTS, bank.h R8; ncu-check adds the LDGSTS counters to the store side) --
 * into *sts, the A and B reads into *lds, from the variant's smem_pattern (every slice issues
 * the same instructions, so one slice is evaluated and counted `slices` times). */
static int ex_gemm_predict(int (*pattern)(int, int, int, uint32_t *, int *), int threads,
                             int slices, swz_tile_cost *sts, swz_tile_cost *lds)
{
    static const int ops[4] = {SWZ_GEMM_OP_A_STORE, SWZ_GEMM_OP_B_STORE, SWZ_GEMM_OP_A_READ, SWZ_GEMM_OP_B_READ};
    uint32_t addr[32];
    int kind = 0;
    swz_tile_cost_init(sts, 0u);
    swz_tile_cost_init(lds, 16u);
    for (int o = 0; o < 4; ++o) {
        swz_tile_cost one, *c = ops[o] == SWZ_GEMM_OP_A_STORE || ops[o] == SWZ_GEMM_OP_B_STORE ? sts : lds;
        const int n = pattern(ops[o], -1, 0, addr, &kind);
        swz_tile_cost_init(&one, swz_access_bytes(kind));
        for (int w = 0; w < threads / 32; ++w)
            for (int i = 0; i < n; ++i) {
                pattern(ops[o], i, w, addr, &kind);
                swz_tile_cost_add(&one, addr, 0xFFFFFFFFu, kind);
            }
        if (one.status != SWZ_OK) return one.status;
        if (c->access == 0u || ops[o] == SWZ_GEMM_OP_A_STORE) c->access = one.access; /* sts: A's width */
        c->instructions += one.instructions * (uint64_t)slices;
        c->wavefronts += one.wavefronts * (uint64_t)slices;
        c->ideal += one.ideal * (uint64_t)slices;
        if (one.worst_ways > c->worst_ways) c->worst_ways = one.worst_ways;
    }
    return SWZ_OK;
}

#define EX_GLNAME_NONE none /* SWZ_GEMM_LAYOUT -> the name's layout part */
#define EX_GLNAME_PAD pad
#define EX_GLNAME_XOR xor
#define EX_GEMM_STD_TILES 11 /* the standard problem: 11 x 11 blocks of SWZ_GEMM_TILE, K = 11*SWZ_GEMM_TILE */
#define EX_GENAME_OK_float 1 /* SWZ_GEMM_ELEM_NAME tokens (any other is 0 in #if: rejected) */
#define EX_GENAME_OK_double 1
#define EX_GEMM_OPS_float(run, host) run, host, NULL, NULL
#define EX_GEMM_OPS_double(run, host) NULL, NULL, run, host

#endif /* SWZ_GEMM_CUH_ONCE */

/* Included with none of the parameters: the family-once part above only. */
#if defined(SWZ_GEMM_TILE) || defined(SWZ_GEMM_ELEM) || defined(SWZ_GEMM_ELEM_NAME) || defined(SWZ_GEMM_LAYOUT)
/* ---------------------------------------------------------------------------------------
 * Per-instantiation part.
 * ------------------------------------------------------------------------------------- */
#ifndef SWZ_GEMM_TILE
#error "gemm.cuh: define SWZ_GEMM_TILE (a power of two: 64 or 128 for float, 32 to 128 for double)"
#endif
#ifndef SWZ_GEMM_ELEM
#error "gemm.cuh: define SWZ_GEMM_ELEM (float or double)"
#endif
#ifndef SWZ_GEMM_ELEM_NAME
#error "gemm.cuh: define SWZ_GEMM_ELEM_NAME (float or double)"
#endif
#ifndef SWZ_GEMM_LAYOUT
#error "gemm.cuh: define SWZ_GEMM_LAYOUT (NONE, PAD or XOR)"
#endif
#if !SWZ_CAT(EX_GENAME_OK_, SWZ_GEMM_ELEM_NAME)
#error "gemm.cuh: SWZ_GEMM_ELEM_NAME must be float or double"
#endif

#define EX_GL SWZ_CAT(SWZ_GEMM_LAYOUT_, SWZ_GEMM_LAYOUT)
#if EX_GL == SWZ_GEMM_LAYOUT_NONE
#define EX_GPFX EX_GPFX_NONE
#elif EX_GL == SWZ_GEMM_LAYOUT_PAD
#define EX_GPFX EX_GPFX_PAD
#elif EX_GL == SWZ_GEMM_LAYOUT_XOR
#define EX_GPFX EX_GPFX_XOR
#else
#error "gemm.cuh: SWZ_GEMM_LAYOUT must be NONE, PAD or XOR"
#endif

#define EX_GNAME SWZ_CAT(SWZ_CAT(EX_GPFX, SWZ_GEMM_TILE), SWZ_CAT(_, SWZ_GEMM_ELEM_NAME))
#define EX_GN(x) SWZ_CAT(EX_GNAME, SWZ_CAT(_, x))

/* Derived constants (see the header comment). */
#define EX_G_E ((int)sizeof(SWZ_GEMM_ELEM))
#define EX_G_VEC (16 / EX_G_E)
#define EX_G_LVEC (EX_G_E == 4 ? 2 : 1)
#define EX_G_BK (64 / EX_G_E)
#define EX_G_NT (SWZ_GEMM_TILE * SWZ_GEMM_TILE * EX_G_E / 512 > 128 ? SWZ_GEMM_TILE * SWZ_GEMM_TILE * EX_G_E / 512 : 128)
#define EX_G_MINB (256 / EX_G_NT > 1 ? 256 / EX_G_NT : 1)
#define EX_G_LM 8
#define EX_G_LN 4
#define EX_G_WM 2
#define EX_G_WN (EX_G_NT / 64)
#define EX_G_RM (SWZ_GEMM_TILE / (EX_G_WM * EX_G_LM * EX_G_VEC))
#define EX_G_RN (SWZ_GEMM_TILE / (EX_G_WN * EX_G_LN * EX_G_VEC))
#define EX_G_TM (EX_G_RM * EX_G_VEC)
#define EX_G_TN (EX_G_RN * EX_G_VEC)
#define EX_G_WTM (EX_G_RM * EX_G_LM * EX_G_VEC)
#define EX_G_WTN (EX_G_RN * EX_G_LN * EX_G_VEC)
#define EX_G_AV (4 * SWZ_GEMM_TILE / EX_G_NT)     /* A vectors per thread per slice */
#define EX_G_ARS (EX_G_NT / 4)           /* A rows between a thread's vectors */
#define EX_G_VR (SWZ_GEMM_TILE / EX_G_VEC)        /* B vectors per tile row */
#define EX_G_BV (4 * SWZ_GEMM_TILE / EX_G_NT)     /* B vectors per thread per slice */
#define EX_G_KRS (EX_G_NT / EX_G_VR)   /* B rows between a thread's vectors */

#if EX_GL == SWZ_GEMM_LAYOUT_PAD
#define EX_G_ALD ((int)SWZ_PAD_STRIDE(SWZ_GEMM_TILE, EX_G_E, 16))
#define EX_G_AS(k, m) SWZ_PAD_OFFSET(SWZ_GEMM_TILE, EX_G_E, 16, (k), (m))
#else
#define EX_G_ALD SWZ_GEMM_TILE
#endif
#if EX_GL == SWZ_GEMM_LAYOUT_XOR
#define EX_G_XB 2
#define EX_G_XM (EX_G_LVEC + 1)
#define EX_G_XS (SWZ_LOG2(SWZ_GEMM_TILE) - 1)
#define EX_G_KEYS 4
#define EX_G_AS(k, m)                                                                          \
    SWZ_XOR(EX_G_XB, EX_G_XM, EX_G_XS, (uint32_t)(k) * (uint32_t)SWZ_GEMM_TILE + (uint32_t)(m))
#else
#define EX_G_XB 0
#define EX_G_XM 0
#define EX_G_XS 0
#define EX_G_KEYS 1
#endif
#if EX_GL == SWZ_GEMM_LAYOUT_NONE
#define EX_G_AS(k, m) ((uint32_t)(k) * (uint32_t)SWZ_GEMM_TILE + (uint32_t)(m))
#endif

#define EX_G_AEL (EX_G_BK * EX_G_ALD)   /* elements of the A tile of one stage */
#define EX_G_STG (EX_G_AEL + EX_G_BK * SWZ_GEMM_TILE)
#define EX_G_SMEM (2 * EX_G_STG * EX_G_E)

SWZ_STATIC_ASSERT(ex_gemm_elem_ok<SWZ_GEMM_ELEM>::value, swz_error_gemm_ELEM_must_be_float_or_double);
SWZ_STATIC_ASSERT(SWZ_IS_POW2(SWZ_GEMM_TILE), swz_error_gemm_TILE_must_be_a_power_of_two);
SWZ_STATIC_ASSERT(EX_G_RM >= 1 && EX_G_RN >= 1 && EX_G_WN >= 1,
                  gemm_TILE_too_small_for_the_warp_layout_float_needs_64_double_32);
SWZ_STATIC_ASSERT(EX_G_NT <= 1024, gemm_TILE_too_large_more_than_1024_threads);
SWZ_STATIC_ASSERT(EX_G_SMEM <= 48 * 1024, gemm_TILE_too_large_static_shared_memory_over_48KB);
SWZ_STATIC_ASSERT(EX_G_AV >= 1 && EX_G_BV >= 1 && EX_G_NT % EX_G_VR == 0,
                  gemm_thread_count_does_not_divide_the_tile_copies);
SWZ_STATIC_ASSERT(EX_G_STG * EX_G_E % 128 == 0 && EX_G_AEL * EX_G_E % 128 == 0,
                  gemm_stages_must_start_on_128_byte_lines);
#if EX_GL == SWZ_GEMM_LAYOUT_XOR
/* The kernel adds row offsets (i*8*VEC, p*NT/4) to swizzled offsets: valid when they leave the
 * XOR-ed bits and the key bits alone (multiples of 2^(M+B), below SWZ_GEMM_TILE). */
SWZ_STATIC_ASSERT((EX_G_LM * EX_G_VEC) % (1 << (EX_G_XM + EX_G_XB)) == 0 &&
                      EX_G_ARS % (1 << (EX_G_XM + EX_G_XB)) == 0,
                  gemm_xor_offsets_must_not_touch_swizzled_bits);
#endif

typedef struct EX_GN(args) {
    int64_t M, N, K, lda, ldb, ldc;
    const SWZ_GEMM_ELEM *A, *B;
    SWZ_GEMM_ELEM *C;
    SWZ_GEMM_ELEM alpha, beta;
    int flags; /* EX_GF_* */
    int nk;    /* K slices to run (0 when K == 0 or alpha == 0) */
    uint32_t tiles_m, tiles_n;
} EX_GN(args);

/* One thread's registers. */
typedef struct EX_GN(thr) {
    SWZ_GEMM_ELEM acc[EX_G_TM][EX_G_TN];
    SWZ_GEMM_ELEM ast[EX_G_AV][EX_G_VEC]; /* next slice of A, on its way to shared memory */
    const SWZ_GEMM_ELEM *ag[EX_G_AV];       /* A at (row, k0 + q*VEC) of the current slice */
    const SWZ_GEMM_ELEM *bg;                  /* B at (k0 + kr, n) of the current slice */
    int q, kr, b_elems;              /* A vector column; first B row; B elements inside N */
    uint32_t a_st;                   /* shared offsets (elements, from the stage's A tile) */
    uint32_t a_rd[EX_G_KEYS];
    uint32_t b_st, b_rd;             /* from the stage's B tile */
    int lm, ln, wm, wn;
} EX_GN(thr);

/* Tile (bm, bn) of block `blk` in row-major or Morton order. */
EX_GHD void EX_GN(tile_of)(const EX_GN(args) *g, uint32_t blk, int64_t *bm, int64_t *bn)
{
    uint32_t tx = 0, ty = 0;
    if (g->flags & EX_GF_MORTON) {
        swz_morton_block(blk, g->tiles_n, g->tiles_m, SWZ_GEMM_MORTON_LG, &tx, &ty);
    } else {
        tx = blk % g->tiles_n;
        ty = blk / g->tiles_n;
    }
    *bm = (int64_t)ty * SWZ_GEMM_TILE;
    *bn = (int64_t)tx * SWZ_GEMM_TILE;
}

EX_GHD void EX_GN(init)(EX_GN(thr) *t, const EX_GN(args) *g, int64_t bm, int64_t bn,
                            int tid)
{
    const int lane = tid & 31, w = tid >> 5;
    int64_t n;
    t->wm = w / EX_G_WN;
    t->wn = w % EX_G_WN;
    t->lm = ((lane >> 1) & 1) | (((lane >> 3) & 3) << 1);
    t->ln = (lane & 1) | (((lane >> 2) & 1) << 1);
EX_GUNROLL
    for (int r = 0; r < EX_G_TM; ++r)
EX_GUNROLL
        for (int c = 0; c < EX_G_TN; ++c) t->acc[r][c] = (SWZ_GEMM_ELEM)0;
    /* A: vector column q of rows tid/4 + p*NT/4, rows past M clamped to M-1 */
    t->q = tid & 3;
EX_GUNROLL
    for (int p = 0; p < EX_G_AV; ++p) {
        int64_t row = bm + (tid >> 2) + p * EX_G_ARS;
        if (row > g->M - 1) row = g->M - 1;
        t->ag[p] = g->A + row * g->lda + t->q * EX_G_VEC;
    }
    /* B: vector c of rows kr + p*KRS */
    t->kr = tid / EX_G_VR;
    n = bn + (int64_t)(tid % EX_G_VR) * EX_G_VEC;
    t->b_elems = g->N - n >= EX_G_VEC ? EX_G_VEC : g->N - n > 0 ? (int)(g->N - n) : 0;
    t->bg = g->B + (int64_t)t->kr * g->ldb + (t->b_elems > 0 ? n : 0);
    /* shared offsets */
    t->a_st = EX_G_AS(t->q * EX_G_VEC, tid >> 2);
EX_GUNROLL
    for (int kv = 0; kv < EX_G_KEYS; ++kv)
        t->a_rd[kv] = EX_G_AS(kv * EX_G_VEC, t->wm * EX_G_WTM + t->lm * EX_G_VEC);
    t->b_st = (uint32_t)(t->kr * SWZ_GEMM_TILE + (tid % EX_G_VR) * EX_G_VEC);
    t->b_rd = (uint32_t)(t->wn * EX_G_WTN + t->ln * EX_G_VEC);
}

/* Offsets of the kernel's shared accesses, from the stage's A or B tile (elements). */
EX_GHD uint32_t EX_GN(a_st_off)(const EX_GN(thr) *t, int p, int j)
{
    return t->a_st + (uint32_t)(j * EX_G_ALD + p * EX_G_ARS);
}
EX_GHD uint32_t EX_GN(a_rd_off)(const EX_GN(thr) *t, int kk, int i)
{
    const int kv = (kk / EX_G_VEC) % EX_G_KEYS;
    return t->a_rd[kv] + (uint32_t)((kk - kv * EX_G_VEC) * EX_G_ALD + i * EX_G_LM * EX_G_VEC);
}
EX_GHD uint32_t EX_GN(b_rd_off)(const EX_GN(thr) *t, int kk, int j)
{
    return t->b_rd + (uint32_t)(kk * SWZ_GEMM_TILE + j * EX_G_LN * EX_G_VEC);
}
EX_GHD uint32_t EX_GN(b_st_off)(const EX_GN(thr) *t, int p)
{
    return t->b_st + (uint32_t)(p * EX_G_KRS * SWZ_GEMM_TILE);
}

/* Global -> registers: the A slice starting at k0 (all of it inside K when `full`). */
EX_GHD void EX_GN(load_a)(EX_GN(thr) *t, const EX_GN(args) *g, int64_t k0, int full)
{
    if (full && (g->flags & EX_GF_VEC_A)) {
EX_GUNROLL
        for (int p = 0; p < EX_G_AV; ++p) ex_gemm_ldg_vec(t->ag[p], t->ast[p]);
    } else {
        const int64_t kq = k0 + t->q * EX_G_VEC;
EX_GUNROLL
        for (int p = 0; p < EX_G_AV; ++p)
EX_GUNROLL
            for (int e = 0; e < EX_G_VEC; ++e)
                t->ast[p][e] = kq + e < g->K ? ex_gemm_ldg(t->ag[p] + e) : (SWZ_GEMM_ELEM)0;
    }
}

/* Registers -> shared, transposed: A(row, k) to As[k][row]. */
EX_GHD void EX_GN(store_a)(const EX_GN(thr) *t, SWZ_GEMM_ELEM *sa)
{
EX_GUNROLL
    for (int p = 0; p < EX_G_AV; ++p)
EX_GUNROLL
        for (int j = 0; j < EX_G_VEC; ++j) sa[EX_GN(a_st_off)(t, p, j)] = t->ast[p][j];
}

/* Global -> shared with cp.async: the B slice starting at k0.  In a full slice every row is
 * inside K and the thread's vector needs no per-slice check (b_bytes is fixed per thread; a
 * vector wholly past N reads nothing from a valid address). */
EX_GHD void EX_GN(issue_b)(const EX_GN(thr) *t, const EX_GN(args) *g, int64_t k0, int full,
                               SWZ_GEMM_ELEM *sb)
{
    const int64_t step = (int64_t)EX_G_KRS * g->ldb;
    if ((g->flags & EX_GF_VEC_B) && full && t->b_elems == EX_G_VEC) { /* whole vectors */
EX_GUNROLL
        for (int p = 0; p < EX_G_BV; ++p) ex_gemm_cp16_full(sb + EX_GN(b_st_off)(t, p), t->bg + p * step);
    } else if ((g->flags & EX_GF_VEC_B) && full) {
EX_GUNROLL
        for (int p = 0; p < EX_G_BV; ++p)
            ex_gemm_cp16(sb + EX_GN(b_st_off)(t, p), t->bg + p * step, t->b_elems * EX_G_E);
    } else if (g->flags & EX_GF_VEC_B) {
EX_GUNROLL
        for (int p = 0; p < EX_G_BV; ++p) {
            const int in_k = k0 + t->kr + p * EX_G_KRS < g->K;
            ex_gemm_cp16(sb + EX_GN(b_st_off)(t, p), in_k ? t->bg + p * step : g->B,
                           in_k ? t->b_elems * EX_G_E : 0);
        }
    } else {
EX_GUNROLL
        for (int p = 0; p < EX_G_BV; ++p) {
            const int in_k = full || k0 + t->kr + p * EX_G_KRS < g->K;
            const SWZ_GEMM_ELEM *src = t->bg + p * step;
            SWZ_GEMM_ELEM *dst = sb + EX_GN(b_st_off)(t, p);
EX_GUNROLL
            for (int e = 0; e < EX_G_VEC; ++e) {
                const int ok = in_k && e < t->b_elems;
                ex_gemm_cp1(dst + e, ok ? src + e : g->B, ok ? EX_G_E : 0);
            }
        }
    }
}

/* Move the global pointers to the next slice. */
EX_GHD void EX_GN(advance)(EX_GN(thr) *t, const EX_GN(args) *g)
{
EX_GUNROLL
    for (int p = 0; p < EX_G_AV; ++p) t->ag[p] += EX_G_BK;
    t->bg += (int64_t)EX_G_BK * g->ldb;
}

/* The inner product of one stage: BK outer products from 16-byte shared reads, the reads of
 * step kk+1 issued before the multiply-adds of step kk. */
EX_GHD void EX_GN(compute)(EX_GN(thr) *t, const SWZ_GEMM_ELEM *sa, const SWZ_GEMM_ELEM *sb)
{
    SWZ_GEMM_ELEM fa[2][EX_G_TM], fb[2][EX_G_TN];
EX_GUNROLL
    for (int i = 0; i < EX_G_RM; ++i) ex_gemm_lds_vec(sa + EX_GN(a_rd_off)(t, 0, i), &fa[0][i * EX_G_VEC]);
EX_GUNROLL
    for (int j = 0; j < EX_G_RN; ++j) ex_gemm_lds_vec(sb + EX_GN(b_rd_off)(t, 0, j), &fb[0][j * EX_G_VEC]);
EX_GUNROLL
    for (int kk = 0; kk < EX_G_BK; ++kk) {
        const int cur = kk & 1;
        if (kk + 1 < EX_G_BK) {
EX_GUNROLL
            for (int i = 0; i < EX_G_RM; ++i)
                ex_gemm_lds_vec(sa + EX_GN(a_rd_off)(t, kk + 1, i), &fa[cur ^ 1][i * EX_G_VEC]);
EX_GUNROLL
            for (int j = 0; j < EX_G_RN; ++j)
                ex_gemm_lds_vec(sb + EX_GN(b_rd_off)(t, kk + 1, j), &fb[cur ^ 1][j * EX_G_VEC]);
        }
EX_GUNROLL
        for (int r = 0; r < EX_G_TM; ++r)
EX_GUNROLL
            for (int c = 0; c < EX_G_TN; ++c)
                t->acc[r][c] = ex_gemm_fma(fa[cur][r], fb[cur][c], t->acc[r][c]);
    }
}

/* C = alpha*acc + beta*C for the thread's outputs inside M x N; C is not read when beta == 0. */
EX_GHD void EX_GN(epilogue)(const EX_GN(thr) *t, const EX_GN(args) *g, int64_t bm, int64_t bn)
{
    const SWZ_GEMM_ELEM alpha = g->alpha, beta = g->beta;
    const int vec_c = (g->flags & EX_GF_VEC_C) != 0, read_c = beta != (SWZ_GEMM_ELEM)0;
EX_GUNROLL
    for (int i = 0; i < EX_G_RM; ++i)
EX_GUNROLL
        for (int a = 0; a < EX_G_VEC; ++a) {
            const int r = i * EX_G_VEC + a;
            const int64_t row = bm + t->wm * EX_G_WTM + i * EX_G_LM * EX_G_VEC + t->lm * EX_G_VEC + a;
            if (row >= g->M) continue;
            SWZ_GEMM_ELEM *crow = g->C + row * g->ldc;
EX_GUNROLL
            for (int j = 0; j < EX_G_RN; ++j) {
                const int64_t n = bn + t->wn * EX_G_WTN + j * EX_G_LN * EX_G_VEC + t->ln * EX_G_VEC;
                SWZ_GEMM_ELEM v[EX_G_VEC], old[EX_G_VEC];
                if (n >= g->N) continue;
EX_GUNROLL
                for (int e = 0; e < EX_G_VEC; ++e) v[e] = alpha * t->acc[r][j * EX_G_VEC + e];
                if (vec_c && n + EX_G_VEC <= g->N) {
                    if (read_c) {
                        ex_gemm_ld_vec(crow + n, old);
EX_GUNROLL
                        for (int e = 0; e < EX_G_VEC; ++e) v[e] = ex_gemm_fma(beta, old[e], v[e]);
                    }
                    ex_gemm_st_vec(crow + n, v);
                } else {
EX_GUNROLL
                    for (int e = 0; e < EX_G_VEC; ++e) {
                        if (n + e >= g->N) break;
                        crow[n + e] = read_c ? ex_gemm_fma(beta, crow[n + e], v[e]) : v[e];
                    }
                }
            }
        }
}

__global__ void __launch_bounds__(EX_G_NT, EX_G_MINB) EX_GN(kernel)(const EX_GN(args) g)
{
    __shared__ __align__(128) SWZ_GEMM_ELEM smem[2 * EX_G_STG];
    EX_GN(thr) t;
    int64_t bm, bn;
    const int nk = g.nk;
    EX_GN(tile_of)(&g, blockIdx.x, &bm, &bn);
    EX_GN(init)(&t, &g, bm, bn, (int)threadIdx.x);
    if (nk > 0) {
        const int full = EX_G_BK <= g.K;
        EX_GN(issue_b)(&t, &g, 0, full, smem + EX_G_AEL);
        ex_gemm_cp_commit();
        EX_GN(load_a)(&t, &g, 0, full);
        EX_GN(store_a)(&t, smem);
        ex_gemm_cp_wait_all();
        __syncthreads();
    }
    for (int kt = 0; kt < nk; ++kt) {
        SWZ_GEMM_ELEM *cur = smem + (kt & 1) * EX_G_STG, *nxt = smem + ((kt + 1) & 1) * EX_G_STG;
        const int more = kt + 1 < nk;
        if (more) {
            const int64_t k0 = (int64_t)(kt + 1) * EX_G_BK;
            const int full = k0 + EX_G_BK <= g.K;
            EX_GN(advance)(&t, &g);
            EX_GN(issue_b)(&t, &g, k0, full, nxt + EX_G_AEL);
            ex_gemm_cp_commit();
            EX_GN(load_a)(&t, &g, k0, full);
        }
        EX_GN(compute)(&t, cur, cur + EX_G_AEL);
        if (more) {
            EX_GN(store_a)(&t, nxt);
            ex_gemm_cp_wait_all();
        }
        __syncthreads();
    }
    EX_GN(epilogue)(&t, &g, bm, bn);
}

/* Fill the kernel arguments; *run = 0 for an empty product. */
static cudaError_t EX_GN(setup)(EX_GN(args) *g, int64_t M, int64_t N, int64_t K, SWZ_GEMM_ELEM alpha,
                                  const SWZ_GEMM_ELEM *A, int64_t lda, const SWZ_GEMM_ELEM *B, int64_t ldb, SWZ_GEMM_ELEM beta,
                                  SWZ_GEMM_ELEM *C, int64_t ldc, int raster, int *run)
{
    cudaError_t e = ex_gemm_check(M, N, K, A, lda, B, ldb, C, ldc, raster, SWZ_GEMM_TILE, EX_G_E, run);
    if (e != cudaSuccess || !*run) return e;
    g->M = M; g->N = N; g->K = K;
    g->lda = lda; g->ldb = ldb; g->ldc = ldc;
    g->A = A; g->B = B; g->C = C;
    g->alpha = alpha; g->beta = beta;
    g->nk = (K > 0 && alpha != (SWZ_GEMM_ELEM)0) ? (int)((K + EX_G_BK - 1) / EX_G_BK) : 0;
    g->flags = 0;
    if (g->nk > 0 && (uintptr_t)A % 16u == 0 && lda % EX_G_VEC == 0) g->flags |= EX_GF_VEC_A;
    if (g->nk > 0 && (uintptr_t)B % 16u == 0 && ldb % EX_G_VEC == 0) g->flags |= EX_GF_VEC_B;
    if ((uintptr_t)C % 16u == 0 && ldc % EX_G_VEC == 0) g->flags |= EX_GF_VEC_C;
    if (raster == SWZ_GEMM_RASTER_MORTON) g->flags |= EX_GF_MORTON;
    g->tiles_m = (uint32_t)((M + SWZ_GEMM_TILE - 1) / SWZ_GEMM_TILE);
    g->tiles_n = (uint32_t)((N + SWZ_GEMM_TILE - 1) / SWZ_GEMM_TILE);
    return cudaSuccess;
}

/* The launcher. */
extern "C" cudaError_t EX_GNAME(int64_t M, int64_t N, int64_t K, SWZ_GEMM_ELEM alpha, const SWZ_GEMM_ELEM *A,
                                  int64_t lda, const SWZ_GEMM_ELEM *B, int64_t ldb, SWZ_GEMM_ELEM beta, SWZ_GEMM_ELEM *C,
                                  int64_t ldc, int raster, cudaStream_t stream)
{
    EX_GN(args) g;
    int run;
    cudaError_t e = EX_GN(setup)(&g, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc, raster, &run);
    if (e != cudaSuccess || !run) return e;
    EX_GN(kernel)<<<dim3(g.tiles_m * g.tiles_n), dim3(EX_G_NT), 0, stream>>>(g);
    return cudaGetLastError();
}

/* The same algorithm on the host, block by block, thread by thread, phase by phase, for tests
 * on machines without a GPU.  order 0 runs each thread's whole slice iteration in turn; order 1
 * runs every thread's writes of the next stage before any thread's reads of the current one
 * (a stage mix-up shows in one of the two).  Shared memory starts as NaN. */
extern "C" cudaError_t EX_GN(host)(int64_t M, int64_t N, int64_t K, SWZ_GEMM_ELEM alpha, const SWZ_GEMM_ELEM *A,
                                     int64_t lda, const SWZ_GEMM_ELEM *B, int64_t ldb, SWZ_GEMM_ELEM beta, SWZ_GEMM_ELEM *C,
                                     int64_t ldc, int raster, int order)
{
    EX_GN(args) g;
    EX_GN(thr) *t;
    SWZ_GEMM_ELEM *smem;
    int run;
    cudaError_t e = EX_GN(setup)(&g, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc, raster, &run);
    if (e != cudaSuccess || !run) return e;
    t = (EX_GN(thr) *)malloc(sizeof(*t) * EX_G_NT);
    smem = (SWZ_GEMM_ELEM *)malloc(sizeof(SWZ_GEMM_ELEM) * 2 * EX_G_STG);
    if (!t || !smem) {
        free(t);
        free(smem);
        return cudaErrorMemoryAllocation;
    }
    for (uint32_t blk = 0; blk < g.tiles_m * g.tiles_n; ++blk) {
        int64_t bm, bn;
        EX_GN(tile_of)(&g, blk, &bm, &bn);
        for (int i = 0; i < 2 * EX_G_STG; ++i) smem[i] = (SWZ_GEMM_ELEM)NAN;
        for (int x = 0; x < EX_G_NT; ++x) EX_GN(init)(&t[x], &g, bm, bn, x);
        if (g.nk > 0) {
            const int full = EX_G_BK <= g.K;
            for (int x = 0; x < EX_G_NT; ++x) {
                EX_GN(issue_b)(&t[x], &g, 0, full, smem + EX_G_AEL);
                EX_GN(load_a)(&t[x], &g, 0, full);
                EX_GN(store_a)(&t[x], smem);
            }
        }
        for (int kt = 0; kt < g.nk; ++kt) {
            SWZ_GEMM_ELEM *cur = smem + (kt & 1) * EX_G_STG, *nxt = smem + ((kt + 1) & 1) * EX_G_STG;
            const int more = kt + 1 < g.nk;
            const int64_t k0 = (int64_t)(kt + 1) * EX_G_BK;
            const int full = k0 + EX_G_BK <= g.K;
            for (int x = 0; x < EX_G_NT; ++x) {
                if (more) {
                    EX_GN(advance)(&t[x], &g);
                    EX_GN(issue_b)(&t[x], &g, k0, full, nxt + EX_G_AEL);
                    EX_GN(load_a)(&t[x], &g, k0, full);
                    if (order == 1) EX_GN(store_a)(&t[x], nxt);
                }
                if (order == 0) {
                    EX_GN(compute)(&t[x], cur, cur + EX_G_AEL);
                    if (more) EX_GN(store_a)(&t[x], nxt);
                }
            }
            if (order == 1)
                for (int x = 0; x < EX_G_NT; ++x) EX_GN(compute)(&t[x], cur, cur + EX_G_AEL);
        }
        for (int x = 0; x < EX_G_NT; ++x) EX_GN(epilogue)(&t[x], &g, bm, bn);
    }
    free(t);
    free(smem);
    return cudaSuccess;
}

/* What this variant is. */
extern "C" void EX_GN(info)(swz_gemm_info *i)
{
    i->name = SWZ_STR(EX_GNAME) + sizeof("swz_gemm_") - 1; /* "<layout>_<SWZ_GEMM_TILE>_<elem>" */
    i->layout = EX_GL;
    i->tile = SWZ_GEMM_TILE;
    i->elem_bytes = EX_G_E;
    i->threads = EX_G_NT;
    i->bk = EX_G_BK;
    i->tm = EX_G_TM;
    i->tn = EX_G_TN;
    i->a_ld = EX_G_ALD;
    i->min_blocks = EX_G_MINB;
    i->smem_bytes = (unsigned)EX_G_SMEM;
    i->stage_bytes = (unsigned)(EX_G_STG * EX_G_E);
    i->a_tile_bytes = (unsigned)(EX_G_AEL * EX_G_E);
    i->xor_b = EX_G_XB;
    i->xor_m = EX_G_XM;
    i->xor_s = EX_G_XS;
}

/* Byte addresses (from the stage) of warp `warp`'s lanes in instruction `idx` of kind `op`
 * (SWZ_GEMM_OP_*) of one slice, and the instruction's bank.h access kind in *access: the width
 * in bytes, with SWZ_STORE OR-ed in for A's stores, SWZ_CP_ASYNC_16 for B's cp.async (bank.h
 * R8: each quarter-warp copies 128 contiguous bytes of one B row, so lane order is the source
 * order the kind assumes); swz_access_bytes() gives the width back.  Returns how many such instructions a thread issues per slice (idx past it:
 * addr untouched), or -1 for a bad op or warp.  For the bank model: swz_bank_eval(addr, ~0u,
 * *access) (the 16-byte reads pair by bank.h rule R7; the stores never do). */
extern "C" int EX_GN(smem_pattern)(int op, int idx, int warp, uint32_t addr[32], int *access)
{
    int n;
    if (warp < 0 || warp >= EX_G_NT / 32) return -1;
    switch (op) {
    case SWZ_GEMM_OP_A_STORE: n = EX_G_AV * EX_G_VEC; *access = EX_G_E | SWZ_STORE; break;
    case SWZ_GEMM_OP_A_READ: n = EX_G_BK * EX_G_RM; *access = 16; break;
    case SWZ_GEMM_OP_B_READ: n = EX_G_BK * EX_G_RN; *access = 16; break;
    case SWZ_GEMM_OP_B_STORE: n = EX_G_BV; *access = SWZ_CP_ASYNC_16; break; /* lane order = source order */
    default: return -1;
    }
    if (idx < 0 || idx >= n) return n;
    {
        EX_GN(args) g;
        memset(&g, 0, sizeof g);
        g.M = g.N = g.K = 1 << 20; /* an interior block */
        g.lda = g.ldb = g.ldc = 1 << 20;
        for (int l = 0; l < 32; ++l) {
            EX_GN(thr) t;
            uint32_t off = 0;
            EX_GN(init)(&t, &g, 0, 0, warp * 32 + l);
            switch (op) {
            case SWZ_GEMM_OP_A_STORE: off = EX_GN(a_st_off)(&t, idx / EX_G_VEC, idx % EX_G_VEC); break;
            case SWZ_GEMM_OP_A_READ: off = EX_GN(a_rd_off)(&t, idx / EX_G_RM, idx % EX_G_RM); break;
            case SWZ_GEMM_OP_B_READ: off = EX_G_AEL + EX_GN(b_rd_off)(&t, idx / EX_G_RN, idx % EX_G_RN); break;
            default: off = EX_G_AEL + EX_GN(b_st_off)(&t, idx); break;
            }
            addr[l] = off * (uint32_t)EX_G_E;
        }
    }
    return n;
}

/* Host self-check of the index maps, no GPU needed.  Returns 0, or a code naming the first
 * failed property: 1 the kernel's incremental A offsets differ from the layout formula;
 * 2 the A tile is not written exactly once per slice, or outside [0, BK*a_ld); 3 the same for
 * B; 4 A reads fall outside the written tile; 5 the outputs of the block are not covered
 * exactly once; 6 the layout is not a bijection of the BK x SWZ_GEMM_TILE tile. */
extern "C" int EX_GN(selfcheck)(void)
{
    static unsigned char seen_a[EX_G_AEL], seen_b[EX_G_BK * SWZ_GEMM_TILE], seen_c[SWZ_GEMM_TILE * SWZ_GEMM_TILE];
    EX_GN(args) g;
    memset(&g, 0, sizeof g);
    memset(seen_a, 0, sizeof seen_a);
    memset(seen_b, 0, sizeof seen_b);
    memset(seen_c, 0, sizeof seen_c);
    g.M = g.N = g.K = 1 << 20;
    g.lda = g.ldb = g.ldc = 1 << 20;
    for (int k = 0; k < EX_G_BK; ++k)
        for (int m = 0; m < SWZ_GEMM_TILE; ++m) {
            uint32_t o = EX_G_AS(k, m);
            if (o >= (uint32_t)EX_G_AEL || seen_a[o]) return 6;
            seen_a[o] = 1;
        }
    memset(seen_a, 0, sizeof seen_a);
    for (int x = 0; x < EX_G_NT; ++x) {
        EX_GN(thr) t;
        EX_GN(init)(&t, &g, 0, 0, x);
        for (int p = 0; p < EX_G_AV; ++p)
            for (int j = 0; j < EX_G_VEC; ++j) {
                const int k = t.q * EX_G_VEC + j, m = (x >> 2) + p * EX_G_ARS;
                const uint32_t o = EX_GN(a_st_off)(&t, p, j);
                if (o != EX_G_AS(k, m)) return 1;
                if (o >= (uint32_t)EX_G_AEL || seen_a[o]) return 2;
                seen_a[o] = 1;
            }
        for (int p = 0; p < EX_G_BV; ++p)
            for (int e = 0; e < EX_G_VEC; ++e) {
                const uint32_t o = EX_GN(b_st_off)(&t, p) + (uint32_t)e;
                if (o >= (uint32_t)(EX_G_BK * SWZ_GEMM_TILE) || seen_b[o]) return 3;
                seen_b[o] = 1;
            }
        for (int kk = 0; kk < EX_G_BK; ++kk)
            for (int i = 0; i < EX_G_RM; ++i)
                for (int a = 0; a < EX_G_VEC; ++a) {
                    const int m = t.wm * EX_G_WTM + i * EX_G_LM * EX_G_VEC + t.lm * EX_G_VEC + a;
                    if (EX_GN(a_rd_off)(&t, kk, i) + (uint32_t)a != EX_G_AS(kk, m)) return 1;
                }
        for (int r = 0; r < EX_G_TM; ++r)
            for (int c = 0; c < EX_G_TN; ++c) {
                const int m = t.wm * EX_G_WTM + (r / EX_G_VEC) * EX_G_LM * EX_G_VEC + t.lm * EX_G_VEC + r % EX_G_VEC;
                const int n = t.wn * EX_G_WTN + (c / EX_G_VEC) * EX_G_LN * EX_G_VEC + t.ln * EX_G_VEC + c % EX_G_VEC;
                if (m >= SWZ_GEMM_TILE || n >= SWZ_GEMM_TILE || seen_c[m * SWZ_GEMM_TILE + n]) return 5;
                seen_c[m * SWZ_GEMM_TILE + n] = 1;
                if (EX_GN(b_rd_off)(&t, 0, c / EX_G_VEC) + (uint32_t)(c % EX_G_VEC) != (uint32_t)n) return 4;
            }
    }
    for (int k = 0; k < EX_G_BK; ++k)
        for (int m = 0; m < SWZ_GEMM_TILE; ++m)
            if (!seen_a[EX_G_AS(k, m)]) return 2;
    for (int o = 0; o < EX_G_BK * SWZ_GEMM_TILE; ++o)
        if (!seen_b[o]) return 3;
    for (int o = 0; o < SWZ_GEMM_TILE * SWZ_GEMM_TILE; ++o)
        if (!seen_c[o]) return 5;
    return 0;
}


/* The standard problem (gemm.h) and the bank model of one of its blocks. */
static int EX_GN(problem)(char *spec)
{
    const int n = EX_GEMM_STD_TILES * (SWZ_GEMM_TILE);
    snprintf(spec, SWZ_SPEC_MAX, "%d:%d:%d", n, n, n);
    return EX_GEMM_STD_TILES * EX_GEMM_STD_TILES;
}
static int EX_GN(predict)(swz_tile_cost *sts, swz_tile_cost *lds)
{
    return ex_gemm_predict(&EX_GN(smem_pattern), EX_G_NT,
                             EX_GEMM_STD_TILES * (SWZ_GEMM_TILE) / EX_G_BK, sts, lds);
}

static const swz_gemm_ops EX_GN(ops) = {
    &EX_GN(info), &EX_GN(smem_pattern), &EX_GN(selfcheck),
    SWZ_CAT(EX_GEMM_OPS_, SWZ_GEMM_ELEM_NAME)(&EX_GNAME, &EX_GN(host))};

extern "C" const swz_variant EX_GN(variant) = SWZ_VARIANT_INIT(
    "gemm", SWZ_STR(EX_GNAME), SWZ_STR(EX_GN(kernel)),
    SWZ_STR(SWZ_CAT(EX_GLNAME_, SWZ_GEMM_LAYOUT)), SWZ_STR(SWZ_GEMM_ELEM_NAME), (SWZ_GEMM_TILE), EX_G_E, EX_G_NT,
    "", &EX_GN(predict), &EX_GN(problem), &EX_GN(ops));

#undef EX_GL
#undef EX_GPFX
#undef EX_GNAME
#undef EX_GN
#undef EX_G_E
#undef EX_G_VEC
#undef EX_G_LVEC
#undef EX_G_BK
#undef EX_G_NT
#undef EX_G_MINB
#undef EX_G_LM
#undef EX_G_LN
#undef EX_G_WM
#undef EX_G_WN
#undef EX_G_RM
#undef EX_G_RN
#undef EX_G_TM
#undef EX_G_TN
#undef EX_G_WTM
#undef EX_G_WTN
#undef EX_G_AV
#undef EX_G_ARS
#undef EX_G_VR
#undef EX_G_BV
#undef EX_G_KRS
#undef EX_G_ALD
#undef EX_G_AS
#undef EX_G_XB
#undef EX_G_XM
#undef EX_G_XS
#undef EX_G_KEYS
#undef EX_G_AEL
#undef EX_G_STG
#undef EX_G_SMEM
#endif /* one variant */
/* The parameters of this family (and only they) are undefined: the next instantiation starts
 * from scratch, and no name is left behind in the includer. */
#undef SWZ_GEMM_TILE
#undef SWZ_GEMM_ELEM
#undef SWZ_GEMM_ELEM_NAME
#undef SWZ_GEMM_NAME_SUFFIX
#undef SWZ_GEMM_LAYOUT
