"""One tab plays a learner's learn page (trial 15, U2): a second tab or window of the same page, opened while the
first is still open, never plays a copy of the kept game of its own (each tab saved over the other). It says plainly
that the page is open in another tab and offers to play here instead; a tab whose game another tab took over says
so too, with the same offer. A reload of the tab that plays is that tab again, not another one.

How: the tab that plays the page keeps a mark in the progress store beside the page's place (key ``"<place key>:tab"``,
:class:`TabHold`): its page's token, the browser tab's own id (kept by the browser for the tab's life, reloads
included: ``sessionStorage``, given to the kernel by :data:`TAB_JS` through a hidden text box) and the time of its last
beat. The browser tab that plays beats every :data:`BEAT_S` seconds (every second at first; its script says so to the
kernel) and gives the mark up when it closes or reloads; so does its kernel when it ends, and when the server says the
page's websocket closed (a browser closed or killed says nothing itself: :mod:`widgets.page_life`). A mark not renewed
for :data:`STALE_S` seconds is a tab gone too (a closed tab's kernel may live on: only the browser's beats count), and
the next page takes it over quietly. A hidden tab's timers may slow to one a minute (the browser's throttling): such a
tab may lose the page to a newer tab, which is then said over it at its next beat.

A page that finds another page's fresh mark when it opens does not cover itself at once (session 20: on a busy
machine the goodbye of a tab just closed, its ``bye``, its kernel's end or the server's word, reached the store after
the next page had looked, and "open in another tab" covered a page with no other tab open). It covers itself only on
evidence that the other tab lives: the mark renewed by a beat after this page opened (a closed tab never beats
again). When no beat comes within :data:`DECIDE_S` seconds, or the mark is given up meanwhile, it plays. While it
waits the learner plays on: a step is kept once the page plays (:meth:`TabHold.may_save`). A page covered at its
opening plays by itself once the other tab's mark is given up or goes stale (the other tab closed).
"""
from __future__ import annotations

import atexit
import json
import logging
import time
from typing import Callable

import ipywidgets as w
from ipywidgets.widgets.widget_string import TextStyle
from traitlets import Unicode

from .page_life import when_page_leaves
from .style import layout, page_script, shared_style

log = logging.getLogger("tutor.learn")

#: Seconds between two beats of the tab that plays a page.
BEAT_S = 5.0
#: Seconds without a beat after which the tab that played a page is taken to be gone.
STALE_S = 20.0
#: Seconds a page that found another page's fresh mark at its opening waits for that mark to be renewed by a beat
#: (the other tab lives: this page is covered) before it plays: one beat and a beat's margin (a busy machine delays
#: a beat by seconds).
DECIDE_S = 2 * BEAT_S
#: The page's script beats every second for its first this many beats (then every :data:`BEAT_S` seconds): a page
#: deciding whether another tab lives decides within a second of the evidence, not at its next 5 s beat.
QUICK_BEATS = int(DECIDE_S) + 3

#: Said over a page opened while another tab or window plays it (``rt-other-tab``).
OTHER_TAB_OPEN = ("This page is open in another tab or window, and your game goes on there. Press Play here to "
                  "play it in this tab instead (the other tab then stops), or close this tab.")
#: Said over a page whose game another tab or window took over.
TAKEN_OVER = ("Your game is now played in another tab or window of this page, so this tab has stopped. Press Play "
              "here to play it in this tab again.")

#: The browser tab's id: made once per tab (``sessionStorage`` keeps it through reloads, not into a new tab) and
#: typed into the page's hidden box of CSS class ``rt-tab-id``, whose value the kernel reads.
TAB_JS = """(function () {
  var id = null, n = 0;
  try { id = sessionStorage.getItem('rt-tab-id');
        if (!id) { id = Math.random().toString(36).slice(2, 14); sessionStorage.setItem('rt-tab-id', id); } }
  catch (e) { return; }
  function say(word) {
    var input = document.querySelector('.rt-tab-id input');
    if (!input) { return false; }
    var host = input.closest('.rt-tab-id');
    if (host) { host.setAttribute('aria-hidden', 'true'); }
    input.value = word;
    input.dispatchEvent(new Event('input', {bubbles: true}));
    return true;
  }
  var tries = 0;
  (function first() {
    if (!say(id)) { if (++tries < 400) { setTimeout(first, 50); } return; }
    (function next() {
      setTimeout(function () { say(id + ' ' + (++n % 100000)); next(); }, n < QUICK_BEATS ? 1000 : BEAT_MS);
    })();
    window.addEventListener('pagehide', function () { say(id + ' bye'); });
  })();
})();
""".replace("BEAT_MS", str(int(BEAT_S * 1000))).replace("QUICK_BEATS", str(QUICK_BEATS))


def now() -> float:
    """The time of a beat, in seconds (``time.time``; a test may put its own clock here)."""
    return time.time()


class TabHold:
    """Which tab plays the page kept under ``key`` in ``store`` (a :class:`tutor.progress.ProgressStore`).

    ``token``: this page's own token. ``on_stopped(text)``: called when this page must stop (another tab plays:
    ``text`` is :data:`OTHER_TAB_OPEN` or :data:`TAKEN_OVER`). ``clock``: seconds (default :func:`now`).
    ``on_claimed()``: called once this page plays after a save was held back while it decided (see :meth:`may_save`).
    ``on_other_gone()``: called when a page covered at its opening finds, at its own beat, that the other tab gave the
    page up or went stale (default: :meth:`claim`; the learn page takes the page over and shows the newest place).
    ``playing`` is True once this page holds the mark; ``stopped`` while another tab plays it; ``deciding`` while this
    page, opened over another page's fresh mark, waits for evidence that the other tab lives (a beat renewing the mark
    after this page opened) or for this tab's id (the same id is a reload of the tab that plays). The beats come from
    the browser (:meth:`heard`): a closed tab beats no more, whatever its kernel does."""

    def __init__(self, store, key: str, token: str, on_stopped: Callable[[str], None],
                 clock: Callable[[], float] | None = None, on_claimed: Callable[[], None] | None = None,
                 on_other_gone: Callable[[], None] | None = None) -> None:
        self.store, self.key, self.token, self.on_stopped = store, f"{key}:tab", token, on_stopped
        self.clock = clock or (lambda: now())
        self.tab_id: str | None = None
        self.playing = False
        self.stopped = False
        self.deciding = False  # opened over another page's fresh mark: deciding (see start)
        self._for_tab = False  # while deciding: a browser will give this tab's id
        self._opened = 0.0  # while deciding: when this page opened (clock)
        self._seen: tuple = (None, None)  # while deciding: the other page's mark (page, beat) found at the opening
        self._why: str | None = None  # what was said when this page stopped (OTHER_TAB_OPEN or TAKEN_OVER)
        self.on_claimed = on_claimed
        self.on_other_gone = on_other_gone
        self._owed = False

    def mark(self) -> dict:
        """The mark kept now (``{"page", "tab", "beat"}``), or ``{}`` when none is or it is not readable."""
        try:
            data = json.loads(self.store.place(self.key) or "{}")
        except (ValueError, RecursionError):
            return {}
        return data if isinstance(data, dict) else {}

    def _other(self, mark: dict) -> bool:
        """Whether ``mark`` is another page's, renewed within :data:`STALE_S` seconds (that page plays)."""
        beat = mark.get("beat")
        return (mark.get("page") not in (None, self.token) and isinstance(beat, (int, float))
                and self.clock() - beat <= STALE_S)

    def _elsewhere(self, mark: dict) -> bool:
        """Whether ``mark`` is another page's that plays, in another browser tab (the same tab's id is a reload of the
        tab that played)."""
        return self._other(mark) and not (self.tab_id is not None and mark.get("tab") == self.tab_id)

    def _renewed(self, mark: dict) -> bool:
        """While deciding: whether ``mark`` was renewed since this page opened (another page's, or a later beat of the
        page found then): evidence that a tab lives."""
        page, beat = self._seen
        now_beat = mark.get("beat")
        return mark.get("page") != page or (isinstance(now_beat, (int, float)) and isinstance(beat, (int, float))
                                            and now_beat > beat)

    def start(self, wait_for_tab: bool) -> None:
        """Decide at the page's opening: play it (hold the mark) unless another page's mark is fresh. When one is,
        decide later (:meth:`check`): covered when a beat renews that mark (the other tab lives) and this tab is
        another tab (``wait_for_tab``: a browser will give this tab's id, and the same id is a reload of the tab that
        plays, which goes on playing here); playing when the mark is given up, goes stale, or is not renewed within
        :data:`DECIDE_S` seconds (a tab closed without its goodbye reaching the store)."""
        mark = self.mark()
        if not self._elsewhere(mark):
            self.claim()
            return
        self.deciding, self._for_tab = True, wait_for_tab
        self._opened, self._seen = self.clock(), (mark.get("page"), mark.get("beat"))
        log.info("learn page: another page's mark is fresh; this page decides within %.0f s", DECIDE_S)

    def check(self) -> None:
        """While deciding (see :meth:`start`): look at the mark again and decide if the evidence is in (each word of
        this tab's script and each step of the learner asks). Nothing otherwise."""
        if not self.deciding:
            return
        mark = self.mark()
        if not self._elsewhere(mark):  # given up, gone stale, or this very tab's (a reload of the tab that plays)
            self._play_after_deciding()
        elif not self._renewed(mark):
            if self.clock() - self._opened >= DECIDE_S:  # no beat came: the tab that played is closed
                log.info("learn page: the other page's mark was not renewed in %.0f s: this page plays", DECIDE_S)
                self._play_after_deciding()
        elif not (self._for_tab and self.tab_id is None):  # another tab beats: it lives
            self.deciding = False
            self._stop(OTHER_TAB_OPEN)

    def _play_after_deciding(self) -> None:
        self.claim()
        if self._owed and self.on_claimed is not None:  # a step taken while deciding is kept now
            self._owed = False
            self.on_claimed()

    def heard(self, word: str) -> None:
        """What the page's script said (text from the page: only split and compared, at most 40 characters): the
        tab's id alone when the page opens, then the id and a count at each beat (every second at first, then every
        :data:`BEAT_S` seconds), and the id and ``bye`` when the tab closes or reloads (the mark is given up: the
        next tab plays at once). A page deciding decides when it can (:meth:`check`); a page covered at its opening
        plays by itself once the other tab's mark is given up or stale."""
        parts = str(word)[:40].split()
        if not parts:
            return
        first = self.tab_id is None
        self.tab_id = parts[0]
        if self.deciding:
            self.check()
            if parts[1:] == ["bye"]:
                self.release()
        elif parts[1:] == ["bye"]:
            self.release()
        elif self.stopped:
            if self._why == OTHER_TAB_OPEN and len(parts) > 1 and not self._other(self.mark()):
                log.info("learn page: the other tab gave the page up: this page plays")
                (self.on_other_gone or self.claim)()
        elif len(parts) > 1 or first:  # a beat; or the id's first word: the mark names the tab at once (a reload
            self.beat()  # within the first beat is then the same tab, not another)

    def may_save(self) -> bool:
        """Whether this page may keep its place now: it plays the page (the mark is still its own; another tab's mark
        stops it, said once). A page still deciding (:meth:`start`) decides now if it can; else it keeps nothing yet
        and the step is kept once it plays (:attr:`on_claimed`): a reload of the tab that plays, whose old kernel has
        not ended yet, is not taken for another tab (session 17), nor is a tab closed a moment ago (session 20)."""
        if self.deciding:
            self.check()
            if self.deciding:
                self._owed = True
                return False
        if self.stopped:
            return False
        if self.playing and self._other(self.mark()):
            self._stop(TAKEN_OVER)
            return False
        return self.playing

    def claim(self) -> None:
        """Play the page in this tab: hold the mark (the other tab stops at its next beat or step)."""
        self.deciding, self.stopped, self.playing, self._why = False, False, True, None
        self._keep_mark(self.clock())

    def beat(self) -> None:
        """Renew this page's mark; when another tab took it, stop instead (said once)."""
        if not self.playing:
            return
        if self._other(self.mark()):
            self._stop(TAKEN_OVER)
            return
        self._keep_mark(self.clock())

    def release(self) -> None:
        """Give the page up (the tab closes or reloads): the mark is kept as gone, so a tab opened next plays at once
        instead of waiting :data:`STALE_S` seconds. A tab that comes back (the browser kept it) takes it again at
        its next beat, unless another tab plays by then."""
        if self.playing and self.mark().get("page") in (None, self.token):
            self._keep_mark(0.0)

    def release_at_exit(self) -> None:
        """Give the page up when this kernel ends (``atexit``: Voila shuts a page's kernel down when its tab closes
        or reloads). The tab's own goodbye (``bye`` at ``pagehide``) rides the page's websocket, which a closing
        browser often tears down first: a page reopened within :data:`STALE_S` seconds then said "open in another
        tab" with no other tab open (trial 16). Once per hold."""
        if not getattr(self, "_at_exit", False):
            self._at_exit = True
            atexit.register(self._release_quietly)

    def release_when_page_leaves(self) -> None:
        """Give the page up when the server says this page's websocket closed (:mod:`widgets.page_life`, told by
        ``tutor/pagegone.py``): a browser closed or killed says no goodbye and sends no shutdown beacon, so its kernel
        lives on and neither ``bye`` nor :meth:`release_at_exit` came; a page reopened within :data:`STALE_S` seconds
        then said "open in another tab" with none open (trial 18). A page whose connection only dropped takes the
        mark again at its next beat (:meth:`beat`), unless another tab plays by then. Once per hold."""
        if not getattr(self, "_on_leave", False):
            self._on_leave = True
            when_page_leaves(self.page_left)

    def page_left(self) -> None:
        """This page's websocket closed (:meth:`release_when_page_leaves`): give the page up (:meth:`release`)."""
        log.info("learn page: its page left; the tab mark is given up")
        self.release()

    def _release_quietly(self) -> None:
        try:
            self.release()
        except Exception as exc:  # noqa: BLE001 - the kernel is ending: a store already closed is no error
            log.info("learn page: the tab mark was not given up at exit: %s", exc)

    def _keep_mark(self, beat: float) -> None:
        try:
            self.store.save_place(self.key, json.dumps({"page": self.token, "tab": self.tab_id, "beat": beat}))
        except ValueError as exc:
            log.info("learn page: the tab mark was not kept: %s", exc)

    def _stop(self, text: str) -> None:
        self.playing, self.stopped, self._why, self._owed = False, True, text, False
        self.on_stopped(text)


class TabIdText(w.Text):
    """The hidden box's Text: what the page's script types into it is not echoed back to the page (ipywidgets 8 sends
    every value a page sets back to it, an ``echo_update``: a message for each beat, every second in the page's
    first seconds, when a learner's first click comes; issue 16). Only that script types into it."""

    value = Unicode(help="The browser tab's id, and a beat's count").tag(sync=True, echo_update=False)


def tab_id_box() -> tuple[w.Text, w.Output]:
    """The hidden text box (CSS class ``rt-tab-id``) the page's script (:data:`TAB_JS`) types the browser tab's id
    into, and that script."""
    # kept out of sight by its CSS class (rt-tab-id: table.py), not by ``display: none``: the page's message guard
    # takes no value for a widget its layout hides (widgets.comm_guard); never focusable, read by no screen reader
    box = TabIdText(description="Tab", tabbable=False, _dom_classes=("rt-tab-id",), layout=layout("plain"),
                 style=shared_style(TextStyle))
    box.tutor_max_chars = 40
    return box, page_script(TAB_JS, "rt-tab-script")
