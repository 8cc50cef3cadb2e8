# Prehistory: the observation vector. Included by prehistory.pyx.

def observation_size(dict params):
    return sizeof(PHState)


def observation(bytes data, int player):
    """The bytes of the state as `player` sees it (other seats' ceremony cards merged into the draw pile),
    one float per byte in the field order of PHState (prehistory.pxd); int16/uint16 fields span 2 bytes."""
    cdef PHState s = load(data)
    cdef PHState c
    cdef int counts[MAXP * 4]
    canonical(&s, player, &c, counts)
    raw = state_bytes(&c, sizeof(PHState))
    return [float(b) for b in raw] + []
