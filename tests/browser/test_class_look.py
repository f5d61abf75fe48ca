"""The class progress page looks like the other pages (issue #16, trial 33: a bare Markdown line over a plain table):
a title line with the page's name in the pages' own style, a "← All pages" button, the games' buttons and "How it
works" in one row; the notebook's Markdown cell folded away; the learners and the most missed rules on white cards;
nothing wider than the window at 1024, 1366 and 1920 px, for a teacher and for anyone refused."""
from __future__ import annotations

import getpass

import pytest
from playwright.sync_api import expect

from conftest import served_with_progress
from tutor.progress import ProgressStore

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LOOK = """() => {
  const one = s => [...document.querySelectorAll(s)].filter(e => e.getClientRects().length);
  const name = one('.rt-class-name')[0], home = one('a.rt-class-home')[0];
  const top = one('.rt-class-top > *').map(e => e.getBoundingClientRect());
  return {markdown: one('.jp-MarkdownCell').length, name: name && name.textContent,
          weight: name && getComputedStyle(name).fontWeight, colour: name && getComputedStyle(name).color,
          home: home && home.textContent, line: home && getComputedStyle(home).textDecorationLine,
          rows: new Set(top.map(r => Math.round(r.top / 12))).size, cards: one('.rt-class-card').length,
          wide: Math.max(...one('.rt-class-page *').map(e => e.getBoundingClientRect().right)), window: innerWidth};
}"""


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    """A server whose class has three learners, this computer's user named as its teacher."""
    with served_with_progress(tmp_path_factory, "class-look", env={"RULES_TUTOR_TEACHERS": getpass.getuser()},
                              pool=0, page_pool=0) as (base, db):
        for n, right in (("ann", True), ("bob", False), ("cleo", False)):
            s = ProgressStore(db, learner=n)
            s.complete_lesson("restless-spirits", "rs-01-goal")
            s.record_answer("restless-spirits", "why-not", "rs.attract", right)
            s.close()
        yield base


def _look(page, url, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{url}/voila/render/class-progress.ipynb")
    expect(page.locator(".rt-class-name")).to_be_visible(timeout=60_000)
    page.wait_for_timeout(500)
    return page.evaluate(LOOK)


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1920, 1080)], ids=["1024", "1366", "1920"])
def test_the_teachers_class_page_has_the_pages_look(class_server, tutor_page, size):
    page = tutor_page.page
    look = _look(page, class_server, size)
    assert look["markdown"] == 0 and look["name"] == "Class progress", look
    assert look["weight"] == "800" and look["colour"] == "rgb(61, 31, 102)", look  # as the other pages' names
    assert look["home"] == "← All pages" and look["line"] == "none", look
    assert look["rows"] == 1 and look["cards"] == 2, look  # one title line; the learners and the missed rules
    assert look["wide"] <= look["window"], look
    expect(page.locator(".tutor-class-table")).to_contain_text("ann")
    tutor_page.screenshot(f"class-look-{size[0]}")
    tutor_page.assert_clean()


def test_the_refusal_has_the_same_title_line(tutor_server, tutor_page):
    look = _look(tutor_page.page, tutor_server, (1024, 768))
    assert look["markdown"] == 0 and look["name"] == "Class progress" and look["line"] == "none", look
    expect(tutor_page.page.locator(".tutor-refused")).to_contain_text("Teachers only")
    tutor_page.assert_clean()
