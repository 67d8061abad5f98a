/* bench/conformance_kernel.cuh -- template of one bank-model conformance kernel (no include guard:
 * included once per access kind by bench_conformance.cu).
 *
 * What it is for
 *   One warp executes ONE shared-memory instruction of an exact kind `reps` times, every lane at
 *   its address from a table in global memory (pat[0..31] byte offsets into the dynamic shared
 *   buffer, pat[32] the active-lane mask).  Under ncu the kernel's shared wavefronts divided by
 *   `reps` are the hardware's cost of that instruction; swz/bank.h predicts the same number.
 *
 * Parameters (#define before including; #undef'ed at the end):
 *   CONF_NAME   kernel name (extern "C", so ncu shows it unmangled: conf_ld4, conf_ldsm_x2, ...)
 *   CONF_MODE   CONF_LOAD, CONF_STORE, CONF_LDSM (ldmatrix, .trans too), CONF_STSM (stmatrix)
 *               or CONF_CPASYNC (cp.async.cg 16 bytes from global: lane l copies source chunk
 *               c = pat[CONF_SRCIDX_WORD + l], the 16 bytes at pat[CONF_SRC_WORD + 4c..], which
 *               hold conf_store_word(c, 0..3))
 *   CONF_WORDS  32-bit registers per lane: 1, 2 or 4 (ldmatrix/stmatrix: .x1, .x2, .x4)
 *   CONF_PTX    the instruction, a string: "ld.volatile.shared.u8", "st.volatile.shared.v2.u32",
 *               "ldmatrix.sync.aligned.m8n8.x4.shared.b16", ...
 *   CONF_STORE_BYTES  stores only: bytes per lane (1, 2, 4, 8 or 16)
 *   CONF_SRC_SIZE     cp.async only, optional: use the src-size operand form with this value
 *                     (16: nothing zero-filled, but the SASS is LDGSTS...ZFILL)
 * and, once, by the including file: CONF_LOAD/CONF_STORE/CONF_LDSM/CONF_STSM/CONF_CPASYNC,
 * CONF_SMEM_BYTES, CONF_OUT_FLAG, CONF_SRCIDX_WORD, CONF_SRC_WORD, conf_init_word(i), conf_store_word(lane, j).
 *
 * Example
 *   #define CONF_NAME conf_ld8
 *   #define CONF_MODE CONF_LOAD
 *   #define CONF_WORDS 2
 *   #define CONF_PTX "ld.volatile.shared.v2.u32"
 *   #include "conformance_kernel.cuh"       // defines __global__ conf_ld8(pat, reps, zero, out)
 *
 * Why the instruction is exact and stays in the loop
 *   - The repeat loop is not unrolled (#pragma unroll 1): the SASS holds the one instruction
 *     once, so where ncu has no counter for it (STSM, LDGSTS) its executed count is the trip
 *     count, and `conformance.py --sass` proves the single instruction.
 *   - Inline PTX fixes the instruction and width (SASS: LDS.U8 / LDS.U16 / LDS / LDS.64 /
 *     LDS.128, STS.*, LDSM.16.M88.{1,2,4}; the meson build does not check this -- run
 *     `conformance.py --sass bench_conformance` or cuobjdump).
 *   - ld/st are .volatile, so ptxas can neither merge nor drop the repeats; ldmatrix has no
 *     volatile form, so each iteration's address is `a + (it & zero)` with zero = 0 passed at run
 *     time: the compiler cannot prove two iterations read the same address.
 *   - Loaded values are summed into registers written out at the end (inactive lanes keep 0),
 *     so nothing is dead.  With reps odd the sum reps*v identifies v exactly (host check).
 *   - Inactive lanes are switched off by a predicate on the instruction itself (@p), not by a
 *     branch.  ldmatrix is .sync.aligned: all 32 lanes execute it, as the model assumes.
 *   - Load and ldmatrix kernels fill the buffer first with conf_init_word (stores only: they do
 *     not touch the load counters).  Store kernels read their addresses back after the loop
 *     (loads only: they do not touch the store counters).  A reps = 0 launch of each kernel
 *     measures any fixed cost that remains; conformance.py subtracts it.
 */
#ifndef CONF_NAME
#error "define CONF_NAME, CONF_MODE, CONF_WORDS and CONF_PTX before including conformance_kernel.cuh"
#endif

extern "C" __global__ void __launch_bounds__(32)
    CONF_NAME(const uint32_t *__restrict__ pat, int reps, uint32_t zero, uint32_t *__restrict__ out)
{
    extern __shared__ __align__(1024) uint32_t conf_smem[];
    const uint32_t lane = threadIdx.x;
    const uint32_t base = (uint32_t)__cvta_generic_to_shared(conf_smem);
    const uint32_t off = pat[lane];
    const uint32_t a = base + off;
    const uint32_t act = (pat[32] >> lane) & 1u;
    uint32_t acc[4] = {0u, 0u, 0u, 0u};
    (void)act; /* unused by ldmatrix, which takes the whole warp */
    if (lane == 0) out[CONF_OUT_FLAG] = base & 1023u; /* the model assumes a 1024-aligned base */
#if CONF_MODE != CONF_STORE && CONF_MODE != CONF_STSM && CONF_MODE != CONF_CPASYNC
    for (uint32_t i = lane; i < CONF_SMEM_BYTES / 4u; i += 32u) conf_smem[i] = conf_init_word(i);
    __syncwarp();
#else
#if CONF_MODE != CONF_CPASYNC /* cp.async stores what it reads from global memory */
    uint32_t sv[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) sv[j] = conf_store_word(lane, (uint32_t)j);
#endif
#endif
#pragma unroll 1 /* one instruction per iteration: the SASS holds exactly one, executed reps times */
    for (int it = 0; it < reps; ++it) {
        const uint32_t ai = a + ((uint32_t)it & zero);
#if CONF_MODE == CONF_LOAD && CONF_WORDS == 1
        uint32_t v0 = 0u;
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p " CONF_PTX " %0, [%1]; }"
                     : "+r"(v0) : "r"(ai), "r"(act) : "memory");
        acc[0] += v0;
#elif CONF_MODE == CONF_LOAD && CONF_WORDS == 2
        uint32_t v0 = 0u, v1 = 0u;
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %3, 0; @p " CONF_PTX " {%0, %1}, [%2]; }"
                     : "+r"(v0), "+r"(v1) : "r"(ai), "r"(act) : "memory");
        acc[0] += v0;
        acc[1] += v1;
#elif CONF_MODE == CONF_LOAD && CONF_WORDS == 4
        uint32_t v0 = 0u, v1 = 0u, v2 = 0u, v3 = 0u;
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %5, 0; @p " CONF_PTX " {%0, %1, %2, %3}, [%4]; }"
                     : "+r"(v0), "+r"(v1), "+r"(v2), "+r"(v3) : "r"(ai), "r"(act) : "memory");
        acc[0] += v0;
        acc[1] += v1;
        acc[2] += v2;
        acc[3] += v3;
#elif CONF_MODE == CONF_STORE && CONF_WORDS == 1
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p " CONF_PTX " [%0], %1; }"
                     :: "r"(ai), "r"(sv[0]), "r"(act) : "memory");
#elif CONF_MODE == CONF_STORE && CONF_WORDS == 2
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %3, 0; @p " CONF_PTX " [%0], {%1, %2}; }"
                     :: "r"(ai), "r"(sv[0]), "r"(sv[1]), "r"(act) : "memory");
#elif CONF_MODE == CONF_STORE && CONF_WORDS == 4
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %5, 0; @p " CONF_PTX " [%0], {%1, %2, %3, %4}; }"
                     :: "r"(ai), "r"(sv[0]), "r"(sv[1]), "r"(sv[2]), "r"(sv[3]), "r"(act) : "memory");
#elif CONF_MODE == CONF_STSM && CONF_WORDS == 1
        asm volatile(CONF_PTX " [%0], {%1};" ::"r"(ai), "r"(sv[0]) : "memory");
#elif CONF_MODE == CONF_STSM && CONF_WORDS == 2
        asm volatile(CONF_PTX " [%0], {%1, %2};" ::"r"(ai), "r"(sv[0]), "r"(sv[1]) : "memory");
#elif CONF_MODE == CONF_STSM && CONF_WORDS == 4
        asm volatile(CONF_PTX " [%0], {%1, %2, %3, %4};" ::"r"(ai), "r"(sv[0]), "r"(sv[1]), "r"(sv[2]), "r"(sv[3])
                     : "memory");
#elif CONF_MODE == CONF_CPASYNC && defined(CONF_SRC_SIZE)
        /* the src-size form (SASS LDGSTS...ZFILL): bytes past CONF_SRC_SIZE are zero-filled */
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p " CONF_PTX " [%0], [%1], 16, %3; }"
                     :: "r"(ai), "l"(pat + CONF_SRC_WORD + 4u * pat[CONF_SRCIDX_WORD + lane]), "r"(act),
                     "r"((unsigned)(CONF_SRC_SIZE) + zero) : "memory"); /* run-time: the ZFILL form */
#elif CONF_MODE == CONF_CPASYNC
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p " CONF_PTX " [%0], [%1], 16; }"
                     :: "r"(ai), "l"(pat + CONF_SRC_WORD + 4u * pat[CONF_SRCIDX_WORD + lane]), "r"(act)
                     : "memory");
#elif CONF_MODE == CONF_LDSM && CONF_WORDS == 1
        uint32_t v0;
        asm volatile(CONF_PTX " {%0}, [%1];" : "=r"(v0) : "r"(ai) : "memory");
        acc[0] += v0;
#elif CONF_MODE == CONF_LDSM && CONF_WORDS == 2
        uint32_t v0, v1;
        asm volatile(CONF_PTX " {%0, %1}, [%2];" : "=r"(v0), "=r"(v1) : "r"(ai) : "memory");
        acc[0] += v0;
        acc[1] += v1;
#elif CONF_MODE == CONF_LDSM && CONF_WORDS == 4
        uint32_t v0, v1, v2, v3;
        asm volatile(CONF_PTX " {%0, %1, %2, %3}, [%4];" : "=r"(v0), "=r"(v1), "=r"(v2), "=r"(v3) : "r"(ai)
                     : "memory");
        acc[0] += v0;
        acc[1] += v1;
        acc[2] += v2;
        acc[3] += v3;
#else
#error "CONF_MODE / CONF_WORDS combination not supported"
#endif
    }
#if CONF_MODE == CONF_STORE || CONF_MODE == CONF_STSM || CONF_MODE == CONF_CPASYNC
    /* Read back what landed at this lane's address (some lane with this address wrote it). */
#if CONF_MODE == CONF_CPASYNC
    asm volatile("cp.async.commit_group;\n\tcp.async.wait_group 0;" ::: "memory");
#endif
    __syncwarp();
    if (act && reps > 0) {
        const volatile unsigned char *p = (const volatile unsigned char *)conf_smem + off;
        const uint32_t bytes = CONF_STORE_BYTES;
        /* stmatrix writes a whole 16-byte row at each row address, whatever .x1/.x2/.x4 (which
         * say how many matrices, i.e. registers per lane): read back the 4 words of the row */
        const uint32_t words = CONF_MODE == CONF_STSM ? 4u : (uint32_t)CONF_WORDS;
        for (uint32_t j = 0; j < words; ++j) {
            uint32_t w = 0u;
            for (uint32_t b = 0; b < (bytes < 4u ? bytes : 4u); ++b) w |= (uint32_t)p[4u * j + b] << (8u * b);
            acc[j] = w;
        }
    }
#endif
#pragma unroll
    for (int j = 0; j < 4; ++j) out[lane * 4u + (uint32_t)j] = acc[j];
}

#undef CONF_NAME
#undef CONF_MODE
#undef CONF_WORDS
#undef CONF_PTX
#ifdef CONF_STORE_BYTES
#undef CONF_STORE_BYTES
#endif
#ifdef CONF_SRC_SIZE
#undef CONF_SRC_SIZE
#endif
