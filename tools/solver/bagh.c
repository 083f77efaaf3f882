/* Retrograde solver for Bagh-Chal's movement phase: win / loss / draw (docs/solver.md).
 *
 * A position of the movement phase is the tigers' four points, the goats on the board (all
 * twenty placed, 20 - c of them left after c captures) and the side to move. Goats step
 * along any line, so positions repeat and a position may be a draw: one from which neither
 * side can force a win. The value is that of the game without the draw rules, as in the
 * sideways solver of solver.c (docs/solver.md says how it relates to the rules).
 *
 * Captures only lower the goat count, so the layers (goats on the board) are solved from
 * the fewest goats up: a capture from layer g reads the goats-to-move values of layer g - 1,
 * solved before, or wins at once below the lowest layer (fewer than 16 goats). Inside a
 * layer the moves are steps, each undone by the reverse step (every line goes both ways), so
 * the classic retrograde analysis with move counters applies: a position is decided when a
 * move reaches a position the side to move wins (a win) or when every move has been found
 * to lose (a loss); what is never decided is a draw. Decided positions are walked round by
 * round, so the round in which a position is decided is the number of plies its winner
 * needs inside the layer (the loser delaying), and the last round bounds them all.
 *
 * Index of a position in layer g: the colex rank of the tiger set among the C(25, 4) sets,
 * times C(21, 21 - g), plus the colex rank of the empty points among the 21 points free of
 * tigers (pext). In memory a byte per position and side: 255 a win for the side to move, 254
 * a loss, below that the moves not yet known to lose (a capture into a draw counts as one
 * that never will). On disk two bits per position, DIR/T<g>.bin (tigers to move) and
 * DIR/G<g>.bin (goats to move): 0 draw, 1 the side to move wins, 2 it loses. A rerun loads
 * the finished layers; a layer takes minutes, so there are no checkpoints inside one.
 *
 * Usage:
 *   bagh solve DIR [LOW]   solve layers LOW..20 (default 16: five captures win); with a
 *                          higher LOW fewer captures win, the small instances of the tests
 *   bagh estimate [DIR]    positions per layer, up to symmetry too, memory, disk; CPU time
 *                          projected from DIR/stats.txt
 *   bagh query DIR         stdin lines "t t t t g g ... side" (points 0-24, row by row from
 *                          a1, side tigers|goats): prints tigers|goats|draw, or ?
 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define NP 25
#define ALL ((1U << NP) - 1)
#define TIGERS 4
#define GOATS 20
#define FREE (NP - TIGERS)
#define NT 12650 /* C(25, 4) */
#define WIN 255
#define LOSS 254

#ifdef __BMI2__
#define pext _pext_u32
#define pdep _pdep_u32
#else
static inline uint32_t pext(uint32_t v, uint32_t mask) {
    uint32_t out = 0;
    for (uint32_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
        if (v & mask & -mask) out |= bit;
    return out;
}

static inline uint32_t pdep(uint32_t v, uint32_t mask) {
    uint32_t out = 0;
    for (uint32_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
        if (v & bit) out |= mask & -mask;
    return out;
}
#endif

static uint32_t adj[NP];                /* steps, for both sides (lines go both ways) */
static int jover[NP][8], jland[NP][8], njump[NP];
static uint64_t binom[NP + 1][NP + 1];
static uint32_t tset[NT];               /* tiger sets by colex rank */
static int low = 16;                    /* the fewest goats on the board; fewer: tigers win */

/* Diagonal lines pass only through points whose column + row is even (docs/rules.md). */
static int linked(int c, int r, int dc, int dr) {
    int c2 = c + dc, r2 = r + dr;
    if (c < 0 || c > 4 || r < 0 || r > 4 || c2 < 0 || c2 > 4 || r2 < 0 || r2 > 4) return 0;
    return dc == 0 || dr == 0 || (c + r) % 2 == 0;
}

static void setup(void) {
    static const int dirs[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
    for (int p = 0; p < NP; p++) {
        int c = p % 5, r = p / 5;
        for (int d = 0; d < 8; d++) {
            int dc = dirs[d][0], dr = dirs[d][1];
            if (!linked(c, r, dc, dr)) continue;
            adj[p] |= 1U << (p + dc + 5 * dr);
            if (linked(c + dc, r + dr, dc, dr)) {
                jover[p][njump[p]] = p + dc + 5 * dr;
                jland[p][njump[p]++] = p + 2 * dc + 10 * dr;
            }
        }
    }
    for (int i = 0; i <= NP; i++) {
        binom[i][0] = 1;
        for (int j = 1; j <= i; j++) binom[i][j] = binom[i - 1][j - 1] + (j <= i - 1 ? binom[i - 1][j] : 0);
    }
    int n = 0;
    for (uint32_t s = 0xF; s < (1U << NP); n++) {
        tset[n] = s;
        uint32_t c = s & -s, r = s + c; /* Gosper's hack: the next set in colex order */
        s = (((r ^ s) >> 2) / c) | r;
    }
}

static inline uint64_t rank_of(uint32_t s) {
    uint64_t r = 0;
    for (int i = 1; s; s &= s - 1) r += binom[__builtin_ctz(s)][i++];
    return r;
}

static inline uint32_t unrank(uint64_t i, int k) {
    uint32_t s = 0;
    for (int j = k; j >= 1; j--) {
        int c = j - 1;
        while (binom[c + 1][j] <= i) c++;
        s |= 1U << c;
        i -= binom[c][j];
    }
    return s;
}

/* Positions of layer g per side, and the empty sets per tiger set. */
static uint64_t per_tiger(int g) { return binom[FREE][FREE - g]; }
static uint64_t layer_size(int g) { return NT * per_tiger(g); }

static inline uint64_t index_of(uint32_t tigers, uint32_t goats, int g) {
    uint32_t empty = ALL & ~tigers & ~goats;
    return rank_of(tigers) * per_tiger(g) + rank_of(pext(empty, ALL & ~tigers));
}

static inline void position_of(uint64_t i, int g, uint32_t *tigers, uint32_t *goats) {
    uint64_t n = per_tiger(g);
    *tigers = tset[i / n];
    uint32_t empty = pdep(unrank(i % n, FREE - g), ALL & ~*tigers);
    *goats = ALL & ~*tigers & ~empty;
}

static char dir[4096];

static double clock_of(clockid_t id) {
    struct timespec t;
    clock_gettime(id, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Two bits per position: 0 draw, 1 the side to move wins, 2 it loses. */
static uint64_t packed_bytes(int g) { return (layer_size(g) + 3) / 4; }

static inline int packed_value(const uint8_t *p, uint64_t i) { return p[i >> 2] >> (2 * (i & 3)) & 3; }

static void pack(const uint8_t *v, uint64_t n, uint8_t *out) {
    memset(out, 0, (n + 3) / 4);
    for (uint64_t i = 0; i < n; i++) {
        int x = v[i] == WIN ? 1 : v[i] == LOSS ? 2 : 0;
        out[i >> 2] |= (uint8_t)(x << (2 * (i & 3)));
    }
}

static void layer_path(char *out, size_t size, char side, int g) {
    snprintf(out, size, "%s/%c%d.bin", dir, side, g);
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

static int read_file(const char *path, void *data, size_t size) {
    FILE *fp = fopen(path, "rb");
    if (!fp) return 0;
    int ok = fread(data, 1, size, fp) == size;
    fclose(fp);
    return ok;
}

static void *alloc(size_t size) {
    void *p = calloc(size, 1);
    if (!p) {
        fprintf(stderr, "out of memory (%zu bytes)\n", size);
        exit(1);
    }
    return p;
}

static uint8_t *below;   /* goats-to-move values of layer g - 1, packed; NULL below the lowest */
static uint8_t *val[2];  /* [0] tigers to move, [1] goats to move: the layer being solved */
static uint64_t *front[2], *next[2];

static inline void mark(uint64_t **bits, int side, uint64_t i) { bits[side][i >> 6] |= 1ULL << (i & 63); }

/* The first look at a position: its moves counted, captures and trapped sides decided. */
static void init_position(uint64_t i, int g) {
    uint32_t tigers, goats;
    position_of(i, g, &tigers, &goats);
    uint32_t empty = ALL & ~tigers & ~goats;
    int count = 0, won = 0, exit_draw = 0;
    for (uint32_t t = tigers; t; t &= t - 1) {
        int a = __builtin_ctz(t);
        count += __builtin_popcount(adj[a] & empty);
        for (int j = 0; j < njump[a] && !won; j++) {
            int over = jover[a][j], land = jland[a][j];
            if (!(goats >> over & 1) || !(empty >> land & 1)) continue;
            if (g - 1 < low) {
                won = 1;
                break;
            }
            uint32_t t2 = tigers ^ (1U << a) ^ (1U << land), g2 = goats ^ (1U << over);
            int v = packed_value(below, index_of(t2, g2, g - 1));
            if (v == 2) won = 1;     /* the goats, to move, lose */
            else if (v == 0) exit_draw = 1;
        }
    }
    if (won) val[0][i] = WIN;
    else if (count + exit_draw == 0) val[0][i] = LOSS; /* trapped, or every capture loses */
    else val[0][i] = (uint8_t)(count + exit_draw);
    if (val[0][i] >= LOSS) mark(front, 0, i);
    int gcount = 0;
    for (uint32_t s = goats; s; s &= s - 1) gcount += __builtin_popcount(adj[__builtin_ctz(s)] & empty);
    val[1][i] = gcount ? (uint8_t)gcount : LOSS; /* goats that cannot move lose */
    if (!gcount) mark(front, 1, i);
}

/* A decided position of `side` tells the positions one step before it, the other side to move. */
static void propagate(uint64_t i, int side, int g) {
    uint32_t tigers, goats;
    position_of(i, g, &tigers, &goats);
    uint32_t empty = ALL & ~tigers & ~goats;
    int lost = val[side][i] == LOSS, before = !side;
    /* Tigers to move now: the goats just stepped; goats to move now: a tiger just stepped. */
    uint32_t movers = side == 0 ? goats : tigers;
    for (uint32_t m = movers; m; m &= m - 1) {
        int b = __builtin_ctz(m);
        for (uint32_t from = adj[b] & empty; from; from &= from - 1) {
            uint32_t back = (1U << b) | (from & -from);
            uint64_t j = side == 0 ? index_of(tigers, goats ^ back, g) : index_of(tigers ^ back, goats, g);
            uint8_t *v = &val[before][j];
            if (*v >= LOSS) continue;
            if (lost) {
                *v = WIN;
            } else if (--*v == 0) {
                *v = LOSS;
            } else {
                continue;
            }
            mark(next, before, j);
        }
    }
}

static int solve_layer(int g) {
    uint64_t n = layer_size(g), words = n / 64 + 1;
    double t0 = clock_of(CLOCK_MONOTONIC), c0 = clock_of(CLOCK_PROCESS_CPUTIME_ID);
    for (int s = 0; s < 2; s++) {
        val[s] = alloc(n);
        front[s] = alloc(words * 8);
        next[s] = alloc(words * 8);
    }
    for (uint64_t i = 0; i < n; i++) init_position(i, g);
    int rounds = 0;
    for (;;) {
        uint64_t any = 0;
        for (int s = 0; s < 2; s++)
            for (uint64_t w = 0; w < words; w++) any |= front[s][w];
        if (!any) break;
        rounds++;
        for (int s = 0; s < 2; s++)
            for (uint64_t w = 0; w < words; w++)
                for (uint64_t bits = front[s][w]; bits; bits &= bits - 1)
                    propagate(w * 64 + (uint64_t)__builtin_ctzll(bits), s, g);
        for (int s = 0; s < 2; s++) {
            uint64_t *t = front[s];
            front[s] = next[s];
            next[s] = t;
            memset(next[s], 0, words * 8);
        }
    }
    uint64_t count[2][3] = {{0}};
    for (int s = 0; s < 2; s++)
        for (uint64_t i = 0; i < n; i++) count[s][val[s][i] == WIN ? 0 : val[s][i] == LOSS ? 1 : 2]++;
    char path[4200];
    uint8_t *packed = alloc(packed_bytes(g));
    for (int s = 0; s < 2; s++) {
        pack(val[s], n, packed);
        layer_path(path, sizeof path, s ? 'G' : 'T', g);
        write_file(path, packed, packed_bytes(g));
        free(val[s]);
        free(front[s]);
        free(next[s]);
    }
    free(packed);
    snprintf(path, sizeof path, "%s/stats.txt", dir);
    FILE *fp = fopen(path, "a");
    if (!fp) fp = stderr;
    fprintf(fp,
            "goats %d low %d positions_per_side %llu tigers_to_move_win_loss_draw %llu %llu %llu "
            "goats_to_move_win_loss_draw %llu %llu %llu rounds %d seconds %.1f cpu_seconds %.1f\n",
            g, low, (unsigned long long)n, (unsigned long long)count[0][0],
            (unsigned long long)count[0][1], (unsigned long long)count[0][2],
            (unsigned long long)count[1][0], (unsigned long long)count[1][1],
            (unsigned long long)count[1][2], rounds, clock_of(CLOCK_MONOTONIC) - t0,
            clock_of(CLOCK_PROCESS_CPUTIME_ID) - c0);
    if (fp != stderr) fclose(fp);
    return rounds;
}

static int cmd_solve(void) {
    mkdir(dir, 0755);
    for (int g = low; g <= GOATS; g++) {
        char t[4200], gp[4200];
        layer_path(t, sizeof t, 'T', g);
        layer_path(gp, sizeof gp, 'G', g);
        struct stat st;
        if (stat(t, &st) == 0 && stat(gp, &st) == 0) {
            fprintf(stderr, "layer %d: solved before\n", g);
        } else {
            int rounds = solve_layer(g);
            fprintf(stderr, "layer %d: solved, %d rounds\n", g, rounds);
        }
        /* Captures from the next layer read this one's goats-to-move values. */
        free(below);
        below = alloc(packed_bytes(g));
        if (!read_file(gp, below, packed_bytes(g))) {
            fprintf(stderr, "cannot read %s\n", gp);
            return 1;
        }
    }
    return 0;
}

static int lookup(uint32_t tigers, uint32_t goats, int goats_to_move, const char **out) {
    int g = __builtin_popcount(goats);
    if (__builtin_popcount(tigers) != TIGERS || (tigers & goats) || g > GOATS) return 0;
    if (g < low) {
        *out = "tigers";
        return 1;
    }
    char path[4200];
    layer_path(path, sizeof path, goats_to_move ? 'G' : 'T', g);
    FILE *fp = fopen(path, "rb");
    if (!fp) return 0;
    uint64_t i = index_of(tigers, goats, g);
    int byte = fseeko(fp, (off_t)(i >> 2), SEEK_SET) == 0 ? fgetc(fp) : EOF;
    fclose(fp);
    if (byte == EOF) return 0;
    int v = byte >> (2 * (i & 3)) & 3;
    const char *mover = goats_to_move ? "goats" : "tigers", *other = goats_to_move ? "tigers" : "goats";
    *out = v == 1 ? mover : v == 2 ? other : "draw";
    return 1;
}

static int cmd_query(void) {
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        uint32_t tigers = 0, goats = 0;
        int n = 0, side = -1;
        for (char *tok = strtok(line, " \n"); tok; tok = strtok(NULL, " \n")) {
            if (tok[0] == 't' || tok[0] == 'g') {
                side = tok[0] == 'g';
                break;
            }
            (n++ < TIGERS ? &tigers : &goats)[0] |= 1U << atoi(tok);
        }
        const char *value;
        printf("%s\n", side >= 0 && lookup(tigers, goats, side, &value) ? value : "?");
        fflush(stdout);
    }
    return 0;
}

/* ---- the estimate: sizes, and the count up to the board's 8 symmetries ---------------- */

static int sym[8][NP];

static void setup_symmetries(void) {
    for (int p = 0; p < NP; p++) {
        int c = p % 5, r = p / 5;
        int img[8][2] = {{c, r}, {4 - r, c}, {4 - c, 4 - r}, {r, 4 - c},
                         {4 - c, r}, {c, 4 - r}, {r, c}, {4 - r, 4 - c}};
        for (int s = 0; s < 8; s++) sym[s][p] = img[s][0] + 5 * img[s][1];
    }
}

static uint32_t image(int s, uint32_t set) {
    uint32_t out = 0;
    for (; set; set &= set - 1) out |= 1U << sym[s][__builtin_ctz(set)];
    return out;
}

/* Sets of size k made of whole cycles of symmetry s among `points` (s maps them onto
 * themselves): the sets s leaves in place. */
static uint64_t fixed_subsets(int s, uint32_t points, int k) {
    uint64_t ways[NP + 1] = {1};
    while (points) {
        int p = __builtin_ctz(points), len = 0;
        for (int q = p; points >> q & 1; q = sym[s][q]) points &= ~(1U << q), len++;
        for (int j = k; j >= len; j--) ways[j] += ways[j - len];
    }
    return ways[k];
}

/* Positions of layer g per side that no two of which are symmetric (Burnside's lemma:
 * the average number of positions each symmetry leaves in place). */
static uint64_t orbits(int g) {
    uint64_t total = 0;
    for (int s = 0; s < 8; s++)
        for (int t = 0; t < NT; t++)
            if (image(s, tset[t]) == tset[t]) total += fixed_subsets(s, ALL & ~tset[t], g);
    return total / 8;
}

static int cmd_estimate(const char *measured) {
    setup_symmetries();
    double ns_per_position = 0;
    if (measured) {
        char path[4200], line[1024];
        snprintf(path, sizeof path, "%s/stats.txt", measured);
        FILE *fp = fopen(path, "r");
        if (!fp) {
            perror(path);
            return 1;
        }
        uint64_t best = 0;
        while (fgets(line, sizeof line, fp)) {
            int g, lo;
            unsigned long long n;
            char *c = strstr(line, "cpu_seconds");
            double cpu;
            if (sscanf(line, "goats %d low %d positions_per_side %llu", &g, &lo, &n) == 3 && c &&
                sscanf(c, "cpu_seconds %lf", &cpu) == 1 && n > best) {
                best = n;
                ns_per_position = cpu * 1e9 / (2.0 * (double)n);
            }
        }
        fclose(fp);
        printf("measured in %s: %.0f CPU ns per position (its largest layer)\n", measured, ns_per_position);
    }
    printf("goats captured positions_both_sides up_to_symmetry_both_sides memory_bytes disk_bytes cpu_s\n");
    uint64_t all = 0, sym_all = 0, disk = 0, peak = 0;
    for (int g = GOATS; g >= 16; g--) {
        uint64_t n = layer_size(g), o = orbits(g);
        /* A byte per position and side, two frontier bitmaps per side, and the packed
         * goats-to-move values of the layer below. */
        uint64_t mem = 2 * n + 4 * (n / 8) + (g > 16 ? packed_bytes(g - 1) : 0);
        all += 2 * n, sym_all += 2 * o, disk += 2 * packed_bytes(g);
        if (mem > peak) peak = mem;
        printf("%d %d %llu %llu %llu %llu %.0f\n", g, GOATS - g, (unsigned long long)(2 * n),
               (unsigned long long)(2 * o), (unsigned long long)mem,
               (unsigned long long)(2 * packed_bytes(g)), ns_per_position * 2.0 * (double)n * 1e-9);
    }
    printf("total: %llu positions, %llu up to symmetry; peak memory %.2f GiB, disk %.2f GiB, "
           "%.0f CPU s\n",
           (unsigned long long)all, (unsigned long long)sym_all, (double)peak / (1 << 30),
           (double)disk / (1 << 30), ns_per_position * (double)all * 1e-9);
    return 0;
}

int main(int argc, char **argv) {
    setup();
    if (argc >= 2 && !strcmp(argv[1], "estimate")) return cmd_estimate(argc >= 3 ? argv[2] : NULL);
    if (argc >= 3) snprintf(dir, sizeof dir, "%s", argv[2]);
    if (argc >= 3 && argc <= 4 && !strcmp(argv[1], "solve")) {
        if (argc == 4) low = atoi(argv[3]);
        if (low < 16 || low > GOATS) {
            fprintf(stderr, "LOW must be 16..20\n");
            return 2;
        }
        return cmd_solve();
    }
    if (argc == 3 && !strcmp(argv[1], "query")) {
        /* The lowest layer solved: the first with both tables on disk. */
        struct stat st;
        char path[4200];
        for (low = 16; low < GOATS; low++) {
            layer_path(path, sizeof path, 'G', low);
            if (stat(path, &st) == 0) break;
        }
        return cmd_query();
    }
    fprintf(stderr, "usage: bagh solve DIR [LOW] | query DIR | estimate [SOLVED_DIR]\n");
    return 2;
}
