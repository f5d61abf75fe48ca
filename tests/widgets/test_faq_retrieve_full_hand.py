"""Trial 23 (shots 95-96): retrieving from the Shrine with a full hand asked which Totem to give up before the
Shrine's Totems were shown. In the FAQ explorer the question ruling-retrieve-at-hand-limit now shows the Shrine
choice first, then the give-up, citing the ruling (rs.ruling.retrieve-at-limit) by its title."""
from __future__ import annotations

import ipywidgets as w

from widgets import FaqExplorer
from widgets.panels import _walk


def _panel(ex: FaqExplorer) -> tuple[str, list[str]]:
    """The decision panel's prompt line and its buttons' words (choices and clause chips, in order)."""
    widgets = list(_walk(ex.app.actions.widget))
    prompt = [x.value for x in widgets if isinstance(x, w.HTML) and "rt-prompt" in x.value]
    return "".join(prompt), [x.description for x in widgets if isinstance(x, w.Button)]


def test_the_shrine_totems_are_chosen_before_the_totem_given_up():
    ex = FaqExplorer("ruling-retrieve-at-hand-limit")
    ex.next.click()  # retrieve: the top 3 of the Shrine are shown at once, whatever the hand holds
    prompt, buttons = _panel(ex)
    assert prompt == ('<div class="rt-prompt">Player 1: Choose the Shrine Totem you keep; the others go to the '
                      'discard pile.</div>')
    assert buttons == ["Keep Spirit Cloak (single)\u2020", "\u00a7 Retrieve a Totem from the Shrine (1 AP)",
                       "Keep Timeweaver Thread (single)\u2020", "\u00a7 Retrieve a Totem from the Shrine (1 AP)",
                       "Keep Lantern (single)\u2020", "\u00a7 Retrieve a Totem from the Shrine (1 AP)"]
    ex.next.click()  # keep Timeweaver Thread: only now the Totem to give up, from the 7 already held
    prompt, buttons = _panel(ex)
    assert prompt == '<div class="rt-prompt">Player 1: Your hand is full (7 cards): choose a Totem to give up.</div>'
    assert buttons[::2] == [f"Give up {t} (single)\u2020 for Timeweaver Thread (single)\u2020"  # what it is for
                            for t in ("Spirit Cloak", "Timeweaver Thread", "Lantern", "Bell", "Feather", "Mirror",
                                      "Drum")]
    assert set(buttons[1::2]) == {"\u00a7 Taking from the Shrine at the hand limit"}
    ex.next.click()  # give up Drum: the chosen Totem joins the hand, the other two go to the Totem discard pile
    s = ex.app.session.state
    assert s.players[0].hand == ["t01", "t02", "t03", "t04", "t05", "t06", "t22"]
    assert s.shrine == ["t20"] and s.totem_discard == ["t07", "t23", "t21"] and not s.pending
