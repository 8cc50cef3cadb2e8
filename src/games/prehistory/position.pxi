# Prehistory: JSON positions: the field layout of PHState, state_to_dict (whole or as a seat sees it),
# phase_name, state_dict_from_format_1 (old positions), pack_state / state_from_dict with their validation, and
# check_state. Included by prehistory.pyx.

from cavemind.games.fields import in_range, int_list, known_fields, one_of, sized_list

# (name, struct code, shape) of every PHState field, in the order of prehistory.pxd (the one definition of the
# fields and their meaning); offsets follow C alignment, checked at import against the struct, and
# tests/games/test_prehistory_hardening.py checks this list against prehistory.pxd field by field.
FIELDS = [
    ("num_players", "B", ()), ("round", "B", ()), ("phase", "B", ()), ("pending_decision", "B", ()),
    ("turn", "B", ()), ("summer_action", "B", ()), ("turn_order", "B", (MAXP,)), ("done", "B", (MAXP,)),
    ("pricing_tile", "B", (7,)), ("pricing_rotation", "B", (7,)), ("pricing_stack", "B", (4,)),
    ("pricing_stack_length", "B", ()), ("pricing_pool", "B", (NPRICE,)), ("footings", "B", (6, 2)),
    ("pillar_cubes", "B", (6, NCOL)), ("gathering_slot", "B", (6,)), ("fishing_slot", "B", (6,)),
    ("hunting_display", "B", (5,)), ("ceremony_display", "B", (5,)), ("gathering_pile", "B", (NGK,)),
    ("fish_pile", "B", (NFK,)), ("hunting_pile", "B", (NHC,)), ("ceremony_pile", "B", (NCC,)),
    ("ceremony_discard", "B", (NCC,)), ("map_tile", "B", (NMAPT,)), ("map_pool", "B", (NMAPT,)),
    ("animal_pool", "B", (3,)), ("weather_pool", "B", (NWEATHER,)), ("seat_pool", "B", (MAXP,)),
    ("seats_drawn", "B", ()), ("space_token", "B", (NSP,)), ("member_owner", "B", (NSP,)),
    ("member_count", "B", (NSP,)), ("members_tired", "B", (NSP,)), ("campsite_owner", "B", (NSP,)),
    ("resources", "B", (MAXP, NCOL)), ("action_markers", "B", (MAXP, NCOL)), ("victory_points", "h", (MAXP,)),
    ("development", "B", (MAXP,)), ("fishing_track", "B", (MAXP,)), ("weather_tile", "B", (MAXP,)),
    ("weather_rotation", "B", (MAXP,)), ("shamans", "B", (MAXP, 3)), ("painted_sections", "H", (MAXP,)),
    ("gathered", "B", (MAXP, NGT)), ("fish", "B", (MAXP, NFK)), ("hunting_cards", "B", (MAXP, NHC)),
    ("hand", "B", (MAXP, NCC)), ("animal_tokens", "B", (MAXP, 3)), ("megalith_a", "B", (MAXP,)),
    ("available_members", "B", (MAXP,)), ("members", "B", (MAXP,)), ("campsites_built", "B", (MAXP,)),
    ("ceremony_track", "B", (MAXP,)), ("ceremony_track_length", "B", ()), ("ceremonies_performed", "B", (MAXP,)),
    ("pending_action", "B", ()), ("pending_item", "B", ()), ("pending_left", "B", ()), ("pending_mask", "B", ()),
    ("pending_spring", "B", ()), ("movement_points", "B", ()), ("moving_space", "B", ()),
    ("moving_origin", "B", ()), ("build_space", "B", ()), ("after_fill", "B", ()),
    ("starter_members", "B", (MAXP,)), ("starter_tired", "B", (MAXP,)),
]

# Fields a position writes as names (lower-case words joined by '-') instead of their C codes: the phase
# (PH_* in prehistory.pxd, listed in PHASES), the pending sub-decision (SUB_*) and the phase after the draws.
NAMED_FIELDS = {"phase": PHASES, "pending_decision": PENDING_DECISIONS, "after_fill": PHASES}
# The fields of a position: one per PHState field, and from a seat's view the values of the hidden hands.
# Loading refuses any other.
STATE_FIELDS = (*(name for name, _, _ in FIELDS), "hidden_ceremony_values")

def _layout():
    off = 0
    out = []
    for name, code, shape in FIELDS:
        size = _struct.calcsize(code)
        off = (off + size - 1) // size * size
        count = 1
        for d in shape:
            count *= d
        out.append((name, code, shape, off, count))
        off += size * count
    return out, (off + 1) // 2 * 2


LAYOUT, _SIZE = _layout()
cdef PHState _probe
assert _SIZE == sizeof(PHState), (_SIZE, sizeof(PHState))
_OFFSETS = {f[0]: f[3] for f in LAYOUT}
assert _OFFSETS["victory_points"] == <size_t>(<char*>&_probe.victory_points - <char*>&_probe)
assert _OFFSETS["painted_sections"] == <size_t>(<char*>&_probe.painted_sections - <char*>&_probe)
assert _OFFSETS["pending_action"] == <size_t>(<char*>&_probe.pending_action - <char*>&_probe)
assert _OFFSETS["starter_tired"] == <size_t>(<char*>&_probe.starter_tired - <char*>&_probe)


def _shape(flat, shape):
    if len(shape) == 0:
        return flat[0]
    if len(shape) == 1:
        return list(flat)
    step = len(flat) // shape[0]
    return [_shape(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def _raw_dict(bytes data):
    doc = {}
    for name, code, shape, off, count in LAYOUT:
        flat = _struct.unpack_from("<" + code * count, data, off)
        doc[name] = _shape(flat, shape)
    return doc


def state_to_dict(bytes data, observer=None):
    doc = _raw_dict(data)
    for name, names in NAMED_FIELDS.items():
        # a code beyond the list (only in bytes check_state refuses) stays a number, which loading refuses
        doc[name] = names[doc[name]] if doc[name] < len(names) else doc[name]
    n = doc["num_players"]
    if observer is not None:
        hidden = {}
        for q in range(n):
            if q != observer:
                vals = [0, 0, 0]
                for c, k in enumerate(doc["hand"][q]):
                    if k:
                        vals[C_VALUE[c] - 1] += k
                hidden[str(q)] = vals
                doc["hand"][q] = None
        doc["ceremony_pile"] = None
        doc["hidden_ceremony_values"] = hidden
    return doc


def phase_name(bytes data):
    """The phase's name, as a position's header gives it (src/games/README.md, "Positions")."""
    cdef PHState s = load(data)
    return PHASES[s.phase]


# Format 1 (positions written before 2026-12) named the fields after their first C names and gave the phase,
# the sub-decision and after_fill as numbers: old name -> today's name, for state_dict_from_format_1.
FORMAT_1_NAMES = {
    "sub": "pending_decision", "order": "turn_order", "price_tile": "pricing_tile",
    "price_rot": "pricing_rotation", "stack": "pricing_stack", "stack_len": "pricing_stack_length",
    "price_pool": "pricing_pool", "foot": "footings", "top": "pillar_cubes", "gather_slot": "gathering_slot",
    "fish_slot": "fishing_slot", "hunt_disp": "hunting_display", "cer_disp": "ceremony_display",
    "gather_pile": "gathering_pile", "hunt_pile": "hunting_pile", "cer_pile": "ceremony_pile",
    "cer_discard": "ceremony_discard", "tok": "space_token", "mowner": "member_owner", "mcount": "member_count",
    "mtired": "members_tired", "camp": "campsite_owner", "res": "resources", "mk": "action_markers",
    "vp": "victory_points", "dev": "development", "fishpos": "fishing_track", "weather": "weather_tile",
    "wrot": "weather_rotation", "shaman": "shamans", "paint": "painted_sections", "gath": "gathered",
    "hunt": "hunting_cards", "animal_tok": "animal_tokens", "megaA": "megalith_a", "avail": "available_members",
    "camps_used": "campsites_built", "cer_track": "ceremony_track", "cer_len": "ceremony_track_length",
    "cer_count": "ceremonies_performed", "p_action": "pending_action", "p_item": "pending_item",
    "p_left": "pending_left", "p_mask": "pending_mask", "p_spring": "pending_spring", "mp": "movement_points",
    "mv_pos": "moving_space", "mv_origin": "moving_origin", "st_count": "starter_members",
    "st_tired": "starter_tired",
}


def state_dict_from_format_1(dict doc):
    """A format-1 `state` object in today's shape (a new dict; `doc` is untouched): the fields renamed, the
    phase, the sub-decision and after_fill from numbers to names. ValueError naming the field on a number that
    names nothing; everything else is checked by state_from_dict as usual."""
    new = {FORMAT_1_NAMES.get(key, key): value for key, value in doc.items()}
    for name, names in NAMED_FIELDS.items():
        if name not in new:
            continue                                # state_from_dict names the missing field
        new[name] = names[in_range(new[name], 0, len(names) - 1, name)]     # format 1 wrote the C code
    return new


def _check_field(name, value, code, shape):
    """The flat list of a field's integers; ValueError naming the entry (e.g. hand[1][3]) when a value does
    not fit the C type or a list has the wrong length."""
    lo, hi = (-32768, 32767) if code == "h" else ((0, 65535) if code == "H" else (0, 255))
    if len(shape) == 0:
        return [in_range(value, lo, hi, name)]
    if len(shape) == 1:
        return int_list(value, lo, hi, name, length=shape[0])
    flat = []
    for i, v in enumerate(sized_list(value, name, shape[0])):
        flat += _check_field(f"{name}[{i}]", v, code, shape[1:])
    return flat


def _rebuild_hidden_cards(doc, hidden):
    """A seat's view hides the other hands and the pile: the hidden seats get the lowest-numbered unseen cards
    of the values they are known to hold (state_from_json then resamples them), the pile gets the rest."""
    if not isinstance(hidden, dict):
        raise ValueError("hidden_ceremony_values: needed when hands or the ceremony pile are hidden")
    hand = sized_list(doc.get("hand"), "hand", MAXP)
    for name, shape in (("ceremony_display", (5,)), ("ceremony_discard", (NCC,))):
        if name not in doc:
            raise ValueError(f"{name}: missing (needed to rebuild the hidden ceremony cards)")
        _check_field(name, doc[name], "B", shape)
    hand = [None if h is None else _check_field(f"hand[{q}]", h, "B", (NCC,)) for q, h in enumerate(hand)]
    unseen = [1] * NCC
    for i, c in enumerate(doc["ceremony_display"]):
        if c > NCC:
            raise ValueError(f"ceremony_display[{i}]: {c}, expected 0 or a card + 1 (1..{NCC})")
        if c:
            unseen[c - 1] -= 1
    for c in range(NCC):
        unseen[c] -= doc["ceremony_discard"][c]
        for h in hand:
            if h is not None:
                unseen[c] -= h[c]
        if unseen[c] < 0:
            raise ValueError(f"hand: ceremony card {c} is seen {1 - unseen[c]} times, it exists once")
    for key in hidden:
        if key not in [str(q) for q in range(MAXP)] or hand[int(key)] is not None:
            raise ValueError(f"hidden_ceremony_values.{key}: not a seat whose hand is hidden")
    for q in range(MAXP):
        if hand[q] is not None:
            continue
        # three counts: the hidden cards of value 1, 2 and 3
        vals = int_list(hidden.get(str(q), [0, 0, 0]), 0, NCC, f"hidden_ceremony_values.{q}", length=3)
        hand[q] = [0] * NCC
        for v in range(3):
            for _ in range(vals[v]):
                pick = next((c for c in range(NCC) if unseen[c] > 0 and C_VALUE[c] == v + 1), None)
                if pick is None:
                    raise ValueError(f"hidden_ceremony_values.{q}: more hidden cards of value {v + 1} than unseen")
                unseen[pick] -= 1
                hand[q][pick] += 1
    doc["hand"] = hand
    doc["ceremony_pile"] = unseen


def pack_state(dict params, dict doc):
    """The raw state of a position's fields, every value checked against its C type, without the rule
    checks of check_state: for tests that isolate one rule in a hand-made position."""
    n = params["players"]
    known_fields(doc, STATE_FIELDS)
    doc = dict(doc)
    hidden = doc.pop("hidden_ceremony_values", None)
    if doc.get("ceremony_pile") is None or (isinstance(doc.get("hand"), list) and None in doc["hand"]):
        _rebuild_hidden_cards(doc, hidden)
    buf = bytearray(sizeof(PHState))
    for name, code, shape, off, count in LAYOUT:
        if name not in doc:
            raise ValueError(f"{name}: missing")
        if name in NAMED_FIELDS:
            doc[name] = one_of(NAMED_FIELDS[name], doc[name], name)
        flat = _check_field(name, doc[name], code, shape)
        _struct.pack_into("<" + code * count, buf, off, *flat)
    data = bytes(buf)
    if doc["num_players"] != n:
        raise ValueError(f"num_players: the position is for {doc['num_players']} players, not {n}")
    return data


def check_state(bytes data):
    """None when `data` is a state the rules allow, else "field: reason" naming the first wrong field."""
    return state_error(data, sizeof(PHState), check)


def state_from_dict(dict params, dict doc):
    data = pack_state(params, doc)
    error = check_state(data)
    if error is not None:
        raise ValueError(error)
    return data
