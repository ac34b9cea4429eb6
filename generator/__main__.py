"""``python -m generator`` : voir :mod:`generator.cli`."""

from .cli import main

raise SystemExit(main())
