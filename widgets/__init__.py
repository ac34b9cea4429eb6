"""The browser apps that play the rules, each in its own folder: the four calculators
(``calculators``: templates and their rendering, scripts and styles), « Mon grimoire » and « La
table » (``grimoire``, its data from ``rules`` and its scripts) and the module the site's scripts
share (``shared/common.js``). At the root, what the rooms share in Python: the engine's bridge
(``bridge``), its answers computed ahead (``instant``) and the packaging of the engine for the
browser (``packaging``)."""
