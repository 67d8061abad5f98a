/* examples/attn/variants_mma.cu -- the portable (mma.sync) variants of attn.cuh (the registry and the family
 * record are in registry.cu): xor for both head dimensions and both types, none and pad at the
 * same knobs in bf16 (the cost of the conflict, measured beside xor).  Head dimension 64 takes
 * blocks of 128 keys (SWZ_ATTN_BN; docs/design.md, "Attention").  One file per arch so the two
 * compile in parallel. */

#define SWZ_ATTN_ARCH MMA
#define SWZ_ATTN_LAYOUT XOR
#define SWZ_ATTN_HEAD_DIM 64
#define SWZ_ATTN_BN 128
#define SWZ_ATTN_ELEM __nv_bfloat16
#define SWZ_ATTN_ELEM_NAME bf16
#include "attn.cuh"

#define SWZ_ATTN_ARCH MMA
#define SWZ_ATTN_LAYOUT XOR
#define SWZ_ATTN_HEAD_DIM 64
#define SWZ_ATTN_BN 128
#define SWZ_ATTN_ELEM __half
#define SWZ_ATTN_ELEM_NAME f16
#include "attn.cuh"

#define SWZ_ATTN_ARCH MMA
#define SWZ_ATTN_LAYOUT XOR
#define SWZ_ATTN_HEAD_DIM 128
#define SWZ_ATTN_ELEM __nv_bfloat16
#define SWZ_ATTN_ELEM_NAME bf16
#include "attn.cuh"

#define SWZ_ATTN_ARCH MMA
#define SWZ_ATTN_LAYOUT XOR
#define SWZ_ATTN_HEAD_DIM 128
#define SWZ_ATTN_ELEM __half
#define SWZ_ATTN_ELEM_NAME f16
#include "attn.cuh"

#define SWZ_ATTN_ARCH MMA
#define SWZ_ATTN_LAYOUT NONE
#define SWZ_ATTN_HEAD_DIM 64
#define SWZ_ATTN_BN 128
#define SWZ_ATTN_ELEM __nv_bfloat16
#define SWZ_ATTN_ELEM_NAME bf16
#include "attn.cuh"

#define SWZ_ATTN_ARCH MMA
#define SWZ_ATTN_LAYOUT PAD
#define SWZ_ATTN_HEAD_DIM 64
#define SWZ_ATTN_BN 128
#define SWZ_ATTN_ELEM __nv_bfloat16
#define SWZ_ATTN_ELEM_NAME bf16
#include "attn.cuh"

#define SWZ_ATTN_ARCH MMA
#define SWZ_ATTN_LAYOUT NONE
#define SWZ_ATTN_HEAD_DIM 128
#define SWZ_ATTN_ELEM __nv_bfloat16
#define SWZ_ATTN_ELEM_NAME bf16
#include "attn.cuh"

#define SWZ_ATTN_ARCH MMA
#define SWZ_ATTN_LAYOUT PAD
#define SWZ_ATTN_HEAD_DIM 128
#define SWZ_ATTN_ELEM __nv_bfloat16
#define SWZ_ATTN_ELEM_NAME bf16
#include "attn.cuh"
