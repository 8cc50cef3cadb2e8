# Dino Jagd: JSON positions: state_to_dict (whole or as a seat sees it), state_from_dict with its
# validation, and check_state; the space and card-list names they share with the notation. Included by dino_jagd.pyx.

from cavemind.games.fields import boolean, field, integer, known_fields, one_of, typed

# The fields of each object of a position, as state_to_dict writes them (some only in some phases or from a
# seat's view): loading refuses any other (README.md). The hunting area is keyed by period codes.
STATE_FIELDS = ("phase", "turn_player", "first_player", "turns", "play_deck", "hunting_area", "to_place",
                "dinosaur_discards_seen", "kein_aussterben_marker", "players", "special_discard", "special_deck",
                "special_deck_count", "special_deck_gimmicks_experts", "special_reshuffle", "draw_for", "setup_dealt",
                "to_deal", "hunt")
PLAY_DECK_FIELDS = ("top", "below_top")
PLAYER_FIELDS = ("energy", "period", "had_first_turn", "face_up", "captured", "captured_points", "hand", "hand_count",
                 "gimmicks_used", "drawn_since_reshuffle", "drawn_since_reshuffle_count")
GIMMICK_FIELDS = ("Zielfernrohr", "Stoerfeld")
RESHUFFLE_FIELDS = ("count", "deck_at_reshuffle", "plays_since")
PLAY_FIELDS = ("player", "card", "drawn_before")
HUNT_FIELDS = ("target", "space", "die", "modifier", "override", "ask_next", "passes")

def _slot_name(k):
    return f"{PERIOD_CODES[k // SPACES]}{k % SPACES + 1}"


def _tops(bytes data):
    cdef DinoState s = load(data)
    cdef uint8_t tops[NUM_SLOTS]
    cdef uint8_t heights[NUM_SLOTS]
    slot_tops(&s, tops, heights)
    return [tops[k] for k in range(NUM_SLOTS)]


def _specials_list(counts):
    out = []
    for t in range(NUM_SPECIAL_TYPES):
        out += [SPECIAL_NAMES[t]] * counts[t]
    return out


def _captured(s_loc, i):
    return [CREATURE_NAMES[c] for c in range(NUM_CREATURES) if s_loc[c] == LOC_CAPTURED + i]


def state_to_dict(bytes data, observer=None):
    cdef DinoState s = load(data)
    loc = [s.loc[c] for c in range(NUM_CREATURES)]
    public_score = [sum(CREATURES[c]["points"] for c in range(NUM_CREATURES) if loc[c] == LOC_CAPTURED + i)
                    for i in range(s.num_players)]
    players = []
    for i in range(s.num_players):
        entry = {"energy": s.energy[i], "period": PERIOD_CODES[s.pos[i]], "had_first_turn": bool(s.started[i]),
                 "face_up": _specials_list([s.face_up[i][t] for t in range(NUM_SPECIAL_TYPES)]), "captured": _captured(loc, i),
                 "captured_points": public_score[i]}
        if observer is None or observer == i:
            entry["hand"] = _specials_list([s.hand[i][t] for t in range(NUM_SPECIAL_TYPES)])
        else:
            entry["hand_count"] = hand_count(&s, i)
        if s.scope_used[i] or s.jam_used[i]:
            entry["gimmicks_used"] = {"Zielfernrohr": s.scope_used[i], "Stoerfeld": s.jam_used[i]}
        if s.reshuffles:                # what the seat drew since the reshuffle is secret like its hand
            if observer is None or observer == i:
                entry["drawn_since_reshuffle"] = _specials_list([s.drawn_since[i][t] for t in range(NUM_SPECIAL_TYPES)])
            else:
                entry["drawn_since_reshuffle_count"] = drawn_count(&s, i)
        players.append(entry)
    area = {}
    for q in range(NUM_PERIODS):
        spaces = []
        for k in range(SPACES):
            stack = sorted((s.height[c], c) for c in range(NUM_CREATURES)
                           if loc[c] == LOC_AREA and s.slot[c] == q * SPACES + k)
            spaces.append([CREATURE_NAMES[c] for _, c in stack])
        area[PERIOD_CODES[q]] = spaces
    doc = {
        "phase": PHASE_NAMES[s.phase],
        "turn_player": s.current,
        "first_player": s.first_player,
        "turns": s.turns,
        "play_deck": {"top": CREATURE_NAMES[s.top] if s.top != NONE else None, "below_top": s.deck_below},
        "hunting_area": area,
        "to_place": [CREATURE_NAMES[c] for c in range(NUM_CREATURES) if loc[c] == LOC_PENDING],
        "dinosaur_discards_seen": [CREATURE_NAMES[c] for c in range(NUM_CREATURES) if loc[c] == LOC_DISCARD],
        "kein_aussterben_marker": PERIOD_CODES[s.marker] if s.marker != NONE else None,
        "players": players,
        "special_discard": _specials_list([s.sp_discard[t] for t in range(NUM_SPECIAL_TYPES)]),
    }
    if observer is None:
        doc["special_deck"] = _specials_list([s.sp_deck[t] for t in range(NUM_SPECIAL_TYPES)])
    else:
        doc["special_deck_count"] = deck_total(&s)
        if s.reshuffles:                # the new deck was public and Gimmicks and Experts are drawn face up
            doc["special_deck_gimmicks_experts"] = _specials_list(
                [s.sp_deck[t] if t >= FIRST_FACE_UP else 0 for t in range(NUM_SPECIAL_TYPES)])
    if s.reshuffles:
        doc["special_reshuffle"] = {
            "count": s.reshuffles,
            "deck_at_reshuffle": _specials_list([s.cycle_deck[t] for t in range(NUM_SPECIAL_TYPES)]),
            "plays_since": [{"player": s.play_log[k] >> 4, "card": SPECIAL_NAMES[s.play_log[k] & 15],
                             "drawn_before": s.play_drawn[k]} for k in range(s.plays_logged)]}
    if s.phase in (PH_SETUP_SPECIALS, PH_TURN_DRAW, PH_BONUS_DRAW):
        doc["draw_for"] = s.draw_for
    if s.phase == PH_SETUP_SPECIALS:
        doc["setup_dealt"] = s.setup_dealt
    if s.to_deal:
        doc["to_deal"] = s.to_deal
    if s.target != NONE:
        doc["hunt"] = {"target": CREATURE_NAMES[s.target], "space": _slot_name(s.target_slot), "die": s.die,
                       "modifier": s.mods, "override": {R_NONE: None, R_CAPTURE: "capture", R_MISS: "miss"}[s.override],
                       "ask_next": s.window_pos, "passes": s.passes}
    return doc


def check_state(bytes data):
    """None when `data` is a state the rules allow, else "field: reason" naming the first wrong field."""
    return state_error(data, sizeof(DinoState), check)


def _special_counts(names, path):
    """A list of special card names as counts per type, no type more often than the game has it."""
    counts = [0] * NUM_SPECIAL_TYPES
    for n in typed(names, list, path):
        t = one_of(SPECIAL_NAMES, n, path)
        counts[t] += 1
        if counts[t] > SP_COUNT[t]:
            raise ValueError(f"{path}: more {n} than the {SP_COUNT[t]} in the game")
    return counts


def _slot(value, path):
    if not isinstance(value, str) or len(value) < 2 or value[:-1] not in PERIOD_CODES or value[-1] not in "123"[:SPACES]:
        raise ValueError(f"{path}: expected a space such as 'LJ2'")
    return PERIOD_CODES.index(value[:-1]) * SPACES + int(value[-1]) - 1


cdef deal_hidden_after_reshuffle(DinoState* s, int known):
    """A seat's view gives the other seats' secret cards as counts: deal them (fixed seed) so that they fit the
    plays since the reshuffle, as determinize would (game.state_from_dict then resamples them)."""
    cdef Rng rng
    rng_seed(&rng, 0)
    if deal_since_reshuffle(s, known, &rng) == 3:
        raise ValueError("special_reshuffle: no deal of the hidden special cards fits the draws and plays since "
                         "the reshuffle")


def state_from_dict(dict params, dict doc):
    n = params["players"]
    cdef DinoState s = blank(n)
    known_fields(doc, STATE_FIELDS)
    s.phase = one_of(PHASE_NAMES, field(doc, "phase"), "phase")
    s.current = integer(doc, "turn_player", 0, n - 1)
    s.first_player = integer(doc, "first_player", 0, n - 1)
    s.turns = integer(doc, "turns", 0, MAX_TURNS)
    placed = {}

    def put(name, where, path):
        c = one_of(CREATURE_NAMES, name, path)
        if c in placed:
            raise ValueError(f"{path}: {name} is also in {placed[c]}")
        placed[c] = path
        s.loc[c] = where
        return c

    deck = field(doc, "play_deck", kind=dict)
    known_fields(deck, PLAY_DECK_FIELDS, "play_deck")
    top = deck.get("top")
    if top is not None:
        s.top = put(top, LOC_TOP, "play_deck.top")
    s.deck_below = integer(deck, "below_top", 0, NUM_CREATURES, "play_deck.below_top")
    area = field(doc, "hunting_area", kind=dict)
    known_fields(area, PERIOD_CODES, "hunting_area")
    for q, code in enumerate(PERIOD_CODES):
        spaces = area.get(code, [[]] * SPACES)
        if not isinstance(spaces, list) or len(spaces) != SPACES or not all(isinstance(x, list) for x in spaces):
            raise ValueError(f"hunting_area.{code}: expected {SPACES} lists of creature names (bottom first)")
        for k, stack in enumerate(spaces):
            for h, name in enumerate(stack):
                c = put(name, LOC_AREA, f"hunting_area.{code}")
                if not (CR_PERIODS[c] >> q) & 1:
                    raise ValueError(f"hunting_area.{code}: {name} did not live in that period")
                s.slot[c] = q * SPACES + k
                s.height[c] = h + 1
    for name in field(doc, "to_place", kind=list):
        put(name, LOC_PENDING, "to_place")
    for name in field(doc, "dinosaur_discards_seen", kind=list):
        put(name, LOC_DISCARD, "dinosaur_discards_seen")
    unseen = NUM_CREATURES - len(placed) + (0)
    if s.deck_below > unseen:
        raise ValueError("play_deck.below_top: more cards than creatures not seen")
    s.marker = one_of(PERIOD_CODES, doc.get("kein_aussterben_marker"), "kein_aussterben_marker", none=NONE)
    players = field(doc, "players", kind=list)
    if len(players) != n:
        raise ValueError(f"players: expected {n} entries, got {len(players)}")
    known = [0] * NUM_SPECIAL_TYPES
    hidden_sizes = {}
    for i, entry in enumerate(players):
        f = f"players[{i}]."
        typed(entry, dict, f"players[{i}]")
        known_fields(entry, PLAYER_FIELDS, f"players[{i}]")
        s.energy[i] = integer(entry, "energy", 0, MAX_ENERGY, f + "energy")
        s.pos[i] = one_of(PERIOD_CODES, field(entry, "period", f + "period"), f + "period")
        s.started[i] = boolean(entry, "had_first_turn", f + "had_first_turn", default=False)
        for name in field(entry, "captured", f + "captured", kind=list):
            put(name, LOC_CAPTURED + i, f + "captured")
        fu = _special_counts(field(entry, "face_up", f + "face_up"), f + "face_up")
        for t in range(NUM_SPECIAL_TYPES):
            if fu[t] and t < FIRST_FACE_UP:
                raise ValueError(f"{f}face_up: {SPECIAL_NAMES[t]} is not a Gimmick or Expert")
            s.face_up[i][t] = fu[t]
            known[t] += fu[t]
        if "hand" in entry:
            hd = _special_counts(entry["hand"], f + "hand")
            for t in range(NUM_SPECIAL_TYPES):
                s.hand[i][t] = hd[t]
                known[t] += hd[t]
        else:
            hidden_sizes[i] = integer(entry, "hand_count", 0, 31, f + "hand_count")
        if "special_reshuffle" in doc:
            if "hand" in entry:
                dr = _special_counts(field(entry, "drawn_since_reshuffle", f + "drawn_since_reshuffle"),
                                     f + "drawn_since_reshuffle")
                for t in range(NUM_SPECIAL_TYPES):
                    s.drawn_since[i][t] = dr[t]
            else:                       # a placeholder of the right size until the hidden cards are dealt
                s.drawn_since[i][0] = integer(entry, "drawn_since_reshuffle_count", 0, 31,
                                              f + "drawn_since_reshuffle_count")
        used = typed(entry.get("gimmicks_used", {}), dict, f + "gimmicks_used")
        known_fields(used, GIMMICK_FIELDS, f + "gimmicks_used")
        s.scope_used[i] = integer(used, "Zielfernrohr", 0, 3, f + "gimmicks_used.Zielfernrohr", default=0)
        s.jam_used[i] = integer(used, "Stoerfeld", 0, 2, f + "gimmicks_used.Stoerfeld", default=0)
    disc = _special_counts(field(doc, "special_discard"), "special_discard")
    for t in range(NUM_SPECIAL_TYPES):
        s.sp_discard[t] = disc[t]
        known[t] += disc[t]
    if "special_deck" in doc:
        dk = _special_counts(doc["special_deck"], "special_deck")
        for t in range(NUM_SPECIAL_TYPES):
            known[t] += dk[t]
    for t in range(NUM_SPECIAL_TYPES):
        if known[t] > SP_COUNT[t]:
            raise ValueError(f"special cards: more {SPECIAL_NAMES[t]} than the {SP_COUNT[t]} in the game")
    spare = [SP_COUNT[t] - known[t] for t in range(NUM_SPECIAL_TYPES)]
    deck_face_up = [0] * NUM_SPECIAL_TYPES
    deck_face_up_given = "special_deck_gimmicks_experts" in doc and "special_deck" not in doc
    if deck_face_up_given:
        # after a reshuffle a seat sees which Gimmicks and Experts are in the deck; the others unseen are setup
        # cards still secret
        deck_face_up = _special_counts(doc["special_deck_gimmicks_experts"], "special_deck_gimmicks_experts")
        for t in range(NUM_SPECIAL_TYPES):
            if deck_face_up[t] and t < FIRST_FACE_UP:
                raise ValueError(f"special_deck_gimmicks_experts: {SPECIAL_NAMES[t]} is not a Gimmick or Expert")
            if deck_face_up[t] > spare[t]:
                raise ValueError(f"special_deck_gimmicks_experts: more {SPECIAL_NAMES[t]} than are unseen")
            spare[t] -= deck_face_up[t]
    one_use, gimmicks_experts = list(range(FIRST_FACE_UP)), list(range(FIRST_FACE_UP, NUM_SPECIAL_TYPES))
    for i, size in hidden_sizes.items():
        kinds = one_use
        if size == 1 and not s.started[i]:
            # a setup card may be a Gimmick or Expert; after a reshuffle the unseen ones not in the deck must be
            kinds = gimmicks_experts + one_use if deck_face_up_given else one_use + gimmicks_experts
        for _ in range(size):
            t = next((t for t in kinds if spare[t] > 0), None)
            if t is None:
                raise ValueError(f"players[{i}].hand_count: more secret cards than are unseen")
            spare[t] -= 1
            s.hand[i][t] += 1
    if "special_deck" in doc:
        if any(spare):
            missing = [SPECIAL_NAMES[t] for t in range(NUM_SPECIAL_TYPES) if spare[t]]
            raise ValueError(f"special_deck: cards unaccounted for: {missing}")
        for t in range(NUM_SPECIAL_TYPES):
            s.sp_deck[t] = dk[t]
    else:
        want = integer(doc, "special_deck_count", 0, 31)
        if deck_face_up_given and any(spare[t] for t in gimmicks_experts):
            raise ValueError("special_deck_gimmicks_experts: Gimmicks or Experts unseen that are neither in the deck "
                             "nor a secret setup card")
        if want != sum(spare) + sum(deck_face_up):
            raise ValueError(f"special_deck_count: {want} does not match the {sum(spare) + sum(deck_face_up)} "
                             f"unseen special cards")
        for t in range(NUM_SPECIAL_TYPES):
            s.sp_deck[t] = spare[t] + deck_face_up[t]
    if "special_reshuffle" in doc:      # positions without it: no reshuffle seen (as saved before it existed)
        rs = field(doc, "special_reshuffle", kind=dict)
        known_fields(rs, RESHUFFLE_FIELDS, "special_reshuffle")
        s.reshuffles = integer(rs, "count", 1, 255, "special_reshuffle.count")
        cd = _special_counts(field(rs, "deck_at_reshuffle", "special_reshuffle.deck_at_reshuffle"),
                             "special_reshuffle.deck_at_reshuffle")
        for t in range(NUM_SPECIAL_TYPES):
            s.cycle_deck[t] = cd[t]
        plays = field(rs, "plays_since", "special_reshuffle.plays_since", kind=list)
        if len(plays) > MAX_PLAYS_LOGGED:
            raise ValueError(f"special_reshuffle.plays_since: {len(plays)} plays, at most {MAX_PLAYS_LOGGED}")
        for k, play in enumerate(plays):
            f = f"special_reshuffle.plays_since[{k}]."
            typed(play, dict, f"special_reshuffle.plays_since[{k}]")
            known_fields(play, PLAY_FIELDS, f"special_reshuffle.plays_since[{k}]")
            who = integer(play, "player", 0, n - 1, f + "player")
            card = field(play, "card", f + "card", kind=str)
            if card not in SPECIAL_NAMES[:SP_PRAEMIE_FLEISCH]:
                raise ValueError(f"{f}card: {card!r} is not a special card played from the hand")
            s.play_log[k] = who * 16 + SPECIAL_NAMES.index(card)
            s.play_drawn[k] = integer(play, "drawn_before", 0, 31, f + "drawn_before")
        s.plays_logged = len(plays)
        if hidden_sizes:
            deal_hidden_after_reshuffle(&s, sum(1 << i for i in range(n) if i not in hidden_sizes))
    if s.phase in (PH_SETUP_SPECIALS, PH_TURN_DRAW, PH_BONUS_DRAW):
        s.draw_for = integer(doc, "draw_for", 0, n - 1)
    if s.phase == PH_SETUP_SPECIALS:
        s.setup_dealt = integer(doc, "setup_dealt", 0, n)
    s.to_deal = integer(doc, "to_deal", 0, 6, default=0)
    if "hunt" in doc:
        hunt = field(doc, "hunt", kind=dict)
        known_fields(hunt, HUNT_FIELDS, "hunt")
        s.target = one_of(CREATURE_NAMES, field(hunt, "target", "hunt.target"), "hunt.target")
        s.target_slot = _slot(hunt.get("space"), "hunt.space")
        if s.loc[s.target] != LOC_AREA or s.slot[s.target] != s.target_slot:
            raise ValueError("hunt.target: not in that space of the hunting area")
        s.die = integer(hunt, "die", 0, 6, "hunt.die")
        s.mods = integer(hunt, "modifier", -100, 100, "hunt.modifier")
        # null: no card decides the hunt
        s.override = (R_CAPTURE, R_MISS, R_NONE)[one_of(("capture", "miss"), hunt.get("override"), "hunt.override",
                                                        none=2)]
        s.window_pos = integer(hunt, "ask_next", 0, n - 1, "hunt.ask_next")
        s.passes = integer(hunt, "passes", 0, n, "hunt.passes")
    elif s.phase in (PH_HUNT_ROLL, PH_WINDOW):
        raise ValueError("hunt: missing for a position inside a hunt")
    if s.phase == PH_PLACE and not any(s.loc[c] == LOC_PENDING for c in range(NUM_CREATURES)) \
            and not (s.top == NONE and s.deck_below > 0):
        raise ValueError("to_place: the place phase needs a creature to place")
    if s.phase in (PH_HUNT_ROLL, PH_WINDOW) and s.die == 0 and s.phase == PH_WINDOW:
        raise ValueError("hunt.die: a reaction window needs the roll 1..6")
    size = deck_size(params.get("deck_fraction", 0.5))
    seen = sum(1 for c in range(NUM_CREATURES) if s.loc[c] != LOC_UNSEEN)
    # every creature seen came from the play deck (the cut stack stays face down), so they and the cards still
    # below the top fit in it; fewer is allowed (hand-made scenario positions use short decks)
    if s.deck_below + seen > size:
        raise ValueError(f"play_deck.below_top: {s.deck_below} below the top + {seen} creatures seen, but the play "
                         f"deck of this game (deck_fraction {params.get('deck_fraction', 0.5)}) has {size} cards")
    normalize(&s)                       # forced steps (a finished game, an exhausted window) as in play
    data = (<char*>&s)[:sizeof(s)]
    error = check_state(data)
    if error is not None:
        raise ValueError(error)
    return data


def phase_name(bytes data):
    """The phase's name, as a position's header gives it (src/games/README.md, "Positions")."""
    cdef DinoState s = load(data)
    return PHASE_NAMES[s.phase]
