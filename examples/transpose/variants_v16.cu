/* examples/transpose/variants_v16.cu -- every transpose variant for uint4 elements
 * (swz_transpose_<layout>_<tile>_v16); one translation unit per element type so that the
 * library compiles in parallel. */
#include <cuda_fp16.h>
#include <stdint.h>
#define SWZ_TV_ELEM uint4
#define SWZ_TV_NAME v16
#define SWZ_TV_TILE64 0
#define SWZ_TV_THREADS 512 /* variants_knobs.inc */
#define SWZ_TV_SHIFTED 0   /* variants_knobs.inc */
#include "variants.inc"
/* The TMA layout (transpose.h SWZ_TRANSPOSE_TMA_VARIANTS; nvcc only: no TMA in the emulation). */
#if defined(__CUDACC__)
#define SWZ_TRANSPOSE_TILE 32
#define SWZ_TRANSPOSE_ELEM uint4
#define SWZ_TRANSPOSE_ELEM_NAME v16
#define SWZ_TRANSPOSE_LAYOUT TMA
#include "transpose.cuh"
#endif
