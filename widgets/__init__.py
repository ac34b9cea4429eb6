"""The calculators, each one whole: templates and their rendering (``calculators``), scripts and
styles, the engine's bridge, its answers computed ahead (``instant``) and the packaging of the
engine for the browser."""
