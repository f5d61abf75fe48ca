"""The FAQ explorer's comparison of the two runs of a question (the rulebook's case and the learner's what-if), drawn
compact and scannable: a side-by-side table whose rows are only what differs (the steps played, each check or value
that came out otherwise, each rule that came into play in one run only), short lines, a long list of cards cut to
the cards that differ; then one line on the step the what-if could not play; then, folded, the rules both runs used
and every difference in full sentences.

Views only: the comparison itself is :func:`tutor.faq.compare` (:class:`tutor.faq_whatif.compare.Comparison`).
CSS classes: ``rt-cmp`` (the whole), ``rt-cmp-t`` (the table; a row ``rt-cmp-row``, its two cells ``rt-cmp-a`` and
``rt-cmp-b``), ``rt-cmp-stop`` (the step that cannot be played), ``rt-cmp-more`` (the folded parts).
"""
from __future__ import annotations

import re

from tutor import faq
from tutor.scenario_words import plain_label as unmarked

from .style import esc, plural, prov_text, rule_text

#: A list value longer than this many items is shown as the items that differ and a count of the others.
LIST_CUT = 3

_STATE = {"holds": ("✓", "yes"), "fails": ("✕", "no"), "not reached": ("…", "not reached")}
#: A check worded in the negative, read in the positive for the table's row (its two results swapped), so a row
#: never reads "“X” is not a legal action: ✕ no" (trial 38: a double negative).

CSS = """
.rt-cmp { background: #fff; border: 1px solid #eadba8; border-radius: 8px; padding: 4px 8px 6px 8px; margin-top: 6px;
  font-size: 12.5px; line-height: 1.35; }
.rt-cmp-t { width: 100%; border-collapse: collapse; table-layout: fixed; }
.rt-cmp-t th, .rt-cmp-t td { text-align: left; vertical-align: top; padding: 2px 6px; overflow-wrap: anywhere; }
.rt-cmp-t thead th { font-size: 11px; text-transform: uppercase; letter-spacing: .04em; color: #4a2577;
  border-bottom: 1px solid #eadba8; }
.rt-cmp-t thead th.rt-cmp-a { background: #f4f0fb; } .rt-cmp-t thead th.rt-cmp-b { background: #fff4e0; }
.rt-cmp-t tbody th { font-weight: 600; color: #2b1650; width: 34%; }
.rt-cmp-t tbody tr + tr > * { border-top: 1px solid #f1ecdf; }
.rt-cmp-t td.rt-cmp-a { background: #faf8fe; } .rt-cmp-t td.rt-cmp-b { background: #fffaf0; }
.rt-cmp-when { font-weight: 400; color: #6a6484; font-size: 11.5px; }
.rt-cmp-yes { color: #1b5e20; font-weight: 700; } .rt-cmp-no { color: #9b1c1c; font-weight: 700; }
.rt-cmp-same { color: #6a6484; }
.rt-cmp-t b { background: #ffe9b8; border-radius: 3px; padding: 0 2px; font-weight: 700; }
.rt-cmp-stop { color: #7a1010; background: #fdf1f1; border-radius: 6px; padding: 2px 8px; margin-top: 4px; }
.rt-cmp-yours { font-style: italic; }
.rt-cmp-more { margin-top: 3px; }
.rt-cmp-more > summary { cursor: pointer; color: #5b2d90; font-weight: 600; font-size: 12px; }
.rt-cmp-more ul { margin: 2px 0; padding-left: 18px; } .rt-cmp-more li { margin: 1px 0; }
.rt-cmp-none { color: #1b5e20; }
"""


def _cut(mine: str, other: str) -> str:
    """A list value in words (``"A, B, C"``) against the other run's: past :data:`LIST_CUT` items, only the items the
    other run lacks (bold) and how many the two share; else the whole list, the differing items bold."""
    a, b = mine.split(", "), other.split(", ")
    if (len(a) <= 1 and len(b) <= 1) or any(x.startswith("or ") for x in a + b):  # one value, or a sentence of choices
        return esc(mine)
    only = [x for x in a if x not in b]
    if len(a) <= LIST_CUT:
        return ", ".join(f"<b>{esc(x)}</b>" if x in only else esc(x) for x in a)
    same = len(a) - len(only)
    shown = ", ".join(f"<b>{esc(x)}</b>" for x in only) or "the same cards"
    return shown + (f' <span class="rt-cmp-same">+ {same} the same</span>' if only and same else "")


def _when(seen: str) -> str:
    """Where a what-if value was read, short: ``"(after step 1)"`` (the run stopped before the check's step)."""
    m = re.search(r"after step (\d+)", seen)
    return f"(after step {m.group(1)})" if m else "(at the start)"


def _state(state: str) -> str:
    mark, words = _STATE.get(state, ("", state))
    cls = "rt-cmp-yes" if state == "holds" else "rt-cmp-no" if state == "fails" else "rt-cmp-same"
    return f'<span class="{cls}">{mark} {esc(words)}</span>'


def _row(head: str, a: str, b: str) -> str:
    return f'<tr class="rt-cmp-row"><th>{head}</th><td class="rt-cmp-a">{a}</td><td class="rt-cmp-b">{b}</td></tr>'


def _played(r) -> str:
    return f"all {plural(r.total, 'step')}" if r.done == r.total else f"{r.done} of {plural(r.total, 'step')}"


def rows(c: faq.Comparison) -> list[str]:
    """The table's rows (HTML), what differs only: the steps played (when they differ), every check whose result or
    value differs (a value's row names what it is and, when the what-if stopped before the check, where it was
    read), and every rule that came into play in one run only."""
    out = []
    a, b = c.original, c.what_if
    if (a.done, a.total) != (b.done, b.total) or b.stop is not None:
        stop = f' <span class="rt-cmp-no">· stops at step {b.stop.step}</span>' if b.stop else ""
        out.append(_row("Steps played", esc(_played(a)), esc(_played(b)) + stop))
    for ch in c.changes:
        when = f' <span class="rt-cmp-when" title="{esc(ch.seen.strip(" ()"))}">{esc(_when(ch.seen))}</span>' \
            if ch.seen else ""
        # "(after step 1)" says where the what-if's value was read (its run stopped before the check's step): it
        # sits in the what-if's cell, as the rulebook's value is read at the check's own step (trial 15: the row's
        # label said "after step 1" over a rulebook value of the end of the script)
        if ch.original_value or ch.what_if_value:
            label = ch.label or (ch.line.split(": ")[0] if ": " in ch.line else ch.line)
            va = _cut(ch.original_value, ch.what_if_value) if ch.original_value else _state(ch.original)
            vb = _cut(ch.what_if_value, ch.original_value) if ch.what_if_value else _state(ch.what_if)
            out.append(_row(esc(label), va, vb + when))
        else:
            line, ra, rb = ch.in_positive()
            out.append(_row(esc(line), _state(ra), _state(rb) + when))
    for cid in c.only_original:
        out.append(_row(f"Rule “{esc(c.titles.get(cid, cid))}”", '<span class="rt-cmp-yes">comes into play</span>',
                        '<span class="rt-cmp-same">does not</span>'))
    for cid in c.only_what_if:
        out.append(_row(f"Rule “{esc(c.titles.get(cid, cid))}”", '<span class="rt-cmp-same">does not</span>',
                        '<span class="rt-cmp-yes">comes into play</span>'))
    return out


def marked(names: dict[str, str], session) -> dict[str, str]:
    """``names`` (card id -> name, for the what-if's sentences) with each card of ``session``'s game that has a
    provisional value named ``"<name> [provisional]"`` (newuser45: "moved Drum from ..." lacked the "†" its chip has
    on the board; :func:`widgets.style.prov_text` makes the mark "†")."""
    cards = getattr(getattr(getattr(session, "game", None), "cards", None), "by_id", None) or {}
    return {k: (f"{v} [provisional]" if getattr(cards.get(k), "provisional", None) else v) for k, v in names.items()}


def stop_step(c: faq.Comparison) -> str:
    """The step the what-if could not play (``c.what_if.stop``), as the rulebook's case took it, its provisional
    values marked ``[provisional]`` as the script's line marks them (newuser45: "Give up Drum (single) for Key
    (single)" lacked the "†" of "Buy Key (single)†"); the stop's own words when the rulebook's case did not take it."""
    stop, took = c.what_if.stop, c.original.session.history
    label = took[stop.step - 1].action.label if stop.step <= len(took) else ""
    return label if label and unmarked(label) == stop.action else stop.action


def compare_html(c: faq.Comparison | None, known: dict, change: str = "") -> str:
    """The comparison ``c`` as HTML (``""`` for none): the table of what differs (:func:`rows`), the step the what-if
    could not play in one line, naming ``change`` (the learner's changes in words, when given) as what it follows
    from, then folded: the rules both runs used, and every difference in sentences (with what could be played
    instead). ``known``: clause id -> Clause, for the rules' titles (a learner never sees an id)."""
    if c is None:
        return ""
    body = rows(c)
    head = ('<thead><tr><th>What differs</th><th class="rt-cmp-a">Rulebook\'s case</th>'
            '<th class="rt-cmp-b">Your what-if</th></tr></thead>')
    table = (f'<table class="rt-cmp-t">{head}<tbody>{"".join(body)}</tbody></table>' if body else
             '<div class="rt-cmp-none"><b>Your what-if</b> and the rulebook\'s case: nothing differs. The same rules '
             "come into play and every check comes out the same.</div>")
    stop = c.what_if.stop
    why = ""
    if stop is not None:
        # named after the learner's own change, the cause of every difference (ui45, new-user trial: the line
        # named a rule of the rulebook's step as its cause, never what the learner changed)
        yours = f' after your change (<span class="rt-cmp-yours">{prov_text(change)}</span>)' if change else ""
        why = (f'<div class="rt-cmp-stop">Step {stop.step} ({prov_text(stop_step(c))}) cannot be played{yours}: '
               f'{rule_text("; ".join(stop.why), known)}.</div>')
    both = [cid for cid in c.original.fired if cid in c.what_if.fired]
    more = ""
    if both:
        more += (f'<details class="rt-cmp-more"><summary>Rules both runs used ({len(both)})</summary>'
                 + " · ".join(esc(c.titles.get(cid, cid)) for cid in both) + "</details>")
    if body or c.opening:  # (with nothing different, the line above says it all)
        said = "".join(f"<li>{rule_text(x, known)}</li>" for x in c.sentences())
        more += f'<details class="rt-cmp-more"><summary>Every difference, in sentences</summary><ul>{said}</ul></details>'
    return f'<div class="rt-cmp">{table}{why}{more}</div>'


# Once per page (with the board's fit script, :func:`widgets.faq_table.board_fit`): when the what-if's comparison
# (``.rt-cmp``) is new or changes and is not whole in view inside the panel's scrolling section, the section scrolls
# to bring its top into view (trial 27: at 1024x768, after "Move", the table was cut at "Totem goes" and the reason
# the step cannot be played was out of view: the effect of the click needed a scroll), and its line saying the step
# cannot be played (``.rt-cmp-stop``) whole above the rows pinned at the section's foot (the question row and the Save
# bar, clear of their 8 px shadow; newuser45: the line lay cut under them), that line first when both do not fit. Nothing else moves; a learner
# who scrolls up to change more keeps the place until the comparison changes again.
def when_text_changes(flag: str, selector: str, act: str) -> str:
    """A page script (JavaScript, once per page: ``window[flag]``) that, each time the text of the first shown
    element matching ``selector`` is new and not empty, runs ``act`` with ``el`` (that element) and ``box`` (its
    nearest parent that scrolls, never null there). No file, nothing fetched."""
    return """
(function () {
  if (window.%(flag)s) { return; }
  window.%(flag)s = true;
  var seen = '';
  function scroller(e) {
    for (var p = e.parentElement; p; p = p.parentElement) {
      var o = getComputedStyle(p).overflowY;
      if ((o === 'auto' || o === 'scroll') && p.scrollHeight > p.clientHeight + 1) { return p; }
    }
    return null;
  }
  function check() {
    var el = [].slice.call(document.querySelectorAll('%(selector)s')).filter(function (e) {
      return e.getClientRects().length; })[0];
    var now = el ? el.textContent : '';
    if (now === seen) { return; }
    seen = now;
    var box = now && scroller(el);
    if (!box) { return; }
    %(act)s
  }
  var queued = false;
  new MutationObserver(function () {
    if (queued) { return; }
    queued = true;
    requestAnimationFrame(function () { queued = false; check(); });
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
})();
""" % {"flag": flag, "selector": selector, "act": act}


COMPARE_JS = when_text_changes("tutorCompareInView", ".rt-faq-panel .rt-cmp", (
    "var r = el.getBoundingClientRect(), b = box.getBoundingClientRect(), foot = b.bottom;\n"
    "    [].forEach.call(box.querySelectorAll('.rt-faq-save > .widget-hbox:first-child, .rt-faq-save-bar'), function (x) {\n"
    "      if (x.getClientRects().length && getComputedStyle(x).position === 'sticky') {\n"
    "        foot = Math.min(foot, x.getBoundingClientRect().top); }\n"
    "    });\n"
    "    var stop = el.querySelector('.rt-cmp-stop'), end = stop ? stop.getBoundingClientRect().bottom : r.bottom;\n"
    "    if (r.top >= b.top - 1 && end <= foot - 8) { return; }\n"
    "    var by = r.top - b.top - 8;\n"
    "    if (stop && end - by > foot - 8) { by = end - foot + 12; }\n"
    "    box.scrollTop += by;"))
