"""`python -m cavemind`: the command line, as the `cavemind` script."""
from cavemind.cli import main

raise SystemExit(main())
