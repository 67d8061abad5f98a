/* examples/gemm/variants_float.cu -- instantiates the float variants of gemm.cuh listed in gemm.h:
 * SWZ_GEMM_LAYOUT NONE, PAD, XOR at SWZ_GEMM_TILE 128 and 64.  One translation unit per element type keeps the
 * build to two nvcc runs that can go in parallel. */
#include "gemm.h"

#define SWZ_GEMM_TILE 128
#define SWZ_GEMM_ELEM float
#define SWZ_GEMM_ELEM_NAME float
#define SWZ_GEMM_LAYOUT NONE
#include "gemm.cuh"

#define SWZ_GEMM_TILE 128
#define SWZ_GEMM_ELEM float
#define SWZ_GEMM_ELEM_NAME float
#define SWZ_GEMM_LAYOUT PAD
#include "gemm.cuh"

#define SWZ_GEMM_TILE 128
#define SWZ_GEMM_ELEM float
#define SWZ_GEMM_ELEM_NAME float
#define SWZ_GEMM_LAYOUT XOR
#include "gemm.cuh"

#define SWZ_GEMM_TILE 64
#define SWZ_GEMM_ELEM float
#define SWZ_GEMM_ELEM_NAME float
#define SWZ_GEMM_LAYOUT NONE
#include "gemm.cuh"

#define SWZ_GEMM_TILE 64
#define SWZ_GEMM_ELEM float
#define SWZ_GEMM_ELEM_NAME float
#define SWZ_GEMM_LAYOUT PAD
#include "gemm.cuh"

#define SWZ_GEMM_TILE 64
#define SWZ_GEMM_ELEM float
#define SWZ_GEMM_ELEM_NAME float
#define SWZ_GEMM_LAYOUT XOR
#include "gemm.cuh"

