/* examples/hgemm/variants_tune.cu -- the tuning variants NOTES.md measures against
 * xor_128_half (hgemm.cuh; the registry and the family record are in variants.cu):
 *   _s6g16   K slices of 32 in 6 stages (five slices in flight) and a grouped raster of 16
 *            block rows: the two knobs that each measured +3-8% at 8192^3 in session 3
 *   _p       a persistent grid (SWZ_HGEMM_PERSIST 1): the slices stream on from one tile to the next
 *            (session 4: 12% slower than the one-block-per-tile grid; NOTES.md) */
#define SWZ_HGEMM_TILE 128
#define SWZ_HGEMM_ELEM __half
#define SWZ_HGEMM_ELEM_NAME half
#define SWZ_HGEMM_LAYOUT XOR
#define SWZ_HGEMM_STAGES 6
#define SWZ_HGEMM_RASTER_GROUP 16
#define SWZ_HGEMM_NAME_SUFFIX _s6g16
#include "hgemm.cuh"

#define SWZ_HGEMM_TILE 128
#define SWZ_HGEMM_ELEM __half
#define SWZ_HGEMM_ELEM_NAME half
#define SWZ_HGEMM_LAYOUT XOR
#define SWZ_HGEMM_PERSIST 1
#define SWZ_HGEMM_NAME_SUFFIX _p
#include "hgemm.cuh"
