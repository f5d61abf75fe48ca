"""A copied ability is said as the copier uses it (new-user trial 34): when Yotei copied Seone, the event read
"Choose a Light Spirit next to Seone", although the copy acts from Yotei's place (ruling rs.ruling.copy-is-copier)."""
from __future__ import annotations

import tutor
from rs_helpers import act, rs_session
from tutor.games.restless_spirits.effects_copy import as_copier


def test_yotei_copying_seone_says_next_to_yotei():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "yotei"}, {"card": "uji"}, None]},
        {"seat": 2, "board": [{"card": "seone"}, None, None]}]})
    act(s, "activate-ability", space=1, target=2)
    said = [e.text for st in s.history for e in st.events if e.clause == "rs.effect.copy"]
    assert said == ["Yotei copies Seone's ability and uses it at once as its own: Choose a Light Spirit next to "
                    "Yotei: it needs one Totem Requirement fewer."], said


def test_only_the_copied_spirits_own_name_is_replaced():
    cards = tutor.new_game("restless-spirits", players=2, seed=1).game.cards.by_id
    assert as_copier(cards["seone"], "Uji") == "Choose a Light Spirit next to Uji: it needs one Totem Requirement fewer."
    assert as_copier(cards["gonga"], "Yotei") == cards["gonga"].ability.text.replace("Gonga", "Yotei")
    assert as_copier(cards["takayama"], "Yotei") == cards["takayama"].ability.text  # its text does not name itself
