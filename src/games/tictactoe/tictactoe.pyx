# Tic-tac-toe: the smallest perfect-information game, used to test the search on known answers.
# Actions 0..8 are the cells, row by row from the top left. Player 0 plays X and moves first.
from cavemind.games.fields import action_id, known_fields

from libc.stdint cimport uint64_t
from libc.stdio cimport snprintf
from libc.string cimport memset

from mcts.rng cimport Rng, rng_below
from mcts.game_api cimport GameTable, CHANCE, TERMINAL
from games.common cimport game_table, table_for_players, table_capsule, state_bytes, load_state, state_error
from games.tictactoe.tictactoe cimport *

NAME = "tictactoe"
DESCRIPTION = "Tic-tac-toe, a perfect-information reference game for testing the search"
PARAMETERS = {"players": {"type": int, "default": 2, "choices": (2,)}}
HIDDEN_INFORMATION = False

cdef int LINES[8][3]
LINES[:] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]

# HAS_LINE[b]: whether the cells of bitboard b (bit c = cell c) include a whole line. One lookup after
# each move decides a win.
cdef bint HAS_LINE[512]
_LINE_MASKS = [sum(1 << cell for cell in line) for line in LINES]
for _board in range(512):
    HAS_LINE[_board] = any(_board & mask == mask for mask in _LINE_MASKS)


cdef int current_player(const void* p) noexcept nogil:
    cdef const TicTacToeState* s = <const TicTacToeState*>p
    return TERMINAL if s.winner >= 0 else s.to_move


cdef extern from *:
    int count_trailing_zeros "__builtin_ctz"(unsigned int x) nogil


cdef int legal_actions(const void* p, int* out) noexcept nogil:
    """The empty cells in increasing order, read off the bitboards one set bit at a time (no branch per cell)."""
    cdef const TicTacToeState* s = <const TicTacToeState*>p
    cdef int n = 0
    cdef unsigned int empty = ~(<unsigned int>s.marked[0] | s.marked[1]) & ((1u << NUM_CELLS) - 1)
    if s.winner >= 0:
        return 0
    while empty:
        out[n] = count_trailing_zeros(empty)
        n += 1
        empty &= empty - 1
    return n


cdef void apply_action(void* p, int a) noexcept nogil:
    cdef TicTacToeState* s = <TicTacToeState*>p
    s.cells[a] = s.to_move + 1
    s.marked[s.to_move] |= 1 << a
    s.moves += 1
    if HAS_LINE[s.marked[s.to_move]]:
        s.winner = s.to_move
    elif s.moves == NUM_CELLS:
        s.winner = 2
    s.to_move = 1 - s.to_move


cdef int no_chance_outcomes(const void* p, int* out, double* probs) noexcept nogil:
    return 0


cdef int no_chance_sample(const void* p, Rng* rng) noexcept nogil:
    return -1


cdef void returns(const void* p, double* out) noexcept nogil:
    cdef const TicTacToeState* s = <const TicTacToeState*>p
    if s.winner == 0 or s.winner == 1:
        out[s.winner] = 1.0
        out[1 - s.winner] = 0.0
    else:
        out[0] = 0.5
        out[1] = 0.5


cdef void scores(const void* p, double* out) noexcept nogil:
    cdef const TicTacToeState* s = <const TicTacToeState*>p
    out[0] = 1.0 if s.winner == 0 else 0.0
    out[1] = 1.0 if s.winner == 1 else 0.0


cdef void heuristic(const void* p, double* out, int variant) noexcept nogil:
    returns(p, out)


cdef void determinize(void* p, int observer, Rng* rng) noexcept nogil:
    pass  # nothing is hidden


cdef uint64_t infoset_hash(const void* p, int player) noexcept nogil:
    cdef const TicTacToeState* s = <const TicTacToeState*>p
    cdef uint64_t h = 1469598103934665603ULL
    cdef int c
    for c in range(NUM_CELLS):
        h = (h ^ s.cells[c]) * 1099511628211ULL
    return h


cdef int observed_action(const void* p, int a, int player) noexcept nogil:
    return a


cdef int rollout_action(const void* p, Rng* rng, int variant) noexcept nogil:
    """A uniformly random empty cell (the same distribution as a uniform legal action), drawn by
    rejection so that rollouts need not list the legal actions."""
    cdef const TicTacToeState* s = <const TicTacToeState*>p
    cdef int c = rng_below(rng, NUM_CELLS)
    while s.cells[c] != 0:
        c = rng_below(rng, NUM_CELLS)
    return c


cdef GameTable TABLE
TABLE = table_for_players(
    game_table("tictactoe", sizeof(TicTacToeState), NUM_CELLS, 0, current_player, legal_actions, apply_action,
               no_chance_outcomes, no_chance_sample, returns, scores, heuristic, 1, 0, determinize, infoset_hash,
               observed_action, rollout_action),
    2, NUM_CELLS)


# ---- Python-level functions (off the hot path) ----

def make_table(dict params):
    """The GameTable for these (validated) parameters, in a capsule. One static table serves all."""
    return table_capsule(&TABLE)


def initial_state(dict params):
    cdef TicTacToeState s
    memset(&s, 0, sizeof(s))
    s.winner = -1
    return state_bytes(&s, sizeof(s))


cdef TicTacToeState load(bytes data):
    cdef TicTacToeState s
    load_state(&s, sizeof(s), data)
    return s


cdef int check(const void* state, char* msg, size_t size) noexcept nogil:
    """0 when `state` is a position tic-tac-toe can reach, otherwise 1 with "field: reason" in msg. Reads
    nothing out of range, so any bytes can be checked."""
    cdef const TicTacToeState* s = <const TicTacToeState*>state
    cdef int c, count[2], lines[2], p, last
    cdef unsigned int bits[2]
    count[0] = count[1] = 0
    bits[0] = bits[1] = 0
    for c in range(NUM_CELLS):
        if s.cells[c] > NUM_MARKS:
            snprintf(msg, size, "board: cell %d holds %d (0 empty, 1 X, 2 O)", c, <int>s.cells[c])
            return 1
        if s.cells[c]:
            count[s.cells[c] - 1] += 1
            bits[s.cells[c] - 1] |= 1u << c
    for p in range(2):
        if s.marked[p] != bits[p]:
            snprintf(msg, size, "board: the bitboard of player %d (%d) does not match the cells", p, <int>s.marked[p])
            return 1
        lines[p] = HAS_LINE[bits[p]]
    if not (count[0] == count[1] or count[0] == count[1] + 1):
        snprintf(msg, size, "board: %d X and %d O cannot arise (X moves first)", count[0], count[1])
        return 1
    if s.moves != count[0] + count[1]:
        snprintf(msg, size, "moves: %d, but %d cells are marked", <int>s.moves, count[0] + count[1])
        return 1
    if s.to_move != (0 if count[0] == count[1] else 1):
        snprintf(msg, size, "to_move: %d, but the counts of X and O make it %d", <int>s.to_move,
                 0 if count[0] == count[1] else 1)
        return 1
    last = 1 - s.to_move                                # who made the last mark
    if lines[0] and lines[1]:
        snprintf(msg, size, "board: both players have a line")
        return 1
    if lines[1 - last]:
        snprintf(msg, size, "board: player %d has a line but the other player moved after it", 1 - last)
        return 1
    if lines[last]:
        if s.winner != last:
            snprintf(msg, size, "winner: %d, but player %d has a line", <int>s.winner, last)
            return 1
    elif s.winner != (2 if s.moves == NUM_CELLS else -1):
        snprintf(msg, size, "winner: %d, but the board makes it %d", <int>s.winner, 2 if s.moves == NUM_CELLS else -1)
        return 1
    return 0


def check_state(bytes data):
    """None when `data` is a tic-tac-toe position the rules allow, otherwise "field: reason"."""
    return state_error(data, sizeof(TicTacToeState), check)


def action_to_string(bytes data, action):
    cdef int a = action_id(action, NUM_CELLS, "tictactoe")
    load(data)                                           # the same size check as every entry point
    return "abc"[a % 3] + "321"[a // 3]


def state_to_dict(bytes data, observer=None):
    cdef TicTacToeState s = load(data)
    rows = ["".join(".XO"[s.cells[3 * r + c]] for c in range(3)) for r in range(3)]
    return {"board": rows, "to_move": int(s.to_move)}


def phase_name(bytes data):
    """The phase's name, as a position's header gives it: "play" until the game ends, then "over"."""
    cdef TicTacToeState s = load(data)
    return "over" if current_player(&s) == TERMINAL else "play"


def state_from_dict(dict params, dict doc):
    """Rebuilds a state; raises ValueError naming the field at fault."""
    known_fields(doc, ("board", "to_move"))       # the fields state_to_dict writes; a misspelt one is refused
    board = doc.get("board")
    if not isinstance(board, list) or len(board) != 3 or not all(isinstance(r, str) and len(r) == 3 for r in board):
        raise ValueError("board: expected 3 strings of 3 characters from '.XO'")
    cdef TicTacToeState s
    memset(&s, 0, sizeof(s))
    s.winner = -1
    cells = "".join(board)
    if any(ch not in ".XO" for ch in cells):
        raise ValueError("board: characters must be '.', 'X' or 'O'")
    x, o = cells.count("X"), cells.count("O")
    if not (x == o or x == o + 1):
        raise ValueError(f"board: {x} X and {o} O cannot arise (X moves first)")
    to_move = 0 if x == o else 1
    if "to_move" in doc and doc["to_move"] != to_move:
        raise ValueError(f"to_move: must be {to_move} for this board")
    for i, ch in enumerate(cells):
        s.cells[i] = ".XO".index(ch)
        if ch != ".":
            s.marked[s.cells[i] - 1] |= 1 << i
    s.moves = x + o
    s.to_move = to_move
    winners = {s.cells[LINES[i][0]] - 1 for i in range(8)
               if s.cells[LINES[i][0]] != 0 and s.cells[LINES[i][0]] == s.cells[LINES[i][1]] == s.cells[LINES[i][2]]}
    if len(winners) > 1:
        raise ValueError("board: both players have a line")
    if winners:
        s.winner = winners.pop()
        if s.winner != 1 - to_move:
            raise ValueError("board: the winner must have made the last mark")
    elif s.moves == NUM_CELLS:
        s.winner = 2
    return state_bytes(&s, sizeof(s))


def render(bytes data, observer=None):
    cdef TicTacToeState s = load(data)
    lines = []
    for r in range(3):
        lines.append("321"[r] + " " + " ".join(".XO"[s.cells[3 * r + c]] for c in range(3)))
    lines.append("  a b c")
    return "\n".join(lines)


def observation_size(dict params):
    return 2 * NUM_CELLS + 1


def observation(bytes data, int player):
    """Cells of `player` (9), cells of the opponent (9), whether `player` is to move (1)."""
    cdef TicTacToeState s = load(data)
    mine = [1.0 if s.cells[c] == player + 1 else 0.0 for c in range(NUM_CELLS)]
    theirs = [1.0 if s.cells[c] == 2 - player else 0.0 for c in range(NUM_CELLS)]
    return mine + theirs + [1.0 if s.to_move == player and s.winner < 0 else 0.0]
