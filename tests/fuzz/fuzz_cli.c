/* tests/fuzz/fuzz_cli.c -- libFuzzer target: swz-check's argument parser and everything it runs.
 *
 * What it checks
 *   The input is a command line: words separated by NUL bytes (at most 64), given to
 *   swz_check_cli (tools/swz-check-cli.h, from tools/swz-check.c built with
 *   -DSWZ_CHECK_NO_MAIN) with its report and errors going to /dev/null.  Whatever the words,
 *   it must return one of its documented exit statuses (0, 1, 2) and never exit, crash, leak
 *   (LeakSanitizer checks each input) or trip ASan/UBSan.  The value of every --svg /
 *   --svg-grid option is replaced by /dev/null, so the fuzzer writes no file.  Command lines
 *   with a valid tile of more than FZ_MAX_WALK elements are not run (big_tile below: every
 *   report walks the whole tile, which under the sanitizers takes up to an hour).
 *
 * Build and run (tests/fuzz/meson.build does this as the test fuzz-cli)
 *   clang -g -O2 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Iinclude -Itools \
 *     -DSWZ_CHECK_NO_MAIN '-DSWZ_CHECK_VERSION="fuzz"' tests/fuzz/fuzz_cli.c tools/swz-check.c \
 *     -o fuzz-cli && ./fuzz-cli tests/fuzz/corpus/cli
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "swz-check-cli.h"

#include "fuzz_input.h"

enum { FZ_MAX_WORDS = 64, FZ_MAX_WALK = 4096 };

/* Decimal digits [s, s+n) as a number (0 when not all digits or more than 9 digits after the
 * leading zeros, which swz-check's parser skips: "--tile 32x00000000046602" is 32 x 46602). */
static uint64_t digits(const char *s, size_t n)
{
    uint64_t v = 0;
    size_t i;
    while (n > 1u && s[0] == '0') ++s, --n;
    if (n == 0u || n > 9u) return 0u;
    for (i = 0; i < n; ++i) {
        if (s[i] < '0' || s[i] > '9') return 0u;
        v = v * 10u + (uint64_t)(s[i] - '0');
    }
    return v;
}

/* 1 when the words set a tile that swz-check would accept and that has more than FZ_MAX_WALK
 * elements (--tile WxH, --width W, --height H, as the last of each sets them; 32x32 without).
 * Every report walks the whole tile (the summary, and the "whole tile" line of one instruction):
 * instrumented, a 2^26-element tile takes an hour, which a fuzzer would rightly call a hang.
 * Refused tiles (0, past SWZ_MAX_SIDE or 2^26 elements) are cheap and stay in. */
static int big_tile(char **argv, int argc)
{
    uint64_t w = 32u, h = 32u;
    int i;
    for (i = 1; i < argc; ++i) {
        const char *eq = strchr(argv[i], '='), *val = eq ? eq + 1 : (i + 1 < argc ? argv[i + 1] : "");
        size_t n = eq ? (size_t)(eq - argv[i]) : strlen(argv[i]);
        if (n == 6u && strncmp(argv[i], "--tile", 6) == 0) {
            size_t x = strcspn(val, "xX");
            if (val[x]) { w = digits(val, x); h = digits(val + x + 1, strlen(val + x + 1)); }
        } else if (n == 7u && strncmp(argv[i], "--width", 7) == 0) {
            w = digits(val, strlen(val));
        } else if (n == 8u && strncmp(argv[i], "--height", 8) == 0) {
            h = digits(val, strlen(val));
        }
    }
    return w && h && w <= 65536u && h <= 65536u && w * h <= (1u << 26) && w * h > FZ_MAX_WALK;
}

/* 1 when word is the name of an option that takes a file, alone or as "--svg=FILE". */
static int names_file(const char *word, int *with_value)
{
    size_t n = strcspn(word, "=");
    *with_value = word[n] == '=';
    return (n == 5u && strncmp(word, "--svg", 5) == 0) || (n == 10u && strncmp(word, "--svg-grid", 10) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *devnull;
    static char names[FZ_MAX_WORDS + 1][32]; /* indexed by argv position 1..FZ_MAX_WORDS */
    char *buf, *argv[FZ_MAX_WORDS + 2];
    int argc = 1, st, i;
    size_t pos = 0;
    if (!devnull && !(devnull = fopen("/dev/null", "w"))) abort();
    buf = malloc(size + 1u);
    if (!buf) return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    argv[0] = (char *)"swz-check";
    while (pos < size && argc <= FZ_MAX_WORDS) { /* NUL-separated words; a last one without NUL too */
        argv[argc++] = buf + pos;
        pos += strlen(buf + pos) + 1u;
    }
    for (i = 1; i < argc; ++i) { /* no file written: every file option's value is /dev/null */
        int with_value;
        if (!names_file(argv[i], &with_value)) continue;
        if (with_value) {
            snprintf(names[i], sizeof names[i], "%.*s=/dev/null", (int)strcspn(argv[i], "="), argv[i]);
            argv[i] = names[i];
        } else if (i + 1 < argc) {
            argv[i + 1] = (char *)"/dev/null";
        }
    }
    argv[argc] = NULL;
    if (!big_tile(argv, argc)) {
        st = swz_check_cli(argc, argv, devnull, devnull);
        FZ_ASSERT(st == 0 || st == 1 || st == 2, "exit status %d", st);
    }
    free(buf);
    return 0;
}
