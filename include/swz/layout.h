/* swz/layout.h -- one run-time interface over every swz layout.
 *
 * What it is for
 *   Tools, tests and host code that want to treat "a tile in some layout" generically: make a
 *   descriptor from (kind, width, element size, access width, height), then map (row, col) to
 *   a physical element offset and back, and ask how much storage and padding it needs.  The
 *   formulas live in their own headers (pad.h, xor.h, morton.h); this header only dispatches.
 *   Kernels with compile-time shapes use the SWZ_*_OFFSET macros of those headers directly.
 *
 * Example
 *   #include <swz/layout.h>
 *   swz_layout l;
 *   if (swz_layout_make(&l, SWZ_LAYOUT_XOR, 32, 4, 4, 32) != SWZ_OK) abort();
 *   uint32_t off = swz_layout_offset(&l, 3, 5);      // 3*32 + (5 ^ 3) = 102
 *   uint32_t r, c; swz_layout_coord(&l, off, &r, &c); // r == 3, c == 5
 *
 * Kinds (width W, height H in elements; E element bytes; A access bytes)
 *   NONE    r*W + c                                        any W, H
 *   PAD     r*stride + c, stride from pad.h                any W, H
 *   XOR     automatic swizzle of xor.h                     W a power of two
 *   MORTON  Z-order over access units, morton.h            W*E/A and H powers of two
 *   TMA32/64/128  Hopper hardware swizzle of xor.h on a    W*E a multiple of 16 and <= mode;
 *           base aligned to 8*mode bytes                   E <= 16
 *   All kinds need E in {1,2,4,8,16}, A in {4,8,16} a multiple of E, W*E >= A, W, H in
 *   [1, SWZ_MAX_SIDE] and W*H <= SWZ_MAX_ELEMS.  Every kind is a bijection from the tile onto
 *   its image in [0, swz_layout_size).
 */
#ifndef SWZ_LAYOUT_H
#define SWZ_LAYOUT_H

#include "common.h"
#include "pad.h"
#include "xor.h"
#include "morton.h"

#define SWZ_LAYOUT_NONE 0
#define SWZ_LAYOUT_PAD 1
#define SWZ_LAYOUT_XOR 2
#define SWZ_LAYOUT_MORTON 3
#define SWZ_LAYOUT_TMA32 4
#define SWZ_LAYOUT_TMA64 5
#define SWZ_LAYOUT_TMA128 6
#define SWZ_LAYOUT_COUNT 7

typedef struct swz_layout {
    int kind;
    uint32_t width, height, elem, access; /* elements, elements, bytes, bytes */
    uint32_t stride;                      /* elements between row starts in storage */
    swz_xor_params x;                     /* XOR kinds */
    uint32_t lw_units, lh;                /* MORTON: log2(W*E/A), log2(H) */
} swz_layout;

SWZ_FN const char *swz_layout_name(int kind)
{
    switch (kind) {
    case SWZ_LAYOUT_NONE: return "none";
    case SWZ_LAYOUT_PAD: return "pad";
    case SWZ_LAYOUT_XOR: return "xor";
    case SWZ_LAYOUT_MORTON: return "morton";
    case SWZ_LAYOUT_TMA32: return "tma32";
    case SWZ_LAYOUT_TMA64: return "tma64";
    case SWZ_LAYOUT_TMA128: return "tma128";
    default: return "?";
    }
}

/* TMA mode in bytes of a TMA kind, 0 for others. */
SWZ_FN uint32_t swz__layout_tma_mode(int kind)
{
    return kind == SWZ_LAYOUT_TMA32 ? 32u : kind == SWZ_LAYOUT_TMA64 ? 64u
         : kind == SWZ_LAYOUT_TMA128 ? 128u : 0u;
}

/* Fill *l.  Returns SWZ_OK or the first problem found (SWZ_EKIND, SWZ_EELEM, SWZ_EACCESS,
 * SWZ_ERANGE, SWZ_EWIDTH, SWZ_EPOW2); *l is unspecified on failure. */
SWZ_FN int swz_layout_make(swz_layout *l, int kind, uint32_t width, uint32_t elem,
                           uint32_t access, uint32_t height)
{
    int e = swz__check_elem_access(elem, access);
    uint32_t mode = swz__layout_tma_mode(kind);
    if (kind < 0 || kind >= SWZ_LAYOUT_COUNT) return SWZ_EKIND;
    if (e != SWZ_OK) return e;
    if (width == 0u || height == 0u || width > SWZ_MAX_SIDE || height > SWZ_MAX_SIDE ||
        (uint64_t)width * height > SWZ_MAX_ELEMS)
        return SWZ_ERANGE;
    if (width * elem < access) return SWZ_EWIDTH;
    l->kind = kind;
    l->width = width;
    l->height = height;
    l->elem = elem;
    l->access = access;
    l->stride = width;
    l->x.b = l->x.m = l->x.s = 0u;
    l->lw_units = l->lh = 0u;
    switch (kind) {
    case SWZ_LAYOUT_PAD: l->stride = swz_pad_stride(width, elem, access); break;
    case SWZ_LAYOUT_XOR: return swz_xor_auto(width, elem, access, &l->x);
    case SWZ_LAYOUT_MORTON:
        if (width * elem % access != 0u || !swz_is_pow2(width * elem / access) ||
            !swz_is_pow2(height))
            return SWZ_EPOW2;
        l->lw_units = swz_log2(width * elem / access);
        l->lh = swz_log2(height);
        break;
    case SWZ_LAYOUT_TMA32:
    case SWZ_LAYOUT_TMA64:
    case SWZ_LAYOUT_TMA128:
        if (width * elem % 16u != 0u || width * elem > mode) return SWZ_ERANGE;
        break;
    default: break;
    }
    return SWZ_OK;
}

/* An XOR layout with explicit (B, M, S) (offset units = elements) instead of the automatic
 * choice: e.g. a swizzle tuned for another instruction, or one taken from CuTe or Triton.
 * Validates like swz_layout_make, plus: width a power of two, swz_xor_valid(b, m, s), and the
 * scrambled bits inside the row (m + b <= log2 width) so every row maps onto itself and the
 * layout is a bijection for any height.  Returns SWZ_OK or an error code. */
SWZ_FN int swz_layout_make_xor(swz_layout *l, uint32_t width, uint32_t elem, uint32_t access,
                               uint32_t height, swz_xor_params p)
{
    int e = swz_layout_make(l, SWZ_LAYOUT_XOR, width, elem, access, height);
    if (e != SWZ_OK) return e;
    if (swz_xor_valid(p.b, p.m, p.s) != SWZ_OK || p.m + p.b > swz_log2(width)) return SWZ_ERANGE;
    l->x = p;
    return SWZ_OK;
}

/* TMA swizzle mode in bytes (32, 64, 128) of a layout, 0 for the other kinds. */
SWZ_FN uint32_t swz_layout_tma_mode(const swz_layout *l) { return swz__layout_tma_mode(l->kind); }

/* Elements of storage the tile needs (the image of the layout lies in [0, size)). */
SWZ_FN uint32_t swz_layout_size(const swz_layout *l)
{
    uint32_t n = l->stride * l->height;
    uint32_t mode = swz__layout_tma_mode(l->kind);
    if (mode) { /* whole 8*mode-byte swizzle atoms, since rows can be shorter than a line */
        uint32_t atom = 8u * mode / l->elem;
        n = (n + atom - 1u) / atom * atom;
    }
    return n;
}

/* Bytes of storage that hold no element. */
SWZ_FN uint64_t swz_layout_waste_bytes(const swz_layout *l)
{
    return ((uint64_t)swz_layout_size(l) - (uint64_t)l->width * l->height) * l->elem;
}

/* Physical element offset of (row, col); SWZ_BAD_OFFSET outside the tile. */
SWZ_FN uint32_t swz_layout_offset(const swz_layout *l, uint32_t row, uint32_t col)
{
    uint32_t mode = swz__layout_tma_mode(l->kind);
    if (row >= l->height || col >= l->width) return SWZ_BAD_OFFSET;
    switch (l->kind) {
    case SWZ_LAYOUT_XOR: return swz_xor_2d(l->x, l->width, row, col);
    case SWZ_LAYOUT_MORTON:
        return swz_morton_offset(l->lw_units, l->lh, l->access / l->elem, row, col);
    case SWZ_LAYOUT_TMA32:
    case SWZ_LAYOUT_TMA64:
    case SWZ_LAYOUT_TMA128: return swz_tma_offset(l->width, l->elem, mode, row, col);
    default: return swz_pad_offset(l->stride, row, col); /* NONE and PAD */
    }
}

/* Inverse: the (row, col) stored at physical offset off.  Returns SWZ_OK, or SWZ_ERANGE when
 * off holds no element (padding, or past the tile). */
SWZ_FN int swz_layout_coord(const swz_layout *l, uint32_t off, uint32_t *row, uint32_t *col)
{
    uint32_t mode = swz__layout_tma_mode(l->kind), r, c;
    if (off >= swz_layout_size(l)) return SWZ_ERANGE;
    switch (l->kind) {
    case SWZ_LAYOUT_XOR: swz_xor_2d_inv(l->x, l->width, off, &r, &c); break;
    case SWZ_LAYOUT_MORTON:
        swz_morton_coord(l->lw_units, l->lh, l->access / l->elem, off, &r, &c);
        break;
    case SWZ_LAYOUT_TMA32:
    case SWZ_LAYOUT_TMA64:
    case SWZ_LAYOUT_TMA128: {
        uint32_t o = swz_tma_swizzle(mode, off * l->elem) / l->elem; /* an involution */
        r = o / l->width;
        c = o % l->width;
        break;
    }
    default:
        if (!swz_pad_coord(l->stride, l->width, off, &r, &c)) return SWZ_ERANGE;
        break;
    }
    if (r >= l->height || c >= l->width) return SWZ_ERANGE;
    *row = r;
    *col = c;
    return SWZ_OK;
}

#endif /* SWZ_LAYOUT_H */
