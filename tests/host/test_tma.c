/* tests/host/test_tma.c -- swz/tma.h's host part: the plan's checks and the wgmma descriptors.
 *
 * What it proves
 *   * every driver limit is refused up front with its own code and parameter name (inner box
 *     past the span or not a multiple of 16 B, box dimension past 256, unaligned global
 *     address, row stride not a multiple of 16 B or past 2^40, batch stride shorter than a
 *     matrix, unknown element type, bad mode), and a good plan carries the numbers the driver
 *     and the mbarrier need (dims inner first, byte strides, box bytes, shared alignment);
 *   * the automatic mode is the span the inner box fills (32, 64, 128 bytes), none for any other
 *     width, and a swizzled box narrower than its span is refused by name;
 *   * swz_tma_check_smem accepts exactly the multiples of 8*S (128 for none);
 *   * the wgmma descriptor of every mode, both majors and several panel heights, decoded by
 *     its PTX bit fields (start >> 4 in 0-13, LBO >> 4 in 16-29, SBO >> 4 in 32-45, layout
 *     type in 62-63) and expanded through the PTX canonical layouts (written here from the
 *     ISA's tables, not from tma.h), addresses every element (mn, k) of a tile at the same
 *     byte as swz's layout of that tile: panels of max(S, 16)-byte rows, each the TMA image
 *     swz_tma_offset (none: r*W + c) at a base aligned to 8*S.
 *
 * Run: meson test -C <build> host-tma
 */
#include <swz/tma.h>

#include "host_util.h"

static const void *const fake = (const void *)(uintptr_t)0x100000;

static void refused(int got, int code, const swz_tma_plan *p, const char *param)
{
    cr_expect(got == code && strcmp(p->error.param, param) == 0, "got %d (%s), want %d (%s)", got,
              p->error.param, code, param);
}

Test(tma, every_limit_refused_by_name)
{
    swz_tma_plan p;
    refused(swz_tma_plan_2d(&p, SWZ_TMA_BF16, fake, 64, 64, 64, 64, 128, 128u), SWZ_ERANGE, &p, "box_cols*E");
    refused(swz_tma_plan_2d(&p, SWZ_TMA_BF16, fake, 64, 64, 64, 64, 12, SWZ_TMA_NONE), SWZ_ERANGE, &p, "box_cols*E");
    refused(swz_tma_plan_2d(&p, SWZ_TMA_U8, fake, 64, 512, 512, 8, 257, SWZ_TMA_NONE), SWZ_ERANGE, &p, "box_cols");
    refused(swz_tma_plan_2d(&p, SWZ_TMA_BF16, fake, 64, 64, 64, 257, 64, 128u), SWZ_ERANGE, &p, "box_rows");
    refused(swz_tma_plan_2d(&p, SWZ_TMA_BF16, fake, 64, 64, 64, 0, 64, 128u), SWZ_ERANGE, &p, "box_rows");
    refused(swz_tma_plan_2d(&p, SWZ_TMA_BF16, (const char *)fake + 8, 64, 64, 64, 64, 64, 128u), SWZ_EALIGN, &p,
            "address");
    refused(swz_tma_plan_2d(&p, SWZ_TMA_BF16, fake, 64, 64, 68, 64, 64, 128u), SWZ_EALIGN, &p, "ld*E");
    refused(swz_tma_plan_2d(&p, SWZ_TMA_BF16, fake, 64, 64, 1ull << 39, 64, 64, 128u), SWZ_ERANGE, &p, "ld*E");
    refused(swz_tma_plan_2d(&p, SWZ_TMA_BF16, fake, 64, 64, 56, 64, 64, 128u), SWZ_ERANGE, &p, "ld*E");
    refused(swz_tma_plan_2d(&p, SWZ_TMA_BF16, fake, 0, 64, 64, 64, 64, 128u), SWZ_ERANGE, &p, "rows");
    refused(swz_tma_plan_2d(&p, SWZ_TMA_BF16, fake, 64, (1ull << 32) + 1, 1ull << 33, 64, 64, 128u), SWZ_ERANGE, &p,
            "cols");
    refused(swz_tma_plan_3d(&p, SWZ_TMA_F32, fake, 2, 64, 64, 64, 64 * 63, 1, 8, 32, 128u), SWZ_ERANGE, &p,
            "batch_stride*E");
    refused(swz_tma_plan_3d(&p, SWZ_TMA_F32, fake, 2, 64, 64, 64, 64 * 64 + 2, 1, 8, 32, 128u), SWZ_EALIGN, &p,
            "batch_stride*E");
    refused(swz_tma_plan_2d(&p, SWZ_TMA_DTYPE_COUNT, fake, 64, 64, 64, 8, 16, 0u), SWZ_EELEM, &p, "dtype");
    refused(swz_tma_plan_2d(&p, SWZ_TMA_U8, fake, 64, 64, 64, 8, 16, 16u), SWZ_EKIND, &p, "mode");
    char why[200];
    swz_tma_plan_2d(&p, SWZ_TMA_BF16, fake, 1000, 4096, 4100, 64, 64, SWZ_TMA_AUTO);
    swz_error_format(&p.error, why, sizeof why);
    cr_expect(strstr(why, "ld*E = 8200") != NULL && strstr(why, "multiple of 16 bytes") != NULL, "%s", why);
}

Test(tma, a_good_plan_carries_the_driver_numbers)
{
    swz_tma_plan p;
    cr_assert(swz_tma_plan_3d(&p, SWZ_TMA_F32, fake, 5, 300, 100, 104, 300 * 104 + 4, 2, 16, 32, SWZ_TMA_AUTO) == SWZ_OK);
    cr_expect(p.rank == 3 && p.elem == 4 && p.mode == 128u && p.smem_align == 1024u);
    cr_expect(p.dims[0] == 100 && p.dims[1] == 300 && p.dims[2] == 5);
    cr_expect(p.strides[0] == 104 * 4 && p.strides[1] == (300 * 104 + 4) * 4);
    cr_expect(p.box[0] == 32 && p.box[1] == 16 && p.box[2] == 2 && p.box_bytes == 32 * 4 * 16 * 2);
    cr_assert(swz_tma_plan_2d(&p, SWZ_TMA_U8, fake, 7, 1000, 1008, 5, 256, SWZ_TMA_AUTO) == SWZ_OK);
    cr_expect(p.rank == 2 && p.mode == SWZ_TMA_NONE && p.smem_align == 128u && p.box_bytes == 5 * 256);
}

Test(tma, store_pad_is_the_rest_of_the_last_16_byte_unit)
{
    const int types[4] = {SWZ_TMA_U8, SWZ_TMA_BF16, SWZ_TMA_F32, SWZ_TMA_F64};
    for (int t = 0; t < 4; ++t)
        for (uint64_t cols = 1; cols <= 70; ++cols) {
            swz_tma_plan p;
            const uint32_t E = swz_tma_dtype_bytes(types[t]);
            cr_assert(swz_tma_plan_2d(&p, types[t], fake, 9, cols, 80, 8, 16 / E, 0u) == SWZ_OK);
            uint64_t end = cols * E; /* the reference: bytes up to the next multiple of 16 */
            while (end % 16 != 0) ++end;
            cr_expect(p.store_pad == end - cols * E, "E=%u cols=%llu: %u", E, (unsigned long long)cols, p.store_pad);
        }
}

Test(tma, a_store_origin_has_no_negative_coordinate)
{
    swz_tma_plan p;
    swz_error e;
    cr_assert(swz_tma_plan_3d(&p, SWZ_TMA_F32, fake, 4, 64, 64, 64, 64 * 64, 1, 8, 32, 128u) == SWZ_OK);
    const int64_t c[5] = {-8, -4, 0, 4, 8};
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            for (int k = 0; k < 5; ++k) {
                swz_error_clear(&e);
                const int got = swz_tma_check_store_origin(&e, &p, c[i], c[j] / 4 - 1, c[k] / 4);
                const int want = c[i] < 0 || c[j] / 4 - 1 < 0 || c[k] / 4 < 0 ? SWZ_ERANGE : SWZ_OK;
                cr_expect(got == want, "(%lld, %lld, %lld): %d, want %d", (long long)c[i], (long long)(c[j] / 4 - 1),
                          (long long)(c[k] / 4), got, want);
                if (want != SWZ_OK)
                    cr_expect(strcmp(e.param, c[i] < 0 ? "c0" : c[j] / 4 - 1 < 0 ? "c1" : "c2") == 0, "param %s",
                              e.param);
            }
    cr_expect(swz_tma_check_store_origin(&e, &p, 2, 0, 0) == SWZ_EALIGN && strcmp(e.param, "c0*E") == 0,
              "an unaligned inner start comes first");
}

Test(tma, a_box_origin_starts_on_a_16_byte_unit)
{
    const int types[4] = {SWZ_TMA_U8, SWZ_TMA_BF16, SWZ_TMA_F32, SWZ_TMA_F64};
    for (int t = 0; t < 4; ++t) {
        swz_tma_plan p;
        cr_assert(swz_tma_plan_2d(&p, types[t], fake, 64, 256, 256, 8, 16 / swz_tma_dtype_bytes(types[t]), 0u) == SWZ_OK);
        for (int64_t c0 = -40; c0 <= 40; ++c0) {
            const int64_t bytes = c0 * (int64_t)p.elem;
            const int want = ((bytes % 16) + 16) % 16 == 0 ? SWZ_OK : SWZ_EALIGN; /* signed reference */
            swz_error e;
            swz_error_clear(&e);
            const int got = swz_tma_check_origin(&e, &p, c0);
            cr_expect(got == want && (want == SWZ_OK || (e.code == SWZ_EALIGN && strcmp(e.param, "c0*E") == 0)),
                      "E=%u c0=%lld: %d, want %d", p.elem, (long long)c0, got, want);
        }
    }
}

Test(tma, automatic_mode_is_the_span_the_box_fills)
{
    for (uint32_t b = 16; b <= 512; b += 16) {
        const uint32_t want = b == 32u || b == 64u || b == 128u ? b : 0u;
        cr_expect(swz_tma_mode_for(b) == want, "%u bytes: %u, want %u", b, swz_tma_mode_for(b), want);
        cr_expect(SWZ_TMA_MODE_FOR(b) == want);
    }
    cr_expect(swz_tma_mode_for(0) == 0u);
    swz_tma_plan p; /* a swizzled box narrower than its span is refused by name */
    refused(swz_tma_plan_2d(&p, SWZ_TMA_U8, fake, 64, 256, 256, 8, 16, 32u), SWZ_ERANGE, &p, "box_cols*E");
    refused(swz_tma_plan_2d(&p, SWZ_TMA_BF16, fake, 64, 256, 256, 8, 48, 128u), SWZ_ERANGE, &p, "box_cols*E");
}

Test(tma, shared_alignment_is_8S)
{
    const uint32_t modes[4] = {0u, 32u, 64u, 128u};
    for (int i = 0; i < 4; ++i) {
        const uint32_t need = modes[i] ? 8u * modes[i] : 128u;
        for (uint64_t a = 0; a < 4096; a += 16) {
            swz_error e;
            const int r = swz_tma_check_smem(&e, a, modes[i]);
            cr_expect((r == SWZ_OK) == (a % need == 0), "mode %u address %llu: %d", modes[i], (unsigned long long)a, r);
            if (r != SWZ_OK) cr_expect(e.code == SWZ_EALIGN && e.value == a);
        }
    }
    cr_expect(swz_tma_check_smem(NULL, 0, 48u) == SWZ_EKIND);
}

/* The PTX canonical layouts (wgmma "matrix descriptor" section), bf16/f16 (T = 8 elements of 16
 * bytes), with the decoded LBO / SBO and the swizzle on the absolute byte address.  Returns the
 * byte address of element (mn, k) of the operand whose descriptor is d. */
static uint32_t canonical(uint64_t d, int major, uint32_t mn, uint32_t k)
{
    const uint32_t start = (uint32_t)(d & 0x3FFFu) << 4, lbo = (uint32_t)((d >> 16) & 0x3FFFu) << 4;
    const uint32_t sbo = (uint32_t)((d >> 32) & 0x3FFFu) << 4, type = (uint32_t)(d >> 62);
    const uint32_t S = type == 1 ? 128u : type == 2 ? 64u : type == 3 ? 32u : 0u;
    uint32_t a;
    if (major == SWZ_WGMMA_K_MAJOR) {
        if (S) /* ((8, m), (T, 2S/32)) : ((S/16 T, SBO), (1, T)): rows of S bytes, k contiguous */
            a = (mn % 8u) * S + (mn / 8u) * sbo + k * 2u;
        else /* ((8, m), (T, 2)) : ((1T, SBO), (1, LBO)): core matrices of 8 rows x 16 B */
            a = (mn % 8u) * 16u + (mn / 8u) * sbo + (k / 8u) * lbo + (k % 8u) * 2u;
    } else {
        if (S) /* ((T, S/16, m), (8, k)) : ((1, T, LBO), (S/16 T, SBO)) */
            a = (mn % (S / 2u)) * 2u + (mn / (S / 2u)) * lbo + (k % 8u) * S + (k / 8u) * sbo;
        else /* ((T, 1, m), (8, k)) : ((1, T, SBO), (1T, LBO)) */
            a = (mn % 8u) * 2u + (mn / 8u) * sbo + (k % 8u) * 16u + (k / 8u) * lbo;
    }
    a += start;
    return S ? swz_tma_swizzle(S, a) : a;
}

Test(tma, wgmma_descriptor_addresses_the_swz_layout)
{
    const uint32_t modes[4] = {0u, 32u, 64u, 128u}, heights[3] = {8u, 64u, 256u};
    for (int mi = 0; mi < 4; ++mi)
        for (int major = 0; major < 2; ++major)
            for (int hi = 0; hi < 3; ++hi) {
                const uint32_t S = modes[mi], P = S ? S : 16u, pw = P / 2u, rows = heights[hi];
                const uint32_t base = 3u * 1024u; /* aligned to every 8*S */
                /* the tile: K-major = rows (mn) x 64 k in panels of pw k; MN-major = rows (k) x
                 * 128 mn in panels of pw mn.  k runs over one k16 step (what one wgmma reads). */
                const uint32_t mns = major == SWZ_WGMMA_K_MAJOR ? rows : 128u;
                const uint32_t ks = major == SWZ_WGMMA_K_MAJOR ? 16u : (rows < 16u ? rows : 16u);
                const uint64_t d = swz_wgmma_desc(base, S, major, rows);
                cr_assert(d != 0u);
                for (uint32_t mn = 0; mn < mns; ++mn)
                    for (uint32_t k = 0; k < ks; ++k) {
                        uint32_t panel, r, c;
                        if (major == SWZ_WGMMA_K_MAJOR) { panel = k / pw; r = mn; c = k % pw; }
                        else { panel = mn / pw; r = k; c = mn % pw; }
                        const uint32_t off = S ? swz_tma_offset(pw, 2u, S, r, c) : r * pw + c;
                        const uint32_t want = base + panel * rows * P + off * 2u;
                        const uint32_t got = canonical(d, major, mn, k);
                        if (got != want) {
                            cr_expect(got == want, "mode %u major %d rows %u: (mn %u, k %u) at %u, swz says %u", S,
                                      major, rows, mn, k, got, want);
                            return;
                        }
                    }
            }
}

Test(tma, descriptor_of_a_swz_layout)
{
    swz_layout l;
    uint64_t d = 77u;
    uint32_t lbo = 5u, sbo = 5u;
    cr_assert(swz_layout_make(&l, SWZ_LAYOUT_TMA128, 64, 2, 16, 64) == SWZ_OK);
    cr_expect(swz_wgmma_desc_of(&l, SWZ_WGMMA_K_MAJOR, 2048u, &d) == SWZ_OK &&
              d == swz_wgmma_desc(2048u, 128u, SWZ_WGMMA_K_MAJOR, 64u));
    cr_assert(swz_layout_make(&l, SWZ_LAYOUT_NONE, 8, 2, 16, 64) == SWZ_OK);
    cr_expect(swz_wgmma_desc_of(&l, SWZ_WGMMA_MN_MAJOR, 1024u, &d) == SWZ_OK &&
              d == swz_wgmma_desc(1024u, 0u, SWZ_WGMMA_MN_MAJOR, 64u));
    d = 77u;
    cr_assert(swz_layout_make(&l, SWZ_LAYOUT_TMA128, 32, 2, 16, 64) == SWZ_OK); /* 64-byte rows: not wgmma's */
    cr_expect(swz_wgmma_desc_of(&l, SWZ_WGMMA_K_MAJOR, 0u, &d) == SWZ_EKIND);
    cr_assert(swz_layout_make(&l, SWZ_LAYOUT_XOR, 64, 2, 16, 64) == SWZ_OK);
    cr_expect(swz_wgmma_desc_of(&l, SWZ_WGMMA_K_MAJOR, 0u, &d) == SWZ_EKIND);
    cr_assert(swz_layout_make(&l, SWZ_LAYOUT_TMA128, 64, 2, 16, 12) == SWZ_OK); /* 12 rows: no panel */
    cr_expect(swz_wgmma_desc_of(&l, SWZ_WGMMA_K_MAJOR, 0u, &d) == SWZ_ERANGE);
    cr_expect(d == 77u, "output untouched on failure");
    /* the checking form of the descriptor's parameters (swz_wgmma_desc itself stops on them:
     * test_contract.c) */
    cr_expect(swz_wgmma_offsets(48u, SWZ_WGMMA_K_MAJOR, 64u, &lbo, &sbo) == SWZ_EKIND &&
              swz_wgmma_offsets(128u, 2, 64u, &lbo, &sbo) == SWZ_EKIND &&
              swz_wgmma_offsets(128u, SWZ_WGMMA_K_MAJOR, 12u, &lbo, &sbo) == SWZ_ERANGE && lbo == 5u && sbo == 5u);
}
