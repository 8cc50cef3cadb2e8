from libc.stdint cimport int8_t, uint8_t

cdef enum:
    MIN_KUHN_PLAYERS = 2
    MAX_KUHN_PLAYERS = 3
    MAX_CARDS = 4                    # players + 1 cards: J Q K (2 players), J Q K A (3 players)
    PASS = 0
    BET = 1
    FIRST_DEAL = 2                   # chance outcome "deal card c" is FIRST_DEAL + c
    HIDDEN_DEAL = FIRST_DEAL + MAX_CARDS   # a deal to somebody else, as an observer perceives it
    NUM_ACTIONS = HIDDEN_DEAL + 1
    MAX_HISTORY = 2 * MAX_KUHN_PLAYERS - 1    # max_betting_decisions() at the most players

ctypedef struct KuhnState:
    uint8_t num_players
    uint8_t dealt                    # cards dealt so far; player `dealt` is dealt next
    int8_t cards[MAX_KUHN_PLAYERS]   # -1 until dealt
    uint8_t history_length
    uint8_t history[MAX_HISTORY]     # PASS / BET decisions in order
    int8_t first_bettor              # -1 while nobody has bet
    uint8_t in_pot[MAX_KUHN_PLAYERS] # chips each player put in (ante 1, +1 for a bet or call)
    uint8_t to_move
    uint8_t finished


cdef inline int max_betting_decisions(int players) noexcept nogil:
    """The longest betting: everybody passes but the last, who bets, and the others answer it (2n - 1)."""
    return 2 * players - 1
