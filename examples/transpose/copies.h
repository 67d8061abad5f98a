/* examples/transpose/copies.h -- the transpose family's own paths of tile.h's copies: the
 * rotated read order of padded layouts, the twin kernel's paths for misaligned rows (16-byte
 * units shifted in registers, optionally written whole by ownership; single elements along
 * 128-byte lines) and cache-hinted global accesses.
 *
 * What it is for
 *   include/swz/tile.h writes the generic copies (load, store, store_t in any layout, aligned
 *   or element by element).  The transposes are tuned to the instruction, and the paths that
 *   tuning added live here, as tile.h's extension (tile.h, "Extending the copies"): define
 *   SWZ_TILE_EXT "copies.h" with tile.h's parameters, and tile.h includes this header at its
 *   four points (SWZ_TILE_EXT_AT): the declarations below, then the statements of the shifted
 *   paths inside its load/store and store_t, then the end, where it #undefs its parameters.
 *   The paths are part of tile.h's copy functions, as text, because that is how they were
 *   tuned: written as functions of their own they compiled to other SASS (registers in another
 *   order, a branch condition kept in a register; docs/design.md, "The transpose's own copy
 *   paths").  Why each path exists, with the measurements: docs/design.md, "Transpose".
 *   tile_copies.inc instantiates it for every copy set of a variant.
 *
 * Example (the twin's copies of a 64x64 float tile: tile.h's parameters, then these)
 *   #define SWZ_TILE_NAME     t64m
 *   #define SWZ_TILE_ELEM     float
 *   #define SWZ_TILE_ROWS     64
 *   #define SWZ_TILE_COLS     64
 *   #define SWZ_TILE_THREADS  256
 *   #define SWZ_TILE_VBYTES   4
 *   #define SWZ_TILE_LAYOUT(r, c) ((uint32_t)(r) * 64u + (uint32_t)(c))
 *   #define SWZ_TILE_EXT      "copies.h"
 *   #define SWZ_TRANSPOSE_COPIES_SHIFTED   1
 *   #define SWZ_TRANSPOSE_COPIES_LINE_STEP 1
 *   #include <swz/tile.h>      // t64m_load / _store / _store_t, t64m_model, t64m_model_lines
 *
 * Parameters (all optional; #undef'ed at the end of each inclusion)
 *   SWZ_TRANSPOSE_COPIES_SHIFTED      0 (default) or 1: misaligned rows inside the matrix take
 *                        the shifted path or, for vectors of one 4- or 8-byte element, the line
 *                        path (below); 0: tile.h's element path.  The shifted path's registers
 *                        count for the whole kernel (64 instead of 32 for 64x64 floats), so the
 *                        transposes set it in the twin kernel's copies only.
 *   SWZ_TRANSPOSE_COPIES_SHIFT_BATCH  vectors per thread the shifted load keeps in flight at
 *                        once: 0 (default) half the aligned load's (each holds two 16-byte
 *                        units, so the registers stay near the aligned path's), n > 0:
 *                        min(n, the aligned load's).
 *   SWZ_TRANSPOSE_COPIES_LINE_STEP    0 (default) or 1: declares that moving LW = 128/E elements
 *                        along a row or down a column adds a constant to the layout's offset --
 *                        LAYOUT(r, c + LW) - LAYOUT(r, c) and LAYOUT(r + LW, c) - LAYOUT(r, c)
 *                        the same for every (r, c) (row-major, padded, an XOR swizzle whose
 *                        bits lie below LW's or above the key's, tiles side by side); the line
 *                        path then evaluates the layout once per row and steps by that
 *                        constant.  NAME_model_lines checks the claim on every access it models
 *                        (SWZ_EKIND where it fails).
 *   SWZ_TRANSPOSE_COPIES_LINE_TILE    0 (default) or T, a multiple of LW dividing COLS: with
 *                        LINE_STEP, the claim holds along a row only inside tiles of T columns
 *                        (tiles wider than LW side by side, e.g. two 32x32 double tiles in a
 *                        32x64 region), and moving T columns adds another constant,
 *                        LAYOUT(r, c + T) - LAYOUT(r, c) the same for every (r, c).  The line
 *                        path then adds the difference at the windows whose elements cross into
 *                        the next tile (one per lane and window, a constant per window).
 *   SWZ_TRANSPOSE_COPIES_ROTATE       0 (default), 1 or 2: store_t's read order -- 1 for a
 *                        *padded* layout, 2 alternating, for rows that start on two halves of
 *                        the banks (below).
 *   SWZ_TRANSPOSE_COPIES_OWN          0 (default) or 1, a constant of the preprocessor: store_t's
 *                        shifted path writes whole units by ownership (below), reading the
 *                        VEC_T rows after the tile; needs SHIFTED, VEC_T > 1 with 4- or 8-byte
 *                        reads, and runs of whole tile columns (NQ*VEC_T = ROWS).
 *   SWZ_TRANSPOSE_COPIES_OWN_NEXT(k, c)  with OWN: the element offset, from the tile's pointer,
 *                        of element (ROWS + k, c), k < VEC_T, of the rows after the tile, which
 *                        the caller loads beside it (transpose.cuh: the _tile_next copies).
 *   SWZ_TRANSPOSE_COPIES_GLOBAL_LOAD(v, u, p, bytes), SWZ_TRANSPOSE_COPIES_GLOBAL_STORE(p, v, u, bytes)
 *                        every global access of the copies (e.g. cache-hinted PTX): v.unit[u] =
 *                        *(bytes-wide *)p and back, v a swz_tile_v16 *, p aligned to bytes
 *                        (1..16).  Default: swz_tile_global_load / swz_tile_global_store, which
 *                        a hook calls for the widths it leaves.
 *   A bad SHIFTED, LINE_STEP, LINE_TILE, ROTATE or OWN is a compile error naming the parameter.
 *
 * Generated (NAME = SWZ_TILE_NAME), beside tile.h's names
 *   int  NAME_model_lines(int op, int m, swz_tile_cost *cost)             (host, any C)
 *        NAME_model for the line path, for rows that start m elements (0 <= m < 128/E) into a
 *        128-byte line; SWZ_EKIND where the copies have no line path (NAME_LINES 0).
 *   int  NAME_model_next(swz_tile_cost *cost)                              (host, any C)
 *        with OWN: the shared loads store_t's own path issues beside NAME_model's (the reads of
 *        the rows after the tile).
 *   Constant NAME_LINES: 1 when misaligned rows take the line path (SHIFTED, VEC = VEC_T = 1,
 *   E 4 or 8).
 *
 * How the paths work (E = sizeof(ELEM); tile.h's VEC, VEC_T, NQ)
 *   Rotated reads (ROTATE): tile.h's store_t reads rows VEC_T*q + k (q < NQ) of one word column
 *     in one instruction; a padded row stride puts rows VEC_T apart on the same slots, so the
 *     lanes read their VEC_T rows in a rotated order, (k + rot(q)) mod VEC_T (rot = SP * (q /
 *     QD) mod VEC_T, D = 128 / (VEC*E) vectors a line, SP = D / NQ, QD = D / VEC_T), which
 *     makes one instruction's rows consecutive; registers are rotated back with selects.
 *     ROTATE 2 reads them in the order (k + rot) mod VEC_T with rot = q mod 2: rows of 12
 *     sixteen-byte units (48 floats) start at bank 16r mod 32, so the rows VEC_T*q + k of one
 *     instruction would share half of the banks; alternating, they take rows of both parities,
 *     which a key within the row's units can then spread over all of them.
 *   Misaligned rows (e.g. an odd ld of 1-8 byte elements: each row starts at another offset
 *   m = address mod W, W = the vector's bytes) take the shifted path when the tile lies inside
 *   the matrix and W >= 4: the global side stays W bytes wide and aligned, and registers do
 *   the shifting.
 *     load   each lane reads the aligned unit holding its vector's first byte; the next unit
 *            comes from the next lane (__shfl_down_sync: it read that unit) or, for the last
 *            vector of a row or of the warp, from a second load; the vector is bytes m..m+W-1
 *            of the two (ex_tr_shr: selects and funnel shifts).  The units read stay inside
 *            [g, g + ((rows-1)*ld + cols)*E), else the tile takes the element path.
 *     store, store_t   each lane writes the aligned unit [q - m, q - m + W) below its vector's
 *            end, built from its vector and the previous lane's (__shfl_up_sync); the lane
 *            that heads a run of consecutive vectors of one row (store_t: the NQ lanes of an
 *            output row) writes its first W - m bytes and the run's last lane its last m
 *            bytes, in aligned pieces of 1-8 bytes, so no byte outside the tile is written.
 *     store_t with OWN   each output row's units have one owner: a tile writes the aligned
 *            units whose first byte lies in its ROWS elements of the row -- lane k the unit that
 *            starts in its vector, built from it and the next lane's (__shfl_down_sync), the
 *            run's last lane from the next rows (OWN_NEXT: elements ROWS .. ROWS + VEC_T - 1 of
 *            its columns) -- so every store is one whole unit.  The bytes before the row's
 *            first boundary belong to the tile before; only the tile at column 0 writes them
 *            (pieces).  A unit cut by the row's end (the matrix's last rows) is written up to
 *            the end (pieces).  The tiles of a row must then lie ROWS apart from column 0 (the
 *            transposes' regions), and a tile beside one on another path must write all of its
 *            own elements (the element path does: it may rewrite the same values).
 *   (The emulation has no lanes to ask: each simulated thread reads the next unit itself and
 *   recomputes the previous (OWN: next) lane's vector from shared memory; the results are the
 *   same.)
 *   Vectors of one 4- or 8-byte element (VBYTES = E, W = E: nothing to shift) take the line
 *   path there instead: each warp instruction's lanes cover whole 128-byte lines of global
 *   memory.  A global row of the copy (len elements: COLS for load/store, ROWS for store_t,
 *   whose global rows are tile columns) starting m elements past a line boundary is cut into
 *   the S = (len + 2*LW - 2) / LW line windows it can touch (LW = 128 / E lanes a window: a
 *   whole warp for 4-byte elements, a half-warp for 8-byte ones); lane l of window w takes
 *   element w*LW + l - m where that lies in [0, len), so every line a row touches costs one
 *   L2 request, where 32 consecutive elements straddle two lines per instruction.  Tiles
 *   whose rows all start on a line keep the fast path.  The shared side of an instruction is
 *   then LW consecutive elements of one tile row (load/store) or column (store_t), rotated by
 *   m: NAME_model_lines(op, m, cost) models it for rows that all start m elements into a
 *   line.  Every lane moves its own element; nothing is read or written outside the tile.
 *   Anything else misaligned (tiles at the matrix edge, W < 4) goes element by element.
 */
#if !defined(SWZ_TILE_EXT_AT)
#error "copies.h extends tile.h: define SWZ_TILE_EXT \"copies.h\" with tile.h's parameters, then include <swz/tile.h>"

#elif SWZ_TILE_EXT_AT == SWZ_TILE_AT_DECLS /* ============ the declarations ================= */

/* ---- once: the register work and the predicated accesses of the paths ------------------ */
#if !defined(SWZ_TRANSPOSE_COPIES_H) && defined(SWZ_TILE_DEVICE)
#define SWZ_TRANSPOSE_COPIES_H
/* The shifted path's register work (see "Misaligned rows" in the doc block).
 * ex_tr_shf: the 32 bits at bit n (0..31) of hi:lo (SHF.R). */
SWZ_TILE_DFN uint32_t ex_tr_shf(uint32_t lo, uint32_t hi, int n)
{
#if SWZ_TILE_DEVICE
    return __funnelshift_r(lo, hi, (unsigned)n);
#else
    return (uint32_t)((((uint64_t)hi << 32) | lo) >> (n & 31));
#endif
}
/* o = bytes s .. s+W-1 of lo[0, W) ++ hi[0, W), for W = 4, 8 or 16 (a constant once inlined)
 * and 0 <= s <= W: selects on the bits of s / 4 (no indexing by a run-time value, which would
 * put the words in local memory), then one funnel shift per word for s mod 4 (none when the
 * caller's s is a multiple of 4 the compiler can see). */
SWZ_TILE_DFN void ex_tr_shr(swz_tile_v16 *o, const swz_tile_v16 *lo, const swz_tile_v16 *hi,
                            int s, int W)
{
    /* x0..x8: the words of lo ++ hi ++ 0; plain scalars -- from an array nvcc makes loads of
     * a selected address, i.e. puts the words in local memory */
#define EX_TR_W(k) ((k) < W / 4 ? lo->w[(k) & 3] : (k) < W / 2 ? hi->w[((k) - W / 4) & 3] : 0u)
    uint32_t x0 = EX_TR_W(0), x1 = EX_TR_W(1), x2 = EX_TR_W(2), x3 = EX_TR_W(3),
             x4 = EX_TR_W(4), x5 = EX_TR_W(5), x6 = EX_TR_W(6), x7 = EX_TR_W(7), x8 = 0u;
#undef EX_TR_W
    const int n = 8 * (s & 3);
    /* word shifts by 4 (only s == W == 16: then no other), 2 and 1 */
    const int q = s >> 2;
    if (q & 4) x0 = x4, x1 = x5, x2 = x6, x3 = x7, x4 = x8;
    if (q & 2) x0 = x2, x1 = x3, x2 = x4, x3 = x5, x4 = x6, x5 = x7;
    if (q & 1) x0 = x1, x1 = x2, x2 = x3, x3 = x4, x4 = x5;
    o->w[0] = ex_tr_shf(x0, x1, n);
    o->w[1] = W > 4 ? ex_tr_shf(x1, x2, n) : 0u;
    o->w[2] = W > 8 ? ex_tr_shf(x2, x3, n) : 0u;
    o->w[3] = W > 8 ? ex_tr_shf(x3, x4, n) : 0u;
}
/* v = bytes n.. of v, zeros in (n = 1, 2, 4 or 8, a constant once inlined). */
SWZ_TILE_DFN void ex_tr_drop(swz_tile_v16 *v, int n)
{
    swz_tile_v16 t, z;
    z.q = make_uint4(0u, 0u, 0u, 0u);
    ex_tr_shr(&t, v, &z, n, 16);
    v->q = t.q;
}
#if SWZ_TILE_DEVICE
/* The first W/4 words of v from the next lane (down 1) or the previous one (up 1); every lane
 * of the warp calls it. */
SWZ_TILE_DFN void ex_tr_lane(swz_tile_v16 *o, const swz_tile_v16 *v, int up, int W)
{
#pragma unroll
    for (int k = 0; k < 4; ++k)
        if (k < W / 4)
            o->w[k] = up ? __shfl_up_sync(0xFFFFFFFFu, v->w[k], 1u) : __shfl_down_sync(0xFFFFFFFFu, v->w[k], 1u);
}
#endif

/* Predicated stores of one 4- or 8-byte unit v.unit[0] where ok (the line path): the predicate
 * inside the PTX, so a tile's worth of them stays one straight run of instructions (as C++
 * conditions, each became a branch around its store). */
#define EX_TR_PUT_IF_BODY(SPACE, C, A)                                                      \
    if (bytes == 8)                                                                            \
        asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %0, 0;\n\t@q st." SPACE                \
                     ".v2.b32 [%1], {%2, %3};\n\t}" ::"r"(ok), C(A), "r"(v->w[0]), "r"(v->w[1])     \
                     : "memory");                                                              \
    else                                                                                       \
        asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %0, 0;\n\t@q st." SPACE                \
                     ".b32 [%1], %2;\n\t}" ::"r"(ok), C(A), "r"(v->w[0])                            \
                     : "memory");
SWZ_TILE_DFN void ex_tr_sput_if(int ok, void *p, const swz_tile_v16 *v, int bytes)
{
#if SWZ_TILE_DEVICE
    const unsigned a = (unsigned)__cvta_generic_to_shared(p);
    EX_TR_PUT_IF_BODY("shared", "r", a)
#else
    if (ok) swz_tile_shared_store(p, v, 0, bytes);
#endif
}
SWZ_TILE_DFN void ex_tr_gput_if(int ok, void *p, const swz_tile_v16 *v, int bytes)
{
#if SWZ_TILE_DEVICE
    EX_TR_PUT_IF_BODY("global", "l", p)
#else
    if (ok) swz_tile_global_store(p, v, 0, bytes);
#endif
}
/* ... and the predicated shared load of one 4- or 8-byte unit into v.unit[0] (v unchanged where
 * !ok). */
SWZ_TILE_DFN void ex_tr_sget_if(int ok, swz_tile_v16 *v, const void *p, int bytes)
{
#if SWZ_TILE_DEVICE
    const unsigned a = (unsigned)__cvta_generic_to_shared(p);
    if (bytes == 8)
        asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %2, 0;\n\t@q ld.shared.v2.b32 {%0, %1}, [%3];\n\t}"
                     : "+r"(v->w[0]), "+r"(v->w[1])
                     : "r"(ok), "r"(a)
                     : "memory");
    else
        asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %1, 0;\n\t@q ld.shared.b32 %0, [%2];\n\t}"
                     : "+r"(v->w[0])
                     : "r"(ok), "r"(a)
                     : "memory");
#else
    if (ok) swz_tile_get(v, 0, p, bytes);
#endif
}
#undef EX_TR_PUT_IF_BODY

#endif /* once */

/* ---- each instantiation ---------------------------------------------------------------- */
#ifndef SWZ_TRANSPOSE_COPIES_SHIFTED
#define SWZ_TRANSPOSE_COPIES_SHIFTED 0
#endif
#ifndef SWZ_TRANSPOSE_COPIES_SHIFT_BATCH
#define SWZ_TRANSPOSE_COPIES_SHIFT_BATCH 0
#endif
#ifndef SWZ_TRANSPOSE_COPIES_LINE_STEP
#define SWZ_TRANSPOSE_COPIES_LINE_STEP 0
#endif
#ifndef SWZ_TRANSPOSE_COPIES_LINE_TILE
#define SWZ_TRANSPOSE_COPIES_LINE_TILE 0
#endif
#ifndef SWZ_TRANSPOSE_COPIES_ROTATE
#define SWZ_TRANSPOSE_COPIES_ROTATE 0
#endif
#ifndef SWZ_TRANSPOSE_COPIES_OWN
#define SWZ_TRANSPOSE_COPIES_OWN 0
#endif
#if (SWZ_TRANSPOSE_COPIES_OWN) != 0 && (SWZ_TRANSPOSE_COPIES_OWN) != 1
#error "copies.h: SWZ_TRANSPOSE_COPIES_OWN must be 0 or 1"
#endif
#if (SWZ_TRANSPOSE_COPIES_OWN) && !defined(SWZ_TRANSPOSE_COPIES_OWN_NEXT)
#error "copies.h: SWZ_TRANSPOSE_COPIES_OWN needs SWZ_TRANSPOSE_COPIES_OWN_NEXT(k, c), the offsets of the rows after the tile"
#endif
#ifndef SWZ_TRANSPOSE_COPIES_GLOBAL_LOAD
#define SWZ_TRANSPOSE_COPIES_GLOBAL_LOAD(v, u, p, bytes) swz_tile_global_load((v), (u), (p), (bytes))
#endif
#ifndef SWZ_TRANSPOSE_COPIES_GLOBAL_STORE
#define SWZ_TRANSPOSE_COPIES_GLOBAL_STORE(p, v, u, bytes) swz_tile_global_store((p), (v), (u), (bytes))
#define EX_TR_GSTORE_DEFAULT 1 /* no hook: the line path may predicate its stores in PTX */
#else
#define EX_TR_GSTORE_DEFAULT 0
#endif

#define EX_TRC(x) SWZ_CAT(SWZ_TILE_NAME, x)

/* Derived constants (E element bytes, RW elements per store_t read; tile.h's VEC, VEC_T, NQ,
 * BATCH): D, SP, QD the rotation of a padded layout; BS the shifted load's batch; LINES, LW ..
 * LT1 the line path. */
enum {
    EX_TRC(__XE) = (int)sizeof(SWZ_TILE_ELEM),
    EX_TRC(__XRW) = EX_TRC(_READ_BYTES) / EX_TRC(__XE),
    EX_TRC(__D) = 128 / (EX_TRC(_VEC) * EX_TRC(__XE)) < 1 ? 1 : 128 / (EX_TRC(_VEC) * EX_TRC(__XE)),
    EX_TRC(__SP) = EX_TRC(__D) / EX_TRC(_NQ) < 1 ? 1 : EX_TRC(__D) / EX_TRC(_NQ),
    EX_TRC(__QD) = EX_TRC(__D) / EX_TRC(_VEC_T) < 1 ? 1 : EX_TRC(__D) / EX_TRC(_VEC_T),
    /* the shifted load's batch: half the fast path's by default (each vector holds two units) */
    EX_TRC(__BS) = (SWZ_TRANSPOSE_COPIES_SHIFT_BATCH) <= 0 ? (EX_TRC(_BATCH) + 1) / 2
                 : (SWZ_TRANSPOSE_COPIES_SHIFT_BATCH) < EX_TRC(_BATCH) ? (SWZ_TRANSPOSE_COPIES_SHIFT_BATCH)
                                                                       : EX_TRC(_BATCH),
    /* the line path (doc block): LW lanes per 128-byte line window */
    EX_TRC(_LINES) = (SWZ_TRANSPOSE_COPIES_SHIFTED) && EX_TRC(_VEC) == 1 && EX_TRC(_VEC_T) == 1 &&
                     (EX_TRC(__XE) == 4 || EX_TRC(__XE) == 8),
    EX_TRC(__LW) = 128 / EX_TRC(__XE) < 32 ? 128 / EX_TRC(__XE) : 32,
    EX_TRC(__LS0) = ((SWZ_TILE_COLS) + 2 * EX_TRC(__LW) - 2) / EX_TRC(__LW), /* windows a row: load/store */
    EX_TRC(__LS1) = ((SWZ_TILE_ROWS) + 2 * EX_TRC(__LW) - 2) / EX_TRC(__LW), /* store_t */
    EX_TRC(__LRS) = (SWZ_TILE_THREADS) / EX_TRC(__LW),                        /* rows a step */
    EX_TRC(__LT) = (SWZ_TRANSPOSE_COPIES_LINE_TILE),                          /* 0 or T */
    EX_TRC(__LT1) = EX_TRC(__LT) > 0 ? EX_TRC(__LT) : 1                       /* T, a divisor */
};

SWZ_STATIC_ASSERT((SWZ_TRANSPOSE_COPIES_ROTATE) >= 0 && (SWZ_TRANSPOSE_COPIES_ROTATE) <= 2,
                  swz_error_transpose_copies_ROTATE_must_be_0_1_or_2);
SWZ_STATIC_ASSERT((SWZ_TRANSPOSE_COPIES_SHIFTED) == 0 || (SWZ_TRANSPOSE_COPIES_SHIFTED) == 1,
                  swz_error_transpose_copies_SHIFTED_must_be_0_or_1);
SWZ_STATIC_ASSERT((SWZ_TRANSPOSE_COPIES_LINE_STEP) == 0 || (SWZ_TRANSPOSE_COPIES_LINE_STEP) == 1,
                  swz_error_transpose_copies_LINE_STEP_must_be_0_or_1);
SWZ_STATIC_ASSERT(EX_TRC(__LT) == 0 ||
                      (EX_TRC(__LT) > 0 && EX_TRC(__LT1) % EX_TRC(__LW) == 0 &&
                       (SWZ_TILE_COLS) % EX_TRC(__LT1) == 0),
                  swz_error_transpose_copies_LINE_TILE_must_be_0_or_a_multiple_of_LW_dividing_COLS);
/* OWN: store_t's shifted path, vectors wider than an element (read in 4- or 8-byte words), and
 * a run (NQ vectors) a whole tile column, so that its last lane is the one that reads the next
 * rows. */
SWZ_STATIC_ASSERT(!(SWZ_TRANSPOSE_COPIES_OWN) ||
                      ((SWZ_TRANSPOSE_COPIES_SHIFTED) && EX_TRC(_VEC_T) > 1 && EX_TRC(_VEC_T) * EX_TRC(__XE) >= 4 &&
                       (EX_TRC(_READ_BYTES) == 4 || EX_TRC(_READ_BYTES) == 8) &&
                       EX_TRC(_NQ) * EX_TRC(_VEC_T) == (SWZ_TILE_ROWS)),
                  swz_error_transpose_copies_OWN_needs_SHIFTED_vectors_wider_than_an_element_and_runs_of_whole_tile_columns);

/* tile.h's hooks (tile.h, "Extending the copies"): every global access through the
 * parameters; the rotated reads; the line path before tile.h's fast path; the shifted path
 * where it does not apply (its statements: SWZ_TILE_AT_COPY, SWZ_TILE_AT_STORE_T below). */
#define SWZ_TILE_EXT_GLOBAL_LOAD(v, u, p, bytes) SWZ_TRANSPOSE_COPIES_GLOBAL_LOAD((v), (u), (p), (bytes))
#define SWZ_TILE_EXT_GLOBAL_STORE(p, v, u, bytes) SWZ_TRANSPOSE_COPIES_GLOBAL_STORE((p), (v), (u), (bytes))
#define SWZ_TILE_EXT_ROTATES (SWZ_TRANSPOSE_COPIES_ROTATE)
#define SWZ_TILE_EXT_ROT(q)                                                                   \
    ((SWZ_TRANSPOSE_COPIES_ROTATE) == 2 ? (q) & 1 & (EX_TRC(_VEC_T) - 1)                          \
     : (SWZ_TRANSPOSE_COPIES_ROTATE) ? (EX_TRC(__SP) * ((q) / EX_TRC(__QD))) & (EX_TRC(_VEC_T) - 1) : 0)
#define SWZ_TILE_EXT_UNROT(w, rot) EX_TRC(__t_unrotate)((w), (rot))
#define SWZ_TILE_EXT_COPY_FIRST(dir, src, dst, g, ld, row0, col0, rows, cols)                  \
    if (EX_TRC(__lines_ok)((g), (ld), (row0), (col0), (rows), (cols), SWZ_TILE_ROWS, SWZ_TILE_COLS)) { \
        EX_TRC(__lines)(0, (dir), (char *)(g) + ((row0) * (ld) + (col0)) * EX_TRC(__XE),       \
                        (dir) == 0 ? (dst) : (char *)(src), (ld));                            \
        return;                                                                               \
    }
#define SWZ_TILE_EXT_STORE_T_FIRST(s, g, ld, row0, col0, rows, cols)                           \
    if (EX_TRC(__lines_ok)((g), (ld), (row0), (col0), (rows), (cols), SWZ_TILE_COLS, SWZ_TILE_ROWS)) { \
        EX_TRC(__lines)(1, 1, (char *)((g) + (row0) * (ld) + (col0)), (char *)(s), (ld));      \
        return;                                                                               \
    }
#define SWZ_TILE_EXT_COPY_TAKES(dir, g, ld, row0, col0, rows, cols)                            \
    ((SWZ_TRANSPOSE_COPIES_SHIFTED) &&                                                        \
     EX_TRC(__shift_ok)((dir), (g), (ld), (row0), (col0), (rows), (cols), SWZ_TILE_ROWS, SWZ_TILE_COLS, \
                        EX_TRC(_VEC) * EX_TRC(__XE)))
#define SWZ_TILE_EXT_STORE_T_TAKES(g, ld, row0, col0, rows, cols)                              \
    ((SWZ_TRANSPOSE_COPIES_SHIFTED) &&                                                        \
     EX_TRC(__shift_ok)(1, (g), (ld), (row0), (col0), (rows), (cols), SWZ_TILE_COLS, SWZ_TILE_ROWS, \
                        EX_TRC(_VEC_T) * EX_TRC(__XE)))

/* The line path's row of thread tid in step i: row slot tid / LW, plus i*RS.  With half-warp
 * windows (LW 16: 8-byte elements) and RS a multiple of 16, the two halves of a warp take rows n
 * and n ^ 8 (slot 16a + 2b + h -> row 16a + 8h + b): their partial windows then read disjoint
 * 8-byte slots of an XOR-keyed tile column (rows n and n + 1 shared slots: 1.3% over the ideal
 * wavefronts for 64x64 doubles, NAME_model_lines). */
SWZ_FN int EX_TRC(__win_row)(int tid, int i)
{
    const int s = tid / EX_TRC(__LW), rs = EX_TRC(__LRS);
    const int n = EX_TRC(__LW) == 16 && rs % 16 == 0 ? (s & ~15) | ((s & 1) << 3) | ((s >> 1) & 7) : s;
    return n + i * rs;
}
/* The line path's item: lane l (of LW) of window w of global row n of map t (0 load/store: row
 * n = tile row n, COLS elements; 1 store_t: row n = tile column n, ROWS elements), rows starting
 * m elements into a line -> tile (r, c) and the row's element k; 0 where the lane has none. */
SWZ_FN int EX_TRC(__win_item)(int t, int n, int w, int l, int m, int *r, int *c, int *k)
{
    *k = w * EX_TRC(__LW) + l - m;
    *r = t ? *k : n; /* set for every lane: the copies compute offsets unconditionally and */
    *c = t ? n : *k; /* predicate only the accesses */
    return n < (t ? (SWZ_TILE_COLS) : (SWZ_TILE_ROWS)) &&
           (unsigned)*k < (unsigned)(t ? (SWZ_TILE_ROWS) : (SWZ_TILE_COLS));
}
/* The line path's shared offset of window w for the lane at d = l - m of global row n: with
 * SWZ_TRANSPOSE_COPIES_LINE_STEP, base + w*step, the base evaluated once per row at the lane's first
 * element in [0, LW) (window w0 = d < 0); else the layout in full.  With SWZ_TRANSPOSE_COPIES_LINE_TILE T
 * (load/store rows), the lane's element w*LW + d lies (j*LW) / T tiles past its first one, j =
 * w - w0: each adds the tile step minus T/LW line steps (__line_xt). */
SWZ_FN uint32_t EX_TRC(__line_step)(int t)
{
    return t ? (uint32_t)(SWZ_TILE_LAYOUT(EX_TRC(__LW), 0)) - (uint32_t)(SWZ_TILE_LAYOUT(0, 0))
             : (uint32_t)(SWZ_TILE_LAYOUT(0, EX_TRC(__LW))) - (uint32_t)(SWZ_TILE_LAYOUT(0, 0));
}
SWZ_FN uint32_t EX_TRC(__line_xt)(void)
{
    return EX_TRC(__LT) != 0 ? (uint32_t)(SWZ_TILE_LAYOUT(0, EX_TRC(__LT))) - (uint32_t)(SWZ_TILE_LAYOUT(0, 0)) -
                                    (uint32_t)(EX_TRC(__LT) / EX_TRC(__LW)) * EX_TRC(__line_step)(0)
                              : 0u;
}
SWZ_FN uint32_t EX_TRC(__line_base)(int t, int n, int d)
{
    const int w0 = d < 0, dd = d + w0 * EX_TRC(__LW);
    return (uint32_t)(t ? SWZ_TILE_LAYOUT(dd, n) : SWZ_TILE_LAYOUT(n, dd)) - (uint32_t)w0 * EX_TRC(__line_step)(t);
}
SWZ_FN uint32_t EX_TRC(__line_off)(int t, uint32_t base, int w, int d, int r, int c)
{
    return (SWZ_TRANSPOSE_COPIES_LINE_STEP)
               ? base + (uint32_t)w * EX_TRC(__line_step)(t) +
                     (!t && EX_TRC(__LT) != 0
                          ? (uint32_t)((w - (d < 0)) * EX_TRC(__LW) / EX_TRC(__LT1)) * EX_TRC(__line_xt)()
                          : 0u)
               : (uint32_t)(SWZ_TILE_LAYOUT(r, c));
}

#if defined(SWZ_TILE_DEVICE)

/* The rotated reads' registers back in order (w[k] holds row (k + rot) mod VT) with selects. */
SWZ_TILE_DFN void EX_TRC(__t_unrotate)(swz_tile_v16 *w, int rot)
{
    enum { kVT = EX_TRC(_VEC_T) };
#pragma unroll
    for (int sh = 1; sh < kVT; sh <<= 1) {
        swz_tile_v16 t[kVT];
        const int on = (rot & sh) != 0;
#pragma unroll
        for (int m = 0; m < kVT; ++m) t[m] = w[(m - sh) & (kVT - 1)];
#pragma unroll
        for (int m = 0; m < kVT; ++m)
            if (on) w[m] = t[m];
    }
}

/* 1 when the tile at (row0, col0) (nr x nc elements of g) takes the shifted path: inside the
 * matrix, vectors of W >= 4 bytes wider than an element, and -- for a load (dir 0), which
 * reads the W-byte units around each row's bytes -- those units inside the matrix's own bytes
 * [g, g + ((rows-1)*ld + cols)*E).  The caller has found the rows misaligned (not __fast). */
SWZ_TILE_DFN int EX_TRC(__shift_ok)(int dir, const void *g, int64_t ld, int64_t row0, int64_t col0,
                                    int64_t rows, int64_t cols, int nr, int nc, int W)
{
    enum { kE = EX_TRC(__XE) };
    const uintptr_t lo = (uintptr_t)g, w = (uintptr_t)W - 1u;
    if (W < 4 || W <= kE || row0 < 0 || col0 < 0 || row0 + nr > rows || col0 + nc > cols) return 0;
    if (dir != 0) return 1;
    return ((lo + (uintptr_t)((row0 * ld + col0) * kE)) & ~w) >= lo &&
           ((lo + (uintptr_t)(((row0 + nr - 1) * ld + col0 + nc) * kE) + w) & ~w) <=
               lo + (uintptr_t)(((rows - 1) * ld + cols) * kE);
}
/* How far p lies past a W-byte boundary (a multiple of E: pointers are element-aligned). */
SWZ_TILE_DFN int EX_TRC(__unit_off)(const void *p, int W)
{
    return (int)((uintptr_t)p & (uintptr_t)(W - 1) & ~(uintptr_t)(EX_TRC(__XE) - 1));
}
/* The shifted path's global write of one W-byte vector o meant for [q, q + W), q = m bytes
 * past a W-byte boundary (m a multiple of E): the aligned unit [q - m, q - m + W) as one
 * store, built from prev (the vector of [q - W, q), the previous lane's) and o -- except by
 * the lane that heads its run of consecutive vectors (head), whose prev is not this run's;
 * when m != 0 the head writes its first W - m bytes and the tail (last lane of the run) its
 * last m bytes in aligned pieces of 1-8 bytes (at most one of each size: the pieces the
 * address bits ask for), so the run writes exactly its own bytes (element by element, the
 * run's edges cost u8's twin 2.5x the time: docs/design.md, "The shifted path"). */
/* The pieces of a run's edges, in aligned stores of 1-8 bytes (at most one of each size: the
 * pieces the address bits ask for).  __put_head: o[0, W - m) -> [q, q - m + W), q m bytes past
 * a W-byte boundary, a piece of sz bytes wherever q's bit sz is set; __put_first: y[0, n) ->
 * [a, a + n), a on a W-byte boundary and 0 < n < W, by the bits of n, largest first (y is
 * used up). */
SWZ_TILE_DFN void EX_TRC(__put_head)(char *q, const swz_tile_v16 *o, int W)
{
    enum { kE = EX_TRC(__XE) };
    swz_tile_v16 y;
    char *a = q;
    y.q = o->q;
#pragma unroll
    for (int sz = kE; sz < 16; sz <<= 1)
        if (sz < W && ((uintptr_t)a & (uintptr_t)sz)) {
            SWZ_TILE_EXT_GLOBAL_STORE(a, &y, 0, sz);
            a += sz;
            ex_tr_drop(&y, sz);
        }
}
SWZ_TILE_DFN void EX_TRC(__put_first)(char *a, swz_tile_v16 *y, int n, int W)
{
    enum { kE = EX_TRC(__XE) };
#pragma unroll
    for (int sz = 8; sz >= kE; sz >>= 1)
        if (sz < W && (n & sz)) {
            SWZ_TILE_EXT_GLOBAL_STORE(a, y, 0, sz);
            a += sz;
            ex_tr_drop(y, sz);
        }
}
SWZ_TILE_DFN void EX_TRC(__put_shifted)(char *q, const swz_tile_v16 *o, const swz_tile_v16 *prev,
                                        int head, int tail, int W)
{
    enum { kE = EX_TRC(__XE) };
    const int m = EX_TRC(__unit_off)(q, W), k = (W - m) / kE;
    if (!head || m == 0) {
        swz_tile_v16 u;
        ex_tr_shr(&u, prev, o, W - m, W); /* m == 0: o */
        SWZ_TILE_EXT_GLOBAL_STORE(q - m, &u, 0, W);
    }
    if (m == 0) return;
    if (head) EX_TRC(__put_head)(q, o, W);
    if (tail) { /* o[W - m, W) -> [q - m + W, q + W) */
        swz_tile_v16 y, z;
        char *a = q - m + W;
        z.q = make_uint4(0u, 0u, 0u, 0u);
        ex_tr_shr(&y, o, &z, k * kE, W);
        EX_TRC(__put_first)(a, &y, m, W);
    }
}
/* SWZ_TRANSPOSE_COPIES_OWN's write of one W-byte vector o meant for [q, q + W), q = m bytes past
 * a W-byte boundary: the aligned unit [q - m + W, q - m + 2W) whose first byte lies in the
 * vector, as one store, built from o and next (the vector of [q + W, q + 2W): the next lane's,
 * or for the tail of the run the next rows'); o itself at q when m == 0.  The tail writes only
 * the unit's bytes below end (the output row's end, inside the unit in the matrix's last rows),
 * in pieces; first (the head of the row's first tile) writes the bytes before the unit too,
 * o[0, W - m) -> [q, q - m + W), in pieces.  Other heads leave those to the tile before. */
SWZ_TILE_DFN void EX_TRC(__put_own)(char *q, const swz_tile_v16 *o, const swz_tile_v16 *next, int first,
                                    int tail, const char *end, int W)
{
    const int m = EX_TRC(__unit_off)(q, W);
    char *a = q - m + W;
    swz_tile_v16 u;
    if (m == 0) {
        SWZ_TILE_EXT_GLOBAL_STORE(q, o, 0, W);
        return;
    }
    ex_tr_shr(&u, o, next, W - m, W);
    if (!tail || end - a >= W) SWZ_TILE_EXT_GLOBAL_STORE(a, &u, 0, W);
    else EX_TRC(__put_first)(a, &u, (int)(end - a), W);
    if (first) EX_TRC(__put_head)(q, o, W);
}

/* 1 when the tile (nr x nc elements of g at row0, col0) takes the line path: copies that have
 * it, rows off the 128-byte lines, the tile inside the matrix (W = 16 only asks __shift_ok
 * for the bounds). */
SWZ_TILE_DFN int EX_TRC(__lines_ok)(const void *g, int64_t ld, int64_t row0, int64_t col0, int64_t rows,
                                    int64_t cols, int nr, int nc)
{
    return EX_TRC(_LINES) && !EX_TRC(_vec_ok)(g, ld, col0, EX_TRC(__LW)) &&
           EX_TRC(__shift_ok)(1, g, ld, row0, col0, rows, cols, nr, nc, 16);
}
/* The line path (doc block) of map t (0 load/store, 1 store_t), dir 0 global -> shared, 1
 * shared -> global; gb the tile's origin in g, rows ld elements apart.  Each LW lanes take one
 * global row and all its S windows (__win_row: RS = THREADS / LW rows a step), so a row's
 * pointer, offset m and (SWZ_TRANSPOSE_COPIES_LINE_STEP) shared base are computed once and its windows are
 * immediates apart; up to eight elements per thread in flight.  A thread's rows are RS apart,
 * so its row pointer steps by RS*ld elements (one 64-bit add, not a product per row), and lane
 * l's element of window 0 is l*E bytes into the row's first 128-byte line. */
SWZ_TILE_DFN void EX_TRC(__lines)(const int t, const int dir, char *gb, char *sb, int64_t ld)
{
    enum { kE = EX_TRC(__XE), kLW = EX_TRC(__LW), kRS = EX_TRC(__LRS),
           kSM = EX_TRC(__LS0) > EX_TRC(__LS1) ? EX_TRC(__LS0) : EX_TRC(__LS1),
           kRB = 8 / kSM < 1 ? 1 : 8 / kSM }; /* rows per batch */
    /* t is a constant at every call: these fold */
    const int kS = t ? EX_TRC(__LS1) : EX_TRC(__LS0), nrow = t ? (SWZ_TILE_COLS) : (SWZ_TILE_ROWS);
    const int tid = SWZ_TILE_TID(), l = tid % kLW;
    const int64_t step = (int64_t)kRS * ld * kE; /* bytes from one of the thread's rows to the next */
    char *row = gb + (int64_t)EX_TRC(__win_row)(tid, 0) * ld * kE;
#pragma unroll
    for (int i0 = 0; i0 * kRS < nrow; i0 += kRB) {
        swz_tile_v16 v[kRB][kSM];
        char *p[kRB];    /* lane l's element of window 0 (w*LW elements on: an immediate) */
        int d[kRB];      /* l - m: element w*LW + d of the row */
        uint32_t so[kRB]; /* __line_base (SWZ_TRANSPOSE_COPIES_LINE_STEP) */
#pragma unroll
        for (int b = 0; b < kRB; ++b, row += step) {
            const int n = EX_TRC(__win_row)(tid, i0 + b);
            const uint32_t a = (uint32_t)(uintptr_t)row & 127u; /* m*E: the row's offset in its line */
            d[b] = l - (int)(a / kE);
            p[b] = row + ((int)(l * kE) - (int)a); /* row + d*E: its line, l*E on */
            so[b] = (SWZ_TRANSPOSE_COPIES_LINE_STEP) ? EX_TRC(__line_base)(t, n, d[b]) : 0u;
#pragma unroll
            for (int w = 0; w < kSM; ++w) {
                int r, c, k;
                const int ok = w < kS && EX_TRC(__win_item)(t, n, w, l, l - d[b], &r, &c, &k);
                const char *sp = sb + (size_t)EX_TRC(__line_off)(t, so[b], w, d[b], r, c) * kE;
                if (dir == 0) {
                    if (ok) SWZ_TILE_EXT_GLOBAL_LOAD(&v[b][w], 0, p[b] + w * kLW * kE, kE);
                } else {
                    ex_tr_sget_if(ok, &v[b][w], sp, kE);
                }
            }
        }
#pragma unroll
        for (int b = 0; b < kRB; ++b) {
            const int n = EX_TRC(__win_row)(tid, i0 + b);
#pragma unroll
            for (int w = 0; w < kSM; ++w) {
                int r, c, k;
                const int ok = w < kS && EX_TRC(__win_item)(t, n, w, l, l - d[b], &r, &c, &k);
                char *sp = sb + (size_t)EX_TRC(__line_off)(t, so[b], w, d[b], r, c) * kE;
                if (dir == 0) ex_tr_sput_if(ok, sp, &v[b][w], kE);
                else if (EX_TR_GSTORE_DEFAULT) ex_tr_gput_if(ok, p[b] + w * kLW * kE, &v[b][w], kE);
                else if (ok) SWZ_TILE_EXT_GLOBAL_STORE(p[b] + w * kLW * kE, &v[b][w], 0, kE);
            }
        }
    }
}

#endif /* SWZ_TILE_DEVICE */

/* Host model of the line path (the device loop's rows, windows and lanes: __win_row,
 * __win_item) for rows that all start m elements into a 128-byte line: warp instruction (i, w)
 * of warp wp is window w of its lanes' rows of step i. */
static inline int EX_TRC(_model_lines)(int op, int m, swz_tile_cost *cost)
{
    enum { kE = EX_TRC(__XE), kLW = EX_TRC(__LW), kTH = (SWZ_TILE_THREADS), kRS = EX_TRC(__LRS) };
    const int t = op == SWZ_TILE_OP_STORE_T;
    const int ns = t ? EX_TRC(__LS1) : EX_TRC(__LS0), nrow = t ? (SWZ_TILE_COLS) : (SWZ_TILE_ROWS);
    uint32_t addr[32], mask;
    int wp, i, w, l;
    swz_tile_cost_init(cost, (uint32_t)kE);
    if (!EX_TRC(_LINES) || m < 0 || m >= kLW || op < SWZ_TILE_OP_LOAD || op > SWZ_TILE_OP_STORE_T)
        cost->status = SWZ_EKIND;
    for (wp = 0; wp < kTH / 32 && cost->status == SWZ_OK; ++wp)
        for (i = 0; i * kRS < nrow; ++i)
            for (w = 0; w < ns; ++w) {
                mask = 0u;
                for (l = 0; l < 32; ++l) {
                    int r, c, k;
                    addr[l] = 0u;
                    const int n = EX_TRC(__win_row)(wp * 32 + l, i);
                    if (!EX_TRC(__win_item)(t, n, w, l % kLW, m, &r, &c, &k)) continue;
                    addr[l] = (uint32_t)(SWZ_TILE_LAYOUT(r, c)) * (uint32_t)kE;
                    /* the copies' stepped offset (SWZ_TRANSPOSE_COPIES_LINE_STEP) is the layout's */
                    if (EX_TRC(__line_off)(t, EX_TRC(__line_base)(t, n, l % kLW - m), w, l % kLW - m, r, c) * (uint32_t)kE != addr[l])
                        cost->status = SWZ_EKIND;
                    mask |= 1u << l;
                }
                if (cost->status != SWZ_OK) return cost->status;
                if (mask) swz_tile_cost_add(cost, addr, mask, kE | (op == SWZ_TILE_OP_LOAD ? SWZ_STORE : 0));
            }
    return cost->status;
}

#elif SWZ_TILE_EXT_AT == SWZ_TILE_AT_COPY /* ====== in tile.h's load/store ================== */

/* The shifted path of load (dir 0) and store (dir 1): misaligned rows inside the matrix
 * (SWZ_TILE_EXT_COPY_TAKES).  tile.h's names in scope: dir, src (the side read), dst (the side
 * written), ld, row0, col0, tid, sb0 (the thread's NAME_base), kE, kVR, kNR, kPR, kTH. */
        enum { kBS = EX_TRC(__BS) };
        const int64_t g0 = (row0 * ld + col0) * kE;
        const int lane = tid & 31;
#pragma unroll
        for (int j0 = 0; j0 < kPR; j0 += kBS) {
            swz_tile_v16 v[kBS], n[kBS]; /* the vector; the next unit (load) / previous vector */
            int m[kBS];                  /* load: the vector's offset in its first unit */
#pragma unroll
            for (int b = 0; b < kBS; ++b) {
                const int i = tid + (j0 + b) * kTH;
                int r, c;
                v[b].q = n[b].q = make_uint4(0u, 0u, 0u, 0u);
                m[b] = 0;
                if (j0 + b >= kPR || (kNR % kTH != 0 && i >= kNR)) continue;
                EX_TRC(_item)(i, &r, &c);
                if (dir == 0) { /* the unit holding the vector's first byte, and (tail, or the
                                   emulation: no lanes to ask) the next unit */
                    const char *p = src + g0 + ((int64_t)r * ld + c) * kE;
                    m[b] = EX_TRC(__unit_off)(p, kVR * kE);
                    SWZ_TILE_EXT_GLOBAL_LOAD(&v[b], 0, p - m[b], kVR * kE);
                    if (m[b] && (c + kVR == SWZ_TILE_COLS || lane == 31 || !SWZ_TILE_DEVICE))
                        SWZ_TILE_EXT_GLOBAL_LOAD(&n[b], 0, p - m[b] + kVR * kE, kVR * kE);
                } else {
                    swz_tile_get(&v[b], 0, src + (size_t)EX_TRC(_offset)(sb0, tid, j0 + b) * kE, kVR * kE);
                    if (!SWZ_TILE_DEVICE && c != 0 && lane != 0) /* the previous lane's vector */
                        swz_tile_get(&n[b], 0,
                                      src + (size_t)EX_TRC(_offset)(EX_TRC(_base)(tid - 1), tid - 1, j0 + b) * kE,
                                      kVR * kE);
                }
            }
#pragma unroll
            for (int b = 0; b < kBS; ++b) {
                const int i = tid + (j0 + b) * kTH;
                int r, c;
                if (j0 + b >= kPR) continue;
#if SWZ_TILE_DEVICE
                swz_tile_v16 x; /* from the next lane (load) or the previous one (store) */
                x.q = make_uint4(0u, 0u, 0u, 0u);
                ex_tr_lane(&x, &v[b], dir, kVR * kE);
#endif
                if (kNR % kTH != 0 && i >= kNR) continue;
                EX_TRC(_item)(i, &r, &c);
                const int head = c == 0 || lane == 0, tail = c + kVR == SWZ_TILE_COLS || lane == 31;
#if SWZ_TILE_DEVICE
                if (dir == 0 ? !tail : !head) n[b].q = x.q;
#endif
                if (dir == 0) {
                    swz_tile_v16 u;
                    ex_tr_shr(&u, &v[b], &n[b], m[b], kVR * kE);
                    swz_tile_shared_store(dst + (size_t)EX_TRC(_offset)(sb0, tid, j0 + b) * kE, &u, 0, kVR * kE);
                } else {
                    EX_TRC(__put_shifted)(dst + g0 + ((int64_t)r * ld + c) * kE, &v[b], &n[b], head, tail,
                                           kVR * kE);
                }
            }
        }

#elif SWZ_TILE_EXT_AT == SWZ_TILE_AT_STORE_T /* === in tile.h's store_t ===================== */

/* The shifted path of store_t (SWZ_TILE_EXT_STORE_T_TAKES).  tile.h's names in scope: g, sb (the
 * tile), ld, row0, col0, tid, kE, kVT, kRW, kNT, kPT, kBT, kTH. */
        char *gb = (char *)(g + row0 * ld + col0);
        const swz_tile_base tb0 = EX_TRC(_t_base)(tid);
#pragma unroll
        for (int j0 = 0; j0 < kPT; j0 += kBT) {
            swz_tile_v16 w[kBT][kVT];
            EX_TRC(_t_reads)(w, sb, tb0, tid, j0, 1); /* zeros past the tile: lanes shuffle them */
#pragma unroll
            for (int b = 0; b < kBT; ++b) {
                const int i = tid + (j0 + b) * kTH, valid = kNT % kTH == 0 || i < kNT;
                int r, c, rot;
                if (j0 + b >= kPT) continue;
                EX_TRC(_t_item)(i, &r, &c, &rot);
                if (SWZ_TILE_EXT_ROTATES) SWZ_TILE_EXT_UNROT(w[b], rot);
                /* a run: the NQ lanes of consecutive vectors of one output row */
                const int head = i % EX_TRC(_NQ) == 0, tail = i % EX_TRC(_NQ) == EX_TRC(_NQ) - 1;
#if !SWZ_TILE_DEVICE
                /* the emulation has no lanes to ask: item i + nb again, the lane whose vector
                 * completes this one's unit -- the previous one (none for a run's head), with OWN
                 * the next one (none for a run's tail) */
                const int nb = (SWZ_TRANSPOSE_COPIES_OWN) ? 1 : -1, edge = (SWZ_TRANSPOSE_COPIES_OWN) ? tail : head;
                swz_tile_v16 wp[kVT];
#pragma unroll
                for (int k = 0; k < kVT; ++k) wp[k].q = make_uint4(0u, 0u, 0u, 0u);
                if (valid && !edge) {
                    int rp, cp, rotp;
                    EX_TRC(_t_item)(i + nb, &rp, &cp, &rotp);
                    EX_TRC(_t_read)(wp, sb, EX_TRC(_t_base)(tid + nb), tid + nb, j0 + b, rotp);
                    if (SWZ_TILE_EXT_ROTATES) SWZ_TILE_EXT_UNROT(wp, rotp);
                }
#endif
#if SWZ_TRANSPOSE_COPIES_OWN
                swz_tile_v16 wn[kVT]; /* the tail's next rows: rows ROWS + k of its column words */
#pragma unroll
                for (int k = 0; k < kVT; ++k) {
                    wn[k].q = make_uint4(0u, 0u, 0u, 0u);
                    ex_tr_sget_if(valid && tail, &wn[k], sb + (size_t)(SWZ_TRANSPOSE_COPIES_OWN_NEXT(k, c)) * kE, kRW * kE);
                }
#endif
#pragma unroll
                for (int p = 0; p < kRW; ++p) {
                    swz_tile_v16 o, pv;
                    pv.q = make_uint4(0u, 0u, 0u, 0u);
                    EX_TRC(_t_vector)(&o, w[b], p);
#if SWZ_TILE_DEVICE
                    ex_tr_lane(&pv, &o, !(SWZ_TRANSPOSE_COPIES_OWN), kVT * kE);
#else
                    if (valid && !edge) EX_TRC(_t_vector)(&pv, wp, p);
#endif
#if SWZ_TRANSPOSE_COPIES_OWN
                    if (tail) EX_TRC(_t_vector)(&pv, wn, p);
                    if (valid)
                        EX_TRC(__put_own)(gb + ((int64_t)(c + p) * ld + r) * kE, &o, &pv, head && col0 == 0, tail,
                                          gb + ((int64_t)(c + p) * ld + (cols - col0)) * kE, kVT * kE);
#else
                    if (valid)
                        EX_TRC(__put_shifted)(gb + ((int64_t)(c + p) * ld + r) * kE, &o, &pv, head, tail,
                                               kVT * kE);
#endif
                }
            }
        }

#elif SWZ_TILE_EXT_AT == SWZ_TILE_AT_END /* ========= the end ============================= */

#if SWZ_TRANSPOSE_COPIES_OWN
/* Host model of SWZ_TRANSPOSE_COPIES_OWN's reads of the next rows in store_t, the shared loads it
 * issues beside NAME_model's: per warp and item step (the device loop's), VEC_T reads of
 * READ_BYTES, row ROWS + k of the item's column words, by the lanes whose item ends a run. */
enum {
    EX_TRC(__NTT) = (SWZ_TILE_COLS) / EX_TRC(__XRW) * ((SWZ_TILE_ROWS) / EX_TRC(_VEC_T)), /* store_t's items */
    EX_TRC(__PTT) = (EX_TRC(__NTT) + (SWZ_TILE_THREADS) - 1) / (SWZ_TILE_THREADS)      /* ... per thread */
};
/* Read k of the next rows by warp wp in item step j: the byte addresses of its lanes (those whose
 * item ends a run) in addr, and their mask. */
static inline uint32_t EX_TRC(__next_lanes)(int wp, int j, int k, uint32_t *addr)
{
    uint32_t mask = 0u;
    int l;
    for (l = 0; l < 32; ++l) {
        const int i = wp * 32 + l + j * (SWZ_TILE_THREADS);
        int r, c, rot;
        addr[l] = 0u;
        if (i >= EX_TRC(__NTT) || i % EX_TRC(_NQ) != EX_TRC(_NQ) - 1) continue;
        EX_TRC(_t_item)(i, &r, &c, &rot);
        addr[l] = (uint32_t)(SWZ_TRANSPOSE_COPIES_OWN_NEXT(k, c)) * (uint32_t)EX_TRC(__XE);
        mask |= 1u << l;
    }
    return mask;
}
static inline int EX_TRC(_model_next)(swz_tile_cost *cost)
{
    enum { kVT = EX_TRC(_VEC_T), kPT = EX_TRC(__PTT), kN = (SWZ_TILE_THREADS) / 32 * kPT * kVT };
    uint32_t addr[32], mask;
    int n;
    swz_tile_cost_init(cost, (uint32_t)EX_TRC(_READ_BYTES));
    /* instruction n: warp n / (PT*VT), item step n / VT mod PT, row n mod VT */
    for (n = 0; n < kN; ++n)
        if ((mask = EX_TRC(__next_lanes)(n / (kPT * kVT), n / kVT % kPT, n % kVT, addr)) != 0u)
            swz_tile_cost_add(cost, addr, mask, EX_TRC(_READ_BYTES));
    return cost->status;
}
#endif

#undef EX_TRC
#undef EX_TR_GSTORE_DEFAULT
#undef SWZ_TRANSPOSE_COPIES_SHIFTED
#undef SWZ_TRANSPOSE_COPIES_SHIFT_BATCH
#undef SWZ_TRANSPOSE_COPIES_LINE_STEP
#undef SWZ_TRANSPOSE_COPIES_LINE_TILE
#undef SWZ_TRANSPOSE_COPIES_ROTATE
#undef SWZ_TRANSPOSE_COPIES_OWN
#undef SWZ_TRANSPOSE_COPIES_OWN_NEXT
#undef SWZ_TRANSPOSE_COPIES_GLOBAL_LOAD
#undef SWZ_TRANSPOSE_COPIES_GLOBAL_STORE
#endif
