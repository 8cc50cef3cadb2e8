"""`python -m cavemind.cli`: the same as `python -m cavemind` and the `cavemind` script."""
import sys

from cavemind.cli import main

sys.exit(main())
