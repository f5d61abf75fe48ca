"""No element of a page carries the tooltip "null" (new-user trial 35: about 80 empty labels of the FAQ explorer
had ``title="null"``, a tooltip of None sent to the browser as a string). A widget without a tooltip gets no
``title`` at all; an empty one is none either.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 60_000

#: elements whose title reads as no tooltip: "null", "undefined" or nothing but spaces
NULL_TITLES = """() => [...document.querySelectorAll('[title]')]
  .filter((e) => ['null', 'undefined'].includes(e.getAttribute('title').trim()))
  .map((e) => e.tagName + '.' + [...e.classList].join('.') + ' ' + JSON.stringify((e.textContent || '').slice(0, 40)))"""


@pytest.mark.parametrize("notebook,ready", [("faq-explorer.ipynb", ".tutor-action:visible")])
def test_no_tooltip_reads_null(tutor_server, tutor_page, notebook, ready):
    page = tutor_page.page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{tutor_server}/voila/render/{notebook}")
    expect(page.locator(ready).first).to_be_visible(timeout=RENDER_MS)
    page.wait_for_timeout(1500)
    bad = page.evaluate(NULL_TITLES)
    assert bad[:8] == [], f"{len(bad)} elements with a 'null' tooltip"
    assert page.locator("[title]").count() > 5  # the page has real tooltips: the query saw them
    tutor_page.assert_clean()
