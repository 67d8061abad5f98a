/* examples/reduce/variants.cu -- every reduction variant (the list SWZ_REDUCE_VARIANTS in
 * reduce.h; registry.cu does not link if the two disagree).  reduce.cuh #undefs its
 * parameters, so each block below starts from scratch. */
#include <stdint.h>

#define TILE 256
#define ELEM float
#define ELEM_NAME float
#define VARIANT INTERLEAVED
#include "reduce.cuh"

#define TILE 256
#define ELEM float
#define ELEM_NAME float
#define VARIANT SEQUENTIAL
#include "reduce.cuh"

#define TILE 256
#define ELEM float
#define ELEM_NAME float
#define VARIANT FAST
#include "reduce.cuh"

#define TILE 512
#define ELEM float
#define ELEM_NAME float
#define VARIANT FAST
#include "reduce.cuh"

#define TILE 256
#define ELEM int32_t
#define ELEM_NAME i32
#define VARIANT INTERLEAVED
#include "reduce.cuh"

#define TILE 256
#define ELEM int32_t
#define ELEM_NAME i32
#define VARIANT SEQUENTIAL
#include "reduce.cuh"

#define TILE 256
#define ELEM int32_t
#define ELEM_NAME i32
#define VARIANT FAST
#include "reduce.cuh"

#define TILE 512
#define ELEM int32_t
#define ELEM_NAME i32
#define VARIANT FAST
#include "reduce.cuh"
