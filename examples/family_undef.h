/* examples/family_undef.h -- the last line of every family template (transpose.cuh, reduce.cuh,
 * gemm.cuh): #undef's every parameter any template reads, so that the next instantiation in the
 * same file starts from scratch (a parameter left over from the previous one would silently
 * give the next variant its value).  One list for all families: a template that reads a new
 * parameter adds it here.  No include guard: it is included once per instantiation.
 *
 * Example (the end of a template)
 *   ...the variant's code...
 *   #include "../family_undef.h"   // TILE, ELEM, ELEM_NAME, LAYOUT, ... are undefined again
 *
 * The parameters (documented at the top of the template that reads them)
 *   every family   TILE, ELEM, ELEM_NAME
 *   transpose      LAYOUT and the tuning knobs NAME_SUFFIX, THREADS, REGION_BYTES,
 *                  BLOCK_ORDER, BLOCK_GROUP, CACHE_HINTS, PERSIST, MIN_BLOCKS, LOAD_ASYNC,
 *                  XOR_LINES, SHIFTED, SHIFT_BATCH, MIS_VBYTES
 *   reduce         VARIANT
 *   gemm           LAYOUT
 *   wgemm          OUT, OUT_NAME, STAGES, CLUSTER, EPILOGUE, BLOCK_K, B_MN
 *   hgemm          LAYOUT, TILE_N, TILE_K, STAGES, WARPS_M, WARP_N, RASTER_GROUP, MIN_BLOCKS, PERSIST,
 *                  PIPE, LOOP_PROBE, NAME_SUFFIX
 */
#undef TILE
#undef ELEM
#undef ELEM_NAME
#undef LAYOUT
#undef VARIANT
#undef NAME_SUFFIX
#undef THREADS
#undef REGION_BYTES
#undef BLOCK_ORDER
#undef BLOCK_GROUP
#undef CACHE_HINTS
#undef PERSIST
#undef MIN_BLOCKS
#undef LOAD_ASYNC
#undef XOR_LINES
#undef SHIFTED
#undef SHIFT_BATCH
#undef MIS_VBYTES
#undef OUT
#undef OUT_NAME
#undef STAGES
#undef CLUSTER
#undef EPILOGUE
#undef TILE_N
#undef TILE_K
#undef WARPS_M
#undef WARP_N
#undef RASTER_GROUP
#undef PIPE
#undef LOOP_PROBE
#undef BLOCK_K
#undef B_MN
