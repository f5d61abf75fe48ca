"""Where the learner was on a learn page: the place kept in the progress store (the lesson and its steps, the tab,
the free game with its seats, Auto and redo steps), resumed on the next visit, and what the page says when another
tab or window of the same page keeps its place too. :class:`PlaceKeeping` is the part of
:class:`widgets.lessons.LearnApp` that does this."""
from __future__ import annotations

import json
import logging
import re
import secrets

import tutor
from tutor.sessions import steps_added

from .kernel_timing import wait_until_page_asked
from .learn_tabs import TabHold
from .opponent import SEAT_CHOICES
from .problems import one_line
from .style import box, button, esc, html_widget

log = logging.getLogger("tutor.learn")
#: the server's log of kept places set aside (not "tutor.*", whose warnings the page's error panel shows)
_server_log = logging.getLogger("rules_tutor.learn")


#: Said once on a learn page when another tab or window of the same page kept its place since this one last did.
OTHER_TAB_NOTICE = ("This page is open in another tab or window too: the tab you play in last is the one kept when "
                    "you come back.")
#: Said (once until the learner loads it) by a tab whose free game another tab or window of the page moved on since:
#: this tab's older game is not written over the newer one (fresh attack 13); the line offers to load the newer game.
FREE_MOVED_ON = ("Your free game moved on in another tab or window: what you play here is not kept; load the newer "
                 "game to play on from where it is.")


#: Said once above the tabs when the free game kept from the learner's last visit cannot be restored (``why``: the
#: reason in a person's words, :func:`learner_words`, cut to :data:`KEPT_GAME_WHY_MAX` characters).
#: (No brackets round ``why``: its words may hold brackets of their own; trial 26 read "(… (nothing was read from
#: it)), so … (the old one …)".)
KEPT_GAME_LOST = ("⚠ The free game kept from your last visit could not be restored: {why}. A new game has started, "
                  "and the old one is kept aside, not deleted.")
#: Said once when the rest of the place kept from the last visit (the lesson and its steps) cannot be resumed
#: (attack 20, L4: it was dropped without a word); ``why`` in plain words, ``then`` what the page does instead.
KEPT_PLACE_LOST = ("Where you were on this page could not be resumed ({why}), so {then}. What was kept is set aside, "
                   "not deleted.")
#: The key a kept place that cannot be resumed is set aside under (the page's key and this), never deleted.
SET_ASIDE = ":set-aside"
#: While the cover (``rt-other-tab``) shows, the rest of the learn page is hidden, so no control under it is reached
#: by the keyboard (Tab, Enter) either.
COVERED_CSS = ".rt-learn:has(> .rt-other-tab:not(.rt-hidden)) > :not(.rt-other-tab) { visibility: hidden; }"
KEPT_GAME_WHY_MAX = 200
#: Said once, quietly, at the top of the Free play tab when it opens on the free game kept from before (a reload, or
#: coming back to the page); never over the Lessons tab, whose lesson it is not about.
RESUMED_NOTICE = ("Your free-play game from before is back ({steps}): play on, or press New game to start a fresh "
                  "one.")


#: Why a kept free game does not load, in a person's words, by the field the engine names (the first that fits: a
#: name ending in "." covers the fields under it); any other field: :data:`NOT_READABLE`. The engine's own message,
#: which can hold a server path, option names and action ids, goes to the server's log only (trial 24).
KEPT_GAME_WORDS = (
    ("options.cards", "it asks to read a card file of its own, which a game kept here may not do (nothing was "
                      "read from it)"),
    ("game", "it is a game of another kind"),
    ("players", "it was saved with settings this game does not have"),
    ("seed", "it was saved with settings this game does not have"),
    ("options", "it was saved with settings this game does not have"),
    ("options.", "it was saved with settings this game does not have"),
    ("prepared", "it starts from a table set up by hand, not from a deal, and free play only goes on with games "
                 "it dealt"),
)
NOT_READABLE = "it is not a saved game this tutor can read (changed after it was saved, or from another version)"


def learner_words(exc: ValueError) -> str:
    """Why a kept free game does not load, in words for the learner: a step that no longer replays is named by its
    number, never by the action ids or the list of legal actions the engine's message gives (fresh attack, session
    11); any other reason in a person's words by the field it names (:data:`KEPT_GAME_WORDS`), never the engine's
    message (trial 24: it showed a server path and option ids)."""
    field = getattr(exc, "field", None) or ""
    m = re.fullmatch(r"actions(?:\[(\d+)\])?", field)
    if m and "more than" in str(exc):  # the size bound, not a move (attack 35: "its step 100423 is not a legal move")
        return "it holds more steps than a saved game may have"
    if m and m.group(1):
        return f"its step {int(m.group(1)) + 1} is not a legal move with this tutor's rules"
    return next((words for name, words in KEPT_GAME_WORDS
                 if field == name or (name.endswith(".") and field.startswith(name))), NOT_READABLE)


def _short(text: str) -> str:
    """``text`` on one line, at most :data:`KEPT_GAME_WHY_MAX` characters (cut with "…")."""
    return one_line(text, KEPT_GAME_WHY_MAX)

class PlaceKeeping:
    """The place keeping of the learn page (a mixin of :class:`widgets.lessons.LearnApp`, which sets the attributes
    it uses: ``store``, ``game_id``, ``lessons``, ``tabs``, ``free``, ``widget``, ``errors``, the ``_free_*`` and
    mark attributes, and the methods ``_notice``, ``_hide_notice``, ``_watch_free`` and ``open_free_play``)."""

    def keep_place(self, store) -> None:
        """Keep the learner's place in ``store`` (a :class:`tutor.progress.ProgressStore`) from now on, and go back
        to the place kept there (see :meth:`resume`; in a kernel Voila pre-heated, once the learner asks for the
        page). Given after the page was shown (:func:`learn_app` opens the database after the first render), a place
        the learner already left by taking a step or changing lesson or tab is not resumed: what they did is kept.
        Once only (ValueError for a second store)."""
        if self.store is not None:
            raise ValueError("this page already keeps its place in a progress store")
        self.store = store
        # which tab plays the page: over another page's fresh mark this one keeps nothing until it knows (that tab's
        # beat: covered; no beat within DECIDE_S, or the mark given up: it plays; the same browser tab's id, given a
        # moment later: a reload of the tab that plays); decided once a learner asks for the page (a kernel Voila
        # pre-heats holds nothing for nobody: trial 15, U2)
        self.hold = TabHold(store, self.place_key, self.page_token, self._stopped,
                            on_claimed=self.errors.guard(lambda: self.remember(free=self.free is not None)),
                            on_other_gone=self.errors.guard(self.take_over))
        self.hold.tab_id = (self._tab_id.value or "").split()[0][:40] if (self._tab_id.value or "").split() else None
        if _in_kernel():  # the tab closed or reloaded: Voila shuts this kernel down, and the next tab plays at once
            self.hold.release_at_exit()
            self.hold.release_when_page_leaves()  # the server says its websocket closed: a browser closed at once
        if store.saving:  # a reload comes back to the same place: the "reload starts a new game" note is hidden
            self.widget.add_class("rt-kept")
        told = store.take_notice()  # the database cannot save: said once, the page works on
        if told:
            self._notice(f"⚠ {told}")
        runner = self.lessons
        moved = bool(runner.app.session.history) or runner.index != 0 or self.tabs.selected_index != 0
        if moved:  # the learner was quicker than the database: their newest place is the one kept
            self.hold.start(wait_for_tab=_in_kernel())
            kept = self.place()
            self._synced(kept)
            if self.free is not None:
                self._watch_free()
            self.remember(free=self.free is not None)
        else:  # a kernel Voila pre-heated resumes once the learner asks for the page (its cell waits); any other at once
            if wait_until_page_asked() and not store.recheck():  # opened before the visit: damaged since?
                self.widget.remove_class("rt-kept")
                told = store.take_notice()
                if told:
                    self._notice(f"⚠ {told}")
            self.hold.start(wait_for_tab=_in_kernel())
            self.errors.guard(self.resume)()
        self.lessons.app.model.observe(lambda m, change: change != "clause" and self.remember())
        self.tabs.observe(self.errors.guard(lambda ch: self.remember()), names="selected_index")

    # -- where the learner was ----------------------------------------------------------------------------------
    @property
    def place_key(self) -> str:
        """The page's key in the progress store (``"learn:<game id>"``)."""
        return f"learn:{self.game_id}"

    def place(self) -> dict:
        """The kept place of this page (``{"tab": "lessons" | "free", "lesson": id, "actions": [action ids],
        "free": saved game JSON or None, "seats": who plays each free-play seat, "auto": whether free play's Auto
        is ticked (absent: ticked, the default), "redo": the free game's undone action ids, the next to redo last}``), or ``{}`` when none is kept or it is not readable."""
        text = self.store.place(self.place_key) if self.store is not None else None
        told = self.store.take_damage_notice() if self.store is not None else None
        if told:  # a kept place the store would not read (a tampered row larger than it writes): said once
            self._notice(f"⚠ {told}")
        if not text:
            return {}
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            self.place_lost("it is not readable", "the page starts afresh", text)
            return {}
        return data

    def place_lost(self, why: str, then: str, text: str | None = None, detail: str = "") -> None:
        """A kept place (or part of it) that cannot be resumed: said once on the page (:data:`KEPT_PLACE_LOST`, or
        nothing more when ``then`` is ``""``: the caller says it), its whole text (``text``, default the place kept
        now) set aside in the store under the page's key and :data:`SET_ASIDE` (or the next free slot:
        ``ProgressStore.set_aside``; renamed, never deleted), and the
        reason in the server's log, with ``detail`` (the engine's own message, never shown on the page)."""
        if getattr(self, "_place_lost", False):
            return
        self._place_lost = True
        aside = self.place_key + SET_ASIDE
        if self.store is not None:
            try:
                text = text if text is not None else self.store.place(self.place_key)
                if text:
                    aside = self.store.set_aside(self.place_key, text)  # never over an earlier place set aside
            except Exception as exc:  # noqa: BLE001 - the page works on; the reason is logged below
                _server_log.warning("learn page %s: the unusable kept place could not be set aside: %s", self.game_id,
                            str(exc)[:300])
        _server_log.warning("learn page %s: the kept place could not be resumed (%s); set aside as %r%s", self.game_id,
                            why[:300], aside, f"; detail: {detail[:1000]}" if detail else "")
        if then:
            self._notice(KEPT_PLACE_LOST.format(why=why, then=then))

    def remember(self, free: bool = False) -> None:
        """Keep where the learner is (the tab, the lesson and its steps, the free game) in the progress store.
        ``free``: the change is this page's free play (a step, undo, new game, who plays a seat): its game is kept.
        Otherwise the free game kept stays as it is, perhaps newer from another tab or window of this page (a tab
        that only changed lesson or tab never writes its older game over it). A free game kept by another tab since
        this page last wrote or loaded one is never written over: the page says so once (:data:`FREE_MOVED_ON`,
        with a "Load the newer game" button, :meth:`load_newer_free`) and keeps nothing until it is loaded. Every
        save carries a fresh mark (``"rev"``): a tab that finds another mark says once that the page is open in
        another tab (:data:`OTHER_TAB_NOTICE`). A notice the store gives meanwhile (saving stopped) is said once."""
        if self.store is None or self._restoring:
            return
        if self.hold is not None and not self.hold.may_save():  # another tab plays the page: nothing kept from here
            return
        kept = self.place()
        rev, writer = kept.get("rev"), kept.get("page")
        moved = (rev != self._expected_rev) if isinstance(rev, str) else (
            isinstance(writer, str) and writer != self._expected_writer)
        if moved and computer_moved_on(kept, self._free_known):
            # only the computer played on, in a page of this tab that has not ended yet (a reload during the
            # computer's turn: session 17, "moved on in another tab" with one tab open): no person's step is
            # lost by keeping this page's game, whose own computer plays the same steps (the bot is seeded)
            moved = False
            self._free_known = kept.get("free")
        if (free and self.free is not None and isinstance(kept.get("free"), str)
                and kept.get("free") != self._free_known):
            # another tab or window moved the free game on since this page last wrote or loaded it (a page's other
            # writes keep the free game as they find it): this page's older game is never written over it; said
            # once, with a button to load the newer game
            self._say_moved_on()
            return
        if free and self.free is not None:  # this page's free game is the one kept now
            self._free_kept = self.free.session.to_json()
            if self.free.seats is not None:
                self._free_seats = [d.value for d in self.free.seats.seats]
                self._free_auto = bool(self.free.seats.auto.value)
            self._free_redo = list(self.free.session.redo_ids)
        else:  # the free game kept (perhaps by another tab) stays kept
            self._take_kept_free(kept)
        data = {"tab": "free" if self.tabs.selected_index == 1 else "lessons", "lesson": self.lessons.lesson.id,
                "actions": [st.action.id for st in self.lessons.app.session.history], "free": self._free_kept}
        if self._free_seats:
            data["seats"] = self._free_seats
        data["auto"] = self._free_auto
        if self._free_redo:
            data["redo"] = self._free_redo
        if moved and not self._told_other_tab:
            # another tab or window of this page kept its place since this one last did: said once, saving goes on
            self._told_other_tab = True
            self._notice(OTHER_TAB_NOTICE)
        data["page"] = self._expected_writer = self.page_token
        data["rev"] = self._expected_rev = secrets.token_hex(8)
        try:
            self.store.save_place(self.place_key, json.dumps(data))
        except ValueError as exc:  # a free game too large to keep: the lesson's place is kept without it
            log.info("learn page: place not kept: %s", exc)
            data["free"] = None
            self.store.save_place(self.place_key, json.dumps(data))
        told = self.store.take_notice()  # the database stopped saving during the visit: said once, the page works on
        if told:
            self._notice(f"⚠ {told}")
        if free and self.free is not None:  # (a free game kept for another tab is not the one this page shows)
            self._free_known = data["free"]

    def covered(self) -> bool:
        """Whether another tab or window plays this page now (its cover shown): its steps are not taken here."""
        return self.cover is not None and "rt-hidden" not in self.cover._dom_classes

    def _stopped(self, text: str) -> None:
        """Another tab or window plays this page: cover it with ``text`` and the "Play here" button (``play_here``;
        the cover, CSS class ``rt-other-tab``, is made the first time)."""
        if self.cover is None:
            self._cover_text = html_widget()
            self.play_here = button("Play here", "Play this page's game in this tab (the other tab stops)",
                                    icon="hand-pointer-o", classes=("rt-play-here",), button_style="primary")
            self.play_here.on_click(self.errors.guard(lambda _b: self.take_over()))
            self.cover = box([box([self._cover_text, self.play_here], classes=("rt-other-tab-card",))],
                             classes=("rt-other-tab", "rt-hidden"))
            self.widget.children = (*self.widget.children[:-1], self.cover, self.widget.children[-1])
        # while the cover shows, the page under it is hidden (visibility: no control of it can be reached with the
        # keyboard either, trial 36) and its models take no click (:attr:`widgets.model.SessionModel.held_elsewhere`)
        self._cover_text.value = (f'<style>{COVERED_CSS}</style>'
                                  f'<div class="rt-other-tab-text" role="alert">{esc(text)}</div>')
        self.cover.remove_class("rt-hidden")

    def take_over(self) -> None:
        """Play the page in this tab again ("Play here", or by itself once the tab that played it at this page's opening
        gave it up: :class:`widgets.learn_tabs.TabHold`): hold the tab mark (the other tab stops), then show the place
        kept now (the other tab's newest: its lesson and steps, its free game) and take the cover away."""
        if self.hold is None:
            return
        self.hold.claim()
        self.resume()
        if self.free is not None:
            self.load_newer_free()
        if self.cover is not None:
            self.cover.add_class("rt-hidden")

    def _synced(self, kept: dict) -> None:
        """This page has read the kept place ``kept``: its marks and free game are the ones expected next time."""
        writer, rev, free = kept.get("page"), kept.get("rev"), kept.get("free")
        self._expected_writer = writer if isinstance(writer, str) else None
        self._expected_rev = rev if isinstance(rev, str) else None
        self._free_known = free if isinstance(free, str) else None

    def _say_moved_on(self) -> None:
        """Show :data:`FREE_MOVED_ON` (once while it is shown) with a "Load the newer game" button."""
        if self._moved_on_row is not None and self._moved_on_row in self.widget.children:
            return
        row = self._moved_on_row = self._notice(FREE_MOVED_ON, free=True)
        load = button("Load the newer game", tooltip="Play on from the free game kept by your other tab or window")
        load.add_class("rt-load-newer")
        load.on_click(self.errors.guard(lambda _b: self.load_newer_free()))
        row.children = (row.children[0], load, *row.children[1:])

    def load_newer_free(self) -> None:
        """Open, in this page's free play, the free game kept now (newer, from another tab or window), with its
        seats, Auto and redo steps; the :data:`FREE_MOVED_ON` line goes. A kept game that does not load leaves this
        page's game as it is, and says why."""
        kept = self.place()
        free = kept.get("free")
        if not isinstance(free, str) or self.free is None:
            return
        try:  # kept by the page, but text in a database: a game of another kind, or naming a file, is not loaded
            session = load_free_game(free, self.game_id)
        except ValueError as exc:
            _server_log.warning("learn page %s: the newer kept free game could not be loaded: %s", self.game_id,
                                str(exc)[:1000])
            self._notice(f"⚠ The newer free game could not be loaded ({_short(learner_words(exc))}); the game here "
                         "stays as it is.")
            return
        self._synced(kept)
        self._take_kept_free(kept)
        _restore_redo(session, self._free_redo)
        if self._moved_on_row is not None:
            self._hide_notice(self._moved_on_row)
            self._moved_on_row = None
        self.free.model.replace(session)  # (kept again at once, as this page's now)

    def _newest_free(self) -> str | None:
        """The free game to open when free play is first opened here: the one kept now (another tab may have played
        since this page read its place)."""
        if self.free is None and self.store is not None and not self._restoring:
            self._take_kept_free(self.place())
            self._free_known = self._free_kept  # the game opened is the newest kept: playing on is kept
        return self._free_kept

    def _take_kept_free(self, data: dict) -> None:
        """Take the free game of the kept place ``data`` (its JSON, who plays each seat, Auto and the redo steps, each
        checked as :meth:`resume` does) as the one this page keeps and opens: for a page that has not opened free
        play, whose saving must not replace a game another tab or window kept since."""
        free = data.get("free")
        # a free game that is there but not a saved game's text (a number, a list, an empty text: the database
        # edited) is kept as its JSON, which does not load: said and set aside like any damaged game (attack 36, M5:
        # a new game started without a word)
        self._free_kept = free if isinstance(free, str) and free else (None if free is None else json.dumps(free))
        seats = data.get("seats")
        problem = seats_problem(seats) if seats is not None else None
        self._free_seats = list(seats) if seats is not None and problem is None else None
        if problem:  # said and set aside, never a silent fall back to the defaults (attack 42)
            self.place_lost(problem, "every seat is as a new game sets it")
        self._free_auto = data.get("auto") is not False  # absent (an older place): the default, ticked
        redo = data.get("redo")
        self._free_redo = (list(redo) if isinstance(redo, list) and len(redo) <= 500
                           and all(isinstance(v, str) and len(v) <= 300 for v in redo) else [])

    def resume(self) -> None:
        """Go back to where the learner was: the lesson and its steps, and the free game when free play was the tab
        shown (a place that cannot be read, or a lesson no longer there, starts afresh)."""
        data = self.place()
        self._synced(data)
        self._restoring = True
        try:
            self._take_kept_free(data)
            lesson, actions = data.get("lesson"), data.get("actions") or []
            if isinstance(lesson, str) and lesson in {x.id for x in self.lessons.lessons}:
                n = self.lessons.resume(lesson, actions)
                if not isinstance(actions, list) or n < min(len(actions), self.lessons.RESUME_STEPS):
                    self.place_lost(f"step {n + 1} of your lesson is not a legal move with this tutor's rules",
                                    f"the lesson goes on from step {n + 1}")
            elif lesson is not None:
                self.place_lost("its lesson is not in this tutor any more", "the first lesson is open")
            if data.get("tab") == "free":
                self.open_free_play(saved=self._free_kept)
                self.tabs.selected_index = 1
        finally:
            self._restoring = False
        if getattr(self, "_place_lost", False):  # set aside: where the page is now is kept in its place (said once)
            self.remember(free=self.free is not None)

def seats_problem(seats: object) -> str | None:
    """Why ``seats`` (who plays each seat, as a kept place holds it: a list of :data:`SEAT_CHOICES` values, at most
    8) cannot be used, in a learner's words naming the value and the choices, or ``None`` when it can (attack 42:
    ``seats: ['evil']`` fell back to the defaults without a word)."""
    choices = ", ".join(label for label, _v in SEAT_CHOICES)
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
        return f"who plays each seat was kept as {str(seats)[:40]!r}, not a list of 1 to 8 seats"
    for i, v in enumerate(seats):
        if v not in {value for _label, value in SEAT_CHOICES}:
            return f"Player {i + 1}'s seat was kept as {str(v)[:30]!r}, which is none of the choices {choices}"
    return None


def computer_moved_on(kept: dict, known: str | None) -> bool:
    """Whether the kept place ``kept`` (see :meth:`PlaceKeeping.place`) holds the free game ``known`` (a saved
    session's JSON, as a page last wrote or read it) played on by computer seats only: the same origin, ``known``'s
    steps first, then only steps of seats the place names as the computer's (``"seats"``). A game not readable,
    another game, or a step of a person's seat is False (another tab or window played it)."""
    seats = kept.get("seats")
    if not isinstance(seats, list) or not all(isinstance(v, str) for v in seats):
        return False
    added = steps_added(known, kept.get("free"))
    return added is not None and all(0 <= st.action.actor < len(seats) and seats[st.action.actor] != "you"
                                     for st in added)


def _in_kernel() -> bool:
    """Whether this runs in a page's kernel (a browser shows the page and gives its tab's id)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    return getattr(get_ipython(), "kernel", None) is not None


def _restore_redo(session: tutor.Session, redo: list[str]) -> None:
    """Give ``session`` back the undone steps ``redo`` (action ids, the next to redo last, as
    :attr:`tutor.Session.redo_ids` gives them): each applied in turn, then all undone. An id not legal when its
    turn comes ends the rebuilding there (those before it stay redoable); the session's game is as it was."""
    done = 0
    for aid in reversed(redo):
        if all(a.id != aid for a in session.legal_actions()):
            log.info("learn page: a kept redo step is not legal now, the rest are dropped: %s", aid[:120])
            break
        session.apply(aid)
        done += 1
    for _ in range(done):
        session.undo()


def load_free_game(text: str, game_id: str) -> tutor.Session:
    """The free game kept in the progress store (``text``, a saved session's JSON) loaded for the learn page of
    ``game_id``: by :func:`tutor.load_session` with ``files=False`` (no card file read), of this game only, and dealt
    from a seed. Free play deals every game it keeps from a seed (New game), so a prepared one there (``"prepared":
    true``, a partial state of its own: a Spirit of 99, a Road over its limit) was written by another hand and is
    refused (attack 43, M1: it was resumed as "Your free-play game from before is back").

    Raises:
        ContentError: as :func:`tutor.load_session`; a prepared session with field ``prepared``.
    """
    session = tutor.load_session(text, files=False, game=game_id)
    if session.prepared:
        raise tutor.ContentError("<saved session>: prepared: free play keeps only games dealt from a seed, and this "
                                 "one was prepared from a partial state", field="prepared")
    return session
