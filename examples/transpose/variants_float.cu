/* examples/transpose/variants_float.cu -- every transpose variant for float elements
 * (swz_transpose_<layout>_<tile>_float); one translation unit per element type so that the
 * library compiles in parallel. */
#include <cuda_fp16.h>
#include <stdint.h>
#define SWZ_TV_ELEM float
#define SWZ_TV_NAME float
#define SWZ_TV_TILE64 1
#define SWZ_TV_TILE48 1 /* none, pad and xor of the 48 tile (transpose.h SWZ_TRANSPOSE_TILE48_) */
#include "variants.inc"
/* The TMA layout (transpose.h SWZ_TRANSPOSE_TMA_VARIANTS; nvcc only: no TMA in the emulation). */
#if defined(__CUDACC__)
#define SWZ_TRANSPOSE_TILE 64
#define SWZ_TRANSPOSE_ELEM float
#define SWZ_TRANSPOSE_ELEM_NAME float
#define SWZ_TRANSPOSE_LAYOUT TMA
#include "transpose.cuh"
#endif
/* Host emulation (tests/gpu, SWZ_EMULATE): the benchmark's tuning candidates too -- variants.cu
 * lists them in its host-compiled form -- so CI runs their code (block orders, the persistent
 * loop, other block sizes and regions) on every test shape without a GPU. */
#if defined(SWZ_EMULATE) && !defined(__CUDACC__)
#include "tuning.inc"
#endif
