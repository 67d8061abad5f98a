/* examples/transpose/variants_u8.cu -- every transpose variant for uint8_t elements
 * (swz_transpose_<layout>_<tile>_u8); one translation unit per element type so that the
 * library compiles in parallel. */
#include <cuda_fp16.h>
#include <stdint.h>
#define SWZ_TV_ELEM uint8_t
#define SWZ_TV_NAME u8
#define SWZ_TV_TILE64 1
#define SWZ_TV_OWN 4 /* xor_64's twin writes whole units by ownership: the twin capped at 4 blocks of 256 (64 registers; 68 uncapped) */
#include "variants.inc"
