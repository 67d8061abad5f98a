/* examples/family_example.cu -- the program swz-example-<F> of every family F in the list of
 * examples/meson.build, built once per family with -DSWZ_FAMILY_RECORD=swz_<F>_family.
 *
 * The family's variants file (or its hook file) defines that record with SWZ_FAMILY_DEFINE(F)
 * (family.h): the registry, run() and the bench hooks.  Everything the program does -- the
 * default check of every variant, --bench, --run/--runs, --predict, --list -- is
 * family_main.h's, so a family has no main() of its own.
 */
#include "family_main.h"

#ifndef SWZ_FAMILY_RECORD
#error "family_example.cu: define SWZ_FAMILY_RECORD (the family's swz_<F>_family record)"
#endif

extern const swz_family SWZ_FAMILY_RECORD;

int main(int argc, char **argv) { return ex_family_main(&SWZ_FAMILY_RECORD, argc, argv); }
