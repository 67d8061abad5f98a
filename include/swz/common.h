/* swz/common.h -- definitions shared by every swz header.
 *
 * What it is for
 *   The function qualifier that makes one definition usable from C, C++, host code and CUDA
 *   device code; compile-time checks that work in C99, C11, C++ and nvcc; error codes; integer
 *   functions (power-of-two test, log2) in a constant-expression form and a function form.
 *   Every other swz header includes this one; you rarely include it yourself.
 *
 * Example
 *   #include <swz/common.h>
 *   SWZ_STATIC_ASSERT(SWZ_IS_POW2(32), tile_width_must_be_a_power_of_two);
 *   enum { LOG2_TILE = SWZ_LOG2(32) };              // 5, a constant expression
 *   SWZ_FN uint32_t twice(uint32_t x) { return 2u * x; }   // host + device
 *
 * Conventions (all headers)
 *   - SWZ_FN marks every function: `static __host__ __device__ __forceinline__` under nvcc,
 *     `static inline` elsewhere.  Everything is header-only; nothing needs linking.
 *   - Function forms (lower case, swz_*) take run-time parameters.  One that can refuse its
 *     arguments returns SWZ_OK (0) or a negative SWZ_E* code, its results through pointers
 *     (written only on SWZ_OK), the reason in an optional swz_error: in the object it builds
 *     (l.error), else through a first argument `swz_error *err` (may be NULL).  Predicates are
 *     named *_is_* and return 1 or 0.  Exceptions, each documented where it applies: the index
 *     functions (offset / coord / swizzle) return the index and stop loudly on a contract
 *     violation (below); the model evaluations (swz_bank_eval, swz_check) return their result
 *     record with the code in .status; size lookups return 0 for a parameter that names
 *     nothing; formatters return the text's length.  A formula form that does not compare
 *     (row, col) with a tile says so and states the caller's contract.
 *   - Layout parameters come in one order everywhere, function and macro forms alike: tile
 *     width W (elements), element bytes E, access bytes A, then the kind's own (height H, TMA
 *     mode S, the linear masks), then (row, col); a coord form takes (off, &row, &col).
 *   - Macro forms (upper case, SWZ_*) take compile-time constants, fold to constants (integer
 *     constant expressions, except SWZ_MORTON_OFFSET, which folds only under optimization), and
 *     reject bad parameters at compile time: the compiler's message names the reason as an
 *     identifier `swz_error_...` (C: a negative bit-field width; C++: a failed static_assert in
 *     the instantiation of swz__ct_check<false, swz_error_...>).
 *   - Macro arguments may be evaluated more than once: pass expressions without side effects.
 */
#ifndef SWZ_COMMON_H
#define SWZ_COMMON_H

#include <stdint.h>
#include <stddef.h>
/* A contract violation of an index function is reported on stderr and ends in abort() (see
 * "contract violations" below); a freestanding build (no C library: the explorer's
 * WebAssembly) traps without the report. */
#if !defined(__STDC_HOSTED__) || __STDC_HOSTED__
#include <stdio.h>
#include <stdlib.h>
#endif

/* ---- qualifier ------------------------------------------------------------------------- */
#if defined(__CUDACC__)
#define SWZ_FN static __host__ __device__ __forceinline__
#else
#define SWZ_FN static inline
#endif
/* Host-only functions (the run-time layout table of layout.h, whose rows hold host function
 * pointers): `static __host__ inline` under nvcc, `static inline` elsewhere. */
#if defined(__CUDACC__)
#define SWZ_HOST_FN static __host__ inline
#else
#define SWZ_HOST_FN static inline
#endif

/* ---- error codes: SWZ_OK or a negative SWZ_E* code ---------------------------------------
 * Convention (every header, above): a function that can refuse its arguments returns SWZ_OK
 * (0) or a negative SWZ_E* code; it records which parameter was wrong and its value in a
 * swz_error where it can name one; swz_error_format gives the sentence, e.g. "xor needs a
 * power-of-two width W (W = 48)". */
#define SWZ_OK 0
#define SWZ_EPOW2 (-1)   /* a parameter that must be a power of two is not */
#define SWZ_EELEM (-2)   /* element size not in {1, 2, 4, 8, 16} */
#define SWZ_EACCESS (-3) /* access width not in {4, 8, 16}, or not a multiple of the element */
#define SWZ_ERANGE (-4)  /* a size is zero, too large, or a coordinate is outside the tile */
#define SWZ_EALIGN (-5)  /* an address is not aligned as required */
#define SWZ_EKIND (-6)   /* unknown layout, access kind or pattern */
#define SWZ_EWIDTH (-7)  /* the tile row is narrower than one access (width * elem < access) */

/* Failure value of the checked swz_layout_offset (the index functions stop instead). */
#define SWZ_BAD_OFFSET 0xFFFFFFFFu

/* Largest tile side and tile size (elements) that the layouts accept. */
#define SWZ_MAX_SIDE 65536u
#define SWZ_MAX_ELEMS (1u << 26)

/* The code's general reason, naming the parameter it is about (W width, H height, E element
 * bytes, A access bytes).  For the value that was wrong, use swz_error_format. */
SWZ_FN const char *swz_strerror(int code)
{
    switch (code) {
    case SWZ_OK: return "ok";
    case SWZ_EPOW2: return "a parameter that must be a power of two (W, H or W*E/A) is not";
    case SWZ_EELEM: return "element size E must be 1, 2, 4, 8 or 16 bytes";
    case SWZ_EACCESS: return "access width A must be 4, 8 or 16 bytes and a multiple of the element size E";
    case SWZ_ERANGE: return "a size (W, H, W*H, a row W*E, a swizzle's B, M, S) is zero or too large, or a coordinate is outside the tile";
    case SWZ_EALIGN: return "address not aligned as required";
    case SWZ_EKIND: return "unknown layout, access kind or pattern";
    case SWZ_EWIDTH: return "tile row W*E is narrower than one access A";
    default: return "unknown swz error";
    }
}

/* What a checked constructor found wrong: code, who refused, what it needs (naming the
 * parameter), the parameter and the value given.  code == SWZ_OK: nothing wrong. */
typedef struct swz_error {
    int code;          /* SWZ_OK or SWZ_E* */
    const char *who;   /* the layout or function that refused: "xor", "layout", ... */
    const char *need;  /* what it needs: "a power-of-two width W" */
    const char *param; /* the parameter: "W", "E", "A", "H", "W*E", ... */
    uint64_t value;    /* the value it was given */
} swz_error;

/* Record a failure in *e (when e is not NULL: the record is optional) and return code, so that
 * a checking function ends `return swz_error_set(err, SWZ_ERANGE, "tma", "a box dimension of 1
 * to 256 elements", "box_rows", n);`.  The strings are not copied: pass literals. */
SWZ_FN int swz_error_set(swz_error *e, int code, const char *who, const char *need,
                         const char *param, uint64_t value)
{
    if (e) {
        e->code = code;
        e->who = who;
        e->need = need;
        e->param = param;
        e->value = value;
    }
    return code;
}
/* Reset *e (when e is not NULL) to "nothing wrong": code SWZ_OK, empty strings, value 0. */
SWZ_FN void swz_error_clear(swz_error *e)
{
    if (e) {
        e->code = SWZ_OK;
        e->who = e->need = e->param = "";
        e->value = 0u;
    }
}

/* Text into a fixed buffer without allocation (what swz_error_format, swz_layout_macro and
 * swz-check's messages are built from): append s (or v in decimal) to buf at *len, keeping buf
 * NUL-terminated within its n bytes; *len counts every character, also those that did not fit
 * (as snprintf's return value: *len >= n means the text was cut). */
SWZ_FN void swz_text_append(char *buf, size_t n, size_t *len, const char *s)
{
    for (; *s; ++s, ++*len)
        if (*len + 1u < n) { buf[*len] = *s; buf[*len + 1u] = '\0'; }
}
SWZ_FN void swz_text_append_u64(char *buf, size_t n, size_t *len, uint64_t v)
{
    char d[21];
    int i = 20;
    d[20] = '\0';
    do { d[--i] = (char)('0' + (int)(v % 10u)); v /= 10u; } while (v);
    swz_text_append(buf, n, len, d + i);
}

/* The sentence of *e into buf (n bytes, always NUL-terminated when n > 0; no allocation):
 * "<who> needs <need> (<param> = <value>)", or swz_strerror's text when *e names no parameter.
 * Returns the length of the whole sentence (as snprintf: >= n means it was cut). */
SWZ_FN size_t swz_error_format(const swz_error *e, char *buf, size_t n)
{
    size_t len = 0;
    if (n) buf[0] = '\0';
    if (e->code == SWZ_OK || !e->param || !e->param[0]) {
        swz_text_append(buf, n, &len, swz_strerror(e->code));
        return len;
    }
    swz_text_append(buf, n, &len, e->who);
    swz_text_append(buf, n, &len, " needs ");
    swz_text_append(buf, n, &len, e->need);
    swz_text_append(buf, n, &len, " (");
    swz_text_append(buf, n, &len, e->param);
    swz_text_append(buf, n, &len, " = ");
    swz_text_append_u64(buf, n, &len, e->value);
    swz_text_append(buf, n, &len, ")");
    return len;
}

/* ---- contract violations: loud, never silent -----------------------------------------------
 * The index functions -- every layout kind's swz_<kind>_offset / swz_<kind>_coord, the swizzle
 * primitives swz_xor and swz_tma_swizzle, swz_wgmma_desc -- sit on kernels' hot paths and return
 * an index, not an error code.  A parameter outside their contract would silently index another
 * element (a failure value such as 0xFFFFFFFF used as an index reads far out of bounds), so they
 * stop instead, with one line in the shape of swz_error_format's sentence, the function as its
 * subject and the limit's value after the parameter's:
 *     swz: swz_tma_offset needs a column below the width W (col = 70, W = 64)
 * on the host on stderr, then abort(); in device code through printf, then __trap() (the launch
 * fails; sm_90a code traps without the printf, see SWZ_CONTRACT_REPORT below); in a freestanding
 * build, __builtin_trap().  Their checks are comparisons of the
 * parameters, which fold away when the parameters are constants (a kernel's tile shape): a
 * kernel pays for them only where a parameter is a run-time value.  The checked, non-fatal form
 * of every kind is swz_layout_offset / swz_layout_coord on a layout that swz_layout_make built:
 * SWZ_BAD_OFFSET / SWZ_ERANGE, never a stop. */
/* SWZ_CONTRACT_REPORT (define it before including to choose): 1 -- device code prints the
 * sentence before __trap(); 0 -- it traps without it (host code always prints).  Default 1, but
 * 0 in code compiled for sm_90a (__CUDA_ARCH_FEAT_SM90_ALL), for the reason tma.h gives for
 * SWZ_TMA_REPORT: device printf is a function call, and ptxas serializes every wgmma of a kernel
 * that contains a call, so a report that never runs would still cost a wgmma kernel its
 * overlap wherever a check does not fold away. */
#if !defined(SWZ_CONTRACT_REPORT)
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define SWZ_CONTRACT_REPORT 0
#else
#define SWZ_CONTRACT_REPORT 1
#endif
#endif
SWZ_FN void swz__contract_fail(const char *fn, const char *need, const char *param, uint64_t value,
                               const char *limit, uint64_t limit_value)
{
#if defined(__CUDA_ARCH__)
#if SWZ_CONTRACT_REPORT
    if (limit)
        printf("swz: %s needs %s (%s = %llu, %s = %llu)\n", fn, need, param, (unsigned long long)value,
               limit, (unsigned long long)limit_value);
    else
        printf("swz: %s needs %s (%s = %llu)\n", fn, need, param, (unsigned long long)value);
#else
    (void)fn, (void)need, (void)param, (void)value, (void)limit, (void)limit_value;
#endif
    __trap();
#elif !defined(__STDC_HOSTED__) || __STDC_HOSTED__
    if (limit)
        fprintf(stderr, "swz: %s needs %s (%s = %llu, %s = %llu)\n", fn, need, param,
                (unsigned long long)value, limit, (unsigned long long)limit_value);
    else
        fprintf(stderr, "swz: %s needs %s (%s = %llu)\n", fn, need, param, (unsigned long long)value);
    abort();
#else
    (void)fn, (void)need, (void)param, (void)value, (void)limit, (void)limit_value;
    __builtin_trap();
#endif
}
/* The same stop for a refusal a checking function recorded in *e (its need, parameter, value). */
SWZ_FN void swz__contract_fail_error(const char *fn, const swz_error *e)
{
    swz__contract_fail(fn, e->need, e->param, e->value, NULL, 0u);
}

/* The contract checks of an index function fn: stop with the refusal a checking function
 * returned (code, recorded in *e) / with "a column below the width W" when col >= width.
 * Return 1 when the contract holds, 0 after a stop (not reached at run time: the caller returns
 * a failure value after it, so that no path computes with the bad parameter). */
SWZ_FN int swz__contract_params(const char *fn, int code, const swz_error *e)
{
    if (code == SWZ_OK) return 1;
    swz__contract_fail_error(fn, e);
    return 0;
}
SWZ_FN int swz__contract_col(const char *fn, uint32_t col, uint32_t width)
{
    if (col < width) return 1;
    swz__contract_fail(fn, "a column below the width W", "col", col, "W", width);
    return 0;
}
/* An empty record for a checking function to fill (SWZ_OK, empty strings). */
#define SWZ__ERROR_NONE {SWZ_OK, "", "", "", 0u}

/* ---- compile-time checks ---------------------------------------------------------------
 * SWZ_STATIC_ASSERT(cond, reason)  a declaration (file or block scope).
 * SWZ__CT_CHECK(cond, reason)       an int constant expression equal to 0 that fails to compile
 *                                   when cond is false; reason is an identifier.
 * SWZ__CT_CHECK_AFTER(ok, cond, reason)  the same, checked only when the earlier checks hold
 *                                   (ok): a macro form's checks are a chain, so bad parameters
 *                                   give one error, the first reason, not one per check.
 * A macro form also clamps the constants it derives from its parameters (to 0 or another
 * harmless value) when its checks fail, so that a failed check is the only diagnostic: no
 * negative shift counts or divisions by zero follow it.                                      */
#if defined(__cplusplus)
#define SWZ_STATIC_ASSERT(cond, reason) static_assert((cond), "swz: " #reason)
extern "C++" {
template <bool Ok, class Reason> struct swz__ct_check {
    static_assert(Ok, "swz: invalid compile-time parameter: the reason is the swz_error_* type "
                      "named in this instantiation");
    enum { value = 0 };
};
}
#define SWZ__CT_CHECK(cond, reason) ((int)swz__ct_check<(bool)(cond), struct reason>::value)
#else
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define SWZ_STATIC_ASSERT(cond, reason) _Static_assert((cond), "swz: " #reason)
#else
#define SWZ_STATIC_ASSERT(cond, reason) extern char swz__static_assert_##reason[(cond) ? 1 : -1]
#endif
#define SWZ__CT_CHECK(cond, reason) (0 * (int)sizeof(struct { int reason : (cond) ? 1 : -1; }))
#endif
#define SWZ__CT_CHECK_AFTER(ok, cond, reason) SWZ__CT_CHECK(!(ok) || (cond), reason)

/* ---- names for template headers ----------------------------------------------------------- */
/* SWZ_CAT(a, b): a and b macro-expanded, then pasted into one token; SWZ_STR(x): x expanded,
 * then made a string.  The one way every template header (tile.h, mma.h, the kernel families)
 * builds the names it generates from its parameters, e.g. with SWZ_TILE_NAME t64f,
 * SWZ_CAT(SWZ_TILE_NAME, _load) is t64f_load. */
#define SWZ_CAT(a, b) SWZ__CAT(a, b)
#define SWZ__CAT(a, b) a##b
#define SWZ_STR(x) SWZ__STR(x)
#define SWZ__STR(x) #x

/* ---- integer functions -------------------------------------------------------------------- */
#define SWZ_IS_POW2(x) ((x) != 0 && ((x) & ((x)-1)) == 0)
/* The largest power of two dividing x, 2^v for x = 2^v * odd (x itself for a power of two; 0
 * for x == 0), as a constant expression: how many units of a row an XOR may permute (xor.h,
 * linear.h). */
#define SWZ_POW2_PART(x) ((unsigned)(x) & (0u - (unsigned)(x)))

/* floor(log2(x)) for a constant 1 <= x < 2^32, as a constant expression (0 for x == 0). */
#define SWZ_LOG2(x)                                                                             \
    ((x) >= 0x80000000u ? 31 : (x) >= 0x40000000u ? 30 : (x) >= 0x20000000u ? 29              \
   : (x) >= 0x10000000u ? 28 : (x) >= 0x8000000u ? 27 : (x) >= 0x4000000u ? 26                  \
   : (x) >= 0x2000000u ? 25 : (x) >= 0x1000000u ? 24 : (x) >= 0x800000u ? 23                    \
   : (x) >= 0x400000u ? 22 : (x) >= 0x200000u ? 21 : (x) >= 0x100000u ? 20                      \
   : (x) >= 0x80000u ? 19 : (x) >= 0x40000u ? 18 : (x) >= 0x20000u ? 17 : (x) >= 0x10000u ? 16 \
   : (x) >= 0x8000u ? 15 : (x) >= 0x4000u ? 14 : (x) >= 0x2000u ? 13 : (x) >= 0x1000u ? 12      \
   : (x) >= 0x800u ? 11 : (x) >= 0x400u ? 10 : (x) >= 0x200u ? 9 : (x) >= 0x100u ? 8           \
   : (x) >= 0x80u ? 7 : (x) >= 0x40u ? 6 : (x) >= 0x20u ? 5 : (x) >= 0x10u ? 4                  \
   : (x) >= 0x8u ? 3 : (x) >= 0x4u ? 2 : (x) >= 0x2u ? 1 : 0)

/* log2 of an element or access size in {1,2,4,8,16}; -1 (a compile error where used as a
 * shift count is checked) for anything else. */
#define SWZ__LOG2_SMALL(x) ((x) == 1 ? 0 : (x) == 2 ? 1 : (x) == 4 ? 2 : (x) == 8 ? 3 : (x) == 16 ? 4 : -1)
#define SWZ__VALID_ELEM(e) ((e) == 1 || (e) == 2 || (e) == 4 || (e) == 8 || (e) == 16)
#define SWZ__VALID_ACCESS(e, a) (((a) == 4 || (a) == 8 || (a) == 16) && SWZ__VALID_ELEM(e) && (a) % (e) == 0)

#define SWZ__MIN(a, b) ((a) < (b) ? (a) : (b))
#define SWZ__MAX(a, b) ((a) > (b) ? (a) : (b))

SWZ_FN int swz_is_pow2(uint32_t x) { return x != 0u && (x & (x - 1u)) == 0u; }

/* floor(log2(x)) for x > 0; 0 for x == 0. Folds to a constant for a constant x. */
SWZ_FN uint32_t swz_log2(uint32_t x)
{
#if defined(__CUDA_ARCH__)
    return x ? (uint32_t)(31 - __clz((int)x)) : 0u;
#elif defined(__GNUC__) || defined(__clang__)
    return x ? (uint32_t)(31 - __builtin_clz(x)) : 0u;
#else
    uint32_t r = 0;
    while (x >>= 1) ++r;
    return r;
#endif
}

/* The largest power of two dividing x (2^v for x = 2^v * odd; 0 for x == 0). */
SWZ_FN uint32_t swz_pow2_part(uint32_t x) { return x & (0u - x); }

/* ceil(log2(x)) for x > 0 (0 for x <= 1): the bits of an index below x. */
SWZ_FN uint32_t swz__ceil_log2(uint32_t x) { return x <= 1u ? 0u : swz_log2(x - 1u) + 1u; }
#define SWZ__CEIL_LOG2(x) ((x) <= 1 ? 0 : SWZ_LOG2((x)-1u) + 1)

/* Element size in {1,2,4,8,16} and access width in {4,8,16}, a multiple of the element size.
 * Returns SWZ_OK, SWZ_EELEM or SWZ_EACCESS, recorded in *err (may be NULL) for `who`. */
SWZ_FN int swz__check_elem_access_at(swz_error *err, const char *who, uint32_t elem,
                                     uint32_t access)
{
    if (!(elem == 1u || elem == 2u || elem == 4u || elem == 8u || elem == 16u))
        return swz_error_set(err, SWZ_EELEM, who, "an element size E of 1, 2, 4, 8 or 16 bytes", "E", elem);
    if (!(access == 4u || access == 8u || access == 16u))
        return swz_error_set(err, SWZ_EACCESS, who, "an access width A of 4, 8 or 16 bytes", "A", access);
    if (access % elem != 0u)
        return swz_error_set(err, SWZ_EACCESS, who, "an access width A that is a multiple of the element size E", "A", access);
    return SWZ_OK;
}
SWZ_FN int swz__check_elem_access(uint32_t elem, uint32_t access)
{
    return swz__check_elem_access_at(NULL, "", elem, access);
}
/* The parameters of a row every layout kind checks first: E and A as above, the width W in
 * [1, SWZ_MAX_SIDE].  SWZ_OK, or the code recorded in *err (may be NULL) for `who`. */
SWZ_FN int swz__check_width_at(swz_error *err, const char *who, uint32_t width, uint32_t elem,
                               uint32_t access)
{
    int e = swz__check_elem_access_at(err, who, elem, access);
    if (e != SWZ_OK) return e;
    if (width == 0u || width > SWZ_MAX_SIDE)
        return swz_error_set(err, SWZ_ERANGE, who, "a width W in 1 .. 65536", "W", width);
    return SWZ_OK;
}
/* ... and of a whole tile (swz_layout_make's rules common to every kind): the height H in
 * [1, SWZ_MAX_SIDE], at most SWZ_MAX_ELEMS elements, a row of at least one access (W*E >= A). */
SWZ_FN int swz__check_tile_at(swz_error *err, const char *who, uint32_t width, uint32_t elem,
                              uint32_t access, uint32_t height)
{
    int e = swz__check_width_at(err, who, width, elem, access);
    if (e != SWZ_OK) return e;
    if (height == 0u || height > SWZ_MAX_SIDE)
        return swz_error_set(err, SWZ_ERANGE, who, "a height H in 1 .. 65536", "H", height);
    if ((uint64_t)width * height > SWZ_MAX_ELEMS)
        return swz_error_set(err, SWZ_ERANGE, who, "at most 2^26 elements W*H", "W*H",
                             (uint64_t)width * height);
    if (width * elem < access)
        return swz_error_set(err, SWZ_EWIDTH, who, "a row W*E of at least one access A", "W*E",
                             (uint64_t)width * elem);
    return SWZ_OK;
}

#endif /* SWZ_COMMON_H */
