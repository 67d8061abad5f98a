/* tests/gpu/emu_test_reduce.cpp -- test_reduce.cu on the CPU: the reduction kernels' own code
 * (examples/reduce/variants.cu, compiled as host C++ with SWZ_EMULATE) run by the SIMT
 * emulator of emu_simt.h (barriers, warp shuffles), with host memory for the CUDA calls
 * (emulate.h).  Needs no GPU. */
#define SWZ_EMULATE 1
#include <cuda_runtime.h>
#include "emu_simt.h"
#include "emulate.h"
#include "variants.cu"
#include "registry.cu"
#include "test_reduce.cu"
