/* tests/cli/cli_inproc.c -- swz_check_cli (tools/swz-check-cli.h) called in one process.
 *
 * What it checks
 *   The CLI as a function, the way a fuzzer of its argument parser drives it: each argument
 *   list below runs twice in a row in the same process and must give the same exit status and
 *   the same bytes on out and err both times (no state survives a call), the status its row
 *   names (0 success, 1 an output file cannot be written, 2 bad arguments), a report on out and
 *   nothing on err for 0, nothing on out and a "swz-check: " reason for 2.  Built with
 *   -fsanitize=address,undefined: a leak, overflow or undefined behaviour on any path fails
 *   the run (LeakSanitizer reports at exit).  An exit() inside the CLI fails it too: an atexit
 *   handler turns any exit before the last case into status 1.
 *
 * Example
 *   cc -DSWZ_CHECK_NO_MAIN -Iinclude -Itools tests/cli/cli_inproc.c tools/swz-check.c && ./a.out
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swz-check-cli.h"

typedef struct cli_case {
    int status;
    const char *args[12];
} cli_case;

static const cli_case cases[] = {
    {0, {NULL}},
    {0, {"--help", NULL}},
    {0, {"--version", NULL}},
    {0, {"--summary", "--tile", "16x8", "--json", NULL}},
    {0, {"--layout", "xor", "--pattern", "col", NULL}},
    {0, {"--layout", "xor", "--layout-access", "4", "--access", "8", "--pattern", "col", "--json", NULL}},
    {0, {"--layout", "tma128", "--tile", "64x8", "--elem", "half", "--access", "ldmatrix4", "--pattern", "col", NULL}},
    {0, {"--layout=morton", "--pattern=block", "--origin=8,8", NULL}},
    {0, {"--access", "16", "--pattern", "stride:0", "--op", "store", NULL}},
    {0, {"--layout", "morton", "--tile", "256x256", "--pattern", "block:4x8", "--json", NULL}},
    {0, {"--summary", "--tile", "256x128", "--elem", "half", NULL}},
    {2, {"--pattern", "block:3x3", NULL}},
    {2, {"--pattern", "block:0x32", NULL}},
    {2, {"--tile", "4294967296x1", NULL}},
    {2, {"--bogus", NULL}},
    {2, {"positional", NULL}},
    {2, {"--layout", NULL}},
    {2, {"--layout", "swizzle", NULL}},
    {2, {"--layout", "xor", "--tile", "6x32", "--access", "16", NULL}}, /* 24-byte rows of 16-byte accesses */
    {0, {"--layout", "xor", "--tile", "96x32", "--elem", "2", "--access", "16", "--json", NULL}},
    {2, {"--tile", "0x32", NULL}},
    {2, {"--tile", "99999999999999999999x1", NULL}},
    {2, {"--elem", "3", NULL}},
    {2, {"--elem", "8", "--access", "4", NULL}},
    {2, {"--pattern", "stride", NULL}},
    {2, {"--pattern", "stride:x", NULL}},
    {2, {"--origin", "32,0", NULL}},
    {2, {"--op", "store", "--pattern", "transpose", NULL}},
    {2, {"--summary", "--layout", "xor", NULL}},
    {2, {"--json=1", NULL}},
    {2, {"--layout", "xor", "--tile", "512x512", "--svg-grid", "unused.svg", NULL}},
    {1, {"--layout", "xor", "--svg", "/nonexistent-dir/x/map.svg", NULL}},
    {1, {"--layout", "xor", "--svg-grid", "/nonexistent-dir/x/grid.svg", NULL}},
};

/* The bytes written to f, as a NUL-terminated string (malloc'ed). */
static char *slurp(FILE *f, size_t *len)
{
    long n;
    char *buf;
    fflush(f);
    n = ftell(f);
    if (n < 0) { perror("ftell"); exit(1); }
    buf = (char *)malloc((size_t)n + 1u);
    if (!buf) { perror("malloc"); exit(1); }
    rewind(f);
    if (fread(buf, 1, (size_t)n, f) != (size_t)n) { perror("fread"); exit(1); }
    buf[n] = '\0';
    *len = (size_t)n;
    return buf;
}

typedef struct run_result {
    int status;
    char *out, *err;
    size_t out_len, err_len;
} run_result;

static run_result run_once(const cli_case *c)
{
    char *argv[13];
    int argc = 1;
    run_result r;
    FILE *out = tmpfile(), *err = tmpfile();
    if (!out || !err) { perror("tmpfile"); exit(1); }
    argv[0] = (char *)"swz-check";
    while (c->args[argc - 1]) { argv[argc] = (char *)c->args[argc - 1]; ++argc; }
    argv[argc] = NULL;
    r.status = swz_check_cli(argc, argv, out, err);
    r.out = slurp(out, &r.out_len);
    r.err = slurp(err, &r.err_len);
    fclose(out);
    fclose(err);
    return r;
}

static int finished;

static void exit_check(void)
{
    if (finished) return;
    printf("FAIL exit() called inside swz_check_cli\n");
    fflush(stdout);
    _Exit(1);
}

int main(void)
{
    size_t i, n = sizeof cases / sizeof cases[0];
    int failed = 0;
    atexit(exit_check);
    for (i = 0; i < n; ++i) {
        run_result a = run_once(&cases[i]), b = run_once(&cases[i]);
        const char *first = cases[i].args[0] ? cases[i].args[0] : "(no argument)";
        int ok = 1;
        if (a.status != b.status || a.out_len != b.out_len || a.err_len != b.err_len ||
            memcmp(a.out, b.out, a.out_len) != 0 || memcmp(a.err, b.err, a.err_len) != 0) {
            printf("FAIL case %zu (%s ...): the second call differs from the first\n", i, first);
            ok = 0;
        }
        if (a.status != cases[i].status) {
            printf("FAIL case %zu (%s ...): status %d, expected %d\n", i, first, a.status, cases[i].status);
            ok = 0;
        }
        if (a.status == 0 && (a.out_len == 0u || a.err_len != 0u)) {
            printf("FAIL case %zu (%s ...): success needs a report and an empty err\n", i, first);
            ok = 0;
        }
        if (a.status == 2 && (a.out_len != 0u || strncmp(a.err, "swz-check: ", 11) != 0)) {
            printf("FAIL case %zu (%s ...): bad arguments need an empty out and a reason\n", i, first);
            ok = 0;
        }
        if (a.status == 1 && strncmp(a.err, "swz-check: ", 11) != 0) {
            printf("FAIL case %zu (%s ...): a write error needs a reason\n", i, first);
            ok = 0;
        }
        failed += !ok;
        free(a.out); free(a.err); free(b.out); free(b.err);
    }
    printf("%zu cases, %d failed\n", n, failed);
    finished = 1;
    return failed ? 1 : 0;
}
