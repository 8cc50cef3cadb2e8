from libc.stdint cimport int8_t, uint8_t, uint16_t

cdef enum:
    NUM_CELLS = 9       # the board, row by row from the top left: also the action ids 0..8
    NUM_MARKS = 2       # the values a cell holds besides 0 (empty): 1 for X (player 0), 2 for O (player 1)

# The whole game: 9 cells (0 empty, 1 for X = player 0, 2 for O = player 1), the same as one bitboard per
# player (bit c set when the player has marked cell c: the fast form the move generator reads), whose
# turn, the winner and the moves made.
ctypedef struct TicTacToeState:
    uint8_t cells[NUM_CELLS]
    uint16_t marked[2]
    int8_t to_move
    int8_t winner      # -1 none yet, 0 or 1, 2 for a draw
    uint8_t moves
