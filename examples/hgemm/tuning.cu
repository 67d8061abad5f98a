/* examples/hgemm/tuning.cu -- instantiates the tuning candidates that tuning.h lists (hgemm.cuh),
 * into the bench-only library swz_hgemm_tuning; each block sets the knobs that differ from the
 * shipped xor_128_half (variants_xor.cu).  docs/design.md (hgemm) has why neither is shipped. */
#include "tuning.h"

/* _s6g16: six stages (five K slices in flight) and a grouped raster of 16 block rows */
#define SWZ_HGEMM_TILE 128
#define SWZ_HGEMM_ELEM __half
#define SWZ_HGEMM_ELEM_NAME half
#define SWZ_HGEMM_LAYOUT XOR
#define SWZ_HGEMM_STAGES 6
#define SWZ_HGEMM_RASTER_GROUP 16
#define SWZ_HGEMM_NAME_SUFFIX _s6g16
#include "hgemm.cuh"

/* _p: a persistent grid whose slices stream on from one tile to the next */
#define SWZ_HGEMM_TILE 128
#define SWZ_HGEMM_ELEM __half
#define SWZ_HGEMM_ELEM_NAME half
#define SWZ_HGEMM_LAYOUT XOR
#define SWZ_HGEMM_PERSIST 1
#define SWZ_HGEMM_NAME_SUFFIX _p
#include "hgemm.cuh"
