/* Retrograde solver for Fox and Geese, the standard game: forward-only (below), and with
 * sideways goose steps (win / loss / draw, "With sideways steps" further down).
 *
 * Why it is this simple: every goose move goes one row forward, so positions
 * never repeat and every position is a win for one side (docs/solver.md). A
 * position is (goose set S, fox point, side to move). For one goose set the
 * values for all 33 fox points fit in one 33-bit mask, so we store per set
 *   G[S]: fox points where the geese, to move, win;
 *   F[S]: fox points where the fox, to move, wins.
 * G[S] needs F of the sets one goose move later (same goose count, one goose
 * one point higher); F[S] needs G[S] (fox steps) and G of smaller sets (jump
 * chains). Points are numbered row by row from the geese's side, so a goose
 * move always raises a point's number and a set's colex rank: walking a layer
 * (one goose count) from the highest rank down meets every successor first.
 *
 * Storage: a set of k geese is its colex rank among the C(33, k) sets; a mask
 * keeps only the 33 - k points free of geese (pext/pdep), packed back to back.
 * A finished layer goes to DIR/G<k>.bin and DIR/F<k>.bin (those bit arrays as
 * they are in memory); a rerun loads finished layers instead of recomputing
 * them, and a layer in progress is saved every ten minutes and on SIGTERM or
 * SIGINT (DIR/...part, then the process stops) and resumed from there. Only G of the lower layers and F of the current one are
 * needed in memory; G of the top layer is kept only when it fits in the memory limit.
 *
 * With --start 13|15|17 only sets that can arise from that start are computed
 * (each goose of the set matched to a different start goose that can reach its
 * point by forward steps); successors and captures of such a set are such sets
 * too, so the values computed are exact. Other sets stay 0 and are never read.
 *
 * Usage:
 *   solver solve DIR MAXK [--start N]   solve layers 4..MAXK, checkpointing each
 *   solver solve DIR MAXK --sideways    the same with sideways steps, by sub-layer
 *   solver estimate [SAMPLES]           sets per layer that can arise from each start
 *   solver solve DIR MAXK --plies       plies a win needs inside a sub-layer (finished tables)
 *   solver estimate --sideways [DIR]    sizes, memory, disk; time from DIR's stats.txt
 *   solver estimate --asalto [DIR]      Asalto's positions, bits, memory; time likewise
 *   solver query DIR                    stdin lines "fox geese... side": prints
 *                                       fox|geese (|draw with sideways tables)
 */
#include <immintrin.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define NP 33
#define ALL ((1ULL << NP) - 1)
#define FOX_WINS_BELOW 4
/* Bytes the top layer's G may bring the run to; SOLVER_MEMORY_GIB overrides. */
static uint64_t memory_limit(void) {
    const char *gib = getenv("SOLVER_MEMORY_GIB");
    return (gib ? strtoull(gib, NULL, 10) : 8ULL) << 30;
}
#ifndef CHECKPOINT_SECONDS
#define CHECKPOINT_SECONDS 600
#endif

static int prow[NP], pcol[NP];
static int at[7][7]; /* point number at (col,row), or -1 */
static uint64_t adj[NP];       /* fox steps */
static int gstep[NP][3], ngstep[NP];
static int sstep[NP][2], nsstep[NP]; /* sideways goose steps, used only with --sideways */
static int jover[NP][8], jland[NP][8], njump[NP];
static uint64_t reach[NP];     /* points a goose on p can ever reach (p included) */
static uint64_t binom[NP + 1][NP + 1];

static int on_board(int c, int r) {
    return c >= 0 && c < 7 && r >= 0 && r < 7 && ((c >= 2 && c <= 4) || (r >= 2 && r <= 4));
}

/* Cross 33: orthogonal lines between neighbours; both diagonals of every unit
 * square whose four corners are on the board (docs/rules.md). */
static int linked(int c, int r, int dc, int dr) {
    int c2 = c + dc, r2 = r + dr;
    if (!on_board(c, r) || !on_board(c2, r2)) return 0;
    if (dc == 0 || dr == 0) return 1;
    int x = c < c2 ? c : c2, y = r < r2 ? r : r2;
    return on_board(x, y) && on_board(x + 1, y) && on_board(x, y + 1) && on_board(x + 1, y + 1);
}

static void setup(void) {
    int n = 0;
    for (int r = 0; r < 7; r++)
        for (int c = 0; c < 7; c++) {
            at[c][r] = -1;
            if (on_board(c, r)) {
                at[c][r] = n;
                prow[n] = r;
                pcol[n] = c;
                n++;
            }
        }
    static const int dirs[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
    for (int p = 0; p < NP; p++) {
        int c = pcol[p], r = prow[p];
        for (int d = 0; d < 8; d++) {
            int dc = dirs[d][0], dr = dirs[d][1];
            if (!linked(c, r, dc, dr)) continue;
            int q = at[c + dc][r + dr];
            adj[p] |= 1ULL << q;
            if (dr == 1) gstep[p][ngstep[p]++] = q;
            if (dr == 0) sstep[p][nsstep[p]++] = q;
            if (linked(c + dc, r + dr, dc, dr)) {
                jover[p][njump[p]] = q;
                jland[p][njump[p]] = at[c + 2 * dc][r + 2 * dr];
                njump[p]++;
            }
        }
    }
    for (int p = NP - 1; p >= 0; p--) {
        reach[p] = 1ULL << p;
        for (int i = 0; i < ngstep[p]; i++) reach[p] |= reach[gstep[p][i]];
    }
    for (int i = 0; i <= NP; i++) {
        binom[i][0] = 1;
        for (int j = 1; j <= i; j++) binom[i][j] = binom[i - 1][j - 1] + (j <= i - 1 ? binom[i - 1][j] : 0);
    }
}

static inline uint64_t rank_of(uint64_t s) {
    uint64_t r = 0;
    int i = 1;
    while (s) {
        int p = __builtin_ctzll(s);
        r += binom[p][i++];
        s &= s - 1;
    }
    return r;
}

#ifdef __BMI2__
#define pext _pext_u64
#define pdep _pdep_u64
#else
/* Portable stand-ins where the compiler may not use BMI2 (build with -march=native to get it). */
static inline uint64_t pext(uint64_t v, uint64_t mask) {
    uint64_t out = 0;
    for (uint64_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
        if (v & mask & -mask) out |= bit;
    return out;
}

static inline uint64_t pdep(uint64_t v, uint64_t mask) {
    uint64_t out = 0;
    for (uint64_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
        if (v & bit) out |= mask & -mask;
    return out;
}
#endif

/* One layer's masks: 33 - k bits per set, over the points free of geese. */
typedef struct {
    uint8_t *bits;
    int k, w;
    uint64_t n, bytes;
} Masks;

static inline uint64_t get(const Masks *m, uint64_t r, uint64_t s) {
    uint64_t at = r * (uint64_t)m->w, v;
    memcpy(&v, m->bits + (at >> 3), 8);
    return pdep((v >> (at & 7)) & ((1ULL << m->w) - 1), ~s & ALL);
}

static inline void put(Masks *m, uint64_t r, uint64_t s, uint64_t mask) {
    uint64_t at = r * (uint64_t)m->w, v, field = ((1ULL << m->w) - 1) << (at & 7);
    memcpy(&v, m->bits + (at >> 3), 8);
    v = (v & ~field) | (pext(mask, ~s & ALL) << (at & 7));
    memcpy(m->bits + (at >> 3), &v, 8);
}

static uint64_t layer_bytes(int k) { return (binom[NP][k] * (uint64_t)(NP - k) + 7) / 8 + 8; }

/* ---- which sets can arise from a start ---------------------------------- */

static uint64_t start_set; /* 0: every set */
static uint64_t pred[NP];  /* start points whose goose can reach p */

static int augment(int p, uint64_t *seen, int *owner) {
    uint64_t cand = pred[p] & ~*seen;
    while (cand) {
        int t = __builtin_ctzll(cand);
        cand &= cand - 1;
        *seen |= 1ULL << t;
        if (owner[t] < 0 || augment(owner[t], seen, owner)) {
            owner[t] = p;
            return 1;
        }
    }
    return 0;
}

static int can_arise(uint64_t s) {
    if (!start_set) return 1;
    int owner[NP];
    for (int i = 0; i < NP; i++) owner[i] = -1;
    /* Highest points first: they have the fewest candidates. */
    for (int p = NP - 1; p >= 0; p--) {
        if (!(s >> p & 1)) continue;
        uint64_t seen = 0;
        if (!augment(p, &seen, owner)) return 0;
    }
    return 1;
}

static void set_start(int n) {
    /* 13: rows 1-3 (points 0-12); 15: also a4, g4; 17: also a5, g5. */
    start_set = 0x1FFFULL;
    if (n >= 15) start_set |= 1ULL << at[0][3] | 1ULL << at[6][3];
    if (n >= 17) start_set |= 1ULL << at[0][4] | 1ULL << at[6][4];
    for (int p = 0; p < NP; p++) {
        pred[p] = 0;
        for (int t = 0; t < NP; t++)
            if ((start_set >> t & 1) && (reach[t] >> p & 1)) pred[p] |= 1ULL << t;
    }
}

/* ---- the layers ----------------------------------------------------------- */

static Masks G[NP + 1], F[NP + 1];

static inline int geese_win_after_jump(int land, uint64_t s, int k) {
    if (k < FOX_WINS_BELOW) return 0;
    return (int)(get(&G[k], rank_of(s), s) >> land & 1);
}

/* Whether a jump chain from `from` (fox lifted off the board) reaches a position the
 * geese lose: any prefix of a chain is a move of its own. */
static int jump_wins(int from, uint64_t s, int k) {
    for (int i = 0; i < njump[from]; i++) {
        int over = jover[from][i], land = jland[from][i];
        if (!(s >> over & 1) || (s >> land & 1)) continue;
        uint64_t s2 = s ^ (1ULL << over);
        if (!geese_win_after_jump(land, s2, k - 1)) return 1;
        if (jump_wins(land, s2, k - 1)) return 1;
    }
    return 0;
}

typedef struct {
    uint64_t done, sets, positions, fox_wins_fox_to_move, fox_wins_geese_to_move;
    double seconds, cpu_seconds;
} Progress;

static double clock_of(clockid_t id) {
    struct timespec t;
    clock_gettime(id, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static double now(void) { return clock_of(CLOCK_MONOTONIC); }
static double cpu_now(void) { return clock_of(CLOCK_PROCESS_CPUTIME_ID); }

static char dir[4096];

/* One line of a finished layer's figures in DIR/stats.txt (stderr if it cannot be opened);
 * `solver estimate` projects times from them. */
__attribute__((format(printf, 1, 2))) static void append_stats(const char *fmt, ...) {
    char path[4200];
    snprintf(path, sizeof path, "%s/stats.txt", dir);
    FILE *fp = fopen(path, "a");
    va_list args;
    va_start(args, fmt);
    vfprintf(fp ? fp : stderr, fmt, args);
    va_end(args);
    if (fp) fclose(fp);
}

static void path_of(char *out, size_t size, const char *name, int k, const char *suffix) {
    snprintf(out, size, "%s/%s%d%s", dir, name, k, suffix);
}

static int load(Masks *m, const char *name, const char *suffix) {
    char path[4200];
    path_of(path, sizeof path, name, m->k, suffix);
    FILE *fp = fopen(path, "rb");
    if (!fp) return 0;
    size_t got = fread(m->bits, 1, m->bytes, fp);
    fclose(fp);
    return got == m->bytes;
}

static void write_file(const char *path, const void *data, size_t size) {
    char tmp[4300];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *fp = fopen(tmp, "wb");
    if (!fp || fwrite(data, 1, size, fp) != size || fclose(fp) != 0) {
        perror(tmp);
        exit(1);
    }
    rename(tmp, path); /* a file exists only once it is whole */
}

static void save(const Masks *m, const char *name, const char *suffix) {
    char path[4200];
    path_of(path, sizeof path, name, m->k, suffix);
    write_file(path, m->bits, m->bytes);
}

static void alloc_masks(Masks *m, int k) {
    m->k = k;
    m->w = NP - k;
    m->n = binom[NP][k];
    m->bytes = layer_bytes(k);
    m->bits = calloc(m->bytes, 1);
    if (!m->bits) {
        fprintf(stderr, "out of memory for layer %d\n", k);
        exit(1);
    }
}

static void free_masks(Masks *m) {
    free(m->bits);
    m->bits = NULL;
}

/* The complement of the set of colex rank n-1-i among k-sets, i.e. the i-th (33-k)-set. */
static uint64_t nth_complement(uint64_t i, int m) {
    uint64_t t = 0;
    for (int j = m; j >= 1; j--) {
        int c = j - 1;
        while (binom[c + 1][j] <= i) c++;
        t |= 1ULL << c;
        i -= binom[c][j];
    }
    return t;
}

/* Mid-layer checkpoint: the masks so far and the progress, written in that order. */
static void checkpoint(int k, const Progress *pr, int keep_g) {
    if (keep_g) save(&G[k], "G", ".part");
    save(&F[k], "F", ".part");
    char path[4200];
    path_of(path, sizeof path, "progress", k, ".part");
    write_file(path, pr, sizeof *pr);
}

/* SIGTERM or SIGINT: save the layer in progress at the next check, then stop. */
static volatile sig_atomic_t stop_asked;
static void ask_stop(int sig) { stop_asked = sig; }

static Progress solve_layer(int k, int keep_g) {
    uint64_t n = binom[NP][k];
    Progress pr = {0, 0, 0, 0, 0, 0, 0};
    char path[4200];
    path_of(path, sizeof path, "progress", k, ".part");
    FILE *fp = fopen(path, "rb");
    if (fp) {
        if (fread(&pr, sizeof pr, 1, fp) == 1 && load(&F[k], "F", ".part") &&
            (!keep_g || load(&G[k], "G", ".part"))) {
            fprintf(stderr, "layer %d: resuming at %.1f%%\n", k, 100.0 * pr.done / n);
        } else {
            memset(&pr, 0, sizeof pr);
        }
        fclose(fp);
    }
    /* Walk the complements upward with Gosper's hack: the sets go downward. */
    int m = NP - k;
    uint64_t t = nth_complement(pr.done, m);
    double t0 = now() - pr.seconds, c0 = cpu_now() - pr.cpu_seconds, last = now();
    for (uint64_t i = pr.done; i < n; i++) {
        uint64_t s = ALL ^ t, r = n - 1 - i;
        if (m) {
            uint64_t c = t & -t, rr = t + c;
            t = (((rr ^ t) >> 2) / c) | rr;
        }
        if ((i & 0xFFFFF) == 0 && (stop_asked || now() - last > CHECKPOINT_SECONDS)) {
            pr.done = i;
            pr.seconds = now() - t0;
            pr.cpu_seconds = cpu_now() - c0;
            checkpoint(k, &pr, keep_g);
            fprintf(stderr, "  layer %d: %.1f%% in %.0f s, %.0f CPU s (saved)\n", k, 100.0 * i / n,
                    pr.seconds, pr.cpu_seconds);
            if (stop_asked) exit(0);
            last = now();
        }
        if (!can_arise(s)) continue;
        uint64_t empty = ~s & ALL;
        /* Geese to move: they win where some goose move leaves the fox, to move, lost. */
        /* The reads are scattered over the layer: ask for all of them before using any. */
        uint64_t next[3 * NP], nrank[3 * NP];
        int nb[3 * NP], nn = 0;
        uint64_t geese = s;
        while (geese) {
            int a = __builtin_ctzll(geese);
            geese &= geese - 1;
            for (int j = 0; j < ngstep[a]; j++) {
                int b = gstep[a][j];
                if (s >> b & 1) continue;
                next[nn] = s ^ (1ULL << a) ^ (1ULL << b);
                nrank[nn] = rank_of(next[nn]);
                nb[nn] = b;
                __builtin_prefetch(F[k].bits + ((nrank[nn] * (uint64_t)F[k].w) >> 3));
                nn++;
            }
        }
        uint64_t gw = 0;
        for (int j = 0; j < nn; j++) gw |= ~get(&F[k], nrank[j], next[j]) & ~(1ULL << nb[j]);
        gw &= empty;
        /* Fox to move: it wins where a step or a jump chain leaves the geese, to move, lost. */
        uint64_t safe = empty & ~gw, fw = 0, rest = empty;
        while (rest) {
            int x = __builtin_ctzll(rest);
            rest &= rest - 1;
            if ((adj[x] & safe) || jump_wins(x, s, k)) fw |= 1ULL << x;
        }
        if (keep_g) put(&G[k], r, s, gw);
        put(&F[k], r, s, fw);
        pr.sets++;
        pr.positions += (uint64_t)(NP - k);
        pr.fox_wins_fox_to_move += (uint64_t)__builtin_popcountll(fw);
        pr.fox_wins_geese_to_move += (uint64_t)__builtin_popcountll(empty & ~gw);
    }
    pr.done = n;
    pr.seconds = now() - t0;
    pr.cpu_seconds = cpu_now() - c0;
    return pr;
}

static int cmd_solve(int maxk, int start) {
    mkdir(dir, 0755);
    signal(SIGTERM, ask_stop);
    signal(SIGINT, ask_stop);
    if (start) set_start(start);
    uint64_t kept = 0; /* bytes of G held for the layers below */
    for (int k = FOX_WINS_BELOW; k <= maxk; k++) {
        alloc_masks(&F[k], k);
        /* Nothing above the top layer reads its G: keep it only if it fits. */
        int keep_g = k < maxk || kept + 2 * layer_bytes(k) <= memory_limit();
        if (keep_g) alloc_masks(&G[k], k);
        if (load(&F[k], "F", ".bin") && (!keep_g || load(&G[k], "G", ".bin"))) {
            fprintf(stderr, "layer %d: loaded\n", k);
        } else {
            Progress pr = solve_layer(k, keep_g);
            if (keep_g) save(&G[k], "G", ".bin");
            save(&F[k], "F", ".bin");
            const char *parts[] = {"G", "F", "progress"};
            for (int i = 0; i < 3; i++) {
                char part[4200];
                path_of(part, sizeof part, parts[i], k, ".part");
                remove(part);
            }
            append_stats("layer %d start %d sets %llu positions_per_side %llu fox_wins_fox_to_move %llu "
                         "fox_wins_geese_to_move %llu seconds %.1f cpu_seconds %.1f bytes_per_table %llu\n",
                         k, start, (unsigned long long)pr.sets, (unsigned long long)pr.positions,
                         (unsigned long long)pr.fox_wins_fox_to_move,
                         (unsigned long long)pr.fox_wins_geese_to_move, pr.seconds, pr.cpu_seconds,
                         (unsigned long long)layer_bytes(k));
            fprintf(stderr, "layer %d: %llu sets in %.1f s\n", k, (unsigned long long)pr.sets,
                    pr.seconds);
        }
        if (keep_g) kept += layer_bytes(k);
        /* F of a finished layer is never read again while solving. */
        if (k < maxk) free_masks(&F[k]);
    }
    if (start && maxk >= start) {
        uint64_t s = start_set;
        int d4 = at[3][3];
        printf("start %d: %s wins with the fox to move\n", start,
               (get(&F[maxk], rank_of(s), s) >> d4 & 1) ? "fox" : "geese");
    }
    return 0;
}

/* One mask read straight from a layer file: queries need no memory and no whole layer. */
static int read_mask(const char *name, int k, uint64_t s, uint64_t *mask) {
    static FILE *files[2][NP + 1];
    FILE **fp = &files[name[0] == 'G'][k];
    if (!*fp) {
        char path[4200];
        path_of(path, sizeof path, name, k, ".bin");
        *fp = fopen(path, "rb");
        if (!*fp) return 0;
    }
    uint64_t at = rank_of(s) * (uint64_t)(NP - k), v = 0;
    if (fseeko(*fp, (off_t)(at >> 3), SEEK_SET) != 0 || fread(&v, 1, 8, *fp) < 1) return 0;
    *mask = pdep((v >> (at & 7)) & ((1ULL << (NP - k)) - 1), ~s & ALL);
    return 1;
}

/* Lines "fox goose goose ... side" with point numbers 0-32 and side fox|geese; answers
 * fox|geese, or ? where the layer (or a top layer's G) is not on disk. */
static int sideways_value(int fox, uint64_t s, int k, int fox_to_move, const char **out);

static int cmd_query(void) {
    char line[1024], marker[4200];
    snprintf(marker, sizeof marker, "%s/sideways", dir);
    struct stat st;
    int sideways = stat(marker, &st) == 0;
    while (fgets(line, sizeof line, stdin)) {
        char *tok = strtok(line, " \n");
        if (!tok) continue;
        int fox = atoi(tok), k = 0;
        uint64_t s = 0, mask = 0;
        char *side = NULL;
        while ((tok = strtok(NULL, " \n"))) {
            if (tok[0] == 'f' || tok[0] == 'g') {
                side = tok;
                break;
            }
            s |= 1ULL << atoi(tok);
            k++;
        }
        int fox_to_move = side && side[0] == 'f';
        const char *value;
        if (sideways) {
            printf("%s\n", side && sideways_value(fox, s, k, fox_to_move, &value) ? value : "?");
        } else if (side && k < FOX_WINS_BELOW) {
            printf("fox\n");
        } else if (!side || !read_mask(fox_to_move ? "F" : "G", k, s, &mask)) {
            printf("?\n");
        } else {
            int bit = (int)(mask >> fox & 1);
            printf("%s\n", fox_to_move == bit ? "fox" : "geese");
        }
        fflush(stdout);
    }
    return 0;
}

static int cmd_estimate(uint64_t samples) {
    uint64_t rng = 0x9E3779B97F4A7C15ULL;
    for (int start = 13; start <= 17; start += 2) {
        set_start(start);
        for (int k = FOX_WINS_BELOW; k <= start; k++) {
            uint64_t hit = 0;
            for (uint64_t i = 0; i < samples; i++) {
                uint64_t s = 0;
                int c = 0;
                while (c < k) {
                    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
                    int p = (int)(rng % NP);
                    if (!(s >> p & 1)) s |= 1ULL << p, c++;
                }
                hit += (uint64_t)can_arise(s);
            }
            double frac = (double)hit / samples;
            printf("start %d layer %d all_sets %llu arising_fraction %.5f arising_sets %.0f\n", start,
                   k, (unsigned long long)binom[NP][k], frac, frac * binom[NP][k]);
        }
    }
    return 0;
}


/* ==== With sideways steps: win / loss / draw ================================
 *
 * Sideways goose steps let positions repeat, so a position may be a draw: one
 * from which neither side can force a win (docs/solver.md says how that
 * relates to the repetition and 100-ply rules). Goose steps still never go
 * backward: the goose count never grows and the sum of the geese's rows never
 * falls, a forward step raising it by exactly one. So a layer (goose count k)
 * splits into sub-layers by row sum R; a sub-layer needs its own values, F of
 * sub-layer R + 1 (forward steps) and G of smaller layers (captures). Within a
 * sub-layer the values are found by retrograde iteration: a set is processed
 * again whenever a set one sideways step away got a new decided value, until
 * nothing changes; every position still undecided then is a draw.
 *
 * Per set and side two masks over the fox points: "the side to move wins" and
 * "it loses"; neither is a draw. While a sub-layer is being solved, F with both
 * bits set means "not yet decided, but the fox has a jump chain that does not
 * lose" (chains only reach solved layers, so they are walked once per set).
 * A set of k geese with row sum R is stored at its colex rank among those sets
 * (subn below), so a sub-layer is one array and no memory goes to other sums.
 */

#define MAXR (6 * 17 + 1)
static uint32_t subn[NP + 1][18][MAXR]; /* j-sets of points below p with row sum r */
static int rlow[NP + 1], rhigh[NP + 1];

static void setup_sideways(void) {
    subn[0][0][0] = 1;
    for (int p = 0; p < NP; p++)
        for (int j = 0; j < 18; j++)
            for (int r = 0; r < MAXR; r++)
                subn[p + 1][j][r] = subn[p][j][r] + (j && r >= prow[p] ? subn[p][j - 1][r - prow[p]] : 0);
    for (int k = 0; k < 18; k++) {
        rlow[k] = MAXR, rhigh[k] = -1;
        for (int r = 0; r < MAXR; r++)
            if (subn[NP][k][r]) {
                if (r < rlow[k]) rlow[k] = r;
                rhigh[k] = r;
            }
    }
}

/* Colex rank among the sets of the same size and row sum; the row sum goes to *rs. */
static inline uint64_t rank_sub(uint64_t s, int *rs) {
    uint64_t r = 0;
    int i = 1, sum = 0;
    while (s) {
        int p = __builtin_ctzll(s);
        sum += prow[p];
        r += subn[p][i++][sum];
        s &= s - 1;
    }
    *rs = sum;
    return r;
}

static uint64_t unrank_sub(uint64_t i, int k, int sum) {
    uint64_t s = 0;
    int p = NP;
    for (int j = k; j >= 1; j--) {
        p--;
        while (subn[p][j][sum] > i) p--;
        s |= 1ULL << p;
        i -= subn[p][j][sum];
        sum -= prow[p];
    }
    return s;
}

typedef struct {
    Masks win, loss; /* for the side to move */
} Tri;

static uint64_t tri_bytes(int k, int r) {
    return 2 * ((subn[NP][k][r] * (uint64_t)(NP - k) + 7) / 8 + 8);
}

static void alloc_tri(Tri *t, int k, int r) {
    Masks *ms[2] = {&t->win, &t->loss};
    for (int i = 0; i < 2; i++) {
        Masks *m = ms[i];
        m->k = k;
        m->w = NP - k;
        m->n = subn[NP][k][r];
        m->bytes = (m->n * (uint64_t)m->w + 7) / 8 + 8;
        m->bits = calloc(m->bytes, 1);
        if (!m->bits) {
            fprintf(stderr, "out of memory for layer %d, row sum %d\n", k, r);
            exit(1);
        }
    }
}

static void free_tri(Tri *t) {
    free_masks(&t->win);
    free_masks(&t->loss);
}

static void sub_path(char *out, size_t size, const char *name, int k, int r, const char *suffix) {
    snprintf(out, size, "%s/%s%d_%d%s", dir, name, k, r, suffix);
}

/* The two masks of a Tri in one file, win then loss. */
static void save_tri(const Tri *t, const char *name, int k, int r, const char *suffix) {
    char path[4200], tmp[4300];
    sub_path(path, sizeof path, name, k, r, suffix);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *fp = fopen(tmp, "wb");
    if (!fp || fwrite(t->win.bits, 1, t->win.bytes, fp) != t->win.bytes ||
        fwrite(t->loss.bits, 1, t->loss.bytes, fp) != t->loss.bytes || fclose(fp) != 0) {
        perror(tmp);
        exit(1);
    }
    rename(tmp, path);
}

static int load_tri(Tri *t, const char *name, int k, int r, const char *suffix) {
    char path[4200];
    sub_path(path, sizeof path, name, k, r, suffix);
    FILE *fp = fopen(path, "rb");
    if (!fp) return 0;
    int ok = fread(t->win.bits, 1, t->win.bytes, fp) == t->win.bytes &&
             fread(t->loss.bits, 1, t->loss.bytes, fp) == t->loss.bytes;
    fclose(fp);
    return ok;
}

static Tri *SG[NP + 1];  /* SG[k][r]: geese to move, every sub-layer of every layer solved */
static Tri Fcur, Fnext;  /* fox to move: the sub-layer being solved and the one above */
static uint64_t *dirty;  /* sets of the sub-layer to process again */
static int cur_k, cur_r;

/* 2: some chain (any prefix) wins for the fox; 1: some prefix does not lose; 0: all lose. */
static int chain_value(int from, uint64_t s, int k) {
    int best = 0;
    for (int i = 0; i < njump[from]; i++) {
        int over = jover[from][i], land = jland[from][i];
        if (!(s >> over & 1) || (s >> land & 1)) continue;
        uint64_t s2 = s ^ (1ULL << over);
        if (k - 1 < FOX_WINS_BELOW) return 2;
        int r2;
        uint64_t rank = rank_sub(s2, &r2);
        const Tri *g = &SG[k - 1][r2];
        if (get(&g->loss, rank, s2) >> land & 1) return 2;
        if (!(get(&g->win, rank, s2) >> land & 1)) best = 1;
        int deeper = chain_value(land, s2, k - 1);
        if (deeper == 2) return 2;
        if (deeper > best) best = deeper;
    }
    return best;
}

/* G then F of one set; returns whether F got a newly decided fox point. */
static int process_set(uint64_t i, int first) {
    int k = cur_k;
    uint64_t s = unrank_sub(i, k, cur_r), empty = ~s & ALL;
    uint64_t gw = 0, gl = ALL, side[2 * NP];
    int nside = 0;
    uint64_t geese = s;
    while (geese) {
        int a = __builtin_ctzll(geese);
        geese &= geese - 1;
        for (int j = 0; j < ngstep[a] + nsstep[a]; j++) {
            int sideways = j >= ngstep[a];
            int b = sideways ? sstep[a][j - ngstep[a]] : gstep[a][j];
            if (s >> b & 1) continue;
            uint64_t s2 = s ^ (1ULL << a) ^ (1ULL << b);
            int r2;
            uint64_t rank = rank_sub(s2, &r2);
            const Tri *f = sideways ? &Fcur : &Fnext;
            uint64_t fw = get(&f->win, rank, s2), fl = get(&f->loss, rank, s2);
            gw |= fl & ~fw & ~(1ULL << b);
            gl &= (fw & ~fl) | (1ULL << b);
            if (sideways) side[nside++] = rank;
        }
    }
    gw &= empty;
    gl &= empty;
    Tri *g = &SG[k][cur_r];
    put(&g->win, i, s, gw);
    put(&g->loss, i, s, gl);
    uint64_t fw = get(&Fcur.win, i, s), fl = get(&Fcur.loss, i, s);
    uint64_t nfw = fw, nfl = fl, todo = empty & ~(fw ^ fl);
    while (todo) {
        int x = __builtin_ctzll(todo);
        todo &= todo - 1;
        uint64_t bx = 1ULL << x;
        int pending = (int)(fw & fl & bx ? 1 : 0);
        if (first) {
            int c = chain_value(x, s, k);
            if (c == 2) {
                nfw |= bx;
                nfl &= ~bx;
                continue;
            }
            if (c == 1) pending = 1, nfw |= bx, nfl |= bx;
        }
        uint64_t steps = adj[x] & empty;
        if (steps & gl) {
            nfw |= bx;
            nfl &= ~bx;
        } else if (!pending && !(steps & ~gw)) {
            nfl |= bx;
        }
    }
    put(&Fcur.win, i, s, nfw);
    put(&Fcur.loss, i, s, nfl);
    if (!((nfw ^ nfl) & ~(fw ^ fl))) return 0;
    for (int j = 0; j < nside; j++) dirty[side[j] >> 6] |= 1ULL << (side[j] & 63);
    return 1;
}

typedef struct {
    uint64_t pass, next, visits;
    double seconds, cpu_seconds;
} SProgress;

static void sub_checkpoint(const SProgress *pr, uint64_t nwords) {
    save_tri(&Fcur, "F", cur_k, cur_r, ".part");
    save_tri(&SG[cur_k][cur_r], "G", cur_k, cur_r, ".part");
    char path[4200];
    sub_path(path, sizeof path, "dirty", cur_k, cur_r, ".part");
    write_file(path, dirty, nwords * 8);
    sub_path(path, sizeof path, "progress", cur_k, cur_r, ".part");
    write_file(path, pr, sizeof *pr);
}

static int sub_resume(SProgress *pr, uint64_t nwords) {
    char path[4200];
    sub_path(path, sizeof path, "progress", cur_k, cur_r, ".part");
    FILE *fp = fopen(path, "rb");
    if (!fp) return 0;
    int ok = fread(pr, sizeof *pr, 1, fp) == 1;
    fclose(fp);
    sub_path(path, sizeof path, "dirty", cur_k, cur_r, ".part");
    fp = fopen(path, "rb");
    ok = ok && fp && fread(dirty, 8, nwords, fp) == nwords;
    if (fp) fclose(fp);
    return ok && load_tri(&Fcur, "F", cur_k, cur_r, ".part") &&
           load_tri(&SG[cur_k][cur_r], "G", cur_k, cur_r, ".part");
}

static void solve_sublayer(int k, int r, int start) {
    cur_k = k, cur_r = r;
    uint64_t n = subn[NP][k][r], nwords = n / 64 + 1;
    dirty = calloc(nwords, 8);
    SProgress pr = {0, 0, 0, 0, 0};
    if (sub_resume(&pr, nwords)) {
        fprintf(stderr, "layer %d row sum %d: resuming in pass %llu at %.1f%%\n", k, r,
                (unsigned long long)pr.pass, 100.0 * pr.next / n);
    } else {
        memset(&pr, 0, sizeof pr);
        memset(dirty, 0, nwords * 8);
        for (uint64_t i = 0; i < n; i++) dirty[i >> 6] |= 1ULL << (i & 63);
    }
    double t0 = now() - pr.seconds, c0 = cpu_now() - pr.cpu_seconds, last = now();
    for (;;) {
        for (uint64_t i = pr.next; i < n; i++) {
            if ((i & 0x3FFF) == 0 && (stop_asked || now() - last > CHECKPOINT_SECONDS)) {
                pr.next = i;
                pr.seconds = now() - t0;
                pr.cpu_seconds = cpu_now() - c0;
                sub_checkpoint(&pr, nwords);
                fprintf(stderr, "  layer %d row sum %d: pass %llu at %.1f%%, %.0f s (saved)\n", k, r,
                        (unsigned long long)pr.pass, 100.0 * i / n, pr.seconds);
                if (stop_asked) exit(0);
                last = now();
            }
            if (!(dirty[i >> 6] >> (i & 63) & 1)) {
                if (!dirty[i >> 6]) i |= 63; /* the rest of this word is clean */
                continue;
            }
            dirty[i >> 6] &= ~(1ULL << (i & 63));
            process_set(i, pr.pass == 0);
            pr.visits++;
        }
        pr.pass++;
        pr.next = 0;
        uint64_t left = 0;
        for (uint64_t w = 0; w < nwords; w++) left |= dirty[w];
        if (!left) break;
    }
    free(dirty);
    /* Undecided at the fixed point: a draw (both bits clear). */
    uint64_t count[2][3] = {{0}};
    Tri *g = &SG[k][r];
    for (uint64_t i = 0; i < n; i++) {
        uint64_t s = unrank_sub(i, k, r), empty = ~s & ALL;
        uint64_t fw = get(&Fcur.win, i, s), fl = get(&Fcur.loss, i, s);
        uint64_t gw = get(&g->win, i, s), gl = get(&g->loss, i, s);
        uint64_t both = fw & fl;
        fw &= ~both & empty, fl &= ~both & empty;
        put(&Fcur.win, i, s, fw);
        put(&Fcur.loss, i, s, fl);
        uint64_t v[2][2] = {{fw, fl}, {gw, gl}};
        for (int side = 0; side < 2; side++) {
            count[side][0] += (uint64_t)__builtin_popcountll(v[side][0]);
            count[side][1] += (uint64_t)__builtin_popcountll(v[side][1]);
            count[side][2] += (uint64_t)__builtin_popcountll(empty & ~v[side][0] & ~v[side][1]);
        }
    }
    pr.seconds = now() - t0;
    pr.cpu_seconds = cpu_now() - c0;
    save_tri(g, "G", k, r, ".bin");
    save_tri(&Fcur, "F", k, r, ".bin");
    const char *parts[] = {"F", "G", "dirty", "progress"};
    for (int j = 0; j < 4; j++) {
        char part[4200];
        sub_path(part, sizeof part, parts[j], k, r, ".part");
        remove(part);
    }
    append_stats("layer %d rowsum %d start %d sets %llu passes %llu visits %llu fox_to_move_win_loss_draw "
                 "%llu %llu %llu geese_to_move_win_loss_draw %llu %llu %llu seconds %.1f cpu_seconds %.1f\n",
                 k, r, start, (unsigned long long)n, (unsigned long long)pr.pass,
                 (unsigned long long)pr.visits, (unsigned long long)count[0][0],
                 (unsigned long long)count[0][1], (unsigned long long)count[0][2],
                 (unsigned long long)count[1][0], (unsigned long long)count[1][1],
                 (unsigned long long)count[1][2], pr.seconds, pr.cpu_seconds);
}

static int cmd_solve_sideways(int maxk) {
    mkdir(dir, 0755);
    char marker[4200];
    snprintf(marker, sizeof marker, "%s/sideways", dir);
    write_file(marker, "win/loss/draw tables with sideways goose steps\n", 47);
    signal(SIGTERM, ask_stop);
    signal(SIGINT, ask_stop);
    for (int k = FOX_WINS_BELOW; k <= maxk; k++) {
        SG[k] = calloc(MAXR, sizeof(Tri));
        double t0 = now();
        for (int r = rhigh[k]; r >= rlow[k]; r--) {
            alloc_tri(&SG[k][r], k, r);
            alloc_tri(&Fcur, k, r);
            if (load_tri(&SG[k][r], "G", k, r, ".bin") && load_tri(&Fcur, "F", k, r, ".bin")) {
                /* solved in an earlier run */
            } else {
                solve_sublayer(k, r, maxk);
            }
            if (r < rhigh[k]) free_tri(&Fnext);
            Fnext = Fcur;
            /* Nothing reads G of the top layer but its own sub-layer: it is on disk. */
            if (k == maxk) free_tri(&SG[k][r]);
        }
        free_tri(&Fnext);
        fprintf(stderr, "layer %d: done (%.1f s in this run)\n", k, now() - t0);
    }
    if (maxk >= 13) {
        /* The 13-geese start: rows 1-3, the fox on d4, the fox to move. */
        uint64_t s = 0x1FFFULL;
        int r, d4 = at[3][3];
        uint64_t rank = rank_sub(s, &r);
        Tri f;
        alloc_tri(&f, 13, r);
        if (load_tri(&f, "F", 13, r, ".bin")) {
            uint64_t w = get(&f.win, rank, s) >> d4 & 1, l = get(&f.loss, rank, s) >> d4 & 1;
            printf("start 13: %s\n", w ? "fox wins" : l ? "geese win" : "draw");
        }
        free_tri(&f);
    }
    return 0;
}

/* Query lines as for the forward-only tables; answers fox|geese|draw, or ?. */
static int sideways_value(int fox, uint64_t s, int k, int fox_to_move, const char **out) {
    if (k < FOX_WINS_BELOW) {
        *out = "fox";
        return 1;
    }
    int r;
    uint64_t rank = rank_sub(s, &r), n = subn[NP][k][r], w = NP - k;
    char path[4200];
    sub_path(path, sizeof path, fox_to_move ? "F" : "G", k, r, ".bin");
    FILE *fp = fopen(path, "rb");
    if (!fp) return 0;
    uint64_t half = (n * w + 7) / 8 + 8, at = rank * w, v[2] = {0, 0};
    for (int i = 0; i < 2; i++) {
        if (fseeko(fp, (off_t)(i * half + (at >> 3)), SEEK_SET) != 0 || fread(&v[i], 1, 8, fp) < 1) {
            fclose(fp);
            return 0;
        }
        v[i] = pdep((v[i] >> (at & 7)) & ((1ULL << w) - 1), ~s & ALL) >> fox & 1;
    }
    fclose(fp);
    const char *mover = fox_to_move ? "fox" : "geese", *other = fox_to_move ? "geese" : "fox";
    *out = v[0] ? mover : v[1] ? other : "draw";
    return 1;
}

/* How many plies a win takes inside one sub-layer (docs/solver.md: the 100-ply rule).
 * The 100-ply count restarts at every capture and forward goose step, i.e. whenever play
 * leaves a sub-layer. From finished tables, round by round: in round n a won position is
 * marked when the winner has a move that leaves the sub-layer and keeps the win, or a move
 * to a lost position marked in round n - 1; a lost one when every move inside the
 * sub-layer goes to a position marked in round n - 1. A position marked in round n is won
 * (or lost) within n plies inside the sub-layer with the winner hurrying; the last round
 * that marks anything bounds every win of the sub-layer. */
static int plies_sublayer(int k, int r, uint64_t *unmarked) {
    uint64_t n = subn[NP][k][r];
    Tri *g = &SG[k][r];
    Tri marks; /* win: F marked by the last round, loss: F marked by this one */
    Masks gmark;
    alloc_tri(&marks, k, r);
    alloc_masks(&gmark, k);
    free(gmark.bits);
    gmark.n = n;
    gmark.bytes = marks.win.bytes;
    gmark.bits = calloc(gmark.bytes, 1);
    int round = 0;
    for (;;) {
        int changed = 0;
        round++;
        for (uint64_t i = 0; i < n; i++) {
            uint64_t s = unrank_sub(i, k, r), empty = ~s & ALL;
            uint64_t fw = get(&Fcur.win, i, s), fl = get(&Fcur.loss, i, s);
            uint64_t gw = get(&g->win, i, s), gl = get(&g->loss, i, s);
            uint64_t dg = get(&gmark, i, s), df = get(&marks.win, i, s), dfn = df;
            uint64_t todo = (fw | fl) & ~df;
            while (todo) {
                int x = __builtin_ctzll(todo);
                todo &= todo - 1;
                uint64_t steps = adj[x] & empty, bx = 1ULL << x;
                if (fw & bx) {
                    if ((steps & gl & dg) || (round == 1 && chain_value(x, s, k) == 2)) dfn |= bx;
                } else if (!(steps & ~(gw & dg))) {
                    dfn |= bx; /* the jump chains leave the sub-layer and all lose */
                }
            }
            put(&marks.loss, i, s, dfn);
            uint64_t dgn = dg, gtodo = (gw | gl) & ~dg;
            if (gtodo) {
                uint64_t fast_win = 0, fast_loss = ALL, geese = s;
                while (geese) {
                    int a = __builtin_ctzll(geese);
                    geese &= geese - 1;
                    for (int j = 0; j < ngstep[a] + nsstep[a]; j++) {
                        int sideways = j >= ngstep[a];
                        int b = sideways ? sstep[a][j - ngstep[a]] : gstep[a][j];
                        if (s >> b & 1) continue;
                        uint64_t s2 = s ^ (1ULL << a) ^ (1ULL << b), bb = 1ULL << b;
                        int r2;
                        uint64_t rank = rank_sub(s2, &r2);
                        if (!sideways) {
                            fast_win |= get(&Fnext.loss, rank, s2) & ~bb;
                            continue;
                        }
                        uint64_t d2 = get(&marks.win, rank, s2);
                        fast_win |= get(&Fcur.loss, rank, s2) & d2 & ~bb;
                        fast_loss &= (get(&Fcur.win, rank, s2) & d2) | bb;
                    }
                }
                dgn |= gtodo & ((gw & fast_win) | (gl & fast_loss));
                put(&gmark, i, s, dgn);
            }
            changed |= dfn != df || dgn != dg;
        }
        Masks t = marks.win;
        marks.win = marks.loss;
        marks.loss = t;
        if (!changed) break;
    }
    /* Every decided position must have been marked: the tables' wins are finite. */
    for (uint64_t i = 0; i < n; i++) {
        uint64_t s = unrank_sub(i, k, r);
        *unmarked += (uint64_t)__builtin_popcountll(
            ((get(&Fcur.win, i, s) | get(&Fcur.loss, i, s)) & ~get(&marks.win, i, s)) |
            ((get(&g->win, i, s) | get(&g->loss, i, s)) & ~get(&gmark, i, s)));
    }
    free_tri(&marks);
    free_masks(&gmark);
    return round - 1;
}

static int cmd_plies_sideways(int maxk) {
    int worst = 0;
    uint64_t unmarked = 0;
    for (int k = FOX_WINS_BELOW; k <= maxk; k++) {
        SG[k] = calloc(MAXR, sizeof(Tri));
        for (int r = rhigh[k]; r >= rlow[k]; r--) {
            alloc_tri(&SG[k][r], k, r);
            alloc_tri(&Fcur, k, r);
            if (!load_tri(&SG[k][r], "G", k, r, ".bin") || !load_tri(&Fcur, "F", k, r, ".bin")) {
                fprintf(stderr, "layer %d row sum %d is not solved in %s\n", k, r, dir);
                return 1;
            }
            int plies = plies_sublayer(k, r, &unmarked);
            if (plies > worst) worst = plies;
            printf("layer %d rowsum %d plies %d\n", k, r, plies);
            fflush(stdout);
            if (r < rhigh[k]) free_tri(&Fnext);
            Fnext = Fcur;
        }
        free_tri(&Fnext);
        printf("up to layer %d: at most %d plies inside a sub-layer; %llu decided positions unmarked\n",
               k, worst, (unsigned long long)unmarked);
    }
    return unmarked ? 1 : 0;
}

/* How big each layer is, what a small solved run measured, and what follows for the rest. */
static int cmd_estimate_sideways(const char *measured) {
    double cpu_per_visit = 0, visits_per_set[NP + 1] = {0}, cpu_visit[NP + 1] = {0};
    if (measured) {
        char path[4200], line[1024];
        snprintf(path, sizeof path, "%s/stats.txt", measured);
        FILE *fp = fopen(path, "r");
        if (!fp) {
            perror(path);
            return 1;
        }
        double cpu = 0, visits = 0, sets[NP + 1] = {0}, vis[NP + 1] = {0}, cpus[NP + 1] = {0};
        while (fgets(line, sizeof line, fp)) {
            int k, r, st;
            unsigned long long n, passes, v;
            double sec, c;
            char *p = strstr(line, "seconds");
            if (sscanf(line, "layer %d rowsum %d start %d sets %llu passes %llu visits %llu", &k, &r, &st,
                       &n, &passes, &v) != 6 || !p || sscanf(strstr(line, " seconds"), " seconds %lf cpu_seconds %lf", &sec, &c) != 2)
                continue;
            cpu += c, visits += (double)v, sets[k] += (double)n, vis[k] += (double)v, cpus[k] += c;
        }
        fclose(fp);
        for (int k = 0; k <= NP; k++) {
            visits_per_set[k] = sets[k] ? vis[k] / sets[k] : 0;
            cpu_visit[k] = vis[k] ? cpus[k] / vis[k] : 0;
            if (sets[k])
                printf("measured in %s, layer %d: %.0f of %llu sets, %.3g CPU s per set visit\n",
                       measured, k, sets[k], (unsigned long long)binom[NP][k], cpu_visit[k]);
        }
    }
    /* Beyond what was measured: the top measured layer's visits per set (they fall as the
     * layers grow), and its CPU time per visit grown layer by layer as it grew from the
     * layer below (the tables' cache misses; saturation would make this pessimistic). */
    double ratio = 0, growth = 1;
    for (int k = 1; k <= NP; k++)
        if (visits_per_set[k] && cpu_visit[k]) {
            ratio = visits_per_set[k];
            growth = cpu_visit[k - 1] ? cpu_visit[k] / cpu_visit[k - 1] : 1;
            cpu_per_visit = cpu_visit[k];
        }
    printf("layer sets positions_both_sides sub_layers largest_sub_layer_sets G_bytes F_pair_peak_bytes "
           "visits_per_set cpu_hours_projected\n");
    double g_total = 0, cpu_total = 0;
    for (int k = FOX_WINS_BELOW; k <= 17; k++) {
        uint64_t big = 0, fpeak = 0, g = 0;
        for (int r = rlow[k]; r <= rhigh[k]; r++) {
            if (subn[NP][k][r] > big) big = subn[NP][k][r];
            uint64_t pair = tri_bytes(k, r) + (r < rhigh[k] ? tri_bytes(k, r + 1) : 0);
            if (pair > fpeak) fpeak = pair;
            g += tri_bytes(k, r);
        }
        double v = visits_per_set[k] ? visits_per_set[k] : ratio;
        if (!cpu_visit[k]) cpu_per_visit *= growth;
        double c = cpu_visit[k] ? cpu_visit[k] : cpu_per_visit;
        double hours = c * v * (double)binom[NP][k] / 3600;
        double below = g_total;
        g_total += (double)g, cpu_total += hours;
        printf("%d %llu %llu %d %llu %llu %llu %.2f %.2f\n", k, (unsigned long long)binom[NP][k],
               (unsigned long long)(binom[NP][k] * (NP - k) * 2), rhigh[k] - rlow[k] + 1,
               (unsigned long long)big, (unsigned long long)g, (unsigned long long)fpeak, v, hours);
        printf("  up to %d: peak memory %.2f GiB (G of the layers below, F and G of two sub-layers), "
               "disk %.2f GiB, %.1f CPU hours\n",
               k, (below + 2.0 * (double)fpeak) / (1 << 30), 2 * g_total / (1 << 30), cpu_total);
    }
    return 0;
}

/* Asalto, by counting only (docs/solver.md): 9 to 24 rebels, one or two officers on the other
 * points, both sides to move, two bits per position as in the sideways tables. The officers'
 * pairs do not fit one mask per rebel set, so no layout is fixed; the figures are the bits
 * alone. Time: the CPU seconds per position of the top finished layer of a sideways run
 * (DIR/stats.txt), the same kind of retrograde. */
static int cmd_estimate_asalto(const char *measured) {
    double cpu_per_position = 0;
    if (measured) {
        char path[4200], line[1024];
        snprintf(path, sizeof path, "%s/stats.txt", measured);
        FILE *fp = fopen(path, "r");
        if (!fp) {
            perror(path);
            return 1;
        }
        double cpu[NP + 1] = {0}, sets[NP + 1] = {0};
        while (fgets(line, sizeof line, fp)) {
            int k, r, st;
            unsigned long long n;
            double sec, c;
            char *p = strstr(line, " seconds");
            if (sscanf(line, "layer %d rowsum %d start %d sets %llu", &k, &r, &st, &n) == 4 && p &&
                sscanf(p, " seconds %lf cpu_seconds %lf", &sec, &c) == 2)
                cpu[k] += c, sets[k] += (double)n;
        }
        fclose(fp);
        for (int k = 0; k <= NP; k++)
            if (sets[k] && binom[NP][k] == (uint64_t)sets[k])
                cpu_per_position = cpu[k] / (sets[k] * (NP - k) * 2);
        printf("measured in %s: %.3g CPU s per position (its top finished layer)\n", measured,
               cpu_per_position);
    }
    printf("rebels sets positions_both_sides table_bytes_both_sides disk_bytes_so_far "
           "memory_bytes cpu_hours\n");
    double disk = 0, below = 0, total = 0, cpu = 0, peak = 0;
    for (int k = 9; k <= 24; k++) {
        uint64_t free_points = (uint64_t)(NP - k);
        double positions = 2.0 * (double)binom[NP][k] * (double)(free_points * (free_points - 1) / 2 + free_points);
        double bytes = positions / 4;
        /* Captures read the rebels-to-move table of every layer below; this layer whole. */
        double memory = below + bytes;
        if (memory > peak) peak = memory;
        disk += bytes, below += bytes / 2, total += positions, cpu += positions * cpu_per_position / 3600;
        printf("%d %llu %.0f %.0f %.0f %.0f %.1f\n", k, (unsigned long long)binom[NP][k], positions, bytes,
               disk, memory, positions * cpu_per_position / 3600);
    }
    printf("total: %.0f positions, %.0f GiB of tables, %.0f GiB of memory to solve the top "
           "layer, %.0f CPU hours\n",
           total, disk / (1 << 30), peak / (1 << 30), cpu);
    return 0;
}

int main(int argc, char **argv) {
    setup();
    setup_sideways();
    if (argc >= 3 && !strcmp(argv[1], "estimate") && !strcmp(argv[2], "--asalto"))
        return cmd_estimate_asalto(argc >= 4 ? argv[3] : NULL);
    if (argc >= 3 && !strcmp(argv[1], "estimate") && !strcmp(argv[2], "--sideways"))
        return cmd_estimate_sideways(argc >= 4 ? argv[3] : NULL);
    if (argc >= 2 && !strcmp(argv[1], "estimate"))
        return cmd_estimate(argc >= 3 ? strtoull(argv[2], NULL, 10) : 200000);
    if (argc >= 3) snprintf(dir, sizeof dir, "%s", argv[2]);
    if (argc == 3 && !strcmp(argv[1], "query")) return cmd_query();
    if (argc >= 4 && !strcmp(argv[1], "solve")) {
        int maxk = atoi(argv[3]);
        if (maxk < FOX_WINS_BELOW || maxk > 17) {
            fprintf(stderr, "MAXK must be 4..17\n");
            return 2;
        }
        if (argc >= 5 && !strcmp(argv[4], "--sideways")) return cmd_solve_sideways(maxk);
        if (argc >= 5 && !strcmp(argv[4], "--plies")) return cmd_plies_sideways(maxk);
        int start = (argc >= 6 && !strcmp(argv[4], "--start")) ? atoi(argv[5]) : 0;
        if (start && start != 13 && start != 15 && start != 17) {
            fprintf(stderr, "--start must be 13, 15 or 17\n");
            return 2;
        }
        return cmd_solve(maxk, start);
    }
    fprintf(stderr, "usage: solver solve DIR MAXK [--start 13|15|17 | --sideways] | query DIR | "
                    "estimate [N] | estimate --sideways [SOLVED_DIR]\n");
    return 2;
}
