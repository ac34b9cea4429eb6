"""Make the brute-force oracles (``rules_oracles.py``, beside this file)
importable whatever pytest's import mode."""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
