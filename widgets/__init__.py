"""The browser apps that play the rules. At the root, the calculators, each one whole: templates
and their rendering (``calculators``), scripts and styles, the engine's bridge, its answers
computed ahead (``instant``) and the packaging of the engine for the browser. In their own
folders: « Mon grimoire » (``grimoire``, its data from ``rules`` and its scripts) and the module
the site's scripts share (``shared/common.js``)."""
