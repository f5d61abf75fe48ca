"""Look of the tutor: one ``<style>`` block (no CDN, no web fonts) and small HTML helpers shared by the views.

Colours follow the rulebook's Player Aid: Spirit actions purple, Totem actions green, Blessings gold, Curses red.
"""
from __future__ import annotations

import html
import re

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from tutor import fold_text

CSS = """
.rt-root { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  color: #1f1d2b; font-size: 14px; }
.rt-root h3 { margin: 4px 0 6px 0; font-size: 16px; }
/* text a user typed (a saved question's title, question, note and file name; a walkthrough's title, narration and
   teacher notes; the messages that echo them) breaks anywhere rather than run out of its box: an 80-character name
   with no space overflowed the FAQ explorer's card (trial 19) */
:is(.rt-faq-kicker, .rt-faq-q, .rt-faq-atext, .rt-faq-whatif, .rt-faq-mine-q, .rt-faq-saved, .rt-faq-problem,
  .tutor-faq-error, .rt-ptitle, .rt-ntext, .rt-nhead, .rt-notes, .rt-notsaved, .rt-saved, .tutor-notes-title,
  .tutor-notes-text, .tutor-notes-now, .tutor-notes-next, .rt-user-text) { overflow-wrap: anywhere; }
.rt-panel { background: #fbfaff; border: 1px solid #ddd6ee; border-radius: 10px; padding: 8px 10px; margin: 4px; }
.rt-banner { border-radius: 10px; padding: 8px 12px; margin: 0 0 8px 0; font-size: 17px; font-weight: 600;
  background: #5b2d90; color: #fff; }
.rt-banner small { font-weight: 400; opacity: .9; font-size: 13px; }
.rt-banner.rt-over { background: #8a6d00; }
.rt-table { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 8px; }
.rt-zone { background: #fff; border: 1px solid #e2ddef; border-radius: 8px; padding: 6px 8px; flex: 1 1 180px; }
.rt-zone.rt-wide { flex: 3 1 380px; }
.rt-zone.rt-full { flex: 1 1 100%; }
/* a reference panel folded to one line (a <details>): its heading and a summary, the rest on a click */
details.rt-ref > summary { cursor: pointer; font-size: 12.5px; color: #3d3850; list-style-position: inside; }
details.rt-ref > summary h4 { display: inline; margin: 0 4px 0 0; }
details.rt-ref[open] > summary { margin-bottom: 4px; }
.rt-space.rt-mini { min-height: 56px; }
.rt-zone h4, .rt-player h4 { margin: 0 0 4px 0; font-size: 12px; text-transform: uppercase; letter-spacing: .05em;
  color: #6a6484; }
.rt-row { display: flex; flex-wrap: wrap; gap: 4px; align-items: flex-start; margin: 2px 0; }
.rt-rowlabel { font-size: 11px; color: #6a6484; min-width: 42px; padding-top: 3px; }
.rt-chip { display: inline-block; border-radius: 12px; padding: 1px 8px; margin: 1px 0; font-size: 12.5px;
  border: 1px solid; white-space: nowrap; }
.rt-totem { background: #e6f4e8; border-color: #2e7d32; color: #1b4d1f; }
.rt-blessing { background: #fff3c4; border-color: #b8900c; color: #5c4600; }
.rt-curse { background: #fde3e3; border-color: #c62828; color: #7a1010; }
.rt-light { background: #f1eafc; border-color: #7c4dbc; color: #3d1f66; }
.rt-dark { background: #3b2456; border-color: #3b2456; color: #fff; }
.rt-muted { color: #625d73; font-size: 12px; }
/* a provisional value (the rulebook does not print it): a small, quiet dagger after the value itself (a Spirit's
   type or requirements, not its printed name), its reason on hover; the board's legend says what it means once */
.rt-prov { display: inline; font-size: 10px; font-weight: 400; line-height: 1; margin-left: 1px; color: #7d5e3c;
  cursor: help; vertical-align: super; }
.rt-dark .rt-prov { color: #d9c3a0; }
/* on a chip of a colour of its own (Spirited's clans and stacks, Spirit Duels' Classes, the draft's class cards, a
   face-down card) the mark takes the chip's own text colour, chosen to read on it, and a little weight: the brown
   mark was 1.1:1 on a red clan chip (trial 17) */
:is(.sp-clan, .sp-stack, .sd-cls, .sd-classcard, .sd-down, .sp-facedown, .sd-hidden) .rt-prov { color: inherit;
  font-weight: 700; }
.rt-dark .rt-muted { color: #d9cfee; }
.rt-players { display: flex; flex-wrap: wrap; gap: 8px; }
.rt-player { flex: 1 1 380px; background: #fff; border: 2px solid #e2ddef; border-radius: 10px; padding: 6px 8px; }
.rt-player.rt-current { border-color: #5b2d90; box-shadow: 0 0 0 3px #e3d6f7; }
.rt-phead { display: flex; justify-content: space-between; align-items: baseline; gap: 6px; flex-wrap: wrap;
  margin-bottom: 4px; }
.rt-pname { font-weight: 700; font-size: 15px; }
.rt-turn { background: #5b2d90; color: #fff; border-radius: 8px; padding: 0 6px; font-size: 11px; margin-left: 4px; }
.rt-stats { font-size: 12.5px; color: #3d3850; }
.rt-stats b { font-size: 14px; }
.rt-spaces { display: flex; gap: 6px; margin: 4px 0; }
.rt-space { flex: 1 1 0; min-height: 92px; border-radius: 8px; padding: 4px 6px; font-size: 12.5px; }
.rt-space.rt-empty { border: 1.5px dashed #cfc8e2; color: #6a6484; display: flex; align-items: center;
  justify-content: center; }
.rt-space.rt-light, .rt-space.rt-dark { border: 1.5px solid; }
.rt-sname { font-weight: 700; font-size: 13.5px; }
.rt-stype { font-size: 11.5px; opacity: .85; }
.rt-reqs { list-style: none; margin: 3px 0 0 0; padding: 0; }
.rt-reqs li { margin: 1px 0; }
.rt-met { color: #1b7a2a; font-weight: 600; }
.rt-dark .rt-met { color: #9ff0aa; }
.rt-unmet { opacity: .9; }
.rt-ability { font-size: 11px; opacity: .85; margin-top: 2px; }
.rt-tok { font-size: 11px; font-weight: 600; }
.rt-legend { font-size: 11.5px; color: #6a6484; margin-top: 6px; }
.rt-group-title { font-weight: 700; font-size: 13px; margin: 8px 0 2px 0; padding-left: 6px; border-left: 4px solid; }
.rt-g-spirit { border-color: #6b3fa0; color: #4a2577; }
.rt-g-totem { border-color: #2e7d32; color: #1b4d1f; }
.rt-g-blessing { border-color: #b8900c; color: #5c4600; }
.rt-g-curse { border-color: #c62828; color: #7a1010; }
.rt-g-turn, .rt-g-other { border-color: #6a6484; color: #3d3850; }
.rt-g-choice { border-color: #d97706; color: #7c3f00; }
.rt-prompt { background: #fff4e0; border: 1px solid #f0b35a; border-radius: 8px; padding: 6px 8px; font-weight: 600; }
.rt-agrid { flex-flow: row wrap; align-items: center; column-gap: 6px; overflow-x: hidden; overflow-x: clip; }
.rt-agrid > * { flex: 0 0 100%; }
/* a row: the action's Button, growing, then its chip; two Buttons never fit on one line (51% each), a Button and its chip always do */
.rt-agrid > .tutor-action { flex: 1 1 51%; min-width: 0; margin: 3px 0; }
.rt-agrid > .tutor-clause { flex: 0 1 auto; max-width: 44% !important; overflow: hidden; text-overflow: ellipsis; margin: 3px 0; }
.rt-blocked-text { font-size: 12px; color: #625d73; text-decoration: none; line-height: 1.3; }
.rt-blocked-text b { color: #77728a; }
/* A legal action is one Button: its caption (label and cost), then its "why" sentence (the Button's tooltip) below
   it in smaller type. */
.tutor-action.jupyter-button, .tutor-action.widget-button { height: auto; min-height: 28px; white-space: normal;
  text-align: left; border-radius: 7px; font-weight: 700; padding: 4px 10px; line-height: 1.25; font-size: 13px;
  background: #f7f5fb; color: #3d3850; border: 1px solid #dcd7e8; border-left: 5px solid #6a6484;
  box-shadow: none; }
/* A legal-action Button drawn after a click takes no pointer for its first 450 ms: the second click of a double click,
   landing on the Button drawn in place of the one clicked (the next player's "End your turn"), is not taken. */
@keyframes rt-arm { from { pointer-events: none; } to { pointer-events: none; } }
.tutor-action.jupyter-button, .tutor-action.widget-button { animation: rt-arm 450ms linear; }
.tutor-action.jupyter-button::after, .tutor-action.widget-button::after { content: attr(title); display: block;
  font-weight: 400; font-size: 12px; color: #55506a; margin-top: 2px; }
.tutor-action.jupyter-button:hover { background: #ece8f5; box-shadow: 0 1px 3px rgba(40, 20, 80, .18); }
.tutor-action.jupyter-button:disabled { opacity: .6; }
.tutor-action.rt-b-spirit { border-left-color: #6b3fa0; color: #4a2577; background: #f6f1fc; }
.tutor-action.rt-b-totem { border-left-color: #2e7d32; color: #1b4d1f; background: #f1f8f1; }
.tutor-action.rt-b-blessing { border-left-color: #d4a514; color: #5c4600; background: #fdf8e8; }
.tutor-action.rt-b-curse { border-left-color: #c62828; color: #7a1010; background: #fdf1f1; }
.tutor-action.rt-b-turn, .tutor-action.rt-b-other { border-left-color: #4b465e; color: #2c2838; }
.tutor-action.rt-b-choice { border-left-color: #d97706; color: #7c3f00; background: #fff6ea; }
/* an action that would do nothing now: quiet grey in every game (never a group's colour, which may be red) */
.tutor-action.tutor-action.rt-idle { border-left-color: #b9b4c8; color: #55506a; background: #f6f5f9;
  font-weight: 400; }
.tutor-clause.jupyter-button, .tutor-clause.widget-button { height: 22px; line-height: 20px; font-size: 11.5px;
  border-radius: 11px; padding: 0 8px; background: #eef0fb; color: #2f3a8f; border: 1px solid #b9c0ea;
  box-shadow: none; }
.tutor-clause.jupyter-button:hover { background: #dfe3fa; }
.tutor-blocked { opacity: .9; border-left: 3px solid #d5d1e0; padding-left: 6px; }
.rt-step { margin: 6px 0 2px 0; font-weight: 700; font-size: 13px; }
.rt-step small { font-weight: 400; color: #6a6484; }
.tutor-event { border-left: 3px solid #ece8f5; padding-left: 6px; }
.rt-ev { font-size: 12.5px; line-height: 1.35; }
.rt-glink { margin-left: 8px; font-size: 11px; color: #5b2d90; text-decoration: none; border: 1px solid #d9cdee;
  border-radius: 8px; padding: 0 6px; white-space: nowrap; }
.rt-glink:hover { background: #f1eafb; }
.rt-tag { display: inline-block; font-size: 10px; font-weight: 700; text-transform: uppercase; border-radius: 5px;
  padding: 0 4px; margin-right: 4px; }
.rt-auto { background: #e8eef8; color: #2d4a7a; }
.rt-ruling { background: #fff0d6; color: #8a4b00; }
.tutor-clause.rt-chip-ruling::before { content: "ruling"; background: #fff0d6; color: #8a4b00; font: 700 9px sans-serif; text-transform: uppercase; border-radius: 4px; padding: 0 3px; margin-right: 4px; }
.rt-tag.rt-provk { background: #fff7e0; color: #8a5a00; }
.rt-clause-card { background: #fff; border: 1px solid #c9c2e0; border-radius: 10px; padding: 8px 10px; }
.rt-clause-card .rt-ctitle { font-weight: 700; font-size: 15px; }
/* the clause's id, for teachers only: folded at the card's foot (learners see the summary line) */
.rt-clause-card .rt-cteach { margin-top: 4px; font-size: 12px; color: #6a6484; }
.rt-clause-card .rt-cteach > summary { cursor: pointer; width: max-content; }
.rt-clause-card .rt-cteach code { font-size: 11.5px; color: #3d3850; }
.rt-clause-card .rt-ctext { margin: 6px 0; line-height: 1.4; }
.rt-reason { background: #fff7e6; border-left: 3px solid #d97706; padding: 4px 6px; font-size: 12.5px; }
.rt-lesson { background: #fff; border: 1px solid #ddd6ee; border-radius: 10px; padding: 6px 12px; }
.rt-lesson p { margin: 4px 0; }
.rt-goal { background: #eef7ff; border: 1px solid #8ab4e8; border-radius: 8px; padding: 6px 10px; font-size: 15px;
  margin: 2px 0; }
.rt-goal b { color: #1d4f91; }
.rt-done { background: #e4f6e7; border: 2px solid #2e7d32; border-radius: 8px; padding: 6px 10px; font-size: 16px;
  font-weight: 700; color: #1b5e20; }
.rt-hint { background: #fffbea; border-left: 3px solid #d4a514; padding: 3px 8px; margin: 2px 0; font-size: 13px; }
.rt-scroll > * { flex-shrink: 0; }
.rt-hidden { display: none !important; }
.rt-actions > .rt-apart { display: none; }
/* the step log and the presenter's current step: a title, then per event its text and its chip on one line (the
   text takes at least 51%, so two texts never share a line); the log's lines fill from the bottom up */
.rt-log-steps, .rt-current-step { flex-flow: row wrap !important; align-items: center; column-gap: 6px; }
.rt-log-steps { flex-wrap: wrap-reverse !important; }
.rt-log-steps > *, .rt-current-step > * { flex: 0 0 calc(100% - 4px); min-width: 0; }  /* 100% less the 2px margins */
.rt-log-steps > .tutor-event, .rt-current-step > .tutor-event { flex: 1 1 51%; margin: 1px 0; }
.rt-log-steps > .tutor-clause, .rt-current-step > .tutor-clause { flex: 0 1 auto; max-width: 44% !important;
  overflow: hidden; text-overflow: ellipsis; margin: 1px 0 1px auto; }
.rt-log-steps > .rt-log-empty:not(:last-child) { display: none; }
.tutor-errors { color: #9b1c1c; font-size: 12.5px; }
.rt-bparts { display: flex; flex-wrap: wrap; gap: 8px; align-items: stretch; }
.rt-bparts > .rt-bpart { margin: 0; flex: 1 1 100%; min-width: 0; font-size: 14px; color: #1f1d2b; }
.rt-bparts > .rt-bpart-wide { flex: 3 1 380px; }
.rt-bparts > .rt-bpart-zone { flex: 1 1 180px; }
.rt-bparts > .rt-bpart-player { flex: 1 1 380px; }
.rt-bparts > .rt-bpart-style { display: none; }
.rt-bparts > .rt-bpart > .widget-html-content, .rt-bparts > .rt-bpart > .jupyter-widget-html-content {
  display: flex; flex-direction: column; }
.rt-bparts > .rt-bpart > .widget-html-content > *, .rt-bparts > .rt-bpart > .jupyter-widget-html-content > * {
  flex: 1 1 auto; margin: 0; }
.rt-clause-pop-head { display: none !important; }
/* Voila's page panels have contain: strict, whose layout and paint containment would pin a fixed element (the
   popped-out rule card) to the scrolled page instead of the window: keep only size and style containment */
#rendered_cells, #jp-main-content-panel { contain: size style !important; }
/* the popped-out rule card: bottom left, over the board or the log, never over the legal actions (right column) */
.rt-clause-float { position: fixed !important; left: 18px; bottom: 18px; z-index: 1000; width: 420px;
  max-width: calc(100vw - 36px); max-height: calc(100vh - 36px); overflow-y: auto !important; margin: 0 !important;
  box-shadow: 0 10px 30px rgba(40, 20, 80, .28), 0 0 0 1px #c9c2e0; background: #fbfaff;
  animation: rt-pop-in .14s ease-out; }
.rt-clause-float > .rt-clause-head { display: none !important; }
/* the one-screen table with a drawer open over the board (the rule search, the history, the lesson): a rule card
   popped out goes over the legal actions' column, beside the drawer, so neither covers the other */
.rt-onescreen .rt-main.rt-drawer-open.rt-drawer-open > .rt-clause-float { left: auto; right: 0; top: 0;
  width: clamp(300px, 31vw, 460px); max-width: clamp(300px, 31vw, 460px); max-height: 100%; }
.rt-clause-float > .rt-clause-pop-head { display: flex !important; }
/* a card taller than its room scrolls inside, its title line ("The rule" and ×) pinned at its top: no part of it is
   squeezed to nothing (trial 12, item 3: the title line was) */
.rt-clause-float > * { flex-shrink: 0 !important; }
.rt-clause-float > .rt-clause-pop-head { position: sticky; top: -8px; z-index: 1; background: #fbfaff;
  margin-top: -8px !important; padding-top: 8px; }
@keyframes rt-pop-in { from { opacity: 0; transform: translateY(8px); } to { opacity: 1; transform: none; } }
.rt-clause-pop-head { align-items: center; justify-content: space-between; }
.rt-pop-close.jupyter-button, .rt-pop-close.widget-button { height: 26px; width: 26px !important; padding: 0;
  border-radius: 13px; background: #eeeaf6; color: #3d1f66; font-size: 16px; line-height: 24px; box-shadow: none; }
.rt-pop-close.jupyter-button:hover { background: #ddd3f0; }
/* access (axe-core, tests/browser/test_a11y.py): tab captions and links readable, the keyboard's focus always seen */
.rt-root .lm-TabBar-tab, .rt-root .p-TabBar-tab { color: #3d3850 !important; }
/* a control whose label is read by screen readers but not shown (the control itself says what it is) */
.rt-sr-label > .widget-label, .rt-sr-only { position: absolute !important; width: 1px !important; height: 1px !important;
  overflow: hidden !important; clip: rect(0 0 0 0); white-space: nowrap; margin: 0 !important; padding: 0 !important; }
body[data-voila] .jp-MarkdownCell a, .rt-root p a, .rt-root li a:not([class]) { text-decoration: underline; }
.rt-root button:focus-visible, .rt-root select:focus-visible, .rt-root input:focus-visible,
.rt-root textarea:focus-visible, .rt-root a:focus-visible, .rt-root [tabindex]:focus-visible,
.rt-root .lm-TabBar-tab:focus-visible { outline: 3px solid #e65100 !important; outline-offset: 1px; }
/* a learn page that keeps the learner's place (progress store) does not say a reload loses the game */
.rt-kept .rt-reload-note { display: none; }
/* a busy sign where a panel takes more than a moment (widgets.style.busy_html): a turning ring and what is being made */
.rt-busy { display: flex; align-items: center; gap: 10px; padding: 14px 16px; margin: 8px 0; color: #3d3850;
  font-size: 14px; font-weight: 600; background: #f7f4fc; border: 1px dashed #b9aed3; border-radius: 10px; }
.rt-busy::before { content: ""; flex: 0 0 auto; width: 18px; height: 18px; border-radius: 50%;
  border: 3px solid #ddd3f0; border-top-color: #5b2d90; animation: rt-busy-turn .9s linear infinite; }
@keyframes rt-busy-turn { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .rt-busy::before { animation-duration: 3s; } }
"""


#: Layouts shared by many widgets (a Layout or a style object can serve any number of widgets): one model in the
#: page instead of one per widget. Never change a shared layout in place; use :func:`layout` only for fixed looks.
LAYOUTS = {
    "plain": {},
    # legal-action Buttons and clause chips: as wide as their caption
    "chip": {"width": "auto", "max_width": "100%"},
    # an event or blocked-action line: text, then its clause chip (wrapping when narrow)
    "line": {"align_items": "center", "flex_flow": "row wrap"},
    # a full-width Button whose caption wraps (FAQ list items)
    "item": {"width": "100%", "height": "auto"},
}
_SHARED: dict[object, w.Widget] = {}


def _shared(key: object, make) -> w.Widget:
    obj = _SHARED.get(key)
    if obj is None or obj.comm is None:  # never made, or closed (e.g. by Widget.close_all())
        obj = _SHARED[key] = make()
    return obj


def layout(name: str) -> w.Layout:
    """The shared Layout ``name`` of :data:`LAYOUTS` (one per kernel)."""
    return _shared(("layout", name), lambda: w.Layout(**LAYOUTS[name]))


def shared_style(cls: type) -> w.Widget:
    """One shared default style object of class ``cls`` (e.g. ``w.ButtonStyle``, ``HTMLStyle``)."""
    return _shared(("style", cls), cls)


def busy_html(text: str) -> str:
    """A busy sign (HTML, CSS class ``rt-busy``, ``role="status"``): a turning ring and ``text`` (escaped), e.g.
    "Making the mastery map…", shown where a panel is being made and replaced by the panel when it is ready."""
    return f'<div class="rt-busy" role="status" aria-live="polite">{esc(text)}</div>'


def page_script(js: str, cls: str) -> w.Output:
    """A hidden Output (CSS class ``cls``) whose only output runs ``js`` where the page runs notebook JavaScript
    (Voila, JupyterLab); elsewhere it shows nothing."""
    out = w.Output(layout=w.Layout(display="none"))
    out.add_class(cls)
    out.outputs = ({"output_type": "display_data", "metadata": {},
                    "data": {"application/javascript": js, "text/plain": ""}},)
    return out


def html_widget(value: str = "") -> w.HTML:
    """An HTML widget with the shared plain layout and style: one widget model instead of three."""
    return w.HTML(value, layout=layout("plain"), style=shared_style(HTMLStyle))


def box(children=(), name: str = "plain", cls: type = w.VBox, classes: tuple[str, ...] = ()) -> w.Box:
    """A box (VBox by default) with the shared layout ``name`` and the CSS classes ``classes`` (given at creation:
    no later update message)."""
    return cls(tuple(children), layout=layout(name), _dom_classes=classes)


def button(description: str, tooltip: str, name: str = "chip", classes: tuple[str, ...] = (), **kw) -> w.Button:
    """A Button with the shared layout ``name`` (as wide as its caption by default), the shared ButtonStyle and the
    CSS classes ``classes``; ``kw`` are more Button traits (``icon``, ``disabled``…)."""
    return w.Button(description=description, tooltip=tooltip, layout=layout(name),
                    style=shared_style(w.ButtonStyle), _dom_classes=classes, **kw)


def close_tree(*widgets: w.Widget) -> None:
    """Close ``widgets`` and every widget under them (children), so the kernel and the page forget them. Shared
    layouts and styles are not children: they stay open; so do widgets marked shared (:func:`mark_shared`, e.g. the
    clause chips that many rows show), which their owner closes."""
    for root in widgets:
        stack = [root]
        while stack:
            x = stack.pop()
            if getattr(x, "_rt_shared", False):
                continue
            stack.extend(getattr(x, "children", ()))
            x.close()


def mark_shared(widget: w.Widget, shared: bool = True) -> w.Widget:
    """Mark ``widget`` as shown in many places: :func:`close_tree` leaves it open (its owner closes it)."""
    widget._rt_shared = shared
    return widget


def style_widget() -> w.HTML:
    """The one widget that carries the tutor's CSS; put it once at the top of an app."""
    return w.HTML(f"<style>{CSS}</style>")


#: Bidirectional embedding, override and isolate controls: a name from a file holding one (U+202E) would turn the
#: page's own words after it around, so shown text drops them.
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


def plain(text: object) -> str:
    """``text`` for a widget that shows plain text (a button's caption or tooltip, a dropdown's choices), without
    bidirectional override controls (:data:`_BIDI`); not HTML-escaped (such widgets show text as text)."""
    return _BIDI.sub("", str(text))


def esc(text: object) -> str:
    """HTML-escape ``text`` (quotes too, so it is safe inside attributes), without bidirectional override
    controls (:data:`_BIDI`)."""
    return html.escape(plain(text), quote=True)


#: Most characters of a search box the pages look at: a browser may send a text of any length over the widget's
#: socket, and a 1 MB search took seconds per keystroke and came back whole in "No rule mentions “...”".
TYPED_LIMIT = 200


def typed(text: object) -> str:
    """What a page looks at of a text typed in a search box (the FAQ list, the rule search, the ability graph's Find
    and "How can A affect B"): folded as the tutor compares text (:func:`tutor.fold_text`: NFKC, so ``ＧＯＮＧＡ``
    is ``GONGA``; bidi controls such as U+202E and zero-width characters dropped), at most :data:`TYPED_LIMIT`
    characters, blanks at both ends left out before the cut (attack 27: 300 spaces and then "Nordheim" read as
    nothing)."""
    return fold_text(str(text or "").strip()[:TYPED_LIMIT * 2]).strip()[:TYPED_LIMIT]


def echo(text: object, limit: int = 60) -> str:
    """A typed text said back in the page (``No rule mentions “…”``, the FAQ's ``No scenario matches “…”`` and the
    question its address asks for): folded as the page reads it (:func:`typed`: a bidi control such as U+202E never
    turns the sentence around it, trial 24), other control characters left out, HTML-escaped (:func:`esc`), at most
    ``limit`` characters (longer ones end in ``…``)."""
    text = "".join(ch for ch in typed(text) if ch.isprintable())
    return esc(text if len(text) <= limit else text[:limit - 1] + "…")


#: The mark after a provisional value (CSS class ``rt-prov``, its reason on hover; the legend explains it).
PROV = "†"

#: The legend of the provisional mark, once per page (in the board's legend).
PROV_LEGEND = (f'<span class="rt-prov" title="A value the rulebook does not print: our assumption.">{PROV}</span> '
               "= provisional value, our assumption (hover a mark for why)")


#: The provisional mark's meaning on the folded key's own line, so the page says it once without a click.
PROV_SUMMARY = f'<span class="rt-prov">{PROV}</span> = a value the rulebook does not print (our assumption)'


def prov_badge(reasons: dict[str, str] | None, fields: tuple[str, ...] | None = None) -> str:
    """A small "provisional" badge whose tooltip gives the reasons (all of ``reasons``, or only ``fields``)."""
    if not reasons:
        return ""
    items = [(f, r) for f, r in reasons.items() if fields is None or f in fields]
    if not items:
        return ""
    tip = "\n".join(f"{f}: {r}" for f, r in items)
    return f'<span class="rt-prov" title="{esc("Provisional (not printed in the rulebook). " + tip)}">{PROV}</span>'


def prov_text(text: str) -> str:
    """Escape an engine sentence, turning its ``[provisional]`` marks into badges."""
    tip = "Provisional: this card value is our assumption; the rulebook does not print it."
    return esc(text).replace(" [provisional]", "[provisional]").replace(
        "[provisional]", f'<span class="rt-prov" title="{esc(tip)}">{PROV}</span>')


_CITED = re.compile(r"(?<!\s)\s*[\[(]([a-z]+\.[a-z0-9.-]+)[\])]")


def rule_text(text: str, clauses: dict) -> str:
    """An engine sentence that cites clauses by id (``"... [rs.buy]"``) as HTML for a learner: the ids go, the
    rules' titles follow in brackets unless the sentence names them already (``clauses``: id -> Clause), and
    ``[provisional]`` becomes the quiet mark."""
    titles: list[str] = []

    def cut(m) -> str:
        c = clauses.get(m.group(1))
        if c is None:
            return m.group(0)
        if c.title not in titles:
            titles.append(c.title)
        return ""
    plain = re.sub(r"(?<!\s)\s+([;.,])", r"\1", _CITED.sub(cut, str(text)))
    titles = [x for x in titles if x not in plain]  # a sentence naming the rule already ("by the rule <title>")
    return prov_text(plain) + (f' <span class="rt-muted">(rules: {esc("; ".join(titles))})</span>' if titles else "")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 step"``, ``"2 steps"`` (``many``: the plural when it is not ``word + "s"``)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def plain_label(text: str) -> str:
    """An engine sentence for a button caption or tooltip (plain text): its ``[provisional]`` marks become the
    provisional mark :data:`PROV` (the page's legend says what it means), so a provisional value still says so."""
    return text.replace(" [provisional]", PROV).replace("[provisional]", PROV)


#: Tags that sanitised Markdown may keep: what Markdown itself writes for text, lists, code, quotes, tables and links
#: (no images, no raw HTML: raw HTML in a file is shown as text).
MARKDOWN_TAGS = frozenset({"p", "br", "em", "strong", "code", "pre", "ul", "ol", "li", "blockquote", "h1", "h2", "h3",
                           "h4", "h5", "h6", "hr", "a", "del", "table", "thead", "tbody", "tr", "th", "td"})
#: Attributes kept per tag (no ``on*`` handler, no ``style``, no ``src``).
MARKDOWN_ATTRIBUTES = {"a": {"href", "title"}, "ol": {"start"}}
#: Most characters of Markdown rendered (a lesson intro is a few hundred); the rest is cut, saying so.
MARKDOWN_MAX_CHARS = 20_000
_LOCAL_URL = re.compile(r"(?!/)(?!.*\.\.)[A-Za-z0-9_.~/?=&#%+-]*")


#: Longest link kept in sanitised Markdown (characters); a longer one is shown as its text.
LOCAL_URL_MAX_CHARS = 500
#: Rounds of percent-decoding tried on a link; one still changing after these is refused (``%25252e``...).
_URL_DECODE_ROUNDS = 4


def local_url(url: str) -> bool:
    """True for a link that stays in the tutor's pages: a relative URL or a page anchor (``lesson-2``,
    ``?scenario=x``, ``#rules``), with no scheme (``https:``, ``javascript:``, ``data:``), no host
    (``//evil.example``), not from the site's root (``/hub/logout``) and never up a folder (``../``).

    The check is made on the link as written and again on it percent-decoded until it no longer changes (at most
    :data:`_URL_DECODE_ROUNDS` rounds; more is refused), with backslashes read as ``/``, because a browser resolves
    ``%2e%2e/``, ``.%2E/`` and ``..\\`` as ``../`` (WHATWG URL). At most :data:`LOCAL_URL_MAX_CHARS` characters."""
    from urllib.parse import unquote

    url = url if isinstance(url, str) else ""
    if len(url) > LOCAL_URL_MAX_CHARS or not _LOCAL_URL.fullmatch(url):
        return False
    seen = url
    for _ in range(_URL_DECODE_ROUNDS + 1):
        decoded = unquote(seen, errors="replace").replace("\\", "/")
        if decoded == seen:
            return bool(_LOCAL_URL.fullmatch(seen))
        seen = decoded
    return False


def _markdown_renderer():
    import mistune

    class Renderer(mistune.HTMLRenderer):
        """Markdown from a file: raw HTML escaped, an image shown as its alt text, an off-site link as its text."""

        def image(self, text: str, url: str, title=None) -> str:
            return text

        def link(self, text: str, url: str, title=None) -> str:
            return super().link(text, url, title) if local_url(url) else text

    return mistune.create_markdown(escape=True, renderer=Renderer(escape=True), plugins=["strikethrough", "table"])


_MD = None


def markdown(text: str) -> str:
    """Markdown from a content file (a lesson's ``intro``...) as sanitised HTML, safe to put in an HTML widget.

    Rendered with mistune with raw HTML escaped (``<script>`` shows as text), images shown as their alt text and links
    kept only when they stay in the tutor (:func:`local_url`: no ``http(s)``, ``javascript:``, ``data:`` or
    ``//host``; an off-site link becomes its plain text); then nh3 keeps only :data:`MARKDOWN_TAGS` with
    :data:`MARKDOWN_ATTRIBUTES` (no ``on*`` attribute, no ``style``, no ``src``, no URL with a scheme) and drops
    comments. Text beyond :data:`MARKDOWN_MAX_CHARS` characters is cut, saying so."""
    import nh3
    global _MD
    text = str(text)
    cut = ""
    if len(text) > MARKDOWN_MAX_CHARS:
        cut = f"<p>… ({len(text) - MARKDOWN_MAX_CHARS:,} more characters not shown)</p>"
        text = text[:MARKDOWN_MAX_CHARS]
    if _MD is None:
        _MD = _markdown_renderer()
    rendered = _MD(text)
    clean = nh3.clean(rendered, tags=set(MARKDOWN_TAGS), attributes={k: set(v) for k, v in MARKDOWN_ATTRIBUTES.items()},
                      url_schemes=set(), strip_comments=True, link_rel="noopener noreferrer",
                      clean_content_tags={"script", "style"},
                      attribute_filter=lambda tag, attr, value: (
                          value if attr != "href" or local_url(html.unescape(value)) else None))
    return clean + cut
