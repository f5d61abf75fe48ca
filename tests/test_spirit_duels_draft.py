"""Spirit Duels draft set-up (What's Next? Drafting; Forming Your Team; Building Your Deck): the Class card data,
the 1-2-2-1 Class draft keyed to the Advantage Token, one Spirit Line per drafted Class (casual and competitive),
the 30-card deck, the way into the first round, options, invariants and random full drafted games."""
from __future__ import annotations

import re
from collections import Counter

import pytest
import yaml

import tutor
from tutor.core.content import content_root
from tutor.games.spirit_duels import SpiritDuels
from tutor.games.spirit_duels.cards import CLASS_ABILITY
from tutor.games.spirit_duels.loading import load_cards
from tutor.games.spirit_duels.draft import draft_deck

CARDS = content_root() / "spirit-duels" / "cards.yaml"
PREBUILT_LINES = {"tychomp", "pawnite", "zuja", "binx", "pruni", "shark-1"}


def new(seed=1, **kw):
    return tutor.new_game("spirit-duels", players=2, seed=seed, setup="draft", **kw)


def act(s, kind, **params):
    hits = [a for a in s.legal_actions() if a.kind == kind and all(a.param(k) == v for k, v in params.items())]
    assert len(hits) == 1, f"{kind} {params}: {[a.id for a in s.legal_actions()]}"
    return s.apply(hits[0])


def draft(s, first, second):
    """Draft Classes: ``first`` (3) for the player without the Advantage Token, ``second`` for the holder."""
    a, b = list(first), list(second)
    for k in (a, b, b, a, a, b):
        act(s, "draft-class", **{"class": k.pop(0)})


# -- card data ------------------------------------------------------------------------------------------------------
def test_nine_classes_with_three_lines_six_basics_and_four_specials_per_line():
    cards, _ = load_cards()
    assert [c.id for c in cards.classes] == ["arcane", "earth", "electric", "fire", "ice", "nature", "toxic",
                                             "water", "wind"]
    assert CLASS_ABILITY == {"arcane": "drain", "earth": "armor", "electric": "zap", "fire": "burn",
                             "ice": "freeze", "nature": "heal", "toxic": "poison", "water": "splash", "wind": "lift"}
    assert len(cards.lines) == 27 and len({ln for c in cards.classes for ln in c.lines}) == 27
    for cl in cards.classes:
        assert len(cl.lines) == 3 and all(cards.line_by_id[ln].cls == cl.id for ln in cl.lines)
        assert len(cl.basic) * cl.copies == 6
        for ln in cl.lines:
            assert len(cards.specials(ln)) * cl.copies == 4
    assert cards.class_by_id["fire"].lines == ("tychomp", "fire-b", "fire-c")
    assert cards.class_by_id["fire"].basic == ("searing-strike", "focus-fire", "inferno-brew")
    assert cards.class_by_id["water"].lines[0] == "shark-1"
    assert cards.specials("tychomp") == ("incinerate", "fire-breathing")


def test_placeholders_are_marked_provisional_and_rulebook_names_are_not():
    cards, _ = load_cards()
    for ln in cards.lines:
        placeholder = ln.id not in PREBUILT_LINES
        assert ("name" in ln.provisional) == placeholder, ln.id
        for sp in ln.spirits:
            assert ("name" in sp.provisional) == placeholder, sp.id
            assert {"health", "dice", "magic", "essence", "presence"} <= set(sp.provisional)
            if len(sp.classes) > 1:
                assert "classes" in sp.provisional
            if sp.ability:
                assert "ability" in sp.provisional
    ice = cards.line_by_id["ice-a"]
    assert (ice.name, [sp.name for sp in ice.spirits]) == ("Ice Line A", [
        "Ice Line A Stage 1", "Ice Line A Stage 2", "Ice Line A Stage 3"])
    assert cards.by_id["ice-a1"].health == 4 and cards.by_id["ice-a1"].dice == ("magic-1", "attack-1")
    new_names = {c.id for c in cards.cards if "name" in c.provisional}
    assert len(new_names) == 42 + 9  # Specials of 21 placeholder Lines, Basics of Ice, Toxic and Wind
    assert "searing-strike" not in new_names and "ice-basic-1" in new_names
    for c in cards.cards:
        assert {"cost", "text"} <= set(c.provisional), c.id
    assert set(cards.class_by_id["ice"].provisional) == {"lines", "basic"}
    assert set(cards.class_by_id["fire"].provisional) == {"lines"}


def test_placeholder_names_say_what_the_card_is():
    """Trial 42: placeholder names read like ids ("Earth B1", "Wind Basic 1"). A placeholder Spirit is named by its
    Class, Line and Stage, a placeholder card by its Class, Line, rarity and kind; the provisional mark stays."""
    cards, _ = load_cards()
    assert cards.by_id["earth-b1"].name == "Earth Line B Stage 1" and "name" in cards.by_id["earth-b1"].provisional
    assert cards.by_id["wind-c3"].name == "Wind Line C Stage 3"
    assert cards.by_id["wind-basic-1"].name == "Wind Basic Move 1" and "name" in cards.by_id["wind-basic-1"].provisional
    assert cards.by_id["wind-basic-3"].name == "Wind Basic Item"
    assert cards.by_id["fire-b-special-1"].name == "Fire Line B Special Move"
    assert cards.by_id["fire-b-special-2"].name == "Fire Line B Special Trait"
    id_like = re.compile(r"\b[A-C][0-9]\b|\b(Basic|Special) [0-9]$")
    named = [sp.name for ln in cards.lines for sp in ln.spirits] + [c.name for c in cards.cards]
    assert [n for n in named if id_like.search(n)] == []


def test_drafting_the_prebuilt_classes_and_lines_gives_the_prebuilt_decks():
    g = new().game
    assert draft_deck(g, ["fire", "earth", "arcane"], ["tychomp", "pawnite", "zuja"]) == g.team_cards("fire")
    assert draft_deck(g, ["electric", "nature", "water"], ["binx", "pruni", "shark-1"]) == g.team_cards("electric")
    ice = draft_deck(g, ["ice", "toxic", "wind"], ["ice-b", "toxic-c", "wind-a"])
    assert sum(ice.values()) == 30 and set(ice.values()) == {2}
    assert ice["ice-basic-3"] == 2 and ice["toxic-c-special-1"] == 2 and "ice-a-special-1" not in ice


# -- the draft ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed,holder", [(1, 1), (2, 0)])
def test_class_picks_go_1_2_2_1_from_the_player_without_the_token(seed, holder):
    s = new(seed)
    assert s.state.advantage == holder and s.state.phase == "draft"
    assert [e.clause for e in s.setup_events][:3] == ["sd.draft.classes", "sd.draft.advantage", "sd.draft.order"]
    order = []
    for cl in ("fire", "water", "ice", "earth", "toxic", "wind"):
        order.append(s.current_player)
        assert s.state.pending[-1].kind == "draft-class"
        assert len(s.legal_actions()) == 9 - len(order) + 1
        act(s, "draft-class", **{"class": cl})
    other = 1 - holder
    assert order == [other, holder, holder, other, other, holder]
    assert s.state.players[other].classes == ["fire", "earth", "toxic"]
    assert s.state.players[holder].classes == ["water", "ice", "wind"]
    assert s.state.draft.left == ["arcane", "electric", "nature"]
    assert s.current_player == other and s.state.pending[-1].kind == "draft-line"


def test_a_taken_class_is_blocked_and_refused():
    s = new(1)
    assert s.blocked_actions() == []
    act(s, "draft-class", **{"class": "fire"})
    (b,) = s.blocked_actions()
    assert (b.kind, b.actor, b.clause) == ("draft-class", 1, "sd.draft.taken")
    assert b.why == "Draft Fire (Burn): Player 1 already drafted it; each Class card can be taken only once"
    before = s.to_json()
    with pytest.raises(tutor.IllegalAction):
        s.apply("draft-class:class=fire")
    assert s.to_json() == before
    a = next(x for x in s.legal_actions() if x.param("class") == "ice")
    assert a.label == "Draft Ice (Freeze)" and a.clauses == ("sd.draft.pick", "sd.draft.order")
    assert a.why.startswith("Draft pick 2 of 6 in the 1-2-2-1 order: you hold the Advantage Token")


def test_casual_lines_one_per_class_hidden_then_revealed():
    s = new(1)  # Player 2 holds the token: Player 1 drafts first and chooses Lines first
    draft(s, ["fire", "electric", "nature"], ["earth", "arcane", "water"])
    ids = {a.param("line") for a in s.legal_actions()}
    assert ids == {"tychomp", "fire-b", "fire-c", "binx", "electric-b", "electric-c", "pruni", "nature-b", "nature-c"}
    labels = {a.param("line"): a.label for a in s.legal_actions()}
    assert labels["tychomp"] == "Choose Tychomp Line (Fire): Tychomp, Tynagma, Magmaros"
    assert labels["fire-b"] == ("Choose Fire Line B (Fire): Fire Line B Stage 1, Fire Line B Stage 2, "
                                "Fire Line B Stage 3 [provisional]")
    step = act(s, "choose-line", line="fire-b")
    assert [e.text for e in step.events] == ["Player 1 chooses a Spirit Line for one of their Classes and keeps it "
                                             "hidden (1 of 3 chosen)."]
    assert "fire-b" not in " ".join(e.text for e in step.events)
    assert {a.param("line") for a in s.legal_actions()} == {"binx", "electric-b", "electric-c", "pruni", "nature-b",
                                                            "nature-c"}
    blocked = {(b.label, b.clause) for b in s.blocked_actions()}
    assert ("Choose Tychomp Line", "sd.lines.one-per-class") in blocked
    assert ("Choose an Earth Spirit Line", "sd.lines.own-classes") in blocked
    assert ("Choose an Ice Spirit Line", "sd.lines.own-classes") in blocked
    act(s, "choose-line", line="binx")
    act(s, "choose-line", line="nature-c")
    assert s.current_player == 1 and s.state.draft.revealed is False
    act(s, "choose-line", line="pawnite")
    act(s, "choose-line", line="arcane-c")
    step = act(s, "choose-line", line="water-b")
    reveal = next(e for e in step.events if e.text.startswith("Both players reveal"))
    assert reveal.clause == "sd.lines.casual"
    assert reveal.text == ("Both players reveal their teams at the same time: Player 1: Fire Line B [provisional], "
                           "Binx Line, Nature Line C [provisional]; Player 2: Pawnite Line, Arcane Line C "
                           "[provisional], Water Line B [provisional].")
    assert [sl.line for sl in s.state.players[0].spirits] == ["fire-b", "binx", "nature-c"]
    assert s.state.draft is None and s.state.phase == "setup" and s.state.pending[-1].kind == "mulligan"


def test_competitive_lines_alternate_and_are_revealed_at_once():
    s = new(2, lines="competitive")  # Player 1 holds the token: Player 2 starts
    draft(s, ["fire", "electric", "nature"], ["earth", "arcane", "water"])
    seats = []
    for line in ("tychomp", "pawnite", "binx", "zuja", "pruni", "shark-1"):
        seats.append(s.current_player)
        step = act(s, "choose-line", line=line)
        assert step.events[0].clause == "sd.lines.competitive"
    assert seats == [1, 0, 1, 0, 1, 0]
    assert step.events[0].text == ("Player 1 chooses the Shark 1 Line for Water and reveals it: Shark 1, Arcjaw, "
                                   "Galvadon (3 of 3 chosen).")
    g = s.game
    # Player 2 drafted Fire, Electric, Nature; Player 1 drafted Earth, Arcane, Water with the pre-built Lines
    assert Counter(s.state.players[0].deck + s.state.players[0].hand) == draft_deck(
        g, ["earth", "arcane", "water"], ["pawnite", "zuja", "shark-1"])


def test_deck_of_30_then_first_match_setup_and_the_draft_advantage_is_kept():
    s = new(1)
    draft(s, ["fire", "earth", "arcane"], ["ice", "toxic", "wind"])
    for line in ("tychomp", "pawnite", "zuja", "ice-c", "toxic-a", "wind-b"):
        step = act(s, "choose-line", line=line)
    builds = [e.text for e in step.events if e.clause == "sd.deck.build"]
    assert builds == ["Player 1 builds a 30-card deck: the 18 Basic cards of Fire, Earth, Arcane and the 12 Special "
                      "cards of Tychomp Line, Pawnite Line, Zuja Line.",
                      "Player 2 builds a 30-card deck: the 18 Basic cards of Ice, Toxic, Wind and the 12 Special "
                      "cards of Ice Line C, Toxic Line A, Wind Line B."]
    p1, p2 = s.state.players
    assert Counter(p1.deck + p1.hand) == s.game.team_cards("fire")
    assert len(p2.deck) == 25 and len(p2.hand) == 5 and p2.team is None
    assert [sl.stage for sl in p2.spirits] == [1, 1, 1]
    act(s, "keep-hand")
    step = act(s, "keep-hand")
    texts = {e.clause: e.text for e in step.events}
    assert texts["sd.draft.advantage"] == "Player 2 keeps the Advantage Token given at random before the draft."
    assert "sd.setup.advantage" not in texts
    assert s.state.phase == "action" and s.state.advantage == 1 and s.current_player == 1
    assert [p.essence for p in s.state.players] == [2, 2]
    activate = next(a for a in s.legal_actions() if a.kind == "activate" and a.param("spirit") == 1)
    assert activate.label == "Activate Ice Line C Stage 1 [provisional] (roll Level 1 Magic die, Level 1 Attack die)"
    assert s.game.check_invariants(s.state) == []


def test_the_rng_is_the_sessions_own():
    a, b = new(7), new(7)
    for s in (a, b):
        draft(s, ["ice", "toxic", "wind"], ["fire", "earth", "arcane"])
        for line in ("ice-a", "toxic-a", "wind-a", "tychomp", "pawnite", "zuja"):
            act(s, "choose-line", line=line)
    assert a.state.players[0].hand == b.state.players[0].hand and a.state.rng == b.state.rng
    dealt = a.state.players[0].deck + a.state.players[0].hand
    assert sorted(dealt) != dealt  # shuffled by the session's generator


def test_json_round_trip_and_undo_in_the_draft():
    s = new(3, lines="competitive")
    act(s, "draft-class", **{"class": "wind"})
    text = s.to_json()
    again = tutor.load_session(text)
    assert again.to_json() == text and again.game.options["lines"] == "competitive"
    before = s.state.model_dump()
    act(s, "draft-class", **{"class": "ice"})
    s.undo()
    assert s.state.model_dump() == before
    s.redo()
    assert s.state.players[s.state.advantage].classes == ["ice"]


def test_invariants_cover_the_draft():
    s = new(1)
    act(s, "draft-class", **{"class": "fire"})
    g = s.game
    assert g.check_invariants(s.state) == []
    bad = s.state.model_copy(deep=True)
    bad.players[1].classes.append("fire")
    assert any("Class" in m for m in g.check_invariants(bad))
    bad = s.state.model_copy(deep=True)
    bad.draft.left.remove("ice")
    assert any("Classes not conserved" in m for m in g.check_invariants(bad))
    bad = s.state.model_copy(deep=True)
    bad.players[0].deck.append("searing-strike")
    assert any("cards not conserved" in m for m in g.check_invariants(bad))
    bad = s.state.model_copy(deep=True)
    from tutor.games.spirit_duels.state import SpiritSlot
    bad.players[0].spirits.append(SpiritSlot(line="pawnite"))
    assert any("one per drafted Class" in m for m in g.check_invariants(bad))


def test_options_are_validated_and_named():
    with pytest.raises(ValueError, match="lines must be one of 'casual', 'competitive'; got 'secret'"):
        new(lines="secret")
    with pytest.raises(ValueError, match="teams is for setup='prebuilt'"):
        new(teams=["fire", "electric"])
    with pytest.raises(ValueError, match="unknown option.*valid options: setup, lines, cards, teams"):
        new(mode="x")
    assert new().game.options["lines"] == "casual"
    s = tutor.new_game("spirit-duels", players=2, seed=1, **SpiritDuels.teaching_options)
    assert s.state.phase == "setup" and s.state.players[0].team == "fire"


def test_partial_state_is_refused_for_a_draft_scenario():
    from tutor.scenario import Scenario, start
    sc = Scenario.model_validate({"meta": {"id": "t", "question": "q", "answer": "a",
                                           "source": {"file": "f", "section": "s"}},
                                  "setup": {"game": "spirit-duels", "seed": 1, "options": {"setup": "draft"},
                                            "state": {"round": 2}}})
    with pytest.raises(tutor.ContentError, match="a partial state needs dealt teams"):
        start(sc)


def _edited(tmp_path, fn):
    data = yaml.safe_load(CARDS.read_text(encoding="utf-8"))
    fn(data)
    p = tmp_path / "mine.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return p


def test_card_file_class_errors_name_the_field(tmp_path):
    p = _edited(tmp_path, lambda d: d.pop("classes"))
    assert tutor.new_game("spirit-duels", players=2, seed=1, cards=str(p)).state.phase == "setup"
    with pytest.raises(ValueError, match="needs the nine Classes"):
        new(cards=str(p))
    p = _edited(tmp_path, lambda d: d["classes"][0].__setitem__("lines", ["tychomp", "arcane-b", "arcane-c"]))
    with pytest.raises(tutor.ContentError, match=r"classes\[0\]\.lines: 'tychomp' is a fire Line, not arcane"):
        new(cards=str(p))
    p = _edited(tmp_path, lambda d: d["classes"][4].__setitem__("basic", ["ice-basic-1", "ice-basic-2"]))
    with pytest.raises(tutor.ContentError, match="a Class has 6 Basic cards"):
        new(cards=str(p))
    p = _edited(tmp_path, lambda d: d["classes"].pop())
    with pytest.raises(tutor.ContentError, match="each of the nine Classes once"):
        new(cards=str(p))


def test_draft_clauses_are_ours_and_cite_the_drafting_sections():
    cl = tutor.clauses("spirit-duels")
    for cid in ("sd.draft.classes", "sd.draft.advantage", "sd.draft.order", "sd.draft.pick", "sd.draft.taken",
                "sd.draft.done"):
        assert cl[cid].source.section == "What's Next? > Drafting" or cid == "sd.draft.done"
        assert cl[cid].kind == "rule"
    for cid in ("sd.ruling.casual-reveal", "sd.ruling.line-order", "sd.ruling.prebuilt-classes"):
        assert cl[cid].kind == "ruling" and cl[cid].reason
    assert cl["sd.provisional.draft-cards"].kind == "provisional"
    assert cl["sd.deck.build"].source.section == "What's Next? > Building Your Deck"


@pytest.mark.parametrize("lines", ["casual", "competitive"])
@pytest.mark.parametrize("seed", range(3))
def test_random_full_drafted_game_reaches_a_winner(seed, lines):
    from tutor.conformance import play_checked
    rep = play_checked("spirit-duels", 2, seed, json_every=40, setup="draft", lines=lines)
    assert rep.problems == []
    assert rep.over and len(rep.winners) == 1 and rep.steps > 40


# -- the board shows the draft ----------------------------------------------------------------------------------------
def test_board_shows_classes_picks_and_hides_casual_lines_from_the_other_player():
    from widgets import TutorApp
    from widgets.boards import spirit_duels as board
    app = TutorApp(new(1), new_game=False)
    html = app.board.html.value
    assert "Draft: Player 1 drafts a Class" in html and "Advantage Token: <b>Player 2</b>" in html
    assert html.count('class="sd-classcard"') == 9 and "Burn X · free" in html
    assert '<span class="sd-now">1: P1</span>' in html
    assert board.decision_prompt(app.session) == ("Player 1: Draft: take one of the Class cards still on the "
                                                  "table.")
    app.actions.button_for("draft-class:class=fire").click()
    html = app.board.html.value
    assert "Burn X · drafted by Player 1" in html and '<span class="sd-now">2: P2</span>' in html
    for cl in ("earth", "arcane", "electric", "nature", "water"):
        app.actions.button_for(f"draft-class:class={cl}").click()
    html = app.board.html.value
    assert "Draft: Player 1 chooses a Spirit Line" in html and html.count('class="sd-line"') == 9
    assert "Fire Line B" in html and "Special cards: Incinerate, Fire Breathing" in html
    for line in ("tychomp", "binx", "pruni"):
        app.actions.button_for(f"choose-line:line={line}").click()
    html = app.board.html.value
    assert "Draft: Player 2 chooses a Spirit Line" in html
    assert "3 of 3 chosen, hidden" in html and "Tychomp Line" not in html
    for line in ("pawnite", "zuja", "water-c"):
        app.actions.button_for(f"choose-line:line={line}").click()
    html = app.board.html.value
    assert app.session.state.phase == "setup" and 'class="sd-classcard' not in html
    assert 'drafted:</span> <span class="sd-cls"' in html and "Water Line C Stage 1" in html and "Tychomp" in html
    assert "Advantage Token: <b>Player 2</b>" in html  # known before the hands are kept
