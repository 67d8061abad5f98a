/* tests/fuzz/probe.c -- configure-time probe: does clang link -fsanitize=fuzzer here? */
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return (int)(size & 0u) + (data == 0); }
