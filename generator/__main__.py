"""``python -m generator``: see :mod:`generator.cli`."""

from .cli import main

raise SystemExit(main())
