"""A page names the bundles it uses; generator/pages/page_assets.py turns them into its scripts and
style sheets (the theme prints them, ES modules as type="module")."""

from __future__ import annotations

import pytest

from generator.pages import page_assets
from generator.pages.page_assets import UnknownBundle, resolve


def test_every_page_gets_the_base_bundles_only_once_and_in_order():
    base = resolve()
    assert base["js"] == [
        {"src": "assets/site/site.js", "module": True},
        {"src": "assets/site/offline.js", "module": True},
    ]
    spell = resolve(["spellbook-lazy", "calculators", "calculators"])
    sources = [script["src"] for script in spell["js"]]
    assert sources == [
        "assets/site/site.js",
        "assets/widgets/calculators-loader.js",
        "assets/grimoire/grimoire-lazy.js",
        "assets/site/offline.js",
    ]
    assert len(spell["css"]) == len(set(spell["css"]))
    cards = resolve("cards")
    assert [script["src"] for script in cards["js"]] == [
        "assets/site/site.js",
        "assets/grimoire/grimoire-cards.js",
        "assets/site/cards.js",
        "assets/site/offline.js",
    ]  # the stored spellbook handed to the cards first, not the spellbook page's modules
    assert "assets/grimoire/grimoire.css" not in cards["css"]


def test_an_unknown_bundle_is_a_french_message():
    with pytest.raises(UnknownBundle, match="lot inconnu « calculette »"):
        resolve(["calculette"])


def test_a_script_may_be_a_classic_script(monkeypatch):
    bundles = dict(page_assets.BUNDLES)
    bundles["calculators"] = {
        **bundles["calculators"],
        "js": [{"src": "assets/widgets/calculators-loader.js", "module": False}],
    }
    monkeypatch.setattr(page_assets, "BUNDLES", bundles)
    scripts = {s["src"]: s["module"] for s in resolve(["calculators"])["js"]}
    assert scripts["assets/widgets/calculators-loader.js"] is False
    assert scripts["assets/site/site.js"] is True


def test_the_index_filters_come_before_the_site_script():
    sources = [script["src"] for script in resolve(["index", "spellbook-index"])["js"]]
    assert sources[:3] == [
        "assets/site/index-address.js",
        "assets/site/spell-index.js",
        "assets/site/site.js",
    ]
    # The address is read in the page's head, before the theme's scripts read its ?q=.
    assert [s["src"] for s in resolve(["index"])["js"] if s.get("head")] == [
        "assets/site/index-address.js"
    ]
    assert "assets/site/spell-index.js" not in [s["src"] for s in resolve(["spellbook-lazy"])["js"]]


def test_the_theme_prints_module_scripts_as_modules(built_site):
    page = (built_site / "calculateurs" / "index.html").read_text(encoding="utf-8")
    for script in resolve(["calculators"])["js"]:
        name = script["src"].rsplit("/", 1)[-1]
        tag = next(line for line in page.splitlines() if f'/{name}"' in line and "<script" in line)
        assert ('type="module"' in tag) == script["module"], tag


def test_a_module_s_static_imports_are_read_and_its_on_demand_imports_are_not():
    source = (
        'import { a } from "./a.js";\n'
        'import {\n  d,\n  e,\n} from "../other/d.js";\n'
        'import "./side-effect.js";\n'
        'export { f } from "./f.js";\n'
        "export function g() {\n"
        '  return import("./on-demand.js");\n'
        "}\n"
        '// imported from "./a-comment.js"\n'
        'const text = "from \\"./a-string.js\\"";\n'
    )
    assert page_assets.static_imports(source) == [
        "./a.js",
        "../other/d.js",
        "./side-effect.js",
        "./f.js",
    ]


def test_a_page_preloads_every_module_its_modules_import_and_only_those(tmp_path):
    files = {
        "assets/site/entry.js": (
            'import { x } from "./x.js";\nimport "../widgets/y.js";\nimport "../../../outside.js";\n'
        ),
        "assets/site/x.js": 'import { z } from "../widgets/z.js";\nexport const x = 1;\n',
        "assets/widgets/y.js": 'export { z } from "./z.js";\nconst later = () => import("./lazy.js");\n',
        "assets/widgets/z.js": 'import { x } from "../site/x.js";\nexport const z = x;\n',  # a cycle
        "assets/site/classic.js": 'import "./never.js";\n',
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    scripts = [
        {"src": "assets/site/classic.js", "head": True},  # a classic script imports nothing
        {"src": "assets/site/entry.js", "module": True},
        {"src": "assets/widgets/generated.js", "module": True},  # not there: imports nothing
    ]
    assert page_assets.module_preloads(tmp_path, scripts) == [
        "assets/site/x.js",
        "assets/widgets/y.js",
        "assets/widgets/z.js",
    ]
    assert page_assets.module_preloads(tmp_path, scripts[:1]) == []
