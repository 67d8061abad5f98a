/* bench/bench_main.cu -- bench/bench_<F> of every family F in the list of examples/meson.build
 * that has no bench/bench_<F>.cu of its own, built once per family with
 * -DSWZ_FAMILY_RECORD=swz_<F>_family.
 *
 * What it measures is the family's bench hooks (family.h's swz_family_bench, defined beside
 * the family's run() hook: its problems, peers, work count and checks -- each family documents
 * them there); timing, the memcpy ceiling, the table and the CSV are bench_family.h's.
 *
 * Usage: bench_<F> [--out DIR] [--quick] [--reps N]  -> DIR/<F>.csv
 */
#include "bench_family.h"

#ifndef SWZ_FAMILY_RECORD
#error "bench_main.cu: define SWZ_FAMILY_RECORD (the family's swz_<F>_family record)"
#endif

extern const swz_family SWZ_FAMILY_RECORD;

int main(int argc, char **argv)
{
    return bench_family_main(&SWZ_FAMILY_RECORD, argc, argv, SWZ_FAMILY_RECORD.bench->title, NULL);
}
