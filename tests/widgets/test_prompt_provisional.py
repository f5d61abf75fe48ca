"""Trial 41 (new user, item 3): a decision's prompt whose source is a provisional card showed the engine's raw tag,
"Player 1: Choose a Spirit for Wind Line C Stage 1 [provisional]'s Attack.", where every other line of the page shows the
quiet † mark. The actions panel's prompt line now turns the tag into the mark, as the action rows do."""
from __future__ import annotations

import ipywidgets as w

import tutor
from tutor.core.rng import Rng
from widgets.app import TutorApp
from widgets.panels import _walk


def test_a_provisional_source_in_a_prompt_shows_the_mark_not_the_tag():
    s = tutor.new_game("spirit-duels", players=2, seed=0, setup="draft")
    rng = Rng.from_seed(0)
    for _ in range(42):  # seed 0's random play: at step 42 a drafted Spirit's Attack asks which Spirit it hits
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    assert s.state.pending[-1].kind == "choose-spirit"
    app = TutorApp(s, one_screen=True)
    prompt = "".join(x.value for x in _walk(app.actions.widget) if isinstance(x, w.HTML) and "rt-prompt" in x.value)
    assert "[provisional]" not in prompt
    assert prompt == ('<div class="rt-prompt">Player 2: Choose a Spirit for Nature Line C Stage 1'
                      '<span class="rt-prov" title='
                      '"Provisional: this card value is our assumption; the rulebook does not print it.">\u2020</span>'
                      '&#x27;s Attack.</div>')
