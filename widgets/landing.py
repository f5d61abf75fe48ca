"""The landing page: what Rules Tutor is, the three games and their state, and a card per page of the tutor.

:func:`landing` returns one HTML widget (no kernel round trip is needed to use it: every card is a plain link).
Links are relative (``learn-restless-spirits.ipynb``), so under Voila they resolve next to the landing page, at
``/voila/render/<name>.ipynb``. A page whose notebook is not in ``notebooks/`` yet is shown as "coming", without a
link; a notebook we do not know of still gets a card, so every page is reachable from here.

Stable CSS classes: ``tutor-link`` on each link to a page, ``tutor-coming`` on each page card without a link.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import ipywidgets as w

from tutor.lessons import lesson_files
from tutor.registry import game_classes
from tutor.serve import NOTEBOOKS_DIR  # the tutor's notebooks, as shipped (tutor._notebooks)

from .style import CSS, esc
from .problems import refuses_broken_content

LANDING = "index.ipynb"


@dataclass(frozen=True)
class Game:
    id: str
    name: str
    players: str
    blurb: str
    note: str  # what is there, shown once the engine plays the game; ``{lessons}``: "31 lessons", counted


@dataclass(frozen=True)
class Page:
    notebook: str
    title: str
    icon: str  # a Font Awesome 4 name (Voila serves Font Awesome 5 with the v4 shims locally)
    blurb: str
    cta: str  # the link's caption


GAMES = (
    Game("restless-spirits", "Restless Spirits", "1–4 players (1: solo mode)",
         "Attract lost Spirits, meet their Totem Requirements and release them home. Blessings help, Curses hinder.",
         "Base rules, B side and promos, {lessons}, free play."),
    Game("spirited", "Spirited", "2–6 players",
         "Ancient civilizations march clans, fight battles and build Wonders for Spirit.",
         "The whole rules summary, {lessons}, free play."),
    Game("spirit-duels", "Spirit Duels", "2 players",
         "A duel of Spirits, Moves and dice. The game itself is still in development.",
         "Pre-built teams and the draft, {lessons}, free play."),
)
COMING_NOTE = "Its rules are not in the engine yet."

PAGES = (
    Page("learn-restless-spirits.ipynb", "Learn Restless Spirits", "graduation-cap",
         "Short lessons from your first Spirit to the end of the game, then a free game.", "Start learning"),
    Page("faq-explorer.ipynb", "FAQ explorer", "question-circle",
         "The rulebook's tricky cases on a real board, step by step, and \"what if\" you change them.",
         "Explore the FAQ"),
    Page("teacher-walkthrough.ipynb", "Teacher walkthrough", "users",
         "Teach a table from a projector, step by step, with your notes on your own screen.",
         "Start teaching"),
    Page("ability-graph.ipynb", "Ability graph", "sitemap",
         "Which card's ability can trigger, block or feed which, and the rules that link them.",
         "Open the graph"),
    Page("learn-spirited.ipynb", "Learn Spirited", "flag",
         "Lessons for Spirited: march clans, fight battles and build Wonders, one rule at a time.", "Start learning"),
    Page("learn-spirit-duels.ipynb", "Learn Spirit Duels", "bolt",
         "Lessons for Spirit Duels: Spirits, Moves and dice, one rule at a time.", "Start learning"),
    Page("practice.ipynb", "Practice", "check-square-o",
         "Questions from real positions; a mastery map of every rule you know, kept between visits.", "Practise"),
    Page("class-progress.ipynb", "Class progress", "table",
         "On the class hub: each learner's lessons and mastery, and the rules missed most.",
         "Open the class page"),
)

FEATURES = (
    ("hand-pointer-o", "Learn by playing",
     "A real game on a real board; the tutor never plays for you."),
    ("list-ul", "Every legal action, with why",
     "All you may do now, with its cost and why it is allowed."),
    ("ban", "Tempting moves that are not allowed",
     "Greyed out, each with the rule that forbids it."),
    ("book", "Every rule that fires, with its source",
     "Each step clause by clause; a <span class=\"rt-land-chip\">§ rule</span> chip opens the rule and its "
     "rulebook section."),
    ("balance-scale", "Honest about gaps",
     'A <span class="rt-tag rt-ruling">ruling</span> where the rulebook is silent, with why; a small '
     '<span class="rt-prov">†</span> on card values it does not print.'),
)

LANDING_CSS = """
/* centred on a wide screen; the padding keeps the cards' right borders inside the output area at 1024 px */
.rt-landing { max-width: 1600px; margin: 0 auto; padding: 0 8px 0 2px; box-sizing: border-box; }
/* (newuser37: the widget's 100% width and its 2 px side margins made its output area 1340 px inside 1336: a
   horizontal scrollbar at 1366x768) */
.rt-landing-page.widget-html { margin-left: 0; margin-right: 0; }
.rt-landing h2 { font-size: 17px; margin: 12px 0 6px 0; color: #3d1f66; }
.rt-landing .fa { width: 1.2em; text-align: center; }
.rt-land-hero { display: flex; flex-wrap: wrap; align-items: center; gap: 12px 24px; background: #5b2d90;
  color: #fff; border-radius: 12px; padding: 10px 18px; }
.rt-land-hero p { margin: 0; font-size: 15px; line-height: 1.45; flex: 1 1 420px; }
.rt-land-gos { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; flex: 0 1 auto; }
.rt-land-gos > span { font-size: 13px; opacity: .9; margin-right: 4px; }
.rt-land-hero a.rt-land-go { flex: 0 0 auto; background: #fff; color: #4a2577; font-weight: 700; font-size: 15px;
  border-radius: 8px; padding: 9px 16px; text-decoration: none; }
.rt-land-hero a.rt-land-go:hover { background: #f1eafc; }
/* five features and five pages: one row of five from 1024 px (no lone card on a second row) */
.rt-land-features { display: grid; grid-template-columns: repeat(auto-fit, minmax(176px, 1fr)); gap: 8px; }
.rt-land-feature { background: #fbfaff; border: 1px solid #ddd6ee; border-radius: 10px; padding: 6px 10px;
  font-size: 13px; line-height: 1.4; color: #3d3850; }
.rt-land-feature b { display: block; font-size: 13.5px; color: #1f1d2b; margin-bottom: 2px; }
.rt-land-feature .fa { color: #6b3fa0; margin-right: 2px; }
.rt-land-chip { display: inline-block; border-radius: 11px; padding: 0 7px; font-size: 11.5px; background: #eef0fb;
  color: #2f3a8f; border: 1px solid #b9c0ea; white-space: nowrap; }
.rt-land-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(250px, 1fr)); gap: 10px; }
.rt-land-grid > *, .rt-land-features > * { min-width: 0; box-sizing: border-box; }
.rt-land-grid.rt-land-pages { grid-template-columns: repeat(auto-fit, minmax(176px, 1fr)); }
.rt-land-card { display: flex; flex-direction: column; background: #fff; border: 1px solid #ddd6ee;
  border-radius: 10px; padding: 8px 12px; font-size: 13px; line-height: 1.4; color: #3d3850; }
.rt-land-card h3 { margin: 0 0 4px 0; font-size: 15px; color: #1f1d2b; }
.rt-land-card p { margin: 0 0 6px 0; flex: 1 1 auto; }
.rt-land-card.rt-land-on { border: 2px solid #6b3fa0; }
a.rt-land-card.rt-land-link { text-decoration: none; cursor: pointer; transition: box-shadow .12s, transform .12s; }
a.rt-land-card.rt-land-link:hover, a.rt-land-card.rt-land-link:focus-visible { box-shadow: 0 4px 14px rgba(40, 20, 80, .2);
  transform: translateY(-1px); }
.rt-land-more { margin-top: 2px; font-weight: 700; color: #5b2d90; }
/* the page's title is the widget's own, on the cards' left edge at every width (its Markdown cell, folded away
   under Voila, sat 3 px right of the cards at 1366 and 13 px left of them at 1920: another box, centred apart) */
body[data-voila] #rendered_cells > div > div:has(> .jp-MarkdownCell):has(~ div .rt-landing) { display: none; }
.rt-land-title { font-size: 30px; font-weight: 800; color: #3d1f66; letter-spacing: -.01em; margin: 4px 0 0 0;
  line-height: 1.2; }
.rt-land-sub { font-size: 15.5px; color: #55506a; margin: 2px 0 10px 0; }
.rt-land-card.tutor-coming { background: #f7f6fa; border-style: dashed; color: #77728a; }
.rt-land-card.tutor-coming h3 { color: #6a6484; }
.rt-land-badge { display: inline-block; font-size: 10.5px; font-weight: 700; text-transform: uppercase;
  letter-spacing: .04em; border-radius: 6px; padding: 1px 6px; margin-left: 6px; vertical-align: 2px; }
.rt-land-badge.rt-land-ok { background: #e4f6e7; color: #1b5e20; border: 1px solid #2e7d32; }
.rt-land-badge.rt-land-soon { background: #f0eef5; color: #6a6484; border: 1px dashed #a19bb5; }
.rt-land-meta { font-size: 12px; color: #6a6484; }
.rt-land-foot { margin-top: 10px; font-size: 12px; color: #6a6484; }
/* a 1024 px screen: five narrow columns, so smaller type and the page title beside its line, to fit one screen */
@media (max-width: 1180px) {
  .rt-land-feature, .rt-land-card { font-size: 12.5px; line-height: 1.35; }
  .rt-land-feature b, .rt-land-card h3 { font-size: 13.5px; }
  .rt-land-card { padding: 6px 10px; }
  .rt-landing h2 { margin: 8px 0 5px 0; }
  .rt-land-hero a.rt-land-go { padding: 7px 14px; }
  .rt-land-title { font-size: 26px; margin-top: 0; }
  .rt-land-sub { margin-bottom: 4px; }
}
"""


def available_notebooks(notebooks_dir: Path | str | None = None) -> set[str]:
    """Names of the notebooks in ``notebooks_dir`` (default: the tutor's own, ``NOTEBOOKS_DIR``)."""
    folder = Path(notebooks_dir) if notebooks_dir is not None else NOTEBOOKS_DIR
    return {p.name for p in folder.glob("*.ipynb")} if folder.is_dir() else set()


def _badge(on: bool) -> str:
    return ('<span class="rt-land-badge rt-land-ok">playable</span>' if on
            else '<span class="rt-land-badge rt-land-soon">coming</span>')


def playable_games() -> set[str]:
    """Ids of the games whose rules the engine plays now."""
    return set(game_classes())


def learn_notebook(game_id: str) -> str:
    """The learn page of game ``game_id`` (``learn-<id>.ipynb``)."""
    return f"learn-{game_id}.ipynb"


def lesson_count(game_id: str) -> int:
    """How many lessons the engine ships for ``game_id`` (its lesson files, :func:`tutor.lessons.lesson_files`:
    what the learn page's lesson picker lists); 0 for a game without lessons."""
    return len(lesson_files(game_id))


def game_note(g: Game) -> str:
    """``g.note`` with its lesson count filled in from the engine ("31 lessons", "1 lesson", "no lessons yet")."""
    n = lesson_count(g.id)
    return g.note.replace("{lessons}", f"{n} lesson{'' if n == 1 else 's'}" if n else "no lessons yet")


def _game_card(g: Game, on: bool, available: set[str] | None = None) -> str:
    """A game's card; a playable game whose learn page exists is a link to it (the whole card)."""
    body = (f"<h3>{esc(g.name)}{_badge(on)}</h3><p>{esc(g.blurb)}</p>"
            f'<div class="rt-land-meta">{esc(g.players)} · {esc(game_note(g) if on else COMING_NOTE)}</div>')
    nb = learn_notebook(g.id)
    if on and available is not None and nb in available:
        return (f'<a class="rt-land-card rt-land-on rt-land-link tutor-link" href="{esc(nb)}" '
                f'title="Learn {esc(g.name)}">{body}<span class="rt-land-more">Learn {esc(g.name)} →</span></a>')
    return f'<div class="rt-land-card{" rt-land-on" if on else " tutor-coming"}">{body}</div>'


def _page_card(p: Page, on: bool) -> str:
    icon = f'<i class="fa fa-{esc(p.icon)}" aria-hidden="true"></i> '
    if on:  # the whole card is the link, as a game's card is
        return (f'<a class="rt-land-card rt-land-link tutor-link" href="{esc(p.notebook)}" title="{esc(p.title)}">'
                f'<h3>{icon}{esc(p.title)}</h3><p>{esc(p.blurb)}</p><span class="rt-land-more">{esc(p.cta)} →</span></a>')
    return (f'<div class="rt-land-card tutor-coming"><h3>{icon}{esc(p.title)}{_badge(False)}</h3>'
            f"<p>{esc(p.blurb)}</p></div>")


def _title_of(notebook: str) -> str:
    return notebook.removesuffix(".ipynb").replace("-", " ").replace("_", " ").capitalize()


def landing_html(available: set[str], playable: set[str] | None = None) -> str:
    """The landing page's HTML, linking the pages whose notebooks are in ``available`` (names like
    ``faq-explorer.ipynb``) and marking the games in ``playable`` (game ids; default: what the engine plays)."""
    playable = playable_games() if playable is None else playable
    known = {p.notebook for p in PAGES}
    # a learn page whose game card links to it is not a page card as well: one link per game card, plus the button
    linked = {learn_notebook(g.id) for g in GAMES if g.id in playable and learn_notebook(g.id) in available}
    ready = [p for p in PAGES if p.notebook in available and p.notebook not in linked]  # pages you can open first, then those to come
    pages = [_page_card(p, True) for p in ready] + [_page_card(p, False) for p in PAGES
                                                     if p not in ready and p.notebook not in linked]
    pages += [_page_card(Page(nb, _title_of(nb), "file-text-o", "Another page of the tutor.", "Open"), True)
              for nb in sorted(available - known - {LANDING})]
    # the main button: one per game whose learn page exists
    gos = [f'<a class="rt-land-go tutor-link" href="{esc(learn_notebook(g.id))}"><i class="fa fa-play" '
           f'aria-hidden="true"></i> Learn {esc(g.name)}</a>' for g in GAMES
           if learn_notebook(g.id) in available and g.id in playable]
    go = f'<div class="rt-land-gos"><span>Start learning:</span>{"".join(gos)}</div>' if gos else ""
    features = "".join(f'<div class="rt-land-feature"><b><i class="fa fa-{esc(i)}" aria-hidden="true"></i> '
                       f"{esc(t)}</b>{text}</div>" for i, t, text in FEATURES)
    return (f"<style>{CSS}{LANDING_CSS}</style>"
            '<div class="rt-root rt-landing"><h1 class="rt-land-title">Rules Tutor</h1>'
            '<p class="rt-land-sub">An interactive, clause-by-clause rules tutor for the card games '
            f"{esc(', '.join(g.name for g in GAMES[:-1]))} and {esc(GAMES[-1].name)}.</p>"
            '<div class="rt-land-hero"><p>Learn a card game\'s rules by playing it: every choice you have, '
            f"and every rule as it fires, explained with its rulebook section.</p>{go}</div>"
            f'<h2>What you see while you play</h2><div class="rt-land-features">{features}</div>'
            f'<h2>Games</h2><div class="rt-land-grid">{"".join(_game_card(g, g.id in playable, available) for g in GAMES)}</div>'
            f'<h2>More pages</h2><div class="rt-land-grid rt-land-pages">{"".join(pages)}</div>'
            '<div class="rt-land-foot">Rule texts are written in our own words and cite the rulebook; everything '
            "runs on this machine.</div></div>")


@refuses_broken_content("Rules Tutor")
def landing(notebooks_dir: Path | str | None = None) -> w.HTML:
    """The landing page widget, linking the pages whose notebooks exist in ``notebooks_dir``."""
    page = w.HTML(landing_html(available_notebooks(notebooks_dir)), layout=w.Layout(width="100%"))
    page.add_class("rt-landing-page")
    return page
