// A compiled Onitama opponent for local tournaments: the kind of engine issue 22 measured
// our bundle against. Negamax alpha-beta with iterative deepening, principal variation
// search, a transposition table kept between turns, killer and history ordering, late
// move reductions and a quiescence search over captures; a handcrafted evaluation
// (material, piece-square terms, the master's distance to the enemy shrine, mobility).
// It speaks the arena's protocol (docs/PROTOCOLS.md, "Onitama") and thinks for
// --think MS a turn (default 28 of the 50 ms), --first MS on its first turn.
//
//   make sparring        builds sparring/bin/onitama
//   sparring/bin/onitama --perft DEPTH C0 C1 C2 C3 C4   prints perft 1..DEPTH (tests)
//
// Squares are row * 5 + col, A1 = 0, E5 = 24; player 0 starts on row 1 and moves up.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace {

const int CARD_COUNT = 16;
// (dx, dy) for player 0, +dy towards player 1; {0, 0} pads the three-vector cards.
const int CARD_VECTORS[CARD_COUNT][4][2] = {
    {{-1, 1}, {-1, -1}, {1, 0}, {0, 0}},    // 0 Eel
    {{-1, -1}, {0, 1}, {1, -1}, {0, 0}},    // 1 Crane
    {{-2, 0}, {-1, 1}, {1, -1}, {0, 0}},    // 2 Frog
    {{-1, 0}, {0, 1}, {0, -1}, {0, 0}},     // 3 Horse
    {{-1, 0}, {0, 1}, {1, 0}, {0, 0}},      // 4 Boar
    {{-1, -1}, {-1, 0}, {1, 0}, {1, 1}},    // 5 Rooster
    {{-2, 0}, {0, 1}, {2, 0}, {0, 0}},      // 6 Crab
    {{0, 1}, {0, -1}, {1, 0}, {0, 0}},      // 7 Ox
    {{-1, 0}, {1, 1}, {1, -1}, {0, 0}},     // 8 Cobra
    {{-1, -1}, {1, 1}, {2, 0}, {0, 0}},     // 9 Rabbit
    {{-2, 1}, {-1, -1}, {1, -1}, {2, 1}},   // 10 Dragon
    {{-1, 1}, {-1, -1}, {1, 1}, {1, -1}},   // 11 Monkey
    {{-1, 1}, {-1, 0}, {1, 0}, {1, -1}},    // 12 Goose
    {{-1, 1}, {-1, 0}, {1, 1}, {1, 0}},     // 13 Elephant
    {{-1, 1}, {0, -1}, {1, 1}, {0, 0}},     // 14 Mantis
    {{0, -1}, {0, 2}, {0, 0}, {0, 0}},      // 15 Tiger
};
const int GOAL[2] = {22, 2};  // the square each player's master wins on (C5, C1)
const int PASS = 31;
const int MAX_TURNS = 200;
const int WIN = 100000;
const int INF = 1000000;
const int MAX_PLY = 128;

uint32_t TARGETS[2][CARD_COUNT][25];

void build_targets() {
    for (int p = 0; p < 2; ++p)
        for (int c = 0; c < CARD_COUNT; ++c)
            for (int sq = 0; sq < 25; ++sq) {
                uint32_t mask = 0;
                for (auto &v : CARD_VECTORS[c]) {
                    if (v[0] == 0 && v[1] == 0) continue;
                    int dx = p == 0 ? v[0] : -v[0], dy = p == 0 ? v[1] : -v[1];
                    int x = sq % 5 + dx, y = sq / 5 + dy;
                    if (x >= 0 && x < 5 && y >= 0 && y < 5) mask |= 1u << (y * 5 + x);
                }
                TARGETS[p][c][sq] = mask;
            }
}

struct Pos {
    uint32_t pieces[2];  // all of a side's pieces, master included
    int master[2];       // the master's square, -1 once taken
    int hand[2][2];
    int centre;
    int side;            // to move
    int turn;            // plies played
};

typedef int Move;  // card << 10 | from << 5 | to; a pass has from = to = PASS
inline Move make_move(int card, int from, int to) { return card << 10 | from << 5 | to; }
inline int move_card(Move m) { return m >> 10; }
inline int move_from(Move m) { return (m >> 5) & 31; }
inline int move_to(Move m) { return m & 31; }

bool over(const Pos &p) {
    return p.master[0] < 0 || p.master[1] < 0 || p.master[0] == GOAL[0] || p.master[1] == GOAL[1];
}

int generate(const Pos &p, Move *moves) {
    if (over(p)) return 0;
    int n = 0, s = p.side;
    uint32_t own = p.pieces[s];
    for (uint32_t rest = own; rest; rest &= rest - 1) {
        int from = __builtin_ctz(rest);
        for (int k = 0; k < 2; ++k) {
            int card = p.hand[s][k];
            for (uint32_t t = TARGETS[s][card][from] & ~own; t; t &= t - 1)
                moves[n++] = make_move(card, from, __builtin_ctz(t));
        }
    }
    if (n == 0) {
        moves[n++] = make_move(p.hand[s][0], PASS, PASS);
        moves[n++] = make_move(p.hand[s][1], PASS, PASS);
    }
    return n;
}

Pos play(const Pos &p, Move m) {
    Pos q = p;
    int s = p.side, o = 1 - s, card = move_card(m), from = move_from(m), to = move_to(m);
    if (from != PASS) {
        q.pieces[s] ^= 1u << from | 1u << to;
        if (q.pieces[o] >> to & 1) {
            q.pieces[o] &= ~(1u << to);
            if (q.master[o] == to) q.master[o] = -1;
        }
        if (q.master[s] == from) q.master[s] = to;
    }
    q.hand[s][q.hand[s][0] == card ? 0 : 1] = p.centre;
    q.centre = card;
    q.side = o;
    q.turn = p.turn + 1;
    return q;
}

// Whether the move ends the game for its mover: the enemy master taken, or the own
// master onto the enemy shrine.
inline bool wins(const Pos &p, Move m) {
    int to = move_to(m);
    return to != PASS && (to == p.master[1 - p.side] || (move_from(m) == p.master[p.side] && to == GOAL[p.side]));
}

uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

uint64_t key(const Pos &p) {
    uint64_t board = uint64_t(p.pieces[0]) | uint64_t(p.pieces[1]) << 25 | uint64_t(p.master[0] + 1) << 50 |
                     uint64_t(p.master[1] + 1) << 56;
    uint64_t cards = (1u << p.hand[0][0] | 1u << p.hand[0][1]) | uint64_t(1u << p.hand[1][0] | 1u << p.hand[1][1]) << 16 |
                     uint64_t(p.side) << 32;
    return mix(board) ^ mix(cards * 0x2545f4914f6cdd1dull + 1);
}

// -- evaluation, for the side to move, in centipawn-like units --------------------------
const int STUDENT = 100;
const int FILE_BONUS[5] = {0, 4, 8, 4, 0};
const int ROW_BONUS[5] = {0, 4, 8, 6, 2};  // rows from the own home row

int distance(int a, int b) {
    int dx = std::abs(a % 5 - b % 5), dy = std::abs(a / 5 - b / 5);
    return dx > dy ? dx : dy;
}

int side_score(const Pos &p, int s) {
    int score = 0;
    uint32_t students = p.pieces[s] & ~(p.master[s] >= 0 ? 1u << p.master[s] : 0u);
    for (uint32_t rest = students; rest; rest &= rest - 1) {
        int sq = __builtin_ctz(rest), row = s == 0 ? sq / 5 : 4 - sq / 5;
        score += STUDENT + FILE_BONUS[sq % 5] + ROW_BONUS[row];
    }
    if (p.master[s] >= 0) score -= 6 * distance(p.master[s], GOAL[s]);
    int mobility = 0;
    for (uint32_t rest = p.pieces[s]; rest; rest &= rest - 1) {
        int sq = __builtin_ctz(rest);
        mobility += __builtin_popcount(TARGETS[s][p.hand[s][0]][sq] & ~p.pieces[s]) +
                    __builtin_popcount(TARGETS[s][p.hand[s][1]][sq] & ~p.pieces[s]);
    }
    return score + 2 * mobility;
}

int evaluate(const Pos &p) { return side_score(p, p.side) - side_score(p, 1 - p.side) + 10; }

// -- search ----------------------------------------------------------------------------
enum { EXACT, LOWER, UPPER };
struct Entry {
    uint64_t key;
    int16_t depth;
    uint8_t flag;
    int32_t value;
    Move move;
};
const size_t TT_SIZE = 1 << 20;
std::vector<Entry> table(TT_SIZE);

Move killers[MAX_PLY][2];
int history[2][25][32];
long long nodes;
std::chrono::steady_clock::time_point deadline;

struct Timeout {};

void tick() {
    if ((++nodes & 1023) == 0 && std::chrono::steady_clock::now() >= deadline) throw Timeout();
}

int to_table(int v, int ply) { return v > WIN - 1000 ? v + ply : v < -WIN + 1000 ? v - ply : v; }
int from_table(int v, int ply) { return v > WIN - 1000 ? v - ply : v < -WIN + 1000 ? v + ply : v; }

int quiesce(const Pos &p, int alpha, int beta, int ply) {
    tick();
    Move moves[64];
    int n = generate(p, moves);
    if (n == 0) return -(WIN - ply);  // the previous move ended the game
    for (int i = 0; i < n; ++i)
        if (wins(p, moves[i])) return WIN - ply - 1;
    if (p.turn >= MAX_TURNS) return 0;
    int best = evaluate(p);
    if (best >= beta || ply >= MAX_PLY - 1) return best;
    if (best > alpha) alpha = best;
    uint32_t enemy = p.pieces[1 - p.side];
    for (int i = 0; i < n; ++i) {
        int to = move_to(moves[i]);
        if (to == PASS || !(enemy >> to & 1)) continue;
        int v = -quiesce(play(p, moves[i]), -beta, -alpha, ply + 1);
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) break;
            }
        }
    }
    return best;
}

int negamax(const Pos &p, int depth, int alpha, int beta, int ply) {
    if (depth <= 0) return quiesce(p, alpha, beta, ply);
    tick();
    Move moves[64];
    int n = generate(p, moves);
    if (n == 0) return -(WIN - ply);
    for (int i = 0; i < n; ++i)
        if (wins(p, moves[i])) return WIN - ply - 1;
    if (p.turn >= MAX_TURNS) return 0;
    if (ply >= MAX_PLY - 1) return evaluate(p);

    uint64_t k = key(p);
    Entry &e = table[k & (TT_SIZE - 1)];
    Move first = -1;
    if (e.key == k) {
        first = e.move;
        if (e.depth >= depth) {
            int v = from_table(e.value, ply);
            if (e.flag == EXACT || (e.flag == LOWER && v >= beta) || (e.flag == UPPER && v <= alpha)) return v;
        }
    }
    // Order: the table's move, captures, killers, then history.
    int scores[64];
    uint32_t enemy = p.pieces[1 - p.side];
    for (int i = 0; i < n; ++i) {
        Move m = moves[i];
        int to = move_to(m);
        if (m == first) scores[i] = 1 << 30;
        else if (to != PASS && (enemy >> to & 1)) scores[i] = 1 << 29;
        else if (m == killers[ply][0]) scores[i] = 1 << 28;
        else if (m == killers[ply][1]) scores[i] = (1 << 28) - 1;
        else scores[i] = history[p.side][move_from(m) == PASS ? 0 : move_from(m)][to];
    }
    int best = -INF, a = alpha;
    Move best_move = moves[0];
    for (int i = 0; i < n; ++i) {
        int top = i;
        for (int j = i + 1; j < n; ++j)
            if (scores[j] > scores[top]) top = j;
        std::swap(moves[i], moves[top]);
        std::swap(scores[i], scores[top]);
        Move m = moves[i];
        Pos child = play(p, m);
        bool quiet = scores[i] < (1 << 28);
        int v;
        if (i == 0) {
            v = -negamax(child, depth - 1, -beta, -a, ply + 1);
        } else {
            int reduced = depth >= 3 && i >= 3 && quiet ? depth - 2 : depth - 1;
            v = -negamax(child, reduced, -a - 1, -a, ply + 1);
            if (v > a && reduced < depth - 1) v = -negamax(child, depth - 1, -a - 1, -a, ply + 1);
            if (v > a && v < beta) v = -negamax(child, depth - 1, -beta, -a, ply + 1);
        }
        if (v > best) {
            best = v;
            best_move = m;
            if (v > a) {
                a = v;
                if (a >= beta) {
                    if (quiet) {
                        if (killers[ply][0] != m) {
                            killers[ply][1] = killers[ply][0];
                            killers[ply][0] = m;
                        }
                        int from = move_from(m) == PASS ? 0 : move_from(m);
                        history[p.side][from][move_to(m)] += depth * depth;
                    }
                    break;
                }
            }
        }
    }
    e.key = k;
    e.depth = depth;
    e.flag = best >= beta ? LOWER : best <= alpha ? UPPER : EXACT;
    e.value = to_table(best, ply);
    e.move = best_move;
    return best;
}

Move think(const Pos &root, int ms, int *depth_reached) {
    deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    nodes = 0;
    std::memset(killers, 0xff, sizeof killers);
    for (auto &a : history)
        for (auto &b : a)
            for (int &h : b) h >>= 2;
    Move moves[64];
    int n = generate(root, moves);
    Move best = moves[0];
    *depth_reached = 0;
    for (int i = 0; i < n; ++i)
        if (wins(root, moves[i])) return moves[i];
    try {
        for (int depth = 1; depth < MAX_PLY - 1; ++depth) {
            uint64_t k = key(root);
            Entry &e = table[k & (TT_SIZE - 1)];
            for (int i = 1; i < n; ++i)
                if (e.key == k && moves[i] == e.move) std::swap(moves[0], moves[i]);
            int alpha = -INF, beta = INF, value = -INF;
            Move iteration_best = moves[0];
            for (int i = 0; i < n; ++i) {
                Pos child = play(root, moves[i]);
                int v;
                if (i == 0) {
                    v = -negamax(child, depth - 1, -beta, -alpha, 1);
                } else {
                    v = -negamax(child, depth - 1, -alpha - 1, -alpha, 1);
                    if (v > alpha) v = -negamax(child, depth - 1, -beta, -alpha, 1);
                }
                if (v > value) {
                    value = v;
                    iteration_best = moves[i];
                    if (v > alpha) alpha = v;
                    best = iteration_best;  // searched in full at this depth: safe to play
                }
            }
            e = Entry{k, int16_t(depth), EXACT, value, iteration_best};
            *depth_reached = depth;
            if (value > WIN - 1000 || value < -WIN + 1000) break;  // a forced result
        }
    } catch (Timeout &) {
    }
    return best;
}

// -- protocol --------------------------------------------------------------------------
std::string square_name(int sq) { return std::string(1, char('A' + sq % 5)) + char('1' + sq / 5); }

std::string move_name(Move m) {
    std::string card = std::to_string(move_card(m));
    if (move_from(m) == PASS) return card + " PASS";
    return card + " " + square_name(move_from(m)) + square_name(move_to(m));
}

bool read_line(std::string &line) {
    if (!std::getline(std::cin, line)) return false;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    return true;
}

int play_arena(int think_ms, int first_ms) {
    std::string line;
    if (!read_line(line)) return 0;
    int me = std::atoi(line.c_str());
    build_targets();
    for (int my_turn = 0;; ++my_turn) {
        Pos p{};
        p.master[0] = p.master[1] = -1;
        std::string rows[5];
        if (!read_line(rows[0])) return 0;
        auto started = std::chrono::steady_clock::now();  // the turn's clock runs from its first line
        for (int r = 1; r < 5; ++r)
            if (!read_line(rows[r])) return 0;
        for (int r = 0; r < 5; ++r)
            for (int c = 0; c < 5 && c < int(rows[r].size()); ++c) {
                int sq = (4 - r) * 5 + c;
                char ch = rows[r][c];
                int owner = (ch == 'W' || ch == 'w') ? 0 : (ch == 'B' || ch == 'b') ? 1 : -1;
                if (owner < 0) continue;
                p.pieces[owner] |= 1u << sq;
                if (ch == 'W' || ch == 'B') p.master[owner] = sq;
            }
        int held[2] = {0, 0};
        for (int i = 0; i < 5; ++i) {
            if (!read_line(line)) return 0;
            int owner = 0, card = 0;
            std::sscanf(line.c_str(), "%d %d", &owner, &card);
            if (owner < 0) p.centre = card;
            else p.hand[owner][held[owner]++] = card;
        }
        if (!read_line(line)) return 0;
        int count = std::atoi(line.c_str());
        std::vector<std::string> actions(count);
        for (auto &a : actions)
            if (!read_line(a)) return 0;
        p.side = me;
        p.turn = 2 * my_turn + me;
        int budget = my_turn == 0 ? first_ms : think_ms;
        int spent = int(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
        int depth = 0;
        Move m = think(p, budget > spent ? budget - spent : 1, &depth);
        std::string answer = move_name(m);
        bool listed = false;
        for (auto &a : actions) listed |= a == answer;
        if (!listed && count > 0) answer = actions[0];  // never an illegal answer
        std::cout << answer << std::endl;
        std::cerr << "depth " << depth << " nodes " << nodes << std::endl;
    }
}

long long perft(const Pos &p, int depth) {
    Move moves[64];
    int n = generate(p, moves);
    if (depth == 1) return n;
    long long total = 0;
    for (int i = 0; i < n; ++i) total += perft(play(p, moves[i]), depth - 1);
    return total;
}

}  // namespace

int main(int argc, char **argv) {
    int think_ms = 28, first_ms = 400;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "--think" && i + 1 < argc) {
            think_ms = std::atoi(argv[++i]);
        } else if (arg == "--first" && i + 1 < argc) {
            first_ms = std::atoi(argv[++i]);
        } else if (arg == "--perft" && i + 6 < argc) {
            build_targets();
            int depth = std::atoi(argv[++i]);
            int cards[5];
            for (int &c : cards) c = std::atoi(argv[++i]);
            Pos p{{0x1Fu, 0x1Fu << 20}, {2, 22}, {{cards[0], cards[1]}, {cards[2], cards[3]}}, cards[4], 0, 0};
            for (int d = 1; d <= depth; ++d) std::printf("%d %lld\n", d, perft(p, d));
            return 0;
        } else {
            std::fprintf(stderr, "usage: %s [--think MS] [--first MS] | --perft DEPTH C0 C1 C2 C3 C4\n", argv[0]);
            return 2;
        }
    }
    return play_arena(think_ms, first_ms);
}
