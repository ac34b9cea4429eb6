"""Generate the compendium's Markdown pages and JSON from the validated spell files.

``generate(root, out)`` writes into ``out`` (mkdocs' ``docs_dir``): one page per spell at
``sorts/<slug>/``, the index ``sorts/``, a redirect page per alias whose slug differs, the rules,
the calculators, the home page, the JSON API and the calculators' engine assets. Pages are
Markdown files whose body is HTML rendered through the Jinja2 templates of
``generator/pages/templates`` and ``widgets/templates`` (spell text escaped), so any MkDocs-compatible builder can build them.
Only files whose bytes change are rewritten, and files no longer produced are removed.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
import shutil
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import yaml
from jinja2 import (
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    StrictUndefined,
)
from markupsafe import Markup, escape

import rules
import widgets
from widgets import bridge

from . import labels
from .links import MentionFinder
from .render import Span, figure, level_anchors, render_description, render_inline
from .. import cache
from ..security import CONTENT_SECURITY_POLICY
from ..spellformat.slug import fold, slugify

__all__ = ["GenerationError", "Report", "generate", "fold", "load_spells"]

TEMPLATES = Path(__file__).parent / "templates"
SCHEMA = Path(__file__).parent.parent / "spellformat" / "spell.schema.json"
#: Folders copied as they are into ``assets/site/`` (page scripts and styles, the offline panel).
STATIC = (Path(__file__).parent / "static", Path(__file__).parent.parent / "offline" / "static")
API_SCHEMA_VERSION = 1
TABLE_MAGIC = (0, 4, 8)
SITE_STATIC = "assets/site"


class GenerationError(Exception):
    """The spell files are invalid: ``problems`` lists every located French message."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class Report:
    """What one generation wrote."""

    spells: int = 0
    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)


def load_spells(spells_dir: Path) -> list[dict]:
    """Validate then load every spell, sorted by French collation; raise GenerationError."""

    from ..spellformat.validate import load_dir

    loaded, problems = load_dir(spells_dir)
    if problems:
        base = spells_dir.parent
        raise GenerationError(
            [str(dataclasses.replace(p, path=_shown(p.path, base))) for p in problems]
        )
    spells = [spell.data for spell in loaded]
    return sorted(spells, key=lambda spell: (fold(spell["name"]), spell["name"]))


def _shown(path: str, base: Path) -> str:
    """A problem's path relative to the project, as the person editing the files knows it."""
    try:
        return Path(path).resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return path


class _Writer:
    """Writes files under ``out`` only when their bytes change; remembers what it produced."""

    def __init__(self, out: Path, report: Report):
        self.out, self.report, self.produced = out, report, set()

    def write(self, relative: str, content: str | bytes) -> None:
        data = content.encode("utf-8") if isinstance(content, str) else content
        path = self.out / relative
        self.produced.add(path)
        if path.exists() and path.read_bytes() == data:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.report.written.append(relative)

    def prune(self, *folders: str) -> None:
        """Remove files of the given folders that this generation did not produce."""
        for folder in folders:
            base = self.out / folder
            if not base.exists():
                continue
            for path in sorted(base.rglob("*"), reverse=True):
                if path.is_file() and path not in self.produced:
                    path.unlink()
                    self.report.removed.append(str(path.relative_to(self.out)))
                elif path.is_dir() and not any(path.iterdir()):
                    path.rmdir()


@functools.cache
def _environment() -> Environment:
    # One environment per process: its compiled templates are reused by every later build (tests,
    # `make serve`); FileSystemLoader still reloads a template whose file changed.
    loader = ChoiceLoader([FileSystemLoader(TEMPLATES), FileSystemLoader(widgets.TEMPLATES)])
    env = Environment(
        loader=loader,
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["inline"] = lambda text: render_inline(str(text))
    env.filters["pct"] = rules.format_percent
    env.filters["frac"] = rules.format_fraction
    env.filters["dec"] = rules.format_decimal
    env.filters["one_in"] = rules.one_in
    env.filters["json"] = lambda value: Markup(json.dumps(value, ensure_ascii=False))
    # Front-matter values are printed unescaped by the theme (<title>, header, meta tags):
    # escape them once here, then write them as YAML with the YAML emitter.
    env.filters["meta"] = lambda value: Markup(yaml_scalar(str(escape(value))))
    env.globals["labels"] = labels
    env.globals["game"] = game_constants()
    env.globals["field_labels"] = bridge.FIELD_LABELS
    env.globals["element_labels"] = rules.ELEMENT_LABELS
    env.globals["outcomes"] = list(rules.Outcome)
    return env


def game_constants() -> dict:
    """Every number and label of the rules a page or a script shows, read from ``rules``.

    The templates get it as the Jinja global ``game``; the scripts as generated data.
    """
    return {
        "die_faces": rules.DIE_FACES,
        "magic_divisor": rules.MAGIC_DIVISOR,
        "cast_formula": rules.CAST_FORMULA,
        "learning": {"min": rules.MIN_LEARNING, "max": rules.MAX_LEARNING},
        "difficulty": {"min": rules.MIN_DIFFICULTY, "max": rules.MAX_DIFFICULTY},
        "study_hours": {"min": rules.MIN_STUDY_HOURS, "max": rules.MAX_STUDY_HOURS},
        "spell_level": {"min": rules.MIN_SPELL_LEVEL, "max": rules.MAX_SPELL_LEVEL},
        "elements": dict(rules.ELEMENT_LABELS),
        "extremes": dict(rules.EXTREMES_LABELS),
        "outcomes": {outcome.value: outcome.label for outcome in rules.Outcome},
    }


def _html_block(html: str) -> str:
    """HTML safe to embed in Markdown: no blank line may end the raw block early (lines of white
    space only are dropped; string methods only, linear in the page's length)."""
    return "\n".join(line for line in html.split("\n") if line.strip()).strip() + "\n"


#: Rows of the index's list drawn at once by its script (more as the reader scrolls, all before
#: printing); the page without JavaScript is the whole list.
INDEX_ROWS_DRAWN = 200


@functools.cache
def cast_tables(difficulty: int) -> dict:
    """Precomputed figures shown on a spell page even without JavaScript (one per difficulty)."""
    odds = [
        {
            "magic": magic,
            "penalty": magic // rules.MAGIC_DIVISOR,
            "rows": [
                {
                    "learning": learning,
                    "odds": rules.cast_odds(magic, learning),
                    "xp": rules.expected_xp(magic, learning),
                }
                for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)
            ],
        }
        for magic in TABLE_MAGIC
    ]
    for block in odds:  # the engine's reason for each zero of the table, each said once
        block["impossible"] = list(
            dict.fromkeys(
                reason
                for row in block["rows"]
                for outcome in rules.Outcome
                if (reason := rules.impossible_reason(outcome, block["magic"], row["learning"]))
            )
        )
    total, costs = 0, []
    for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING):
        cost = rules.level_up_cost(learning, difficulty)
        total += cost
        costs.append({"from": learning, "to": learning + 1, "cost": cost, "total": total})
    path = {magic: rules.level_path(magic, rules.MIN_LEARNING, difficulty) for magic in TABLE_MAGIC}
    return {"odds": odds, "costs": costs, "path": path}


_partials: dict[tuple, Markup] = {}


def _partial(key: tuple, template: str, **context) -> Markup:
    """A part of a spell page that is the same for many spells, rendered once per ``key`` and
    build (cleared by :func:`generate`: the template may have changed, ``mkdocs serve``)."""
    if key not in _partials:
        html = _environment().get_template(template).render(**context)
        _partials[key] = Markup(html.removesuffix("\n"))
    return _partials[key]


def cast_tables_html(difficulty: int) -> Markup:
    """The precomputed tables of a spell page: the same for every spell of one difficulty."""
    return _partial(
        ("tables", difficulty),
        "partials/cast-tables.html",
        tables=cast_tables(difficulty),
        spell={"difficulty": difficulty},
    )


def calculator_html(name: str, calc: dict) -> Markup:
    """A calculator's form as a spell page shows it (``widgets/templates/calculators/``): the
    same for every spell with the same settings (the cast calculator for all, the progression
    per difficulty)."""
    return _partial((name, json.dumps(calc, sort_keys=True)), f"calculators/{name}.html", calc=calc)


class _Compendium:
    """The loaded spells and the derived lookups the pages need."""

    def __init__(self, spells: list[dict]):
        self.spells = spells
        self.by_slug = {spell["slug"]: spell for spell in spells}
        self.finder = MentionFinder(spells)

    def spans(self, spell: dict, text: str, link_prefix: str) -> tuple[Span, ...]:
        spans = [
            Span(m.start, m.end, "link", f"{link_prefix}{m.slug}/", self.by_slug[m.slug]["name"])
            for m in self.finder.find(text, exclude=spell["slug"])
        ]
        for number, erratum in enumerate(spell["errata"], start=1):
            start = text.find(erratum["text"])
            if start >= 0:
                spans.append(
                    Span(
                        start,
                        start + len(erratum["text"]),
                        "erratum",
                        f"erratum-{number}",
                        erratum["note"],
                    )
                )
        return tuple(spans)

    def links_of(self, spell: dict) -> list[str]:
        """The slugs this spell's description links to, in order of appearance."""
        found = []
        for line in spell["description"].split("\n"):
            found += [m.slug for m in self.finder.find(line, exclude=spell["slug"])]
        return found


def _spell_context(compendium: _Compendium, spell: dict) -> dict:
    erratum_lines: set[int] = set()

    def spans_for(text: str) -> tuple[Span, ...]:
        spans = compendium.spans(spell, text, "../")
        for span in spans:
            if span.kind == "erratum":
                erratum_lines.add(int(span.payload.split("-")[1]))
        return spans

    description = render_description(
        spell["description"], per_level=spell["per_level"], spans_for=spans_for, subheading="h2"
    )
    fields = []
    for key in labels.FIELDS:
        raw = spell[key]["raw"]
        fields.append(
            {
                "key": key,
                "label": labels.FIELDS[key],
                "raw": raw,
                "html": render_inline(raw, compendium.spans(spell, raw, "../")),
                "parsed": spell[key].get("parsed"),
            }
        )
    figures_before = [
        Markup(figure(f["caption"])) for f in spell["figures"] if f["position"] == "before_title"
    ]
    figures_after = [
        Markup(figure(f["caption"], note=labels.FIGURE_CERTAINTY[f["certainty"]]))
        for f in spell["figures"]
        if f["position"] == "after_description"
    ]
    levels = [
        {"anchor": anchor, "entry": entry}
        for entry, anchor in zip(spell["per_level"], level_anchors(spell["per_level"]), strict=True)
    ]
    return {
        "spell": spell,
        "fields": fields,
        "description": description,
        "figures_before": figures_before,
        "figures_after": figures_after,
        "levels": levels,
        "errata": [{"number": n, **e} for n, e in enumerate(spell["errata"], start=1)],
        "unmarked_errata": [
            n for n in range(1, len(spell["errata"]) + 1) if n not in erratum_lines
        ],
        "cast_tables_html": cast_tables_html(spell["difficulty"]),
        "calculators_html": Markup("\n").join(
            [
                calculator_html(
                    "cast",
                    {
                        "prefix": "lancer",
                        "heading_level": 3,
                        "page_tables": True,
                        "defaults": {
                            "magic": 0,
                            "learning": rules.MIN_LEARNING,
                            "modifier": 0,
                            "extremes": "modified",
                        },
                    },
                ),
                calculator_html(
                    "progression",
                    {
                        "prefix": "progression",
                        "heading_level": 3,
                        "page_tables": True,
                        "defaults": {
                            "magic": 0,
                            "learning": rules.MIN_LEARNING,
                            "xp": 0,
                            "n": 10,
                            "difficulty": spell["difficulty"],
                        },
                    },
                ),
            ]
        ),
        "root": "../../",
        "summary": summary(spell),
    }


SUMMARY_CHARS = 160
_SUPERSCRIPT = re.compile(r"(\d)\^(er|eme|e)\b")


def summary(spell: dict, limit: int = SUMMARY_CHARS) -> str:
    """The spell's level range and the start of its text, as plain text (a link preview)."""
    words = []
    for line in spell["description"].split("\n"):
        line = line.strip()
        if not line or line.startswith(("|", "![")):
            continue
        line = re.sub(r"^(- |#### )", "", line)
        words += _SUPERSCRIPT.sub(r"\1\2", line).split()
    text = f"Sort de magicien, niveaux {spell['levels']['raw']}."
    for word in words:
        if len(text) + 1 + len(word) > limit - 1:
            return text + " …" if text.endswith((".", "!", "?")) else text + "…"
        text += " " + word
    return text


def api_spell(spell: dict) -> dict:
    """The public JSON of one spell: the data with its page URL, stable English keys."""
    return {**spell, "url": f"sorts/{spell['slug']}/"}


def generate(root: Path, out: Path, *, site_url: str = "") -> Report:
    """Validate ``root/spells`` and write every page, JSON file and asset into ``out``.

    ``site_url`` (the publishing address, when known) makes the alias pages point to the
    absolute address of their spell. When nothing the generation reads has changed since the
    last one and ``out`` is as it left it, nothing is done (:mod:`generator.cache`)."""
    key = cache.generation_digest(root, out, site_url)
    known = cache.unchanged_generation(out, key)
    if known is not None:
        return Report(spells=known)  # the same sources: the files are already there
    cache.forget_generation(out)
    report = _generate(root, out, site_url)
    cache.record_generation(out, key, report.spells)
    return report


def _generate(root: Path, out: Path, site_url: str) -> Report:
    from widgets import instant
    from widgets.packaging import install_engine_assets, stdlib_archive, stdlib_sources

    report = Report()
    spells = load_spells(root / "spells")
    document = yaml.safe_load((root / "content" / "document.yaml").read_text(encoding="utf-8"))
    compendium = _Compendium(spells)
    env = _environment()
    env.bytecode_cache = cache.templates(out)  # this build's folder (the environment outlives it)
    writer = _Writer(out, report)
    report.spells = len(spells)

    content = root / "content"
    writer.write("index.md", (content / "index.md").read_text(encoding="utf-8"))
    for source in sorted((s for folder in STATIC for s in folder.iterdir()), key=lambda s: s.name):
        writer.write(f"{SITE_STATIC}/{source.name}", source.read_bytes())

    spell_template = env.get_template("spell.md.j2")
    _partials.clear()
    for spell in spells:
        page = spell_template.render(**_spell_context(compendium, spell))
        page = _markdown_page(page)
        _check_front_matter(
            page,
            functools.partial(_spell_origin, root, spell["slug"]),
            {"title": str(escape(spell["name"]))},
        )
        writer.write(f"sorts/{spell['slug']}/index.md", page)
        for alias in spell["aliases"]:
            alias_slug = slugify(alias)
            if alias_slug != spell["slug"] and alias_slug not in compendium.by_slug:
                writer.write(
                    f"sorts/{alias_slug}/index.html",
                    env.get_template("alias.html.j2").render(
                        spell=spell,
                        alias=alias,
                        csp=CONTENT_SECURITY_POLICY,
                        canonical=_canonical(site_url, f"sorts/{spell['slug']}/"),
                    ),
                )
        writer.write(f"api/sorts/{spell['slug']}.json", _json(api_spell(spell)))

    index_rows = sorted(spells, key=lambda s: s["index"]["position"])
    writer.write(
        "sorts/index.md",
        _markdown_page(
            env.get_template("index.md.j2").render(
                spells=spells,
                document=document,
                index_rows=index_rows,
                index={
                    "names": {s["slug"]: fold(s["name"]) for s in spells},
                    "aliases": {s["slug"]: fold(" ".join(s["aliases"])) for s in spells},
                    "element_rank": {
                        key: rank
                        for rank, key in enumerate(
                            sorted(
                                rules.ELEMENT_LABELS, key=lambda k: fold(rules.ELEMENT_LABELS[k])
                            )
                        )
                    },
                    "drawn": INDEX_ROWS_DRAWN,
                },
                root="../",
            )
        ),
    )
    writer.write(
        "api/sorts.json",
        _json(
            {
                "schema_version": API_SCHEMA_VERSION,
                "count": len(spells),
                "spells": [api_spell(spell) for spell in spells],
            }
        ),
    )
    writer.write("api/schema.json", SCHEMA.read_bytes())
    writer.write(
        "assets/site/recherche.json",
        _json(
            {
                s["slug"]: fold(" ".join([s["name"], *s["aliases"], s["description"]]))
                for s in spells
            }
        ),
    )

    rules_text = (root / "sources" / "000_520746474e142303.txt").read_text(encoding="utf-8")
    writer.write(
        "regles/index.md",
        _markdown_page(
            env.get_template("regles.md.j2").render(
                rules_lines=rules_text.split("\n"),
                readings=(content / "regles.md").read_text(encoding="utf-8"),
                root="../",
            )
        ),
    )
    writer.write(
        "calculateurs/index.md",
        _markdown_page(
            env.get_template("calculateurs.md.j2").render(
                spells=[
                    {"slug": s["slug"], "name": s["name"], "element": s["element"]} for s in spells
                ],
                intro=(content / "calculateurs.md").read_text(encoding="utf-8"),
                root="../",
            )
        ),
    )
    from .cards import extra_pages  # « Mon grimoire », the spell cards

    for relative, text in extra_pages(env, spells).items():
        writer.write(relative, _markdown_page(text) if relative.endswith(".md") else text)

    install_engine_assets(
        out,
        root,
        answers=cache.remember(out, "instant", instant.sources(), instant.payloads),
        stdlib=cache.remember(
            out, "stdlib", stdlib_sources(root), lambda: {"stdlib.zip": stdlib_archive(root)}
        )["stdlib.zip"],
    )
    writer.prune("sorts", "api", "regles", "calculateurs", "grimoire", "cartes", SITE_STATIC)
    return report


def _spell_origin(root: Path, slug: str) -> str:
    """``spells/<slug>.yaml:<line of its name>: name``: where a spell page's title comes from."""
    source = f"spells/{slug}.yaml"
    try:
        lines = (root / source).read_text(encoding="utf-8", errors="replace").split("\n")
    except OSError:
        lines = []
    line = next(
        (number for number, text in enumerate(lines, start=1) if text.startswith("name:")), 1
    )
    return f"{source}:{line}: name"


def _canonical(site_url: str, path: str) -> str:
    """The absolute address of a page when the publishing address is known, else ''."""
    if not site_url:
        return ""
    return site_url.rstrip("/") + "/" + path


def yaml_scalar(text: str) -> str:
    """``text`` as one double-quoted YAML scalar on one line, written by the YAML emitter (every
    character a YAML reader would refuse or fold is escaped)."""
    written = yaml.safe_dump(text, allow_unicode=True, default_style='"', width=float("inf"))
    return written.removesuffix("\n...\n").removesuffix("\n")


#: How MkDocs finds a page's front matter (mkdocs.utils.meta), read with the same YAML loader.
_FRONT_MATTER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)


def read_front_matter(page: str) -> dict | None:
    """The front matter of ``page`` as MkDocs reads it: a mapping, or None when MkDocs would drop
    it and render it as Markdown."""
    match = _FRONT_MATTER.match(page)
    if match is None:
        return None
    try:
        data = yaml.load(match[1], Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except Exception:  # noqa: BLE001 - MkDocs drops the front matter on any error
        return None
    return data if isinstance(data, dict) else None


def _markdown_page(text: str) -> str:
    """A generated page: a template's output, its HTML kept in one Markdown block; a front matter
    that MkDocs would not read back stops the generation (:func:`_check_front_matter`)."""
    front, sep, body = text.partition("\n---\n")
    if not text.startswith("---\n") or not sep:
        return _html_block(text)
    page = front + sep + body
    _check_front_matter(page)
    return page


def _check_front_matter(
    page: str, where=lambda: "generator/pages/templates:1: -", expected: dict | None = None
) -> None:
    """Raise GenerationError unless the front matter of ``page`` (written by the templates, values
    through the ``meta`` filter) reads back as MkDocs reads it, with the ``expected`` values
    (``where()`` gives the ``file:line: field`` of the message): MkDocs would otherwise drop it
    and render it as Markdown."""
    meta = read_front_matter(page)
    if meta is None or any(meta.get(key) != value for key, value in (expected or {}).items()):
        raise GenerationError(
            [
                f"{where()}: attendu des métadonnées de page (titre, description) que "
                "MkDocs relit telles qu'écrites, reçu un en-tête YAML illisible ou "
                "altéré : la page n'est pas construite"
            ]
        )


def _json(value: object) -> str:
    def default(item: object) -> object:
        if isinstance(item, Fraction):
            return str(item)
        raise TypeError(type(item).__name__)

    return json.dumps(value, ensure_ascii=False, indent=1, default=default) + "\n"


def copy_tree(source: Path, target: Path) -> None:
    """Replace ``target`` by a copy of ``source`` (used to publish a finished build atomically)."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
