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


def render(bytes data, observer=None):
    cdef PHState s = load(data)
    doc = state_to_dict(data, observer)
    n = s.num_players
    lines = [f"Prehistory, {n} players, round {s.round + 1}/5, {PHASES[s.phase]}"
             + (f" ({ACTIONS[s.summer_action]})" if s.phase == PH_SUMMER else "")
             + (f", seat {actor(&s)} to act" if s.phase not in (PH_FILL, PH_END) else "")]
    lines.append("order: " + " ".join(str(s.turn_order[i]) for i in range(n)))
    if s.pricing_tile[6] != NEED:
        lines.append("central tile: " + " ".join(f"{COLOURS[colour_at(&s, 6, k)]}={move_value(&s, colour_at(&s, 6, k))}"
                                                 for k in range(6)))
    if s.phase != PH_FILL or s.pricing_stack_length == 4:
        for k in range(6):
            if s.pricing_tile[k] == NEED:
                continue
            foot = ",".join(COLOURS[s.footings[k][i] - 1] for i in range(2) if s.footings[k][i]) or "-"
            top = ",".join(f"{s.pillar_cubes[k][c]}{COLOURS[c][0]}" for c in range(NCOL) if s.pillar_cubes[k][c]) or "-"
            prices = "/".join(COLOURS[colour_at(&s, k, j)] for j in range(6))
            lines.append(f"  {ACTIONS[k]:10} prices {prices}  footing {foot}  pillar {top}")
    lines.append("gathering: " + " ".join(str(g - 1) if g else "." for g in doc["gathering_slot"])
                 + "  fish: " + " ".join(f"{SPECIES and ('pike','carp','trout')[(f - 1) // 3]}{(f - 1) % 3 + 1}" if f else "."
                                         for f in doc["fishing_slot"]))
    lines.append("hunting: " + " ".join(f"{SPECIES[H_SPEC[h - 1]]}{'A' if H_ANIMAL[h - 1] else 'F'}{H_COST[h - 1]}" if h else "."
                                        for h in doc["hunting_display"])
                 + "  ceremony: " + " ".join(_card_name(c - 1) if c else "." for c in doc["ceremony_display"]))
    for p in range(n):
        hand = doc["hand"][p]
        if hand is None:
            values = doc["hidden_ceremony_values"][str(p)]
            cards = (f"{plural(sum(values), 'hidden card')} (of value 1/2/3: {'/'.join(map(str, values))})"
                     if sum(values) else "-")
        else:
            cards = " ".join(_card_name(c) for c in range(NCC) for _ in range(hand[c])) or "-"
        lines.append(f"seat {p}: vp {s.victory_points[p]} dev {s.development[p]} fish-track {s.fishing_track[p]} res "
                     + "".join(str(s.resources[p][c]) for c in range(NCOL)) + " markers "
                     + "".join(str(s.action_markers[p][c]) for c in range(NCOL))
                     + f" tent {s.available_members[p]} camps {popcount(s.campsites_built[p])}"
                     + f" painting {s.painted_sections[p]:09b}"
                     + f" weather {s.weather_tile[p] if s.weather_tile[p] != NEED else '?'}/{s.weather_rotation[p]}"
                     + f" ceremony: {cards}")
    glyph = {F_PLAIN: ".", F_CAMP: "^", F_GATHER: "g", F_FISH: "f", F_ANIMAL: "a", F_MEGA_A: "A", F_MEGA_B: "B",
             F_MEGA_C: "C", F_START: "S"}
    # The map with the row and column numbers of the move notation (`select r3c5`); odd rows are shifted
    # right by half a space, as on the board.
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
