# Tree reuse: a bot's next search starts from the part of its last tree that the game has reached.
#
# After a search the caller may keep the tree (a SearchTree). At the next decision, the actions played since the
# position last searched (the searcher's own move, the other players', chance outcomes) are replayed from that
# position and followed down the tree; if the replay reaches the new position and the tree has a node for it, that
# node's subtree is copied into a fresh arena, breadth first with each node's children side by side, as the new
# root's tree, and the search goes on growing it. Otherwise the search starts afresh. Single-tree algorithms only
# (MCTS and ISMCTS): PIMC's trees belong to worlds sampled for one position, MO-ISMCTS keeps one per player.
#
# No peeking: the walk reads only what the searcher saw. ISMCTS keys other players' actions by their true ids
# (search.pxi), so a move made out of the searcher's sight (its observed id differs from its id; games give
# hidden moves ids of their own) ends the walk, and chance outcomes are followed as the searcher perceives them,
# as closed-loop chance nodes are made. An open-loop chance event has no node and its statistics mix every outcome,
# so it ends the walk too. MCTS searches the true state and follows true ids. The new root keeps only the
# children legal there.


cdef void keep_legal_children(Arena* arena, int32_t root, int player, const int* legal, int num_legal,
                              unsigned int* seen) noexcept nogil:
    """Unlinks the root's children that are not `player`'s legal actions at the root (their nodes stay in the
    arena, unused). `seen` is a zeroed scratch array over the action ids."""
    cdef int i
    cdef int32_t c = arena.nodes[root].first_child, previous = NO_NODE, kept = 0
    for i in range(num_legal):
        seen[legal[i]] = 1
    while c != NO_NODE:
        if arena.nodes[c].player == player and seen[arena.nodes[c].action]:
            previous = c
            kept += 1
        elif previous == NO_NODE:
            arena.nodes[root].first_child = arena.nodes[c].next_sibling
        else:
            arena.nodes[previous].next_sibling = arena.nodes[c].next_sibling
        c = arena.nodes[c].next_sibling
    arena.nodes[root].num_children = <uint16_t>(kept if kept < 65535 else 65535)
    for i in range(num_legal):
        seen[legal[i]] = 0


cdef int32_t follow_path(const GameTable* g, const Arena* arena, int32_t root, char* s, const int* path, int length,
                         int searcher, bint as_perceived, int* actions, double* probs) noexcept nogil:
    """Applies `path` to `s` (the kept tree's position) and returns the node it leads to, or NO_NODE when an
    action is not legal where it is played (the path comes from outside) or the tree cannot follow it."""
    cdef int32_t node = root
    cdef int i, j, n, action, player, key
    for i in range(length):
        action = path[i]
        player = g.current_player(s)
        if player == TERMINAL:
            return NO_NODE
        n = g.chance_outcomes(s, actions, probs) if player == CHANCE else g.legal_actions(s, actions)
        j = 0
        while j < n and actions[j] != action:
            j += 1
        if j == n:
            return NO_NODE
        if player == CHANCE:
            key = g.observed_action(s, action, searcher) if as_perceived else action
            # An open-loop event has no node, and the statistics below it mix every outcome: not worth keeping
            # once the outcome is known. A closed-loop event's node may be missing too (an outcome never met).
            node = find_child(arena, node, key, CHANCE_NODE)
            if node == NO_NODE:
                return NO_NODE
        else:
            if as_perceived and player != searcher and g.observed_action(s, action, searcher) != action:
                return NO_NODE
            node = find_child(arena, node, action, player)
            if node == NO_NODE:
                return NO_NODE
        g.apply_action(s, action)
    return node


cdef bint copy_subtree(const Arena* source, int32_t top, Arena* target, int32_t max_nodes) noexcept nogil:
    """Makes `target` a new arena holding the subtree under `top`, with `top` as its root (node 0). False when the
    memory runs out (target is then freed)."""
    cdef int32_t head = 0, first, c, count, j, origin
    cdef int32_t initial = source.size if source.size < INITIAL_NODES_CAP else INITIAL_NODES_CAP
    cdef bint minimax = source.minimax != NULL    # (implicit minimax: the values are copied with the nodes)
    if not arena_init(target, initial, max_nodes, minimax):
        return False
    if arena_new_node(target, -1, -1) == NO_NODE:
        arena_free(target)
        return False
    target.nodes[0] = source.nodes[top]
    if minimax:
        target.minimax[0] = source.minimax[top]
    target.nodes[0].action = -1
    target.nodes[0].player = -1
    target.nodes[0].next_sibling = NO_NODE
    target.nodes[0].first_child = top      # while copying, a node's first_child holds its index in `source`
    while head < target.size:
        origin = target.nodes[head].first_child
        count = 0
        c = source.nodes[origin].first_child
        while c != NO_NODE:
            count += 1
            c = source.nodes[c].next_sibling
        if count == 0:
            target.nodes[head].first_child = NO_NODE
        else:
            first = arena_reserve(target, count)
            if first == NO_NODE or target.size - first < count:
                arena_free(target)
                return False
            c = source.nodes[origin].first_child
            for j in range(count):
                target.nodes[first + j] = source.nodes[c]
                if minimax:
                    target.minimax[first + j] = source.minimax[c]
                target.nodes[first + j].first_child = c
                target.nodes[first + j].next_sibling = first + j + 1 if j + 1 < count else NO_NODE
                c = source.nodes[c].next_sibling
            target.nodes[head].first_child = first
        head += 1
    return True


cdef class SearchTree:
    """The tree of a bot's last search, kept for its next one (tree reuse).

    Pass the same SearchTree to consecutive searches of one game (cavemind.analyse's `tree`): each starts from the
    subtree of the position it searches, when the game's history since the last searched position leads there and
    the tree has it, and afresh otherwise; then it keeps its own tree. MCTS and ISMCTS only (other algorithms
    start afresh and keep nothing). `reused_visits` is the root visit count the last search started with (0:
    afresh); `nodes` the kept tree's size."""
    cdef Arena* arenas          # one per search thread
    cdef int count
    cdef const GameTable* table
    cdef bytes root             # the position the kept tree was grown from
    cdef list history           # that position's history (the actions that led to it)
    cdef int32_t root_node
    cdef int searcher, algorithm, chance_branching
    cdef double implicit_minimax
    cdef readonly long long reused_visits

    def __dealloc__(self):
        self._release()

    cdef void _release(self) noexcept:
        cdef int t
        for t in range(self.count):
            arena_free(&self.arenas[t])
        free(self.arenas)
        self.arenas = NULL
        self.count = 0
        self.root = None
        self.history = None

    def __reduce__(self):
        # A kept tree is a cache of one process's search: a copy (or a bot sent to another process) starts afresh.
        return (SearchTree, ())

    def clear(self):
        """Forgets the kept tree: the next search starts afresh."""
        self._release()
        self.reused_visits = 0

    @property
    def nodes(self):
        return sum(self.arenas[t].size for t in range(self.count))

    cdef Arena* take(self, const GameTable* g, const char* state, list history, SearchConfig* cfg, int threads):
        """The kept trees re-rooted at `state` (an array of `threads` arenas for the workers, to be freed by the
        caller once emptied), or NULL when they cannot be; either way the tree holds nothing afterwards."""
        cdef Arena* taken = NULL
        cdef char* s = NULL
        cdef int* path = NULL
        cdef int* actions = NULL
        cdef double* probs = NULL
        cdef unsigned int* seen = NULL
        cdef int t, length, num_legal
        cdef int32_t node
        cdef bint ok
        self.reused_visits = 0
        if (self.count != threads or self.table != g or self.searcher != cfg.searcher
                or self.algorithm != cfg.algorithm or self.chance_branching != cfg.chance_branching
                or self.implicit_minimax != cfg.implicit_minimax
                or history is None or self.history is None or len(history) < len(self.history)
                or history[:len(self.history)] != self.history):
            self._release()
            return NULL
        suffix = history[len(self.history):]
        length = len(suffix)
        try:
            taken = <Arena*>calloc(threads, sizeof(Arena))
            s = <char*>malloc(g.state_size)
            path = <int*>malloc(sizeof(int) * (length + 1))
            actions = <int*>malloc(sizeof(int) * (max(g.max_actions, g.max_chance_outcomes) + 1))
            probs = <double*>malloc(sizeof(double) * (g.max_chance_outcomes + 1))
            seen = <unsigned int*>calloc(g.max_actions + 1, sizeof(unsigned int))
            if taken == NULL or s == NULL or path == NULL or actions == NULL or probs == NULL or seen == NULL:
                free(taken)
                return NULL
            for t in range(length):
                action = suffix[t]
                if not isinstance(action, int) or not 0 <= action < g.max_actions:
                    free(taken)
                    return NULL
                path[t] = action
            ok = True
            for t in range(threads):
                memcpy(s, <const char*>self.root, g.state_size)
                node = follow_path(g, &self.arenas[t], self.root_node, s, path, length, self.searcher,
                                   self.algorithm == ALG_ISMCTS, actions, probs)
                if node == NO_NODE or memcmp(s, state, g.state_size) != 0 or not copy_subtree(
                        &self.arenas[t], node, &taken[t], cfg.max_nodes):
                    ok = False
                    break
                num_legal = g.legal_actions(state, actions)
                keep_legal_children(&taken[t], 0, cfg.searcher, actions, num_legal, seen)
                self.reused_visits += taken[t].nodes[0].visits
            if not ok:
                for t in range(threads):
                    arena_free(&taken[t])
                free(taken)
                self.reused_visits = 0
                return NULL
            return taken
        finally:
            free(s)
            free(path)
            free(actions)
            free(probs)
            free(seen)
            self._release()

    cdef void keep(self, Worker** workers, int threads, const GameTable* g, bytes root, list history):
        """Takes the workers' trees (their arenas become empty) as the tree of position `root`."""
        cdef int t
        self._release()
        if history is None or workers[0].cfg.algorithm not in (ALG_MCTS, ALG_ISMCTS):
            return
        self.arenas = <Arena*>calloc(threads, sizeof(Arena))
        if self.arenas == NULL:
            return
        for t in range(threads):
            self.arenas[t] = workers[t].arena
            workers[t].arena.nodes = NULL
            workers[t].arena.minimax = NULL
            workers[t].arena.size = 0
        self.count = threads
        self.table = g
        self.root = root
        self.history = list(history)
        self.root_node = workers[0].roots[0]
        self.searcher = workers[0].cfg.searcher
        self.algorithm = workers[0].cfg.algorithm
        self.chance_branching = workers[0].cfg.chance_branching
        self.implicit_minimax = workers[0].cfg.implicit_minimax
