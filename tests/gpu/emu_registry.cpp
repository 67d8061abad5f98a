/* tests/gpu/emu_registry.cpp -- the transpose registry over the emulated variants. */
#include "registry.cu"
