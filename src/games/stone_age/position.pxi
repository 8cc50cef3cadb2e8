# Stone Age: positions as JSON-ready dicts (state_to_dict / state_from_dict with their validation), the state as
# bytes (load / dump; its size is Game.state_size) and check_state for Python. Layout and field names: README.md, "State".

from cavemind.games.fields import boolean, field, in_range, int_list, integer, known_fields, one_of, typed

# The fields of each object of a position, as state_to_dict writes them: loading refuses any other (README.md,
# "State"); "placed" and "unseen_buildings" are keyed by location and building names, checked as names.
STATE_FIELDS = ("round", "phase", "current_player", "start_player", "display", "deck", "stacks", "unseen_buildings",
                "igloos_built", "animal", "animals_waiting", "players", "step")
PLAYER_FIELDS = ("score", "food", *RESOURCES, "agriculture", "people", "available", "tools", "tools_used",
                 "one_use_tools", "buildings", "igloos", "on_animal", "placed", "cards", "hidden_cards")
DECK_FIELDS = ("size", "animals", "cards")
STACK_FIELDS = ("left", "top")
STEP_FIELDS = ("loc", "resolver", "players_done", "dice", "dice_total", "tool_bonus", "last_tool_key", "roll_yield",
               "pay_left", "pay_last", "paid", "choice_left", "card", "reveal_stack", "bar", "bar_left", "picks_left",
               "animal_face", "end_triggered", "finished", "steps", "choice_kept")

cdef State load(bytes data) except *:
    cdef State s
    load_state(&s, sizeof(State), data)
    return s


cdef bytes dump(State* s):
    return state_bytes(s, sizeof(State))


def _card_list(uint64_t mask):
    return [CARD_IDS[c] for c in range(NUM_CARDS) if (mask >> c) & 1]


def state_to_dict(bytes data, observer=None):
    """A JSON-ready dict. With `observer`, the deck order/contents and the other players' face-down cards are
    left out (only their numbers are given)."""
    cdef State s = load(data)
    cdef int q, i
    if observer is not None and not (0 <= observer < s.num_players):
        raise ValueError("observer: not a player of this game")
    players = []
    for q in range(s.num_players):
        me = &s.pl[q]
        see_hidden = observer is None or observer == q
        players.append({
            "score": int(me.score), "food": int(me.food),
            **{RESOURCES[r]: int(me.res[r]) for r in range(4)},
            "agriculture": int(me.agriculture), "people": int(me.people), "available": int(me.available),
            "tools": [int(me.tools[i]) for i in range(3)],
            "tools_used": [bool((me.tools_used >> i) & 1) for i in range(3)],
            "one_use_tools": [v for v in (2, 3, 4) if (me.one_use >> (v - 2)) & 1],
            "buildings": int(me.buildings), "igloos": int(me.igloos), "on_animal": int(me.on_animal),
            "placed": {LOCATIONS[l]: int(me.placed[l]) for l in range(NUM_LOC) if me.placed[l]},
            "cards": _card_list(me.cards & ~me.hidden),
            "hidden_cards": _card_list(me.hidden) if see_hidden else popcount(me.hidden),
        })
    deck = {"size": popcount(s.deck & CIV_MASK),
            "animals": [ANIMAL_NAMES[a] for a in range(NUM_ANIMALS) if (s.deck >> (NUM_CARDS + a)) & 1]}
    if observer is None:
        deck["cards"] = _card_list(s.deck & CIV_MASK)
    doc = {
        "round": int(s.round), "phase": PHASES[s.phase],
        "current_player": int(s.current), "start_player": int(s.start_player),
        "display": [CARD_IDS[s.display[i]] if s.display[i] != NONE else None for i in range(4)],
        "deck": deck,
        "stacks": [{"left": int(s.stack_count[i]),
                    "top": BUILDING_NAMES[s.stack_top[i]] if s.stack_top[i] != NONE else None}
                   for i in range(s.num_players)],
        "unseen_buildings": {BUILDING_NAMES[t]: int(s.unseen_buildings[t])
                             for t in range(NUM_BUILDING_TYPES) if s.unseen_buildings[t]},
        "igloos_built": [IGLOO_NAMES[i] for i in range(4) if (s.igloos_built >> i) & 1],
        "animal": ANIMAL_NAMES[s.animal] if s.animal != NONE else None,
        "animals_waiting": [ANIMAL_NAMES[a] for a in s.animals_waiting[:4] if a != NONE],
        "players": players,
        "step": {
            "loc": LOCATIONS[s.loc] if s.phase not in (PH_REFILL, PH_REVEAL, PH_END) else int(s.loc),
            "resolver": int(s.resolver), "players_done": int(s.players_done),
            "dice": int(s.dice), "dice_total": int(s.dice_total), "tool_bonus": int(s.tool_bonus),
            "last_tool_key": int(s.last_tool_key), "roll_yield": int(s.roll_yield),
            "pay_left": int(s.pay_left), "pay_last": int(s.pay_last), "paid": [int(x) for x in s.paid[:4]],
            "choice_left": int(s.choice_left), "card": CARD_IDS[s.card] if s.card != NONE else None,
            "reveal_stack": int(s.reveal_stack), "bar": [int(x) for x in s.bar[:6]], "bar_left": int(s.bar_left),
            "picks_left": int(s.picks_left), "animal_face": int(s.animal_face),
            "end_triggered": bool(s.end_triggered), "finished": bool(s.finished), "steps": int(s.steps),
            "choice_kept": None if s.choice_kept == NONE else int(s.choice_kept),
        },
    }
    return doc


def state_from_dict(dict params, dict doc):
    """Rebuilds a state from state_to_dict's output; raises ValueError('field: reason') on bad input. A doc
    written from a seat gets the unseen cards filled in from what nobody there has seen (run determinize)."""
    cdef State s
    cdef int q, i, t, n, players = _players(params)
    cdef char msg[MSG_CAP]
    cdef Player* me
    cdef uint64_t bit
    seen_cards = set()
    if not isinstance(doc, dict):
        raise ValueError("state: expected an object")
    known_fields(doc, STATE_FIELDS)
    init_state(&s, players, _options(params))
    s.round = integer(doc, "round", 0, ROUND_LIMIT)
    s.phase = one_of(PHASES, field(doc, "phase"), "phase")
    s.current = integer(doc, "current_player", 0, players - 1)
    s.start_player = integer(doc, "start_player", 0, players - 1)

    def claim(card, path):
        if card in seen_cards:
            raise ValueError(f"{path}: card {CARD_IDS[card]} listed twice")
        seen_cards.add(card)

    display = field(doc, "display", kind=list)
    if len(display) != 4:
        raise ValueError(f"display: expected 4 entries, got {len(display)}")
    for i in range(4):
        s.display[i] = one_of(CARD_IDS, display[i], f"display[{i}]", none=NONE)
        if s.display[i] != NONE:
            claim(s.display[i], f"display[{i}]")
    plist = field(doc, "players", kind=list)
    if len(plist) != players:
        raise ValueError(f"players: expected {players} entries, got {len(plist)}")
    hidden_counts = [0] * players
    for q in range(players):
        path = f"players[{q}]"
        pd = typed(plist[q], dict, path)
        known_fields(pd, PLAYER_FIELDS, path)
        me = &s.pl[q]
        me.score = integer(pd, "score", -LOAD_MAX, LOAD_MAX, f"{path}.score")
        me.food = integer(pd, "food", 0, LOAD_MAX, f"{path}.food")
        for r in range(4):
            me.res[r] = integer(pd, RESOURCES[r], 0, LOAD_MAX, f"{path}.{RESOURCES[r]}")
        me.agriculture = integer(pd, "agriculture", 0, MAX_AGRICULTURE, f"{path}.agriculture")
        me.people = integer(pd, "people", 5, MAX_PEOPLE, f"{path}.people")
        me.available = integer(pd, "available", 0, MAX_PEOPLE, f"{path}.available")
        me.on_animal = integer(pd, "on_animal", 0, MAX_PEOPLE, f"{path}.on_animal", default=0)
        tools = int_list(field(pd, "tools", f"{path}.tools"), 0, 4, f"{path}.tools", length=3)
        used = field(pd, "tools_used", f"{path}.tools_used", default=[False, False, False], kind=list)
        if len(used) != 3 or any(not isinstance(v, bool) for v in used):
            raise ValueError(f"{path}.tools_used: expected 3 booleans")
        for i in range(3):
            me.tools[i] = tools[i]
            if used[i]:
                if not tools[i]:
                    raise ValueError(f"{path}.tools_used: tile {i} does not exist")
                me.tools_used |= 1 << i
        if sum(tools) > MAX_TOOL_VALUE:
            raise ValueError(f"{path}.tools: more than {MAX_TOOL_VALUE} tools")
        for v in int_list(field(pd, "one_use_tools", default=[]), 2, 4, f"{path}.one_use_tools"):
            me.one_use |= 1 << (v - 2)
        me.buildings = integer(pd, "buildings", 0, NUM_BUILDINGS, f"{path}.buildings")
        me.igloos = integer(pd, "igloos", 0, 4, f"{path}.igloos", default=0)
        placed = typed(field(pd, "placed", default={}), dict, f"{path}.placed")
        n = 0
        for name, cnt in placed.items():
            l = one_of(LOCATIONS, name, f"{path}.placed")
            cnt = in_range(cnt, 0, MAX_PEOPLE, f"{path}.placed.{name}")
            if cnt and (l == L_ANIMAL or (L_IGLOO <= l < L_ANIMAL and not (s.options & OPT_IGLOOS))
                        or (L_BUILDING <= l < L_IGLOO and l - L_BUILDING >= players)):
                raise ValueError(f"{path}.placed.{name}: not a location of this game (people on the animal "
                                 "are given as on_animal)")
            me.placed[l] = cnt
            n += cnt
        if n + me.available + me.on_animal > me.people:
            raise ValueError(f"{path}: more people placed and available than owned")
        for cid in field(pd, "cards", f"{path}.cards", kind=list):
            c = one_of(CARD_IDS, cid, f"{path}.cards")
            claim(c, f"{path}.cards")
            me.cards |= (<uint64_t>1) << c
        hid = pd.get("hidden_cards", [])
        if isinstance(hid, int) and not isinstance(hid, bool):
            hidden_counts[q] = in_range(hid, 0, NUM_CARDS, f"{path}.hidden_cards")
        elif isinstance(hid, list):
            for cid in hid:
                c = one_of(CARD_IDS, cid, f"{path}.hidden_cards")
                claim(c, f"{path}.hidden_cards")
                me.cards |= (<uint64_t>1) << c
                me.hidden |= (<uint64_t>1) << c
        else:
            raise ValueError(f"{path}.hidden_cards: expected a list of card ids or a number")
    deck = field(doc, "deck", kind=dict)
    known_fields(deck, DECK_FIELDS, "deck")
    size = integer(deck, "size", 0, NUM_CARDS, "deck.size")
    s.deck = 0
    listed = 0
    if "cards" in deck:
        cards = field(deck, "cards", "deck.cards", kind=list)
        for cid in cards:
            c = one_of(CARD_IDS, cid, "deck.cards")
            claim(c, "deck.cards")
            s.deck |= (<uint64_t>1) << c
        if len(cards) != size:
            raise ValueError("deck.size: does not match deck.cards")
        listed = size
    # every card not listed anywhere is in the deck or face down with a player whose cards the doc does not show
    unseen = [c for c in range(NUM_CARDS) if c not in seen_cards]
    if len(unseen) != size - listed + sum(hidden_counts):
        raise ValueError(f"deck.size: {len(unseen)} cards are unaccounted for, but the deck and the hidden cards "
                         f"hold {size - listed + sum(hidden_counts)}")
    for q in range(players):
        for i in range(hidden_counts[q]):
            c = unseen.pop(0)
            s.pl[q].cards |= (<uint64_t>1) << c
            s.pl[q].hidden |= (<uint64_t>1) << c
    for c in unseen:
        s.deck |= (<uint64_t>1) << c
    for a in field(deck, "animals", "deck.animals", default=[], kind=list):
        s.deck |= (<uint64_t>1) << (NUM_CARDS + one_of(ANIMAL_NAMES, a, "deck.animals"))
    stacks = field(doc, "stacks", kind=list)
    if len(stacks) != players:
        raise ValueError(f"stacks: expected {players} building stacks, got {len(stacks)}")
    tops = 0
    for i in range(players):
        st = typed(stacks[i], dict, f"stacks[{i}]")
        known_fields(st, STACK_FIELDS, f"stacks[{i}]")
        s.stack_count[i] = integer(st, "left", 0, STACK_SIZE, f"stacks[{i}].left")
        s.stack_top[i] = one_of(BUILDING_NAMES, st.get("top"), f"stacks[{i}].top", none=NONE)
        if s.stack_top[i] != NONE:
            tops += 1
            if s.stack_count[i] == 0:
                raise ValueError(f"stacks[{i}].top: an empty stack has no top")
    unseen_b = field(doc, "unseen_buildings", kind=dict)
    for t in range(NUM_BUILDING_TYPES):
        s.unseen_buildings[t] = 0
    for name, cnt in unseen_b.items():
        t = one_of(BUILDING_NAMES, name, "unseen_buildings")
        s.unseen_buildings[t] = in_range(cnt, 0, BT_COPIES[t], f"unseen_buildings.{name}")
    built = sum(s.pl[q].buildings for q in range(players))
    if sum(unseen_b.values()) + tops + built != NUM_BUILDINGS:
        raise ValueError("unseen_buildings: unseen tiles, stack tops and built buildings must add up to "
                         f"{NUM_BUILDINGS}")
    for i in range(players):
        if s.stack_count[i] - (1 if s.stack_top[i] != NONE else 0) > sum(unseen_b.values()):
            raise ValueError(f"stacks[{i}].left: more tiles than are unseen")
    for name in field(doc, "igloos_built", default=[], kind=list):
        s.igloos_built |= 1 << one_of(IGLOO_NAMES, name, "igloos_built")
    if bin(s.igloos_built).count("1") != sum(s.pl[q].igloos for q in range(players)):
        raise ValueError("igloos_built: does not match the players' igloos")
    s.animal = one_of(ANIMAL_NAMES, doc.get("animal"), "animal", none=NONE)
    waiting = field(doc, "animals_waiting", default=[], kind=list)
    if len(waiting) > 3:
        raise ValueError(f"animals_waiting: at most 3 entries, got {len(waiting)}")
    for i, a in enumerate(waiting):
        s.animals_waiting[i] = one_of(ANIMAL_NAMES, a, f"animals_waiting[{i}]")
    animals_seen = [a for a in [s.animal] + [s.animals_waiting[i] for i in range(4)] if a != NONE]
    animals_seen += [a for a in range(NUM_ANIMALS) if (s.deck >> (NUM_CARDS + a)) & 1]
    if len(set(animals_seen)) != len(animals_seen):
        raise ValueError("animal: an animal is listed twice (active, waiting or in the deck)")
    if animals_seen and not (s.options & OPT_ANIMALS):
        raise ValueError("animal: the wild animals are not in this game")
    step = field(doc, "step", default={}, kind=dict)
    known_fields(step, STEP_FIELDS, "step")
    loc = step.get("loc", 0)
    if isinstance(loc, str):
        s.loc = one_of(LOCATIONS, loc, "step.loc")
    else:
        s.loc = integer(step, "loc", 0, NUM_LOC - 1, "step.loc", default=0)
    s.resolver = integer(step, "resolver", 0, players - 1, "step.resolver", default=0)
    s.players_done = integer(step, "players_done", 0, players, "step.players_done", default=0)
    s.dice = integer(step, "dice", 0, 10, "step.dice", default=0)
    s.dice_total = integer(step, "dice_total", 0, 60, "step.dice_total", default=0)
    s.tool_bonus = integer(step, "tool_bonus", 0, 21, "step.tool_bonus", default=0)
    s.last_tool_key = integer(step, "last_tool_key", 0, 255, "step.last_tool_key", default=255)
    s.roll_yield = integer(step, "roll_yield", 0, 4, "step.roll_yield", default=0)
    s.pay_left = integer(step, "pay_left", 0, MAX_PEOPLE, "step.pay_left", default=0)
    s.pay_last = integer(step, "pay_last", 0, 3, "step.pay_last", default=0)
    paid = int_list(step.get("paid", [0, 0, 0, 0]), 0, MAX_PEOPLE, "step.paid", length=4)
    for i in range(4):
        s.paid[i] = paid[i]
    s.choice_left = integer(step, "choice_left", 0, 2, "step.choice_left", default=0)
    s.card = one_of(CARD_IDS, step.get("card"), "step.card", none=NONE)
    s.reveal_stack = integer(step, "reveal_stack", 0, 255, "step.reveal_stack", default=255)
    bar = int_list(step.get("bar", [0] * 6), 0, 4, "step.bar", length=6)
    for i in range(6):
        s.bar[i] = bar[i]
    s.bar_left = integer(step, "bar_left", 0, 10, "step.bar_left", default=0)
    s.picks_left = integer(step, "picks_left", 0, 4, "step.picks_left", default=0)
    s.animal_face = integer(step, "animal_face", 0, 6, "step.animal_face", default=0)
    s.end_triggered = boolean(step, "end_triggered", "step.end_triggered", default=False)
    s.finished = boolean(step, "finished", "step.finished", default=False)
    s.steps = integer(step, "steps", 0, 65535, "step.steps", default=0)
    s.choice_kept = integer(step, "choice_kept", 0, s.num_players - 1, "step.choice_kept", default=NONE, none=NONE)
    if check_stone_age(&s, msg):
        raise ValueError(msg.decode("utf-8", "replace"))
    return dump(&s)


def check_state(bytes data):
    """None when `data` is a state the rules allow, else "field: reason" naming the first wrong field."""
    return state_error(data, sizeof(State), check_legal_state)


def phase_name(bytes data):
    """The phase's name, as a position's header gives it (src/games/README.md, "Positions")."""
    cdef State s = load(data)
    return PHASES[s.phase]
