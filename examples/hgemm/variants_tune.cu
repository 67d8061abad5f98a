/* examples/hgemm/variants_tune.cu -- the tuning variants NOTES.md measures against
 * xor_128_half (hgemm.cuh; the registry and the family record are in variants.cu):
 *   _s6    K slices of 32 in 6 stages (144 KiB: five slices in flight)
 *   _k64   K slices of 64 in 3 stages (half the barriers per K)
 *   _k64s4 K slices of 64 in 4 stages (192 KiB: three slices in flight)
 *   _g16   grouped raster of 16 block rows (8 by default) */
#define TILE 128
#define ELEM __half
#define ELEM_NAME half
#define LAYOUT XOR
#define STAGES 6
#define NAME_SUFFIX _s6
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

#define TILE 128
#define ELEM __half
#define ELEM_NAME half
#define LAYOUT XOR
#define RASTER_GROUP 16
#define NAME_SUFFIX _g16
#include "hgemm.cuh"
