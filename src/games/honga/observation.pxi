# Honga: the observation vector for learning agents (layout in README.md, "Observation").

PLAYER_FEATURES = 18


def observation_size(dict params):
    return MAXP * PLAYER_FEATURES + 5 + 5 + 5 + NUM_KINDS * 3 + 1 + 3 * 5 + NUM_FIELDS + 4 + 5 + 25 + 8 + 2 + 5


def observation(bytes data, int player):
    """Layout in src/games/honga/README.md (section 'Observation')."""
    cdef HongaState s = load(data)
    n = s.num_players
    if not 0 <= player < n:
        raise ValueError(f"player: {player} is not a seat of this {n}-player game")
    out = []
    for i in range(MAXP):
        if i < n:
            d = s.waiting_disc[i]
            hands = [DISC_H[d][q] / 5.0 if d != NO_DISC else 0.0 for q in range(4)]
            out += [s.score[i] / 40.0, s.res[i][0] / 8.0, s.res[i][1] / 8.0, s.res[i][2] / 8.0, s.res[i][3] / 8.0,
                    s.board_mammoths[i] / 6.0, s.depot_mammoths[i] / 6.0, s.mountain[i] / 5.0,
                    1.0 if s.honga == i else 0.0, 1.0 if s.tusk == i else 0.0,
                    1.0 if d != NO_DISC and d >= NUM_GREY else 0.0] + hands + [
                    bonus_total(s.bonus_known[i]) / 5.0, bonus_total(s.bonus_fresh[i]) / 5.0,
                    sum(1 for j in range(s.herd_len) if s.herd[j] == i) / 5.0]
        else:
            out += [0.0] * PLAYER_FEATURES
    out += [1.0 if player == i else 0.0 for i in range(MAXP)]
    out += [1.0 if s.to_move == i and not s.finished else 0.0 for i in range(MAXP)]
    out += [1.0 if s.phase == i else 0.0 for i in range(5)]
    out += [s.bonus_known[player][k] / 3.0 for k in range(NUM_KINDS)]
    out += [s.bonus_discard[k] / 3.0 for k in range(NUM_KINDS)]
    out += [s.bonus_played[k] / 2.0 for k in range(NUM_KINDS)]
    out += [bonus_total(s.bonus_pile) / 25.0]
    for i in range(3):
        c = s.trade_slot[i]
        out += [TRADE_COST[c][j] / (12.0 if j == 4 else 3.0) if c != NO_DISC else 0.0 for j in range(5)]
    out += [s.uses[f] / 5.0 for f in range(NUM_FIELDS)]
    out += [1.0 if s.phase == PH_ACT and s.cur_field == f else 0.0 for f in range(4)]
    out += [s.cards_played / 2.0, float(s.sated), float(s.extra_disc), float(s.end_triggered), float(s.finished)]
    for j in range(MAXP):
        out += [1.0 if j < s.herd_len and s.herd[j] == i else 0.0 for i in range(MAXP)]
    hide = pending_hidden(&s, player)
    for j in range(2):
        out += [DISC_H[s.pending[j]][q] / 5.0 if j < s.n_pending and not hide else 0.0 for q in range(4)]
    # discs under the piles (count per colour), the payment in progress
    out += [popcount64(under_mask(&s, 0)) / 5.0, popcount64(under_mask(&s, 1)) / 5.0]
    out += [s.owe[0] / 3.0, s.owe[1] / 3.0, s.owe[2] / 3.0, s.owe_any / 3.0, s.owe_mam / 2.0]
    return [float(x) for x in out]
