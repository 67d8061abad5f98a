/* tests/gpu/emu_registry.cpp -- the transpose registry over the emulated variants
 * (examples/transpose/registry.cu compiled for the host: the registry, without the hooks). */
#define SWZ_EMULATE 1
#include "registry.cu"
