from libc.stdint cimport int8_t, uint8_t

cdef enum:
    NUM_CELLS = 9

# The whole game: 9 cells (0 empty, 1 for X = player 0, 2 for O = player 1), whose turn, moves made.
ctypedef struct TicTacToeState:
    uint8_t cells[9]
    int8_t to_move
    int8_t winner      # -1 none yet, 0 or 1, 2 for a draw
    uint8_t moves
