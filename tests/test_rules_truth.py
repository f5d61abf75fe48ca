"""Rules truth (issue 15): clauses say what the rulebooks say, our choices are rulings cited where they apply, and
missing rules are there. Each test asserts the rulebook's answer."""
import pytest

import tutor


def _cl(game):
    return tutor.clauses(game)


def test_spirited_is_for_two_to_six_players():
    """Spirited: "a competitive card game for 2-6 players"; set-up says so with clause sp.players."""
    cl = _cl("spirited")["sp.players"]
    assert cl.kind == "rule" and "2 up to 6" in cl.text
    for n in (2, 6):
        s = tutor.new_game("spirited", players=n, seed=1)
        assert s.setup_events[0].clause == "sp.players" and f"{n} players" in s.setup_events[0].text
    for n in (1, 7):
        with pytest.raises(ValueError):
            tutor.new_game("spirited", players=n, seed=1)


def test_claims_beyond_the_rulebook_are_marked():
    """The Spirited summary names no clans; the Restless Spirits glossary has no "take from the Shrine" or
    "discard at random" entry; whether a targeted card needs a target is not printed."""
    sp = _cl("spirited")["sp.setup.clans"]
    assert sp.kind == "provisional" and "12 clans" in sp.reason
    rs = _cl("restless-spirits")
    for cid in ("rs.effect.take-shrine", "rs.effect.discard-random"):
        assert rs[cid].kind == "provisional" and "Glossary" not in rs[cid].source.section
    assert rs["rs.play-card.target"].kind == "ruling"
    assert "swap" in rs["rs.hand-limit"].text
    assert "at least one" not in rs["rs.achievement.perfectly-balanced"].text  # that part is the ruling's
    assert rs["rs.ruling.perfectly-balanced"].kind == "ruling"
    die = _cl("spirit-duels")["sd.die.value"].text
    assert "symbol it shows, whatever type of die" in die and "showing Attack is worth 2" in die


def test_glossary_citations_name_real_entries():
    """Clauses citing the Restless Spirits glossary are about a term the glossary defines."""
    from tutor.core.content import read_text, rulebooks_root
    root = rulebooks_root()
    if not (root / "restless-spirits.txt").is_file():
        pytest.skip("rulebooks not found")
    text = read_text(root / "restless-spirits.txt")
    glossary = text[text.index("Glossary of Terms & Icons\n\n"):text.index("Spirit FAQs\n\nSpirit Ability")]
    terms = [line.split(":")[0].strip().lower() for line in glossary.splitlines()[1:] if ":" in line]
    assert "adjacent" in terms and "hand limit" in terms
    for c in _cl("restless-spirits").values():
        if c.source.section == "Terminology > Glossary of Terms & Icons":
            said = (c.title + " " + c.text).lower()
            assert any(t.split("/")[0].split(" (")[0] in said for t in terms), c.id


def test_passing_of_time_is_discarded_and_the_hourglass_stops_at_the_end():
    """Spirited: a drawn Passing of Time card is discarded (the rulebook's word), the Hourglass is a counter of its
    own, and on the last space it moves no further (ruling sp.ruling.hourglass-end)."""
    from tutor.games.spirited.zones import Ctx, pass_time
    s = tutor.new_game("spirited", players=2, seed=1)
    g, st = s.game, s.state.model_copy(deep=True)
    card = next(x for x in st.deck if x.startswith("time"))
    st.deck.remove(card)
    c = Ctx(g, st)
    pass_time(c, 0, card)
    assert st.hourglass == 1 and st.discard[-1] == card
    assert [e.clause for e in c.events][:1] == ["sp.time.pass"] and "discarded" in c.events[0].text
    st.hourglass = g.track.length
    st.discard.remove(card)
    c = Ctx(g, st)
    pass_time(c, 0, card)
    assert st.hourglass == g.track.length and st.discard[-1] == card
    assert [e.clause for e in c.events] == ["sp.ruling.hourglass-end"]
    assert g.check_invariants(st) == []


def test_old_spirited_saves_move_the_time_pile_to_the_discard():
    s = tutor.new_game("spirited", players=2, seed=1)
    data = s.state.model_dump(mode="json")
    card = next(x for x in data["deck"] if x.startswith("time"))
    data["deck"].remove(card)
    data["time_pile"], data["hourglass"] = [card], 1
    st = type(s.state).model_validate(data)
    assert card in st.discard and st.hourglass == 1 and s.game.check_invariants(st) == []


@pytest.mark.parametrize("game,cid", [
    ("spirit-duels", "sd.ruling.zap-opponent-spreads"), ("spirit-duels", "sd.ruling.stage1-not-a-spirit"),
    ("restless-spirits", "rs.ruling.retrieve-short-shrine"), ("restless-spirits", "rs.ruling.refresh-full-board"),
    ("restless-spirits", "rs.ruling.swap-discard"), ("restless-spirits", "rs.ruling.twizel-full-board"),
    ("spirited", "sp.ruling.give-card"), ("spirited", "sp.march.max-three"), ("spirited", "sp.ruling.steal-exhausted"),
    ("spirited", "sp.shield.place"), ("spirited", "sp.ruling.hourglass-end"),
])
def test_our_choices_are_rulings_with_reasons(game, cid):
    c = _cl(game)[cid]
    assert c.kind == "ruling" and c.reason
    assert "rs.ruling.refresh-needs-space" not in _cl("restless-spirits")
    assert "sp.ruling.time-aside" not in _cl("spirited")


def test_a_totem_icon_meets_one_requirement(tmp_path):
    """Single & Double Totems: a Double Totem is two Single Totems in one card, so each icon meets one requirement.
    A Spirit (from a user card file) needing Key twice takes two Key icons: one Single Key Totem leaves one Key
    unmet; a second Key Totem meets it."""
    import yaml
    from tutor.core.content import content_root
    from tutor.games.restless_spirits.requirements import fill_options
    from tutor.games.restless_spirits.state import PlacedSpirit
    data = yaml.safe_load((content_root() / "restless-spirits" / "cards.yaml").read_text())
    gonga = next(x for x in data["spirits"] if x["id"] == "gonga")
    gonga["requirements"] = ["key", "key", "cloak"]
    p = tmp_path / "cards.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False))
    g = tutor.new_game("restless-spirits", players=2, seed=0, cards=p).game
    ps = PlacedSpirit(card="gonga")
    assert fill_options(g, ps, "t10") == ((0,),)  # one Single Key: one of the two Key requirements
    ps.slots[0] = "t10"
    assert fill_options(g, ps, "t20") == ((1,),)
    double = next(c.id for c in g.cards.by_id.values()
                  if g.card_kind(c.id) == "totem" and c.kind == "double" and "key" in c.icons and "cloak" in c.icons)
    assert fill_options(g, PlacedSpirit(card="gonga"), double) == ((0, 2),)  # Key and Cloak, not both Keys


def test_lesson_4_does_not_say_spirits_never_move():
    from tutor.core.content import content_root
    text = (content_root() / "restless-spirits" / "lessons" / "04-playing-totems.yaml").read_text()
    assert "never move" not in text and "freely" in text and "Twizel" in text


def test_a_card_lowering_overrun_limits_lasts_until_its_player_s_next_turn():
    """Overrun: "some card effects ... lower the limit". The tutor's Sao power (provisional) lowers every opponent's
    limits until its player's next turn; then they are back to 3."""
    from tutor.core.content import content_root
    from tutor.scenario import load_scenario, run
    res = run(load_scenario(content_root() / "spirited" / "scenarios" / "rule-overrun-limit-card-effect.yaml"))
    assert res.failures == []
    s = res.session
    assert s.game.facts(s.state)["p2.overrun_limit.aztecs"] == 2
    for _ in range(60):
        if s.state.current == 0 or s.is_over:
            break
        s.apply(s.legal_actions()[0])
    assert s.state.current == 0 and s.state.limit_mods == []
    assert s.game.facts(s.state)["p2.overrun_limit.aztecs"] == 3
    assert any(e.clause == "sp.overrun.lower" and "stops lowering" in e.text for e in s.history[-1].events)


@pytest.mark.parametrize("name, game, says", [
    ("faq-double-totem", "restless-spirits", "It is Player 1's turn, with 2 AP left."),
    ("faq-shield-no-overrun", "spirited", "It is Player 1's turn."),
    ("rule-activate-random-roll", "spirit-duels", "Round 1, Action Phase: Player 2 is to act"),
])
def test_prepared_table_log_tells_the_prepared_table(name, game, says):
    """A question's set-up log never tells the seeded deal its partial state overrides (trial 14: the log said
    "Player 2 ... first turn has 1 AP" while the question's table was Player 1's turn with 2 AP): it is one ruling
    event, ``<prefix>.ruling.prepared-table``, saying whose turn the prepared table is at."""
    from tutor.scenario import all_scenarios, load_scenario, start
    path = next(p for p in all_scenarios(game) if p.stem == name)
    s = start(load_scenario(path), str(path))
    prefix = s.game.clause_prefix
    assert [e.clause for e in s.setup_events] == [f"{prefix}.ruling.prepared-table"]
    assert s.game.clauses[f"{prefix}.ruling.prepared-table"].kind == "ruling"
    assert says in s.setup_events[0].text
    seat = s.game.current_player(s.state)
    assert f"Player {seat + 1}" in s.setup_events[0].text
    again = tutor.load_session(s.to_json())  # a saved prepared session keeps the same log
    assert again.setup_events == s.setup_events


def test_unprepared_game_keeps_the_deal_log():
    s = tutor.new_game("restless-spirits", players=2, seed=7, first_game=True, guides=["okada-mitsuo", "hana"])
    clauses = [e.clause for e in s.setup_events]
    assert "rs.setup.first-player" in clauses and "rs.ruling.prepared-table" not in clauses
