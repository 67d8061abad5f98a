/* examples/reduce/variants.cu -- every reduction variant (the list SWZ_REDUCE_VARIANTS in
 * reduce.h; registry.cu does not link if the two disagree).  reduce.cuh #undefs its
 * parameters, so each block below starts from scratch. */
#include <stdint.h>

#define SWZ_REDUCE_TILE 256
#define SWZ_REDUCE_ELEM float
#define SWZ_REDUCE_ELEM_NAME float
#define SWZ_REDUCE_VARIANT INTERLEAVED
#include "reduce.cuh"

#define SWZ_REDUCE_TILE 256
#define SWZ_REDUCE_ELEM float
#define SWZ_REDUCE_ELEM_NAME float
#define SWZ_REDUCE_VARIANT SEQUENTIAL
#include "reduce.cuh"

#define SWZ_REDUCE_TILE 256
#define SWZ_REDUCE_ELEM float
#define SWZ_REDUCE_ELEM_NAME float
#define SWZ_REDUCE_VARIANT FAST
#include "reduce.cuh"

#define SWZ_REDUCE_TILE 512
#define SWZ_REDUCE_ELEM float
#define SWZ_REDUCE_ELEM_NAME float
#define SWZ_REDUCE_VARIANT FAST
#include "reduce.cuh"

#define SWZ_REDUCE_TILE 256
#define SWZ_REDUCE_ELEM int32_t
#define SWZ_REDUCE_ELEM_NAME i32
#define SWZ_REDUCE_VARIANT INTERLEAVED
#include "reduce.cuh"

#define SWZ_REDUCE_TILE 256
#define SWZ_REDUCE_ELEM int32_t
#define SWZ_REDUCE_ELEM_NAME i32
#define SWZ_REDUCE_VARIANT SEQUENTIAL
#include "reduce.cuh"

#define SWZ_REDUCE_TILE 256
#define SWZ_REDUCE_ELEM int32_t
#define SWZ_REDUCE_ELEM_NAME i32
#define SWZ_REDUCE_VARIANT FAST
#include "reduce.cuh"

#define SWZ_REDUCE_TILE 512
#define SWZ_REDUCE_ELEM int32_t
#define SWZ_REDUCE_ELEM_NAME i32
#define SWZ_REDUCE_VARIANT FAST
#include "reduce.cuh"
