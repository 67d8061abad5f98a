/* tests/fuzz/fuzz_input.h -- reading a libFuzzer input as a stream of parameters.
 *
 * What it is for
 *   The fuzz targets of tests/fuzz/ turn their byte string into layout parameters, addresses
 *   and masks.  Plain 32-bit words would almost never hit the few valid values (element sizes
 *   1..16, power-of-two widths), so fz_u32 reads one tag byte first and spends more bytes only
 *   when the tag asks for them; libFuzzer's comparison tracing then finds the rest.
 *
 * Example
 *   fz_in in = {data, size};
 *   uint32_t width = fz_u32(&in), elem = fz_u32(&in);   // 0 once the input is used up
 *   int kind = fz_access_kind(fz_byte(&in), &in);        // SWZ_ACCESS_*, maybe | SWZ_STORE
 *
 * Encoding of one fz_u32 value (tag t = next byte)
 *   t < 0x80          the value t                        (small values: sizes, kinds, rows)
 *   0x80 <= t < 0xc0  1 << (t & 31)                     (powers of two)
 *   0xc0 <= t < 0xe0  (1 << (t & 31)) - 1 + next byte    (just below / above a power of two)
 *   t >= 0xe0         the next 4 bytes, little endian    (anything)
 */
#ifndef FZ_INPUT_H
#define FZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <swz/bank.h>

typedef struct fz_in {
    const uint8_t *p;
    size_t n;
} fz_in;

static inline uint32_t fz_byte(fz_in *in)
{
    if (in->n == 0u) return 0u;
    in->n -= 1u;
    return *in->p++;
}

static inline uint32_t fz_u32(fz_in *in)
{
    uint32_t t = fz_byte(in), v = 0u, i;
    if (t < 0x80u) return t;
    if (t < 0xc0u) return 1u << (t & 31u);
    if (t < 0xe0u) return (1u << (t & 31u)) - 1u + fz_byte(in);
    for (i = 0; i < 4u; ++i) v |= fz_byte(in) << (8u * i);
    return v;
}

/* An access kind from a selector byte: 0-7 the load kinds of bank.h, 8-15 the same as stores
 * (SWZ_STORE or'ed in), anything else a raw fz_u32 kind (mostly unknown ones). */
static inline int fz_access_kind(uint32_t sel, fz_in *in)
{
    static const int kinds[8] = {SWZ_ACCESS_1, SWZ_ACCESS_2, SWZ_ACCESS_4, SWZ_ACCESS_8,
                                 SWZ_ACCESS_16, SWZ_LDMATRIX_X1, SWZ_LDMATRIX_X2, SWZ_LDMATRIX_X4};
    return sel < 16u ? kinds[sel % 8u] | (sel >= 8u ? SWZ_STORE : 0) : (int)fz_u32(in);
}

/* A failed property: print it and abort, which libFuzzer reports as a crash with the input. */
#define FZ_ASSERT(cond, ...)                                                                    \
    do {                                                                                        \
        if (!(cond)) {                                                                          \
            fprintf(stderr, "fuzz property failed: %s: ", #cond);                              \
            fprintf(stderr, __VA_ARGS__);                                                       \
            fputc('\n', stderr);                                                                \
            abort();                                                                            \
        }                                                                                       \
    } while (0)

#endif /* FZ_INPUT_H */
