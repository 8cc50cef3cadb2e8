# Kuhn poker for 2 or 3 players: the smallest game with chance and hidden information, used to test
# ISMCTS, determinization and the no-peeking rule. Rules as in OpenSpiel's kuhn_poker: players + 1 cards,
# each player antes 1 and is dealt one card (a chance node per deal); then, from player 0, each may pass
# or bet 1; once someone has bet, every other player in turn calls (bet) or folds (pass). The highest card
# among the players still in wins the pot.
#
# Returns: the chip result mapped linearly from [-2, 2(n-1)] to [0, 1], so they sum to 1 and winning a
# bigger pot is worth more (poker is about chips, not about winning the hand).
from cavemind.games.fields import action_id, known_fields

from libc.stdint cimport uint64_t
from libc.stdio cimport snprintf
from libc.string cimport memset

from mcts.rng cimport Rng, rng_below
from mcts.game_api cimport GameTable, CHANCE, TERMINAL
from games.common cimport game_table, table_for_players, table_capsule, state_bytes, load_state, state_error
from games.kuhn_poker.kuhn_poker cimport *

NAME = "kuhn_poker"
DESCRIPTION = "Kuhn poker for 2-3 players, a hidden-information reference game for testing the search"
PARAMETERS = {"players": {"type": int, "default": 2, "choices": (2, 3)}}
HIDDEN_INFORMATION = True
CARD_NAMES = "JQKA"


cdef inline int num_cards(const KuhnState* s) noexcept nogil:
    return s.num_players + 1


cdef int current_player(const void* p) noexcept nogil:
    cdef const KuhnState* s = <const KuhnState*>p
    if s.finished:
        return TERMINAL
    if s.dealt < s.num_players:
        return CHANCE
    return s.to_move


cdef int legal_actions(const void* p, int* out) noexcept nogil:
    if current_player(p) < 0:
        return 0
    out[0] = PASS
    out[1] = BET
    return 2


cdef bint card_is_dealt(const KuhnState* s, int card) noexcept nogil:
    cdef int i
    for i in range(s.dealt):
        if s.cards[i] == card:
            return True
    return False


cdef int chance_outcomes(const void* p, int* out, double* probs) noexcept nogil:
    cdef const KuhnState* s = <const KuhnState*>p
    cdef int c, n = 0
    cdef double prob = 1.0 / (num_cards(s) - s.dealt)
    for c in range(num_cards(s)):
        if not card_is_dealt(s, c):
            out[n] = FIRST_DEAL + c
            probs[n] = prob
            n += 1
    return n


cdef int sample_chance(const void* p, Rng* rng) noexcept nogil:
    cdef const KuhnState* s = <const KuhnState*>p
    cdef int pick = rng_below(rng, num_cards(s) - s.dealt), c
    for c in range(num_cards(s)):
        if not card_is_dealt(s, c):
            if pick == 0:
                return FIRST_DEAL + c
            pick -= 1
    return -1


cdef void apply_action(void* p, int a) noexcept nogil:
    cdef KuhnState* s = <KuhnState*>p
    cdef int n = s.num_players
    if s.dealt < n:
        s.cards[s.dealt] = a - FIRST_DEAL
        s.dealt += 1
        return
    s.history[s.history_length] = a
    s.history_length += 1
    if a == BET:
        s.in_pot[s.to_move] += 1
        if s.first_bettor < 0:
            s.first_bettor = s.to_move
    s.to_move = (s.to_move + 1) % n
    if s.first_bettor < 0:
        s.finished = s.history_length == n              # everybody passed
    else:
        s.finished = s.to_move == s.first_bettor        # everybody answered the bet


cdef int winner(const KuhnState* s) noexcept nogil:
    cdef int i, best = -1
    for i in range(s.num_players):
        if s.first_bettor >= 0 and s.in_pot[i] < 2:
            continue                                    # folded
        if best < 0 or s.cards[i] > s.cards[best]:
            best = i
    return best


cdef void scores(const void* p, double* out) noexcept nogil:
    """Chips won or lost: at the end the hand's result, before it what each player has put in."""
    cdef const KuhnState* s = <const KuhnState*>p
    cdef int i, pot = 0, w = winner(s) if s.finished else -1
    for i in range(s.num_players):
        pot += s.in_pot[i]
        out[i] = -<double>s.in_pot[i]
    if w >= 0:
        out[w] += pot


cdef void returns(const void* p, double* out) noexcept nogil:
    cdef const KuhnState* s = <const KuhnState*>p
    cdef int i, n = s.num_players
    scores(p, out)
    for i in range(n):
        out[i] = (out[i] + 2.0) / (2.0 * n)


cdef void heuristic(const void* p, double* out, int variant) noexcept nogil:
    cdef const KuhnState* s = <const KuhnState*>p
    cdef int i
    for i in range(s.num_players):
        out[i] = 1.0 / s.num_players


cdef void determinize(void* p, int observer, Rng* rng) noexcept nogil:
    """Deals the other players' dealt cards again from every card the observer does not hold."""
    cdef KuhnState* s = <KuhnState*>p
    cdef int pool[MAX_CARDS]
    cdef int size = 0, c, i, j
    for c in range(num_cards(s)):
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
    cdef const KuhnState* s = <const KuhnState*>p
    cdef uint64_t h = 1469598103934665603ULL
    cdef int i
    h = (h ^ s.num_players) * 1099511628211ULL
    h = (h ^ s.dealt) * 1099511628211ULL
    h = (h ^ <uint64_t>(s.cards[player] + 1 if player < s.dealt else 0)) * 1099511628211ULL
    for i in range(s.history_length):
        h = (h ^ (s.history[i] + 7)) * 1099511628211ULL
    return h


cdef int observed_action(const void* p, int a, int player) noexcept nogil:
    cdef const KuhnState* s = <const KuhnState*>p
    if s.dealt < s.num_players and s.dealt != player:
        return HIDDEN_DEAL
    return a


cdef GameTable TABLES[MAX_KUHN_PLAYERS - MIN_KUHN_PLAYERS + 1]      # one per player count
cdef GameTable RULES = game_table("kuhn_poker", sizeof(KuhnState), NUM_ACTIONS, MAX_CARDS, current_player,
                                  legal_actions, apply_action, chance_outcomes, sample_chance, returns, scores,
                                  heuristic, 1, 0, determinize, infoset_hash, observed_action, NULL)
for _n in range(MIN_KUHN_PLAYERS, MAX_KUHN_PLAYERS + 1):
    # the deal (one event per player), then the betting
    TABLES[_n - MIN_KUHN_PLAYERS] = table_for_players(RULES, _n, _n + max_betting_decisions(_n))


# ---- Python-level functions (off the hot path) ----

def make_table(dict params):
    return table_capsule(&TABLES[params["players"] - MIN_KUHN_PLAYERS])


def initial_state(dict params):
    cdef KuhnState s
    memset(&s, 0, sizeof(s))
    s.num_players = params["players"]
    s.first_bettor = -1
    for i in range(MAX_KUHN_PLAYERS):
        s.cards[i] = -1
        s.in_pot[i] = 1 if i < s.num_players else 0
    return state_bytes(&s, sizeof(s))


cdef KuhnState load(bytes data):
    cdef KuhnState s
    load_state(&s, sizeof(s), data)
    return s


cdef void replay(const KuhnState* s, KuhnState* out) noexcept nogil:
    """The state the rules give for s's players, deal and betting history (fields of s assumed in range)."""
    cdef int i
    memset(out, 0, sizeof(KuhnState))
    out.num_players = s.num_players
    out.first_bettor = -1
    for i in range(MAX_KUHN_PLAYERS):
        out.cards[i] = -1
        out.in_pot[i] = 1 if i < s.num_players else 0
    for i in range(s.dealt):
        apply_action(out, FIRST_DEAL + s.cards[i])
    for i in range(s.history_length):
        if out.finished:
            break
        apply_action(out, s.history[i])


cdef int check(const void* p, char* msg, size_t size) noexcept nogil:
    """0 when `s` is a state Kuhn poker can reach, otherwise 1 with "field: reason" in msg. Checks the
    ranges first, then that the derived fields (pot, bettor, player to move, end) are what replaying the
    deal and the betting gives; reads nothing out of range, so any bytes can be checked."""
    cdef const KuhnState* s = <const KuhnState*>p
    cdef int i, j, n = s.num_players
    cdef KuhnState r
    if n < MIN_KUHN_PLAYERS or n > MAX_KUHN_PLAYERS:
        snprintf(msg, size, "players: %d, expected 2 or 3", n)
        return 1
    if s.dealt > n:
        snprintf(msg, size, "cards: %d dealt to %d players", <int>s.dealt, n)
        return 1
    for i in range(MAX_KUHN_PLAYERS):
        if i < s.dealt:
            if s.cards[i] < 0 or s.cards[i] > n:
                snprintf(msg, size, "cards[%d]: card %d, expected 0..%d", i, <int>s.cards[i], n)
                return 1
            for j in range(i):
                if s.cards[j] == s.cards[i]:
                    snprintf(msg, size, "cards[%d]: the card of player %d again", i, j)
                    return 1
        elif s.cards[i] != -1:
            snprintf(msg, size, "cards[%d]: a card for a seat not dealt to", i)
            return 1
    if s.history_length > max_betting_decisions(n):
        snprintf(msg, size, "history: %d decisions, at most %d", <int>s.history_length, max_betting_decisions(n))
        return 1
    if s.history_length > 0 and s.dealt < n:
        snprintf(msg, size, "history: betting starts only after every card is dealt")
        return 1
    for i in range(MAX_HISTORY):
        if (s.history[i] > BET) if i < s.history_length else (s.history[i] != 0):
            snprintf(msg, size, "history[%d]: %d is not a pass or a bet", i, <int>s.history[i])
            return 1
    replay(s, &r)
    if r.history_length != s.history_length:
        snprintf(msg, size, "history: the hand is over after %d decisions", <int>r.history_length)
        return 1
    if r.first_bettor != s.first_bettor:
        snprintf(msg, size, "history: first bettor %d, the betting gives %d", <int>s.first_bettor, <int>r.first_bettor)
        return 1
    for i in range(MAX_KUHN_PLAYERS):
        if r.in_pot[i] != s.in_pot[i]:
            snprintf(msg, size, "in_pot[%d]: %d chips, the betting gives %d", i, <int>s.in_pot[i], <int>r.in_pot[i])
            return 1
    if r.to_move != s.to_move:
        snprintf(msg, size, "to_move: %d, the betting gives %d", <int>s.to_move, <int>r.to_move)
        return 1
    if r.finished != s.finished:
        snprintf(msg, size, "finished: %d, the betting gives %d", <int>s.finished, <int>r.finished)
        return 1
    return 0


def check_state(bytes data):
    """None when `data` is a Kuhn poker state the rules allow, otherwise "field: reason"."""
    return state_error(data, sizeof(KuhnState), check)


def action_to_string(bytes data, action):
    cdef int a = action_id(action, NUM_ACTIONS, "kuhn_poker")
    cdef KuhnState s = load(data)
    if FIRST_DEAL <= a < HIDDEN_DEAL:
        return f"deal {CARD_NAMES[a - FIRST_DEAL]}"
    if a == HIDDEN_DEAL:
        return "deal ?"
    if s.first_bettor >= 0:
        return "call" if a == BET else "fold"
    return "bet" if a == BET else "pass"


def state_to_dict(bytes data, observer=None):
    cdef KuhnState s = load(data)
    cards = []
    for i in range(s.num_players):
        if i >= s.dealt:
            cards.append(None)
        elif observer is None or observer == i:
            cards.append(CARD_NAMES[s.cards[i]])
        else:
            cards.append("?")
    return {"cards": cards, "history": "".join("pb"[s.history[i]] for i in range(s.history_length))}


def phase_name(bytes data):
    """The phase's name, as a position's header gives it: "deal" while cards are dealt, "betting", then
    "showdown" once the betting has ended (the game is over)."""
    cdef KuhnState s = load(data)
    if s.dealt < s.num_players:
        return "deal"
    return "showdown" if current_player(&s) == TERMINAL else "betting"


def state_from_dict(dict params, dict doc):
    """Rebuilds a state by replaying the deal and the betting; '?' cards get any unused card (the caller
    then determinizes for the observer)."""
    known_fields(doc, ("cards", "history"))       # the fields state_to_dict writes; a misspelt one is refused
    n = params["players"]
    cards = doc.get("cards")
    if not isinstance(cards, list) or len(cards) != n:
        raise ValueError(f"cards: expected a list of {n} entries (card name, '?' or null)")
    history = doc.get("history", "")
    if not isinstance(history, str) or any(ch not in "pb" for ch in history):
        raise ValueError("history: expected a string of 'p' (pass/fold) and 'b' (bet/call)")
    dealt = 0
    while dealt < n and cards[dealt] is not None:
        dealt += 1
    if any(c is not None for c in cards[dealt:]):
        raise ValueError("cards: cards are dealt in seat order, so no card may follow an undealt one")
    known = [c for c in cards[:dealt] if c != "?"]
    for c in known:
        # a list, not the string "JQK": "" and "QK" are substrings of it but not cards
        if c not in list(CARD_NAMES[:n + 1]):
            raise ValueError(f"cards: {c!r} is not one of {list(CARD_NAMES[:n + 1])} or '?'")
    if len(set(known)) != len(known):
        raise ValueError("cards: a card appears twice")
    if history and dealt < n:
        raise ValueError("history: betting starts only after every card is dealt")
    spare = [c for c in CARD_NAMES[:n + 1] if c not in known]
    s_bytes = initial_state(params)
    cdef KuhnState s = load(s_bytes)
    for c in cards[:dealt]:
        name = spare.pop(0) if c == "?" else c
        apply_action(&s, FIRST_DEAL + CARD_NAMES.index(name))
    for i, ch in enumerate(history):
        if current_player(&s) < 0:
            raise ValueError(f"history: the hand is over after {i} decisions")
        apply_action(&s, BET if ch == "b" else PASS)
    return state_bytes(&s, sizeof(s))


def render(bytes data, observer=None):
    doc = state_to_dict(data, observer)
    cdef KuhnState s = load(data)
    seats = []
    for i, card in enumerate(doc["cards"]):
        seats.append(f"player {i}: card {card or '-'}, {s.in_pot[i]} in the pot")
    return "\n".join(seats + [f"betting: {doc['history'] or '(none)'}"])


def observation_size(dict params):
    return 2 * MAX_CARDS + 2 * MAX_HISTORY + MAX_KUHN_PLAYERS


def observation(bytes data, int player):
    """Own card one-hot (4), cards `player` has not seen (4), the betting history as pass/bet one-hots per
    decision (2 x 5), chips each seat has in the pot (3)."""
    cdef KuhnState s = load(data)
    own = [1.0 if player < s.dealt and s.cards[player] == c else 0.0 for c in range(MAX_CARDS)]
    unseen = [0.0 if (player < s.dealt and s.cards[player] == c) else 1.0 for c in range(num_cards(&s))]
    unseen += [0.0] * (MAX_CARDS - len(unseen))
    history = []
    for i in range(MAX_HISTORY):
        history += [1.0 if i < s.history_length and s.history[i] == PASS else 0.0,
                    1.0 if i < s.history_length and s.history[i] == BET else 0.0]
    return own + unseen + history + [float(s.in_pot[i]) for i in range(MAX_KUHN_PLAYERS)]
