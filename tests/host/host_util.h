/* tests/host/host_util.h -- functions shared by the Criterion host tests.
 *
 * What it is for
 *   Independent reference arithmetic (written from the header docs and bank.h's rules, never
 *   by calling the code under test), a fixed-seed random generator, a bitmap for exhaustive
 *   bijection checks, and a CHECK macro that fails a test with a message without paying
 *   Criterion's per-assertion cost in loops that run hundreds of millions of times.
 *
 * Example
 *   #include "host_util.h"
 *   host_rng g = host_rng_seed(42);
 *   uint32_t x = host_rng_u32(&g);
 *   CHECK(ref_interleave16(1, 0) == 1, "x goes to bit 0, got %u", ref_interleave16(1, 0));
 *
 * SWZ_TEST_SANITIZED is defined (to 1) in the -asan builds: a sweep that would be too slow
 * under the sanitizers may sample there (only test_conflicts.c's pad sweep does, and says so).
 */
#ifndef HOST_UTIL_H
#define HOST_UTIL_H

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef SWZ_TEST_SANITIZED
#define SWZ_TEST_SANITIZED 0
#endif

/* Fail the running test with a message when cond is false (cheap when it holds). */
#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (!(cond)) cr_assert_fail(__VA_ARGS__);                                                                      \
    } while (0)

/* ---- fixed-seed random numbers (splitmix64) ------------------------------------------- */
typedef struct host_rng {
    uint64_t s;
} host_rng;
static inline host_rng host_rng_seed(uint64_t seed)
{
    host_rng g;
    g.s = seed;
    return g;
}
static inline uint64_t host_rng_u64(host_rng *g)
{
    uint64_t z = (g->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static inline uint32_t host_rng_u32(host_rng *g) { return (uint32_t)(host_rng_u64(g) >> 32); }
/* Uniform in [0, n), n > 0 (modulo bias is irrelevant here). */
static inline uint32_t host_rng_below(host_rng *g, uint32_t n) { return host_rng_u32(g) % n; }

/* ---- reference integer arithmetic ------------------------------------------------------ */
static inline int ref_is_pow2(uint64_t x)
{
    uint64_t p = 1;
    while (p < x) p <<= 1;
    return x != 0 && p == x;
}
static inline uint32_t ref_log2(uint64_t x) /* floor(log2 x), x > 0 */
{
    uint32_t r = 0;
    while (x > 1) {
        x >>= 1;
        ++r;
    }
    return r;
}
static inline uint32_t ref_gcd(uint32_t a, uint32_t b)
{
    while (b) {
        uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}
/* The largest power of two dividing x (x > 0), by halving while x is even. */
static inline uint32_t ref_pow2_part(uint32_t x)
{
    uint32_t p = 1;
    while (x % 2u == 0u) {
        x /= 2u;
        p *= 2u;
    }
    return p;
}
/* The number of bits of an index below x: the least L with 2^L >= x (0 for x <= 1). */
static inline uint32_t ref_ceil_log2(uint64_t x)
{
    uint32_t l = 0;
    while (((uint64_t)1 << l) < x) ++l;
    return l;
}
/* The automatic XOR of xor.h section 2 on a row of W elements of E bytes, units of A bytes,
 * written from its text: Ur = W*E/A units, 2^v the power-of-two part of Ur, N = 2^t = 128/A;
 * B = min(v, t), key(r) = (r >> (t - B)) mod 2^B; unit u of row r at u ^ key(r).  The element
 * offset of (r, c). */
static inline uint32_t ref_xor_auto_offset(uint32_t w, uint32_t e, uint32_t a, uint32_t r, uint32_t c)
{
    uint32_t vec = a / e, ur = w * e / a, v = ref_log2(ref_pow2_part(ur)), t = ref_log2(128u / a);
    uint32_t b = v < t ? v : t, key = (r >> (t - b)) % (1u << b);
    return r * w + ((c / vec) ^ key) * vec + c % vec;
}
static inline int ref_valid_elem(uint32_t e) { return e == 1 || e == 2 || e == 4 || e == 8 || e == 16; }
static inline int ref_valid_access(uint32_t e, uint32_t a)
{
    return (a == 4 || a == 8 || a == 16) && ref_valid_elem(e) && a % e == 0;
}

/* Bit i of x goes to bit 2i (x) and 2i+1 (y), one bit at a time (Z order: x on even bits, y on odd bits). */
static inline uint64_t ref_interleave(uint32_t x, uint32_t y, unsigned bits)
{
    uint64_t z = 0;
    unsigned i;
    for (i = 0; i < bits; ++i) {
        z |= (uint64_t)((x >> i) & 1u) << (2 * i);
        z |= (uint64_t)((y >> i) & 1u) << (2 * i + 1);
    }
    return z;
}
static inline uint32_t ref_interleave16(uint32_t x, uint32_t y) { return (uint32_t)ref_interleave(x, y, 16); }
static inline void ref_deinterleave(uint64_t z, unsigned bits, uint32_t *x, uint32_t *y)
{
    unsigned i;
    *x = *y = 0;
    for (i = 0; i < bits; ++i) {
        *x |= (uint32_t)((z >> (2 * i)) & 1u) << i;
        *y |= (uint32_t)((z >> (2 * i + 1)) & 1u) << i;
    }
}

/* CuTe Swizzle<B,M,S> written bit by bit: for each i in [M, M+B), bit i ^= bit i+S. */
static inline uint32_t ref_xor_bits(uint32_t b, uint32_t m, uint32_t s, uint32_t o)
{
    uint32_t r = o, i;
    for (i = m; i < m + b; ++i)
        if ((o >> (i + s)) & 1u) r ^= 1u << i;
    return r;
}

/* Hopper TMA swizzle (as the hardware applies it to a shared byte address) bit by bit: phys = A ^ (((A >> 7) & (S/16-1)) << 4),
 * i.e. for j < log2(S/16): bit 4+j ^= bit 7+j. */
static inline uint32_t ref_tma_bits(uint32_t mode, uint32_t a)
{
    uint32_t r = a, j, nb = ref_log2(mode / 16u);
    for (j = 0; j < nb; ++j)
        if ((a >> (7 + j)) & 1u) r ^= 1u << (4 + j);
    return r;
}

/* ---- bitmap ---------------------------------------------------------------------------- */
typedef struct host_bitmap {
    uint64_t *w;
    size_t cap_words;
} host_bitmap;
/* Make room for n bits and clear them. */
static inline void host_bitmap_reset(host_bitmap *b, size_t n)
{
    size_t words = (n + 63) / 64;
    if (words > b->cap_words) {
        free(b->w);
        b->w = (uint64_t *)malloc(words * sizeof(uint64_t));
        cr_assert_not_null(b->w);
        b->cap_words = words;
    }
    memset(b->w, 0, words * sizeof(uint64_t));
}
/* Set bit i; returns its previous value. */
static inline int host_bitmap_set(host_bitmap *b, size_t i)
{
    uint64_t m = 1ull << (i & 63), old = b->w[i >> 6] & m;
    b->w[i >> 6] |= m;
    return old != 0;
}
static inline int host_bitmap_get(const host_bitmap *b, size_t i) { return (b->w[i >> 6] >> (i & 63)) & 1u; }
static inline void host_bitmap_free(host_bitmap *b)
{
    free(b->w);
    b->w = NULL;
    b->cap_words = 0;
}

#endif /* HOST_UTIL_H */
