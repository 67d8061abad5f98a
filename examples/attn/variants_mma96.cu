/* examples/attn/variants_mma96.cu -- the portable variants of attn.cuh at head dimension 96: rows
 * of 12 sixteen-byte units, which the automatic XOR keys with (r / 2) mod 4 (docs/layouts.md,
 * rows that are not a power of two), beside pad, the only conflict-free layout such rows had
 * before.  A file of their own so that they compile in parallel with variants_mma.cu. */

#define SWZ_ATTN_ARCH MMA
#define SWZ_ATTN_LAYOUT XOR
#define SWZ_ATTN_HEAD_DIM 96
#define SWZ_ATTN_ELEM __nv_bfloat16
#define SWZ_ATTN_ELEM_NAME bf16
#include "attn.cuh"

#define SWZ_ATTN_ARCH MMA
#define SWZ_ATTN_LAYOUT XOR
#define SWZ_ATTN_HEAD_DIM 96
#define SWZ_ATTN_ELEM __half
#define SWZ_ATTN_ELEM_NAME f16
#include "attn.cuh"

#define SWZ_ATTN_ARCH MMA
#define SWZ_ATTN_LAYOUT PAD
#define SWZ_ATTN_HEAD_DIM 96
#define SWZ_ATTN_ELEM __nv_bfloat16
#define SWZ_ATTN_ELEM_NAME bf16
#include "attn.cuh"
