# Dice hunt: the smallest game with a secret deal, a die and 2-3 players, defined only under tests/ to prove that
# a game registers through its own record (tests/newgame/__init__.py) and nothing else (src/games/README.md,
# "Adding a game"). tests/test_newgame.py compiles this file at test time.
#
# Rules. Each player is dealt one secret spear card from players + 2 cards valued 1 .. players + 2 (a chance node
# per deal). Then, for ROUNDS rounds, each player in seat order rests (2 points) or hunts (a die roll, chance: its
# face in points). At the end each player's total is their points plus their card's value; the highest total wins,
# ties share. The cards stay secret in positions (the returns use them): as in Kuhn poker, only the true state
# knows them. The card decides how much risk a player wants: one who holds a strong card can rest.
from cavemind.games.fields import action_id, boolean, field, in_range, int_list, integer, sized_list

from libc.stdint cimport int8_t, uint8_t, uint64_t
from libc.stdio cimport snprintf
from libc.string cimport memcpy, memset

from mcts.rng cimport Rng, rng_below
from mcts.game_api cimport GameTable, CHANCE, TERMINAL
from games.common cimport game_table, table_capsule, table_for_players

cdef enum:
    MAX_SEATS = 3
    MAX_CARDS = MAX_SEATS + 2         # players + 2 cards, valued 1 .. players + 2
    NUM_ROUNDS = 2
    REST_POINTS = 2
    FACES = 6
    REST = 0
    HUNT = 1
    FIRST_ROLL = 2                    # chance outcome "the die shows f" is FIRST_ROLL + f - 1
    FIRST_DEAL = FIRST_ROLL + FACES   # chance outcome "deal card c" (value c + 1) is FIRST_DEAL + c
    HIDDEN_DEAL = FIRST_DEAL + MAX_CARDS   # a deal to somebody else, as an observer perceives it
    NUM_ACTIONS = HIDDEN_DEAL + 1

ctypedef struct DiceHuntState:
    uint8_t num_players
    uint8_t dealt                     # cards dealt so far; seat `dealt` is dealt next
    int8_t cards[MAX_SEATS]           # card index (value - 1), -1 until dealt
    uint8_t points[MAX_SEATS]         # points from resting and hunting
    uint8_t round                     # rounds completed; NUM_ROUNDS when the game is over
    uint8_t turn_of                   # the seat whose turn it is
    uint8_t rolling                   # 1 while the die of turn_of's hunt is to be rolled
    uint8_t finished

NAME = "dice_hunt"
DESCRIPTION = "Dice hunt, a test game for 2-3 players: a secret card each, rest or hunt with a die"
PARAMETERS = {"players": {"type": int, "default": 2, "choices": (2, 3)}}
HIDDEN_INFORMATION = True
ROUNDS = NUM_ROUNDS                   # read by the game's record (its soak's end check)
PHASES = ("deal", "choose", "roll", "over")
FIELDS = ("cards", "points", "round", "turn_of", "rolling")


cdef int current_player(const void* p) noexcept nogil:
    cdef const DiceHuntState* s = <const DiceHuntState*>p
    if s.finished:
        return TERMINAL
    if s.dealt < s.num_players or s.rolling:
        return CHANCE
    return s.turn_of


cdef int legal_actions(const void* p, int* out) noexcept nogil:
    if current_player(p) < 0:
        return 0
    out[0] = REST
    out[1] = HUNT
    return 2


cdef bint is_dealt(const DiceHuntState* s, int card) noexcept nogil:
    cdef int i
    for i in range(s.dealt):
        if s.cards[i] == card:
            return True
    return False


cdef int chance_outcomes(const void* p, int* out, double* probs) noexcept nogil:
    cdef const DiceHuntState* s = <const DiceHuntState*>p
    cdef int c, n = 0
    if s.rolling:
        for c in range(FACES):
            out[c] = FIRST_ROLL + c
            probs[c] = 1.0 / FACES
        return FACES
    for c in range(s.num_players + 2):
        if not is_dealt(s, c):
            out[n] = FIRST_DEAL + c
            probs[n] = 1.0 / (s.num_players + 2 - s.dealt)
            n += 1
    return n


cdef int sample_chance(const void* p, Rng* rng) noexcept nogil:
    cdef const DiceHuntState* s = <const DiceHuntState*>p
    cdef int c, pick
    if s.rolling:
        return FIRST_ROLL + rng_below(rng, FACES)
    pick = rng_below(rng, s.num_players + 2 - s.dealt)
    for c in range(s.num_players + 2):
        if not is_dealt(s, c):
            if pick == 0:
                return FIRST_DEAL + c
            pick -= 1
    return -1


cdef void end_turn(DiceHuntState* s) noexcept nogil:
    s.turn_of += 1
    if s.turn_of == s.num_players:
        s.turn_of = 0
        s.round += 1
        s.finished = s.round == NUM_ROUNDS


cdef void apply_action(void* p, int a) noexcept nogil:
    cdef DiceHuntState* s = <DiceHuntState*>p
    if a >= FIRST_DEAL:
        s.cards[s.dealt] = a - FIRST_DEAL
        s.dealt += 1
    elif a >= FIRST_ROLL:
        s.points[s.turn_of] += a - FIRST_ROLL + 1
        s.rolling = 0
        end_turn(s)
    elif a == HUNT:
        s.rolling = 1
    else:
        s.points[s.turn_of] += REST_POINTS
        end_turn(s)


cdef void scores(const void* p, double* out) noexcept nogil:
    """The points while the game runs (the cards are secret), the totals with the cards at the end."""
    cdef const DiceHuntState* s = <const DiceHuntState*>p
    cdef int i
    for i in range(s.num_players):
        out[i] = s.points[i] + (s.cards[i] + 1 if s.finished else 0)


cdef void returns(const void* p, double* out) noexcept nogil:
    cdef const DiceHuntState* s = <const DiceHuntState*>p
    cdef int i, winners = 0
    cdef double best = -1.0
    scores(p, out)
    for i in range(s.num_players):
        if out[i] > best:
            best = out[i]
    for i in range(s.num_players):
        winners += out[i] == best
    for i in range(s.num_players):
        out[i] = 1.0 / winners if out[i] == best else 0.0


cdef void heuristic(const void* p, double* out, int variant) noexcept nogil:
    cdef const DiceHuntState* s = <const DiceHuntState*>p
    cdef int i
    for i in range(s.num_players):
        out[i] = 1.0 / s.num_players


cdef void determinize(void* p, int observer, Rng* rng) noexcept nogil:
    """Deals the other players' dealt cards again from every card the observer does not hold."""
    cdef DiceHuntState* s = <DiceHuntState*>p
    cdef int pool[MAX_CARDS]
    cdef int size = 0, c, i, j
    for c in range(s.num_players + 2):
        if observer >= s.dealt or s.cards[observer] != c:
            pool[size] = c
            size += 1
    for i in range(s.dealt):
        if i == observer:
            continue
        j = rng_below(rng, size)
        s.cards[i] = pool[j]
        pool[j] = pool[size - 1]
        size -= 1


cdef uint64_t infoset_hash(const void* p, int player) noexcept nogil:
    cdef const DiceHuntState* s = <const DiceHuntState*>p
    cdef uint64_t h = 1469598103934665603ULL
    cdef int i
    for i in range(MAX_SEATS):
        h = (h ^ s.points[i]) * 1099511628211ULL
    h = (h ^ <uint64_t>(s.cards[player] + 1 if player < s.dealt else 0)) * 1099511628211ULL
    h = (h ^ s.num_players) * 1099511628211ULL
    h = (h ^ s.dealt) * 1099511628211ULL
    h = (h ^ s.round) * 1099511628211ULL
    h = (h ^ s.turn_of) * 1099511628211ULL
    h = (h ^ s.rolling) * 1099511628211ULL
    return (h ^ s.finished) * 1099511628211ULL


cdef int observed_action(const void* p, int a, int player) noexcept nogil:
    cdef const DiceHuntState* s = <const DiceHuntState*>p
    if s.dealt < s.num_players and s.dealt != player:
        return HIDDEN_DEAL
    return a


cdef GameTable TABLES[MAX_SEATS - 1]      # one per player count, 2 and 3
cdef GameTable RULES = game_table("dice_hunt", sizeof(DiceHuntState), NUM_ACTIONS, FACES, current_player,
                                  legal_actions, apply_action, chance_outcomes, sample_chance, returns, scores,
                                  heuristic, 1, 0, determinize, infoset_hash, observed_action, NULL)
for _n in range(2, MAX_SEATS + 1):
    # the deal, then a choice and a roll per turn
    TABLES[_n - 2] = table_for_players(RULES, _n, _n + 2 * NUM_ROUNDS * _n)


# ---- Python-level functions (off the hot path) ----

def make_table(dict params):
    return table_capsule(&TABLES[params["players"] - 2])


def initial_state(dict params):
    cdef DiceHuntState s
    memset(&s, 0, sizeof(s))
    s.num_players = params["players"]
    for i in range(MAX_SEATS):
        s.cards[i] = -1
    return (<char*>&s)[:sizeof(s)]


cdef DiceHuntState load(bytes data):
    cdef DiceHuntState s
    if len(data) != sizeof(s):
        raise ValueError(f"state: expected {sizeof(s)} bytes, got {len(data)}")
    memcpy(&s, <const char*>data, sizeof(s))
    return s


cdef int check(const DiceHuntState* s, char* msg, size_t size) noexcept nogil:
    """0 when `s` is a state the rules allow, otherwise 1 with "field: reason" in msg; reads nothing out of
    range, so any bytes can be checked."""
    cdef int i, j, turns, n = s.num_players
    if n < 2 or n > MAX_SEATS:
        snprintf(msg, size, "players: %d, expected 2 or 3", n)
        return 1
    if s.dealt > n:
        snprintf(msg, size, "cards: %d dealt to %d players", <int>s.dealt, n)
        return 1
    for i in range(MAX_SEATS):
        if i >= s.dealt:
            if s.cards[i] != -1:
                snprintf(msg, size, "cards[%d]: a card for a seat not dealt to", i)
                return 1
            continue
        if s.cards[i] < 0 or s.cards[i] > n + 1:
            snprintf(msg, size, "cards[%d]: card index %d, expected 0..%d", i, <int>s.cards[i], n + 1)
            return 1
        for j in range(i):
            if s.cards[j] == s.cards[i]:
                snprintf(msg, size, "cards[%d]: the card of player %d again", i, j)
                return 1
    if s.round > NUM_ROUNDS or s.turn_of >= n or s.rolling > 1 or s.finished != (s.round == NUM_ROUNDS):
        snprintf(msg, size, "round: round %d, turn of %d, rolling %d, finished %d do not fit together",
                 <int>s.round, <int>s.turn_of, <int>s.rolling, <int>s.finished)
        return 1
    if (s.dealt < n or s.finished) and (s.turn_of or s.rolling):
        snprintf(msg, size, "turn_of: no turn before the deal is complete or after the end")
        return 1
    for i in range(MAX_SEATS):
        turns = s.round + (1 if i < s.turn_of else 0) if i < n else 0
        if s.points[i] < turns or s.points[i] > FACES * turns:
            snprintf(msg, size, "points[%d]: %d points after %d turns, expected %d..%d", i, <int>s.points[i], turns,
                     turns, FACES * turns)
            return 1
    return 0


def check_state(bytes data):
    """None when `data` is a state the rules allow, otherwise "field: reason"."""
    cdef char msg[160]
    cdef DiceHuntState s
    if len(data) != sizeof(DiceHuntState):
        return f"state: expected {sizeof(DiceHuntState)} bytes, got {len(data)}"
    memcpy(&s, <const char*>data, sizeof(s))
    if check(&s, msg, sizeof(msg)):
        return msg.decode()
    return None


def phase_name(bytes data):
    """"deal" while cards are dealt, "choose" (rest or hunt), "roll" (the hunt's die), "over"."""
    cdef DiceHuntState s = load(data)
    if s.finished:
        return "over"
    if s.dealt < s.num_players:
        return "deal"
    return "roll" if s.rolling else "choose"


def action_to_string(bytes data, action):
    cdef int a = action_id(action, NUM_ACTIONS, "dice_hunt")
    if a == HIDDEN_DEAL:
        return "deal ?"
    if a >= FIRST_DEAL:
        return f"deal {a - FIRST_DEAL + 1}"
    if a >= FIRST_ROLL:
        return f"roll {a - FIRST_ROLL + 1}"
    return "hunt" if a == HUNT else "rest"


def state_to_dict(bytes data, observer=None):
    cdef DiceHuntState s = load(data)
    cards = []
    for i in range(s.num_players):
        if i >= s.dealt:
            cards.append(None)
        elif observer is None or observer == i:
            cards.append(s.cards[i] + 1)
        else:
            cards.append("?")
    return {"cards": cards, "points": [s.points[i] for i in range(s.num_players)], "round": s.round,
            "turn_of": s.turn_of, "rolling": bool(s.rolling)}


def state_from_dict(dict params, dict doc):
    """The state a position describes; '?' cards get any unused card (the caller then determinizes for the
    observer). The rest of the rules (points that fit the turns played) is check_state's."""
    n = params["players"]
    for key in doc:
        if key not in FIELDS:
            raise ValueError(f"{key}: not a field of a dice_hunt position (fields: {', '.join(FIELDS)})")
    cards = sized_list(field(doc, "cards"), "cards", n)
    dealt = 0
    while dealt < n and cards[dealt] is not None:
        dealt += 1
    if any(card is not None for card in cards[dealt:]):
        raise ValueError("cards: cards are dealt in seat order, so no card may follow an undealt one")
    known = [in_range(card, 1, n + 2, f"cards[{i}]") for i, card in enumerate(cards[:dealt]) if card != "?"]
    if len(set(known)) != len(known):
        raise ValueError("cards: a card appears twice")
    spare = [value for value in range(1, n + 3) if value not in known]
    cdef DiceHuntState s = load(initial_state(params))
    for i in range(dealt):
        s.cards[i] = (spare.pop(0) if cards[i] == "?" else cards[i]) - 1
    s.dealt = dealt
    for i, value in enumerate(int_list(field(doc, "points"), 0, FACES * NUM_ROUNDS, "points", length=n)):
        s.points[i] = value
    s.round = integer(doc, "round", 0, NUM_ROUNDS)
    s.turn_of = integer(doc, "turn_of", 0, n - 1)
    s.rolling = boolean(doc, "rolling")
    s.finished = s.round == NUM_ROUNDS
    return (<char*>&s)[:sizeof(s)]


def render(bytes data, observer=None):
    doc = state_to_dict(data, observer)
    lines = [f"player {i}: card {'-' if card is None else card}, {doc['points'][i]} points"
             for i, card in enumerate(doc["cards"])]
    if phase_name(data) == "over":
        return "\n".join(lines + ["the hunt is over"])
    return "\n".join(lines + [f"round {doc['round'] + 1} of {NUM_ROUNDS}, player {doc['turn_of']}'s turn"])


def observation_size(dict params):
    return MAX_CARDS + MAX_SEATS + 1 + MAX_SEATS + 1


def observation(bytes data, int player):
    """Own card one-hot (5), every seat's points / 12 (3), rounds played / 2 (1), whose turn one-hot (3), a die
    to roll (1)."""
    cdef DiceHuntState s = load(data)
    own = [1.0 if player < s.dealt and s.cards[player] == c else 0.0 for c in range(MAX_CARDS)]
    points = [s.points[i] / <double>(FACES * NUM_ROUNDS) for i in range(MAX_SEATS)]
    turn = [1.0 if s.dealt == s.num_players and not s.finished and s.turn_of == i else 0.0 for i in range(MAX_SEATS)]
    return own + points + [s.round / <double>NUM_ROUNDS] + turn + [float(s.rolling)]
