/* examples/gemm/gemm_f32.cu -- instantiates the float variants of gemm.cuh listed in gemm_variants.h:
 * LAYOUT NONE, PAD, XOR at TILE 128 and 64.  One translation unit per element type keeps the
 * build to two nvcc runs that can go in parallel. */
#include "gemm_variants.h"

#define TILE 128
#define ELEM float
#define ELEM_NAME float
#define LAYOUT NONE
#include "gemm.cuh"

#define TILE 128
#define ELEM float
#define ELEM_NAME float
#define LAYOUT PAD
#include "gemm.cuh"

#define TILE 128
#define ELEM float
#define ELEM_NAME float
#define LAYOUT XOR
#include "gemm.cuh"

#define TILE 64
#define ELEM float
#define ELEM_NAME float
#define LAYOUT NONE
#include "gemm.cuh"

#define TILE 64
#define ELEM float
#define ELEM_NAME float
#define LAYOUT PAD
#include "gemm.cuh"

#define TILE 64
#define ELEM float
#define ELEM_NAME float
#define LAYOUT XOR
#include "gemm.cuh"

