# Stone Age: the observation vector for learning agents (layout in README.md, "Observation").

cdef list _one_hot(int index, int size):
    v = [0.0] * size
    if 0 <= index < size:
        v[index] = 1.0
    return v


cdef list _type_counts(uint64_t mask):
    v = [0.0] * MAX_CARD_TYPES
    for c in range(NUM_CARDS):
        if (mask >> c) & 1:
            v[CARD_TYPE[c]] += 1.0
    return v


PLAYER_BLOCK = 2 + 4 + 3 + 3 + 3 + 3 + 3 + NUM_LOC + 2 * MAX_CARD_TYPES + 1 + 1
STACK_BLOCK = 1 + MAX_BUILDING_TYPES
GLOBAL_BLOCK = (1 + len(PHASES) + 1 + 4 * (MAX_CARD_TYPES + 1) + 1 + NUM_ANIMALS + MAX_BUILDING_TYPES + 4
                + 2 * NUM_ANIMALS + NUM_LOC + 14 + 6 + 2 + MAX_CARD_TYPES + 1)


def observation_size(dict params):
    cdef int players = _players(params)
    return GLOBAL_BLOCK + players * (STACK_BLOCK + PLAYER_BLOCK + 1)


def observation(bytes data, int player):
    """`player`'s view as floats: everything public, their own face-down cards, never the deck's contents or
    another player's face-down cards (only their number). Players are listed from `player` clockwise."""
    cdef State s = load(data)
    cdef int q, i, seat
    cdef Player* me
    if not 0 <= player < s.num_players:
        raise ValueError("player: not a player of this game")
    v = [float(s.round)] + _one_hot(s.phase, len(PHASES)) + [1.0 if current_player(&s) == player else 0.0]
    for i in range(4):
        v += _one_hot(CARD_TYPE[s.display[i]] if s.display[i] != NONE else MAX_CARD_TYPES, MAX_CARD_TYPES + 1)
    v.append(float(popcount(s.deck & CIV_MASK)))
    v += [float((s.deck >> (NUM_CARDS + a)) & 1) for a in range(NUM_ANIMALS)]
    v += [float(s.unseen_buildings[t]) for t in range(MAX_BUILDING_TYPES)]
    v += [float((s.igloos_built >> i) & 1) for i in range(4)]
    v += _one_hot(s.animal if s.animal != NONE else -1, NUM_ANIMALS)
    v += [float(sum(1 for i in range(4) if s.animals_waiting[i] == a)) for a in range(NUM_ANIMALS)]
    v += _one_hot(s.loc if s.phase not in (PH_REFILL, PH_REVEAL, PH_END) else -1, NUM_LOC)
    v += [float(x) for x in (s.dice, s.dice_total, s.tool_bonus, s.last_tool_key / 255.0, s.roll_yield,
                             s.pay_left, s.pay_last, s.paid[0], s.paid[1], s.paid[2], s.paid[3], s.choice_left,
                             s.bar_left, s.picks_left)]
    v += [float(s.bar[i]) for i in range(6)]
    v += [float(s.animal_face), float(s.end_triggered)]
    v += _one_hot(CARD_TYPE[s.card] if s.card != NONE else -1, MAX_CARD_TYPES)
    v.append(float((s.start_player - player) % s.num_players))
    for i in range(s.num_players):
        v += [float(s.stack_count[i])] + _one_hot(s.stack_top[i] if s.stack_top[i] != NONE else -1,
                                                  MAX_BUILDING_TYPES)
    for seat in range(s.num_players):
        q = (player + seat) % s.num_players
        me = &s.pl[q]
        v += [float(me.score), float(me.food)] + [float(me.res[r]) for r in range(4)]
        v += [float(me.agriculture), float(me.people), float(me.available)]
        v += [float(me.tools[i]) for i in range(3)] + [float((me.tools_used >> i) & 1) for i in range(3)]
        v += [float((me.one_use >> i) & 1) for i in range(3)]
        v += [float(me.buildings), float(me.igloos), float(me.on_animal)]
        v += [float(me.placed[l]) for l in range(NUM_LOC)]
        v += _type_counts(me.cards & ~me.hidden)
        v += _type_counts(me.hidden) if q == player else [0.0] * MAX_CARD_TYPES
        v.append(float(popcount(me.hidden)))
        v.append(1.0 if s.choice_kept == q else 0.0)
        v.append(1.0 if q == s.current and current_player(&s) >= 0 else 0.0)
    return v
