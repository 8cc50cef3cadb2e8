# Stone Age: positions as JSON-ready dicts (state_to_dict / state_from_dict with their validation), the state as
# bytes (load / dump / state_size) and check_state for Python. Layout and field names: README.md, "State".

cdef State load(bytes data) except *:
    cdef State s
    if len(data) != sizeof(State):
        raise ValueError("state: wrong size")
    memcpy(&s, <const char*>data, sizeof(State))
    return s


cdef bytes dump(State* s):
    return (<char*>s)[:sizeof(State)]


def state_size():
    return sizeof(State)


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


def _field(doc, key, path, kind=int, lo=None, hi=None, default=None):
    """One validated field: raises ValueError('path: reason')."""
    if key not in doc:
        if default is not None:
            return default
        raise ValueError(f"{path}: missing")
    v = doc[key]
    if kind is int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"{path}: expected an integer")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise ValueError(f"{path}: {v} is out of range {lo}..{hi}")
    elif kind is bool:
        if not isinstance(v, bool):
            raise ValueError(f"{path}: expected true or false")
    elif kind is list:
        if not isinstance(v, list):
            raise ValueError(f"{path}: expected a list")
    elif kind is dict:
        if not isinstance(v, dict):
            raise ValueError(f"{path}: expected an object")
    return v


def _name_index(names, v, path, allow_none=False):
    if v is None and allow_none:
        return NONE
    if v not in names:
        raise ValueError(f"{path}: unknown name {v!r}")
    return names.index(v)


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
    init_state(&s, players, _options(params))
    s.round = _field(doc, "round", "round", int, 0, ROUND_LIMIT)
    s.phase = _name_index(PHASES, doc.get("phase"), "phase")
    s.current = _field(doc, "current_player", "current_player", int, 0, players - 1)
    s.start_player = _field(doc, "start_player", "start_player", int, 0, players - 1)

    def claim(card, path):
        if card in seen_cards:
            raise ValueError(f"{path}: card {CARD_IDS[card]} listed twice")
        seen_cards.add(card)

    display = _field(doc, "display", "display", list)
    if len(display) != 4:
        raise ValueError("display: expected 4 entries")
    for i in range(4):
        s.display[i] = _name_index(CARD_IDS, display[i], f"display[{i}]", allow_none=True)
        if s.display[i] != NONE:
            claim(s.display[i], f"display[{i}]")
    plist = _field(doc, "players", "players", list)
    if len(plist) != players:
        raise ValueError(f"players: expected {players} entries")
    hidden_counts = [0] * players
    for q in range(players):
        pd = plist[q]
        path = f"players[{q}]"
        if not isinstance(pd, dict):
            raise ValueError(f"{path}: expected an object")
        me = &s.pl[q]
        me.score = _field(pd, "score", f"{path}.score", int, -LOAD_MAX, LOAD_MAX)
        me.food = _field(pd, "food", f"{path}.food", int, 0, LOAD_MAX)
        for r in range(4):
            me.res[r] = _field(pd, RESOURCES[r], f"{path}.{RESOURCES[r]}", int, 0, LOAD_MAX)
        me.agriculture = _field(pd, "agriculture", f"{path}.agriculture", int, 0, MAX_AGRICULTURE)
        me.people = _field(pd, "people", f"{path}.people", int, 5, MAX_PEOPLE)
        me.available = _field(pd, "available", f"{path}.available", int, 0, MAX_PEOPLE)
        me.on_animal = _field(pd, "on_animal", f"{path}.on_animal", int, 0, MAX_PEOPLE, default=0)
        tools = _field(pd, "tools", f"{path}.tools", list)
        if len(tools) != 3 or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 4 for v in tools):
            raise ValueError(f"{path}.tools: expected 3 tile values 0..4")
        used = pd.get("tools_used", [False, False, False])
        if not isinstance(used, list) or len(used) != 3 or any(not isinstance(v, bool) for v in used):
            raise ValueError(f"{path}.tools_used: expected 3 booleans")
        for i in range(3):
            me.tools[i] = tools[i]
            if used[i]:
                if not tools[i]:
                    raise ValueError(f"{path}.tools_used: tile {i} does not exist")
                me.tools_used |= 1 << i
        if sum(tools) > MAX_TOOL_VALUE:
            raise ValueError(f"{path}.tools: more than {MAX_TOOL_VALUE} tools")
        for v in _field(pd, "one_use_tools", f"{path}.one_use_tools", list, default=[]):
            if v not in (2, 3, 4):
                raise ValueError(f"{path}.one_use_tools: {v!r} is not 2, 3 or 4")
            me.one_use |= 1 << (v - 2)
        me.buildings = _field(pd, "buildings", f"{path}.buildings", int, 0, NUM_BUILDINGS)
        me.igloos = _field(pd, "igloos", f"{path}.igloos", int, 0, 4, default=0)
        placed = _field(pd, "placed", f"{path}.placed", dict, default={})
        n = 0
        for name, cnt in placed.items():
            l = _name_index(LOCATIONS, name, f"{path}.placed")
            if isinstance(cnt, bool) or not isinstance(cnt, int) or not 0 <= cnt <= MAX_PEOPLE:
                raise ValueError(f"{path}.placed.{name}: expected 0..{MAX_PEOPLE}")
            if cnt and (l == L_ANIMAL or (L_IGLOO <= l < L_ANIMAL and not (s.options & OPT_IGLOOS))
                        or (L_BUILDING <= l < L_IGLOO and l - L_BUILDING >= players)):
                raise ValueError(f"{path}.placed.{name}: not a location of this game (people on the animal "
                                 "are given as on_animal)")
            me.placed[l] = cnt
            n += cnt
        if n + me.available + me.on_animal > me.people:
            raise ValueError(f"{path}: more people placed and available than owned")
        for cid in _field(pd, "cards", f"{path}.cards", list):
            c = _name_index(CARD_IDS, cid, f"{path}.cards")
            claim(c, f"{path}.cards")
            me.cards |= (<uint64_t>1) << c
        hid = pd.get("hidden_cards", [])
        if isinstance(hid, int) and not isinstance(hid, bool):
            if not 0 <= hid <= NUM_CARDS:
                raise ValueError(f"{path}.hidden_cards: out of range")
            hidden_counts[q] = hid
        elif isinstance(hid, list):
            for cid in hid:
                c = _name_index(CARD_IDS, cid, f"{path}.hidden_cards")
                claim(c, f"{path}.hidden_cards")
                me.cards |= (<uint64_t>1) << c
                me.hidden |= (<uint64_t>1) << c
        else:
            raise ValueError(f"{path}.hidden_cards: expected a list of card ids or a number")
        for v in (2, 3, 4):
            if (me.one_use >> (v - 2)) & 1:
                owns = any(CARD_EFFECT[c] == EFF_ONE_USE_TOOL and CARD_AMOUNT[c] == v and (me.cards >> c) & 1
                           for c in range(NUM_CARDS))
                if not owns:
                    raise ValueError(f"{path}.one_use_tools: the tool card {v} is not among the player's cards")
    deck = _field(doc, "deck", "deck", dict)
    size = _field(deck, "size", "deck.size", int, 0, NUM_CARDS)
    s.deck = 0
    listed = 0
    if "cards" in deck:
        cards = _field(deck, "cards", "deck.cards", list)
        for cid in cards:
            c = _name_index(CARD_IDS, cid, "deck.cards")
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
    for a in _field(deck, "animals", "deck.animals", list, default=[]):
        s.deck |= (<uint64_t>1) << (NUM_CARDS + _name_index(ANIMAL_NAMES, a, "deck.animals"))
    stacks = _field(doc, "stacks", "stacks", list)
    if len(stacks) != players:
        raise ValueError(f"stacks: expected {players} building stacks")
    tops = 0
    for i in range(players):
        st = stacks[i]
        if not isinstance(st, dict):
            raise ValueError(f"stacks[{i}]: expected an object")
        s.stack_count[i] = _field(st, "left", f"stacks[{i}].left", int, 0, STACK_SIZE)
        s.stack_top[i] = _name_index(BUILDING_NAMES, st.get("top"), f"stacks[{i}].top", allow_none=True)
        if s.stack_top[i] != NONE:
            tops += 1
            if s.stack_count[i] == 0:
                raise ValueError(f"stacks[{i}].top: an empty stack has no top")
    unseen_b = _field(doc, "unseen_buildings", "unseen_buildings", dict)
    for t in range(NUM_BUILDING_TYPES):
        s.unseen_buildings[t] = 0
    for name, cnt in unseen_b.items():
        t = _name_index(BUILDING_NAMES, name, "unseen_buildings")
        if isinstance(cnt, bool) or not isinstance(cnt, int) or not 0 <= cnt <= BT_COPIES[t]:
            raise ValueError(f"unseen_buildings.{name}: expected 0..{BT_COPIES[t]}")
        s.unseen_buildings[t] = cnt
    built = sum(s.pl[q].buildings for q in range(players))
    if sum(unseen_b.values()) + tops + built != NUM_BUILDINGS:
        raise ValueError("unseen_buildings: unseen tiles, stack tops and built buildings must add up to "
                         f"{NUM_BUILDINGS}")
    for i in range(players):
        if s.stack_count[i] - (1 if s.stack_top[i] != NONE else 0) > sum(unseen_b.values()):
            raise ValueError(f"stacks[{i}].left: more tiles than are unseen")
    for name in _field(doc, "igloos_built", "igloos_built", list, default=[]):
        s.igloos_built |= 1 << _name_index(IGLOO_NAMES, name, "igloos_built")
    if bin(s.igloos_built).count("1") != sum(s.pl[q].igloos for q in range(players)):
        raise ValueError("igloos_built: does not match the players' igloos")
    s.animal = _name_index(ANIMAL_NAMES, doc.get("animal"), "animal", allow_none=True)
    waiting = _field(doc, "animals_waiting", "animals_waiting", list, default=[])
    if len(waiting) > 3:
        raise ValueError("animals_waiting: at most 3")
    for i, a in enumerate(waiting):
        s.animals_waiting[i] = _name_index(ANIMAL_NAMES, a, f"animals_waiting[{i}]")
    animals_seen = [a for a in [s.animal] + [s.animals_waiting[i] for i in range(4)] if a != NONE]
    animals_seen += [a for a in range(NUM_ANIMALS) if (s.deck >> (NUM_CARDS + a)) & 1]
    if len(set(animals_seen)) != len(animals_seen):
        raise ValueError("animal: an animal is listed twice (active, waiting or in the deck)")
    if animals_seen and not (s.options & OPT_ANIMALS):
        raise ValueError("animal: the wild animals are not in this game")
    step = _field(doc, "step", "step", dict, default={})
    loc = step.get("loc", 0)
    if isinstance(loc, str):
        s.loc = _name_index(LOCATIONS, loc, "step.loc")
    else:
        s.loc = _field(step, "loc", "step.loc", int, 0, NUM_LOC - 1, default=0)
    s.resolver = _field(step, "resolver", "step.resolver", int, 0, players - 1, default=0)
    s.players_done = _field(step, "players_done", "step.players_done", int, 0, players, default=0)
    s.dice = _field(step, "dice", "step.dice", int, 0, 10, default=0)
    s.dice_total = _field(step, "dice_total", "step.dice_total", int, 0, 60, default=0)
    s.tool_bonus = _field(step, "tool_bonus", "step.tool_bonus", int, 0, 21, default=0)
    s.last_tool_key = _field(step, "last_tool_key", "step.last_tool_key", int, 0, 255, default=255)
    s.roll_yield = _field(step, "roll_yield", "step.roll_yield", int, 0, 4, default=0)
    s.pay_left = _field(step, "pay_left", "step.pay_left", int, 0, MAX_PEOPLE, default=0)
    s.pay_last = _field(step, "pay_last", "step.pay_last", int, 0, 3, default=0)
    paid = _field(step, "paid", "step.paid", list, default=[0, 0, 0, 0])
    if len(paid) != 4 or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_PEOPLE for v in paid):
        raise ValueError(f"step.paid: expected 4 counts 0..{MAX_PEOPLE}")
    for i in range(4):
        s.paid[i] = paid[i]
    s.choice_left = _field(step, "choice_left", "step.choice_left", int, 0, 2, default=0)
    s.card = _name_index(CARD_IDS, step.get("card"), "step.card", allow_none=True)
    s.reveal_stack = _field(step, "reveal_stack", "step.reveal_stack", int, 0, 255, default=255)
    bar = _field(step, "bar", "step.bar", list, default=[0] * 6)
    if len(bar) != 6 or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 4 for v in bar):
        raise ValueError("step.bar: expected 6 counts 0..4")
    for i in range(6):
        s.bar[i] = bar[i]
    s.bar_left = _field(step, "bar_left", "step.bar_left", int, 0, 10, default=0)
    s.picks_left = _field(step, "picks_left", "step.picks_left", int, 0, 4, default=0)
    s.animal_face = _field(step, "animal_face", "step.animal_face", int, 0, 6, default=0)
    s.end_triggered = _field(step, "end_triggered", "step.end_triggered", bool, default=False)
    s.finished = _field(step, "finished", "step.finished", bool, default=False)
    s.steps = _field(step, "steps", "step.steps", int, 0, 65535, default=0)
    kept = step.get("choice_kept")
    s.choice_kept = NONE if kept is None else _field(step, "choice_kept", "step.choice_kept", int, 0, s.num_players - 1)
    if check_stone_age(&s, msg):
        raise ValueError(msg.decode("utf-8", "replace"))
    return dump(&s)


def check_state(bytes data):
    """None when `data` is a state the rules allow, else "field: reason" naming the first wrong field."""
    cdef char msg[MSG_CAP]
    if data is None or len(data) != sizeof(State):
        return f"state: {0 if data is None else len(data)} bytes, expected {sizeof(State)}"
    if check_stone_age(<const State*><const char*>data, msg):
        return msg.decode("utf-8", "replace")
    return None


def phase_name(bytes data):
    """The phase's name, as a position's header gives it (src/games/README.md, "Positions")."""
    cdef State s = load(data)
    return PHASES[s.phase]
