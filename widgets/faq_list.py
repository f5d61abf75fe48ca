"""The FAQ explorer's question list: the search box and game filter, the list of questions grouped by game (items
built when first shown, "Show every matching question"), the learner's own saved questions under "My questions",
files left out named in the problems box (:mod:`widgets.problems`), and the rest of the questions read after the
page's first render.

Views only: searching and reading the question files are :mod:`tutor.faq`. :class:`QuestionList` is mixed into
:class:`widgets.faq.FaqExplorer`, whose attributes (``errors``, ``index``, ``entry``, ``game_id``,
``questions_folder``, :meth:`~widgets.faq.FaqExplorer.open`, :meth:`~widgets.faq.FaqExplorer.show_panel`) it uses.
Stable CSS classes: ``tutor-faq-search``, ``tutor-scenario`` (a list item's button), ``tutor-faq-more``,
``tutor-faq-open-error`` (the problems box: files left out, a question that does not open), ``rt-faq-mine``,
``rt-faq-mine-file`` (a saved question's file name beside its name, in ``rt-faq-mine-head``).
"""
from __future__ import annotations

import dataclasses
import os
from typing import Callable

import ipywidgets as w
from IPython import get_ipython

from tutor import faq, short, trouble_words
from tutor.safefile import display_path
from tutor.scenario_words import question_field_words

from . import faq_table
from .boards import board_for
from .problems import plain_problem, refused_html
from .style import box, button, echo, esc, html_widget, plain, plural, typed


class QuestionList:
    """The question list and its handlers (a mixin of :class:`widgets.faq.FaqExplorer`)."""

    def _list_panel(self, list_limit: int | None) -> w.Widget:
        """Build the list's widgets (``search``, ``game``, ``count``, ``open_error``, ``results``, ``more``) and
        return the box holding them."""
        g = self.errors.guard
        self.search = w.Text(placeholder="Search: question, card, Spirit, rule…", continuous_update=True,
                             layout=w.Layout(width="100%"))
        self.search.add_class("tutor-faq-search")
        games = self.index.games
        self.game = w.Dropdown(options=[("All games", "")] + [(faq.game_title(x), x) for x in games], value="",
                               description="Game", layout=w.Layout(width="100%"), _dom_classes=("rt-sr-label",))
        self.count = w.HTML()
        #: the problems box: files left out (saved questions, scenario files) named, folded, by file name (never
        #: printed), why the question last clicked could not be opened, and questions that could not be read
        self.open_error = w.HTML()
        self.open_error.add_class("tutor-faq-open-error")
        self._refused = ""
        self._show_problems()  # the files left out, and the saved questions listed under another id
        self.results = w.VBox()
        self.results.add_class("rt-faq-list")
        self.results.add_class("rt-scroll")
        self._items: dict[str, w.Widget] = {}  # list items by scenario id, built when first shown
        self._lines: dict[str, w.HTML] = {}
        self._none = html_widget()
        self.limit: int | None = list_limit  # items shown before "Show all" (None: all)
        self.more = button("", "Show every matching question", "item", classes=("tutor-faq-more",))
        self.more.on_click(g(lambda _b: self.show_all()))
        self.search.observe(g(lambda _ch: self.filter()), names="value")
        self.game.observe(g(lambda _ch: self.filter()), names="value")
        side = w.VBox([w.HTML("<h3>Questions</h3>"), self.search, self.game, faq_table.how_it_works(), self.count,
                       self.open_error, self.results])
        side.add_class("rt-faq-side")
        return side

    # -- the rest of the questions, after the first render -------------------------------------------------------
    def _read_rest(self) -> Callable[[], None]:
        """Read every question file (:func:`tutor.faq.build_index`: each one read and validated; seconds of work, so
        run in a thread after the page's first render). Returns what to run on the kernel's loop next: list them
        (:meth:`_fill_index`), or, when they cannot be read, say so in the problems box (:meth:`_not_filled`); the
        question shown stays usable either way."""
        try:
            full = faq.build_index(self.game_id)
        except Exception as exc:  # noqa: BLE001 - said in the problems box; the question shown stays usable
            return lambda exc=exc: self._not_filled(exc)  # (bound now: the except block unbinds exc)
        return lambda: self._fill_index(full)

    def _not_filled(self, exc: Exception) -> None:
        """The other questions could not be read: said once in the problems box (never a log line in the page); the
        list keeps the question(s) it has."""
        self.filling = False
        said = short(str(exc.args[0]) if isinstance(exc, ValueError) and exc.args else trouble_words(exc), 300,
                     quote=False)  # a loader's own words (ContentError), else a person's (never a Python name)
        self._unread = refused_html("The other questions could not be read", [said])
        self._show_problems()
        self.filter()

    def _fill_index(self, full: faq.Index) -> None:
        """List every question of ``full`` (the shipped questions, every file read and validated) with the saved
        ones, keeping the search and game filter as the learner left them."""
        self.index = full
        self.mine_ids, self.mine_paths, self.mine_problems = set(), set(), ()
        self._unread = ""
        self._load_mine()
        chosen = self.game.value
        games = self.index.games
        self.game.options = [("All games", "")] + [(faq.game_title(x), x) for x in games]
        self.game.value = chosen if chosen in games else ""
        self.filling = False
        self.filter()

    def reload_mine(self) -> None:
        """Read the saved questions again and list them as the folder holds them now (a page a pre-heated kernel made
        before anyone asked for it: a question saved or a file deleted meanwhile, trial 22), with the files left out
        named in the problems box; the shipped questions stay as they were read."""
        self._load_mine()
        self.filter()

    def _show_problems(self) -> None:
        """Name the files left out (shipped and saved, each once) in the problems box, the saved questions listed
        under another id than their own (a shipped question's), and what else it said after them (why the question
        last clicked could not be opened)."""
        old = getattr(self, "_refused", "")
        self._refused = (refused_html("Some question files were not loaded", self.index.problems,
                                      words=question_field_words)
                         + getattr(self, "_unread", "") + getattr(self, "_clashes", ""))
        said = self.open_error.value
        self.open_error.value = self._refused + (said[len(old):] if said.startswith(old) else "")

    def _load_mine(self) -> None:
        """Read the saved questions (of the page's game) into the index, under "My questions", as the folder holds
        them now (those read before, and the files left out then, give way), and name the files left out in the
        problems box."""
        # the shipped questions are told by their files, not their ids: a saved question carrying a shipped
        # question's id must never take that question's place (attack 18: a file in the questions folder with the id
        # faq-double-totem hid the rulebook's FAQ and showed its own "Source: rulebook" in its place)
        mine_paths = getattr(self, "mine_paths", set())
        shipped = tuple(e for e in self.index.entries if e.path not in mine_paths)
        paths, left_out = faq.list_my_questions(self.questions_folder)
        mine = faq.read_my_questions(paths)  # each run once: a file naming what the game lacks is refused
        entries = tuple(e for e in mine.entries if self.game_id is None or e.game == self.game_id)
        # while only the first questions are read (self.filling), the ids of the rest are not known yet: their files'
        # names stand in for them (the shipped files are named after their ids), and the full list renames again
        taken = {e.id for e in shipped} | {p.stem for p in faq.all_scenarios(self.game_id)}
        # a shipped question's id: listed under another id, and said (trial 32: accepted without a word; two saved
        # files of one id are refused when read, faq.read_my_questions)
        owners = {e.id: f"the question “{short(e.title, 80, quote=False)}”" for e in shipped}
        listed, clashes = [], []
        for e in entries:
            listed.append(own_id(e, taken))
            if listed[-1].id != e.id:
                clashes.append(f"{e.path}: it has the id of {owners.get(e.id, 'another question')}, so it is "
                               "listed under My questions as your own, and that question is unchanged")
        entries = tuple(listed)
        self._clashes = refused_html("Some of your questions have another question's id", clashes,
                                     css="rt-faq-problem rt-faq-clash")
        for e in entries:
            getattr(self, "_items", {}).pop(e.id, None)  # a replaced file gets a new list item
        before = getattr(self, "mine_problems", ())  # the saved questions left out when last read: they give way
        problems = self.index.problems
        if before and problems[len(problems) - len(before):] == before:
            problems = problems[:len(problems) - len(before)]
        self.mine_ids = {e.id for e in entries}
        self.mine_paths = {e.path for e in entries}
        self.mine_problems = mine.problems + tuple(left_out)  # saved questions not listed, and why (shown in view)
        self.index = faq.Index(entries + shipped, problems + self.mine_problems, self.index.waiting)
        if hasattr(self, "open_error"):  # (the first read comes before the list's widgets are made)
            self._show_problems()

    # -- choosing a question -----------------------------------------------------------------------------------
    def _cannot_open(self, entry: faq.Entry, exc: Exception) -> None:
        # the file by its name, never the server's folder (trial 23: "/root/rules-tutor-questions/…yaml: setup.state…")
        said = short(plain_problem(str(exc.args[0]) if exc.args else str(exc)), 300, quote=False)
        title = short(entry.title, 80, quote=False)
        self.open_error.value = (getattr(self, "_refused", "")  # files left out stay named above it
                                 + f'<div class="rt-faq-problem" role="alert">Cannot open “{esc(title)}”: '
                                 f'{esc(said)}</div>')

    def _click(self, scenario_id: str) -> None:
        self.open_error.value = self._refused  # files left out stay named; a message about a question goes
        try:
            self.open(scenario_id)
            self.show_panel(None)  # the board of the question chosen comes into view
        except (KeyError, ValueError) as exc:
            try:
                entry = self.index.get(scenario_id)
            except KeyError:
                self.errors.output.append_stdout(f"Cannot show this scenario: {short(str(exc), 300)}\n")
                return
            self._cannot_open(entry, exc)

    # -- the list ----------------------------------------------------------------------------------------------
    def _item(self, e: faq.Entry) -> w.Widget:
        name = mine_name(e) if e.id in getattr(self, "mine_ids", ()) else None
        if name:  # a saved question: by the name its author typed, its question (the what-if) on a second line
            btn = button(plain(name), plain(e.question), "item", classes=("tutor-scenario", "rt-faq-mine-name"))
        else:
            btn = button(plain(e.question), plain(e.title), "item", classes=("tutor-scenario",))
        btn.on_click(self.errors.guard(lambda _b, sid=e.id: self._click(sid)))
        # a saved question's file name, quietly beside its name: two with one title are told apart (trial 23)
        head = (box([btn, html_widget(f'<span class="rt-faq-mine-file">· {esc(mine_file(e))}</span>')], cls=w.HBox,
                    classes=("rt-faq-mine-head",)) if name else btn)
        asked = ([html_widget(f'<div class="rt-faq-mine-q" title="{esc(e.question)}">{esc(e.question)}</div>')]
                 if name else [])
        tags = [f'<span class="rt-ftag">{esc(t)}</span>' for t in e.topics]
        names = list(e.tags[len(e.topics):])  # the cards, by the game's own names
        tags += [f'<span class="rt-ftag rt-fcard">{esc(n)}</span>' for n in names[:4]]
        if len(names) > 4:
            tags.append(f'<span class="rt-ftag rt-fcard" title="{esc(", ".join(names[4:]))}">+{len(names) - 4}'
                        "</span>")
        selected = ("rt-selected",) if getattr(self, "entry", None) is not None and self.entry.id == e.id else ()
        return box([head, *asked, html_widget(f'<div class="rt-faq-tags">{"".join(tags)}</div>')],
                   classes=("rt-faq-item",) + selected)

    def item(self, scenario_id: str) -> w.Widget:
        """The list item of a scenario (built the first time it is shown)."""
        if scenario_id not in self._items:
            self._items[scenario_id] = self._item(self.index.get(scenario_id))
        return self._items[scenario_id]

    def _html(self, html: str) -> w.HTML:
        """A fixed line of the list (a game heading, a note), one widget per text, kept for the next filter."""
        if html not in self._lines:
            self._lines[html] = html_widget(html)
        return self._lines[html]

    @property
    def shown_ids(self) -> list[str]:
        """Ids of the scenarios the list shows now (in order)."""
        return [e.id for e in faq.search(self.index.entries, typed(self.search.value), self.game.value or None)]

    def filter(self) -> None:
        """Show the scenarios matching the search box and the game filter, grouped by game: the first ``limit`` of
        them, then a "Show all" button (``more``) when there are more. List items are built when first shown."""
        hits = faq.search(self.index.entries, typed(self.search.value), self.game.value or None)
        room = len(hits) if self.limit is None else self.limit
        kids: list[w.Widget] = []
        own = [e for e in hits if e.id in self.mine_ids]
        if own and room:
            kids.append(self._html(f'<div class="rt-faq-game rt-faq-mine">My questions · {len(own)}</div>'))
            kids += [self.item(e.id) for e in own[:room]]
            room -= min(room, len(own))
        for game in self.index.games:
            mine = [e for e in hits if e.game == game and e.id not in self.mine_ids]
            if mine and room:
                note = "" if has_board(game) else ' <span class="rt-muted">(board view coming)</span>'
                kids.append(self._html(f'<div class="rt-faq-game">{esc(faq.game_title(game))} · {len(mine)}{note}'
                                       "</div>"))
                kids += [self.item(e.id) for e in mine[:room]]
                room -= min(room, len(mine))
        if len(hits) > (len(hits) if self.limit is None else self.limit):
            self.more.description = f"Show all {len(hits)} questions"
            kids.append(self.more)
        if not hits:
            self._none.value = f'<div class="rt-muted">No scenario matches “{echo(self.search.value)}”.</div>'
            kids.append(self._none)
        for game, n in self.index.waiting:
            kids.append(self._html(f'<div class="rt-faq-game">{esc(faq.game_title(game))} · {n}</div>'
                                   f'<div class="rt-muted">{plural(n, "question")} wait until the tutor plays '
                                   f"{esc(faq.game_title(game))}.</div>"))
        total = len(self.index.entries)
        shown = len(hits) if self.limit is None else min(len(hits), self.limit)
        more = f" · {shown} shown" if shown < len(hits) else ""
        loading = ' · <span class="rt-muted">reading every question…</span>' if self.filling else ""
        self.count.value = (f'<div class="rt-faq-count">{len(hits)} of {plural(total, "question")}{more}{loading}'
                            '</div>')
        self.results.children = tuple(kids)

    def show_all(self) -> None:
        """Show every matching scenario (no ``limit``)."""
        self.limit = None
        self.filter()


#: How a saved what-if's title starts (``tutor.faq_whatif.mine.what_if_scenario``: "My question: <name>").
MINE_TITLE = "My question: "
#: Most characters of a saved question's name in the list.
MINE_NAME_MAX = 80


def mine_name(entry: faq.Entry) -> str:
    """The name a saved question is listed by: the name its author typed when saving it (its title after
    :data:`MINE_TITLE`; a hand-written file's whole title), on one line, at most :data:`MINE_NAME_MAX` characters;
    the file's name when the title is empty. Plain text (the caller escapes it for HTML)."""
    title = " ".join(str(entry.title).split())
    name = title[len(MINE_TITLE):].strip() if title.startswith(MINE_TITLE) else title
    return short(name or entry.path.stem, MINE_NAME_MAX, quote=False)


def mine_file(entry: faq.Entry) -> str:
    """A saved question's file name as shown beside its name (no folder; controls and bidi characters escaped:
    :func:`tutor.safefile.display_path`), at most :data:`MINE_NAME_MAX` characters. Plain text."""
    return display_path(entry.path.name, MINE_NAME_MAX)


def own_id(entry: faq.Entry, taken: set[str]) -> faq.Entry:
    """``entry`` (a saved question), under an id no other question has: its own, else ``<id>-mine``, ``<id>-mine-2``...
    (a question saved under, or edited to, a shipped question's id is listed too, never dropped). Adds it to
    ``taken``."""
    new, n = entry.id, 1
    while new in taken:
        n += 1
        new = f"{entry.id}-mine" if n == 2 else f"{entry.id}-mine-{n - 1}"
    taken.add(new)
    return entry if new == entry.id else dataclasses.replace(entry, id=new)


def has_board(game_id: str) -> bool:
    """True when the pages have a board view for ``game_id``."""
    try:
        board_for(game_id)
    except ValueError:
        return False
    return True


def in_kernel() -> bool:
    """True in a Jupyter kernel Voila started for the page (not a pre-heated one) or a notebook's kernel: there the
    list can be filled after the first render (:func:`widgets.kernel_timing.after_cell`)."""
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        return False
    return getattr(get_ipython(), "kernel", None) is not None
