/* tests/gpu/emu_simt.h -- a small SIMT emulator so that CUDA kernels with barriers and warp
 * shuffles (the reduction family) run unchanged on the CPU, for tests without a GPU.
 *
 * Every thread of a block is a fiber (its own stack; switches with _setjmp/_longjmp after one
 * makecontext start).  A scheduler runs the fibers of one block round robin; __syncthreads()
 * parks a fiber until every live thread of the block is parked there, __shfl_down_sync()
 * exchanges through a per-warp buffer between two warp-wide barriers.  Blocks run one after
 * another, so `__shared__` (mapped to `static`) is shared by the block's threads as on the GPU.
 * A barrier that not all threads reach is reported and aborts (a real kernel would hang).
 *
 * Use: include after <cuda_runtime.h> and before the kernels (compiled as host C++ with
 * SWZ_EMULATE); kernels are started with swz_emu_launch(grid, block, [&] { kernel(args); }).
 */
#ifndef SWZ_TEST_EMU_SIMT_H
#define SWZ_TEST_EMU_SIMT_H

#include <cuda_runtime.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <functional>
#include <vector>

#undef __global__
#undef __device__
#undef __host__
#undef __shared__
#undef __forceinline__
#undef __launch_bounds__
#define __global__
#define __device__
#define __host__
#define __shared__ static
#define __forceinline__ inline
#define __launch_bounds__(...)

struct swz_emu_fiber {
    jmp_buf jb;
    ucontext_t uc;
    std::vector<char> stack;
    int state; /* 0 runnable, 1 at __syncthreads, 2 at a warp barrier, 3 done */
    unsigned tid;
};

struct swz_emu_state {
    dim3 tidx, bidx, bdim, gdim;
    std::vector<swz_emu_fiber> f;
    jmp_buf sched;
    ucontext_t sched_uc;
    int cur;
    std::function<void()> body;
    uint64_t warp_buf[32][32]; /* [warp][lane] */
};
static inline swz_emu_state &swz_emu(void)
{
    static swz_emu_state s;
    return s;
}

#define threadIdx (swz_emu().tidx)
#define blockIdx (swz_emu().bidx)
#define blockDim (swz_emu().bdim)
#define gridDim (swz_emu().gdim)

static inline void swz_emu_yield(int state)
{
    swz_emu_state &s = swz_emu();
    swz_emu_fiber &f = s.f[(size_t)s.cur];
    f.state = state;
    if (!_setjmp(f.jb)) _longjmp(s.sched, 1);
}

static void swz_emu_entry(void)
{
    swz_emu_state &s = swz_emu();
    s.body();
    s.f[(size_t)s.cur].state = 3;
    _longjmp(s.sched, 1);
}

/* Run one block: every fiber until all are done. */
static inline void swz_emu_block(void)
{
    swz_emu_state &s = swz_emu();
    const unsigned n = s.bdim.x * s.bdim.y * s.bdim.z;
    if (s.f.size() < n) s.f.resize(n);
    for (unsigned t = 0; t < n; ++t) {
        swz_emu_fiber &f = s.f[t];
        f.stack.resize(1 << 16);
        f.state = -1; /* not started */
        f.tid = t;
    }
    for (;;) {
        int ran = 0, live = 0;
        for (unsigned t = 0; t < n; ++t) {
            swz_emu_fiber &f = s.f[t];
            if (f.state == 3) continue;
            ++live;
            if (f.state == 1 || f.state == 2) continue;
            s.cur = (int)t;
            s.tidx = dim3(t % s.bdim.x, (t / s.bdim.x) % s.bdim.y, t / (s.bdim.x * s.bdim.y));
            ran = 1;
            if (!_setjmp(s.sched)) {
                if (f.state == -1) {
                    f.state = 0;
                    getcontext(&f.uc);
                    f.uc.uc_stack.ss_sp = f.stack.data();
                    f.uc.uc_stack.ss_size = f.stack.size();
                    f.uc.uc_link = NULL;
                    makecontext(&f.uc, swz_emu_entry, 0);
                    swapcontext(&s.sched_uc, &f.uc);
                } else {
                    _longjmp(f.jb, 1);
                }
            }
        }
        if (live == 0) return;
        if (ran) continue;
        /* nobody runnable: release a complete barrier */
        int released = 0, at_block = 0;
        for (unsigned t = 0; t < n; ++t) at_block += s.f[t].state == 1;
        if (at_block == live) {
            for (unsigned t = 0; t < n; ++t)
                if (s.f[t].state == 1) s.f[t].state = 0;
            released = 1;
        }
        for (unsigned w = 0; w * 32 < n && !released; ++w) {
            int all = 1, any = 0;
            for (unsigned t = w * 32; t < w * 32 + 32 && t < n; ++t) {
                all &= s.f[t].state == 2;
                any |= s.f[t].state == 2;
            }
            if (any && all) {
                for (unsigned t = w * 32; t < w * 32 + 32 && t < n; ++t) s.f[t].state = 0;
                released = 1;
            }
        }
        if (!released) {
            fprintf(stderr, "emu_simt: deadlock in block (%u,%u,%u): a barrier not reached by all threads\n",
                    s.bidx.x, s.bidx.y, s.bidx.z);
            abort();
        }
    }
}

template <class F> static inline void swz_emu_launch(dim3 grid, dim3 block, F body)
{
    swz_emu_state &s = swz_emu();
    s.gdim = grid;
    s.bdim = block;
    s.body = body;
    for (unsigned z = 0; z < grid.z; ++z)
        for (unsigned y = 0; y < grid.y; ++y)
            for (unsigned x = 0; x < grid.x; ++x) {
                s.bidx = dim3(x, y, z);
                swz_emu_block();
            }
}

static inline void __syncthreads(void) { swz_emu_yield(1); }

template <class T> static inline T __shfl_down_sync(unsigned mask, T v, unsigned off)
{
    swz_emu_state &s = swz_emu();
    const unsigned t = s.tidx.x + s.bdim.x * (s.tidx.y + s.bdim.y * s.tidx.z);
    const unsigned w = t / 32, lane = t % 32;
    uint64_t bits = 0;
    T r;
    (void)mask;
    memcpy(&bits, &v, sizeof v);
    s.warp_buf[w][lane] = bits;
    swz_emu_yield(2); /* every lane has written */
    bits = lane + off < 32 ? s.warp_buf[w][lane + off] : s.warp_buf[w][lane];
    memcpy(&r, &bits, sizeof r);
    swz_emu_yield(2); /* every lane has read */
    return r;
}

template <class T> static inline T __ldg(const T *p) { return *p; }

/* The runtime calls the launchers make, answered for the emulated "GPU" (2 SMs). */
static inline cudaError_t swz_emu_memset_async(void *p, int v, size_t n, cudaStream_t) { memset(p, v, n); return cudaSuccess; }
static inline cudaError_t swz_emu_get_device(int *d) { *d = 0; return cudaSuccess; }
static inline cudaError_t swz_emu_attr(int *v, cudaDeviceAttr, int) { *v = 2; return cudaSuccess; }
static inline cudaError_t swz_emu_occupancy(int *b, const void *, int, size_t) { *b = 2; return cudaSuccess; }
#define cudaMemsetAsync(p, v, n, s) swz_emu_memset_async((p), (v), (n), (s))
#define cudaGetDevice(d) swz_emu_get_device(d)
#define cudaDeviceGetAttribute(v, a, d) swz_emu_attr((v), (a), (d))
#define cudaOccupancyMaxActiveBlocksPerMultiprocessor(b, k, t, m) swz_emu_occupancy((b), (k), (t), (m))

#endif
