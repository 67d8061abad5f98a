/* tests/gpu/emu_variants.cpp -- one element type's transpose variants (SWZ_EMU_FILE, e.g.
 * "variants_float.cu") compiled for the host emulation (SWZ_EMULATE): the kernels' own code,
 * run on the CPU by the emulation tests. */
#define SWZ_EMULATE 1
#include SWZ_EMU_FILE
