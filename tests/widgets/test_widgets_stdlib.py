"""The worker's standard library (widgets/stdlib.py): only what it imports, and the engine's
first download it makes smaller.

One boot of the pinned Pyodide in Node with the archive the build makes answers the bridge's
whole request corpus (tests/widgets/stdlib_record.py): the same answers as CPython, and exactly
the listed files of the standard library imported.
"""

from __future__ import annotations

import gzip
import io
import json
import pathlib
import sys
import zipfile

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import stdlib_record

from widgets import bridge, packaging, stdlib

REPO = pathlib.Path(__file__).resolve().parents[2]
PYODIDE = REPO / "node_modules" / "pyodide"

#: Bytes of the worker's standard library (Pyodide's whole one: 2,545,637).
STDLIB_BUDGET = 700_000
#: Bytes on the network (gzip, level 6 as a static host sends them) of everything the engine's
#: first boot fetches: 6.32 MB with Pyodide's whole standard library.
FIRST_DOWNLOAD_BUDGET = 4_300_000


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The engine's files as the build installs them: (config, folder of engine-config.js)."""
    docs = tmp_path_factory.mktemp("moteur")
    config = packaging.install_engine_assets(docs, REPO)
    return config, docs / packaging.SERVED


def first_download(config, widgets_dir) -> dict[str, bytes]:
    """Every file the engine's first boot fetches: its worker, Pyodide's files, the archive."""
    pyodide_dir = (widgets_dir / config["pyodide"]).resolve()
    files = {name: (pyodide_dir / name).read_bytes() for name in config["pyodideFiles"]}
    files[config["archive"]] = (widgets_dir / config["archive"]).read_bytes()
    files["engine-worker.js"] = (REPO / "widgets" / "shared" / "engine-worker.js").read_bytes()
    return files


def test_the_standard_library_holds_only_the_listed_files_and_is_small(installed):
    config, widgets_dir = installed
    data = (widgets_dir / config["pyodide"] / config["stdlib"]).read_bytes()
    listed = stdlib.listed_files()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.namelist() == sorted(listed["files"])
        assert archive.testzip() is None
    assert len(data) <= STDLIB_BUDGET, len(data)
    # The same sources, the same bytes.
    again = stdlib.build_stdlib_archive(PYODIDE / "python_stdlib.zip", listed["pyodide"])
    assert again == data


def test_the_engine_first_download_is_within_its_budget(installed):
    config, widgets_dir = installed
    files = first_download(config, widgets_dir)
    assert "python_stdlib.zip" not in files and config["stdlib"] in files
    wire = sum(len(gzip.compress(data, 6)) for data in files.values())
    assert wire <= FIRST_DOWNLOAD_BUDGET, wire
    # What the page says it downloads: the Pyodide files, the standard library included.
    pyodide = sum(len(data) for name, data in files.items() if name in config["pyodideFiles"])
    assert config["downloadBytes"] == pyodide


def test_comments_and_docstrings_go_every_line_stays():
    source = (
        '#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n"""Module.\n\nMore."""\n'
        "from __future__ import annotations\n"
        "import re  # why\n"
        "class A:\n    r'''Doc.'''\n    x = '#not a comment'  # a comment\n"
        "    def f(self):\n        'doc'\n\n"
        'def g(a):\n    """doc""" ; return 1\n'
        "def h():\n    s = f\"{'#'!r:>{3}} {a['k']}\"  # c\n    return s\n"
        "y = (\n    'kept'\n    'too'\n)\n"
        "z = 'a' \\\n    'b'\n"
        "def k():\n    '''doc''' 'concatenated'\n"
        "t = f'''{x\n}'''\n"
    )
    stripped = stdlib.strip_source(source)
    assert stripped.count("\n") == source.count("\n")
    assert stripped == (
        "\n# -*- coding: utf-8 -*-\n\n\n\n"
        "from __future__ import annotations\n"
        "import re\n"
        "class A:\n    0\n    x = '#not a comment'\n"
        "    def f(self):\n        0\n\n"
        'def g(a):\n    """doc""" ; return 1\n'
        "def h():\n    s = f\"{'#'!r:>{3}} {a['k']}\"\n    return s\n"
        "y = (\n    'kept'\n    'too'\n)\n"
        "z = 'a' \\\n    'b'\n"
        "def k():\n    '''doc''' 'concatenated'\n"
        "t = f'''{x\n}'''\n"
    )
    with pytest.raises(ValueError):
        stdlib.strip_source("x = 'open\n")


def test_pyodide_with_this_standard_library_answers_the_whole_corpus(installed):
    config, widgets_dir = installed
    texts = stdlib_record.corpus()
    said = stdlib_record.run(widgets_dir / config["pyodide"] / config["stdlib"], texts)
    assert len(said["answers"]) == len(texts) > 1500
    for text, answer in zip(texts, said["answers"], strict=True):
        assert stdlib_record.same_answer(bridge.handle_json(text), answer), text
    # An unexpected error: a French sentence for the reader, the traceback for the console.
    assert json.loads(said["failing"]) == {
        "ok": False,
        "errors": [{"field": None, "message": bridge.GENERIC_ERROR}],
    }
    assert "ZeroDivisionError: oops" in said["stderr"] and "Traceback" in said["stderr"]
    # Exactly the listed files were imported: none missing, none listed for nothing.
    assert said["files"] == sorted(stdlib.listed_files()["files"]), (
        "relevez les modules : python tests/widgets/stdlib_record.py"
    )
