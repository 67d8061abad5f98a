/* tests/gpu/test_mma.cu -- swz/mma.h on the GPU: cp.async tile copies, ldmatrix fragments,
 * mma.sync m16n8k16 and stmatrix, in the layouts none, pad and automatic xor.
 *
 * For each layout, one block of 4 warps:
 *   1. copies random fp16 tiles of 64x64 with NAME_load_async from matrices whose edges cut
 *      the tile (A: 50 x 40 at origin (0, 0); B (K x N) 40 x 56; BT (N x K) 56 x 40), so the
 *      zero fill of the ragged edges is exercised, and dumps each tile in logical order:
 *      compared with the matrices, zeros outside;
 *   2. loads every fragment kind (A, B .trans, BT; .x1, .x2, .x4) with ldmatrix and with the
 *      plain-load reference NAME_ldmatrix_plain: the registers must be equal;
 *   3. warp w computes D = A[16w.., 0..63] . B[0..63, 0..15] with 4 k-steps of two mma.sync
 *      m16n8k16 each, once with B from the K x N tile (.trans) and once from the N x K tile;
 *      both compared with a CPU product in double (fp32 accumulation bound);
 *   4. stmatrix: D converted to fp16 goes into a C tile with NAME_stmatrix (.x4), is read back
 *      in logical order and compared with the GPU's own D rounded to fp16 (exact).
 * A second copy from an origin that is not 16-byte aligned (col0 = 3) takes the plain path and
 * must give the same tile.  Exit 77 without a GPU (meson: SKIP).
 */
#include <cuda_fp16.h>
#include <math.h>

#include <swz/pad.h>
#include <swz/xor.h>

#include "gpu_util.h"

enum { T = 64, THREADS = 128, M = 50, K = 40, N = 56, PADW = 72 };

#define LAY_NONE(r, c) ((uint32_t)(r) * 64u + (uint32_t)(c))
#define LAY_PAD(r, c) SWZ_PAD_OFFSET(64, 2, 16, (r), (c))
#define LAY_XOR(r, c) SWZ_XOR_AUTO_OFFSET(64, 2, 16, (r), (c))

#define SWZ_MMA_NAME m_none
#define SWZ_MMA_ELEM __half
#define SWZ_MMA_ROWS 64
#define SWZ_MMA_COLS 64
#define SWZ_MMA_THREADS THREADS
#define SWZ_MMA_LAYOUT(r, c) LAY_NONE(r, c)
#include <swz/mma.h>
#define SWZ_MMA_NAME m_pad
#define SWZ_MMA_ELEM __half
#define SWZ_MMA_ROWS 64
#define SWZ_MMA_COLS 64
#define SWZ_MMA_THREADS THREADS
#define SWZ_MMA_LAYOUT(r, c) LAY_PAD(r, c)
#include <swz/mma.h>
#define SWZ_MMA_NAME m_xor
#define SWZ_MMA_ELEM __half
#define SWZ_MMA_ROWS 64
#define SWZ_MMA_COLS 64
#define SWZ_MMA_THREADS THREADS
#define SWZ_MMA_LAYOUT(r, c) LAY_XOR(r, c)
#include <swz/mma.h>

/* One struct per layout: the generated functions under fixed names, for the kernel template. */
#define LAYOUT_TRAITS(NAME, LAY)                                                               \
    struct NAME##_t {                                                                          \
        static __device__ uint32_t off(uint32_t r, uint32_t c) { return LAY(r, c); }           \
        static __device__ void load(__half *s, const __half *g, int64_t ld, int64_t r0,        \
                                    int64_t c0, int64_t rows, int64_t cols)                    \
        {                                                                                      \
            NAME##_load_async(s, g, ld, r0, c0, rows, cols);                                   \
        }                                                                                      \
        template <int F, int C>                                                                \
        static __device__ void ld(uint32_t *r, const __half *s, uint32_t r0, uint32_t c0)      \
        {                                                                                      \
            NAME##_ldmatrix(r, s, F, C, r0, c0);                                               \
        }                                                                                      \
        template <int F, int C>                                                                \
        static __device__ void ld_plain(uint32_t *r, const __half *s, uint32_t r0, uint32_t c0) \
        {                                                                                      \
            NAME##_ldmatrix_plain(r, s, F, C, r0, c0);                                         \
        }                                                                                      \
        static __device__ void st(__half *s, const uint32_t *r, uint32_t r0, uint32_t c0)      \
        {                                                                                      \
            NAME##_stmatrix(s, r, 4, r0, c0);                                                  \
        }                                                                                      \
    };
LAYOUT_TRAITS(m_none, LAY_NONE)
LAYOUT_TRAITS(m_pad, LAY_PAD)
LAYOUT_TRAITS(m_xor, LAY_XOR)

struct out_t {
    __half tile[4][T * T]; /* A, B, BT, A again (misaligned origin): logical order */
    float d_kn[64 * 16];   /* D from the K x N tile */
    float d_nk[64 * 16];   /* D from the N x K tile */
    __half c[64 * 16];     /* the stmatrix round trip */
    int reg_mismatch;      /* ldmatrix registers != plain loads */
};

template <class L, int F, int C>
__device__ void compare_frag(const __half *s, uint32_t r0, uint32_t c0, int *bad)
{
    uint32_t a[4] = {0, 0, 0, 0}, b[4] = {0, 0, 0, 0};
    L::template ld<F, C>(a, s, r0, c0);
    L::template ld_plain<F, C>(b, s, r0, c0);
    for (int i = 0; i < C; ++i)
        if (a[i] != b[i]) atomicAdd(bad, 1);
}

static __device__ uint32_t pack_half2(float lo, float hi)
{
    __half2 h = __floats2half2_rn(lo, hi);
    return *(uint32_t *)&h;
}

template <class L>
__global__ void k_mma(const __half *a, const __half *b, const __half *bt, const __half *a3, out_t *o)
{
    __shared__ __align__(128) __half sa[64 * PADW], sb[64 * PADW], sbt[64 * PADW], sc[64 * PADW],
        s3[64 * PADW];
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32, g = lane >> 2, t = lane & 3;
    L::load(sa, a, K, 0, 0, M, K);
    L::load(sb, b, N, 0, 0, K, N);
    L::load(sbt, bt, K, 0, 0, N, K);
    L::load(s3, a3, K + 3, 0, 3, M, K + 3); /* columns 3.. of a M x (K+3) matrix: not aligned */
    swz_mma_commit();
    SWZ_MMA_WAIT(0);
    __syncthreads();
    for (int i = tid; i < T * T; i += THREADS) {
        const int r = i / T, c = i % T;
        o->tile[0][i] = sa[L::off(r, c)];
        o->tile[1][i] = sb[L::off(r, c)];
        o->tile[2][i] = sbt[L::off(r, c)];
        o->tile[3][i] = s3[L::off(r, c)];
    }
    for (uint32_t r0 = 16u * warp; r0 < 16u * warp + 16u; r0 += 8u)
        for (uint32_t c0 = 0; c0 + 16u <= T; c0 += 8u) {
            compare_frag<L, SWZ_MMA_A, 1>(sa, r0, c0, &o->reg_mismatch);
            compare_frag<L, SWZ_MMA_A, 2>(sa, r0, c0, &o->reg_mismatch);
            compare_frag<L, SWZ_MMA_A, 4>(sa, r0, c0, &o->reg_mismatch);
            compare_frag<L, SWZ_MMA_B, 1>(sb, r0, c0, &o->reg_mismatch);
            compare_frag<L, SWZ_MMA_B, 2>(sb, r0, c0, &o->reg_mismatch);
            compare_frag<L, SWZ_MMA_B, 4>(sb, r0, c0, &o->reg_mismatch);
            compare_frag<L, SWZ_MMA_BT, 1>(sbt, r0, c0, &o->reg_mismatch);
            compare_frag<L, SWZ_MMA_BT, 2>(sbt, r0, c0, &o->reg_mismatch);
            compare_frag<L, SWZ_MMA_BT, 4>(sbt, r0, c0, &o->reg_mismatch);
        }
    float dk[2][4] = {{0.f, 0.f, 0.f, 0.f}, {0.f, 0.f, 0.f, 0.f}};
    float dn[2][4] = {{0.f, 0.f, 0.f, 0.f}, {0.f, 0.f, 0.f, 0.f}};
    for (uint32_t k0 = 0; k0 < T; k0 += 16u) {
        uint32_t fa[4], fb[4], fbt[4];
        L::template ld<SWZ_MMA_A, 4>(fa, sa, 16u * warp, k0);
        L::template ld<SWZ_MMA_B, 4>(fb, sb, k0, 0u);   /* k0.., n 0-15 */
        L::template ld<SWZ_MMA_BT, 4>(fbt, sbt, 0u, k0); /* n 0-15, k0.. */
        for (int h = 0; h < 2; ++h) {
            swz_mma_m16n8k16_f16(dk[h], fa, fb + 2 * h, dk[h]);
            swz_mma_m16n8k16_f16(dn[h], fa, fbt + 2 * h, dn[h]);
        }
    }
    uint32_t creg[4];
    for (int h = 0; h < 2; ++h) {
        const int row = 16 * warp + g, col = 8 * h + 2 * t;
        o->d_kn[row * 16 + col] = dk[h][0], o->d_kn[row * 16 + col + 1] = dk[h][1];
        o->d_kn[(row + 8) * 16 + col] = dk[h][2], o->d_kn[(row + 8) * 16 + col + 1] = dk[h][3];
        o->d_nk[row * 16 + col] = dn[h][0], o->d_nk[row * 16 + col + 1] = dn[h][1];
        o->d_nk[(row + 8) * 16 + col] = dn[h][2], o->d_nk[(row + 8) * 16 + col + 1] = dn[h][3];
        creg[2 * h] = pack_half2(dk[h][0], dk[h][1]);
        creg[2 * h + 1] = pack_half2(dk[h][2], dk[h][3]);
    }
    L::st(sc, creg, 16u * warp, 0u);
    __syncwarp();
    for (int i = lane; i < 16 * 16; i += 32) {
        const int r = 16 * warp + i / 16, c = i % 16;
        o->c[r * 16 + c] = sc[L::off(r, c)];
    }
}

static int failures = 0;

template <class L>
static void run(const char *name, const __half *da, const __half *db, const __half *dbt, const __half *da3,
                const float *ha, const float *hb, const float *ha3)
{
    out_t *d_o, *h_o = (out_t *)malloc(sizeof(out_t));
    CUDA_CHECK(cudaMalloc(&d_o, sizeof(out_t)));
    CUDA_CHECK(cudaMemset(d_o, 0xFF, sizeof(out_t))); /* poisoned */
    CUDA_CHECK(cudaMemset(&d_o->reg_mismatch, 0, sizeof(int)));
    k_mma<L><<<1, THREADS>>>(da, db, dbt, da3, d_o);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(h_o, d_o, sizeof(out_t), cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int r = 0; r < T; ++r)
        for (int c = 0; c < T; ++c) {
            const float wa = r < M && c < K ? ha[r * K + c] : 0.f;
            const float wb = r < K && c < N ? hb[r * N + c] : 0.f;
            const float wbt = r < N && c < K ? hb[c * N + r] : 0.f; /* BT = B transposed */
            const float w3 = r < M && c < K ? ha3[r * (K + 3) + 3 + c] : 0.f;
            bad += __half2float(h_o->tile[0][r * T + c]) != wa;
            bad += __half2float(h_o->tile[1][r * T + c]) != wb;
            bad += __half2float(h_o->tile[2][r * T + c]) != wbt;
            bad += __half2float(h_o->tile[3][r * T + c]) != w3;
        }
    EXPECT(bad == 0, "%s: %d tile elements differ from the matrices (zeros outside)", name, bad);
    EXPECT(h_o->reg_mismatch == 0, "%s: %d ldmatrix registers differ from the plain loads", name, h_o->reg_mismatch);
    int bad_d = 0, bad_c = 0;
    for (int r = 0; r < 64; ++r)
        for (int n = 0; n < 16; ++n) {
            double ref = 0.0, mag = 0.0;
            for (int k = 0; k < K; ++k) {
                const double x = r < M ? ha[r * K + k] : 0.0, y = n < N ? hb[k * N + n] : 0.0;
                ref += x * y;
                mag += fabs(x * y);
            }
            const double tol = 1e-5 * mag + 1e-6; /* fp32 accumulation of 64 products */
            bad_d += fabs(h_o->d_kn[r * 16 + n] - ref) > tol;
            bad_d += fabs(h_o->d_nk[r * 16 + n] - ref) > tol;
            bad_c += __half2float(h_o->c[r * 16 + n]) != __half2float(__float2half(h_o->d_kn[r * 16 + n]));
        }
    EXPECT(bad_d == 0, "%s: %d mma.sync results differ from the CPU product", name, bad_d);
    EXPECT(bad_c == 0, "%s: %d stmatrix elements differ from D rounded to fp16", name, bad_c);
    printf("%s: copy, fragments, mma and stmatrix %s\n", name, bad || bad_d || bad_c || h_o->reg_mismatch ? "FAILED" : "ok");
    CUDA_CHECK(cudaFree(d_o));
    free(h_o);
}

int main(void)
{
    gpu_require_device();
    test_rng rng = {0x5157u};
    float ha[M * K], hb[K * N], ha3[M * (K + 3)];
    __half xa[M * K], xb[K * N], xbt[N * K], xa3[M * (K + 3)];
    for (int i = 0; i < M * K; ++i) xa[i] = __float2half((float)((int)(rng_next(&rng) % 17) - 8) / 8.f);
    for (int i = 0; i < K * N; ++i) xb[i] = __float2half((float)((int)(rng_next(&rng) % 17) - 8) / 8.f);
    for (int i = 0; i < M * (K + 3); ++i) xa3[i] = __float2half((float)((int)(rng_next(&rng) % 17) - 8) / 4.f);
    for (int i = 0; i < M * K; ++i) ha[i] = __half2float(xa[i]);
    for (int i = 0; i < K * N; ++i) hb[i] = __half2float(xb[i]);
    for (int i = 0; i < M * (K + 3); ++i) ha3[i] = __half2float(xa3[i]);
    for (int n = 0; n < N; ++n)
        for (int k = 0; k < K; ++k) xbt[n * K + k] = xb[k * N + n];
    __half *da, *db, *dbt, *da3;
    CUDA_CHECK(cudaMalloc(&da, sizeof xa));
    CUDA_CHECK(cudaMalloc(&db, sizeof xb));
    CUDA_CHECK(cudaMalloc(&dbt, sizeof xbt));
    CUDA_CHECK(cudaMalloc(&da3, sizeof xa3));
    CUDA_CHECK(cudaMemcpy(da, xa, sizeof xa, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(db, xb, sizeof xb, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dbt, xbt, sizeof xbt, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(da3, xa3, sizeof xa3, cudaMemcpyHostToDevice));
    run<m_none_t>("none", da, db, dbt, da3, ha, hb, ha3);
    run<m_pad_t>("pad", da, db, dbt, da3, ha, hb, ha3);
    run<m_xor_t>("xor", da, db, dbt, da3, ha, hb, ha3);
    CUDA_CHECK(cudaFree(da));
    CUDA_CHECK(cudaFree(db));
    CUDA_CHECK(cudaFree(dbt));
    CUDA_CHECK(cudaFree(da3));
    printf("%s\n", failures ? "FAILED" : "all ok");
    return failures ? 1 : 0;
}
