/* tests/gpu/emu_test_transpose.cpp -- test_transpose.cu on the CPU: the variants' own code
 * through tile.h's emulation (emu_variants.cpp) and host memory for the CUDA calls
 * (emulate.h).  Built with small grid limits (SWZ_TR_MAX_GRID_Y/Z) so that the launchers'
 * split into several launches is exercised too.  Needs no GPU. */
#define SWZ_EMULATE 1
#include "emulate.h"
#include "test_transpose.cu"
