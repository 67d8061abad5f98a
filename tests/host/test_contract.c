/* tests/host/test_contract.c -- the index functions stop loudly on a contract violation.
 *
 * What it proves
 *   Every layout kind's function forms (swz_<kind>_offset / _coord of pad.h, xor.h, morton.h,
 *   linear.h: none, pad, xor, morton, tma32/64/128, linear), the formula forms under them
 *   (swz_xor, swz_xor_2d_inv, swz_tma_swizzle, swz_pad_coord_stride, swz_morton_offset_log2)
 *   and swz_wgmma_desc, given a parameter outside their contract, print one line on stderr and
 *   abort -- run here in a child process, whose exit and stderr the test reads:
 *     * the child ends by SIGABRT (it did not return a value that would index another
 *       element);
 *     * stderr is exactly one line in the documented shape (common.h, contract violations)
 *           swz: <function> needs <what it needs> (<param> = <value>[, <limit> = <value>])
 *       naming the function called, the parameter the test broke with the value it passed,
 *       and, where the limit is another parameter, that parameter with its value.
 *   The same calls with parameters inside the contract return normally and print nothing, and
 *   the checked form (swz_layout_offset on a layout from swz_layout_make) answers the same
 *   misuse with SWZ_BAD_OFFSET without stopping.
 *
 * Run: meson test -C <build> host-contract
 */
#include <swz/layout.h>
#include <swz/tma.h>

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "host_util.h"

/* Sink for results, so that the calls are not optimized away. */
static volatile uint32_t sink;

typedef struct stop_result {
    int signaled, sig, exited, status;
    char err[1024];
} stop_result;

/* Run fn in a child process with stderr captured. */
static stop_result run_child(void (*fn)(void))
{
    stop_result r;
    int fd[2], st = 0;
    size_t len = 0;
    ssize_t n;
    pid_t pid;
    memset(&r, 0, sizeof r);
    cr_assert_eq(pipe(fd), 0);
    fflush(NULL);
    pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 2);
        fn();
        fflush(NULL);
        _exit(0);
    }
    close(fd[1]);
    while ((n = read(fd[0], r.err + len, sizeof r.err - 1 - len)) > 0) len += (size_t)n;
    r.err[len] = '\0';
    close(fd[0]);
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    r.signaled = WIFSIGNALED(st);
    r.sig = r.signaled ? WTERMSIG(st) : 0;
    r.exited = WIFEXITED(st);
    r.status = r.exited ? WEXITSTATUS(st) : -1;
    return r;
}

/* fn must stop: SIGABRT, and one line "swz: <func> needs ... (<param> = <value>[, <limit> =
 * <lvalue>])". limit NULL: no limit parameter in the message. */
static void expect_stop(void (*fn)(void), const char *func, const char *param, unsigned long long value,
                        const char *limit, unsigned long long lvalue)
{
    stop_result r = run_child(fn);
    char head[128], tail[160];
    size_t len = strlen(r.err);
    snprintf(head, sizeof head, "swz: %s needs ", func);
    if (limit)
        snprintf(tail, sizeof tail, " (%s = %llu, %s = %llu)\n", param, value, limit, lvalue);
    else
        snprintf(tail, sizeof tail, " (%s = %llu)\n", param, value);
    cr_expect(r.signaled && r.sig == SIGABRT, "%s: the child did not abort (signal %d, exit %d)", func, r.sig, r.status);
    cr_expect(strncmp(r.err, head, strlen(head)) == 0, "%s: stderr '%s' does not start '%s'", func, r.err, head);
    cr_expect(len > strlen(head) + strlen(tail) && strcmp(r.err + len - strlen(tail), tail) == 0,
              "%s: stderr '%s' does not end '%s'", func, r.err, tail);
    cr_expect(strchr(r.err, '\n') == r.err + len - 1, "%s: more than one line: '%s'", func, r.err);
}

/* ---- the misuses, one per function and rule ------------------------------------------------ */

static void none_col(void) { sink = swz_none_offset(32, 4, 4, 0, 32); }
static void none_coord_access(void)
{
    uint32_t r, c;
    sink = (uint32_t)swz_none_coord(32, 4, 2, 5, &r, &c);
}
static void pad_elem(void) { sink = swz_pad_offset(32, 3, 4, 0, 0); }
static void pad_col(void) { sink = swz_pad_offset(32, 4, 4, 1, 40); }
static void pad_coord_width(void)
{
    uint32_t r, c;
    sink = (uint32_t)swz_pad_coord(0, 4, 4, 5, &r, &c);
}
static void pad_stride_zero(void)
{
    uint32_t r, c;
    sink = (uint32_t)swz_pad_coord_stride(0, 32, 5, &r, &c);
}
static void xor_width(void) { sink = swz_xor_offset(6, 4, 16, 0, 0); } /* 24-byte rows of 16-byte accesses */
static void xor_col(void) { sink = swz_xor_offset(32, 4, 4, 0, 32); }
static void xor_coord_narrow(void)
{
    uint32_t r, c;
    sink = (uint32_t)swz_xor_coord(2, 4, 16, 5, &r, &c); /* a row of 8 bytes under 16-byte access */
}
static void xor_primitive(void) { sink = swz_xor(4, 0, 2, 5); }
static void xor_inv_width(void)
{
    swz_xor_params p = {5, 0, 5};
    uint32_t r, c;
    sink = (uint32_t)swz_xor_2d_inv(p, 0, 7, &r, &c);
}
static void morton_row(void) { sink = swz_morton_offset(32, 4, 4, 32, 32, 0); }
static void morton_col(void) { sink = swz_morton_offset(32, 4, 4, 32, 0, 33); }
static void morton_height(void) { sink = swz_morton_offset(32, 4, 4, 48, 0, 0); }
static void morton_coord_units(void)
{
    uint32_t r, c;
    sink = (uint32_t)swz_morton_coord(24, 4, 4, 32, 0, &r, &c); /* 24 units per row */
}
static void morton_log2_vec(void) { sink = swz_morton_offset_log2(5, 5, 0, 1, 1); }
static void tma_col(void) { sink = swz_tma_offset(64, 2, 128, 0, 64); }
static void tma_row_bytes(void) { sink = swz_tma_offset(10, 2, 32, 0, 0); }
static void tma_mode(void) { sink = swz_tma_offset(8, 4, 48, 1, 1); }
static void tma_coord_elem(void)
{
    uint32_t r, c;
    sink = (uint32_t)swz_tma_coord(8, 3, 32, 0, &r, &c);
}
static void tma_swizzle_mode(void) { sink = swz_tma_swizzle(48, 1000); }
static swz_linear_params lin_p(uint32_t mask0)
{
    swz_linear_params p;
    memset(&p, 0, sizeof p);
    p.mask[0] = mask0;
    return p;
}
static void linear_mask(void)
{
    swz_linear_params p = lin_p(8);
    sink = swz_linear_offset(32, 4, 16, &p, 0, 0); /* 8 units per row: masks below 8 */
}
static void linear_col(void)
{
    swz_linear_params p = lin_p(1);
    sink = swz_linear_offset(32, 4, 16, &p, 0, 40);
}
static void linear_coord_units(void)
{
    swz_linear_params p = lin_p(0);
    uint32_t r, c;
    sink = (uint32_t)swz_linear_coord(6, 4, 16, &p, 0, &r, &c); /* 24-byte rows of 16-byte units */
}
static void linear_mask_not_pow2(void)
{
    swz_linear_params p = lin_p(4);
    sink = swz_linear_offset(48, 4, 16, &p, 0, 0); /* 12 = 4 * 3 units per row: masks below 4 */
}
static void wgmma_panel(void) { sink = (uint32_t)swz_wgmma_desc(0u, 128u, SWZ_WGMMA_K_MAJOR, 12u); }
static void wgmma_mode(void) { sink = (uint32_t)swz_wgmma_desc(0u, 48u, SWZ_WGMMA_K_MAJOR, 64u); }

/* One misuse: the call, and what its line must name. */
typedef struct misuse {
    void (*fn)(void);
    const char *func, *param;
    unsigned long long value;
    const char *limit; /* NULL: the message names no limit parameter */
    unsigned long long lvalue;
} misuse;
#define EXPECT_STOPS(table)                                                                                            \
    for (size_t i_ = 0; i_ < sizeof(table) / sizeof(table)[0]; ++i_)                                                   \
    expect_stop((table)[i_].fn, (table)[i_].func, (table)[i_].param, (table)[i_].value, (table)[i_].limit,              \
                (table)[i_].lvalue)

Test(contract, offsets_stop_on_a_column_past_the_row)
{
    static const misuse m[] = {
        {none_col, "swz_none_offset", "col", 32, "W", 32},     {pad_col, "swz_pad_offset", "col", 40, "W", 32},
        {xor_col, "swz_xor_offset", "col", 32, "W", 32},       {morton_col, "swz_morton_offset", "col", 33, "W", 32},
        {tma_col, "swz_tma_offset", "col", 64, "W", 64},       {linear_col, "swz_linear_offset", "col", 40, "W", 32},
        {morton_row, "swz_morton_offset", "row", 32, "H", 32}, /* the one kind with a height */
    };
    EXPECT_STOPS(m);
}

Test(contract, offsets_and_coords_stop_on_bad_parameters)
{
    static const misuse m[] = {
        {pad_elem, "swz_pad_offset", "E", 3, NULL, 0},
        {pad_coord_width, "swz_pad_coord", "W", 0, NULL, 0},
        {none_coord_access, "swz_none_coord", "A", 2, NULL, 0},
        {xor_width, "swz_xor_offset", "W*E", 24, NULL, 0},
        {xor_coord_narrow, "swz_xor_coord", "W*E", 8, NULL, 0},
        {morton_height, "swz_morton_offset", "H", 48, NULL, 0},
        {morton_coord_units, "swz_morton_coord", "W*E", 96, NULL, 0},
        {tma_row_bytes, "swz_tma_offset", "W*E", 20, NULL, 0},
        {tma_mode, "swz_tma_offset", "S", 48, NULL, 0},
        {tma_coord_elem, "swz_tma_coord", "E", 3, NULL, 0},
        {linear_mask, "swz_linear_offset", "mask", 8, NULL, 0},
        {linear_coord_units, "swz_linear_coord", "W*E", 24, NULL, 0},
        {linear_mask_not_pow2, "swz_linear_offset", "mask", 4, NULL, 0},
    };
    EXPECT_STOPS(m);
}

Test(contract, formula_forms_and_the_descriptor_stop_on_parameters_no_formula_has)
{
    static const misuse m[] = {
        {xor_primitive, "swz_xor", "S", 2, "B", 4},
        {xor_inv_width, "swz_xor_2d_inv", "W", 0, NULL, 0},
        {tma_swizzle_mode, "swz_tma_swizzle", "S", 48, NULL, 0},
        {pad_stride_zero, "swz_pad_coord_stride", "stride", 0, NULL, 0},
        {morton_log2_vec, "swz_morton_offset_log2", "vec", 0, "log2 units", 10},
        {wgmma_panel, "swz_wgmma_desc", "panel_rows", 12, NULL, 0},
        {wgmma_mode, "swz_wgmma_desc", "S", 48, NULL, 0},
    };
    EXPECT_STOPS(m);
}

/* ---- inside the contract: no stop, no output; the checked form does not stop --------------- */

static void every_kind_inside(void)
{
    swz_linear_params p = lin_p(1);
    uint32_t r, c, acc = 0;
    acc += swz_none_offset(32, 4, 4, 1000, 31) + swz_pad_offset(32, 4, 4, 1000, 31);
    acc += swz_xor_offset(32, 4, 4, 1000, 31) + swz_morton_offset(32, 4, 4, 32, 31, 31);
    acc += swz_tma_offset(64, 2, 128, 1000, 63) + swz_linear_offset(32, 4, 16, &p, 1000, 31);
    acc += (uint32_t)swz_pad_coord(32, 4, 4, 32, &r, &c); /* padding: SWZ_ERANGE, not a stop */
    acc += (uint32_t)swz_morton_coord(32, 4, 4, 32, 32u * 32u, &r, &c); /* past the tile: SWZ_ERANGE */
    acc += swz_tma_swizzle(32, 1000) + swz_xor(5, 0, 5, 1000) + (uint32_t)swz_wgmma_desc(1024u, 128u, 0, 64u);
    sink = acc;
}

Test(contract, inside_the_contract_nothing_stops)
{
    stop_result r = run_child(every_kind_inside);
    swz_layout l;
    cr_expect(r.exited && r.status == 0 && r.err[0] == '\0', "exit %d, signal %d, stderr '%s'", r.status, r.sig, r.err);
    cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_TMA128, 64, 2, 16, 64), SWZ_OK);
    cr_expect_eq(swz_layout_offset(&l, 0, 64), SWZ_BAD_OFFSET, "the checked form answers the column past the row");
    cr_expect_eq(swz_layout_offset(&l, 64, 0), SWZ_BAD_OFFSET, "and a row past the tile");
}
