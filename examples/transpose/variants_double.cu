/* examples/transpose/variants_double.cu -- every transpose variant for double elements
 * (swz_transpose_<layout>_<tile>_double); one translation unit per element type so that the
 * library compiles in parallel. */
#include <cuda_fp16.h>
#include <stdint.h>
#define SWZ_TV_ELEM double
#define SWZ_TV_NAME double
#define SWZ_TV_TILE64 1
#define SWZ_TV_THREADS 512 /* variants_knobs.inc */
#include "variants.inc"
/* The TMA layout (transpose.h SWZ_TRANSPOSE_TMA_VARIANTS; nvcc only: no TMA in the emulation). */
#if defined(__CUDACC__)
#define SWZ_TRANSPOSE_TILE 32
#define SWZ_TRANSPOSE_ELEM double
#define SWZ_TRANSPOSE_ELEM_NAME double
#define SWZ_TRANSPOSE_LAYOUT TMA
#include "transpose.cuh"
#endif
