"""Every page's browser tab title is a human one ("Learn Spirit Duels — Rules Tutor", "Rules Tutor" for the landing
page), not the notebook's file name.

Voila's page template (nbconvert's ``lab/index.html.j2``, which ``tutor`` extends) writes ``<title>`` from the
notebook's metadata ``title``, falling back to the file name: each notebook carries its title there, the landing
page's card title plus " — Rules Tutor" (``widgets.landing.PAGES``). The first test reads the notebooks (no
browser); the others open each page in Chromium and read ``page.title()`` once the page has rendered.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect

from widgets.landing import LANDING, PAGES

NOTEBOOKS_DIR = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(p.name for p in NOTEBOOKS_DIR.glob("*.ipynb"))
SUFFIX = " — Rules Tutor"
RENDER_MS = 60_000


def expected_title(notebook: str) -> str:
    if notebook == LANDING:
        return "Rules Tutor"
    titles = {p.notebook: p.title for p in PAGES}
    assert notebook in titles, f"{notebook} has no card on the landing page (widgets/landing.py PAGES)"
    return titles[notebook] + SUFFIX


def test_every_notebook_has_its_human_title():
    for notebook in NOTEBOOKS:
        meta = nbformat.read(NOTEBOOKS_DIR / notebook, as_version=4).metadata
        assert meta.get("title") == expected_title(notebook), f"{notebook}: metadata title {meta.get('title')!r}"


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_tab_title_is_human(tutor_server, tutor_page, notebook):
    page = tutor_page.page
    page.goto(f"{tutor_server}/voila/render/{notebook}")
    expect(page.locator("#rendered_cells")).to_be_visible(timeout=RENDER_MS)  # the page's script has run
    assert page.title() == expected_title(notebook)
    tutor_page.assert_clean()


@pytest.mark.browser
@pytest.mark.slow
def test_landing_tab_title_from_root(tutor_server, tutor_page):
    page = tutor_page.page
    page.goto(tutor_server + "/")
    expect(page).to_have_url(tutor_server + "/voila/render/index.ipynb")
    expect(page.locator(".rt-landing")).to_be_visible(timeout=RENDER_MS)
    assert page.title() == "Rules Tutor"
    tutor_page.assert_clean()
