/* swz/tile.h -- cooperative copies between a row-major global matrix and a shared-memory tile
 * stored in any swz layout: load, store and transposed store, plus a host-side model of the
 * shared-memory instructions those copies issue.
 *
 * What it is for
 *   The global side of a tiled kernel wants wide (16-byte), coalesced accesses and careful
 *   edges; the shared side wants a conflict-free layout.  This header writes the copy loops
 *   once, with the layout as a parameter: a macro SWZ_TILE_LAYOUT(r, c) that returns the
 *   element offset of tile element (r, c) -- any of the swz offset macros, or your own.
 *   It is a *template header*: define the parameters, include it, and it generates a small set
 *   of functions named after SWZ_TILE_NAME, then #undefs every parameter, so one file can
 *   generate many.  Included without SWZ_TILE_NAME it only declares the shared functions.
 *
 * Example (a 64x64 float tile, XOR-swizzled for 16-byte rows and 4-byte column reads)
 *   #include <swz/xor.h>
 *   #define SWZ_TILE_NAME     t64f
 *   #define SWZ_TILE_ELEM     float
 *   #define SWZ_TILE_ROWS     64
 *   #define SWZ_TILE_COLS     64
 *   #define SWZ_TILE_THREADS  256
 *   #define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(3, 2, 6, (uint32_t)(r) * 64u + (uint32_t)(c))
 *   #include <swz/tile.h>
 *   __global__ void transpose64(const float *in, float *out, int64_t n) {   // n x n, ld = n
 *       __shared__ __align__(16) float s[64 * 64];
 *       int64_t r0 = blockIdx.y * 64, c0 = blockIdx.x * 64;
 *       t64f_load(s, in, n, r0, c0, n, n);        // global (r0.., c0..) -> tile, zero-filled
 *       __syncthreads();
 *       t64f_store_t(s, out, n, c0, r0, n, n);    // tile(r, c) -> out[(c0 + c) * n + r0 + r]
 *   }
 *
 * Parameters (define before including; all are #undef'ed by the include)
 *   SWZ_TILE_NAME        prefix of the generated names
 *   SWZ_TILE_ELEM        element type; sizeof must be 1, 2, 4, 8 or 16
 *   SWZ_TILE_ROWS/COLS   tile shape in elements (integer constants > 0)
 *   SWZ_TILE_THREADS     threads taking part: a multiple of 32
 *   SWZ_TILE_LAYOUT(r,c) element offset of (r, c) in the shared array (uint32_t-valued)
 *   SWZ_TILE_LINEAR      instead of SWZ_TILE_LAYOUT: the XOR-linear layout of linear.h with
 *                        constant masks, exactly eight (row bits 0..7), comma-separated, on
 *                        units of NAME_VEC*E bytes (the copies' vector, the unit swz_solve uses
 *                        for them; swz-check --solve prints the line), e.g. for 64x64 floats
 *                          #define SWZ_TILE_LINEAR 0, 0, 1, 2, 4, 0, 0, 0
 *                        the layout is then SWZ_LINEAR_OFFSET(COLS, E, VEC*E, PAD, masks, r, c)
 *                        (a mask at or above the largest power of two dividing the units per
 *                        row COLS/VEC is a compile error naming linear; both parameters
 *                        defined is an #error).
 *   SWZ_TILE_LINEAR_PAD  with SWZ_TILE_LINEAR: pad bytes per row, a multiple of VEC*E (default 0)
 *   SWZ_TILE_XOR_LINEAR  0 or 1: the copies' offsets computed incrementally (below).  With
 *                        SWZ_TILE_LINEAR the default is 1 (its layout is linear by construction,
 *                        any pad; 0 computes every offset in full, for comparisons).  With
 *                        SWZ_TILE_LAYOUT the default is 0, and 1 declares the layout XOR-linear
 *                        over the bits of (r, c): LAYOUT(r0 ^ r1, c0 ^ c1) = LAYOUT(r0, c0) ^
 *                        LAYOUT(r1, c1) -- row-major with power-of-two COLS, every XOR swizzle,
 *                        Morton, linear.h with pad 0, and any composition of those with bit
 *                        placements (e.g. a transpose region, tile after tile, seen as 128-byte
 *                        lines); NAME_model checks the claim on every access it models.
 *   SWZ_TILE_VBYTES      widest access in bytes (1, 2, 4, 8, 16; default 16).  The layout must
 *                        keep every aligned group of VEC = NAME_VEC consecutive elements of a
 *                        row together, in order, at an offset that is a multiple of VEC (XOR
 *                        with M >= log2 VEC, PAD/MORTON built for this access width, NONE).
 *                        NAME_model reports SWZ_EALIGN when the layout breaks that rule.
 *   SWZ_TILE_EXT         optional: a header that extends the copies ("Extending the copies").
 *   A bad SWZ_TILE_VBYTES or SWZ_TILE_XOR_LINEAR is a compile error naming the parameter.
 *
 * Generated (NAME = SWZ_TILE_NAME; device functions exist only under nvcc, __CUDACC__)
 *   void NAME_load(ELEM *s, const ELEM *g, int64_t ld, int64_t row0, int64_t col0,
 *                  int64_t rows, int64_t cols)
 *        tile(r, c) = g[(row0 + r) * ld + col0 + c], 0 where (row0 + r, col0 + c) lies
 *        outside [0, rows) x [0, cols).
 *   void NAME_store(const ELEM *s, ELEM *g, ...same...)
 *        g[(row0 + r) * ld + col0 + c] = tile(r, c) where inside; nothing written outside.
 *   void NAME_store_t(const ELEM *s, ELEM *g, ...same...)
 *        g[(row0 + c) * ld + col0 + r] = tile(r, c) where (row0 + c, col0 + r) is inside
 *        [0, rows) x [0, cols): the tile written transposed (rows/cols describe g).
 *   int  NAME_vec_ok(const void *g, int64_t ld, int64_t col0, int vec)   (host + device)
 *        1 when rows of g at column col0 are aligned for vec-element vectors.
 *   int  NAME_model(int op, swz_tile_cost *cost)                          (host, any C)
 *        the shared instructions one call issues for a whole tile (SWZ_TILE_OP_LOAD: stores
 *        into shared; SWZ_TILE_OP_STORE / _STORE_T: loads from shared), run through bank.h
 *        (stores with SWZ_STORE, so 8/16-byte loads may pair by rule R7 and stores never do).
 *        SWZ_EKIND when a layout declared XOR-linear (SWZ_TILE_XOR_LINEAR) is not.
 *   Constants NAME_VEC (elements per load/store vector), NAME_VEC_T (per store_t vector),
 *   NAME_READ_BYTES (bytes per store_t shared read), NAME_NQ (how many row groups VEC_T*q + k,
 *   q < NQ, one store_t instruction reads: what a layout keyed for store_t separates).
 *   The functions do not synchronize: put __syncthreads() between a load and the reads.
 *
 * How the copies work (E = sizeof(ELEM), VEC = largest power of two <= VBYTES/E dividing COLS)
 *   load/store: vector i = tid + j*THREADS covers row i / (COLS/VEC), columns VEC*(i mod
 *     COLS/VEC) ..+VEC: consecutive lanes take consecutive vectors of a row, so each warp reads
 *     or writes whole 32*VEC*E-byte runs (coalesced); shared side: one VEC*E-byte access.
 *   store_t: a thread reads VEC_T rows x one 4-byte word (RW = 4/E elements; 1 for E >= 4)
 *     of the tile and writes RW output vectors of VEC_T elements (register transpose with
 *     byte permutes for 1- and 2-byte elements).  Lanes of a warp take NQ consecutive
 *     vectors of an output row (NQ*VEC_T*E = 128 bytes when the tile allows) times 32/NQ
 *     words, so global writes are whole 128-byte lines.  The shared reads of one instruction
 *     touch rows VEC_T*q + k (q = 0..NQ-1) and 32/NQ consecutive words: a layout is conflict
 *     free for them when it spreads those NQ rows over distinct 128/NQ-byte slots -- the XOR
 *     swizzle with key (r / VEC_T) mod NQ does (Triton terms: vec = 128/(NQ*E),
 *     perPhase = VEC_T, maxPhase = NQ).  A padded row stride cannot (rows VEC_T apart land on
 *     the same slots); an extension may read each item's rows in another order
 *     (SWZ_TILE_EXT_ROT), as examples/transpose/copies.h does for padded layouts.
 *   Incremental offsets (SWZ_TILE_XOR_LINEAR): a thread's items are i = tid + j*THREADS, and
 *     when THREADS and the row's vector count COLS/VEC (load/store) or COLS/RW (store_t) are
 *     powers of two, i = tid ^ j*THREADS and the item maps (r, c) of i just place bits of i,
 *     so (r, c)(i) = (r, c)(tid) ^ (r, c)(j*THREADS), and store_t's rows r + k = r ^ k
 *     (k < VEC_T).  A layout L(r, c) = R(r) + X(r, c), with R additive over rows without
 *     common bits and X XOR-linear (linear.h: R = r*stride, X = swz_linear_in_row; a declared
 *     XOR-linear SWZ_TILE_LAYOUT: R = 0, X = L), then gives
 *        L(item) = R(r_tid) + R(r_j) + (X(r_tid, c_tid) ^ X(r_j, c_j)):
 *     R(r_tid) and X(r_tid, c_tid) once per thread (as the sum / XOR of the constants of
 *     tid's set bits: one select per bit, whatever the layout), and per unrolled step one XOR
 *     and one add of constants -- so every XOR-linear layout costs the same instructions.
 *     Elsewhere (other shapes) every offset is computed in full; NAME_model compares the two
 *     forms on every access it models and reports SWZ_EKIND where they differ (a layout
 *     wrongly declared XOR-linear).
 *   Global accesses are VEC*E (load/store) or VEC_T*E (store_t) bytes wide when the matrix
 *   pointer, ld and the origin column are aligned to that (checked at run time: the same
 *   answer for every thread, so no divergence); a vector that crosses the matrix edge, and
 *   every vector of rows off that alignment (e.g. an odd ld), is done element by element
 *   unless an extension moves them (SWZ_TILE_EXT_COPY_TAKES).  The shared access is the same on
 *   every path, so NAME_model holds for ragged and misaligned tiles too.  Global indices are
 *   64-bit.
 *
 * Supported block shapes
 *   Any 1-, 2- or 3-D block: the functions use the linear thread index
 *   x + X*(y + Y*z); threads with index >= SWZ_TILE_THREADS return at once.  THREADS must be
 *   a multiple of 32 (warps are whole); it need not divide the number of vectors.  Origins may
 *   be negative (halos): those elements are zero-filled / skipped.
 *
 * Extending the copies (SWZ_TILE_EXT)
 *   A kernel family with paths of its own (examples/transpose/copies.h: the rotated reads of
 *   padded layouts, misaligned rows shifted in registers or moved along 128-byte lines, cache
 *   hints) defines SWZ_TILE_EXT to a header name, e.g. #define SWZ_TILE_EXT "copies.h".  tile.h
 *   includes that header at four points of each generated part, with SWZ_TILE_EXT_AT saying
 *   which; its code becomes part of the copies as text, so a path tuned inside tile.h keeps its
 *   SASS when it moves out (as functions of their own the same paths compiled to other SASS):
 *     SWZ_TILE_AT_DECLS    after the derived constants and NAME_vec_ok: the extension's
 *                          parameters, constants, functions and the hook macros below
 *     SWZ_TILE_AT_COPY     in load/store, where SWZ_TILE_EXT_COPY_TAKES holds: statements that
 *                          move the tile (in scope: dir, src the side read, dst the side
 *                          written, g, ld, row0, col0, rows, cols, tid, sb0 = NAME_base(tid),
 *                          and kE, kVR (VEC), kNR (vectors), kPR (vectors per thread), kTH)
 *     SWZ_TILE_AT_STORE_T  in store_t, where SWZ_TILE_EXT_STORE_T_TAKES holds (in scope: sb the
 *                          tile, g, ld, row0, col0, rows, cols, tid, kE, kVT (VEC_T), kRW
 *                          (elements per read), kNT (items), kPT (items per thread), kBT
 *                          (batch), kTH)
 *     SWZ_TILE_AT_END      at the end: the extension's #undefs (tile.h #undefs the hooks).
 *   The hooks (macros defined at SWZ_TILE_AT_DECLS; tile.h's defaults give the plain copies):
 *     SWZ_TILE_EXT_GLOBAL_LOAD(v, u, p, bytes), SWZ_TILE_EXT_GLOBAL_STORE(p, v, u, bytes)
 *          every global access of tile.h's paths: v.unit[u] = *(bytes-wide *)p and back, v a
 *          swz_tile_v16 *, p aligned to bytes (1..16) (e.g. cache-hinted PTX); default
 *          swz_tile_global_load / swz_tile_global_store, which a hook calls for the widths it
 *          leaves
 *     SWZ_TILE_EXT_ROTATES, SWZ_TILE_EXT_ROT(q), SWZ_TILE_EXT_UNROT(w, rot)
 *          store_t's read order: with ROTATES 1, the items of row group q (q = i mod NQ) read
 *          their VEC_T rows in the order (k + ROT(q)) mod VEC_T, k = 0, 1, .. (NAME_t_read,
 *          NAME_model), and UNROT(w, rot) puts the registers back (w[k] holds row
 *          (k + rot) mod VEC_T); the incremental store_t offsets are off.  Default 0: in order
 *     SWZ_TILE_EXT_COPY_FIRST(dir, src, dst, g, ld, row0, col0, rows, cols),
 *     SWZ_TILE_EXT_STORE_T_FIRST(s, g, ld, row0, col0, rows, cols)
 *          a statement before the fast path, e.g. if (...) { another path; return; }
 *     SWZ_TILE_EXT_COPY_TAKES(dir, g, ld, row0, col0, rows, cols),
 *     SWZ_TILE_EXT_STORE_T_TAKES(g, ld, row0, col0, rows, cols)
 *          where the fast path does not apply (a tile over the matrix edge, rows off the vector
 *          width): 1 when the extension's statements (SWZ_TILE_AT_COPY / _STORE_T) move the
 *          tile, 0 (default) to leave it to the element-by-element path.
 *   What the extension may use besides tile.h's parameters (generated; host + device unless
 *   marked): the constants NAME_VEC, NAME_VEC_T, NAME_NQ, NAME_READ_BYTES, NAME_BATCH (vectors
 *   a thread keeps in flight); NAME_vec_ok; NAME_item(i, &r, &c) (load/store vector i: row r,
 *   columns c .. c+VEC-1); NAME_t_item(i, &r, &c, &rot) (store_t item i: rows r .. r+VEC_T-1,
 *   columns c .. c+RW-1, its read order); NAME_base(tid), NAME_t_base(tid) (a thread's
 *   swz_tile_base) and NAME_offset(b, tid, j) (the element offset of vector tid + j*THREADS);
 *   (device) NAME_t_read(w, s, b, tid, j, rot) (an item's shared reads), NAME_t_reads(w, s, b,
 *   tid, j0, zero) (those of a batch), NAME_t_vector(o, w, p) (output vector p of them); and
 *   SWZ_TILE_TID(), SWZ_TILE_DEVICE, SWZ_TILE_DFN, swz_tile_v16, swz_tile_get,
 *   swz_tile_shared_store, swz_tile_global_load / _store (below).
 *
 * Outside CUDA (C99, C11, C++ without nvcc) only the model and the shared functions are compiled: the
 * device functions have no body to offer there.  Exception, for tests on machines without a
 * GPU: C++ with the CUDA headers and SWZ_TILE_EMULATE defined compiles the same functions for
 * the host (one simulated thread per call: set *swz_tile_emu_tid(), or define
 * SWZ_TILE_EMU_TID to an expression giving the thread index); a misaligned vector aborts, as
 * the GPU would fault.  tests/gpu runs every transpose variant this way.
 */
#ifndef SWZ_TILE_H
#define SWZ_TILE_H

#include "common.h"
#include "bank.h"

/* A thread's base of the incremental offsets (SWZ_TILE_XOR_LINEAR): R and X of its first item
 * (NAME_base, NAME_t_base). */
typedef struct swz_tile_base {
    uint32_t r, x;
} swz_tile_base;

#define SWZ_TILE_OP_LOAD 0    /* global -> shared: shared stores */
#define SWZ_TILE_OP_STORE 1   /* shared -> global: shared loads */
#define SWZ_TILE_OP_STORE_T 2 /* shared -> global transposed: shared loads */

/* SWZ_TILE_EXT_AT while tile.h includes an extension (doc block, "Extending the copies"). */
#define SWZ_TILE_AT_DECLS 1   /* after the derived constants: the extension's declarations */
#define SWZ_TILE_AT_COPY 2    /* in load/store: the statements of its path */
#define SWZ_TILE_AT_STORE_T 3 /* in store_t: the same */
#define SWZ_TILE_AT_END 4     /* at the end of the generated part */

/* Loops over constant bounds that must unroll (nvcc's device pass only: host compilers, nvcc's
 * host pass of a host + device function included, warn on the pragma). */
#if defined(__CUDA_ARCH__)
#define SWZ__TILE_UNROLL _Pragma("unroll")
#else
#define SWZ__TILE_UNROLL
#endif

#define SWZ__TILE_CAT_(a, b) a##b
#define SWZ__TILE_CAT(a, b) SWZ__TILE_CAT_(a, b)

/* Largest power of two p <= m (m <= 16) with n % p == 0. */
#define SWZ__TILE_P2DIV(n, m)                                                                   \
    ((m) >= 16 && (n) % 16 == 0 ? 16 : (m) >= 8 && (n) % 8 == 0 ? 8                             \
   : (m) >= 4 && (n) % 4 == 0 ? 4 : (m) >= 2 && (n) % 2 == 0 ? 2 : 1)

/* Largest power of two p <= m (m <= 32) with n % p == 0. */
#define SWZ__TILE_P2DIV32(n, m) ((m) >= 32 && (n) % 32 == 0 ? 32 : SWZ__TILE_P2DIV(n, m))

/* Public for kernels built on the copies and for extensions:
 *   SWZ_TILE_DEVICE      defined where the device functions are compiled: 1 = CUDA device code
 *                        (nvcc); 0 = host emulation (SWZ_TILE_EMULATE, C++ with the CUDA
 *                        headers): the same functions run on the CPU, one simulated thread at a
 *                        time, so tests can check them without a GPU
 *   SWZ_TILE_DFN         the qualifier of the device functions (static __device__
 *                        __forceinline__; static inline in the emulation)
 *   SWZ_TILE_TID()       the linear thread index the copies use, x + X*(y + Y*z) (emulation:
 *                        SWZ_TILE_EMU_TID if defined, else *swz_tile_emu_tid())
 *   swz_tile_emu_tid()   emulation only: the simulated thread, set it before each call */
#if defined(__CUDACC__) && !defined(SWZ_TILE_EMULATE)
#define SWZ_TILE_DEVICE 1
#elif defined(SWZ_TILE_EMULATE) && defined(__cplusplus)
#define SWZ_TILE_DEVICE 0
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#endif

#if defined(SWZ_TILE_DEVICE)
#if SWZ_TILE_DEVICE
#define SWZ_TILE_DFN static __device__ __forceinline__
/* Linear thread index of any block shape. */
#define SWZ_TILE_TID() ((int)(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)))
SWZ_TILE_DFN uint32_t swz__tile_prmt(uint32_t a, uint32_t b, uint32_t sel)
{
    return __byte_perm(a, b, sel);
}
#else
#define SWZ_TILE_DFN static inline
static inline int *swz_tile_emu_tid(void)
{
    static int tid;
    return &tid;
}
#if defined(SWZ_TILE_EMU_TID)
#define SWZ_TILE_TID() (SWZ_TILE_EMU_TID) /* an emulator that keeps its own thread index */
#else
#define SWZ_TILE_TID() (*swz_tile_emu_tid())
#endif
/* The GPU faults on a misaligned vector access; so does the emulation. */
static inline void swz__tile_emu_aligned(const void *p, int bytes)
{
    if ((uintptr_t)p % (uintptr_t)bytes != 0) {
        fprintf(stderr, "swz/tile.h emulation: misaligned %d-byte access at %p\n", bytes, p);
        abort();
    }
}
/* __byte_perm for selector nibbles 0..7: byte n of the result = byte sel[n] of b:a. */
static inline uint32_t swz__tile_prmt(uint32_t a, uint32_t b, uint32_t sel)
{
    const uint64_t x = ((uint64_t)b << 32) | a;
    uint32_t r = 0;
    int n;
    for (n = 0; n < 4; ++n) r |= (uint32_t)((x >> (8 * ((sel >> (4 * n)) & 7u))) & 0xFFu) << (8 * n);
    return r;
}
#endif

/* Up to 16 bytes in registers, addressed in units of 1..16 bytes: what the copies move, and
 * what an extension's SWZ_TILE_EXT_GLOBAL_LOAD / _STORE receives. */
typedef union swz_tile_v16 {
    uint4 q;
    uint2 d[2];
    uint32_t w[4];
    uint16_t h[8];
    uint8_t b[16];
} swz_tile_v16;

/* The copies' accesses (public: an extension's paths use them; p aligned to bytes):
 *   swz_tile_get            v.unit[u] = *(bytes-wide *)p, shared or global memory
 *   swz_tile_shared_store   *(bytes-wide *)p = v.unit[u] into shared memory
 *   swz_tile_global_load / swz_tile_global_store   the default global accesses (an extension's
 *                           SWZ_TILE_EXT_GLOBAL_LOAD / _STORE falls back on them for the widths
 *                           it does not handle)
 * swz_tile_get: whole vectors travel through uint4/uint2 values built from the words, which
 * keeps them one 16/8-byte instruction (copying the union itself lets the compiler split the
 * access into 4-byte pieces). */
SWZ_TILE_DFN void swz_tile_get(swz_tile_v16 *v, int u, const void *p, int bytes)
{
#if !SWZ_TILE_DEVICE
    swz__tile_emu_aligned(p, bytes);
    memcpy((char *)v + u * bytes, p, (size_t)bytes); /* no type punning on the host */
    return;
#endif
    switch (bytes) {
    case 16: {
        const uint4 t = *(const uint4 *)p;
        v->w[0] = t.x, v->w[1] = t.y, v->w[2] = t.z, v->w[3] = t.w;
        break;
    }
    case 8: {
        const uint2 t = *(const uint2 *)p;
        v->w[2 * u] = t.x, v->w[2 * u + 1] = t.y;
        break;
    }
    case 4: v->w[u] = *(const uint32_t *)p; break;
    case 2: v->h[u] = *(const uint16_t *)p; break;
    default: v->b[u] = *(const uint8_t *)p; break;
    }
}

/* *(bytes-wide *)p = v.unit[u] for 1, 2 and 4 bytes (any size in the emulation). */
SWZ_TILE_DFN void swz__tile_put(void *p, const swz_tile_v16 *v, int u, int bytes)
{
#if SWZ_TILE_DEVICE
    switch (bytes) {
    case 4: *(uint32_t *)p = v->w[u]; break;
    case 2: *(uint16_t *)p = v->h[u]; break;
    default: *(uint8_t *)p = v->b[u]; break;
    }
#else
    swz__tile_emu_aligned(p, bytes);
    memcpy(p, (const char *)v + u * bytes, (size_t)bytes);
#endif
}

/* The same into shared memory (STS) and global memory (STG), 8- and 16-byte ones in PTX: in
 * C++ the compiler splits a uint4 store into pieces whenever it cannot prove the 16-byte
 * alignment from the address arithmetic (e.g. a row-major double tile), which the caller
 * guarantees. */
/* One body for both: SPACE is the PTX state space, A the address operand and C its constraint. */
#define SWZ__TILE_PUT_BODY(SPACE, C, A)                                                         \
    switch (bytes) {                                                                           \
    case 16:                                                                                   \
        asm volatile("st." SPACE ".v4.b32 [%0], {%1, %2, %3, %4};" ::C(A), "r"(v->w[0]),       \
                     "r"(v->w[1]), "r"(v->w[2]), "r"(v->w[3])                                  \
                     : "memory");                                                              \
        break;                                                                                 \
    case 8:                                                                                    \
        asm volatile("st." SPACE ".v2.b32 [%0], {%1, %2};" ::C(A), "r"(v->w[2 * u]),           \
                     "r"(v->w[2 * u + 1])                                                      \
                     : "memory");                                                              \
        break;                                                                                 \
    default: swz__tile_put(p, v, u, bytes); break;                                             \
    }
SWZ_TILE_DFN void swz_tile_shared_store(void *p, const swz_tile_v16 *v, int u, int bytes)
{
#if SWZ_TILE_DEVICE
    const unsigned a = (unsigned)__cvta_generic_to_shared(p);
    SWZ__TILE_PUT_BODY("shared", "r", a)
#else
    swz__tile_put(p, v, u, bytes);
#endif
}
SWZ_TILE_DFN void swz_tile_global_store(void *p, const swz_tile_v16 *v, int u, int bytes)
{
#if SWZ_TILE_DEVICE
    SWZ__TILE_PUT_BODY("global", "l", p)
#else
    swz__tile_put(p, v, u, bytes);
#endif
}
#undef SWZ__TILE_PUT_BODY
/* Loads stay in C++: the compiler keeps them whole (LDG.E.128, LDS.128). */
SWZ_TILE_DFN void swz_tile_global_load(swz_tile_v16 *v, int u, const void *p, int bytes)
{
    swz_tile_get(v, u, p, bytes);
}

/* dst.unit[ud] = src.unit[us] (units of `bytes`) */
SWZ_TILE_DFN void swz__tile_mov(swz_tile_v16 *dst, int ud, const swz_tile_v16 *src, int us,
                                int bytes)
{
    switch (bytes) {
    case 16: dst->q = src->q; break;
    case 8: dst->d[ud] = src->d[us]; break;
    case 4: dst->w[ud] = src->w[us]; break;
    case 2: dst->h[ud] = src->h[us]; break;
    default: dst->b[ud] = src->b[us]; break;
    }
}

#endif /* SWZ_TILE_DEVICE */

#endif /* SWZ_TILE_H */

/* ======================= generated part (each inclusion with SWZ_TILE_NAME) ================ */
#if defined(SWZ_TILE_NAME)

/* SWZ_TILE_LINEAR: the layout is linear.h's macro form on units of the copies' vector.  The
 * masks travel as one argument list: SWZ__TILE_APPLY rescans them into the macro's arguments. */
#if defined(SWZ_TILE_LINEAR)
#if defined(SWZ_TILE_LAYOUT)
#error "swz/tile.h: define SWZ_TILE_LAYOUT(r, c) or SWZ_TILE_LINEAR (eight masks), not both"
#endif
#include "linear.h"
#ifndef SWZ_TILE_LINEAR_PAD
#define SWZ_TILE_LINEAR_PAD 0
#endif
#ifndef SWZ_TILE_XOR_LINEAR
#define SWZ_TILE_XOR_LINEAR 1
#endif
#define SWZ__TILE_APPLY(m, args) m args
#define SWZ_TILE_LAYOUT(r, c)                                                                   \
    SWZ__TILE_APPLY(SWZ_LINEAR_OFFSET,                                                          \
                    ((SWZ_TILE_COLS), (int)sizeof(SWZ_TILE_ELEM),                               \
                     SWZ__TN(_VEC) * (int)sizeof(SWZ_TILE_ELEM), (SWZ_TILE_LINEAR_PAD),          \
                     SWZ_TILE_LINEAR, (r), (c)))
/* The incremental form's parts (see the doc block): R(r) = r*stride, X = the in-row offset. */
#define SWZ__TILE_RPART(r)                                                                      \
    ((uint32_t)(r) * (uint32_t)((SWZ_TILE_COLS) + (SWZ_TILE_LINEAR_PAD) / (int)sizeof(SWZ_TILE_ELEM)))
#define SWZ__TILE_XPART(r, c)                                                                   \
    SWZ__TILE_APPLY(SWZ_LINEAR_IN_ROW,                                                          \
                    ((SWZ_TILE_COLS), (int)sizeof(SWZ_TILE_ELEM),                               \
                     SWZ__TN(_VEC) * (int)sizeof(SWZ_TILE_ELEM), (SWZ_TILE_LINEAR_PAD),          \
                     SWZ_TILE_LINEAR, (r), (c)))
#else
#ifndef SWZ_TILE_XOR_LINEAR
#define SWZ_TILE_XOR_LINEAR 0
#endif
/* A layout declared XOR-linear: R = 0, X = the layout. */
#define SWZ__TILE_RPART(r) 0u
#define SWZ__TILE_XPART(r, c) ((uint32_t)(SWZ_TILE_LAYOUT(r, c)))
#endif

#if !defined(SWZ_TILE_ELEM) || !defined(SWZ_TILE_ROWS) || !defined(SWZ_TILE_COLS) ||           \
    !defined(SWZ_TILE_THREADS) || !defined(SWZ_TILE_LAYOUT)
#error "swz/tile.h: define SWZ_TILE_ELEM, SWZ_TILE_ROWS, SWZ_TILE_COLS, SWZ_TILE_THREADS and SWZ_TILE_LAYOUT(r, c) (or SWZ_TILE_LINEAR) along with SWZ_TILE_NAME"
#endif
#ifndef SWZ_TILE_VBYTES
#define SWZ_TILE_VBYTES 16
#endif

#define SWZ__TN(x) SWZ__TILE_CAT(SWZ_TILE_NAME, x)

/* Derived constants.  E element bytes; VB widest access; VR/VT elements per load-store /
 * store_t vector; RW elements per store_t shared read (RA bytes); NQ output vectors per warp
 * row-run; NR / NT vectors / items of a tile, PR / PT of them per thread, BATCH / BT of
 * those in flight at once (TW registers per store_t item). */
enum {
    SWZ__TN(__E) = (int)sizeof(SWZ_TILE_ELEM),
    SWZ__TN(__VB) = (SWZ_TILE_VBYTES),
    SWZ__TN(_VEC) = SWZ__TILE_P2DIV((SWZ_TILE_COLS), SWZ__TN(__VB) / SWZ__TN(__E)),
    SWZ__TN(_VEC_T) = SWZ__TILE_P2DIV((SWZ_TILE_ROWS), SWZ__TN(__VB) / SWZ__TN(__E)),
    SWZ__TN(__RW) = (SWZ__TN(__E) < 4 && SWZ__TN(_VEC) * SWZ__TN(__E) >= 4 &&
                     SWZ__TN(_VEC_T) * SWZ__TN(__E) >= 4) ? 4 / SWZ__TN(__E) : 1,
    SWZ__TN(_READ_BYTES) = SWZ__TN(__RW) * SWZ__TN(__E),
    SWZ__TN(__NR) = (SWZ_TILE_ROWS) * (SWZ_TILE_COLS) / SWZ__TN(_VEC),
    SWZ__TN(__NCW) = (SWZ_TILE_COLS) / SWZ__TN(__RW),
    SWZ__TN(__NQT) = (SWZ_TILE_ROWS) / SWZ__TN(_VEC_T),
    SWZ__TN(__NT) = SWZ__TN(__NCW) * SWZ__TN(__NQT),
    SWZ__TN(__NQL) = 128 / (SWZ__TN(_VEC_T) * SWZ__TN(__E)) > 32 ? 32
                   : 128 / (SWZ__TN(_VEC_T) * SWZ__TN(__E)) < 1 ? 1
                   : 128 / (SWZ__TN(_VEC_T) * SWZ__TN(__E)),
    SWZ__TN(_NQ) = SWZ__TILE_P2DIV32(SWZ__TN(__NQT), SWZ__TN(__NQL)),
    SWZ__TN(__PR) = (SWZ__TN(__NR) + (SWZ_TILE_THREADS)-1) / (SWZ_TILE_THREADS),
    SWZ__TN(__PT) = (SWZ__TN(__NT) + (SWZ_TILE_THREADS)-1) / (SWZ_TILE_THREADS),
    SWZ__TN(_BATCH) = SWZ__TN(__PR) < 8 ? SWZ__TN(__PR) : 8,
    SWZ__TN(__TW) = SWZ__TN(_VEC_T) * SWZ__TN(_READ_BYTES) / 4 < 1 ? 1
                  : SWZ__TN(_VEC_T) * SWZ__TN(_READ_BYTES) / 4, /* registers per item */
    SWZ__TN(__BT) = SWZ__TN(__PT) < 8 / SWZ__TN(__TW) ? SWZ__TN(__PT)
                  : 8 / SWZ__TN(__TW) < 1 ? 1 : 8 / SWZ__TN(__TW)
};

SWZ_STATIC_ASSERT(SWZ__VALID_ELEM(sizeof(SWZ_TILE_ELEM)),
                  swz_error_tile_element_size_must_be_1_2_4_8_or_16);
SWZ_STATIC_ASSERT((SWZ_TILE_THREADS) > 0 && (SWZ_TILE_THREADS) % 32 == 0,
                  swz_error_tile_threads_must_be_a_positive_multiple_of_32);
SWZ_STATIC_ASSERT((SWZ_TILE_ROWS) > 0 && (SWZ_TILE_COLS) > 0 &&
                      (SWZ_TILE_ROWS) * (SWZ_TILE_COLS) <= (1 << 24),
                  swz_error_tile_shape_must_be_positive_and_at_most_2_to_the_24_elements);
/* Parameters that may be enum constants are checked here rather than with #if. */
SWZ_STATIC_ASSERT((SWZ_TILE_VBYTES) == 1 || (SWZ_TILE_VBYTES) == 2 || (SWZ_TILE_VBYTES) == 4 ||
                      (SWZ_TILE_VBYTES) == 8 || (SWZ_TILE_VBYTES) == 16,
                  swz_error_tile_SWZ_TILE_VBYTES_must_be_1_2_4_8_or_16);
SWZ_STATIC_ASSERT((SWZ_TILE_VBYTES) >= (int)sizeof(SWZ_TILE_ELEM),
                  swz_error_tile_SWZ_TILE_VBYTES_must_be_at_least_the_element_size);
SWZ_STATIC_ASSERT((SWZ_TILE_XOR_LINEAR) == 0 || (SWZ_TILE_XOR_LINEAR) == 1,
                  swz_error_tile_SWZ_TILE_XOR_LINEAR_must_be_0_or_1);

SWZ_FN int SWZ__TN(_vec_ok)(const void *g, int64_t ld, int64_t col0, int vec)
{
    const int64_t vb = (int64_t)vec * SWZ__TN(__E);
    return ((((int64_t)(uintptr_t)g + col0 * SWZ__TN(__E)) & (vb - 1)) == 0) &&
           (((ld * SWZ__TN(__E)) & (vb - 1)) == 0);
}

/* The extension's declarations (doc block, "Extending the copies"), then the defaults of the
 * hooks it leaves. */
#if defined(SWZ_TILE_EXT)
#define SWZ_TILE_EXT_AT SWZ_TILE_AT_DECLS
#include SWZ_TILE_EXT
#undef SWZ_TILE_EXT_AT
#endif
#ifndef SWZ_TILE_EXT_GLOBAL_LOAD
#define SWZ_TILE_EXT_GLOBAL_LOAD(v, u, p, bytes) swz_tile_global_load((v), (u), (p), (bytes))
#endif
#ifndef SWZ_TILE_EXT_GLOBAL_STORE
#define SWZ_TILE_EXT_GLOBAL_STORE(p, v, u, bytes) swz_tile_global_store((p), (v), (u), (bytes))
#endif
#ifndef SWZ_TILE_EXT_ROTATES
#define SWZ_TILE_EXT_ROTATES 0
#endif
#ifndef SWZ_TILE_EXT_ROT
#define SWZ_TILE_EXT_ROT(q) 0
#endif
#ifndef SWZ_TILE_EXT_UNROT
#define SWZ_TILE_EXT_UNROT(w, rot) ((void)(w), (void)(rot))
#endif
#ifndef SWZ_TILE_EXT_COPY_FIRST
#define SWZ_TILE_EXT_COPY_FIRST(dir, src, dst, g, ld, row0, col0, rows, cols)
#endif
#ifndef SWZ_TILE_EXT_STORE_T_FIRST
#define SWZ_TILE_EXT_STORE_T_FIRST(s, g, ld, row0, col0, rows, cols)
#endif
#ifndef SWZ_TILE_EXT_COPY_TAKES
#define SWZ_TILE_EXT_COPY_TAKES(dir, g, ld, row0, col0, rows, cols) 0
#endif
#ifndef SWZ_TILE_EXT_STORE_T_TAKES
#define SWZ_TILE_EXT_STORE_T_TAKES(g, ld, row0, col0, rows, cols) 0
#endif

enum {
    /* incremental offsets (doc block): load/store, store_t */
    SWZ__TN(__INC_LS) = (SWZ_TILE_XOR_LINEAR) && SWZ_IS_POW2(SWZ_TILE_THREADS) &&
                        SWZ_IS_POW2((SWZ_TILE_COLS) / SWZ__TN(_VEC)),
    SWZ__TN(__INC_T) = (SWZ_TILE_XOR_LINEAR) && SWZ_IS_POW2(SWZ_TILE_THREADS) &&
                       SWZ_IS_POW2(SWZ__TN(__NCW)) && !(SWZ_TILE_EXT_ROTATES)
};

/* Item maps, shared by the device code and the model. */
SWZ_FN void SWZ__TN(_item)(int i, int *r, int *c)
{
    *r = i / ((SWZ_TILE_COLS) / SWZ__TN(_VEC));
    *c = (i % ((SWZ_TILE_COLS) / SWZ__TN(_VEC))) * SWZ__TN(_VEC);
}
/* store_t item i -> first tile row q*VEC_T, first tile column cw*RW, and the rotation of its
 * reads (SWZ_TILE_EXT_ROT). */
SWZ_FN void SWZ__TN(_t_item)(int i, int *r, int *c, int *rot)
{
    const int ql = i % SWZ__TN(_NQ), rest = i / SWZ__TN(_NQ);
    const int cw = rest % SWZ__TN(__NCW), qh = rest / SWZ__TN(__NCW);
    *r = (qh * SWZ__TN(_NQ) + ql) * SWZ__TN(_VEC_T);
    *c = cw * SWZ__TN(__RW);
    *rot = SWZ_TILE_EXT_ROT(ql);
}

/* Element offsets of a thread's items, incremental where the doc block says (INC_LS, INC_T),
 * in full elsewhere; the device copies and the model use these, the model beside the full
 * form.  Item i's R and X are the sum and XOR of the constants of i's set bits (item(i) = XOR
 * of item(2^k)): the thread's base (i = tid, bits below THREADS) is one select per bit, the
 * same for every layout, and a step (i = j*THREADS) folds to a constant once the loops unroll
 * (in the edge paths' loops, one select per bit of j).  Where a step's X has no bit that any
 * base can have (the OR of the bases' constants), base ^ step = base + step, which the
 * compiler folds into the shared access's address immediate.  load/store ... */
/* The first row and column of item i of the load/store map (t 0) or of the store_t map (t 1). */
SWZ_FN void SWZ__TN(__item_rc)(int t, int i, int *r, int *c)
{
    int rot;
    if (t) SWZ__TN(_t_item)(i, r, c, &rot);
    else SWZ__TN(_item)(i, r, c);
}
/* R and X of item i of map t from the constants of its set bits k in [from, lim). */
SWZ_FN swz_tile_base SWZ__TN(__bits)(int t, int i, int from, int lim)
{
    swz_tile_base b = {0u, 0u};
    int r, c, k;
    SWZ__TILE_UNROLL
    for (k = from; k < lim; k <<= 1) {
        SWZ__TN(__item_rc)(t, k, &r, &c);
        if (i & k) b.r += SWZ__TILE_RPART(r), b.x ^= SWZ__TILE_XPART(r, c);
    }
    return b;
}
/* The offset of base b plus step s of map t: base ^ step, as an add where the step's X has no
 * bit that any base's X can have (the OR of the constants of the bits below THREADS). */
SWZ_FN uint32_t SWZ__TN(__inc_off)(int t, swz_tile_base b, swz_tile_base s)
{
    uint32_t m = 0u;
    int r, c, k;
    SWZ__TILE_UNROLL
    for (k = 1; k < (SWZ_TILE_THREADS); k <<= 1) {
        SWZ__TN(__item_rc)(t, k, &r, &c);
        m |= SWZ__TILE_XPART(r, c);
    }
    return b.r + s.r + ((s.x & m) ? (b.x ^ s.x) : (b.x + s.x));
}
SWZ_FN swz_tile_base SWZ__TN(_base)(int tid)
{
    swz_tile_base b;
    int r, c;
    if (SWZ__TN(__INC_LS)) return SWZ__TN(__bits)(0, tid, 1, SWZ_TILE_THREADS);
    SWZ__TN(_item)(tid, &r, &c);
    b.r = SWZ__TILE_RPART(r);
    b.x = SWZ__TILE_XPART(r, c);
    return b;
}
SWZ_FN uint32_t SWZ__TN(_offset)(swz_tile_base b, int tid, int j)
{
    int r, c;
    if (SWZ__TN(__INC_LS))
        return SWZ__TN(__inc_off)(0, b, SWZ__TN(__bits)(0, j * (SWZ_TILE_THREADS), SWZ_TILE_THREADS,
                                                        2 * SWZ__TN(__PR) * (SWZ_TILE_THREADS)));
    SWZ__TN(_item)(tid + j * (SWZ_TILE_THREADS), &r, &c);
    return (uint32_t)(SWZ_TILE_LAYOUT(r, c));
}
/* ... store_t: row kk of item tid + j*THREADS (kk < VEC_T, in the extension's read order). */
SWZ_FN swz_tile_base SWZ__TN(_t_base)(int tid)
{
    swz_tile_base b;
    int r, c, rot;
    if (SWZ__TN(__INC_T)) return SWZ__TN(__bits)(1, tid, 1, SWZ_TILE_THREADS);
    SWZ__TN(_t_item)(tid, &r, &c, &rot);
    b.r = SWZ__TILE_RPART(r);
    b.x = SWZ__TILE_XPART(r, c);
    return b;
}
SWZ_FN uint32_t SWZ__TN(__t_off)(swz_tile_base b, int tid, int j, int kk)
{
    int r, c, rot;
    if (SWZ__TN(__INC_T)) {
        swz_tile_base s =
            SWZ__TN(__bits)(1, j * (SWZ_TILE_THREADS), SWZ_TILE_THREADS, 2 * SWZ__TN(__PT) * (SWZ_TILE_THREADS));
        s.r += SWZ__TILE_RPART(kk); /* the row kk of the item: rows r ^ kk, X(kk, 0) */
        s.x ^= SWZ__TILE_XPART(kk, 0);
        return SWZ__TN(__inc_off)(1, b, s);
    }
    SWZ__TN(_t_item)(tid + j * (SWZ_TILE_THREADS), &r, &c, &rot);
    return (uint32_t)(SWZ_TILE_LAYOUT(r + kk, c));
}

#if defined(SWZ_TILE_DEVICE)

/* 1 when the whole tile at (row0, col0) lies inside the matrix and rows are aligned for
 * vec-element vectors: the copy then runs without any bounds test. */
SWZ_TILE_DFN int SWZ__TN(__fast)(const void *g, int64_t ld, int64_t row0, int64_t col0,
                                 int64_t rows, int64_t cols, int vec, int nr, int nc)
{
    return SWZ__TN(_vec_ok)(g, ld, col0, vec) && row0 >= 0 && col0 >= 0 && row0 + nr <= rows &&
           col0 + nc <= cols;
}

/* One vector of the load/store side, element by element where the edge cuts it. */
SWZ_TILE_DFN void SWZ__TN(__get_edge)(swz_tile_v16 *v, const char *p, int64_t gr, int64_t gc,
                                      int64_t rows, int64_t cols, int vec, int n)
{
    enum { kE = SWZ__TN(__E) };
    v->q = make_uint4(0u, 0u, 0u, 0u);
    if ((uint64_t)gr >= (uint64_t)rows) return;
    if (vec && gc >= 0 && gc + n <= cols) {
        SWZ_TILE_EXT_GLOBAL_LOAD(v, 0, p, n * kE);
        return;
    }
#pragma unroll
    for (int x = 0; x < 16 / kE; ++x)
        if (x < n && (uint64_t)(gc + x) < (uint64_t)cols) SWZ_TILE_EXT_GLOBAL_LOAD(v, x, p + x * kE, kE);
}
SWZ_TILE_DFN void SWZ__TN(__put_edge)(char *p, const swz_tile_v16 *v, int64_t gr, int64_t gc,
                                      int64_t rows, int64_t cols, int vec, int n)
{
    enum { kE = SWZ__TN(__E) };
    if ((uint64_t)gr >= (uint64_t)rows) return;
    if (vec && gc >= 0 && gc + n <= cols) {
        SWZ_TILE_EXT_GLOBAL_STORE(p, v, 0, n * kE);
        return;
    }
#pragma unroll
    for (int x = 0; x < 16 / kE; ++x)
        if (x < n && (uint64_t)(gc + x) < (uint64_t)cols) SWZ_TILE_EXT_GLOBAL_STORE(p + x * kE, v, x, kE);
}

/* load (DIR 0: global g -> shared s) and store (DIR 1: shared s -> global g), one body: src
 * is the side read, dst the side written (g or s by DIR, a constant once inlined). */
SWZ_TILE_DFN void SWZ__TN(__copy)(const int dir, const char *src, char *dst, int64_t ld,
                                  int64_t row0, int64_t col0, int64_t rows, int64_t cols)
{
    enum { kE = SWZ__TN(__E), kVR = SWZ__TN(_VEC), kNR = SWZ__TN(__NR), kPR = SWZ__TN(__PR),
           kBR = SWZ__TN(_BATCH), kTH = (SWZ_TILE_THREADS) };
    const int tid = SWZ_TILE_TID();
    const void *g = dir == 0 ? (const void *)src : (const void *)dst;
    if (tid >= kTH) return;
    const swz_tile_base sb0 = SWZ__TN(_base)(tid);
    SWZ_TILE_EXT_COPY_FIRST(dir, src, dst, g, ld, row0, col0, rows, cols) /* an extension's path */
    if (SWZ__TN(__fast)(g, ld, row0, col0, rows, cols, kVR, SWZ_TILE_ROWS, SWZ_TILE_COLS)) {
        const int64_t g0 = (row0 * ld + col0) * kE; /* the tile's origin in g, bytes */
#pragma unroll
        for (int j0 = 0; j0 < kPR; j0 += kBR) {
            swz_tile_v16 v[kBR];
#pragma unroll
            for (int b = 0; b < kBR; ++b) {
                const int i = tid + (j0 + b) * kTH;
                int r, c;
                if (j0 + b >= kPR || (kNR % kTH != 0 && i >= kNR)) continue;
                SWZ__TN(_item)(i, &r, &c);
                if (dir == 0)
                    SWZ_TILE_EXT_GLOBAL_LOAD(&v[b], 0, src + g0 + ((int64_t)r * ld + c) * kE, kVR * kE);
                else
                    swz_tile_get(&v[b], 0, src + (size_t)SWZ__TN(_offset)(sb0, tid, j0 + b) * kE, kVR * kE);
            }
#pragma unroll
            for (int b = 0; b < kBR; ++b) {
                const int i = tid + (j0 + b) * kTH;
                int r, c;
                if (j0 + b >= kPR || (kNR % kTH != 0 && i >= kNR)) continue;
                SWZ__TN(_item)(i, &r, &c);
                if (dir == 0)
                    swz_tile_shared_store(dst + (size_t)SWZ__TN(_offset)(sb0, tid, j0 + b) * kE, &v[b], 0, kVR * kE);
                else
                    SWZ_TILE_EXT_GLOBAL_STORE(dst + g0 + ((int64_t)r * ld + c) * kE, &v[b], 0, kVR * kE);
            }
        }
    } else if (SWZ_TILE_EXT_COPY_TAKES(dir, g, ld, row0, col0, rows, cols)) { /* an extension's path */
#if defined(SWZ_TILE_EXT)
#define SWZ_TILE_EXT_AT SWZ_TILE_AT_COPY
#include SWZ_TILE_EXT
#undef SWZ_TILE_EXT_AT
#endif
    } else { /* edges, or misaligned rows no extension takes: one vector at a time, bounds on
                every element */
        const int vec = SWZ__TN(_vec_ok)(g, ld, col0, kVR);
#pragma unroll 1
        for (int i = tid, j = 0; i < kNR; i += kTH, ++j) {
            swz_tile_v16 v;
            int r, c;
            SWZ__TN(_item)(i, &r, &c);
            const int64_t gr = row0 + r, gc = col0 + c;
            const size_t so = (size_t)SWZ__TN(_offset)(sb0, tid, j) * kE;
            if (dir == 0) {
                SWZ__TN(__get_edge)(&v, src + (gr * ld + gc) * kE, gr, gc, rows, cols, vec, kVR);
                swz_tile_shared_store(dst + so, &v, 0, kVR * kE);
            } else {
                swz_tile_get(&v, 0, src + so, kVR * kE);
                SWZ__TN(__put_edge)(dst + (gr * ld + gc) * kE, &v, gr, gc, rows, cols, vec, kVR);
            }
        }
    }
}
SWZ_TILE_DFN void SWZ__TN(_load)(SWZ_TILE_ELEM *s, const SWZ_TILE_ELEM *g, int64_t ld,
                                 int64_t row0, int64_t col0, int64_t rows, int64_t cols)
{
    SWZ__TN(__copy)(0, (const char *)g, (char *)s, ld, row0, col0, rows, cols);
}
SWZ_TILE_DFN void SWZ__TN(_store)(const SWZ_TILE_ELEM *s, SWZ_TILE_ELEM *g, int64_t ld,
                                  int64_t row0, int64_t col0, int64_t rows, int64_t cols)
{
    SWZ__TN(__copy)(1, (const char *)s, (char *)g, ld, row0, col0, rows, cols);
}

/* store_t, one item (tid + j*THREADS, base b0): the VEC_T shared reads (rows in an extension's
 * rotated order: row (k + rot) mod VEC_T into w[k]) ... */
SWZ_TILE_DFN void SWZ__TN(_t_read)(swz_tile_v16 *w, const char *sb, swz_tile_base b0, int tid,
                                   int j, int rot)
{
    enum { kE = SWZ__TN(__E), kVT = SWZ__TN(_VEC_T), kRA = SWZ__TN(_READ_BYTES) };
#pragma unroll
    for (int k = 0; k < kVT; ++k) {
        const int kk = (SWZ_TILE_EXT_ROTATES) ? ((k + rot) & (kVT - 1)) : k;
        swz_tile_get(&w[k], 0, sb + (size_t)SWZ__TN(__t_off)(b0, tid, j, kk) * kE, kRA);
    }
}
/* ... and output vector p (elements p of each read, VEC_T of them). */
SWZ_TILE_DFN void SWZ__TN(_t_vector)(swz_tile_v16 *o, const swz_tile_v16 *w, int p)
{
    enum { kE = SWZ__TN(__E), kVT = SWZ__TN(_VEC_T), kRW = SWZ__TN(__RW) };
    o->q = make_uint4(0u, 0u, 0u, 0u);
    if (kRW == 1) {
#pragma unroll
        for (int k = 0; k < kVT; ++k) swz__tile_mov(o, k, &w[k], 0, kE);
    } else if (kE == 2) {
#pragma unroll
        for (int j = 0; j < kVT / 2 && j < 4; ++j)
            o->w[j] = swz__tile_prmt(w[2 * j].w[0], w[2 * j + 1].w[0], p ? 0x7632u : 0x5410u);
    } else { /* kE == 1 */
        const unsigned sel = (unsigned)p | ((unsigned)(p + 4) << 4);
#pragma unroll
        for (int j = 0; j < kVT / 4 && j < 4; ++j) {
            const unsigned lo = swz__tile_prmt(w[4 * j].w[0], w[4 * j + 1].w[0], sel);
            const unsigned hi = swz__tile_prmt(w[4 * j + 2].w[0], w[4 * j + 3].w[0], sel);
            o->w[j] = swz__tile_prmt(lo, hi, 0x5410u);
        }
    }
}

/* ... and the reads of one step of the loop: items tid + (j0 + b)*THREADS (b < BT) into w[b];
 * with zero, w[b] of an item past the tile is zeros. */
SWZ_TILE_DFN void SWZ__TN(_t_reads)(swz_tile_v16 (*w)[SWZ__TN(_VEC_T)], const char *sb, swz_tile_base tb0,
                                    int tid, int j0, int zero)
{
    enum { kVT = SWZ__TN(_VEC_T), kNT = SWZ__TN(__NT), kPT = SWZ__TN(__PT), kBT = SWZ__TN(__BT),
           kTH = (SWZ_TILE_THREADS) };
#pragma unroll
    for (int b = 0; b < kBT; ++b) {
        const int i = tid + (j0 + b) * kTH;
        int r, c, rot;
        if (zero)
#pragma unroll
            for (int k = 0; k < kVT; ++k) w[b][k].q = make_uint4(0u, 0u, 0u, 0u);
        if (j0 + b >= kPT || (kNT % kTH != 0 && i >= kNT)) continue;
        SWZ__TN(_t_item)(i, &r, &c, &rot);
        SWZ__TN(_t_read)(w[b], sb, tb0, tid, j0 + b, rot);
    }
}

SWZ_TILE_DFN void SWZ__TN(_store_t)(const SWZ_TILE_ELEM *s, SWZ_TILE_ELEM *g, int64_t ld,
                                    int64_t row0, int64_t col0, int64_t rows, int64_t cols)
{
    enum { kE = SWZ__TN(__E), kVT = SWZ__TN(_VEC_T), kRW = SWZ__TN(__RW), kNT = SWZ__TN(__NT),
           kPT = SWZ__TN(__PT), kBT = SWZ__TN(__BT), kTH = (SWZ_TILE_THREADS) };
    const int tid = SWZ_TILE_TID();
    const char *sb = (const char *)s;
    if (tid >= kTH) return;
    /* output rows row0 .. row0+COLS-1, columns col0 .. col0+ROWS-1 */
    SWZ_TILE_EXT_STORE_T_FIRST(sb, g, ld, row0, col0, rows, cols) /* an extension's path */
    if (SWZ__TN(__fast)(g, ld, row0, col0, rows, cols, kVT, SWZ_TILE_COLS, SWZ_TILE_ROWS)) {
        char *gb = (char *)(g + row0 * ld + col0);
        const swz_tile_base tb0 = SWZ__TN(_t_base)(tid);
#pragma unroll
        for (int j0 = 0; j0 < kPT; j0 += kBT) {
            swz_tile_v16 w[kBT][kVT];
            SWZ__TN(_t_reads)(w, sb, tb0, tid, j0, 0);
#pragma unroll
            for (int b = 0; b < kBT; ++b) {
                const int i = tid + (j0 + b) * kTH;
                int r, c, rot;
                if (j0 + b >= kPT || (kNT % kTH != 0 && i >= kNT)) continue;
                SWZ__TN(_t_item)(i, &r, &c, &rot);
                if (SWZ_TILE_EXT_ROTATES) SWZ_TILE_EXT_UNROT(w[b], rot);
#pragma unroll
                for (int p = 0; p < kRW; ++p) {
                    swz_tile_v16 o;
                    SWZ__TN(_t_vector)(&o, w[b], p);
                    SWZ_TILE_EXT_GLOBAL_STORE(gb + ((int64_t)(c + p) * ld + r) * kE, &o, 0, kVT * kE);
                }
            }
        }
    } else if (SWZ_TILE_EXT_STORE_T_TAKES(g, ld, row0, col0, rows, cols)) { /* an extension's path */
#if defined(SWZ_TILE_EXT)
#define SWZ_TILE_EXT_AT SWZ_TILE_AT_STORE_T
#include SWZ_TILE_EXT
#undef SWZ_TILE_EXT_AT
#endif
    } else {
        const int vec = SWZ__TN(_vec_ok)(g, ld, col0, kVT);
        const swz_tile_base tb0 = SWZ__TN(_t_base)(tid);
        char *gb = (char *)g;
#pragma unroll 1
        for (int i = tid, j = 0; i < kNT; i += kTH, ++j) {
            swz_tile_v16 w[kVT];
            int r, c, rot;
            SWZ__TN(_t_item)(i, &r, &c, &rot);
            SWZ__TN(_t_read)(w, sb, tb0, tid, j, rot);
            if (SWZ_TILE_EXT_ROTATES) SWZ_TILE_EXT_UNROT(w, rot);
#pragma unroll
            for (int p = 0; p < kRW; ++p) {
                swz_tile_v16 o;
                const int64_t gr = row0 + c + p, gc = col0 + r;
                SWZ__TN(_t_vector)(&o, w, p);
                SWZ__TN(__put_edge)(gb + (gr * ld + gc) * kE, &o, gr, gc, rows, cols, vec, kVT);
            }
        }
    }
}

#endif /* SWZ_TILE_DEVICE */

/* Host model: the shared instructions of one call over a whole tile. */
static inline int SWZ__TN(_model)(int op, swz_tile_cost *cost)
{
    enum { kE = SWZ__TN(__E), kVR = SWZ__TN(_VEC), kVT = SWZ__TN(_VEC_T), kRW = SWZ__TN(__RW),
           kRA = SWZ__TN(_READ_BYTES), kNR = SWZ__TN(__NR), kNT = SWZ__TN(__NT),
           kPR = SWZ__TN(__PR), kPT = SWZ__TN(__PT), kTH = (SWZ_TILE_THREADS) };
    uint32_t addr[32], mask;
    int w, j, l, k, x;
    if (op == SWZ_TILE_OP_LOAD || op == SWZ_TILE_OP_STORE) {
        swz_tile_cost_init(cost, (uint32_t)(kVR * kE));
        for (w = 0; w < kTH / 32; ++w)
            for (j = 0; j < kPR; ++j) {
                mask = 0u;
                for (l = 0; l < 32; ++l) {
                    const int i = w * 32 + l + j * kTH;
                    int r, c;
                    uint32_t base;
                    addr[l] = 0u;
                    if (i >= kNR) continue;
                    SWZ__TN(_item)(i, &r, &c);
                    base = (uint32_t)(SWZ_TILE_LAYOUT(r, c));
                    /* the copies' incremental offset (where it applies) is the layout's */
                    if (SWZ__TN(__INC_LS) && SWZ__TN(_offset)(SWZ__TN(_base)(w * 32 + l), w * 32 + l, j) != base)
                        cost->status = SWZ_EKIND;
                    for (x = 0; x < kVR; ++x) /* the vector group must stay whole and aligned */
                        if ((uint32_t)(SWZ_TILE_LAYOUT(r, c + x)) != base + (uint32_t)x)
                            cost->status = SWZ_EALIGN;
                    addr[l] = base * (uint32_t)kE;
                    mask |= 1u << l;
                }
                if (cost->status != SWZ_OK) return cost->status;
                /* LOAD writes the tile (shared stores, which never pair: bank.h R7) */
                swz_tile_cost_add(cost, addr, mask, (kVR * kE) | (op == SWZ_TILE_OP_LOAD ? SWZ_STORE : 0));
            }
        return cost->status;
    }
    if (op == SWZ_TILE_OP_STORE_T) {
        swz_tile_cost_init(cost, (uint32_t)kRA);
        for (w = 0; w < kTH / 32; ++w)
            for (j = 0; j < kPT; ++j)
                for (k = 0; k < kVT; ++k) {
                    mask = 0u;
                    for (l = 0; l < 32; ++l) {
                        const int i = w * 32 + l + j * kTH;
                        int r, c, rot, kk;
                        uint32_t base;
                        addr[l] = 0u;
                        if (i >= kNT) continue;
                        SWZ__TN(_t_item)(i, &r, &c, &rot);
                        kk = (SWZ_TILE_EXT_ROTATES) ? ((k + rot) & (kVT - 1)) : k;
                        base = (uint32_t)(SWZ_TILE_LAYOUT(r + kk, c));
                        if (SWZ__TN(__INC_T) &&
                            SWZ__TN(__t_off)(SWZ__TN(_t_base)(w * 32 + l), w * 32 + l, j, kk) != base)
                            cost->status = SWZ_EKIND;
                        for (x = 0; x < kRW; ++x)
                            if ((uint32_t)(SWZ_TILE_LAYOUT(r + kk, c + x)) != base + (uint32_t)x)
                                cost->status = SWZ_EALIGN;
                        addr[l] = base * (uint32_t)kE;
                        mask |= 1u << l;
                    }
                    if (cost->status != SWZ_OK) return cost->status;
                    swz_tile_cost_add(cost, addr, mask, kRA);
                }
        return cost->status;
    }
    swz_tile_cost_init(cost, 0u);
    cost->status = SWZ_EKIND;
    return SWZ_EKIND;
}

/* The extension's end (its host code, its #undefs). */
#if defined(SWZ_TILE_EXT)
#define SWZ_TILE_EXT_AT SWZ_TILE_AT_END
#include SWZ_TILE_EXT
#undef SWZ_TILE_EXT_AT
#endif

#undef SWZ__TN
#undef SWZ_TILE_NAME
#undef SWZ_TILE_ELEM
#undef SWZ_TILE_ROWS
#undef SWZ_TILE_COLS
#undef SWZ_TILE_THREADS
#undef SWZ_TILE_LAYOUT
#undef SWZ_TILE_LINEAR
#undef SWZ_TILE_LINEAR_PAD
#undef SWZ__TILE_APPLY
#undef SWZ_TILE_XOR_LINEAR
#undef SWZ__TILE_RPART
#undef SWZ__TILE_XPART
#undef SWZ_TILE_VBYTES
#undef SWZ_TILE_EXT
#undef SWZ_TILE_EXT_GLOBAL_LOAD
#undef SWZ_TILE_EXT_GLOBAL_STORE
#undef SWZ_TILE_EXT_ROTATES
#undef SWZ_TILE_EXT_ROT
#undef SWZ_TILE_EXT_UNROT
#undef SWZ_TILE_EXT_COPY_FIRST
#undef SWZ_TILE_EXT_STORE_T_FIRST
#undef SWZ_TILE_EXT_COPY_TAKES
#undef SWZ_TILE_EXT_STORE_T_TAKES
#endif /* SWZ_TILE_NAME */
