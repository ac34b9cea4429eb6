"""``python -m generator serve`` (what ``make serve`` runs) while a spell file is invalid: every
page answers at once with a French page naming ``fichier:ligne`` as ``make check`` does (relative
paths, any file name printable), never a wait without an end, styled and reloaded within its own
policy, and the site comes back once the file is fixed. Two tests start the real server."""

from __future__ import annotations

import contextlib
import html
import http.server
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest

from tests.conftest import ROOT, copy_project
from tests.loopback import QuietServer

#: The longest a request may take (a rebuild of a one-spell site is a few seconds).
REQUEST_S = 60
#: The longest the server may take to build the site first, or to rebuild it.
BUILD_S = 240


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> tuple[int, str]:
    """Status and text (entities read) of ``url``; a request that hangs fails the test."""
    try:
        with urllib.request.urlopen(url, timeout=REQUEST_S) as response:
            return response.status, html.unescape(response.read().decode("utf-8"))
    except urllib.error.HTTPError as error:
        return error.code, html.unescape(error.read().decode("utf-8"))


def wait_for(url: str, condition) -> tuple[int, str]:
    deadline = time.monotonic() + BUILD_S
    last = None
    while time.monotonic() < deadline:
        with contextlib.suppress(urllib.error.URLError, ConnectionError):
            last = get(url)
            if condition(*last):
                return last
        time.sleep(0.5)
    raise AssertionError(f"{url} : toujours {last} après {BUILD_S} s")


@pytest.fixture
def served(tmp_path, build_cache):
    (tmp_path / "projet").mkdir()
    project = copy_project(tmp_path / "projet", build_cache)
    path = project / "spells" / "vol.yaml"
    path.write_bytes((ROOT / "spells" / "vol.yaml").read_bytes())
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(project)}
    env.pop("SITE_URL", None)
    log = (tmp_path / "serve.log").open("w", encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", "--port", str(port)],
        cwd=project,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        yield f"http://127.0.0.1:{port}/", path, process
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        log.close()


def test_an_invalid_spell_under_serve_shows_a_french_page_naming_file_and_line(served):
    url, path, process = served
    page = url + "sorts/vol/"
    status, text = wait_for(page, lambda status, text: status == 200)
    assert "Vol" in text

    good = path.read_text(encoding="utf-8")
    path.write_text(good.replace("\nelement: neutre\n", "\nelement: air\n"), encoding="utf-8")
    line = path.read_text(encoding="utf-8").split("\n").index("element: air") + 1
    located = f"spells/vol.yaml:{line}: element: attendu l'une des valeurs"
    status, text = wait_for(page, lambda status, text: located in text)
    assert status == 500
    assert '<html lang="fr">' in text and "Site non reconstruit" in text
    assert "Traceback" not in text
    assert "livereload" in text  # it reloads itself once the file is fixed
    # Every page says it at once (no waiting on the server), the home page too.
    assert located in get(url)[1]
    assert located in get(url + "calculateurs/")[1]
    # Assets are still served.
    assert get(url + "assets/shared/common.js")[0] == 200

    path.write_text(good, encoding="utf-8")
    status, text = wait_for(page, lambda status, text: status == 200)
    assert "Site non reconstruit" not in text and "Vol" in text
    assert process.poll() is None


def spells_folder(tmp_path, *names: str):
    """``tmp_path/spells`` with the spell « Vol » under each of ``names``."""
    spells = tmp_path / "spells"
    spells.mkdir()
    vol = (ROOT / "spells" / "vol.yaml").read_bytes()
    for name in names:
        (spells / name).write_bytes(vol)
    return spells


def refused(spells) -> list[str]:
    """The problems of generating from ``spells`` (an absolute folder, as under ``make serve``)."""
    from generator.pages.compendium import GenerationError, load_spells

    with pytest.raises(GenerationError) as refusal:
        load_spells(spells)
    return refusal.value.problems


def check_says(folder, monkeypatch, capsys) -> list[str]:
    """The lines of ``make check`` (``python -m generator check spells``) run in ``folder``."""
    from generator import cli

    monkeypatch.chdir(folder)
    assert cli.main(["check", "spells"]) == cli.EXIT_PROBLEMS
    return capsys.readouterr().out.split("\n")[:-1]


def test_a_duplicate_under_serve_names_the_other_file_as_make_check_does(
    tmp_path, monkeypatch, capsys
):
    problems = refused(spells_folder(tmp_path, "vol.yaml", "vol2.yaml"))
    assert (
        "spells/vol2.yaml:2: slug: attendu un slug propre à ce sort, reçu « vol », déjà celui "
        "de spells/vol.yaml:2"
    ) in problems
    assert (
        "spells/vol2.yaml:3: name: attendu un nom distinct des noms et alias des autres sorts, "
        "reçu « Vol », déjà le nom de spells/vol.yaml:3"
    ) in problems
    assert not [problem for problem in problems if str(tmp_path) in problem]
    assert check_says(tmp_path, monkeypatch, capsys) == problems


#: A spell file name that is not UTF-8 (``cp spells/vol.yaml "spells/$(printf 'x\xff\xfe').yaml"``),
#: as Python reads it (lone surrogates), and as every message shows it.
NOT_UTF8 = os.fsdecode(b"x\xff\xfe.yaml")
NOT_UTF8_SHOWN = r"spells/x\xff\xfe.yaml"


def test_a_file_name_that_is_not_utf8_is_shown_escaped_as_make_check_shows_it(
    tmp_path, monkeypatch, capsys
):
    from generator.mkdocs_hooks import serve_error_page

    problems = refused(spells_folder(tmp_path, "vol.yaml", NOT_UTF8, "z\x1b[31m\u202e.yaml"))
    for problem in problems:
        problem.encode("utf-8")  # no lone surrogate
        assert "\x1b" not in problem and "\u202e" not in problem  # nor a control character
    assert (
        rf"{NOT_UTF8_SHOWN}:2: slug: attendu « x\xff\xfe » (nom du fichier x\xff\xfe.yaml), "
        "reçu « vol »"
    ) in problems
    assert (
        f"{NOT_UTF8_SHOWN}:2: slug: attendu un slug propre à ce sort, reçu « vol », déjà celui "
        "de spells/vol.yaml:2"
    ) in problems
    assert any(p.startswith("spells/z<U+001B>[31m<U+202E>.yaml:2: slug:") for p in problems)
    assert check_says(tmp_path, monkeypatch, capsys) == problems

    page = serve_error_page(problems).decode("utf-8")
    assert f"<li><code>{NOT_UTF8_SHOWN}:2: slug:" in page


def test_the_serve_error_page_is_made_of_any_text():
    from generator.mkdocs_hooks import serve_error_page

    page = serve_error_page(["build/docs/x\udcff.md:1: -: <b>illisible</b>"]).decode("utf-8")
    assert r"<code>build/docs/x\udcff.md:1: -: &lt;b&gt;illisible&lt;/b&gt;</code>" in page


def test_a_file_name_that_is_not_utf8_under_serve_shows_the_french_page(served, tmp_path):
    url, path, process = served
    page = url + "sorts/vol/"
    wait_for(page, lambda status, text: status == 200)

    odd = path.with_name(NOT_UTF8)
    odd.write_bytes(path.read_bytes())
    located = f"{NOT_UTF8_SHOWN}:2: slug: attendu un slug propre à ce sort, reçu « vol », "
    status, text = wait_for(page, lambda status, text: located in text)
    assert status == 500 and '<html lang="fr">' in text and "Site non reconstruit" in text
    assert located + "déjà celui de spells/vol.yaml:2" in text  # relative, as `make check` says
    assert "livereload" in text  # it reloads itself once the file is gone
    assert located in get(url)[1]

    odd.unlink()
    status, text = wait_for(page, lambda status, text: status == 200)
    assert "Vol" in text and process.poll() is None
    terminal = (tmp_path / "serve.log").read_text(encoding="utf-8", errors="replace")
    assert located + "déjà celui de spells/vol.yaml:2" in terminal
    assert "Traceback" not in terminal and "Error" not in terminal


def test_the_serve_error_page_allows_its_style_by_hash_and_its_reload_script():
    """The page holds no ``style`` attribute (no hash can allow one), each ``<style>`` is allowed
    by its hash in ``style-src``, and ``script-src`` allows the inline reload script (no hash nor
    nonce there, which would make the browser ignore ``'unsafe-inline'``)."""
    from generator.mkdocs_hooks import serve_error_page
    from generator.security import style_source

    page = serve_error_page(["spells/vol.yaml:3: name: <style>x</style>"]).decode("utf-8")
    policy = html.unescape(
        re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)[1]
    )
    directives = {d.split()[0]: d.split()[1:] for d in policy.split("; ")}
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert styles and not re.search(r"\sstyle=", page)
    assert "'unsafe-inline'" not in directives["style-src"]
    assert sorted(directives["style-src"]) == sorted(["'self'", *map(style_source, styles)])
    assert directives["script-src"] == ["'self'", "'unsafe-inline'", "'wasm-unsafe-eval'"]


@pytest.mark.browser
def test_the_serve_error_page_is_styled_and_reloads_itself_without_violating_its_policy(browser):
    from mkdocs.livereload import LiveReloadServer

    from generator.mkdocs_hooks import serve_error_page

    # The page as `serve` answers it, its reload script added (epoch 1), from a server whose
    # rebuild ends (epoch 2, once ``rebuilt`` is set) after the test has looked at the page.
    body = serve_error_page(["spells/vol.yaml:3: name: attendu un nom"])
    body = LiveReloadServer._inject_js_into_html(None, body, 1)
    loads: list[str] = []
    rebuilt = threading.Event()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path == "/sorts/vol/":
                loads.append(self.path)
                status, answer = 500, body
            elif self.path.startswith("/livereload/") and rebuilt.is_set() and len(loads) == 1:
                status, answer = 200, b"2"
            else:  # not rebuilt yet (the script asks again 3 s later), or the favicon
                status, answer = 404, b""
            self.send_response(status)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args):
            pass

    server = QuietServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context(locale="fr-FR")
    context.add_init_script(
        "window.__violations = []; document.addEventListener('securitypolicyviolation',"
        " (event) => window.__violations.push(event.violatedDirective));"
    )
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    try:
        page.goto(f"http://127.0.0.1:{server.server_port}/sorts/vol/", wait_until="load")
        assert page.locator("h1").evaluate("h1 => getComputedStyle(h1).fontSize") == "22.4px"
        assert page.evaluate("getComputedStyle(document.body).maxWidth") == "800px"
        assert page.evaluate("window.__violations") == []
        with page.expect_event("load", timeout=REQUEST_S * 1000):  # it reloads itself
            rebuilt.set()
        assert loads == ["/sorts/vol/", "/sorts/vol/"]
        assert page.evaluate("window.__violations") == []
        assert "Enabled live reload" in console
        assert not [text for text in console if "Content Security Policy" in text]
    finally:
        context.close()
        server.shutdown()
