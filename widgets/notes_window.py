"""The teacher's notes window: a second page, for the teacher's own screen, that follows the projected presenter.

The window is the teacher-walkthrough page opened with ``?notes=1`` (:func:`widgets.presenter.presenter_app`). The
presenter (:class:`widgets.presenter.Presenter`) keeps a hidden feed (CSS class ``tutor-notes-feed``): one
element whose ``data-notes`` attribute holds, as JSON, what the teacher needs for the step shown (see
:func:`feed_state`). In the browser, :data:`FEED_JS` (run once per presenter page) sends that state on a
``BroadcastChannel`` named :data:`CHANNEL` whenever it changes, and again when a notes window says hello. The notes
window (:func:`notes_window`) listens on the same channel and writes the state into
its page as text (never as HTML). Nothing leaves the browser and nothing goes through a kernel: the two tabs must
be of one origin (the same ``rules-tutor serve``), which is what a teacher opening the window from the presenter's
"Notes window" button gets. The notes never appear on the projected page (the feed is not displayed).

The notes window has its own Back and Next buttons and takes the clicker's keys (:data:`CLICKER_KEYS`): it asks the
presenter, on the channel, to press its own Back or Next button, so the walkthrough moves on the projector.

Stable CSS classes: ``tutor-notes-window`` (the root), ``tutor-notes-counter``, ``tutor-notes-title``,
``tutor-notes-now`` (the step's narration), ``tutor-notes-text`` (the teacher notes), ``tutor-notes-next`` (what the
next step is), ``tutor-notes-files`` (a line on walkthrough files that do not load), ``tutor-notes-status``
(following or waiting), ``tutor-notes-back`` / ``tutor-notes-fwd`` (the
buttons); on the presenter ``tutor-notes-feed`` and ``tutor-notes-open`` (the button that opens the window).
"""
from __future__ import annotations

import json

import ipywidgets as w

from .style import esc, page_script, style_widget

#: The BroadcastChannel the presenter and its notes windows talk on (one origin: one ``rules-tutor serve``).
CHANNEL = "rules-tutor-teacher-notes"

#: What a clicker sends and the presenter button it stands for (as widgets.presenter.CLICKER_KEYS).
CLICKER_KEYS = {"ArrowRight": "tutor-presenter-next", "PageDown": "tutor-presenter-next",
                "ArrowLeft": "tutor-presenter-back", "PageUp": "tutor-presenter-back"}

#: The name of the browser window the presenter's button opens (a second click brings the same window back).
WINDOW_NAME = "rules-tutor-notes"

#: The notes window's address, relative to the presenter page's: the same notebook in its notes mode
#: (:func:`widgets.presenter.presenter_app` with ``?notes=1`` in the page's address).
NOTEBOOK = "teacher-walkthrough.ipynb?notes=1"


def feed_state(title: str, position: int, total: int, head: str, now: str, notes: str, next_step: str,
               files: str = "", playable: int | None = None) -> dict:
    """The state the presenter's feed sends for the step shown: ``title`` (the walkthrough's), ``position`` (steps
    played, 0 = its start) of ``total``, ``counter`` (as the presenter's counter reads), ``head`` (the narration's
    heading), ``now`` (the narration, plain text), ``notes`` (the teacher notes, plain text, may be empty),
    ``next`` (what the next step is, or that this is the last) and ``files`` (one quiet line on walkthrough files
    that do not load, :meth:`widgets.walk_files.FileProblems.count_line`, or ``""``), ``playable`` (the steps that
    play, ``total`` by default: the window's Next is off from there, as the presenter's is; trial 33). Shown as text
    by the window."""
    counter = f"Step {position} of {total}" if position else f"Start · {total} step{'' if total == 1 else 's'}"
    return {"title": title, "position": position, "total": total, "counter": counter, "head": head, "now": now,
            "notes": notes, "next": next_step, "files": files, "playable": total if playable is None else playable}


def feed_html(state: dict) -> str:
    """The feed element's HTML: the state as JSON in a ``data-notes`` attribute (escaped: text, never markup)."""
    return f'<div class="tutor-notes-data" data-notes="{esc(json.dumps(state, ensure_ascii=False))}"></div>'


# The presenter's side, once per page: send the feed's state when it changes or when a notes window says hello;
# press the presenter's shown Back / Next when a notes window asks; open the notes window from the button.
FEED_JS = """(function () {
  if (window.tutorNotesFeed) { return; }
  window.tutorNotesFeed = true;
  var NAME = %(channel)s, WINDOW = %(window)s;
  document.addEventListener('click', function (event) {
    var link = event.target instanceof Element ? event.target.closest('a.tutor-notes-open') : null;
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    event.preventDefault();
    var win = window.open(link.href, WINDOW, 'popup,width=960,height=720');
    if (win) { win.focus(); } else { window.location.assign(link.href); }
  }, true);
  if (!('BroadcastChannel' in window)) { return; }
  var channel = new BroadcastChannel(NAME), last = null;
  function current() {
    var el = document.querySelector('.tutor-notes-feed [data-notes]');
    return el ? el.getAttribute('data-notes') : null;
  }
  function send(always) {
    var s = current();
    if (s === null || (!always && s === last)) { return; }
    last = s;
    try { channel.postMessage({kind: 'state', state: JSON.parse(s)}); } catch (e) { /* not JSON: nothing sent */ }
  }
  new MutationObserver(function () { send(false); }).observe(document.documentElement,
    {subtree: true, childList: true, attributes: true, attributeFilter: ['data-notes']});
  channel.onmessage = function (event) {
    var m = event.data || {};
    if (m.kind === 'hello') { send(true); return; }
    if (m.kind === 'step' && (m.button === 'tutor-presenter-next' || m.button === 'tutor-presenter-back')) {
      var buttons = document.querySelectorAll('.rt-present .' + m.button);
      for (var i = 0; i < buttons.length; i++) {
        if (buttons[i].getClientRects().length && !buttons[i].disabled) { buttons[i].click(); return; }
      }
    }
  };
  send(true);
})();
""" % {"channel": json.dumps(CHANNEL), "window": json.dumps(WINDOW_NAME)}

# The notes window's side: show each state as text, say hello (the presenter answers with its state), and turn its
# Back / Next buttons and the clicker's keys into a request to the presenter.
WINDOW_JS = """(function () {
  if (window.tutorNotesWindow) { return; }
  window.tutorNotesWindow = true;
  var NAME = %(channel)s, KEYS = %(keys)s, latest = null;
  var FIELDS = {counter: 'tutor-notes-counter', title: 'tutor-notes-title', head: 'tutor-notes-head',
                now: 'tutor-notes-now', next: 'tutor-notes-next', files: 'tutor-notes-files'};
  function show() {
    var root = document.querySelector('.tutor-notes-window');
    if (!root) { return false; }
    var status = root.querySelector('.tutor-notes-status');
    if (!('BroadcastChannel' in window)) {
      status.textContent = 'This browser cannot follow the presenter (no BroadcastChannel).';
      return true;
    }
    if (latest === null) { return true; }
    for (var key in FIELDS) {
      var el = root.querySelector('.' + FIELDS[key]);
      if (el) { el.textContent = String(latest[key] === undefined ? '' : latest[key]); }
    }
    var notes = root.querySelector('.tutor-notes-text');
    notes.textContent = latest.notes ? String(latest.notes) : 'No teacher notes for this step.';
    notes.classList.toggle('rt-nw-none', !latest.notes);
    status.textContent = 'Following the presenter.';
    root.querySelector('.tutor-notes-back').disabled = !(latest.position > 0);
    root.querySelector('.tutor-notes-fwd').disabled = !(latest.position < Math.min(latest.total, latest.playable));
    return true;
  }
  function later() { if (!show()) { setTimeout(later, 100); } }
  if (!('BroadcastChannel' in window)) { later(); return; }
  var channel = new BroadcastChannel(NAME);
  channel.onmessage = function (event) {
    var m = event.data || {};
    if (m.kind === 'state' && m.state && typeof m.state === 'object') { latest = m.state; later(); }
  };
  function step(button) { channel.postMessage({kind: 'step', button: button}); }
  document.addEventListener('click', function (event) {
    var b = event.target instanceof Element ? event.target.closest('.tutor-notes-back, .tutor-notes-fwd') : null;
    if (b && !b.disabled) { step(b.classList.contains('tutor-notes-fwd') ? 'tutor-presenter-next' : 'tutor-presenter-back'); }
  });
  window.addEventListener('keydown', function (event) {
    var cls = Object.prototype.hasOwnProperty.call(KEYS, event.key) ? KEYS[event.key] : null;
    if (!cls || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    var t = event.target instanceof Element ? event.target : null;
    if (t && (t.isContentEditable || t.closest('input, textarea, select'))) { return; }
    event.preventDefault();
    step(cls);
  }, true);
  channel.postMessage({kind: 'hello'});
  later();
})();
""" % {"channel": json.dumps(CHANNEL), "keys": json.dumps(CLICKER_KEYS)}

CSS = """
/* the notes window is a page of its own: the teacher-walkthrough notebook's header folds away */
body[data-voila] #rendered_cells > div > div:has(> .jp-MarkdownCell):has(~ div .tutor-notes-window) { display: none; }
.tutor-notes-window { max-width: 1100px; margin: 0 auto; padding: 6px 10px; font-size: 20px; color: #1f1d2b; }
.tutor-notes-window .rt-nw-bar { display: flex; align-items: center; gap: 14px; flex-wrap: wrap; margin: 0 0 8px 0; }
.tutor-notes-window .tutor-notes-counter { font-size: 30px; font-weight: 800; color: #3d1f66;
  font-variant-numeric: tabular-nums; }
.tutor-notes-window .tutor-notes-title { font-size: 18px; color: #4a4560; flex: 1 1 200px; }
.tutor-notes-window button { font-size: 20px; font-weight: 700; height: 46px; min-width: 110px; border-radius: 10px;
  border: 2px solid #5b2d90; background: #ece6f7; color: #3d1f66; cursor: pointer; }
.tutor-notes-window button.tutor-notes-fwd { background: #5b2d90; color: #fff; }
.tutor-notes-window button:disabled { opacity: .45; cursor: default; }
.tutor-notes-window button:focus-visible { outline: 3px solid #e65100; outline-offset: 2px; }
.tutor-notes-window .rt-nw-box { border-radius: 12px; padding: 8px 16px; margin: 8px 0; }
.tutor-notes-window .rt-nw-label { font-size: 14px; font-weight: 700; letter-spacing: .05em; text-transform: uppercase;
  color: #5c5670; }
.tutor-notes-window .rt-nw-notes { background: #fffbea; border: 2px dashed #b8900c; }
.tutor-notes-window .tutor-notes-text { font-size: 26px; line-height: 1.4; color: #4a3800; white-space: pre-wrap; }
.tutor-notes-window .tutor-notes-text.rt-nw-none { color: #5c5670; font-size: 20px; }
.tutor-notes-window .rt-nw-now { background: #fff; border: 1px solid #ddd6ee; border-left: 10px solid #5b2d90; }
.tutor-notes-window .tutor-notes-now { font-size: 22px; line-height: 1.35; }
.tutor-notes-window .rt-nw-next { background: #f4f0fb; border: 1px solid #ddd6ee; }
.tutor-notes-window .tutor-notes-next { font-size: 20px; line-height: 1.35; }
.tutor-notes-window .tutor-notes-status { font-size: 14px; color: #5c5670; }
.tutor-notes-window .tutor-notes-files { font-size: 14px; color: #6b2a00; margin: 4px 0; }
.tutor-notes-window .tutor-notes-files:empty { display: none; }
"""

SKELETON = """<div class="tutor-notes-window" role="main" aria-label="Teacher notes">
<div class="rt-nw-bar">
  <button type="button" class="tutor-notes-back" disabled>&larr; Back</button>
  <span class="tutor-notes-counter" aria-live="polite">Waiting…</span>
  <button type="button" class="tutor-notes-fwd" disabled>Next &rarr;</button>
  <span class="tutor-notes-title"></span>
</div>
<div class="tutor-notes-status">Waiting for the presenter: open this window with its <b>Notes window</b> button, or
open the teacher walkthrough page in another tab of this browser.</div>
<div class="rt-nw-box rt-nw-notes"><div class="rt-nw-label">Your notes</div>
  <div class="tutor-notes-text">—</div></div>
<div class="rt-nw-box rt-nw-now"><div class="rt-nw-label tutor-notes-head">On the projector</div>
  <div class="tutor-notes-now">—</div></div>
<div class="rt-nw-box rt-nw-next"><div class="rt-nw-label">Next step</div>
  <div class="tutor-notes-next">—</div></div>
<div class="tutor-notes-files"></div>
</div>"""


def feed_script() -> w.Output:
    """The presenter's side of the channel (:data:`FEED_JS`), as a hidden Output (CSS class
    ``tutor-notes-feed-js``)."""
    return page_script(FEED_JS, "tutor-notes-feed-js")


def notes_window() -> w.Widget:
    """The notes window's page: the step counter with Back and Next, the teacher notes in large type, what the
    projector shows now and what the next step is, filled in by :data:`WINDOW_JS` from the presenter's channel."""
    root = w.VBox([style_widget(), w.HTML(f"<style>{CSS}</style>"), w.HTML(SKELETON),
                   page_script(WINDOW_JS, "tutor-notes-window-js")], layout=w.Layout(width="100%"))
    root.add_class("rt-root")
    return root
