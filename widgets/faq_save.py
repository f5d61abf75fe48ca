"""What "Save as my question" (:mod:`widgets.faq_whatif`) does with a name longer than a file name may be, and what it
says when it has saved: words and CSS only (saving is :func:`tutor.faq.save_question`).

Trial 32 (1366x768): a 400-character name was cut to 80 by the browser without a word, and the confirmation, the whole
name in bold, grew to four lines over the form. Now the name box takes the kernel's bound for a one-line box, Save
keeps the name's first :data:`~tutor.safefile.NAME_MAX` characters and says so, and the confirmation shows a long
name by its start and end (the whole on hover), in a line or two beside the button, under it when the panel is
narrow or the name was shortened, the panel scrolled to show the form above it (:data:`SAVE_JS`). Stable CSS
classes: ``rt-faq-saved`` (the confirmation), ``rt-faq-shortened`` (its note that the name was shortened).
"""
from __future__ import annotations

from pathlib import Path

from tutor.faq import QUESTIONS_BYTES
from tutor.safefile import NAME_MAX, display_path, refuse_name_chars

from .faq_compare import when_text_changes
from .style import esc

#: Most characters of the saved file's name the confirmation shows (a longer one keeps its start and end).
SHOWN_NAME = 36

#: The height (px) of the pinned bar with the file name and Save, as laid out with no answer beside it.
BAR_H = 38

CSS = """
.rt-faq-save-bar { flex-wrap: wrap !important; }
.rt-faq-save-said:has(.rt-faq-saved) { flex: 1 1 200px; }
/* the longer answer of a shortened name: on its own line under the name and the button, as wide as the bar */
.rt-faq-save-said:has(.rt-faq-shortened) { flex: 1 0 100%; margin: 3px 0 0 0; }
.rt-faq-saved { overflow-wrap: anywhere; line-height: 1.35; }
/* the question to save and "replace a file of that name" stay whole above the pinned bar (ui40: after a what-if
   change at 1366x768 the comparison pushed that row half under the bar): the row is pinned too, right above it, the
   note scrolling under both; its box lays out its row and note as the panel's own, so the row may stick (not while
   the bar holds an answer, which makes it taller: Save scrolls the panel to its end then, SAVE_JS) */
.rt-faq-panel .rt-faq-save:not([style*="none"]) { display: contents !important; }
.rt-faq-panel .rt-faq-save > .widget-hbox:first-child { position: sticky; bottom: BARpx; z-index: 1;
  background: #fffdf6; margin-bottom: 0; box-shadow: 0 -6px 8px -6px rgba(80, 60, 0, .25); }
.rt-faq-panel .rt-faq-edit:has(.rt-faq-save-said :is(.rt-faq-saved, .tutor-faq-error))
  .rt-faq-save > .widget-hbox:first-child { position: static; }
.rt-faq-shortened { color: #4a3200; }
""".replace("BARpx", f"{BAR_H}px")

# Once per page: when what Save says changes (saved, or why not), the panel's scrolling section is scrolled to its
# end, where the bar with Save sits below the question and note boxes, so a taller answer covers none of them (the
# bar sticks to the section's foot: scrolled elsewhere, it lies over what is under it). No file, nothing fetched.
SAVE_JS = when_text_changes("tutorSaveInView", ".rt-faq-panel .rt-faq-save-said", "box.scrollTop = box.scrollHeight;")

def fit_name(typed: str) -> tuple[str, int]:
    """``(name, length typed)``: the file name ``typed`` in the Save box (stripped), cut to its first
    :data:`~tutor.safefile.NAME_MAX` characters when longer (without a ``.yaml`` ending, which the file gets anyway);
    the length is the stripped text's, to say it was shortened.

    Raises:
        ValueError: a longer name holding a character no name may have, wherever it is (the part cut off included:
            attack 34 saw a zero-width character refused before the 80th character and cut away after it).
    """
    said = str(typed).strip()
    if len(said) <= NAME_MAX:
        return said, len(said)
    refuse_name_chars(said)
    stem = said[:-5] if said.lower().endswith(".yaml") else said
    return stem[:NAME_MAX].rstrip(), len(said)


def exists_words(exc: FileExistsError, name: str, typed_len: int, what: str) -> str:
    """Why a save of ``name`` (the file name as saved) found its file there already: for a name shortened from
    ``typed_len`` characters, that its first :data:`~tutor.safefile.NAME_MAX` name ``what`` ("a question you saved")
    before, which a shortened name never replaces (attack trials 33 and 35); else the exception's own words."""
    if typed_len <= NAME_MAX:
        return str(exc)
    return (f"your name had {typed_len:,} characters and its first {NAME_MAX} name {what} before "
            f"({display_path(name + '.yaml', SHOWN_NAME)}); give a name of at most {NAME_MAX} characters")


def saved_html(path: Path, typed_len: int, crowded: list[str] | tuple[str, ...] = ()) -> str:
    """The confirmation after a save to ``path``: its file name (a long one by its start and end, whole on hover),
    where it is listed, that the name was shortened when ``typed_len`` (the typed name's length) was over
    :data:`~tutor.safefile.NAME_MAX`, and the older questions this save leaves unread (``crowded``: the folder's
    reasons, from :func:`tutor.faq.list_my_questions`, new since the save)."""
    whole = display_path(path.name)
    cut = ("" if typed_len <= NAME_MAX else
           f' <span class="rt-faq-shortened">Your name had {typed_len:,} characters: it was shortened to '
           f"{NAME_MAX}.</span>")
    if crowded:
        names = [c.split(":", 1)[0] for c in crowded]
        cut += (f' <span class="rt-faq-shortened">Your questions folder is full, so {len(names)} older question'
                f'{"s are" if len(names) > 1 else " is"} no longer listed ({esc(", ".join(names[:3]))}'
                f'{" …" if len(names) > 3 else ""}): the page reads the newest {QUESTIONS_BYTES // 1024} KB.</span>')
    return (f'<div class="rt-faq-saved" role="status" title="{esc(whole)}: in your saved questions folder">✓ Saved '
            f"as <b>{esc(display_path(path.name, SHOWN_NAME))}</b>, listed under <b>My questions</b>.{cut}</div>")
