# Search-tree nodes in one arena of C structs linked by integer indices (no pointers, no per-node
# allocation). A node stands for an action taken by `player` from its parent; its statistics are kept
# from that player's point of view (max^n backup). 32 bytes per node.
from libc.stdint cimport int8_t, int32_t, uint16_t
from libc.stdlib cimport malloc, realloc, free

cdef enum:
    NO_NODE = -1


ctypedef struct Node:
    int32_t first_child    # NO_NODE when the node has no child yet
    int32_t next_sibling   # NO_NODE at the end of the parent's child list
    int32_t action         # the action id (or observed id) that leads here
    int32_t visits
    int32_t available      # ISMCTS availability count: parent visits in which this action was legal
    int8_t player          # who chose `action`; -1 for a root
    uint16_t num_children  # children created so far (saturates at 65535)
    double total           # sum of `player`'s returns over the visits


ctypedef struct Arena:
    Node* nodes
    int32_t size
    int32_t capacity
    int32_t max_nodes      # memory cap in nodes


cdef inline bint arena_init(Arena* arena, int32_t initial, int32_t max_nodes) noexcept nogil:
    if initial > max_nodes:
        initial = max_nodes
    if initial < 16:
        initial = 16
    arena.nodes = <Node*>malloc(initial * sizeof(Node))
    arena.size = 0
    arena.capacity = initial
    arena.max_nodes = max_nodes
    return arena.nodes != NULL


cdef inline void arena_free(Arena* arena) noexcept nogil:
    free(arena.nodes)
    arena.nodes = NULL
    arena.size = 0
    arena.capacity = 0


cdef inline int32_t arena_new_node(Arena* arena, int32_t action, int player) noexcept nogil:
    """A fresh node, or NO_NODE once the memory cap is reached. Grows by doubling (amortised, not per step)."""
    cdef Node* grown
    cdef int32_t new_capacity
    if arena.size >= arena.capacity:
        if arena.capacity >= arena.max_nodes:
            return NO_NODE
        new_capacity = arena.capacity * 2
        if new_capacity > arena.max_nodes:
            new_capacity = arena.max_nodes
        grown = <Node*>realloc(arena.nodes, new_capacity * sizeof(Node))
        if grown == NULL:
            arena.max_nodes = arena.capacity
            return NO_NODE
        arena.nodes = grown
        arena.capacity = new_capacity
    cdef int32_t i = arena.size
    arena.size += 1
    cdef Node* n = &arena.nodes[i]
    n.first_child = NO_NODE
    n.next_sibling = NO_NODE
    n.action = action
    n.visits = 0
    n.available = 0
    n.player = <int8_t>player
    n.num_children = 0
    n.total = 0.0
    return i


cdef inline int32_t arena_add_child(Arena* arena, int32_t parent, int32_t action, int player) noexcept nogil:
    cdef int32_t child = arena_new_node(arena, action, player)
    if child != NO_NODE:
        arena.nodes[child].next_sibling = arena.nodes[parent].first_child
        arena.nodes[parent].first_child = child
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
