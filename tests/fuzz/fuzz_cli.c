/* tests/fuzz/fuzz_cli.c -- libFuzzer target: swz-check's argument parser and everything it runs.
 *
 * What it checks
 *   The input is a command line: words separated by NUL bytes (at most 64), given to
 *   swz_check_cli (tools/swz-check-cli.h, from tools/swz-check.c built with
 *   -DSWZ_CHECK_NO_MAIN) with its report and errors going to /dev/null.  Whatever the words,
 *   it must return one of its documented exit statuses (0, 1, 2) and never exit, crash, leak
 *   (LeakSanitizer checks each input) or trip ASan/UBSan.  The value of every --svg /
 *   --svg-grid option is replaced by /dev/null, so the fuzzer writes no file.
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

enum { FZ_MAX_WORDS = 64 };

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
    st = swz_check_cli(argc, argv, devnull, devnull);
    FZ_ASSERT(st == 0 || st == 1 || st == 2, "exit status %d", st);
    free(buf);
    return 0;
}
