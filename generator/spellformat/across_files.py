"""Rules across the spell files: what each spell must not share with another.

A slug, a name (names and aliases together), an index position and the address an alias gives
(``sorts/<its slug>/``) belong to one spell only. A problem names the other file and line.
"""

from __future__ import annotations

from collections.abc import Iterator

from .problems import Problem, Spell, field_name
from .slug import slugify
from .spellfile import DataPath
from .text_safety import plain_name

__all__ = ["across_files"]

#: A value already seen: the spell holding it and where.
Owner = tuple[Spell, DataPath]


def across_files(spells: list[Spell]) -> list[Problem]:
    """Unique slug, name (names and aliases together), index position and alias address."""
    reported: set[tuple[str, DataPath]] = set()
    problems = list(_unique_slugs(spells))
    problems += _unique_names(spells, reported)
    problems += _unique_positions(spells)
    problems += _alias_addresses(spells, reported)
    return problems


def _unique_slugs(spells: list[Spell]) -> Iterator[Problem]:
    slugs: dict[str, Owner] = {}
    for spell in spells:
        slug = spell.data.get("slug")
        if not (isinstance(slug, str) and slug):
            continue
        if slug in slugs:
            yield Problem(
                spell.path,
                spell.line(("slug",)),
                "slug",
                f"attendu un slug propre à ce sort, reçu « {slug} », "
                f"déjà celui de {_where(slugs[slug])}",
            )
        else:
            slugs[slug] = (spell, ("slug",))


def _unique_names(spells: list[Spell], reported: set[tuple[str, DataPath]]) -> Iterator[Problem]:
    """A name or alias already another spell's; each one found is added to ``reported``."""
    seen: dict[str, Owner] = {}
    for spell in spells:
        for path, text in _names_and_aliases(spell):
            if not text:
                continue
            if text in seen and seen[text][0] is not spell:
                reported.add((spell.path, path))
                other = seen[text]
                what = "un nom" if path == ("name",) else "un alias"
                yield Problem(
                    spell.path,
                    spell.line(path),
                    field_name(path),
                    f"attendu {what} distinct des noms et alias des autres sorts, reçu « {text} », "
                    f"déjà {_role(other[1])} de {_where(other)}",
                )
            elif text not in seen:
                seen[text] = (spell, path)


def _unique_positions(spells: list[Spell]) -> Iterator[Problem]:
    positions: dict[int, Owner] = {}
    path: DataPath = ("index", "position")
    for spell in spells:
        index = spell.data.get("index")
        position = index.get("position") if isinstance(index, dict) else None
        if not isinstance(position, int) or isinstance(position, bool):
            continue
        if position in positions:
            yield Problem(
                spell.path,
                spell.line(path),
                "index.position",
                f"attendu une position propre à ce sort, reçu le nombre {position}, "
                f"déjà celle de {_where(positions[position])}",
            )
        else:
            positions[position] = (spell, path)


def _alias_addresses(spells: list[Spell], reported: set[tuple[str, DataPath]]) -> Iterator[Problem]:
    """Each alias gets the address sorts/<its slug>/, which must lead to its own spell only (an
    alias already ``reported`` as another spell's is not said twice)."""
    owners: dict[str, Owner] = {}
    for spell in spells:
        name = spell.data.get("name")
        if isinstance(name, str) and plain_name(name) and slugify(name):
            owners.setdefault(slugify(name), (spell, ("name",)))
    for spell in spells:
        aliases = spell.data.get("aliases")
        for index, alias in enumerate(aliases if isinstance(aliases, list) else []):
            path = ("aliases", index)
            if (
                not isinstance(alias, str)
                or not plain_name(alias)
                or (spell.path, path) in reported
            ):
                continue
            address = slugify(alias)
            owner = owners.setdefault(address, (spell, path)) if address else (spell, path)
            if owner[0] is not spell:
                owner_role = "du nom" if owner[1] == ("name",) else "d'un alias"
                yield Problem(
                    spell.path,
                    spell.line(path),
                    field_name(path),
                    f"attendu un alias dont l'adresse sorts/{address}/ mène à ce sort, "
                    f"reçu « {alias} », adresse déjà celle {owner_role} de {_where(owner)}",
                )


def _names_and_aliases(spell: Spell) -> list[tuple[DataPath, str]]:
    found: list[tuple[DataPath, str]] = []
    if isinstance(spell.data.get("name"), str):
        found.append((("name",), spell.data["name"]))
    aliases = spell.data.get("aliases")
    if isinstance(aliases, list):
        found += [(("aliases", i), a) for i, a in enumerate(aliases) if isinstance(a, str)]
    return found


def _where(owner: Owner) -> str:
    spell, path = owner
    return spell.where(path)


def _role(path: DataPath) -> str:
    return "le nom" if path == ("name",) else "un alias"
