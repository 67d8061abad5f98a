/* examples/gemm/gemm_f64.cu -- instantiates the double variants of gemm.cuh listed in gemm_variants.h:
 * LAYOUT NONE, PAD, XOR at TILE 128 and 64.  One translation unit per element type keeps the
 * build to two nvcc runs that can go in parallel. */
#include "gemm_variants.h"

#define TILE 128
#define ELEM double
#define ELEM_NAME double
#define LAYOUT NONE
#include "gemm.cuh"

#define TILE 128
#define ELEM double
#define ELEM_NAME double
#define LAYOUT PAD
#include "gemm.cuh"

#define TILE 128
#define ELEM double
#define ELEM_NAME double
#define LAYOUT XOR
#include "gemm.cuh"

#define TILE 64
#define ELEM double
#define ELEM_NAME double
#define LAYOUT NONE
#include "gemm.cuh"

#define TILE 64
#define ELEM double
#define ELEM_NAME double
#define LAYOUT PAD
#include "gemm.cuh"

#define TILE 64
#define ELEM double
#define ELEM_NAME double
#define LAYOUT XOR
#include "gemm.cuh"

