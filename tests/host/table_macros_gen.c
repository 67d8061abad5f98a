/* tests/host/table_macros_gen.c -- writes a C program that checks every table row's macro.
 *
 * For every kind of layout.h's table (SWZ_LAYOUT_COUNT rows, so a new kind is covered without
 * editing this file) and every shape of a short list that the kind accepts, it prints code
 * that evaluates the row's macro form (swz_layout_macro: the text a kernel pastes, with the
 * shape's numbers) at every (r, c) of the tile and compares it with swz_layout_offset.
 * table_macros.sh compiles that program as C99, C++11 and CUDA and runs it.
 *
 * Usage: table_macros_gen > check.c
 */
#include <swz/layout.h>

#include <stdio.h>

static const uint32_t shapes[][4] = {/* W, E, A, H */
                                     {32, 4, 4, 32}, {32, 4, 8, 16}, {64, 2, 16, 16}, {16, 4, 4, 64},
                                     {8, 4, 16, 8},  {48, 4, 4, 8},  {16, 1, 4, 32},  {32, 8, 8, 4},
                                     {4, 16, 16, 8}, {128, 1, 4, 4},  {96, 2, 16, 16}, {80, 2, 16, 8}};

int main(void)
{
    int k, cases = 0;
    size_t i;
    printf("#include <swz/layout.h>\n#include <stdio.h>\n\n");
    printf("static int bad;\n");
    printf("static void differs(const char *what, unsigned r, unsigned c, unsigned got, unsigned want)\n"
           "{\n    if (bad++ < 20) printf(\"%%s at (%%u, %%u): macro %%u, swz_layout_offset %%u\\n\", what, r, c, got, "
           "want);\n}\n\n");
    printf("int main(void)\n{\n    swz_layout l;\n    uint32_t r, c;\n");
    for (k = 0; k < SWZ_LAYOUT_COUNT; ++k)
        for (i = 0; i < sizeof shapes / sizeof shapes[0]; ++i) {
            const uint32_t *s = shapes[i];
            swz_layout l;
            char mac[256];
            if (swz_layout_make(&l, k, s[0], s[1], s[2], s[3]) != SWZ_OK) continue;
            if (swz_layout_macro(&l, mac, sizeof mac) >= sizeof mac) return 1;
            printf("    if (swz_layout_make(&l, %d, %u, %u, %u, %u) != SWZ_OK) return 2;\n", k, s[0], s[1], s[2], s[3]);
            printf("    for (r = 0; r < %uu; ++r)\n        for (c = 0; c < %uu; ++c)\n", s[3], s[0]);
            printf("            if ((uint32_t)(%s) != swz_layout_offset(&l, r, c))\n", mac);
            printf("                differs(\"%s\", r, c, (uint32_t)(%s), swz_layout_offset(&l, r, c));\n", mac, mac);
            ++cases;
        }
    printf("    printf(\"%d macro forms checked, %%d differences\\n\", bad);\n", cases);
    printf("    return bad != 0;\n}\n");
    return cases >= SWZ_LAYOUT_COUNT ? 0 : 1; /* at least one shape per kind on average */
}
