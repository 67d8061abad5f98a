/* tools/swz-check-cli.h -- swz-check as a function: the whole CLI without a process.
 *
 * What it is for
 *   Programs that drive the checker's command line many times in one process -- a fuzzer of
 *   the argument parser, a test harness -- without spawning it.  tools/swz-check.c compiled
 *   with -DSWZ_CHECK_NO_MAIN defines swz_check_cli and no main(); the swz-check program's
 *   main() is exactly `return swz_check_cli(argc, argv, stdout, stderr);`.
 *
 * Example
 *   // cc -DSWZ_CHECK_NO_MAIN -Iinclude -Itools my.c tools/swz-check.c
 *   #include "swz-check-cli.h"
 *   char *argv[] = {"swz-check", "--layout", "xor", "--pattern", "col", "--json", NULL};
 *   int st = swz_check_cli(6, argv, stdout, stderr);   // 0; the JSON report on stdout
 *
 * Contract
 *   argv[0] is ignored and argv[1..argc) are the arguments (argv[argc] need not be NULL); the
 *   report goes to out, the one-line reason and the usage to err.  Returns the exit status:
 *   0 success (also --help, --version), 1 an output file (--svg, --svg-grid) or out could not
 *   be written, or memory ran out, 2 bad arguments.  It never calls exit(), keeps no state
 *   between calls (every buffer it allocates is freed before it returns), and writes no file
 *   but the --svg / --svg-grid ones named in argv.
 */
#ifndef SWZ_CHECK_CLI_H
#define SWZ_CHECK_CLI_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

int swz_check_cli(int argc, char **argv, FILE *out, FILE *err);

#ifdef __cplusplus
}
#endif

#endif /* SWZ_CHECK_CLI_H */
