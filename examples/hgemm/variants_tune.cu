/* examples/hgemm/variants_tune.cu -- the tuning variants NOTES.md measures against
 * xor_128_half (hgemm.cuh; the registry and the family record are in variants.cu):
 *   _n128  a 128 x 128 block of 4 warps, two blocks per SM (the same 8 warps per SM)
 *   _k64   K slices of 64 in 3 stages (half the barriers per K)
 *   _k64s4 K slices of 64 in 4 stages (192 KiB: three slices in flight) */
#define TILE 128
#define ELEM __half
#define ELEM_NAME half
#define LAYOUT XOR
#define TILE_N 128
#define MIN_BLOCKS 2
#define NAME_SUFFIX _n128
#include "hgemm.cuh"

#define TILE 128
#define ELEM __half
#define ELEM_NAME half
#define LAYOUT XOR
#define TILE_K 64
#define STAGES 3
#define NAME_SUFFIX _k64
#include "hgemm.cuh"

#define TILE 128
#define ELEM __half
#define ELEM_NAME half
#define LAYOUT XOR
#define TILE_K 64
#define STAGES 4
#define NAME_SUFFIX _k64s4
#include "hgemm.cuh"
