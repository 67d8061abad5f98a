/* tools/swz-check-solve.h -- swz-check --solve: the best XOR-linear layout for a tile's accesses
 * (include/swz/solve.h), as a macro line to paste, its cost against none, pad and auto-xor, and
 * the bank map of its worst instruction.
 *
 * Usage (after the other swz-check headers; the CLI calls swzc_solve_cli when an argument is
 * --solve)
 *   swz-check --solve --tile 64x64 --elem 4 --access store:row:16 --access load:col:4
 *             [--access OP:PATTERN:BYTES[:WEIGHT] ...] [--max-pad P] [--seconds S] [--time]
 *             [--lines]
 *   OP load|store; PATTERN one of check.h's names (row, col, block, ldmatrix-a, ldmatrix-b,
 *   ldmatrix-bt, cp-async), stride.N, or @FILE: custom lanes, one instruction per line, lane
 *   l's "row,col" (elements) as its l-th word, "-" for an inactive lane; BYTES 1, 2, 4, 8, 16, or ldmatrix1/2/4; WEIGHT how
 *   often it runs (default 1).  Each access is the pattern's whole-tile walk.  --time adds the
 *   search's CPU time (left out by default: the output is then the same on every run, so the
 *   docs can show it and check it).  --lines: rows narrower than 128 bytes are also solved as
 *   128-byte lines (swz_solve_options.lines); the macro line then takes the line coordinates.
 *
 * Example
 *   swzc_solve_cli(argc, argv, stdout, stderr);   // 0, or 2 for bad arguments
 */
#ifndef SWZ_CHECK_SOLVE_H
#define SWZ_CHECK_SOLVE_H

#include <swz/solve.h>

#define SWZC_SOLVE_MAX 16

/* Lanes read from a file (@FILE): one instruction per line, lane l's "row,col" as the l-th
 * whitespace-separated word, "-" for an inactive lane (lanes past the line's words are
 * inactive); empty lines and lines starting with # are skipped.  Into a (SWZ_SOLVE_LANES);
 * the arrays are malloc'ed (swzc_solve_lanes_free).  0 on success. */
static int swzc_solve_lanes_read(const char *path, swz_solve_access *a)
{
    FILE *f = fopen(path, "r");
    char line[4096];
    uint32_t cap = 0u, n = 0u, *row = NULL, *col = NULL, *mask = NULL;
    int bad = f == NULL;
    while (!bad && fgets(line, sizeof line, f)) {
        const char *t = line;
        uint32_t l;
        t += strspn(t, " \t\r\n");
        if (*t == '\0' || *t == '#') continue;
        if (n == cap) {
            uint32_t c2 = cap ? 2u * cap : 64u;
            uint32_t *r2 = (uint32_t *)realloc(row, sizeof *row * 32u * c2), *k2 = NULL, *m2 = NULL;
            if (r2) row = r2;
            if (r2) k2 = (uint32_t *)realloc(col, sizeof *col * 32u * c2);
            if (k2) col = k2;
            if (k2) m2 = (uint32_t *)realloc(mask, sizeof *mask * c2);
            if (!m2) {
                bad = 1;
                break;
            }
            mask = m2;
            cap = c2;
        }
        mask[n] = 0u;
        for (l = 0; l < 32u; ++l) {
            unsigned r, c;
            int used = 0;
            row[32u * n + l] = col[32u * n + l] = 0u;
            t += strspn(t, " \t\r\n");
            if (*t == '\0') continue;
            if (*t == '-' && (t[1] == '\0' || strchr(" \t\r\n", t[1]))) {
                ++t;
                continue;
            }
            if (sscanf(t, "%u,%u%n", &r, &c, &used) != 2 || (t[used] && !strchr(" \t\r\n", t[used]))) {
                bad = 1;
                break;
            }
            t += used;
            row[32u * n + l] = r;
            col[32u * n + l] = c;
            mask[n] |= 1u << l;
        }
        if (!bad && *(t + strspn(t, " \t\r\n")) != '\0') bad = 1; /* more than 32 lanes */
        ++n;
    }
    if (f) fclose(f);
    if (bad || n == 0u) {
        free(row);
        free(col);
        free(mask);
        return 1;
    }
    a->source = SWZ_SOLVE_LANES;
    a->count = n;
    a->row = row;
    a->col = col;
    a->mask = mask;
    return 0;
}

static void swzc_solve_lanes_free(swz_solve_access *a, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; ++i)
        if (a[i].source == SWZ_SOLVE_LANES) {
            free((void *)a[i].row);
            free((void *)a[i].col);
            free((void *)a[i].mask);
            a[i].source = SWZ_SOLVE_NAMED;
        }
}

/* One --access value "op:pattern:bytes[:weight]" (pattern a check.h name, stride.N or
 * @FILE) into *a; 0 on success. */
static int swzc_solve_access_parse(const char *v, swz_solve_access *a)
{
    char buf[1024], *op, *pat, *bytes, *weight;
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
    if (pat[0] == '@') {
        /* lanes from a file: read after the kind is known (below) */
    } else if (strncmp(pat, "stride.", 7) == 0) {
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
    if (a->weight == 0u) return 1;
    return pat[0] == '@' ? swzc_solve_lanes_read(pat + 1, a) : 0;
}

/* The instruction of the named accesses with the most wavefronts above ideal under l; 0 when
 * there is none (every access is custom lanes). */
static int swzc_solve_worst(const swz_layout *l, const swz_solve_access *acc, uint32_t n,
                            swz_pattern *worst)
{
    uint32_t a, i, cnt;
    int64_t best = -1;
    for (a = 0; a < n; ++a) {
        if (acc[a].source != SWZ_SOLVE_NAMED) continue; /* lanes of a file: not walked here */
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
    return best >= 0;
}

/* The same layout as tile.h parameters (its copies' vector is the unit), where the masks fit
 * the macro form (row bits 0..7). */
static void swzc_solve_tile_line(FILE *out, const swz_solve_result *res)
{
    uint32_t i, high = 0u;
    for (i = 8; i < SWZ_LINEAR_MAX_BITS; ++i) high |= res->layout.mask[i];
    if (high) return;
    fprintf(out, "  tile.h, copies of %u-byte vectors: #define SWZ_TILE_LINEAR", res->unit);
    for (i = 0; i < 8u; ++i) fprintf(out, "%s %u", i ? "," : "", res->layout.mask[i]);
    if (res->layout.pad) fprintf(out, "  +  #define SWZ_TILE_LINEAR_PAD %u", res->layout.pad);
    fprintf(out, "\n");
}

static int swzc__solve_cli(int argc, char **argv, FILE *out, FILE *err, swz_solve_access *acc,
                           uint32_t *nacc)
{
    swz_solve_options opt = SWZ_SOLVE_OPTIONS_INIT;
    swz_solve_result res;
    swz_solve_problem prob;
    swz_linear_params none, pad, autox;
    swz_layout l;
    uint32_t w = 32u, h = 32u, e = 4u, n = 0u, i;
    char mac[320];
    clock_t t0;
    int st, have_auto, show_time = 0;
    for (i = 1; i < (uint32_t)argc; ++i) {
        const char *a = argv[i], *v = i + 1u < (uint32_t)argc ? argv[i + 1u] : NULL;
        if (strcmp(a, "--solve") == 0) continue;
        if (strcmp(a, "--time") == 0 || strcmp(a, "--lines") == 0) {
            if (a[2] == 't') show_time = 1;
            else opt.lines = 1;
            continue;
        }
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
            *nacc = ++n;
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
    st = opt.lines ? swz_solve(w, e, h, acc, n, &opt, &res) : swz_solve_problem_run(&prob, &opt, &res);
    if (!opt.lines) res.width = w;
    if (st != SWZ_OK) {
        fprintf(err, "swz-check: no layout: %s\n", swz_strerror(st));
        swz_solve_problem_free(&prob);
        return 2;
    }
    memset(&none, 0, sizeof none);
    pad = none;
    pad.pad = swz_pad_stride(w, e, res.unit) * e - w * e;
    have_auto = swz_linear_auto(w, e, res.unit, &autox) == SWZ_OK;
    swz_linear_macro(res.width, e, res.unit, &res.layout, mac, sizeof mac);
    fprintf(out, "solved %ux%u tile of %u-byte elements, %u access%s (%llu instructions), units of %u B\n", w, h,
            e, n, n == 1u ? "" : "es", (unsigned long long)res.instructions, res.unit);
    if (res.width == w) {
        fprintf(out, "#define AT(r, c) %s\n", mac);
        swzc_solve_tile_line(out, &res);
    } else { /* the line view: the same bytes as rows of res.width elements */
        size_t k = strlen(mac);
        if (k > 7u && strcmp(mac + k - 7u, ", r, c)") == 0) {
            mac[k - 7u] = '\0'; /* the line's coordinates instead of (r, c) */
            fprintf(out, "#define AT(r, c) %s, ((r) * %u + (c)) / %u, ((r) * %u + (c)) %% %u)\n", mac,
                    w, res.width, w, res.width);
        } else
            fprintf(out, "#define AT(r, c) %s, at row ((r) * %u + (c)) / %u, column ((r) * %u + (c)) %% %u\n",
                    mac, w, res.width, w, res.width);
        fprintf(out, "  (on 128-byte lines: row r of %u elements continues row r-1; --lines)\n", w);
    }
    fprintf(out, "  wavefronts %llu, %s (bound %llu, gap %llu; words bound %llu), %llu B of shared memory, %llu nodes",
            (unsigned long long)res.wavefronts, res.proven ? "proven optimal" : "time budget reached",
            (unsigned long long)res.bound, (unsigned long long)res.gap,
            (unsigned long long)res.words_bound, (unsigned long long)res.bytes, (unsigned long long)res.nodes);
    if (show_time) fprintf(out, ", %.3f s", (double)(clock() - t0) / CLOCKS_PER_SEC);
    fprintf(out, "\n");
    fprintf(out, "  against: none %llu, pad %llu (%u B per row), auto-xor ", (unsigned long long)swz_solve_cost(&prob, &none),
            (unsigned long long)swz_solve_cost(&prob, &pad), pad.pad);
    if (have_auto) fprintf(out, "%llu\n", (unsigned long long)swz_solve_cost(&prob, &autox));
    else fprintf(out, "-- (rows of W*E = %u B are not whole %u-byte units)\n", w * e, res.unit);
    swz_solve_problem_free(&prob);
    if (res.width != w) {
        fprintf(out, "\n(the line view: no bank map of a tile instruction)\n");
    } else if (swz_layout_make_linear(&l, w, e, res.unit, h, &res.layout) == SWZ_OK) {
        swz_pattern worst = acc[0].pattern;
        swzc_instr *in = (swzc_instr *)calloc(1u, sizeof *in);
        swzc_blocks b;
        int named;
        if (!in) return 1;
        named = swzc_solve_worst(&l, acc, n, &worst);
        swzc_blocks_find(&b, &l, res.unit);
        if (!named)
            fprintf(out, "\n(every access is custom lanes: no bank map of a named instruction)\n");
        else if (swzc_instr_eval(in, &l, &b, &worst) == SWZ_OK) {
            fprintf(out, "\nworst instruction of the solved layout:");
            swzc_print_instr(out, in, 0u, 1u);
        }
        free(in);
    }
    return 0;
}

static int swzc_solve_cli(int argc, char **argv, FILE *out, FILE *err)
{
    swz_solve_access acc[SWZC_SOLVE_MAX];
    uint32_t n = 0u;
    int rc = swzc__solve_cli(argc, argv, out, err, acc, &n);
    swzc_solve_lanes_free(acc, n);
    return rc;
}

#endif /* SWZ_CHECK_SOLVE_H */
