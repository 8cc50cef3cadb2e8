# Prehistory: move notation (action_to_string) and the text board (render). Included by prehistory.pyx.

def _space_name(sp):
    return f"r{sp // NCOLS}c{sp % NCOLS}"


CER_KIND_NAMES = ("painting", "gathering-sets", "fish-type", "fish-sets", "fishing-15", "animals", "footprints",
                  "terrain", "campsites", "megaliths", "tent", "dev-pairs", "ceremony", "gathering-2",
                  "painting-lines", "fishing-3", "animal-sets", "double")


def _card_name(int c):
    return f"c{c}:{CER_KIND_NAMES[C_KIND[c]]}/v{C_VALUE[c]}"


def action_to_string(bytes data, action):
    cdef int a = action_id(action, NUM_ACTIONS, "prehistory"), idx, t
    cdef PHState s = load(data)
    if s.phase == PH_FILL or a >= A_CHANCE:
        t = fill_target(&s, &idx)
        i = a - A_CHANCE
        kinds = {T_PRICE: "pricing tile", T_SEAT: "first seat", T_WEATHER: "weather tile", T_MAP: "map tile",
                 T_TOKEN_G: "map gathering", T_TOKEN_F: "map fish", T_TOKEN_A: "map animal",
                 T_GATHER: "gathering", T_FISH: "fish", T_HUNT: "hunting card", T_CER: "ceremony card"}
        return f"draw {kinds.get(t, 'item')} {i}"
    if a == A_PASS:
        return "end turn" if s.phase == PH_AUTUMN else "pass"
    if a < A_GATHER:
        return f"paint {a - A_PAINT}"
    if a < A_CER:
        return f"gather {a - A_GATHER}"
    if a < A_FISH:
        return "ceremony " + _card_name(a - A_CER)
    if a < A_HUNT:
        return f"fish {a - A_FISH}"
    if a < A_MIGN:
        return f"hunt {a - A_HUNT}"
    if a < A_DEST:
        return f"migrate {a - A_MIGN}"
    if a < A_PAYC:
        return f"to {_space_name(a - A_DEST)}"
    if a < A_PAYM:
        c = COLOURS[a - A_PAYC]
        if s.pending_decision == SUB_FOOT:
            return f"footing {c}"
        if s.phase == PH_AUTUMN:
            return f"move {c}"
        return f"pay {c}"
    if a < A_SHAMAN:
        return f"move {COLOURS[a - A_PAYM]} marker"
    if a < A_PILLAR:
        return f"shaman {(a - A_SHAMAN) // 6}>{(a - A_SHAMAN) % 6}"
    if a < A_ROT:
        return f"pillar {ACTIONS[a - A_PILLAR]}"
    if a < A_WEATHER:
        return f"rotate {ACTIONS[(a - A_ROT) // 2]} {'cw' if (a - A_ROT) % 2 == 0 else 'ccw'}"
    if a == A_WEATHER:
        return "rotate weather"
    if a < A_BUYMK:
        return f"buy {COLOURS[a - A_BUYRES]} resource"
    if a < A_DISCRES:
        return f"buy {COLOURS[a - A_BUYMK]} marker"
    if a < A_DISCMK:
        return f"discard {COLOURS[a - A_DISCRES]} resource"
    if a < A_DEVMOVE:
        return f"discard {COLOURS[a - A_DISCMK]} marker"
    if a == A_DEVMOVE:
        return "move dev"
    if a < A_STEP:
        return f"select {_space_name(a - A_SELECT)}"
    if a < A_STOP:
        return f"step {DIRS[a - A_STEP]}"
    if a == A_STOP:
        return "stop"
    if a < A_NOBUILD:
        return f"build camp {a - A_BUILD}"
    if a == A_NOBUILD:
        return "no camp"
    if a < A_START:
        return f"settle {_space_name(a - A_SETTLE)}"
    if a < A_CERHIDDEN:
        return f"start weather {(a - A_START) // 2} fire {(a - A_START) % 2}"
    return f"ceremony ?/v{a - A_CERHIDDEN + 1}"


PHASE_TEXT = {"fill": "setup and refills", "start": "setup choices", "spring": "spring", "pick": "summer: taking the pillar markers",
              "summer": "summer", "autumn": "autumn", "final": "final actions", "end": "game over"}
FISH_TYPES = tuple(DATA["fishing"]["types"])
GATHER_TYPES = tuple(DATA["gathering"]["types"])
MAP_LEGEND = ("map legend: . plain, ^ campsite spot, ^N campsite of seat N, g gathering tile, f fish, a animal, "
              "m action marker, A/B/C megalith, S starter space (a digit per member of that seat), "
              "NxK: K members of seat N")
ACTION_LEGEND = ("action rows: the colour each of the six price positions asks for, "
                 "the footing cubes paid in spring, the cubes on the pillar top")


def _colour_counts(counts):
    """Cubes by colour, e.g. '2 grey, 1 red' ('none' when empty)."""
    return ", ".join(f"{k} {COLOURS[c]}" for c, k in enumerate(counts) if k) or "none"


def _reward_text(int code):
    if code < 6:
        return f"1 {COLOURS[code]} resource"
    if code < 12:
        return f"1 {COLOURS[code - 6]} action marker"
    return "1 development point"


def hunting_card_text(int h):
    """A hunting card in words: its species, animal or footprint, its cost and what it gives."""
    if H_ANIMAL[h]:
        return f"{SPECIES[H_SPEC[h]]} animal (cost {H_COST[h]}, {H_VP[h]} VP)"
    gives = " and ".join(_reward_text(H_RW[h][k]) for k in range(2) if H_RW[h][k] != 255)
    return f"{SPECIES[H_SPEC[h]]} footprint (cost {H_COST[h]}" + (f", gives {gives})" if gives else ")")


def ceremony_card_text(int c):
    """A ceremony card by what it scores at the end, with its value (the price) and the id the moves use."""
    param = DATA["ceremony_cards"][c]["param"]
    kind = C_KIND[c]
    if kind == 0:
        what = f"{param[1]} VP for painting sections {', '.join(map(str, param[0]))}"
    elif kind == 1:
        what = "3 VP per pair of gathering tiles" if param == "pairs" else "5 VP per set of 3 gathering tiles"
    elif kind == 2:
        what = f"1 VP per {FISH_TYPES[param]}"
    elif kind == 5:
        what = f"1 VP per {SPECIES[param]} animal"
    elif kind == 6:
        what = f"1 VP per {SPECIES[param]} footprint"
    elif kind == 7:
        what = f"1 VP per member on {TERRAINS[param]}"
    else:
        what = {3: "3 VP per set of 3 different fish", 4: "6 VP at fishing track 15", 8: "1 VP per campsite",
                9: "2 VP per megalith", 10: "2 VP per member in the tent", 11: "1 VP per 2 development points",
                12: "1 VP per ceremony card", 13: "1 VP per 2 gathering tiles", 14: "2 VP per painted line",
                15: "1 VP per 3 fishing steps", 16: "5 VP per set of 3 different animals",
                17: "scores another ceremony card twice"}[kind]
    return f"{what} (value {C_VALUE[c]}) [c{c}]"


def _gathering_tile_text(int kind):
    return GATHER_TYPES[kind // 2] + (" with a development point" if kind % 2 else "")


cdef str _collected_text(PHState* s, int p):
    """What a seat has collected and scores at the end: gathering tiles, fish, hunting cards, map animals."""
    cdef int k
    gathered = ", ".join(f"{s.gathered[p][k]} {GATHER_TYPES[k]}" for k in range(NGT) if s.gathered[p][k])
    fish = ", ".join(f"{s.fish[p][k]} {FISH_TYPES[k // 3]} of value {k % 3 + 1}" for k in range(NFK) if s.fish[p][k])
    hunted = ", ".join(hunting_card_text(k) for k in range(NHC) if s.hunting_cards[p][k])
    animals = ", ".join(f"{s.animal_tokens[p][k]} {SPECIES[k]}" for k in range(NUM_SPECIES) if s.animal_tokens[p][k])
    parts = [f"gathering tiles {gathered}" if gathered else "", f"fish {fish}" if fish else "",
             f"hunting cards {hunted}" if hunted else "", f"map animals {animals}" if animals else "",
             f"{s.megalith_a[p]} megalith A" if s.megalith_a[p] else ""]
    return "; ".join(x for x in parts if x) or "nothing yet"


def render(bytes data, observer=None):
    cdef PHState s = load(data)
    cdef int w
    doc = state_to_dict(data, observer)
    n = s.num_players
    lines = [f"Prehistory, {n} players, round {s.round + 1}/5, {PHASE_TEXT[PHASES[s.phase]]}"
             + (f" ({ACTIONS[s.summer_action]})" if s.phase == PH_SUMMER else "")
             + (f", seat {actor(&s)} to act" if s.phase not in (PH_FILL, PH_END) else "")]
    lines.append("turn order: " + ", ".join(f"seat {s.turn_order[i]}" for i in range(n)))
    if s.pricing_tile[6] != NEED:
        lines.append("central tile (movement points per colour): " + ", ".join(
            f"{COLOURS[colour_at(&s, 6, k)]} {move_value(&s, colour_at(&s, 6, k))}" for k in range(6)))
    if s.phase != PH_FILL or s.pricing_stack_length == 4:
        lines.append(ACTION_LEGEND)
        for k in range(6):
            if s.pricing_tile[k] == NEED:
                continue
            foot = ", ".join(COLOURS[s.footings[k][i] - 1] for i in range(2) if s.footings[k][i]) or "none"
            top = ", ".join(f"{s.pillar_cubes[k][c]} {COLOURS[c]}" for c in range(NCOL) if s.pillar_cubes[k][c]) or "none"
            prices = " ".join(COLOURS[colour_at(&s, k, j)] for j in range(6))
            lines.append(f"  {ACTIONS[k]:10} prices {prices}; footing {foot}; pillar {top}")
    lines.append("gathering tiles: " + "; ".join(f"{i} {_gathering_tile_text(g - 1)}" if g else f"{i} -"
                                                for i, g in enumerate(doc["gathering_slot"])))
    lines.append("fish: " + "; ".join(f"{i} {FISH_TYPES[(f - 1) // 3]} of value {(f - 1) % 3 + 1}" if f else f"{i} -"
                                     for i, f in enumerate(doc["fishing_slot"])))
    lines.append("hunting cards: " + "; ".join(f"{i} {hunting_card_text(h - 1)}" if h else f"{i} -"
                                              for i, h in enumerate(doc["hunting_display"])))
    lines.append("ceremony cards: " + "; ".join(ceremony_card_text(c - 1) if c else "-"
                                               for c in doc["ceremony_display"]))
    for p in range(n):
        hand = doc["hand"][p]
        if hand is None:
            values = doc["hidden_ceremony_values"][str(p)]
            cards = (f"{plural(sum(values), 'hidden card')} (of value 1/2/3: {'/'.join(map(str, values))})"
                     if sum(values) else "none")
        else:
            cards = "; ".join(ceremony_card_text(c) for c in range(NCC) for _ in range(hand[c])) or "none"
        painted = [str(k) for k in range(9) if (s.painted_sections[p] >> k) & 1]
        w = s.weather_tile[p]
        weather = ("unknown" if w == NEED else
                   "next spring pays " + _colour_counts([W_RES[w][(s.weather_rotation[p] + 1) % 4][c] for c in range(NCOL)]))
        lines.append(f"seat {p}: {s.victory_points[p]} VP, {plural(s.development[p], 'development point')}, fishing track "
                     f"{s.fishing_track[p]}, {plural(s.available_members[p], 'member')} in the tent, "
                     f"{plural(popcount(s.campsites_built[p]), 'campsite')}")
        lines.append(f"  resources: {_colour_counts([s.resources[p][c] for c in range(NCOL)])}; action markers: "
                     f"{_colour_counts([s.action_markers[p][c] for c in range(NCOL)])}")
        lines.append(f"  rock painting: {len(painted)} of 9 sections painted ({', '.join(painted) or 'none'}); "
                     f"weather tile: {weather}")
        lines.append(f"  ceremony cards: {cards}")
        lines.append(f"  collected: {_collected_text(&s, p)}; shamans at fire spots "
                     + ", ".join(str(s.shamans[p][k]) for k in range(NUM_SHAMANS)))
    if s.phase == PH_AUTUMN and s.pending_decision == SUB_MOVING:
        lines.append(f"now: moving the member on {_space_name(s.moving_space)}, "
                     f"{plural(s.movement_points, 'movement point')} left")
    elif s.phase == PH_AUTUMN:
        lines.append(f"now: {plural(s.movement_points, 'movement point')} to spend")
    glyph = {F_PLAIN: ".", F_CAMP: "^", F_GATHER: "g", F_FISH: "f", F_ANIMAL: "a", F_MEGA_A: "A", F_MEGA_B: "B",
             F_MEGA_C: "C", F_START: "S"}
    # The map with the row and column numbers of the move notation (`select r3c5`); odd rows are shifted
    # right by half a space, as on the board.
    lines.append(MAP_LEGEND)
    lines.append(("map: " + " ".join(f"c{c:<3}" for c in range(NCOLS))).rstrip())
    for r in range(NROWS):
        row = []
        for c in range(NCOLS):
            sp = r * NCOLS + c
            if not exists(&s, sp):
                row.append("    ")
                continue
            f = feature(&s, sp)
            g = glyph.get(f, "m")
            if s.campsite_owner[sp]:
                g = "^" + str(s.campsite_owner[sp] - 1)
            elif sp == START_SPACE:
                g = "S" + "".join(str(q) * s.starter_members[q] for q in range(n))
            if s.member_owner[sp]:
                g += f"{s.member_owner[sp] - 1}x{s.member_count[sp]}"
            row.append(f"{g:4}")
        if any(x.strip() for x in row):
            lines.append((f"r{r:<3} " + ("  " if r % 2 else "") + " ".join(row)).rstrip())
    return "\n".join(lines)
