"""The FAQ explorer's logic (tutor/faq.py): the index and search, following a script, live expectation checks and
"what if" edits of a scenario's set-up."""
from __future__ import annotations

import pytest

import tutor
from tutor import ContentError, IllegalAction, faq
from tutor.scenario import all_scenarios, load_scenario, start


@pytest.fixture(scope="module")
def index() -> faq.Index:
    return faq.build_index()


def sc_of(index, sid):
    return index.get(sid).scenario


def test_index_holds_every_scenario_with_cards_and_clauses():
    files = all_scenarios()
    index = faq.build_index()
    assert not index.problems
    from tutor.registry import game_classes
    playable = [f for f in files if f.parent.parent.name in game_classes()]
    assert [e.path for e in index.entries] == playable
    assert len(index.entries) + sum(n for _g, n in index.waiting) == len(files)
    assert "restless-spirits" in index.games
    e = index.get("faq-double-totem")
    assert e.ok and e.game == "restless-spirits" and e.question.startswith("A Spirit needs only one of the two items on a Double Totem")
    assert ("gonga", "Gonga", "spirit") in e.cards and ("t34", "Bell & Feather", "totem") in e.cards
    assert {"rs.totem.double", "rs.play-totem"} <= set(e.clauses)
    assert e.tags[:3] == ("faq", "double totem", "Gonga")
    assert "Okada Mitsuo" not in e.tags  # guides are searchable but not shown as tags
    with pytest.raises(KeyError, match="nope"):
        index.get("nope")


def test_tags_name_cards_as_the_game_does_and_no_two_questions_read_alike():
    """Trial 18: a lower-case "aztecs" tag (a file's cover written as a card id), and two near-duplicate Shield
    questions in Spirited's list (two scenarios of one ruling, written separately; now one, with every expectation
    of both)."""
    import dataclasses
    import re

    index = faq.build_index("spirited")
    e = index.get("rule-shield-protect")
    assert e.tags[:4] == ("shield", "opponent", "Aztecs", "Babylonians")
    lower = dataclasses.replace(e, covers=("shield", "aztecs", "AZTECS", "Twizel"))  # a file of one's own
    assert lower.topics == ("shield", "Aztecs", "Twizel") and lower.tags.count("Aztecs") == 1
    assert "aztecs" not in lower.tags
    for x in index.entries:  # every tag that names a card is written as the game writes the card's name
        names = {n.lower(): n for _c, n, _k in x.cards}
        assert all(names.get(t.lower(), t) == t for t in x.tags), (x.id, x.tags)
    merged = index.get("ruling-manoeuvre-one-shield-per-stack")
    assert "rule-manoeuvre-shield-taken" not in {x.id for x in index.entries}
    (exp,) = merged.scenario.expect
    assert [r.clause for r in exp.refused] == ["sp.ruling.manoeuvre-shield"] and exp.rulings == ["sp.ruling.manoeuvre-shield"]
    assert [b.clause for b in exp.blocked] == ["sp.ruling.manoeuvre-shield"] and exp.state == {"pending": "bonus-manoeuvre"}
    assert merged.ok
    words = lambda q: tuple(re.findall(r"[a-z]+", q.lower()))[:12]  # noqa: E731 - what a list line shows first
    firsts = [words(x.question) for x in index.entries]
    assert len(firsts) == len(set(firsts)), [f for f in firsts if firsts.count(f) > 1]


def test_index_runs_no_scenario_until_a_result_is_asked_for(monkeypatch):
    calls = []
    real_run = faq.run
    monkeypatch.setattr(faq, "run", lambda *a, **k: calls.append(a[0].meta.id) or real_run(*a, **k))
    monkeypatch.setattr(faq, "start", lambda *a, **k: pytest.fail("the index started a scenario"))
    index = faq.build_index("restless-spirits")
    assert len(index.entries) > 50 and calls == []
    e = index.get("rule-retrieve-from-shrine")
    assert e.named == ("rs.retrieve",) and ("t02", "Timeweaver Thread", "totem") in e.cards  # from the file alone
    assert "retrieve-from-shrine" in e._text  # the scripted action kinds are searchable
    assert faq.search(index.entries, "rs.retrieve") and calls == []  # searching runs nothing
    assert e.ok and calls == ["rule-retrieve-from-shrine"]  # run on first use...
    assert "rs.retrieve" in e.clauses and e.checked.fired and e.ok and calls == ["rule-retrieve-from-shrine"]  # once


def test_a_set_up_that_does_not_play_is_listed_and_fails_when_run(tmp_path, index):
    text = index.get("faq-double-totem").path.read_text(encoding="utf-8").replace("seat: 1", "seat: 9", 1)
    bad = tmp_path / "bad-seat.yaml"
    bad.write_text(text, encoding="utf-8")
    idx = faq.build_index(paths=[bad])
    assert [e.id for e in idx.entries] == ["faq-double-totem"] and not idx.problems
    e = idx.entries[0]
    assert not e.ok and "bad-seat.yaml" in e.checked.failures[0]


def test_search_by_question_game_card_and_clause(index):
    ids = lambda q, game=None: [e.id for e in faq.search(index.entries, q, game)]
    assert len(ids("")) == len(index.entries)
    assert {"faq-double-totem", "rule-double-wild"} <= set(ids("double totem")) < set(ids(""))
    assert "faq-double-totem" in ids("bell & feather")  # a card named in the set-up
    assert "rule-retrieve-from-shrine" in ids("rs.retrieve")  # a clause that fires
    assert "faq-double-totem" not in ids("rs.retrieve")
    assert "faq-double-totem" in ids("rs.totem.double")  # a clause the expectations name
    assert ids("RESTLESS spirits") == ids("", game="restless-spirits")
    assert ids("", game="no-such-game") == []
    assert "rule-retrieve-from-shrine" in ids("shrine retrieve", game="restless-spirits")


def test_bad_file_is_a_problem_not_a_crash(tmp_path, index):
    bad = tmp_path / "bad.yaml"
    bad.write_text("meta: {id: x}\n", encoding="utf-8")
    dup = tmp_path / "dup.yaml"
    dup.write_text(index.get("faq-double-totem").path.read_text(encoding="utf-8"), encoding="utf-8")
    idx = faq.build_index(paths=[index.get("faq-double-totem").path, bad, dup])
    assert [e.id for e in idx.entries] == ["faq-double-totem"]
    assert len(idx.problems) == 2 and "bad.yaml" in idx.problems[0] and "already the id" in idx.problems[1]


def test_script_status_and_next_action(index):
    sc = sc_of(index, "rule-retrieve-from-shrine")
    s = start(sc)
    st = faq.script_status(sc, s)
    assert (st.done, st.total, st.off_script, st.problem) == (0, 2, False, None) and st.next_ref.kind == \
        "retrieve-from-shrine"
    s.apply(faq.next_action(sc, s))
    s.apply(faq.next_action(sc, s))
    assert faq.script_status(sc, s).finished
    with pytest.raises(IllegalAction, match="finished"):
        faq.next_action(sc, s)
    s.undo()
    s.undo()
    s.apply("end-turn")
    st = faq.script_status(sc, s)
    assert st.off_script and st.done == 0 and st.next_ref is None and not st.finished
    with pytest.raises(IllegalAction, match="left the script"):
        faq.next_action(sc, s)


def test_expectations_checked_at_their_own_step(index):
    sc = sc_of(index, "faq-double-totem")
    s = start(sc)
    states = lambda: [x.state for x in faq.expectation_status(sc, s)]
    assert states() == ["pass", "waiting"]
    s.apply(faq.next_action(sc, s))
    got = faq.expectation_status(sc, s)
    assert [x.state for x in got] == ["pass", "pass"]  # the step-0 one is checked on a replay
    assert "The rule “Double Totem” applies" in got[1].lines  # the rule's title, never its id, in a sentence
    assert not any(x.startswith(("rule fires", "legal:", "ruling cited")) for st in got for x in st.lines), got
    assert not any("rs." in x for st in got for x in st.lines), got
    assert "Player 1's hand holds Spirit Cloak" in got[1].lines  # a sentence (session 30)
    # Totem icons as the game prints them, the space named by its Spirit (never "lantern, mirror", "space 1")
    assert "Player 1's Gonga's unmet Totem requirements are Lantern and Mirror" in got[1].lines
    assert "“Play Bell & Feather (double) to Gonga (Sacred) (space 1)” is a legal action" in got[0].lines  # as its button
    s.undo()
    s.apply("end-turn")
    assert states() == ["pass", "off-script"]


def test_every_shipped_scenario_passes_when_its_script_is_played(index):
    for e in index.entries:
        s = start(e.scenario)
        while faq.script_status(e.scenario, s).next_ref is not None:
            s.apply(faq.next_action(e.scenario, s))
        assert all(x.state == "pass" for x in faq.expectation_status(e.scenario, s)), e.id


def test_describe_ref_and_expect_use_card_names():
    ref = load_scenario(all_scenarios()[1]).script[0]
    assert faq.describe_ref(ref, {"t34": "Bell & Feather"}) == "Play totem (Bell & Feather, space 1)"
    # a space of the acting player's own board, named for that board (tutor.scenario_words.space_names)
    names = {"t34": "Bell & Feather", "play-totem space=1": "Gonga", "choose-destroy space=1": "never used"}
    assert faq.describe_ref(ref, names) == "Play totem (Bell & Feather, Gonga)"


def test_only_own_board_spaces_are_named_by_their_spirit():
    from tutor.scenario_words import space_names
    s = start(load_scenario(next(p for p in all_scenarios("restless-spirits") if p.name == "faq-double-totem.yaml")))
    names = space_names(s)
    me = s.state.players[s.state.current]
    spirit = s.game.cards.by_id[next(ps.card for ps in me.board if ps)].name
    assert spirit in names.values() and all(k.split(" ")[0] in {"activate-ability", "play-totem",
                                                                 "choose-own-destroy"} for k in names)
    assert space_names(tutor.new_game("spirited")) == {}


def test_expectations_read_as_words_not_state_paths():
    assert faq.describe_path("p1.s2.damage") == "Player 1, Spirit 2 · damage"
    # with the session's slot names (Spirit Duels) a Spirit is named, not placed
    assert faq.describe_path("p2.s3.damage", {"p2.s3": "Player 2's Shark 1"}) == "Player 2's Shark 1 · damage"
    assert faq.describe_path("p1.unmet.1") == "Player 1 · unmet Totem requirements (space 1)"
    assert faq.describe_path("current") == "Current player"
    assert faq.describe_path("medal_value.greeks") == "Medal value greeks"
    assert faq.describe_value(["t34", "t01"], {"t34": "Bell & Feather"}) == "Bell & Feather, t01"
    assert faq.describe_value([]) == "none" and faq.describe_value(None) == "none"
    assert faq.describe_value(True) == "yes" and faq.describe_value({"greeks": 2}) == "greeks 2"
    assert faq.describe_value(2, seats=True) == "Player 2" and faq.describe_value([1], seats=True) == "Player 1"
    from tutor.scenario import Expect
    e = Expect.model_validate({"state": {"current": 2, "p1.ap": 1}})
    assert faq.describe_expect(e) == ["Current player: Player 2", "Player 1 · AP: 1"]
    # no choice left to make reads as a sentence, not "Pending choice: none"
    assert faq.describe_expect(Expect.model_validate({"state": {"pending": None}})) == ["No choice is waiting"]


def test_spirit_duels_checks_name_dice_and_choices_in_words():
    """A Spirit Duels check shows a die of an active pool as words (not "attack-1/attack") and a pending choice
    without hyphens (not "order-effects")."""
    from tutor.core.content import content_root
    from tutor.scenario import load_scenario, start
    folder = content_root() / "spirit-duels" / "scenarios"
    sc = load_scenario(folder / "rule-advantage-die-joins-roll.yaml")
    lines = [x for st in faq.expectation_status(sc, start(sc)) for x in st.lines]
    assert ("Player 1's Tychomp's active pool holds Level 1 Attack die showing Attack, Level 1 Magic die showing "
            "Magic and Advantage Die showing Essence") in lines
    sc = load_scenario(folder / "rule-burn-order-by-advantage.yaml")
    lines = [x for st in faq.expectation_status(sc, start(sc)) for x in st.lines]
    assert "The choice waiting is which effect happening at the same time resolves first" in lines
    assert not any("/" in x or "order-effects" in x for x in lines)


# -- what if ---------------------------------------------------------------------------------------------------------
def test_remove_a_card_from_hand_names_only_that_zone(index):
    sc = sc_of(index, "faq-double-totem")
    new = faq.edit_setup(sc, faq.RemoveCard(faq.Zone("hand", 1), "t34"))
    assert new.setup.state["players"][0]["hand"] == ["t01"]
    assert sc.setup.state["players"][0]["hand"] == ["t34", "t01"]  # the original is untouched
    s = start(new)
    assert s.state.players[0].hand == ["t01"] and "t34" in s.state.totem_deck
    assert faq.script_status(new, s).problem  # the scripted Double Totem is gone
    assert faq.expectation_status(new, s)[0].state == "fail"


def test_add_moves_a_card_from_wherever_it_was(index):
    sc = sc_of(index, "faq-double-totem")
    new = faq.edit_setup(sc, faq.AddCard(faq.Zone("shrine"), "t01"))
    s = start(new)
    assert s.state.shrine[-1] == "t01" and s.state.players[0].hand == ["t34"]
    back = faq.edit_setup(new, faq.AddCard(faq.Zone("hand", 1), "t01"))
    assert start(back).state.players[0].hand == ["t34", "t01"] and "t01" not in start(back).state.shrine


def test_board_lost_spirits_and_markets(index):
    sc = sc_of(index, "faq-double-totem")
    s0 = start(sc)
    gone = start(faq.edit_setup(sc, faq.RemoveCard(faq.Zone("board", 1), "gonga")))
    assert gone.state.players[0].board == [None, None, None]
    lost = next(x for x in s0.state.lost_spirits if x)
    new = faq.edit_setup(sc, faq.RemoveCard(faq.Zone("lost_spirits"), lost))
    assert start(new).state.lost_spirits.count(None) == 1
    two = start(faq.edit_setup(new, faq.AddCard(faq.Zone("board", 1), lost)))
    assert [p.card if p else None for p in two.state.players[0].board] == ["gonga", lost, None]
    mk = s0.state.markets[0][0]
    cleared = start(faq.edit_setup(sc, faq.RemoveCard(faq.Zone("markets"), mk)))
    assert cleared.state.markets[0][0] is None
    assert faq.zone_cards(s0, faq.Zone("board", 1)) == ["gonga"]
    assert "gonga" not in faq.card_choices(s0, faq.Zone("board", 1))
    assert set(map(s0.game.card_kind, faq.card_choices(s0, faq.Zone("hand", 2)))) == {"totem", "blessing", "curse"}
    assert [z.label for z in faq.zones(s0)][:4] == ["Player 1's hand", "Player 1's board",
                                                    "Player 1's Totems under the Spirit on space 1",
                                                    "Player 1's released Spirits"]


def test_ap_and_current_player(index):
    sc = sc_of(index, "faq-double-totem")
    new = faq.edit_setup(faq.edit_setup(sc, faq.SetAP(2, 3)), faq.SetCurrent(2))
    s = start(new)
    assert s.state.players[1].ap == 3 and s.current_player == 1
    assert faq.SetCurrent(2).describe() == "it is Player 2's turn"


@pytest.mark.parametrize("edit, words", [
    (faq.AddCard(faq.Zone("hand", 1), "gonga"), "is a spirit"),
    (faq.RemoveCard(faq.Zone("hand", 1), "t02"), "Timeweaver Thread is not in Player 1's hand"),
    (faq.RemoveCard(faq.Zone("hand", 1), "t99"), "not a card of Restless Spirits"),
    (faq.AddCard(faq.Zone("hand", 1), "t34"), "already in"),
    (faq.SetAP(1, -1), "Player 1's AP must be between 0 and 20"),
    (faq.SetCurrent(3), "there is no Player 3 in this game"),
    (faq.AddCard(faq.Zone("lost_spirits"), "miki"), "no empty place"),
])
def test_bad_edits_are_content_errors(index, edit, words):
    sc = sc_of(index, "faq-double-totem")
    with pytest.raises(ContentError, match=words):
        faq.edit_setup(sc, edit)


def test_zone_needs_a_seat_exactly_for_player_zones():
    with pytest.raises(ValueError):
        faq.Zone("hand")
    with pytest.raises(ValueError):
        faq.Zone("shrine", 1)
    with pytest.raises(ValueError):
        faq.Zone("attic")
    assert faq.Zone("deck").label == "the bottom of its deck" and faq.Zone("deck", 2).label == "Player 2's deck"


def test_scenarios_of_a_game_not_playable_yet_are_counted(tmp_path, index, monkeypatch):
    import tutor.registry as registry
    playable = {g: c for g, c in registry.game_classes().items() if g != "spirit-duels"}
    monkeypatch.setattr(registry, "game_classes", lambda: playable)  # as if Spirit Duels were not playable yet
    duel = next(e for e in index.entries if e.game == "spirit-duels")  # its clause ids are checked all the same
    f = tmp_path / "duel.yaml"
    f.write_text(duel.path.read_text(encoding="utf-8"), encoding="utf-8")
    idx = faq.build_index(paths=[f])
    assert idx.entries == () and idx.problems == () and idx.waiting == (("spirit-duels", 1),)


def test_checks_read_as_sentences_a_person_would_say():
    """Trial 12 item 10: a check names the rule by its title in a sentence, never "rule fires:"."""
    from tutor.scenario import Expect
    e = Expect.model_validate({"fired": ["a"], "not_fired": ["b"], "rulings": ["c"], "in_order": ["a", "b"],
                               "blocked": [{"kind": "choose-line", "clause": "b", "label": "Earth"}],
                               "legal": [{"kind": "end-turn"}], "only_last": True})
    titles = {"a": "Double Totem", "b": "One Line per Class", "c": "Where a swapped-out Totem goes"}
    lines = faq.describe_expect(e, {}, titles)
    assert "The rule “Double Totem” applies in the last step" in lines
    assert "The rule “One Line per Class” does not apply in the last step" in lines
    assert "The tutor's ruling “Where a swapped-out Totem goes” applies in the last step" in lines
    assert "In the last step the rules apply in this order: “Double Totem”, then “One Line per Class”" in lines
    assert "Choose line (Earth) is shown as not possible, because of the rule “One Line per Class”" in lines
    assert any(x.endswith("” is a legal action") for x in lines)
    assert not any("fires" in x or x.split(" ")[0].endswith(":") for x in lines), lines


def test_a_ruling_that_fires_is_said_once_as_the_tutors_ruling():
    """Trial 29: the FAQ explorer's "Does it hold" listed "Where a swapped-out Totem goes" twice, once as "The rule"
    (it fires) and once as "The tutor's ruling" (it is a ruling): a clause both fired and a ruling is said once."""
    from tutor.scenario import Expect
    e = Expect.model_validate({"fired": ["rs.buy", "rs.ruling.swap-discard"], "rulings": ["rs.ruling.swap-discard"]})
    titles = {"rs.buy": "Buy a Totem (1 AP)", "rs.ruling.swap-discard": "Where a swapped-out Totem goes"}
    assert faq.describe_expect(e, {}, titles) == ["The rule “Buy a Totem (1 AP)” applies",
                                                  "The tutor's ruling “Where a swapped-out Totem goes” applies"]


def test_checks_name_an_action_not_legal_as_its_button_would():
    """Trial 17: a FAQ check read "“Place shield” is not a legal action" (an action's kind, internal-sounding). A
    check about an action that is not legal, or shown as not possible, names it by the label the learn page gives it
    (a blocked action's, or the scenario's own step of that kind)."""
    from tutor.scenario import load_scenario
    from tutor.core.content import content_root
    sc = load_scenario(content_root() / "spirited" / "scenarios" / "faq-shield-no-retro.yaml")
    s = start(sc)
    while faq.script_status(sc, s).next_ref is not None:
        s.apply(faq.next_action(sc, s))
    lines = [x for st in faq.expectation_status(sc, s) for x in st.lines]
    assert "“Shield the Aztecs stack now” is not a legal action" in lines, lines
    assert ("“Shield the Aztecs stack now” is shown as not possible, because of the rule “No Shields after the fact”"
            in lines), lines
    assert not any("Place shield" in x for x in lines), lines


def test_a_shield_fact_reads_as_a_shielded_stack():
    """Trial 20: the what-if table said "Greeks Greeks" for Player 1's Shields (a ``{stack clan: Shield clan}``
    fact read like a count). A Shield entry names the stack it shields and the Shield card's clan; counts stay
    "Greeks 2"."""
    from tutor.scenario_words import describe_value

    names = {"greeks": "Greeks", "norse": "Norse"}
    assert describe_value({"greeks": "norse"}, names, False, "p1.shields") == "Greeks stack shielded by a Norse card"
    assert describe_value({}, names, False, "p1.shields") == "none"
    assert describe_value({"greeks": 2}, names, False, "p1.road") == "Greeks 2"


def test_reading_saved_questions_runs_a_bounded_number_of_steps(tmp_path, monkeypatch):
    """Saved questions are run when read (trial 23), within faq.READ_STEPS script steps for all the files together:
    twelve small files each scripting 1,500 end-turns (one YAML alias) run 2,000 steps in all, not 18,000. Each is
    listed; a check the budget never reaches is named on the position reached, so an unknown name is still refused;
    a question cut short is run whole when it is opened."""
    def long_game(stem: str, state: str) -> str:
        return (f"meta: {{id: {stem}, title: Long, question: Long game?, answer: No.,\n"
                "       source: {file: restless-spirits.txt, section: General FAQs}}\n"
                "setup: {game: restless-spirits, players: 2, seed: 7,\n"
                "        options: {first_game: true, guides: [okada-mitsuo, hana]}}\n"
                "script: [&e {kind: end-turn}" + ",*e" * 1499 + "]\n"
                f"expect:\n  - state: {{{state}}}\n")
    for i in range(12):
        (tmp_path / f"long-{i:02}.yaml").write_text(long_game(f"my-long-{i:02}", "current: 2"), encoding="utf-8")
    (tmp_path / "long-odd.yaml").write_text(long_game("my-long-odd", "__class__: 1"), encoding="utf-8")
    taken = []
    real = faq.run
    monkeypatch.setattr(faq, "run", lambda *a, **k: taken.append(real(*a, **k)) or taken[-1])
    index = faq.read_my_questions(sorted(tmp_path.glob("*.yaml")))
    assert sum(len(r.steps) for r in taken) == faq.READ_STEPS == 2_000
    assert [len(r.steps) for r in taken][:2] == [1_500, 500] and all(r.cut for r in taken[1:])
    assert [e.id for e in index.entries] == [f"my-long-{i:02}" for i in range(12)]
    assert len(index.problems) == 1 and "long-odd.yaml: expect[0].state.__class__: unknown state fact" in index.problems[0]
    first, second = index.entries[0], index.entries[1]
    assert "checked" in first._run and "checked" not in second._run  # the one run whole is kept; the others run on use
    monkeypatch.setattr(faq, "run", real)
    assert second.checked == first.checked and first.checked.ok  # run whole on use: after 1,500 end-turns player 2 acts


def test_search_lists_the_questions_about_a_card_first():
    """Trial 39: searching "Kafrat" listed 21 questions that only deal Kafrat in their set-up before the four about
    it. The questions whose title, question or tags name every word come first, the others after, in order."""
    idx = faq.build_index("restless-spirits")
    found = faq.search(idx.entries, "Kafrat")
    about = [e for e in found if e.about(["kafrat"])]
    assert len(about) >= 4 and found[:len(about)] == about
    assert "Kafrat against a target who is not ahead" in [e.title for e in about]
    assert all(not e.about(["kafrat"]) for e in found[len(about):]) and len(found) > len(about)
    assert faq.search(idx.entries, "") == [e for e in idx.entries]
