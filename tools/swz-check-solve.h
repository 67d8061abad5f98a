/* tools/swz-check-solve.h -- swz-check --solve: the best XOR-linear layout for a tile's accesses
 * (include/swz/solve.h), as a macro line to paste, its cost against none, pad and auto-xor, and
 * the bank map of its worst instruction.
 *
 * Usage (after the other swz-check headers; the CLI calls swzc_solve_cli when an argument is
 * --solve)
 *   swz-check --solve --tile 64x64 --elem 4 --access store:row:16 --access load:col:4
 *             [--access OP:PATTERN:BYTES[:WEIGHT] ...] [--max-pad P] [--seconds S]
 *   OP load|store; PATTERN one of check.h's names (row, col, block, ldmatrix-a, ldmatrix-b,
 *   ldmatrix-bt, cp-async) or stride.N; BYTES 1, 2, 4, 8, 16, or ldmatrix1/2/4; WEIGHT how
 *   often it runs (default 1).  Each access is the pattern's whole-tile walk.
 *
 * Example
 *   swzc_solve_cli(argc, argv, stdout, stderr);   // 0, or 2 for bad arguments
 */
#ifndef SWZ_CHECK_SOLVE_H
#define SWZ_CHECK_SOLVE_H

#include <swz/solve.h>

#define SWZC_SOLVE_MAX 16

/* One --access value "op:pattern:bytes[:weight]" into *a; 0 on success. */
static int swzc_solve_access_parse(const char *v, swz_solve_access *a)
{
    char buf[96], *op, *pat, *bytes, *weight;
    int k;
    swz_solve_access init = SWZ_SOLVE_NAMED_INIT;
    if (strlen(v) >= sizeof buf) return 1;
    strcpy(buf, v);
    op = strtok(buf, ":");
    pat = strtok(NULL, ":");
    bytes = strtok(NULL, ":");
    weight = strtok(NULL, ":");
    if (!op || !pat || !bytes) return 1;
    *a = init;
    if (strcmp(op, "store") != 0 && strcmp(op, "load") != 0) return 1;
    if (strncmp(pat, "stride.", 7) == 0) {
        a->pattern.kind = SWZ_PAT_STRIDE;
        a->pattern.stride = (uint32_t)strtoul(pat + 7, NULL, 10);
    } else {
        for (k = 0; k < SWZ_PAT_COUNT; ++k)
            if (strcmp(pat, swz_pattern_name(k)) == 0) break;
        if (k == SWZ_PAT_COUNT || k == SWZ_PAT_STRIDE) return 1;
        a->pattern.kind = k;
    }
    if (strcmp(bytes, "ldmatrix1") == 0) a->kind = SWZ_LDMATRIX_X1;
    else if (strcmp(bytes, "ldmatrix2") == 0) a->kind = SWZ_LDMATRIX_X2;
    else if (strcmp(bytes, "ldmatrix4") == 0) a->kind = SWZ_LDMATRIX_X4;
    else a->kind = (int)strtoul(bytes, NULL, 10);
    if (swz_access_bytes(a->kind) == 0u) return 1;
    if (strcmp(op, "store") == 0) a->kind |= SWZ_STORE;
    a->pattern.access = a->kind;
    a->weight = weight ? (uint32_t)strtoul(weight, NULL, 10) : 1u;
    return a->weight == 0u;
}

/* The instruction of the accesses with the most wavefronts above ideal under l. */
static void swzc_solve_worst(const swz_layout *l, const swz_solve_access *acc, uint32_t n,
                             swz_pattern *worst)
{
    uint32_t a, i, cnt;
    int64_t best = -1;
    for (a = 0; a < n; ++a) {
        if (swz_check_tile_count(l, &acc[a].pattern, &cnt) != SWZ_OK) continue;
        for (i = 0; i < cnt; ++i) {
            swz_pattern p = acc[a].pattern;
            swz_check_result r;
            if (swz_check_tile_nth(l, &acc[a].pattern, i, &p) != SWZ_OK) continue;
            r = swz_check(l, &p);
            if (r.status == SWZ_OK && (int64_t)r.bank.wavefronts - (int64_t)r.bank.ideal > best) {
                best = (int64_t)r.bank.wavefronts - (int64_t)r.bank.ideal;
                *worst = p;
            }
        }
    }
}

static int swzc_solve_cli(int argc, char **argv, FILE *out, FILE *err)
{
    swz_solve_access acc[SWZC_SOLVE_MAX];
    swz_solve_options opt = SWZ_SOLVE_OPTIONS_INIT;
    swz_solve_result res;
    swz_solve_problem prob;
    swz_linear_params none, pad, autox;
    swz_layout l;
    uint32_t w = 32u, h = 32u, e = 4u, n = 0u, i;
    char mac[320];
    clock_t t0;
    int st, have_auto;
    for (i = 1; i < (uint32_t)argc; ++i) {
        const char *a = argv[i], *v = i + 1u < (uint32_t)argc ? argv[i + 1u] : NULL;
        if (strcmp(a, "--solve") == 0) continue;
        if (!v) {
            fprintf(err, "swz-check: %s needs a value\n", a);
            return 2;
        }
        ++i;
        if (strcmp(a, "--tile") == 0) {
            if (sscanf(v, "%ux%u", &w, &h) != 2) { fprintf(err, "swz-check: bad --tile %s\n", v); return 2; }
        } else if (strcmp(a, "--elem") == 0) {
            e = (uint32_t)strtoul(v, NULL, 10);
        } else if (strcmp(a, "--access") == 0) {
            if (n == SWZC_SOLVE_MAX || swzc_solve_access_parse(v, &acc[n]) != 0) {
                fprintf(err, "swz-check: bad --access %s (op:pattern:bytes[:weight], at most %d)\n", v,
                        SWZC_SOLVE_MAX);
                return 2;
            }
            ++n;
        } else if (strcmp(a, "--max-pad") == 0) {
            opt.max_pad = (uint32_t)strtoul(v, NULL, 10);
        } else if (strcmp(a, "--seconds") == 0) {
            opt.seconds = strtod(v, NULL);
        } else {
            fprintf(err, "swz-check: --solve does not take %s\n", a);
            return 2;
        }
    }
    if (n == 0u) {
        fprintf(err, "swz-check: --solve needs at least one --access op:pattern:bytes\n");
        return 2;
    }
    st = swz_solve_compile(&prob, w, e, h, acc, n);
    if (st != SWZ_OK) {
        fprintf(err, "swz-check: the accesses do not fit the tile: %s\n", swz_strerror(st));
        swz_solve_problem_free(&prob);
        return 2;
    }
    t0 = clock();
    st = swz_solve_problem_run(&prob, &opt, &res);
    if (st != SWZ_OK) {
        fprintf(err, "swz-check: no layout: %s\n", swz_strerror(st));
        swz_solve_problem_free(&prob);
        return 2;
    }
    memset(&none, 0, sizeof none);
    pad = none;
    pad.pad = swz_pad_stride(w, e, res.unit) * e - w * e;
    have_auto = swz_linear_auto(w, e, res.unit, &autox) == SWZ_OK;
    swz_linear_macro(w, e, res.unit, &res.layout, mac, sizeof mac);
    fprintf(out, "solved %ux%u tile of %u-byte elements, %u access%s (%llu instructions), units of %u B\n", w, h,
            e, n, n == 1u ? "" : "es", (unsigned long long)res.instructions, res.unit);
    fprintf(out, "#define AT(r, c) %s\n", mac);
    fprintf(out, "  wavefronts %llu, %s (bound %llu, gap %llu; words bound %llu), %llu B of shared memory, %.3f s, %llu nodes\n",
            (unsigned long long)res.wavefronts, res.proven ? "proven optimal" : "time budget reached",
            (unsigned long long)res.bound, (unsigned long long)res.gap,
            (unsigned long long)res.words_bound, (unsigned long long)res.bytes,
            (double)(clock() - t0) / CLOCKS_PER_SEC, (unsigned long long)res.nodes);
    fprintf(out, "  against: none %llu, pad %llu (%u B per row), auto-xor ", (unsigned long long)swz_solve_cost(&prob, &none),
            (unsigned long long)swz_solve_cost(&prob, &pad), pad.pad);
    if (have_auto) fprintf(out, "%llu\n", (unsigned long long)swz_solve_cost(&prob, &autox));
    else fprintf(out, "-- (W not a power of two)\n");
    swz_solve_problem_free(&prob);
    if (swz_layout_make_linear(&l, w, e, res.unit, h, &res.layout) == SWZ_OK) {
        swz_pattern worst = acc[0].pattern;
        swzc_instr *in = (swzc_instr *)calloc(1u, sizeof *in);
        swzc_blocks b;
        if (!in) return 1;
        swzc_solve_worst(&l, acc, n, &worst);
        swzc_blocks_find(&b, &l, res.unit);
        if (swzc_instr_eval(in, &l, &b, &worst) == SWZ_OK) {
            fprintf(out, "\nworst instruction of the solved layout:");
            swzc_print_instr(out, in, 0u, 1u);
        }
        free(in);
    }
    return 0;
}

#endif /* SWZ_CHECK_SOLVE_H */
