"""The tests' Chromium opens, for each browser context, the page asked for and nothing else."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_a_context_draws_no_hidden_address_bar_pop_up(page):
    page.set_content("<p>x</p>")
    session = page.context.browser.new_browser_cdp_session()
    try:
        targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
    finally:
        session.detach()
    assert [t["url"] for t in targets if t["type"] == "browser_ui"] == []
