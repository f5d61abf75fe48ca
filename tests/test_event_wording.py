"""Engine texts read as sentences a person would say (issue 16, "The learn pages"): no "(s)", no raw card ids and no
seat-and-slot positions where a name exists, no provisional mark after a full stop, in any action label, why,
blocked line or event of many random games of all three games; two different choices never share one label; a
legal action that would do nothing now says so, with the clause why (and doing it indeed changes nothing it said
it would)."""
from __future__ import annotations

import re

import pytest

import tutor
from tutor.conformance import random_policy
from tutor.core.rng import Rng

from rs_helpers import act, rs_session

PLURAL_MARK = re.compile(r"[A-Za-z]\(s\)")
#: a Spirit named by its seat and slot ("Player 2, Spirit 1", "Spirit 3 of Player 1") instead of its name
POSITION = re.compile(r"Player \d+, Spirit \d+|\bSpirit \d+ of Player\b")
#: a provisional mark after a sentence's full stop ("...you may decline. [provisional]"): it belongs on the value
MARK_AFTER_STOP = re.compile(r"[.;:!?] ?\[provisional\]")

GAMES = [("restless-spirits", 2, range(3)), ("restless-spirits", 3, range(2)), ("restless-spirits", 4, range(1)),
         ("spirited", 2, range(3)), ("spirited", 3, range(2)), ("spirited", 4, range(1)),
         ("spirit-duels", 2, range(6))]


def _ids(session) -> set[str]:
    """Every id a learner must never see: cards, Spirit Guides, clans, Wonders, teams and Spirit Lines."""
    c = session.game.cards
    out: set[str] = set()
    for name in ("by_id", "clan", "wonder", "team_by_id", "line_by_id"):
        out |= set(getattr(c, name, None) or {})
    return out


def _texts(session, step=None):
    """(where, text) of everything a learner reads at this point: legal actions (label, why, idle), blocked
    actions (label, why) and, with ``step``, its events."""
    for a in session.legal_actions():
        yield f"action {a.id} label", a.label
        yield f"action {a.id} why", a.why
        if a.idle:
            yield f"action {a.id} idle", a.idle
    for b in session.blocked_actions():
        yield f"blocked {b.kind} label", b.label
        yield f"blocked {b.kind} why", b.why
    for e in (step.events if step else session.setup_events):
        yield f"event {e.clause}", e.text


@pytest.mark.parametrize("game,players,seeds", GAMES, ids=lambda x: str(x) if not isinstance(x, range) else "")
def test_texts_of_random_games_have_no_plural_marks_ids_or_positions(game, players, seeds):
    problems: set[str] = set()
    idle_taken = 0
    for seed in seeds:
        s = tutor.new_game(game, players=players, seed=seed)
        ids = sorted(_ids(s), key=len, reverse=True)
        raw = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
        rng = Rng.from_seed(seed)
        step = None
        while not s.is_over and len(s.history) < 1500:
            for where, text in _texts(s, step):
                if PLURAL_MARK.search(text):
                    problems.add(f"{where}: '(s)' in {text!r}")
                if POSITION.search(text):
                    problems.add(f"{where}: a position instead of a name in {text!r}")
                if MARK_AFTER_STOP.search(text):
                    problems.add(f"{where}: the provisional mark after the full stop in {text!r}")
                m = raw.search(text)
                if m:
                    problems.add(f"{where}: raw id {m.group(0)!r} in {text!r}")
            problems.update(_shared_labels(s))
            a = random_policy(s.legal_actions(), rng)
            before = s.state.model_copy(deep=True)
            step = s.apply(a)
            if a.idle:
                idle_taken += 1
                problems.update(_did_something(game, before, s.state, a, step))
    assert sorted(problems)[:20] == [], len(problems)
    if game != "spirited":
        assert idle_taken, "no idle action was taken: the check that it does nothing never ran"


def _shared_labels(session) -> list[str]:
    """Legal actions now that share a label but are different choices. Two copies of one card (two Charm Totems in a
    market row) are the same choice, so they may share it: the actions then differ only by cards of one name."""
    by_label: dict[str, list] = {}
    for a in session.legal_actions():
        by_label.setdefault(a.label, []).append(a)
    names = getattr(session.game.cards, "by_id", {})
    out = []
    for label, acts in by_label.items():
        first = acts[0]
        for other in acts[1:]:
            mine, theirs = dict(first.params), dict(other.params)
            differ = [k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k)]
            alike = other.kind == first.kind and all(
                mine.get(k) in names and theirs.get(k) in names and names[mine[k]].name == names[theirs[k]].name
                for k in differ)
            if not alike:
                out.append(f"two different legal actions share the label {label!r}: {first.id}, {other.id}")
    return out


def _did_something(game: str, before, after, a, step) -> list[str]:
    """What an action marked idle did that it said it would not (empty when it did only what it said): the step
    cites the idle clause, and (while the turn has not passed on) no hand, board, AP, released Spirit, pile or die
    changed and no choice is asked."""
    out = []
    cited = [e.clause for e in step.events]
    # (a Protect token that stops the ability first makes it do nothing for another reason)
    if a.idle_clause not in cited and "rs.effect.protect-token" not in cited:
        out.append(f"{a.label}: marked idle citing {a.idle_clause}, which no event of the step cites: {cited}")
    if before.current != after.current:
        return out  # the turn passed on (0 AP, nothing free): the next turn's start changes things
    seat = a.actor
    if game == "restless-spirits":
        board = lambda p: [x and (x.card, tuple(x.slots)) for x in p.board]
        for p, q in zip(before.players, after.players):
            if (p.hand, p.released, p.ap, p.next_turn_ap, board(p)) != (q.hand, q.released, q.ap, q.next_turn_ap,
                                                                         board(q)):
                out.append(f"{a.label}: marked idle ({a.idle}) but Player {p.seat + 1}'s hand, board, AP or "
                           "released Spirits changed")
        if (before.totem_discard, before.shrine, before.markets) != (after.totem_discard, after.shrine, after.markets):
            out.append(f"{a.label}: marked idle ({a.idle}) but a pile or market changed")
        if after.pending:
            out.append(f"{a.label}: marked idle ({a.idle}) but it asks a choice")
    elif game == "spirit-duels":
        pools = lambda st: [[(d.kind, d.face) for d in sl.pool] for sl in st.players[seat].spirits]
        if pools(before) != pools(after):
            out.append(f"{a.label}: marked idle ({a.idle}) but dice changed")
    return out


# -- two different choices, two labels ------------------------------------------------------------------------------
def test_stunning_strike_damage_and_exhaust_choices_have_their_own_labels():
    from test_spirit_duels import scenario_session
    s = scenario_session({"current": 2, "players": [{"seat": 2, "essence": 2, "hand": ["stunning-strike"]}]})
    s.apply(next(a for a in s.legal_actions() if a.kind == "play-card"))
    damage = [a.label for a in s.legal_actions()]
    assert damage == ["Stunning Strike: deal 1 damage to Player 1's Tychomp (no tokens)",
                      "Stunning Strike: deal 1 damage to Player 1's Pawnite (no tokens)",
                      "Stunning Strike: deal 1 damage to Player 1's Zuja (no tokens)"]
    step = s.apply(s.legal_actions()[0])
    assert [e.text for e in step.events] == [
        "Player 2 chooses Player 1's Tychomp (no tokens) for Stunning Strike.",
        "Stunning Strike deals 1 damage to Player 1's Tychomp (now 1 damage, Health 4)."]
    exhaust = [a.label for a in s.legal_actions()]
    assert exhaust[0] == "Stunning Strike: exhaust Player 1's Tychomp (1 damage)"
    assert not set(damage) & set(exhaust)


# -- legal but pointless --------------------------------------------------------------------------------------------
def _activation(s, name):
    return next(a for a in s.legal_actions() if a.kind == "activate-ability" and a.label.startswith(f"Activate {name}"))


def test_gonga_with_no_sacred_spirit_beside_it_is_legal_and_says_it_does_nothing():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "board": [{"card": "gonga"}, None, None]}]})
    a = _activation(s, "Gonga")
    assert a.idle == ("It would do nothing now: no Sacred Spirit is next to Gonga (the Activation Token would still "
                      "be placed).")
    assert a.idle_clause == "rs.adjacent" and tutor.clauses("restless-spirits")["rs.adjacent"].kind == "rule"
    step = s.apply(a)
    assert s.state.players[0].ap == 2 and s.state.players[0].activation_tokens == 2
    assert "gains 0 AP" in step.events[-1].text
    # beside a Sacred Spirit (Uji) it does something, and says nothing of the kind
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "board": [{"card": "gonga"}, {"card": "uji"},
                                                                              None]}]})
    assert _activation(s, "Gonga").idle is None


def test_sanabo_when_no_opponent_is_ahead_says_it_does_nothing():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "board": [{"card": "sanabo"}, None, None]},
                                              {"seat": 2, "released": []}]})
    a = _activation(s, "Sanabo")
    assert a.idle == ("It would do nothing now: Player 2 has not released more Spirits than you (the Activation "
                      "Token would still be placed).")
    # our ruling (the rulebook's note says to pick an opponent who is ahead, but forbids no Activation): the
    # learner sees "ruling" on the action and on the event where it applies
    assert a.idle_clause == "rs.ruling.target-not-ahead"
    assert tutor.clauses("restless-spirits")[a.idle_clause].kind == "ruling"
    step = s.apply(a)
    assert [(e.clause, e.text) for e in step.events if e.clause == a.idle_clause] == [
        ("rs.ruling.target-not-ahead", "Sanabo: Player 2 has not released more Spirits than Player 1, so no card is "
                                       "chosen.")]
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "board": [{"card": "sanabo"}, None, None]},
                                              {"seat": 2, "released": ["miki"]}]})
    assert _activation(s, "Sanabo").idle is None


def test_hex_of_want_with_no_dark_spirit_cites_the_draw_its_step_cites():
    """A draw that counts 0 says so citing the draw (rs.effect.draw); the idle mark cited the "if" condition, which
    the step did not (found by the random games of test_texts_of_random_games_have_no_plural_marks_ids_or_positions)."""
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": ["c11"],
                                               "board": [{"card": "miki"}, None, None]}]})
    a = next(x for x in s.legal_actions() if x.kind == "play-curse")
    assert a.idle == ("It would do nothing now: your board has no Dark Spirit (the card would still be paid for and "
                      "discarded).")
    assert a.idle_clause == "rs.effect.draw"
    step = s.apply(a)
    assert [e.text for e in step.events if e.clause == a.idle_clause] == [
        "Hex of Want counts 0, so Player 1 draws nothing."]


def test_yotei_against_an_empty_board_says_there_is_nothing_to_copy():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "board": [{"card": "yotei"}, None, None]},
                                              {"seat": 2, "board": [None, None, None]}]})
    a = _activation(s, "Yotei")
    assert a.idle_clause == "rs.effect.copy" and "Player 2 has no Spirit on their board to copy" in a.idle
    step = s.apply(a)
    assert step.events[-1].clause == "rs.effect.copy"
    assert step.events[-1].text == "Player 2 has no Spirit on their board to copy, so Yotei does nothing."


def test_meditate_with_no_dice_is_legal_and_says_it_only_discards():
    from test_spirit_duels import scenario_session
    empty = [{"pool": []}] * 3
    s = scenario_session({"current": 1, "players": [{"seat": 1, "hand": ["focus-fire"], "spirits": empty}]})
    a = next(a for a in s.legal_actions() if a.kind == "meditate")
    assert a.idle_clause == "sd.meditate"
    assert a.idle == ("It would do nothing now: none of your Spirits has a die in its active pool, so there is "
                      "nothing to reroll (the card would still be discarded).")
    step = s.apply(a)
    assert [e.clause for e in step.events][:2] == ["sd.meditate", "sd.meditate"]
    assert step.events[1].text == "Player 1 has no dice in their active pools, so nothing is rerolled."
    # with a die in a pool, Meditate does something
    s = scenario_session({"current": 1, "players": [{"seat": 1, "hand": ["focus-fire"],
                                                     "spirits": [{"pool": ["attack-1/blank"]}, None, None]}]})
    assert next(a for a in s.legal_actions() if a.kind == "meditate").idle is None


def test_the_actions_panel_shows_an_idle_action_and_its_rule():
    from widgets import TutorApp
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "board": [{"card": "gonga"}, None, None]}]})
    app = TutorApp(s, show_setup=False)
    btn = next(b for b in app.actions.action_buttons if b.description.startswith("Activate Gonga"))
    assert "does nothing now" in btn.description
    assert btn.tooltip.startswith("It would do nothing now: no Sacred Spirit is next to Gonga")
    assert btn._key[4] == "rs.adjacent"


@pytest.mark.parametrize("game", ["restless-spirits", "spirited", "spirit-duels"])
def test_clause_and_ability_graph_texts_have_no_plural_marks(game):
    """What the rule cards and the ability graph show: clause titles, texts and reasons, and every graph edge's
    sentence (filled from templates such as "{from} draws {p.count} card(s)", which read "draws 1 card")."""
    texts = [t for c in tutor.clauses(game).values() for t in (c.title, c.text, c.reason or "")]
    G = tutor.graph(game)
    texts += [str(d.get("why", "")) for _, _, d in G.edges(data=True)]
    texts += [str(d.get("label", "")) for _, d in G.nodes(data=True)]
    assert [t for t in texts if PLURAL_MARK.search(t)] == []
    if game != "restless-spirits":
        assert any(re.search(r"draws 1 card\b", t) for t in texts)


def test_a_move_with_nothing_to_work_on_says_it_does_nothing():
    """Blitzrush readies an exhausted ally Spirit: with none exhausted it is still legal (paid and discarded) and
    says it would do nothing, citing the ruling the resolution cites; with one exhausted it does something."""
    from test_spirit_duels import scenario_session
    s = scenario_session({"current": 2, "players": [{"seat": 2, "essence": 2, "hand": ["blitzrush"]}]})
    a = next(a for a in s.legal_actions() if a.kind == "play-card")
    assert a.idle_clause == "sd.ruling.no-target" and tutor.clauses("spirit-duels")[a.idle_clause].kind == "ruling"
    assert a.idle == ("It would do nothing now: there is no Spirit it can be used on (it would still be paid for and "
                      "discarded).")
    step = s.apply(a)
    assert "sd.ruling.no-target" in [e.clause for e in step.events]
    assert s.state.players[1].essence == 1 and s.state.players[1].discard[-1] == "blitzrush"
    s = scenario_session({"current": 2, "players": [{"seat": 2, "essence": 2, "hand": ["blitzrush"],
                                                     "spirits": [{"exhausted": True}, None, None]}]})
    assert next(a for a in s.legal_actions() if a.kind == "play-card").idle is None


def test_a_part_with_nothing_to_work_on_says_which_part_and_why():
    """Stunning Strike (deal 1 damage, then exhaust a ready enemy Spirit) with every enemy Spirit already exhausted:
    the damage is dealt, and the ruling line names the exhaust part as the one that does nothing, says why, and that
    the damage part is not affected (issue 16, item f)."""
    from test_spirit_duels import scenario_session
    exhausted = [{"exhausted": True}] * 3
    s = scenario_session({"current": 2, "players": [{"seat": 1, "spirits": exhausted},
                                                    {"seat": 2, "essence": 2, "hand": ["stunning-strike"]}]})
    a = next(a for a in s.legal_actions() if a.kind == "play-card")
    assert a.idle is None  # the damage part still does something
    events = list(s.apply(a).events)
    while s.state.pending:  # which enemy Spirit takes the damage: the first one offered
        events += s.apply(s.legal_actions()[0]).events
    lines = [e.text for e in events if e.clause == "sd.ruling.no-target"]
    assert lines == ["Stunning Strike: its exhaust part does nothing, because no enemy Spirit is ready; its damage "
                     "part is not affected."]
    assert sum(sl.damage for sl in s.state.players[0].spirits) == 1
    assert tutor.clauses("spirit-duels")["sd.ruling.no-target"].kind == "ruling"


def test_a_shield_is_placed_in_the_rulebooks_words():
    """Trial 13, item W1: "Place it face down as a Shield on your Sao stack" named our board's "stack" and an "it".
    The rulebook ("Shields") places a face-down card on top of a face-up clan card on your Road and speaks of a
    Shielded clan: the choice and its event say so, naming the clan."""
    from tutor.games.spirited.moves.shields import place_shield_action

    g = tutor.new_game("spirited", players=3, seed=2).game
    a = place_shield_action(g, 0, "sao")
    assert a.label == "Shield your Sao clan: place this card face down on top"
    assert "stack" not in a.label and " it " not in f" {a.label} "
    # the event, from a played game (the 2-player golden game's first Shield)
    s = tutor.new_game("spirited", players=2, seed=1)
    rng = Rng.from_seed(1)
    for _ in range(400):
        acts = s.legal_actions()
        shield = [x for x in acts if x.kind == "place-shield"]
        step = s.apply(shield[0] if shield else acts[rng.below(len(acts))])
        said = [e.text for e in step.events if e.clause == "sp.shield.place"]
        if said:
            assert re.fullmatch(r"Player \d places an? (\w+) card face down on top of their \1 cards as a Shield; it "
                                r"does not count toward Overrun\.", said[0]), said
            break
        if s.is_over:
            break
    else:
        pytest.fail("no Shield placed in 400 steps")
    assert said
