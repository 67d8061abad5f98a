/* tests/host/test_linear_tile.cpp -- the linear kind as a tile.h layout (SWZ_TILE_LINEAR):
 * tiles round-tripped through tile.h's own copies in its host emulation (SWZ_TILE_EMULATE: C++
 * with the CUDA headers, one simulated thread per call; no GPU).
 *
 * What it proves, for each instantiation below (random matrices, fixed seed, every output and
 * the shared array poisoned first):
 *   - NAME_load places every element (r, c) of the global window at linear.h's function form
 *     swz_linear_offset(COLS, E, VEC*E, &p, r, c) (masks and pad of the instantiation, an
 *     independent code path from the macro the copies use), zero outside the matrix, and
 *     leaves every pad element poisoned;
 *   - NAME_store writes the window back unchanged and NAME_store_t writes it transposed, every
 *     element checked against the input, nothing outside the window written;
 *   - the copies compute those offsets incrementally (linear.h's incremental form, tile.h's
 *     SWZ_TILE_XOR_LINEAR: asserted on), so the round trips run that form on the host;
 *   - NAME_model accepts the layout (the vector groups stay whole) and costs exactly what it
 *     costs for a twin whose SWZ_TILE_LAYOUT is linear.h's function form with the same masks
 *     (the transpose key's: conflict free for the row stores and the word reads; the 96-half
 *     tile's key: conflict free for the row stores).
 *
 * Run: meson test -C <build> host-linear-tile
 */
#define SWZ_TILE_EMULATE 1
#include <cuda_runtime.h>

#include <swz/linear.h>
#include <swz/tile.h>

#include <criterion/criterion.h>

#include <stdint.h>
#include <string.h>

/* 64x64 floats: the transpose key (r / 4) mod 8 on 16-byte units. */
#define SWZ_TILE_NAME lt_f64
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LINEAR 0, 0, 1, 2, 4, 0, 0, 0
#include <swz/tile.h>
static const swz_linear_params lt_f64_p = {{0, 0, 1, 2, 4, 0, 0, 0}, 0};

/* 32x128 halves with a pad of one unit and masks on every row bit up to 7 (rows 0..31 use
 * five of them): no two masks alike. */
#define SWZ_TILE_NAME lt_h128
#define SWZ_TILE_ELEM uint16_t
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 128
#define SWZ_TILE_THREADS 128
#define SWZ_TILE_LINEAR 3, 5, 6, 9, 15, 1, 2, 4
#define SWZ_TILE_LINEAR_PAD 16
#include <swz/tile.h>
static const swz_linear_params lt_h128_p = {{3, 5, 6, 9, 15, 1, 2, 4}, 16};

/* 24x32 doubles (a height that is not a power of two), 8-byte vectors: units of 8 bytes. */
#define SWZ_TILE_NAME lt_d32
#define SWZ_TILE_ELEM double
#define SWZ_TILE_ROWS 24
#define SWZ_TILE_COLS 32
#define SWZ_TILE_THREADS 64
#define SWZ_TILE_VBYTES 8
#define SWZ_TILE_LINEAR 1, 30, 4, 17, 8, 0, 0, 0
#include <swz/tile.h>
static const swz_linear_params lt_d32_p = {{1, 30, 4, 17, 8, 0, 0, 0}, 0};

/* 32x96 halves (head dimension 96): 12 units of 16 bytes, a row that is not a power of two;
 * masks 1, 2 on row bits 1, 2 (the automatic key (r / 2) mod 4: below 4, the power-of-two part
 * of 12).  12 units per row: the copies compute every offset in full. */
#define SWZ_TILE_NAME lt_h96
#define SWZ_TILE_ELEM uint16_t
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 96
#define SWZ_TILE_THREADS 128
#define SWZ_TILE_LINEAR 0, 1, 2, 0, 0, 0, 0, 0
#include <swz/tile.h>
static const swz_linear_params lt_h96_p = {{0, 1, 2, 0, 0, 0, 0, 0}, 0};

static uint64_t lt_rng = 20261203u;
static uint32_t lt_rand(void)
{
    uint64_t z = (lt_rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

/* One instantiation's round trip: a rows x cols matrix (ld = cols), the tile at (row0, col0);
 * E-byte elements compared as bytes. */
template <typename T>
static void round_trip(const char *what, uint32_t R, uint32_t C, uint32_t threads, uint32_t vec,
                       const swz_linear_params *p, void (*load)(T *, const T *, int64_t, int64_t, int64_t, int64_t, int64_t),
                       void (*store)(const T *, T *, int64_t, int64_t, int64_t, int64_t, int64_t),
                       void (*store_t)(const T *, T *, int64_t, int64_t, int64_t, int64_t, int64_t),
                       int64_t rows, int64_t cols, int64_t row0, int64_t col0)
{
    const uint32_t e = (uint32_t)sizeof(T), a = vec * e, stride = swz_linear_stride(C, e, p);
    const size_t n = (size_t)rows * (size_t)cols, sn = (size_t)R * stride;
    T *g = new T[n], *o = new T[n], *ot = new T[n], *s = new T[sn];
    unsigned char poison[sizeof(T)];
    uint32_t r, c, t;
    memset(poison, 0xA5, sizeof poison);
    for (size_t i = 0; i < n; ++i)
        for (uint32_t b = 0; b < e; ++b) ((unsigned char *)&g[i])[b] = (unsigned char)lt_rand();
    memset(s, 0xA5, sn * sizeof(T));
    memset(o, 0xA5, n * sizeof(T));
    memset(ot, 0xA5, n * sizeof(T));
    cr_assert_eq(swz_linear_check(NULL, C, e, a, p), SWZ_OK, "%s: the masks", what);
    for (t = 0; t < threads; ++t) {
        *swz_tile_emu_tid() = (int)t;
        load(s, g, cols, row0, col0, rows, cols);
    }
    for (r = 0; r < R; ++r) /* every element at linear.h's function form, zero outside */
        for (c = 0; c < C; ++c) {
            const int64_t gr = row0 + r, gc = col0 + c;
            const T *x = &s[swz_linear_offset(C, e, a, p, r, c)];
            if (gr >= 0 && gr < rows && gc >= 0 && gc < cols)
                cr_assert(memcmp(x, &g[gr * cols + gc], e) == 0, "%s: (%u, %u) not at its offset", what, r, c);
            else
                for (uint32_t b = 0; b < e; ++b) cr_assert_eq(((const unsigned char *)x)[b], 0, "%s: (%u, %u) not zero", what, r, c);
        }
    for (size_t i = 0; i < sn; ++i) { /* pad: untouched */
        uint32_t rr, cc;
        if (swz_linear_coord(C, e, a, p, (uint32_t)i, &rr, &cc) != SWZ_OK)
            cr_assert(memcmp(&s[i], poison, e) == 0, "%s: pad element %zu written", what, i);
    }
    for (t = 0; t < threads; ++t) {
        *swz_tile_emu_tid() = (int)t;
        store(s, o, cols, row0, col0, rows, cols);
    }
    for (t = 0; t < threads; ++t) { /* the window transposed: out (cols x rows) at (col0, row0) */
        *swz_tile_emu_tid() = (int)t;
        store_t(s, ot, rows, col0, row0, cols, rows);
    }
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) {
            const int in = i >= row0 && i < row0 + R && j >= col0 && j < col0 + C;
            const T *want = in ? &g[i * cols + j] : (const T *)poison;
            cr_assert(memcmp(&o[i * cols + j], want, e) == 0, "%s: store at (%lld, %lld)", what, (long long)i, (long long)j);
            cr_assert(memcmp(&ot[j * rows + i], want, e) == 0, "%s: store_t at (%lld, %lld)", what, (long long)j, (long long)i);
        }
    delete[] g;
    delete[] o;
    delete[] ot;
    delete[] s;
}

/* The model of each instantiation against a twin whose layout is linear.h's function form. */
#define SWZ_TILE_NAME lt_f64_fn
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) swz_linear_offset(64, 4, 16, &lt_f64_p, (uint32_t)(r), (uint32_t)(c))
#include <swz/tile.h>
#define SWZ_TILE_NAME lt_h128_fn
#define SWZ_TILE_ELEM uint16_t
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 128
#define SWZ_TILE_THREADS 128
#define SWZ_TILE_LAYOUT(r, c) swz_linear_offset(128, 2, 16, &lt_h128_p, (uint32_t)(r), (uint32_t)(c))
#include <swz/tile.h>
#define SWZ_TILE_NAME lt_d32_fn
#define SWZ_TILE_ELEM double
#define SWZ_TILE_ROWS 24
#define SWZ_TILE_COLS 32
#define SWZ_TILE_THREADS 64
#define SWZ_TILE_VBYTES 8
#define SWZ_TILE_LAYOUT(r, c) swz_linear_offset(32, 8, 8, &lt_d32_p, (uint32_t)(r), (uint32_t)(c))
#include <swz/tile.h>
#define SWZ_TILE_NAME lt_h96_fn
#define SWZ_TILE_ELEM uint16_t
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 96
#define SWZ_TILE_THREADS 128
#define SWZ_TILE_LAYOUT(r, c) swz_linear_offset(96, 2, 16, &lt_h96_p, (uint32_t)(r), (uint32_t)(c))
#include <swz/tile.h>

Test(linear_tile, round_trip_through_the_copies)
{
    /* the copies take linear.h's incremental form here (THREADS and units per row powers of
     * two): the round trips below run it; the _fn twins' layout is computed in full */
    cr_assert(lt_f64__INC_LS && lt_f64__INC_T && lt_h128__INC_LS && lt_h128__INC_T && lt_d32__INC_LS && lt_d32__INC_T);
    cr_assert(!lt_f64_fn__INC_LS && !lt_f64_fn__INC_T);
    /* whole tiles inside a larger matrix, and tiles cut by every edge */
    round_trip<float>("64x64 float", 64, 64, 256, lt_f64_VEC, &lt_f64_p, lt_f64_load, lt_f64_store, lt_f64_store_t, 200, 136, 64, 8);
    round_trip<float>("64x64 float, edges", 64, 64, 256, lt_f64_VEC, &lt_f64_p, lt_f64_load, lt_f64_store, lt_f64_store_t, 50, 70, -5, 13);
    round_trip<uint16_t>("32x128 half, pad 16", 32, 128, 128, lt_h128_VEC, &lt_h128_p, lt_h128_load, lt_h128_store, lt_h128_store_t, 96, 256, 32, 128);
    round_trip<uint16_t>("32x128 half, edges", 32, 128, 128, lt_h128_VEC, &lt_h128_p, lt_h128_load, lt_h128_store, lt_h128_store_t, 40, 130, 20, 3);
    round_trip<double>("24x32 double", 24, 32, 64, lt_d32_VEC, &lt_d32_p, lt_d32_load, lt_d32_store, lt_d32_store_t, 48, 64, 24, 32);
    round_trip<double>("24x32 double, edges", 24, 32, 64, lt_d32_VEC, &lt_d32_p, lt_d32_load, lt_d32_store, lt_d32_store_t, 30, 33, 10, -7);
    cr_assert(lt_h96_VEC == 8 && !lt_h96__INC_LS, "96 halves: 16-byte vectors, offsets in full");
    round_trip<uint16_t>("32x96 half", 32, 96, 128, lt_h96_VEC, &lt_h96_p, lt_h96_load, lt_h96_store, lt_h96_store_t, 64, 192, 32, 96);
    round_trip<uint16_t>("32x96 half, edges", 32, 96, 128, lt_h96_VEC, &lt_h96_p, lt_h96_load, lt_h96_store, lt_h96_store_t, 40, 100, 20, 9);
}

typedef int (*lt_model)(int, swz_tile_cost *);
static void model_agrees(const char *what, lt_model macro, lt_model fn)
{
    static const int ops[3] = {SWZ_TILE_OP_LOAD, SWZ_TILE_OP_STORE, SWZ_TILE_OP_STORE_T};
    for (int i = 0; i < 3; ++i) {
        swz_tile_cost a, b;
        cr_assert_eq(macro(ops[i], &a), SWZ_OK, "%s op %d: the model refuses the layout", what, ops[i]);
        cr_assert_eq(fn(ops[i], &b), SWZ_OK);
        cr_assert(a.instructions == b.instructions && a.wavefronts == b.wavefronts &&
                      a.ideal == b.ideal && a.worst_ways == b.worst_ways,
                  "%s op %d: macro %llu wavefronts, function form %llu", what, ops[i],
                  (unsigned long long)a.wavefronts, (unsigned long long)b.wavefronts);
    }
}

Test(linear_tile, model_equals_the_function_form)
{
    swz_tile_cost c;
    model_agrees("64x64 float", lt_f64_model, lt_f64_fn_model);
    model_agrees("32x128 half", lt_h128_model, lt_h128_fn_model);
    model_agrees("24x32 double", lt_d32_model, lt_d32_fn_model);
    model_agrees("32x96 half", lt_h96_model, lt_h96_fn_model);
    /* the 96-half key keeps the 16-byte row stores conflict free */
    cr_assert_eq(lt_h96_model(SWZ_TILE_OP_LOAD, &c), SWZ_OK);
    cr_assert_eq(c.wavefronts, c.ideal);
    /* and the transpose key is conflict free for the row stores and the word reads */
    cr_assert_eq(lt_f64_model(SWZ_TILE_OP_LOAD, &c), SWZ_OK);
    cr_assert_eq(c.wavefronts, c.ideal);
    cr_assert_eq(lt_f64_model(SWZ_TILE_OP_STORE_T, &c), SWZ_OK);
    cr_assert_eq(c.wavefronts, c.ideal);
}
