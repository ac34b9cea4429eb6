"""The calculators, each one whole: templates, scripts and styles, the engine's bridge, its
answers computed ahead (``instant``) and the packaging of the engine for the browser."""

from pathlib import Path

#: The calculator partials (``calculators/*.html``), included by the page templates.
TEMPLATES = Path(__file__).parent / "templates"
