"""widgets/packaging.py: Pyodide core only, one deterministic engine archive, engine-config.js."""

from __future__ import annotations

import io
import json
import os
import pathlib
import re
import shutil
import zipfile

import pytest

from widgets import packaging as assets

REPO = pathlib.Path(__file__).resolve().parents[2]
PYODIDE = REPO / "node_modules" / "pyodide"


def needs_pyodide(test):
    """Marks tests that read the npm copy of Pyodide (installed by `make setup`; never skipped)."""
    return test


def pyodide_version():
    return json.loads((PYODIDE / "package.json").read_text())["version"]


def fake_repo(tmp_path, pyodide=True):
    """A copy of the engine sources, and a tiny fake Pyodide package."""
    repo = tmp_path / "repo"
    shutil.copytree(REPO / "rules", repo / "rules", ignore=shutil.ignore_patterns("__pycache__"))
    (repo / "widgets").mkdir(parents=True)
    shutil.copytree(
        REPO / "widgets" / "bridge",
        repo / "widgets" / "bridge",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    if pyodide:
        package = repo / "node_modules" / "pyodide"
        package.mkdir(parents=True)
        (package / "package.json").write_text(json.dumps({"name": "pyodide", "version": "9.9.9"}))
        for name in assets.PYODIDE_CORE_FILES:
            (package / name).write_bytes(name.encode() * 10)
        (package / "pyodide-lock.json").write_text(
            json.dumps(
                {
                    "info": {"abi_version": "x", "python": "3.14"},
                    "packages": {"numpy": {"file_name": "numpy.whl"}},
                }
            )
        )
        for extra in ("pyodide.js", "pyodide.js.map", "console.html", "README.md", "pyodide.d.ts"):
            (package / extra).write_text("extra")
        with zipfile.ZipFile(package / "python_stdlib.zip", "w") as whole:
            whole.writestr("os.py", '"""The docstring."""\nimport sys  # why\n')
            whole.writestr("encodings/__init__.py", "def f():\n    'doc'\n")
            whole.writestr("antigravity.py", "import webbrowser\n")
    (repo / "widgets" / "stdlib-modules.json").write_text(
        json.dumps({"pyodide": "9.9.9", "files": ["os.py", "encodings/__init__.py"]})
    )
    return repo


def snapshot(directory):
    return {
        str(p.relative_to(directory)): (p.stat().st_mtime_ns, p.read_bytes())
        for p in sorted(directory.rglob("*"))
        if p.is_file()
    }


# ---------------------------------------------------------------- archive


def test_archive_is_deterministic_and_holds_exactly_rules_and_the_bridge():
    first = assets.build_engine_archive(REPO)
    second = assets.build_engine_archive(REPO)
    assert first == second
    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        names = archive.namelist()
        expected = sorted(
            [f"rules/{p.name}" for p in (REPO / "rules").glob("*.py")]
            + [f"widgets/bridge/{p.name}" for p in (REPO / "widgets" / "bridge").glob("*.py")]
        )
        assert names == expected
        for info in archive.infolist():
            assert info.date_time == (1980, 1, 1, 0, 0, 0)
            source = REPO / info.filename
            assert archive.read(info) == source.read_bytes()  # the real files, not copies


def test_archive_name_follows_the_sources(tmp_path):
    repo = fake_repo(tmp_path)
    docs = tmp_path / "docs"
    name1 = assets.install_engine_assets(docs, repo)["archive"]
    assert re.fullmatch(r"engine-[0-9a-f]{12}\.zip", name1)
    with open(repo / "rules" / "casting.py", "a", encoding="utf-8") as handle:
        handle.write("\n# changed\n")
    name2 = assets.install_engine_assets(docs, repo)["archive"]
    assert name2 != name1
    # The previous archive is removed: one engine archive in the site.
    assert sorted(p.name for p in (docs / assets.SERVED).glob("engine-*.zip")) == [name2]


# ---------------------------------------------------------------- install


def test_install_copies_only_the_core_and_writes_config(tmp_path):
    repo = fake_repo(tmp_path)
    docs = tmp_path / "docs"
    config = assets.install_engine_assets(docs, repo)
    pyodide_dir = docs / "assets" / "pyodide" / "9.9.9"
    assert re.fullmatch(r"python_stdlib-[0-9a-f]{12}\.zip", config["stdlib"])
    assert sorted(p.name for p in pyodide_dir.iterdir()) == sorted(
        [*assets.PYODIDE_CORE_FILES, "pyodide-lock.json", config["stdlib"]]
    )
    # The standard library holds the listed files only, without comments or docstrings.
    with zipfile.ZipFile(pyodide_dir / config["stdlib"]) as stdlib:
        assert stdlib.namelist() == ["encodings/__init__.py", "os.py"]
        assert stdlib.read("os.py") == b"\nimport sys\n"
        assert stdlib.read("encodings/__init__.py") == b"def f():\n    0\n"
    for name in assets.PYODIDE_CORE_FILES:
        assert (pyodide_dir / name).read_bytes() == (
            repo / "node_modules" / "pyodide" / name
        ).read_bytes()
    # No package offered: the lock file keeps only Pyodide's own information.
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    assert lock == {"info": {"abi_version": "x", "python": "3.14"}, "packages": {}}

    total = sum(p.stat().st_size for p in pyodide_dir.iterdir())
    assert config == {
        "pyodide": "../pyodide/9.9.9/",
        "archive": config["archive"],
        "downloadBytes": total,
        "timeoutMs": 20000,
        "requestTimeoutMs": 15000,
        "bootTimeoutMs": assets.BOOT_TIMEOUT_MS,
        "deadlineMs": assets.DEADLINE_MS,
        "dataWaitMs": assets.DATA_WAIT_MS,
        "stdlib": config["stdlib"],
        "pyodideFiles": [*assets.PYODIDE_CORE_FILES, config["stdlib"], "pyodide-lock.json"],
        "instant": config["instant"],
    }
    widgets_dir = docs / assets.SERVED
    # What it writes beside the shared modules, each named for the generation to keep.
    written = sorted(path.relative_to(docs).as_posix() for path in widgets_dir.iterdir())
    assert written == sorted(assets.engine_files(config))
    # The configuration as an ES module, for the calculators' modules.
    module = (widgets_dir / "engine-config.js").read_text(encoding="utf-8")
    match = re.search(r"^export default (\{.*\});$", module, re.M)
    assert match and json.loads(match.group(1)) == config
    # The precomputed answers, one content-hashed file per calculator.
    files = config["instant"]["files"]
    assert sorted(files) == [
        "cast",
        "duel",
        "fields",
        *(f"progression-{d}" for d in range(1, 6)),
        "study",
    ]
    assert config["instant"]["split"] == {"progression": "difficulty"}
    for key, name in files.items():
        assert re.fullmatch(rf"instant-{key}-[0-9a-f]{{12}}\.json", name)
        document = json.loads((widgets_dir / name).read_text(encoding="utf-8"))
        assert (
            document["calcs"]
            if key == "fields"
            else document["parts"]
            if key == "duel"
            else document["index"]
        )
    assert (widgets_dir / config["archive"]).is_file()
    # The relative paths resolve from engine-config.js's folder.
    assert (widgets_dir / config["pyodide"]).resolve() == pyodide_dir.resolve()


def test_second_install_writes_nothing(tmp_path):
    repo = fake_repo(tmp_path)
    docs = tmp_path / "docs"
    first = assets.install_engine_assets(docs, repo)
    before = snapshot(docs)
    assert assets.install_engine_assets(docs, repo) == first
    assert snapshot(docs) == before


def test_timeouts_are_configurable(tmp_path):
    config = assets.install_engine_assets(
        tmp_path / "docs", fake_repo(tmp_path), timeout_ms=5000, request_timeout_ms=700
    )
    assert config["timeoutMs"] == 5000 and config["requestTimeoutMs"] == 700


def test_old_pyodide_versions_are_removed(tmp_path):
    repo = fake_repo(tmp_path)
    docs = tmp_path / "docs"
    (docs / "assets" / "pyodide" / "0.1.0").mkdir(parents=True)
    (docs / "assets" / "pyodide" / "0.1.0" / "pyodide.mjs").write_text("old")
    assets.install_engine_assets(docs, repo)
    assert [p.name for p in (docs / "assets" / "pyodide").iterdir()] == ["9.9.9"]


def test_missing_node_modules_is_a_french_error(tmp_path):
    repo = fake_repo(tmp_path, pyodide=False)
    with pytest.raises(assets.EngineAssetsError, match=r"Pyodide introuvable : lancez `npm ci`"):
        assets.install_engine_assets(tmp_path / "docs", repo)


def test_incomplete_pyodide_is_a_french_error(tmp_path):
    repo = fake_repo(tmp_path)
    os.remove(repo / "node_modules" / "pyodide" / "pyodide.asm.wasm")
    with pytest.raises(assets.EngineAssetsError, match=r"Pyodide incomplet.*pyodide\.asm\.wasm"):
        assets.install_engine_assets(tmp_path / "docs", repo)


def test_the_standard_library_follows_its_list_and_is_named_by_its_content(tmp_path):
    repo = fake_repo(tmp_path)
    docs = tmp_path / "docs"
    first = assets.install_engine_assets(docs, repo)["stdlib"]
    (repo / "widgets" / "stdlib-modules.json").write_text(
        json.dumps({"pyodide": "9.9.9", "files": ["os.py"]})
    )
    second = assets.install_engine_assets(docs, repo)["stdlib"]
    assert second != first
    assert [p.name for p in (docs / "assets" / "pyodide" / "9.9.9").glob("python_stdlib*")] == [
        second
    ]


@pytest.mark.parametrize(
    "listed, message",
    [
        (
            {"pyodide": "1.0.0", "files": ["os.py"]},
            r"relevés pour Pyodide 1\.0\.0, installé 9\.9\.9",
        ),
        ({"pyodide": "9.9.9", "files": ["os.py", "nope.py"]}, r"fichiers absents.*nope\.py"),
        ({"pyodide": "9.9.9"}, r"liste des modules illisible"),
    ],
)
def test_a_list_out_of_date_is_a_french_error(tmp_path, listed, message):
    repo = fake_repo(tmp_path)
    (repo / "widgets" / "stdlib-modules.json").write_text(json.dumps(listed))
    with pytest.raises(assets.EngineAssetsError, match=message):
        assets.install_engine_assets(tmp_path / "docs", repo)


@needs_pyodide
def test_real_pyodide_install(tmp_path):
    config = assets.install_engine_assets(tmp_path / "docs", REPO)
    version = pyodide_version()
    assert config["pyodide"] == f"../pyodide/{version}/"
    target = tmp_path / "docs" / "assets" / "pyodide" / version
    assert config["downloadBytes"] == sum(p.stat().st_size for p in target.iterdir())
    assert not list(target.glob("*.whl")) and not list(target.glob("*.map"))


def test_the_engine_reads_its_files_and_bounds_from_the_configuration(tmp_path):
    """The Pyodide files and the engine's bounds have one home, the build's configuration:
    no script of the page spells a file of Pyodide's or a default bound."""
    config = assets.install_engine_assets(tmp_path / "docs", fake_repo(tmp_path))
    assert config["pyodideFiles"] == [
        *assets.PYODIDE_CORE_FILES,
        config["stdlib"],
        "pyodide-lock.json",
    ]
    assert config["deadlineMs"] > config["bootTimeoutMs"] > 0 and config["timeoutMs"] > 0
    for path in (REPO / "widgets" / "calculators" / "static").glob("*.js"):
        text = path.read_text(encoding="utf-8")
        for name in config["pyodideFiles"]:  # (the worker imports Pyodide's two modules by name)
            assert name.endswith(".mjs") or name not in text, (path.name, name)
        assert not re.search(r"\b(20000|15000|60000|20_000)\b", text), path.name


def test_static_scripts_hold_no_cdn_and_no_rule():
    calculators, shared = REPO / "widgets" / "calculators" / "static", REPO / "widgets" / "shared"
    for path in [*calculators.iterdir(), *shared.glob("*.js")]:
        text = path.read_text(encoding="utf-8")
        assert "cdn.jsdelivr" not in text and "unpkg" not in text and "https://" not in text, (
            path.name
        )
    for folder, name in (
        (calculators, "calculators.js"),
        (calculators, "calculators-calculator.js"),
        (calculators, "calculators-draw.js"),
        (calculators, "url-state.js"),
        (shared, "answers.js"),
        (shared, "answers-data.js"),
        (shared, "answers-documents.js"),
        (shared, "engine-on-demand.js"),
        (shared, "instant.js"),
        (shared, "instant-check.js"),
        (shared, "instant-duel.js"),
        (shared, "instant-face.js"),
        (shared, "instant-integer.js"),
        (shared, "engine.js"),
    ):
        script = (folder / name).read_text(encoding="utf-8")
        # No dice arithmetic in JavaScript: no 12-sided die, no halving of magic, no XP table.
        for forbidden in ("/ 2", "% 12", "Math.random", "12)", "* 2", "// 2"):
            assert forbidden not in script, (name, forbidden)
