/* examples/transpose/variants_half.cu -- every transpose variant for __half elements
 * (swz_transpose_<layout>_<tile>_half); one translation unit per element type so that the
 * library compiles in parallel. */
#include <cuda_fp16.h>
#include <stdint.h>
#define SWZ_TV_ELEM __half
#define SWZ_TV_NAME half
#define SWZ_TV_TILE64 1
#define SWZ_TV_OWN 1 /* xor_64's twin writes whole units by ownership: 64 registers, 4 blocks, uncapped */
#include "variants.inc"
/* The TMA layout (transpose.h SWZ_TRANSPOSE_TMA_VARIANTS; nvcc only: no TMA in the emulation). */
#if defined(__CUDACC__)
#define SWZ_TRANSPOSE_TILE 64
#define SWZ_TRANSPOSE_ELEM __half
#define SWZ_TRANSPOSE_ELEM_NAME half
#define SWZ_TRANSPOSE_LAYOUT TMA
#include "transpose.cuh"
#endif
