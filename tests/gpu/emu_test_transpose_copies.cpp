/* tests/gpu/emu_test_transpose_copies.cpp -- test_transpose_copies.cu on the CPU: tile.h's
 * emulation with examples/transpose/copies.h inside the SIMT emulator of emu_simt.h, host memory
 * for the CUDA calls (emulate.h).  Needs no GPU. */
#define SWZ_EMULATE 1
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include "emu_simt.h"
#include "emulate.h"
#include "test_transpose_copies.cu"
