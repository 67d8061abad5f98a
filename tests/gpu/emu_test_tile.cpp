/* tests/gpu/emu_test_tile.cpp -- test_tile.cu on the CPU: tile.h's emulation inside the SIMT
 * emulator of emu_simt.h (so 2-D and 3-D blocks give real linear thread indexes), host memory
 * for the CUDA calls (emulate.h).  Needs no GPU. */
#define SWZ_EMULATE 1
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include "emu_simt.h"
#include "emulate.h"
#include "test_tile.cu"
