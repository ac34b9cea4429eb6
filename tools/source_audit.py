"""What the audit of ``sources/001_f396c234087bc437.txt`` found, by source line: the shape of
the fields, the sub-headings, the captions and table inside descriptions, the per-level lines
and the errata. :mod:`import_source` reads the document with them."""

from __future__ import annotations

FIELD_KEYS = ("levels", "casting_time", "range", "target", "duration", "saving_throw")
FIELD_LABELS = ("Niveau", "Temps d’incantation", "Portée", "Cible", "Durée", "Jet de sauvegarde")

# Sub-headings inside descriptions (source-irregularities.md §9), by source line.
HEADING_LINES = {
    885,
    892,
    899,
    907,
    914,
    921,
    928,
    935,
    941,
    959,
    973,
    1402,
    1786,
    1916,
    1921,
    2018,
    2025,
    2078,
    2089,
    2136,
    2143,
    2328,
}
# Captions of lost images inside a description: line -> text after the caption (None: whole line).
INLINE_CAPTIONS = {
    2154: (
        "Les approximations en téléportation peuvent vous envoyer beaucoup trop bas ou beaucoup trop haut",
        None,
    ),
    2178: (
        "Se faire téléporter par un Azathothien comporte des risques",
        "Chercher à se faire téléporter",
    ),
}
# The tab-separated table of Invocation de monstre.
TABLE_LINES = range(862, 871)
PROBABLE_TRAILING_CAPTION = 2377

ORDINALS = {
    "premier": 1,
    "deuxième": 2,
    "troisième": 3,
    "quatrième": 4,
    "cinquième": 5,
    "sixième": 6,
    "septième": 7,
    "huitième": 8,
    "neuvième": 9,
}
_N = r"(?P<n>\d+)(?:\^?(?:er|e|eme))?"
# Per-level lines: slug -> (regex on the description line as written, basis).
PER_LEVEL = {
    "agrandissement": (rf"^(?P<label>{_N} niveau :) (?P<text>.+)$", "spell"),
    "reduction": (rf"^(?P<label>{_N} niveau :) (?P<text>.+)$", "spell"),
    "comprehension-des-langages": (
        r"^(?P<label>Au (?:premier|niveau (?P<n>\d)) niveau,|Au niveau (?P<n2>\d),) (?P<text>.+)$",
        "spell",
    ),
    "illusion": (r"^(?P<label>Niveau (?P<n>\d) :) (?P<text>.+)$", "spell"),
    "invisibilite": (r"^(?P<label>Niveau (?P<n>\d) :) (?P<text>.+)$", "spell"),
    "metamorphose": (r"^(?P<label>Niveau (?P<n>\d) :) (?P<text>.+)$", "spell"),
    "missile-magique": (r"^(?P<label>Niveau (?P<n>\d+)-(?P<to>\d+) :) (?P<text>.+)$", "caster"),
    "message": (rf"^(?P<label>Au {_N} niveau de sort :) (?P<text>.+)$", "spell"),
    "nuage-toxique": (r"^(?P<label>- Au niveau (?P<n>\d) :) (?P<text>.+)$", "spell"),
    "oubli": (r"^(?P<label>-Au niveau (?P<n>\d) :) (?P<text>.+)$", "spell"),
    "permanence": (rf"^(?P<label>Au {_N} niveau,) (?P<text>.+)$", "spell"),
    "protection-contre-le-feu": (r"^(?P<label>Le sort du (?P<w>\w+)) (?P<text>.+)$", "spell"),
    "protection-contre-le-froid": (r"^(?P<label>Le sort du (?P<w>\w+)) (?P<text>.+)$", "spell"),
    "protection-contre-les-gaz": (rf"^(?P<label>Au {_N} niveau) (?P<text>permet.+)$", "spell"),
    "reparation": (rf"^(?P<label>au {_N}) (?P<text>.+)$", "spell"),
    "resistance-compressee": (rf"^(?P<label>{_N} :) (?P<text>.+ gp)$", "spell"),
    "teleportation": (rf"^(?P<label>Au {_N} niveau,) (?P<text>.+)$", "spell"),
    "transformation-de-la-pierre-en-chair": (rf"^(?P<label>Au {_N},) (?P<text>.+)$", "spell"),
    "vol": (rf"^(?P<label>au {_N}) (?P<text>\d+ cases = .+)$", "spell"),
}

# Errata: (source line, fragment exactly as written, kind, French note). Shown beside the text.
ERRATA = [
    (
        144,
        "1-9",
        "inconsistency",
        "L'index du document indique 1-7 pour ce sort ; sa fiche indique 1-9.",
    ),
    (259, "boucler", "typo", "Lire « bouclier »."),
    (292, "l'air d'effet", "typo", "Lire « l'aire d'effet »."),
    (294, "l'air d'effet", "typo", "Lire « l'aire d'effet »."),
    (
        350,
        "l'autre Dans ce duel",
        "export",
        "Un saut de ligne semble perdu entre « l'autre » et « Dans ce duel ».",
    ),
    (613, "n'eexiste", "typo", "Lire « n'existe »."),
    (749, "objet,cependant", "typo", "Une espace manque après la virgule."),
    (
        781,
        "créatures Si pendant",
        "export",
        "Un saut de ligne (et peut-être du texte) semble perdu avant « Si pendant ».",
    ),
    (
        939,
        "3000 xp - dragon noir",
        "export",
        "Deux monstres fusionnés sur une même ligne dans le document.",
    ),
    (
        945,
        "5000 xp - Éléphant",
        "export",
        "Deux monstres fusionnés sur une même ligne dans le document.",
    ),
    (
        983,
        "=4.5 millions",
        "inconsistency",
        "(100 + 80) × 50 × 1.000 donne 9 millions ; les parenthèses du calcul ne sont pas équilibrées.",
    ),
    (1004, "est de cases,", "export", "Un nombre manque (probablement 4, voir la ligne suivante)."),
    (1013, "réssurrection", "typo", "Lire « résurrection »."),
    (
        1266,
        "2 m par niveau du magicien",
        "inconsistency",
        "Le texte du sort parle de 1 m par niveau du jeteur de sort.",
    ),
    (1301, "aventurer,25", "typo", "Une espace manque après la virgule."),
    (1304, "mur de fer", "inconsistency", "Copie du sort Mur de fer : lire « mur de glace »."),
    (1321, "mur de fer", "inconsistency", "Copie du sort Mur de fer : lire « mur de pierre »."),
    (1432, "permet de d'essayer", "typo", "Lire « permet d'essayer »."),
    (
        1532,
        "l'oreille Pour référence",
        "export",
        "Un saut de ligne semble perdu avant « Pour référence ».",
    ),
    (1694, "jusq'a", "typo", "Lire « jusqu'à »."),
    (
        1769,
        "-1 moins niveaux du sort",
        "inconsistency",
        "Le texte du sort indique -2 par niveau du sort.",
    ),
    (1857, "l'air d'effet", "typo", "Lire « l'aire d'effet »."),
    (1862, "explosives runes", "typo", "Lire « runes explosives »."),
    (1898, "une saut", "typo", "Lire « un saut »."),
    (2007, "voir des corps", "typo", "Lire « voire des corps »."),
    (2110, "Ce port permet", "typo", "Lire « Ce sort permet »."),
    (
        2126,
        "l'Ether Il est impossible",
        "export",
        "Un saut de ligne (et peut-être du texte) semble perdu après « l'Ether ».",
    ),
    (2169, "enviromement", "typo", "Lire « environnement »."),
    (
        2178,
        "Chercher à se faire téléporter",
        "export",
        "Dans le document, ce sous-titre est fusionné avec la légende de l'image qui le précède.",
    ),
    (2224, "niveau du joueur", "inconsistency", "Partout ailleurs : « niveau du magicien »."),
    (
        2238,
        "(-1 par niveau du sort)+1",
        "inconsistency",
        "Le texte du sort indique « -1 par niveau du sort moins 1 ».",
    ),
    (2358, "86.4", "inconsistency", "La progression par doublement donnerait 84.4 km/h."),
]

DIFFICULTY_NOTE = (
    "Choix éditorial : la règle ne donne pas la difficulté des sorts ; par défaut "
    "difficulté = ⌈niveau minimum / 2⌉ (niveau minimum {min} → difficulté {d})."
)
