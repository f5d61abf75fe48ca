"""The landing page: links only to notebooks that exist (relative, so they work under Voila), pages and games to
come shown as such, and every notebook in the folder reachable."""
from __future__ import annotations

import re

from widgets.landing import GAMES, PAGES, available_notebooks, landing, landing_html, playable_games

HREF = re.compile(r'href="([^"]+)"')


def test_links_only_existing_notebooks(tmp_path):
    for name in ("index.ipynb", "learn-restless-spirits.ipynb", "my-extra-page.ipynb"):
        (tmp_path / name).write_text("{}")
    html = landing_html(available_notebooks(tmp_path), {"restless-spirits"}).split("</style>", 1)[1]
    hrefs = set(HREF.findall(html))
    assert hrefs == {"learn-restless-spirits.ipynb", "my-extra-page.ipynb"}
    assert "My extra page" in html
    for page in PAGES:
        assert page.title in html
    # Pages without a notebook yet are cards marked "coming", with no link.
    assert html.count("tutor-coming") == (len(PAGES) - 1) + (len(GAMES) - 1)
    assert "landing-page" in landing(tmp_path)._dom_classes[0]


def test_no_start_button_without_the_learn_notebook():
    html = landing_html(set(), set()).split("</style>", 1)[1]
    assert "href=" not in html and "rt-land-go" not in html
    assert "Restless Spirits" in html and "Spirited" in html and "Spirit Duels" in html
    assert html.count("tutor-coming") == len(PAGES) + len(GAMES)


def test_repository_notebooks_are_all_linked():
    available = available_notebooks()
    assert "index.ipynb" in available
    hrefs = set(HREF.findall(landing_html(available)))
    assert hrefs == available - {"index.ipynb"}
    assert all("/" not in h for h in hrefs)


def test_games_marked_playable_as_the_engine_says():
    html = landing_html(set()).split("</style>", 1)[1]
    assert "restless-spirits" in playable_games()
    assert html.count("rt-land-badge rt-land-ok") == len(playable_games() & {g.id for g in GAMES})


def test_lesson_counts_come_from_the_engine_and_each_learn_page_is_linked_twice_at_most():
    """"31 lessons" is counted from the shipped lesson files (what the lesson picker lists), never a written
    number; a learn page is linked by its game card and the main button only (not a third time as a page card)."""
    from tutor.lessons import all_lessons
    from widgets.landing import game_note
    available = available_notebooks()
    html = landing_html(available).split("</style>", 1)[1]
    for g in GAMES:
        if g.id in playable_games():
            n = len(all_lessons(g.id))
            assert f"{n} lessons" in game_note(g) and f"{n} lessons" in html
            assert HREF.findall(html).count(f"learn-{g.id}.ipynb") == 2
    assert "seven" not in html.lower() and "nine lessons" not in html
