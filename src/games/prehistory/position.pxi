# Prehistory: JSON positions: the field layout of PHState, state_to_dict (whole or as a seat sees it),
# pack_state / state_from_dict with their validation, and check_state. Included by prehistory.pyx.

# (name, struct code, shape) in the order of PHState; offsets follow C alignment and are checked at import
FIELDS = [
    ("num_players", "B", ()), ("round", "B", ()), ("phase", "B", ()), ("sub", "B", ()), ("turn", "B", ()),
    ("summer_action", "B", ()), ("order", "B", (4,)), ("done", "B", (4,)), ("price_tile", "B", (7,)),
    ("price_rot", "B", (7,)), ("stack", "B", (4,)), ("stack_len", "B", ()), ("price_pool", "B", (12,)),
    ("foot", "B", (6, 2)), ("top", "B", (6, 6)), ("gather_slot", "B", (6,)), ("fish_slot", "B", (6,)),
    ("hunt_disp", "B", (5,)), ("cer_disp", "B", (5,)), ("gather_pile", "B", (12,)), ("fish_pile", "B", (9,)),
    ("hunt_pile", "B", (30,)), ("cer_pile", "B", (34,)), ("cer_discard", "B", (34,)), ("map_tile", "B", (20,)),
    ("map_pool", "B", (20,)), ("animal_pool", "B", (3,)), ("weather_pool", "B", (4,)), ("seat_pool", "B", (4,)),
    ("seats_drawn", "B", ()), ("tok", "B", (88,)), ("mowner", "B", (88,)), ("mcount", "B", (88,)),
    ("mtired", "B", (88,)), ("camp", "B", (88,)), ("res", "B", (4, 6)), ("mk", "B", (4, 6)), ("vp", "h", (4,)),
    ("dev", "B", (4,)), ("fishpos", "B", (4,)), ("weather", "B", (4,)), ("wrot", "B", (4,)),
    ("shaman", "B", (4, 3)), ("paint", "H", (4,)), ("gath", "B", (4, 6)), ("fish", "B", (4, 9)),
    ("hunt", "B", (4, 30)), ("hand", "B", (4, 34)), ("animal_tok", "B", (4, 3)), ("megaA", "B", (4,)),
    ("avail", "B", (4,)), ("members", "B", (4,)), ("camps_used", "B", (4,)), ("cer_track", "B", (4,)),
    ("cer_len", "B", ()), ("cer_count", "B", (4,)), ("p_action", "B", ()), ("p_item", "B", ()),
    ("p_left", "B", ()), ("p_mask", "B", ()), ("p_spring", "B", ()), ("mp", "B", ()), ("mv_pos", "B", ()),
    ("mv_origin", "B", ()), ("build_space", "B", ()), ("after_fill", "B", ()), ("st_count", "B", (4,)),
    ("st_tired", "B", (4,)),
]


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
assert dict((f[0], f[3]) for f in LAYOUT)["vp"] == <size_t>(<char*>&_probe.vp - <char*>&_probe)
assert dict((f[0], f[3]) for f in LAYOUT)["st_tired"] == <size_t>(<char*>&_probe.st_tired - <char*>&_probe)


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
        doc["cer_pile"] = None
        doc["hidden_ceremony_values"] = hidden
    return doc


def _check_field(name, value, code, shape):
    """The flat list of a field's integers; ValueError naming the entry (e.g. hand[1][3]) when a value does
    not fit the C type or a list has the wrong length."""
    lo, hi = (-32768, 32767) if code == "h" else ((0, 65535) if code == "H" else (0, 255))
    if len(shape) == 0:
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise ValueError(f"{name}: {value!r}, expected an integer in {lo}..{hi}")
        return [value]
    if not isinstance(value, list) or len(value) != shape[0]:
        raise ValueError(f"{name}: expected a list of {shape[0]} entries")
    flat = []
    for i, v in enumerate(value):
        flat += _check_field(f"{name}[{i}]", v, code, shape[1:])
    return flat


def _rebuild_hidden_cards(doc, hidden):
    """A seat's view hides the other hands and the pile: the hidden seats get the lowest-numbered unseen cards
    of the values they are known to hold (state_from_json then resamples them), the pile gets the rest."""
    if not isinstance(hidden, dict):
        raise ValueError("hidden_ceremony_values: needed when hands or the ceremony pile are hidden")
    hand = doc.get("hand")
    if not isinstance(hand, list) or len(hand) != MAXP:
        raise ValueError(f"hand: expected a list of {MAXP} entries")
    for name, shape in (("cer_disp", (5,)), ("cer_discard", (NCC,))):
        if name not in doc:
            raise ValueError(f"{name}: missing (needed to rebuild the hidden ceremony cards)")
        _check_field(name, doc[name], "B", shape)
    hand = [None if h is None else _check_field(f"hand[{q}]", h, "B", (NCC,)) for q, h in enumerate(hand)]
    unseen = [1] * NCC
    for i, c in enumerate(doc["cer_disp"]):
        if c > NCC:
            raise ValueError(f"cer_disp[{i}]: {c}, expected 0 or a card + 1 (1..{NCC})")
        if c:
            unseen[c - 1] -= 1
    for c in range(NCC):
        unseen[c] -= doc["cer_discard"][c]
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
        vals = hidden.get(str(q), [0, 0, 0])
        if (not isinstance(vals, list) or len(vals) != 3
                or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= NCC for v in vals)):
            raise ValueError(f"hidden_ceremony_values.{q}: expected three counts 0..{NCC} (values 1, 2, 3)")
        hand[q] = [0] * NCC
        for v in range(3):
            for _ in range(vals[v]):
                pick = next((c for c in range(NCC) if unseen[c] > 0 and C_VALUE[c] == v + 1), None)
                if pick is None:
                    raise ValueError(f"hidden_ceremony_values.{q}: more hidden cards of value {v + 1} than unseen")
                unseen[pick] -= 1
                hand[q][pick] += 1
    doc["hand"] = hand
    doc["cer_pile"] = unseen


def pack_state(dict params, dict doc):
    """The raw state of a position's fields, every value checked against its C type, without the rule
    checks of check_state: for tests that isolate one rule in a hand-made position."""
    n = params["players"]
    doc = dict(doc)
    hidden = doc.pop("hidden_ceremony_values", None)
    if doc.get("cer_pile") is None or (isinstance(doc.get("hand"), list) and None in doc["hand"]):
        _rebuild_hidden_cards(doc, hidden)
    buf = bytearray(sizeof(PHState))
    for name, code, shape, off, count in LAYOUT:
        if name not in doc:
            raise ValueError(f"{name}: missing")
        flat = _check_field(name, doc[name], code, shape)
        _struct.pack_into("<" + code * count, buf, off, *flat)
    data = bytes(buf)
    if doc["num_players"] != n:
        raise ValueError(f"num_players: the position is for {doc['num_players']} players, not {n}")
    return data


def check_state(bytes data):
    """None when `data` is a state the rules allow, else "field: reason" naming the first wrong field."""
    cdef char msg[MSG_LEN]
    if len(data) != sizeof(PHState):
        return f"state: expected {sizeof(PHState)} bytes, got {len(data)}"
    cdef PHState s = load(data)
    if check(&s, msg):
        return msg.decode("utf-8", "replace")
    return None


def state_from_dict(dict params, dict doc):
    data = pack_state(params, doc)
    error = check_state(data)
    if error is not None:
        raise ValueError(error)
    return data
