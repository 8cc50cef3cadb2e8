# Search-tree nodes in one arena of C structs linked by integer indices (no pointers, no per-node
# allocation). A node's children sit side by side in blocks: the first child reserves a block of slots
# (one per legal action, up to MAX_BLOCK), later children fill its free slots, and a child that finds the
# block full starts another block. The sibling links therefore mostly point to the next slot, so walking
# the children reads memory in order instead of chasing links across the arena (OpenSpiel keeps a vector
# of children per node for the same reason); unlike a vector per node, actions that only appear in later
# determinizations (ISMCTS) still find room, and a reserved slot costs 32 bytes. A node stands for an action
# taken by `player` from its parent; its statistics are kept from that player's point of view (max^n backup).
# 32 bytes per node (two to a cache line; test_core checks the size). Implicit minimax backups keep one more
# float per node, in an array of the arena's beside the nodes (Arena.minimax, same index), allocated only for a
# search that uses them: every other search leaves it NULL and never touches it.
#
# A node keeps its mean return and 1/sqrt(visits) rather than a sum: backup updates them once per node on
# the path, so scoring a child in UCB needs no division, square root or logarithm (it is done for every
# child of every node on the path, several times as often). Single precision is ample for returns in
# [0, 1]; the running mean is exact to about 1e-7 per update.
from libc.stdint cimport int8_t, int32_t, uint16_t
from libc.stdlib cimport malloc, realloc, free

cdef enum:
    NO_NODE = -1
    FREE_SLOT = -2   # `player` of a reserved child slot not filled yet
    CHANCE_NODE = -3 # `player` of a closed-loop chance node (its `action` is the outcome as the searcher sees it)
    MAX_BLOCK = 16   # most child slots reserved at once


ctypedef struct Node:
    int32_t first_child    # NO_NODE when the node has no child yet
    int32_t next_sibling   # NO_NODE at the end of the parent's child list
    int32_t action         # the action id (or observed id) that leads here
    int32_t visits
    int32_t available      # ISMCTS availability count: parent visits in which this action was legal
    int8_t player          # who chose `action`; -1 for a root
    uint16_t num_children  # children created so far (saturates at 65535)
    float mean             # mean of `player`'s returns over the visits (0 before the first)
    float inv_sqrt_visits  # 1 / sqrt(visits), kept by backup (0 before the first visit)


ctypedef struct Arena:
    Node* nodes
    float* minimax         # implicit minimax backups only (else NULL): player 0's heuristic-minimax value of each
                           # node (search.pxi), 0.5 until backed up; grown and copied with the nodes
    int32_t size
    int32_t capacity
    int32_t max_nodes      # memory cap in nodes


cdef inline void arena_free(Arena* arena) noexcept nogil:
    free(arena.nodes)
    free(arena.minimax)
    arena.nodes = NULL
    arena.minimax = NULL
    arena.size = 0
    arena.capacity = 0


cdef inline bint arena_init(Arena* arena, int32_t initial, int32_t max_nodes, bint with_minimax) noexcept nogil:
    if initial > max_nodes:
        initial = max_nodes
    if initial < 16:
        initial = 16
    arena.nodes = <Node*>malloc(<size_t>initial * sizeof(Node))
    arena.minimax = <float*>malloc(<size_t>initial * sizeof(float)) if with_minimax else NULL
    arena.size = 0
    arena.capacity = initial
    arena.max_nodes = max_nodes
    if arena.nodes == NULL or (with_minimax and arena.minimax == NULL):
        arena_free(arena)
        return False
    return True


cdef inline void node_init(Node* n, int32_t action, int player) noexcept nogil:
    n.first_child = NO_NODE
    n.next_sibling = NO_NODE
    n.action = action
    n.visits = 0
    n.available = 0
    n.player = <int8_t>player
    n.num_children = 0
    n.mean = 0.0
    n.inv_sqrt_visits = 0.0


cdef inline int32_t arena_reserve(Arena* arena, int32_t count) noexcept nogil:
    """The first of up to `count` (at least 1) consecutive fresh slots, marked free, or NO_NODE once the
    memory cap is reached. Grows by doubling (amortised, not per step), the minimax values with the nodes."""
    cdef Node* grown
    cdef float* grown_minimax
    cdef int32_t new_capacity, i, first = arena.size
    if count > arena.max_nodes - arena.size:
        count = arena.max_nodes - arena.size
    if count < 1:
        return NO_NODE
    while arena.size + count > arena.capacity:
        # (doubling an int32 past 2**30 would overflow: cap first)
        if arena.capacity > arena.max_nodes // 2:
            new_capacity = arena.max_nodes
        else:
            new_capacity = arena.capacity * 2
        grown = <Node*>realloc(arena.nodes, <size_t>new_capacity * sizeof(Node))
        if grown != NULL:
            arena.nodes = grown
            if arena.minimax != NULL:
                grown_minimax = <float*>realloc(arena.minimax, <size_t>new_capacity * sizeof(float))
                if grown_minimax == NULL:
                    grown = NULL     # (the nodes' larger block is kept; capacity stays what both have)
                else:
                    arena.minimax = grown_minimax
        if grown == NULL:
            arena.max_nodes = arena.capacity
            if arena.size >= arena.capacity:
                return NO_NODE
            count = arena.capacity - arena.size
            break
        arena.capacity = new_capacity
    arena.size += count
    for i in range(first, first + count):
        node_init(&arena.nodes[i], -1, FREE_SLOT)
    if arena.minimax != NULL:
        for i in range(first, first + count):
            arena.minimax[i] = 0.5
    return first


cdef inline int32_t arena_new_node(Arena* arena, int32_t action, int player) noexcept nogil:
    """A fresh node outside any block (a root), or NO_NODE once the memory cap is reached."""
    cdef int32_t i = arena_reserve(arena, 1)
    if i != NO_NODE:
        node_init(&arena.nodes[i], action, player)
    return i


cdef inline int32_t last_child(const Arena* arena, int32_t parent) noexcept nogil:
    cdef int32_t c = arena.nodes[parent].first_child
    if c == NO_NODE:
        return NO_NODE
    while arena.nodes[c].next_sibling != NO_NODE:
        c = arena.nodes[c].next_sibling
    return c


cdef inline int32_t arena_add_child(Arena* arena, int32_t parent, int32_t tail, int32_t action, int player,
                                    int32_t block) noexcept nogil:
    """Appends a child after `tail`, the parent's last child (NO_NODE if it has none): in the slot after
    `tail` when that slot is free (only `tail`'s own block can have a free slot there, since a block's first
    slot is filled when it is reserved), else at the start of a new block of `block` slots. Returns the
    child, or NO_NODE once the memory cap is reached. May move the arena: re-read `arena.nodes`."""
    cdef int32_t child
    if tail != NO_NODE and tail + 1 < arena.size and arena.nodes[tail + 1].player == FREE_SLOT:
        child = tail + 1
    else:
        child = arena_reserve(arena, block if block < MAX_BLOCK else MAX_BLOCK)
        if child == NO_NODE:
            return NO_NODE
    node_init(&arena.nodes[child], action, player)
    if tail == NO_NODE:
        arena.nodes[parent].first_child = child
    else:
        arena.nodes[tail].next_sibling = child
    if arena.nodes[parent].num_children < 65535:
        arena.nodes[parent].num_children += 1
    return child


cdef inline int32_t find_child(const Arena* arena, int32_t parent, int32_t action, int player) noexcept nogil:
    cdef int32_t c = arena.nodes[parent].first_child
    while c != NO_NODE:
        if arena.nodes[c].action == action and arena.nodes[c].player == player:
            return c
        c = arena.nodes[c].next_sibling
    return NO_NODE
