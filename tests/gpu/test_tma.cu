/* tests/gpu/test_tma.cu -- swz/tma.h on the GPU: real TMA loads and stores in every swizzle
 * mode land where swz_tma_offset says, the alignment check fires, and wgmma reads
 * TMA-written tiles through swz_wgmma_desc.
 *
 *   load    for every element size TMA has (1, 2, 4, 8 bytes), every mode (none, 32, 64,
 *           128 B), inner boxes of the full span (none: several widths), several box heights,
 *           2-D and batched 3-D maps, three shared base offsets (multiples of the mode's
 *           alignment) and origins inside, across the ragged edges and before column 0 (inner
 *           coordinates on 16-byte units: an unaligned inner start faults on the H200, which
 *           the probes show without failing): one
 *           TMA load of a random matrix into a poisoned shared buffer, read back element by
 *           element through swz_tma_offset (none: r*W + c); every element must equal the
 *           matrix (zero outside it).
 *   store   the same cases the other way: the kernel writes a random box through
 *           swz_tma_offset, TMA stores it into a poisoned matrix; the box's elements inside the
 *           matrix must be there, every other byte still poison.
 *   align   swz_tma_check_smem refuses a 128-B-aligned address for the 32/64/128 modes (and
 *           accepts 8*S); a child process (this program, 'trap-child') loads into a buffer
 *           1024-aligned + 128 with mode 128 and must die of the device check's trap, having
 *           printed the report that names swz_tma_load_2d, the buffer's shared address and the
 *           1024 bytes mode 128 needs; test-tma-release (the same program with -DNDEBUG: the
 *           check is not compiled out, and tma.h's default for sm_90a code, no printf) must die
 *           of cudaErrorMisalignedAddress.
 *   wgmma   per mode, D(64 x 64) = A(64 x 64) B with A K-major and B K-major (bf16) or
 *           MN-major (f16), both loaded by TMA as panels of max(S, 16) bytes, against a CPU
 *           product; the inputs are small integers, so every sum is exact and the check is
 *           equality.
 *   probes  one copy per process (a fault names its copy): the GEMM's box, the walk's kinds of
 *           boxes, and (informational) boxes whose inner start is not on a 16-byte unit, which
 *           swz_tma_check_origin refuses by name.
 * The plan's refusals and the descriptors' layout are proven on the host (tests/host/test_tma.c).
 * Modes: all (default: probes, every (element size, mode) group in a child process, align,
 * wgmma; 'all --quick' for compute-sanitizer: fewer cases, every group in this process, no
 * child), load (= store: one walk does both), align, wgmma, trap-child, group D M, probe OP DT
 * MODE RANK BC BR BB C0 C1 C2 ROWS COLS LD_BYTES OFF_K (one copy), probes [FILE] (those of FILE,
 * one per line, informational).  Exit 77 without a GPU.
 */
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <math.h>
#include <unistd.h>
#include <sys/wait.h>

/* The misaligned-copy report in the sm_90a code too, which the GPU runs: tma.h leaves it out
 * there by default because its printf makes ptxas serialize a kernel's wgmma; k_wgmma checks
 * results, not speed.  test-tma-release keeps tma.h's default (TEST_TMA_DEFAULT_REPORT): its
 * sm_90a code stops the kernel with a misaligned shared load instead. */
#if !defined(TEST_TMA_DEFAULT_REPORT)
#define SWZ_TMA_REPORT 1
#endif
#include <swz/tma.h>

#include "gpu_util.h"

static int failures = 0;
static int quick = 0;

/* ---- kernels --------------------------------------------------------------------------- */

struct box_args {
    uint32_t mode, off, bytes, rank, E, bc, br, bb;
    int32_t c0, c1, c2;
};

/* Element offset of box element (row R of the stacked rows, col c) as swz says. */
static __device__ uint32_t box_offset(const box_args &a, uint32_t R, uint32_t c)
{
    return a.mode ? swz_tma_offset(a.bc, a.E, a.mode, R, c) : R * a.bc + c;
}

static __device__ unsigned char *tile_of(unsigned char *smem, const box_args &a)
{
    return (unsigned char *)swz_tma_align_up(smem, 128u) + a.off;
}

/* Poison the whole dynamic buffer with 0xA5, then order it before the async proxy. */
static __device__ void poison_smem(unsigned char *smem, uint32_t n)
{
    for (uint32_t i = threadIdx.x; i < n; i += blockDim.x) smem[i] = 0xA5;
    swz_fence_proxy_async();
    __syncthreads();
}

__global__ void k_load(const __grid_constant__ CUtensorMap map, box_args a, uint32_t smem_bytes,
                       unsigned char *out)
{
    extern __shared__ __align__(1024) unsigned char smem[];
    __shared__ uint64_t bar;
    unsigned char *tile = tile_of(smem, a);
    poison_smem(smem, smem_bytes);
    if (threadIdx.x == 0) {
        swz_mbar_init(&bar, 1);
        swz_fence_mbar_init();
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        swz_tma_prefetch(&map);
        swz_mbar_expect_tx(&bar, a.bytes);
        if (a.rank == 2) swz_tma_load_2d(tile, &map, a.mode, &bar, a.c0, a.c1);
        else swz_tma_load_3d(tile, &map, a.mode, &bar, a.c0, a.c1, a.c2);
    }
    swz_mbar_wait(&bar, 0);
    uint32_t n = a.bc * a.br * a.bb;
    for (uint32_t i = threadIdx.x; i < n; i += blockDim.x) {
        uint32_t o = box_offset(a, i / a.bc, i % a.bc);
        for (uint32_t b = 0; b < a.E; ++b) out[(size_t)i * a.E + b] = tile[(size_t)o * a.E + b];
    }
}

/* The shared addresses the load kernel computes (no copy): tile, its offset mod 1024, bar. */
__global__ void k_addr(box_args a, uint32_t *out)
{
    extern __shared__ __align__(1024) unsigned char smem[];
    __shared__ uint64_t bar;
    unsigned char *tile = tile_of(smem, a);
    if (threadIdx.x == 0) {
        out[0] = swz_smem_addr(tile);
        out[1] = swz_smem_addr(tile) % 1024u;
        out[2] = swz_smem_addr(&bar);
        out[3] = swz_smem_addr(smem);
    }
}

__global__ void k_store(const __grid_constant__ CUtensorMap map, box_args a, const unsigned char *in)
{
    extern __shared__ __align__(1024) unsigned char smem[];
    unsigned char *tile = tile_of(smem, a);
    uint32_t n = a.bc * a.br * a.bb;
    for (uint32_t i = threadIdx.x; i < n; i += blockDim.x) {
        uint32_t o = box_offset(a, i / a.bc, i % a.bc);
        for (uint32_t b = 0; b < a.E; ++b) tile[(size_t)o * a.E + b] = in[(size_t)i * a.E + b];
    }
    swz_fence_proxy_async();
    __syncthreads();
    if (threadIdx.x == 0) {
        if (a.rank == 2) swz_tma_store_2d(&map, a.mode, tile, a.c0, a.c1);
        else swz_tma_store_3d(&map, a.mode, tile, a.c0, a.c1, a.c2);
        swz_tma_commit();
        SWZ_TMA_WAIT(0);
    }
}

/* ---- load / store cases ------------------------------------------------------------------ */

struct mat {
    int dtype;
    uint32_t E;
    uint64_t batch, rows, cols, ld, bstride; /* elements */
    size_t bytes;
};

/* rows x cols of dtype (batch of them); ld_bytes 0: a padded leading dimension (cols + 32 bytes,
 * rounded up to 16 bytes). */
static mat mat_make(int dtype, uint64_t batch, uint64_t rows, uint64_t cols, uint64_t ld_bytes)
{
    mat m;
    m.dtype = dtype;
    m.E = swz_tma_dtype_bytes(dtype);
    m.batch = batch;
    m.rows = rows;
    m.cols = cols;
    m.ld = ld_bytes ? ld_bytes / m.E : ((cols * m.E + 32u + 15u) / 16u * 16u) / m.E;
    m.bstride = (rows + 3u) * m.ld;
    m.bytes = (size_t)(m.bstride * batch) * m.E;
    return m;
}

/* One case: the matrix, the box and its origin, the shared offset (off_k x the mode's
 * alignment), and which copies run (a probe runs one, so a fault names its copy). */
struct tcase {
    int dtype;
    uint32_t mode, rank, bc, br, bb, off_k;
    int32_t c0, c1, c2;
    uint64_t rows, cols, ld_bytes;
    int load, store;
    int probe; /* 1: run a store whose origin swz_tma_check_store_origin refuses (to see the hardware) */
};

/* Global element index of box element (b, r, c) at origin (c0, c1, c2), or -1 outside. */
static int64_t global_index(const mat &m, const box_args &a, uint32_t b, uint32_t r, uint32_t c)
{
    int64_t gb = (int64_t)a.c2 + b, gr = (int64_t)a.c1 + r, gc = (int64_t)a.c0 + c;
    if (gb < 0 || gr < 0 || gc < 0 || gb >= (int64_t)m.batch || gr >= (int64_t)m.rows || gc >= (int64_t)m.cols)
        return -1;
    return gb * (int64_t)m.bstride + gr * (int64_t)m.ld + gc;
}

static int plan_map(CUtensorMap *map, swz_tma_plan *p, const mat &m, const void *dptr, uint32_t rank, uint32_t bb,
                    uint32_t br, uint32_t bc, uint32_t mode)
{
    int e = rank == 2 ? swz_tma_map_2d(map, p, m.dtype, dptr, m.rows, m.cols, m.ld, br, bc, mode)
                      : swz_tma_map_3d(map, p, m.dtype, dptr, m.batch, m.rows, m.cols, m.ld, m.bstride, bb, br, bc,
                                       mode);
    if (e != SWZ_OK) {
        char why[200];
        swz_error_format(&p->error, why, sizeof why);
        EXPECT(0, "map E=%u mode=%u box %ux%ux%u: %s", m.E, mode, bb, br, bc, why);
    }
    return e;
}

static int cases_run = 0, cases_failed = 0, shown = 0;

/* EXPECT for the walk's cases: every failure counts, the first 4 of a process are printed. */
#define CASE_EXPECT(cond, ...)                                                                   \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            if (++shown <= 4) EXPECT(0, __VA_ARGS__);                                            \
            else ++failures;                                                                     \
        }                                                                                        \
    } while (0)

static int run_case(test_rng *rng, const tcase &t)
{
    const int before = failures;
    mat m = mat_make(t.dtype, t.rank == 3 ? 3u : 1u, t.rows, t.cols, t.ld_bytes);
    unsigned char *hm = (unsigned char *)malloc(m.bytes), *dm = NULL, *dbox = NULL;
    rng_bytes(rng, hm, m.bytes);
    CUDA_CHECK(cudaMalloc(&dm, m.bytes));
    CUDA_CHECK(cudaMemcpy(dm, hm, m.bytes, cudaMemcpyHostToDevice));
    CUtensorMap map;
    swz_tma_plan p;
    if (plan_map(&map, &p, m, dm, t.rank, t.bb, t.br, t.bc, t.mode) != SWZ_OK) {
        cudaFree(dm);
        free(hm);
        return 1;
    }
    EXPECT(p.mode == t.mode, "plan mode %u, asked %u", p.mode, t.mode);
    int store = t.store;
    {
        swz_error oe;
        char why[200];
        swz_error_clear(&oe);
        if (swz_tma_check_origin(&oe, &p, t.c0) != SWZ_OK) { /* a probe of the rule: the named refusal, then the copy */
            swz_error_format(&oe, why, sizeof why);
            printf("origin c0=%d refused by swz_tma_check_origin: %s\n", t.c0, why);
            fflush(stdout);
        } else if (t.store && swz_tma_check_store_origin(&oe, &p, t.c0, t.c1, t.c2) != SWZ_OK) {
            /* the walk: a store before the matrix is refused by name (and not issued: it faults) */
            CASE_EXPECT(oe.code == SWZ_ERANGE && (t.c0 < 0 || t.c1 < 0 || t.c2 < 0),
                        "store origin (%d,%d,%d) refused with %d (%s)", t.c0, t.c1, t.c2, oe.code, oe.param);
            swz_error_format(&oe, why, sizeof why);
            if (t.probe) printf("store origin (%d,%d,%d) refused by swz_tma_check_store_origin: %s\n", t.c0, t.c1, t.c2, why);
            fflush(stdout);
            store = t.probe;
        }
    }
    box_args a;
    a.mode = t.mode;
    a.off = t.off_k * p.smem_align;
    a.bytes = p.box_bytes;
    a.rank = t.rank;
    a.E = m.E;
    a.bc = t.bc;
    a.br = t.br;
    a.bb = t.bb;
    a.c0 = t.c0;
    a.c1 = t.c1;
    a.c2 = t.c2;
    const uint32_t bc = t.bc, br = t.br, bb = t.bb, n = bc * br * bb;
    const size_t boxb = (size_t)n * m.E;
    const uint32_t smem_bytes = a.off + p.box_bytes + 1024u;
    char what[160];
    snprintf(what, sizeof what, "E=%u mode=%u rank=%u box %ux%ux%u off=%u origin (%d,%d,%d) matrix %llux%llu ld %llu B",
             m.E, t.mode, t.rank, bb, br, bc, a.off, a.c0, a.c1, a.c2, (unsigned long long)m.rows,
             (unsigned long long)m.cols, (unsigned long long)(m.ld * m.E));
    CUDA_CHECK(cudaFuncSetAttribute(k_load, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
    CUDA_CHECK(cudaFuncSetAttribute(k_store, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
    unsigned char *hbox = (unsigned char *)malloc(boxb);
    CUDA_CHECK(cudaMalloc(&dbox, boxb));
    if (t.load) { /* the box into poisoned shared memory, read back through swz_tma_offset */
        gpu_poison(dbox, boxb);
        k_load<<<1, 256, smem_bytes>>>(map, a, smem_bytes, dbox);
        CUDA_CHECK_LAUNCH();
        CUDA_CHECK(cudaMemcpy(hbox, dbox, boxb, cudaMemcpyDeviceToHost));
        int bad = 0;
        for (uint32_t i = 0; i < n && bad < 3; ++i) {
            uint32_t b = i / (bc * br), r = (i / bc) % br, c = i % bc;
            int64_t g = global_index(m, a, b, r, c);
            for (uint32_t k = 0; k < m.E; ++k) {
                unsigned char want = g < 0 ? 0 : hm[(size_t)g * m.E + k];
                if (hbox[(size_t)i * m.E + k] != want) {
                    CASE_EXPECT(0, "load %s: element (%u,%u,%u) byte %u = %02x, want %02x", what, b, r, c, k,
                           hbox[(size_t)i * m.E + k], want);
                    ++bad;
                    break;
                }
            }
        }
    }
    if (store) { /* a random box by TMA into the poisoned matrix: the box where it lands, poison elsewhere */
        rng_bytes(rng, hbox, boxb);
        CUDA_CHECK(cudaMemcpy(dbox, hbox, boxb, cudaMemcpyHostToDevice));
        gpu_poison(dm, m.bytes);
        k_store<<<1, 256, smem_bytes>>>(map, a, dbox);
        CUDA_CHECK_LAUNCH();
        unsigned char *got = (unsigned char *)malloc(m.bytes);
        CUDA_CHECK(cudaMemcpy(got, dm, m.bytes, cudaMemcpyDeviceToHost));
        /* the expected matrix: poison, the box's elements inside the matrix, and where the box
         * reaches a row's end the rest of that row's 16-byte unit (p.store_pad bytes of padding) */
        memset(hm, 0xFF, m.bytes);
        const int64_t unit_end = (int64_t)(m.cols * m.E + p.store_pad) / (int64_t)m.E; /* elements */
        for (uint32_t i = 0; i < n; ++i) {
            const int64_t gb = (int64_t)a.c2 + i / (bc * br), gr = (int64_t)a.c1 + (i / bc) % br, gc = (int64_t)a.c0 + i % bc;
            if (gb < 0 || gr < 0 || gc < 0 || gb >= (int64_t)m.batch || gr >= (int64_t)m.rows || gc >= unit_end) continue;
            memcpy(hm + (size_t)(gb * (int64_t)m.bstride + gr * (int64_t)m.ld + gc) * m.E, hbox + (size_t)i * m.E, m.E);
        }
        /* wrong bytes inside the matrix's rows, and in the padding after a row (written past cols) */
        size_t in_rows = 0, in_pad = 0, first = (size_t)-1;
        const size_t rowb = (size_t)m.cols * m.E, ldb = (size_t)m.ld * m.E;
        for (size_t k = 0; k < m.bytes; ++k)
            if (got[k] != hm[k]) {
                if (first == (size_t)-1) first = k;
                if ((k % (size_t)(m.bstride * m.E)) / ldb < m.rows && k % ldb >= rowb) ++in_pad;
                else ++in_rows;
            }
        if (first != (size_t)-1) {
            const size_t mb = first % (size_t)(m.bstride * m.E);
            CASE_EXPECT(0, "store %s: %zu wrong bytes in the rows, %zu in the row padding; first: batch %zu row %zu byte %zu = %02x, want %02x",
                   what, in_rows, in_pad, first / (size_t)(m.bstride * m.E), mb / ldb, mb % ldb, got[first], hm[first]);
        }
        free(got);
    }
    ++cases_run;
    free(hbox);
    free(hm);
    CUDA_CHECK(cudaFree(dbox));
    CUDA_CHECK(cudaFree(dm));
    if (failures != before) ++cases_failed;
    return failures != before;
}

/* The walk's case: the matrix 300 x (3*bc + 5), a padded leading dimension; origins inside
 * (edge 0), across the right and bottom edges (1), before column 0 and row 0 (2: loads; a store
 * there is refused by swz_tma_check_store_origin, as it faults on the H200), at (0, 0) (3).
 * Inner coordinates on 16-byte units (u elements): measured on the H200, a box whose inner start
 * is not 16-byte aligned faults (illegal instruction; the probes show it), so the walk keeps
 * c0*E a multiple of 16 and moves rows freely. */
static tcase walk_case(int dtype, uint32_t mode, uint32_t rank, uint32_t bc, uint32_t br, uint32_t bb,
                       uint32_t off_k, int edge)
{
    tcase t;
    const uint32_t E = swz_tma_dtype_bytes(dtype);
    const int32_t u = (int32_t)(16u / E);
    t.dtype = dtype;
    t.mode = mode;
    t.rank = rank;
    t.bc = bc;
    t.br = br;
    t.bb = bb;
    t.off_k = off_k;
    t.rows = 300;
    t.cols = 3 * bc + 5;
    t.ld_bytes = 0;
    t.c0 = edge == 0   ? (int32_t)bc
           : edge == 1 ? (int32_t)(t.cols / (uint64_t)u) * u - (int32_t)(bc / 2u / (uint32_t)u) * u
           : edge == 2 ? -u
                       : 0;
    t.c1 = edge == 0 ? 7 : edge == 1 ? (int32_t)(t.rows - br / 2) : edge == 2 ? -2 : 0;
    t.c2 = rank == 3 ? (edge == 1 ? 2 : 0) : 0;
    t.load = t.store = 1;
    t.probe = 0;
    swz_tma_plan p;
    const uint64_t ld = (t.cols * E + 15u) / 16u * 16u / E;
    EXPECT(swz_tma_plan_2d(&p, dtype, (const void *)(uintptr_t)0x100000, t.rows, t.cols, ld, br, bc, mode) == SWZ_OK &&
               swz_tma_check_origin(NULL, &p, t.c0) == SWZ_OK,
           "the walk's origin c0=%d (E=%u mode=%u box %ux%u) is refused by the plan or swz_tma_check_origin", t.c0, E, mode, br, bc);
    return t;
}

static const int dtypes[] = {SWZ_TMA_U8, SWZ_TMA_BF16, SWZ_TMA_F32, SWZ_TMA_U64};
static const uint32_t modes[] = {0u, 32u, 64u, 128u};

/* One group (element size d, mode mi) of the walk: inner widths of the span (none: 16, 48 and
 * 256 elements up to 2 KiB), heights 8, 5, 64, 256, four origins, 2-D and
 * 3-D, three shared offsets.  The parent runs each group in a child process, so a group that
 * kills its context (a trap, an illegal instruction) is reported and the others still run. */
static void test_load_store(int dsel, int msel)
{
    test_rng rng = {0x7417A5EEDull + (uint64_t)(dsel * 4 + msel)};
    const int before = failures, failed_before = cases_failed, run_before = cases_run;
    const uint32_t E = swz_tma_dtype_bytes(dtypes[dsel]), S = modes[msel];
    uint32_t widths[3], nw = 0;
    if (S) { /* a swizzled box fills its span (the plan refuses a narrower one: the H200 lays its rows out S apart) */
        widths[nw++] = S;
    } else {
        widths[nw++] = 16u;
        widths[nw++] = 48u;
        widths[nw++] = 256u * E > 2048u ? 2048u : 256u * E;
    }
    for (uint32_t w = 0; w < nw; ++w) {
        uint32_t bc = widths[w] / E;
        if (bc == 0 || bc > 256u || widths[w] % E) continue;
        const uint32_t heights[] = {8u, 5u, 64u, 256u};
        for (int h = 0; h < 4; ++h) {
            uint32_t br = heights[h];
            if ((size_t)br * widths[w] > 64u * 1024u) continue;
            for (int edge = 0; edge < 4; ++edge) {
                if (quick && (h % 2 != edge % 2)) continue;
                uint32_t off_k = (uint32_t)(edge + h) % 3u == 2u ? 3u : (uint32_t)(edge + h) % 3u;
                run_case(&rng, walk_case(dtypes[dsel], S, 2, bc, br, 1, off_k, edge));
                if (edge != 2 && h < 2) run_case(&rng, walk_case(dtypes[dsel], S, 3, bc, br, 2, off_k, edge));
            }
        }
    }
    printf("load/store E=%u mode=%u: %d cases, %s\n", E, S, cases_run - run_before,
           failures == before ? "every element matches" : "FAILURES");
    if (cases_failed != failed_before) printf("  (%d of them failed)\n", cases_failed - failed_before);
}

static void test_auto_mode(void)
{
    test_rng rng = {0x7417A5EEDull};
    int before = failures;
    /* the automatic mode, and the other 2-byte type */
    {
        swz_tma_plan p;
        const void *fake = (const void *)(uintptr_t)0x100000;
        const uint32_t inner[] = {16u, 32u, 48u, 64u, 96u, 128u, 256u};
        for (int i = 0; i < 7; ++i) {
            int e = swz_tma_plan_2d(&p, SWZ_TMA_U8, fake, 100, 4096, 4096, 8, inner[i], SWZ_TMA_AUTO);
            uint32_t want = inner[i] == 32u || inner[i] == 64u || inner[i] == 128u ? inner[i] : 0u;
            EXPECT(e == SWZ_OK && p.mode == want, "auto mode of %u inner bytes: %u (e=%d), want %u", inner[i], p.mode, e, want);
        }
        run_case(&rng, walk_case(SWZ_TMA_F16, 128u, 2, 64, 64, 1, 1, 1));
    }
    printf("auto mode and fp16: %s\n", failures == before ? "ok" : "FAILURES");
}

/* Run `self ARGS` as a child (at most `secs` seconds); its exit status (-1 when it did not exit). */
static int child(const char *self, const char *args, int secs)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "timeout -k 2 %d '%s' %s", secs, self, args);
    fflush(stdout);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Probes: one copy per process ("OP DT MODE RANK BC BR BB C0 C1 C2 ROWS COLS LD_BYTES OFF_K", DT
 * an enum swz_tma_dtype), so a fault names its copy and its parameters. */
struct probe {
    const char *args, *what;
    int must; /* 1: must pass (a case of the walk's kind); 0: informational */
};
static const probe probes[] = {
    {"load 9 128 2 64 64 1 0 0 0 64 64 0 0", "bf16 128B 64x64 at (0,0): the GEMM's box", 1},
    {"load 0 0 2 16 8 1 16 7 0 300 53 0 0", "u8 none 16x8 at (16,7)", 1},
    {"load 7 128 2 32 8 1 -4 -2 0 300 101 0 0", "f32 128B 32x8 at (-4,-2)", 1},
    {"store 0 0 2 16 8 1 0 0 0 64 64 64 0", "u8 none 16x8 at (0,0), 64x64", 1},
    {"store 0 0 2 16 8 1 16 7 0 300 53 0 0", "u8 none 16x8 at (16,7), 300x53", 1},
    {"store 0 0 2 16 8 1 48 0 0 64 53 96 0", "u8 none 16x8 at (48,0), 64x53: the row's last unit", 1},
    {"store 9 128 2 64 64 1 0 0 0 64 64 0 0", "bf16 128B 64x64 at (0,0)", 1},
    {"store 9 128 2 64 64 1 64 7 0 300 197 0 0", "bf16 128B 64x64 at (64,7), 300x197", 1},
    {"store 8 0 2 2 8 1 2 7 0 300 53 0 0", "f64 none 2x8 at (2,7)", 1},
    {"load 0 0 2 16 8 1 1 0 0 64 64 64 0", "u8 none 16x8 at (1,0): inner start not on 16 B", 0},
    {"load 7 128 2 32 8 1 -3 0 0 64 64 0 0", "f32 128B 32x8 at (-3,0): inner start not on 16 B", 0},
    {"store 0 0 2 16 8 1 -16 0 0 64 64 64 0", "u8 none 16x8 store at (-16,0): before column 0", 0},
    {"store 0 0 2 16 8 1 0 -2 0 64 64 64 0", "u8 none 16x8 store at (0,-2): before row 0", 0},
    {NULL, NULL, 0}};

static int probe_main(int argc, char **argv)
{
    if (argc < 16) return 2;
    tcase t;
    t.load = !strcmp(argv[2], "load");
    t.store = !strcmp(argv[2], "store");
    t.dtype = atoi(argv[3]);
    t.mode = (uint32_t)atoi(argv[4]);
    t.rank = (uint32_t)atoi(argv[5]);
    t.bc = (uint32_t)atoi(argv[6]);
    t.br = (uint32_t)atoi(argv[7]);
    t.bb = (uint32_t)atoi(argv[8]);
    t.c0 = atoi(argv[9]);
    t.c1 = atoi(argv[10]);
    t.c2 = atoi(argv[11]);
    t.rows = (uint64_t)atoll(argv[12]);
    t.cols = (uint64_t)atoll(argv[13]);
    t.ld_bytes = (uint64_t)atoll(argv[14]);
    t.off_k = (uint32_t)atoi(argv[15]);
    t.probe = 1;
    test_rng rng = {0x5EEDull};
    return run_case(&rng, t) ? 1 : 0;
}

/* The probes (a list from a file with 'probes FILE': one argument line each), then every group. */
static void run_probes(const char *self, const char *file)
{
    if (file) {
        FILE *f = fopen(file, "r");
        char line[512];
        while (f && fgets(line, sizeof line, f)) {
            line[strcspn(line, "\n#")] = 0;
            if (!line[0]) continue;
            char a[600];
            snprintf(a, sizeof a, "probe %s", line);
            int rc = child(self, a, 20);
            printf("probe %-44s %s (exit %d)\n", line, rc == 0 ? "ok" : "FAILED", rc);
        }
        if (f) fclose(f);
        return;
    }
    for (int i = 0; probes[i].args; ++i) {
        char a[600];
        snprintf(a, sizeof a, "probe %s", probes[i].args);
        int rc = child(self, a, 20);
        if (probes[i].must) EXPECT(rc == 0, "probe '%s' (%s): exit %d", probes[i].args, probes[i].what, rc);
        printf("probe %-44s %-52s %s\n", probes[i].args, probes[i].what,
               rc == 0 ? "ok" : probes[i].must ? "FAILED" : "faults (informational)");
    }
}

static void test_load_store_all(const char *self)
{
    {
        box_args a = {0u, 0u, 0u, 2u, 1u, 16u, 8u, 1u, 0, 0, 0};
        uint32_t *d = NULL, h[4] = {0, 0, 0, 0};
        CUDA_CHECK(cudaMalloc(&d, sizeof h));
        k_addr<<<1, 32, 4096>>>(a, d);
        CUDA_CHECK_LAUNCH();
        CUDA_CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
        CUDA_CHECK(cudaFree(d));
        printf("shared addresses: tile %#x (mod 1024: %u), bar %#x, dynamic base %#x\n", h[0], h[1], h[2], h[3]);
        EXPECT(h[1] == 0u, "the tile is not 1024-aligned");
    }
    if (quick) { /* under compute-sanitizer: in this process (a child would be instrumented too) */
        for (int d = 0; d < 4; ++d)
            for (int m = 0; m < 4; ++m) test_load_store(d, m);
        return;
    }
    run_probes(self, NULL);
    for (int d = 0; d < 4; ++d)
        for (int m = 0; m < 4; ++m) {
            char a[64];
            snprintf(a, sizeof a, "group %d %d", d, m);
            int rc = child(self, a, 60);
            EXPECT(rc == 0, "load/store group E=%u mode=%u: exit %d", swz_tma_dtype_bytes(dtypes[d]), modes[m], rc);
        }
}

/* ---- alignment ----------------------------------------------------------------------------- */

/* The child: prints where the misaligned tile sits (k_addr, the same shared layout as k_load),
 * then loads a box into it with mode 128.  Exit 3 when the kernel died, as it must. */
static int trap_child(void)
{
    mat m = mat_make(SWZ_TMA_BF16, 1, 64, 64, 0);
    void *dm = NULL;
    CUDA_CHECK(cudaMalloc(&dm, m.bytes));
    CUtensorMap map;
    swz_tma_plan p;
    if (plan_map(&map, &p, m, dm, 2, 1, 64, 64, 128u) != SWZ_OK) return 1;
    box_args a = {128u, 128u, p.box_bytes, 2u, 2u, 64u, 64u, 1u, 0, 0, 0}; /* 1024-aligned + 128 */
    unsigned char *out = NULL;
    uint32_t *addr = NULL, h[4];
    CUDA_CHECK(cudaMalloc(&out, 64 * 64 * 2));
    CUDA_CHECK(cudaMalloc(&addr, sizeof h));
    CUDA_CHECK(cudaFuncSetAttribute(k_load, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
    CUDA_CHECK(cudaFuncSetAttribute(k_addr, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
    k_addr<<<1, 32, 16384>>>(a, addr);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(h, addr, sizeof h, cudaMemcpyDeviceToHost));
    printf("trap-child: tile at shared 0x%x\n", h[0]);
    k_load<<<1, 128, 16384>>>(map, a, 16384, out);
    cudaError_t e = cudaDeviceSynchronize();
    printf("trap-child: %s\n", cudaGetErrorString(e));
    return e == cudaSuccess ? 0 : 3; /* 3: the kernel died, as it must */
}

/* The device check: in every build (NDEBUG too: test-tma-release), a copy into a misaligned
 * buffer stops the kernel and says why -- the child's output must hold the report naming the
 * function, the tile's shared address and the alignment mode 128 needs; or, with tma.h's
 * default for sm_90a code (test-tma-release, no printf), the launch's error must be the
 * misaligned address. */
static void test_align_device(const char *self)
{
    char cmd[4096], line[512], want[160] = "", report[512] = "";
    unsigned tile = 0u;
    snprintf(cmd, sizeof cmd, "timeout -k 2 20 '%s' trap-child 2>&1", self);
    fflush(stdout);
    FILE *f = popen(cmd, "r");
    EXPECT(f != NULL, "trap child: popen failed");
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        printf("  | %s", line);
        if (sscanf(line, "trap-child: tile at shared 0x%x", &tile) == 1)
            snprintf(want, sizeof want, "swz: swz_tma_load_2d: shared address 0x%x is not aligned to 1024 bytes", tile);
        if (strstr(line, "swz: swz_tma_load_2d:")) snprintf(report, sizeof report, "%s", line);
#if defined(TEST_TMA_DEFAULT_REPORT)
        snprintf(want, sizeof want, "trap-child: %s", cudaGetErrorString(cudaErrorMisalignedAddress));
        if (strstr(line, want)) snprintf(report, sizeof report, "%s", line);
#endif
    }
    const int st = pclose(f), code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    EXPECT(code == 3, "trap child: exit %d, want 3 (the kernel must die on a 128-B-aligned tma128 buffer)", code);
    EXPECT(tile % 1024u == 128u, "trap child: the tile at 0x%x is not 1024-aligned + 128", tile);
    EXPECT(want[0] && strstr(report, want) != NULL, "trap child: no report '%s...' (got '%s')", want, report);
    printf("align: the device check %s\n", code == 3 && want[0] && strstr(report, want) ? "fired and said why" : "FAILED");
}

static void test_align(const char *self)
{
    uint32_t modes[] = {32u, 64u, 128u};
    for (int i = 0; i < 3; ++i) {
        swz_error e;
        swz_error_clear(&e);
        EXPECT(swz_tma_check_smem(&e, 128u, modes[i]) == SWZ_EALIGN && e.code == SWZ_EALIGN,
               "mode %u: 128-B-aligned address accepted", modes[i]);
        EXPECT(swz_tma_check_smem(NULL, 8u * modes[i] * 3u, modes[i]) == SWZ_OK, "mode %u: 8*S*3 refused", modes[i]);
    }
    EXPECT(swz_tma_check_smem(NULL, 128u, 0u) == SWZ_OK && swz_tma_check_smem(NULL, 64u, 0u) == SWZ_EALIGN,
           "mode none: 128-B rule");
    if (quick) {
        printf("align: host checks pass (trap child not run in --quick)\n");
        return;
    }
#if defined(NDEBUG)
    printf("align: host checks pass; release build (NDEBUG): the device check must still fire\n");
#else
    printf("align: host checks pass\n");
#endif
    test_align_device(self);
}

/* ---- wgmma through the descriptors --------------------------------------------------------- */

enum { WM = 64, WN = 64, WK = 64 };

/* A (WM x WK) and B (K-major: WN x WK; MN-major: WK x WN) as panels of P = max(S, 16) bytes
 * loaded by TMA, then 4 k16 steps of wgmma m64n64k16. */
template <bool BF16>
__global__ void k_wgmma(const __grid_constant__ CUtensorMap ma, const __grid_constant__ CUtensorMap mb, uint32_t mode,
                        int b_mn, float *d_out)
{
    extern __shared__ __align__(1024) unsigned char smem[];
    __shared__ uint64_t bar;
    unsigned char *sa = (unsigned char *)swz_tma_align_up(smem, 128u);
    unsigned char *sb = sa + WM * WK * 2;
    const uint32_t P = mode ? mode : 16u, pe = P / 2u; /* panel bytes per row, elements */
    const uint32_t npa = WK / pe, npb = (b_mn ? WN : WK) / pe;
    const uint32_t rows_b = b_mn ? WK : WN;
    if (threadIdx.x == 0) {
        swz_mbar_init(&bar, 1);
        swz_fence_mbar_init();
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        swz_mbar_expect_tx(&bar, 2u * WM * WK * 2u);
        for (uint32_t q = 0; q < npa; ++q) swz_tma_load_2d(sa + q * WM * P, &ma, mode, &bar, (int)(q * pe), 0);
        for (uint32_t q = 0; q < npb; ++q) swz_tma_load_2d(sb + q * rows_b * P, &mb, mode, &bar, (int)(q * pe), 0);
    }
    swz_mbar_wait(&bar, 0);
    float d[WN / 2];
    for (int i = 0; i < WN / 2; ++i) d[i] = 0.f;
    swz_wgmma_fence();
    for (uint32_t ks = 0; ks < WK / 16; ++ks) {
        uint32_t kb = ks * 32u; /* k byte offset along a K-major row */
        uint64_t da = swz_wgmma_desc(swz_smem_addr(sa) + kb / P * WM * P + kb % P, mode, SWZ_WGMMA_K_MAJOR, WM);
        uint64_t db = b_mn ? swz_wgmma_desc(swz_smem_addr(sb) + ks * 16u * P, mode, SWZ_WGMMA_MN_MAJOR, WK)
                           : swz_wgmma_desc(swz_smem_addr(sb) + kb / P * WN * P + kb % P, mode, SWZ_WGMMA_K_MAJOR, WN);
        if (BF16) swz_wgmma_m64n64k16_bf16(d, da, db, ks > 0, b_mn);
        else swz_wgmma_m64n64k16_f16(d, da, db, ks > 0, b_mn);
    }
    swz_wgmma_commit();
    SWZ_WGMMA_WAIT(0);
    for (int i = 0; i < WN / 2; ++i)
        d_out[swz_wgmma_acc_row(threadIdx.x, (uint32_t)i) * WN + swz_wgmma_acc_col(threadIdx.x, (uint32_t)i)] = d[i];
}

static uint16_t to16(float v, bool bf16)
{
    uint16_t u;
    if (bf16) {
        __nv_bfloat16 h = __float2bfloat16(v);
        memcpy(&u, &h, 2);
    } else {
        __half h = __float2half(v);
        memcpy(&u, &h, 2);
    }
    return u;
}

static void test_wgmma(void)
{
    test_rng rng = {0x3A3A3A3Aull};
    const uint32_t modes[] = {0u, 32u, 64u, 128u};
    int before = failures;
    float *hd = (float *)malloc(WM * WN * sizeof(float));
    for (int mi = 0; mi < 4; ++mi)
        for (int b_mn = 0; b_mn < 2; ++b_mn) {
            bool bf16 = !b_mn;
            uint32_t S = modes[mi], pe = (S ? S : 16u) / 2u;
            float fa[WM * WK], fb[WK * WN];                    /* fb: B stored as the map reads it */
            uint16_t ha[WM * WK], hb[WK * WN];
            for (int i = 0; i < WM * WK; ++i) { fa[i] = (float)((int)(rng_next(&rng) % 9u) - 4); ha[i] = to16(fa[i], bf16); }
            for (int i = 0; i < WK * WN; ++i) { fb[i] = (float)((int)(rng_next(&rng) % 9u) - 4) * 0.5f; hb[i] = to16(fb[i], bf16); }
            uint16_t *da_ = NULL, *db_ = NULL;
            float *dd = NULL;
            CUDA_CHECK(cudaMalloc(&da_, sizeof ha));
            CUDA_CHECK(cudaMalloc(&db_, sizeof hb));
            CUDA_CHECK(cudaMalloc(&dd, WM * WN * sizeof(float)));
            CUDA_CHECK(cudaMemcpy(da_, ha, sizeof ha, cudaMemcpyHostToDevice));
            CUDA_CHECK(cudaMemcpy(db_, hb, sizeof hb, cudaMemcpyHostToDevice));
            gpu_poison(dd, WM * WN * sizeof(float));
            CUtensorMap ma, mb;
            swz_tma_plan p;
            int dt = bf16 ? SWZ_TMA_BF16 : SWZ_TMA_F16;
            int e = swz_tma_map_2d(&ma, &p, dt, da_, WM, WK, WK, WM, pe, S);
            /* B: K-major = WN rows of WK; MN-major = WK rows of WN */
            if (e == SWZ_OK) e = swz_tma_map_2d(&mb, &p, dt, db_, b_mn ? WK : WN, b_mn ? WN : WK, b_mn ? WN : WK, b_mn ? WK : WN, pe, S);
            EXPECT(e == SWZ_OK, "wgmma mode %u: map refused", S);
            if (e == SWZ_OK) {
                void (*k)(CUtensorMap, CUtensorMap, uint32_t, int, float *) = bf16 ? k_wgmma<true> : k_wgmma<false>;
                CUDA_CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024));
                k<<<1, 128, 2 * WM * WK * 2 + 1024>>>(ma, mb, S, b_mn, dd);
                CUDA_CHECK_LAUNCH();
                int missing = 0;
                CUDA_CHECK(cudaMemcpyFromSymbol(&missing, swz_wgmma_missing, sizeof missing));
                EXPECT(!missing, "wgmma mode %u: the kernel ran code built without sm_90a", S);
                CUDA_CHECK(cudaMemcpy(hd, dd, WM * WN * sizeof(float), cudaMemcpyDeviceToHost));
                int bad = 0;
                for (int m = 0; m < WM && bad < 3; ++m)
                    for (int n = 0; n < WN && bad < 3; ++n) {
                        double want = 0.0;
                        for (int k2 = 0; k2 < WK; ++k2)
                            want += (double)fa[m * WK + k2] * (b_mn ? fb[k2 * WN + n] : fb[n * WK + k2]);
                        if ((double)hd[m * WN + n] != want) {
                            EXPECT(0, "wgmma mode %u %s B %s: D[%d][%d] = %g, want %g", S, bf16 ? "bf16" : "f16",
                                   b_mn ? "MN-major" : "K-major", m, n, hd[m * WN + n], want);
                            ++bad;
                        }
                    }
            }
            CUDA_CHECK(cudaFree(da_));
            CUDA_CHECK(cudaFree(db_));
            CUDA_CHECK(cudaFree(dd));
        }
    free(hd);
    printf("wgmma: 4 modes x (K-major bf16, MN-major f16) %s\n", failures == before ? "match the CPU product" : "FAILURES");
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "all";
    for (int i = 2; i < argc; ++i)
        if (!strcmp(argv[i], "--quick")) quick = 1;
    setvbuf(stdout, NULL, _IOLBF, 0);
    gpu_require_device();
    if (!strcmp(mode, "trap-child")) return trap_child();
    if (!strcmp(mode, "probe")) return probe_main(argc, argv);
    if (!strcmp(mode, "probes")) { /* the built-in probes, or those of a file: informational */
        run_probes(argv[0], argc > 2 ? argv[2] : NULL);
        return 0;
    }
    if (!strcmp(mode, "group") && argc >= 4) {
        test_load_store(atoi(argv[2]) & 3, atoi(argv[3]) & 3);
        return failures ? 1 : 0;
    }
    int all = !strcmp(mode, "all");
    if (all || !strcmp(mode, "load") || !strcmp(mode, "store")) {
        test_load_store_all(argv[0]);
        test_auto_mode();
    }
    if (all || !strcmp(mode, "align")) test_align(argv[0]);
    if (all || !strcmp(mode, "wgmma")) test_wgmma();
    printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
