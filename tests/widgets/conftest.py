"""Fixtures of the calculators' tests: the harness site, its server, a phone-sized page.

Browser tests (``@pytest.mark.browser``) use the session Chromium of tests/conftest.py, which
fails (never skips) when Debian's Chromium is missing.
"""

from __future__ import annotations

import pathlib
import shutil
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import widgets_harness as harness

from widgets.packaging import install_engine_assets

SLOW_TIMEOUT_MS = 4000


@pytest.fixture(scope="session")
def site_root(tmp_path_factory, built_docs):
    """Built harness sites side by side: ``ok/``, ``sans-pyodide/`` (core files
    deleted) and ``lent/`` (engine timeout of 4 s, for a Pyodide that never answers).
    The calculators' answers are the session build's, read from its cache as the generator
    reads them (computed there once, not for each site); the engine's standard library is made
    once per process."""
    root = tmp_path_factory.mktemp("widgets-site")
    build_dir = built_docs.parent
    config = harness.build_site(root / "ok", build_dir)
    shutil.copytree(root / "ok", root / "sans-pyodide")
    harness.break_pyodide(root / "sans-pyodide")
    shutil.copytree(root / "ok", root / "lent")
    install_engine_assets(
        root / "lent",
        harness.REPO_ROOT,
        timeout_ms=SLOW_TIMEOUT_MS,
        **harness.cached_engine_files(build_dir),
    )
    return root, config


@pytest.fixture(scope="session")
def server(site_root):
    """Base URL of the harness sites, served on 127.0.0.1."""
    root, _ = site_root
    with harness.serve(root) as url:
        yield url


@pytest.fixture(scope="session")
def engine_config(site_root):
    return site_root[1]


# `browser` is the session-wide Chromium of tests/conftest.py: one Playwright per process.


@pytest.fixture
def context(browser):
    """A fresh browser context (empty cache), phone-sized."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="fr-FR")
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda error: errors.append(str(error)))
    yield pg
    assert not errors, f"erreurs JavaScript : {errors}"
