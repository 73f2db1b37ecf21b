"""Entry point: ``python main.py [play|sandbox|preview|rules] ...``."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
