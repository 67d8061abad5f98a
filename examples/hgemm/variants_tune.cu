/* examples/hgemm/variants_tune.cu -- the tuning variants NOTES.md measures against
 * xor_128_half (hgemm.cuh; the registry and the family record are in variants.cu):
 *   _s6g16   K slices of 32 in 6 stages (five slices in flight) and a grouped raster of 16
 *            block rows: the two knobs that each measured +3-8% at 8192^3 in session 3
 *   _p       a persistent grid (PERSIST 1): the slices stream on from one tile to the next
 *            (session 4: 12% slower than the one-block-per-tile grid; NOTES.md) */
#define TILE 128
#define ELEM __half
#define ELEM_NAME half
#define LAYOUT XOR
#define STAGES 6
#define RASTER_GROUP 16
#define NAME_SUFFIX _s6g16
#include "hgemm.cuh"

#define TILE 128
#define ELEM __half
#define ELEM_NAME half
#define LAYOUT XOR
#define PERSIST 1
#define NAME_SUFFIX _p
#include "hgemm.cuh"
