"""Trial 24 (high, issue #14): free play against the computer never names a card the learner may not see.

In Restless Spirits with the draft on, the step lines and titles said "Player 2 keeps Spirit Cloak (single) (draft
round 1)" and "The computer kept Spirit Cloak (single)" while the board showed its hand as "5 cards, hidden"; in
Spirit Duels' casual Line choice (What's Next? Drafting: kept hidden until both teams are revealed) the computer's
steps were titled with the Lines it chose, and the board listed them, marked "chosen", while it chose. Seeded free
games of each game, the learner's moves drawn at random, check after every step that no text of the page (board,
actions, the strip, the History, the computer's reasons and say line, a hint) names a card that sits in the
computer's hidden hand, draft packet or secret Line choice and was never public. What each rulebook makes public
stays named: a Spirited Shield's hidden side, the Shrine, a played card.
"""
from __future__ import annotations

import random
import re
from html import unescape

import pytest

import tutor
from tutor.bots import Still
from tutor.progress import ProgressStore
from widgets import TutorApp
from widgets.lessons import LearnApp
from widgets.style import prov_text
from widget_texts import html_values

#: (game, the free-play set-up chosen on the page, seed): the drafts where the computer's picks are secret, and
#: each game's usual set-up.
GAMES = [("restless-spirits", {"first_game": False}, 1), ("restless-spirits", {"first_game": False}, 3),
         ("restless-spirits", {"first_game": True}, 4), ("spirited", {}, 2),
         ("spirit-duels", {"setup": "draft", "lines": "casual"}, 2), ("spirit-duels", {}, 1)]
COMPUTER = 1


def free_play(game_id: str, options: dict, seed: int):
    """The learn page's free play against the computer (Auto off: its steps come by request), with a new game of
    ``seed`` and the set-up ``options`` chosen as a learner chooses them (the first-game box, the option lists)."""
    app = LearnApp(game_id).open_free_play()
    app.seats.auto.value = False
    ctl = app.controls
    for name, value in options.items():
        if name == "first_game":
            ctl.first_game.value = value
        else:
            ctl.choices[name].value = value
    ctl.seed_box.box.value = str(seed)
    ctl.start_new()
    assert app.session.game.seed == seed and all(app.session.game.options[k] == v for k, v in options.items())
    return app


def seen_text(app) -> str:
    """What the learner's page holds: every HTML value of the page, the History (built when opened) and the
    computer's say line (in the page though not shown on the one-screen table); tooltips (``title``) included."""
    return "\n".join(html_values(app.widget) + html_values(app.log.widget) + [unescape(app.seats.say.value)])


def flat(html: str) -> str:
    """``html`` as words: tooltips kept, tags dropped, the provisional mark (†) dropped."""
    titles = " ".join(re.findall(r'title="([^"]*)"', html))
    return re.sub(r"<[^>]+>", "", html + "\n" + titles).replace("†", "")


def card_ids_in(obj, known: set[str], out: set[str]) -> set[str]:
    """The card ids (of ``known``) anywhere in ``obj`` (an observation: JSON-like data)."""
    if isinstance(obj, str):
        if obj in known:
            out.add(obj)
    elif isinstance(obj, dict):
        for v in obj.values():
            card_ids_in(v, known, out)
    elif isinstance(obj, list):
        for v in obj:
            card_ids_in(v, known, out)
    return out


def all_cards(session) -> set[str]:
    """Every card id of the game."""
    g = session.game
    return set(g.all_cards(session.state)) if session.game_id == "spirited" else set(g.cards.by_id)


def hidden_cards(session) -> list[str]:
    """The cards in the computer's hidden places now: Restless Spirits its hand and draft packet (not the Totem it
    is playing, announced and waiting for its requirement); Spirited its Hand and face-down Camp cards; Spirit
    Duels its hand and set-aside cards."""
    s = session.state
    p = s.players[COMPUTER]
    if session.game_id == "restless-spirits":
        playing = {x for d in s.pending if d.actor == COMPUTER for x in (getattr(d, "cards", None) or ())}
        packet = s.draft.packets[COMPUTER] if s.draft is not None else []
        return [x for x in [*p.hand, *packet] if x not in playing]
    if session.game_id == "spirited":
        return [*p.hand, *(cc.card for camp in p.camps for cc in camp if not cc.face_up)]
    return [*p.hand, *p.aside]


def names(session, cards) -> set[str]:
    """The names the page would write for ``cards`` (Restless Spirits' Totems with their kind, "Spirit Cloak
    (single)": a single Totem's bare name is also a requirement's icon); none for Spirited, whose text names a
    card by its clan only."""
    g = session.game
    if session.game_id == "spirited":
        return set()
    out = set()
    for x in cards:
        if session.game_id == "restless-spirits" and g.card_kind(x) == "totem":
            out.add(g.totem_label(x).replace(" [provisional]", ""))
        else:
            out.add(g.cards.by_id[x].name)
    return out


def secret_lines(session) -> set[str]:
    """Spirit Duels' casual Line choice: the names of the computer's chosen Lines and their Spirits until both teams
    are revealed."""
    s = session.state
    if session.game_id != "spirit-duels" or s.draft is None or s.draft.revealed:
        return set()
    lines = [session.game.cards.line_by_id[sl.line] for sl in s.players[COMPUTER].spirits]
    return {ln.name for ln in lines} | {sp.name for ln in lines for sp in ln.spirits}


def take_step(app, choose) -> None:
    """One step of a free game against the computer: its move when it is to move (asked as the page asks it), else
    the learner's action ``choose(legal actions)`` clicked on the page."""
    if app.seats.computer_to_move():
        assert app.seats.request() is True
    else:
        app.actions.button_for(choose(app.session.legal_actions()).id).click()


@pytest.mark.parametrize(("game_id", "options", "seed"), GAMES)
def test_the_page_never_names_a_card_of_the_computers_hidden_hand(game_id, options, seed):
    """After each step of a seeded free game (the learner's moves at random, a hint now and then), no name of a
    card the computer holds hidden and never showed is in the page's text, nor the words of an event about such a
    card other than its public ones; the check bites (public words shown, secret Lines checked)."""
    app = free_play(game_id, options, seed)
    seats, rnd = app.seats, random.Random(seed)
    every = all_cards(app.session)
    public: set[str] = set()  # every card the learner's seat has seen so far (its observations' cards: the table,
    # its own hand and packet)
    kept_back = hid_lines = 0  # events that named a secret card, shown in their public words; secret Lines checked
    for i in range(110):
        s = app.session
        if s.is_over:
            break
        if i % 7 == 0 and not seats.computer_to_move():
            seats.hint()  # the learner's hint speaks of the learner's move only
        take_step(app, rnd.choice)
        s = app.session
        public |= card_ids_in(tutor.observation(s, 0), every, set())
        secret = set(hidden_cards(s)) - public
        page = seen_text(app)
        words = flat(page)
        leaked = sorted(n for n in names(s, secret) - names(s, public) if n in words)  # (a name shared by a seen card
        # is said of that card)
        lines = secret_lines(s)
        hid_lines += bool(lines)
        leaked += sorted(n for n in lines if n in words)
        assert leaked == [], (i, leaked, s.history[-1].action.label)
        for st in s.history[-8:]:  # each event line of the recent steps that involves a secret card
            for e in st.events:
                if set(e.cards) & secret and e.public != e.text:
                    assert prov_text(e.text) not in page, (i, e.text)
                    kept_back += e.public is not None and prov_text(e.public) in page
    assert kept_back > 0 or game_id == "spirited"  # (Spirited: cards reach a Hand from the public Road)
    assert hid_lines > 0 or options.get("lines") != "casual"


def test_the_computers_draft_keep_says_a_totem_was_kept():
    """The Restless Spirits draft (Setup: the players keep a Totem each at the same time, into their hands): the
    computer's keep reads as a person would say it, "Player 2 keeps a Totem (draft round 1).", beside the Totem
    draft chip, under the title "The computer kept a Totem (draft round 1)", in the strip, the History and the say
    line; "Show all hands" (for a teacher) names the Totem again."""
    app = free_play("restless-spirits", {"first_game": False}, 1)
    seats, s = app.seats, app.session
    while not (s.history and s.history[-1].action.kind == "draft-pick" and s.history[-1].action.actor == COMPUTER):
        take_step(app, lambda legal: legal[0])
    st = s.history[-1]
    card = st.action.param("totem")
    label = s.game.totem_label(card)
    assert st.action.label == f"Keep {label}" and st.events[0].text == f"Player 2 keeps {label} (draft round 1)."
    assert st.events[0].public == "Player 2 keeps a Totem (draft round 1)."
    assert tutor.view(s).public_label(st.action) == "Keep a Totem (draft round 1)"
    for lines in (app.last.event_lines(), app.log.event_lines()):  # the strip, then the History
        said = {unescape(text.value): chip.description for text, chip in lines}
        line = next(v for v in said if "keeps a Totem" in v)
        assert "Player 2 keeps a Totem (draft round 1)." in line and said[line] == "§ Totem draft"
    title = f"Step {st.index + 1} · The computer kept a Totem (draft round 1)"
    assert title in flat("\n".join(html_values(app.last.widget))) and title in flat(seen_text(app))
    assert "Player 2 (computer, normal) keeps a Totem (draft round 1):" in flat(app.seats.say.value)
    named = label.replace(" [provisional]", "")  # as the page writes it ("Spirit Cloak (single)")
    page = flat(seen_text(app))
    assert f"Player 2 keeps {named}" not in page and f"kept {named}" not in page
    seats.show_all.value = True  # a teacher asks to see every hand: the Totem is named again
    page = flat(seen_text(app))
    assert f"Player 2 keeps {named} (draft round 1)." in page and f"The computer kept {named}" in page


def test_each_games_view_says_what_the_others_may_know_of_a_hidden_choice():
    """``tutor.view(session).public_label``: Restless Spirits' draft keep (its round from the pick's own words);
    Spirit Duels' set-aside and casual Line choice (a competitive choice is revealed at once: named); an action that
    names nothing hidden gets None (the page shows its label)."""
    rs = tutor.new_game("restless-spirits", players=2, seed=1, first_game=False)
    while rs.state.phase != "draft":
        rs.apply(rs.legal_actions()[0].id)
    pick = rs.legal_actions()[0]
    assert pick.kind == "draft-pick" and tutor.view(rs).public_label(pick) == "Keep a Totem (draft round 1)"
    guide = tutor.new_game("restless-spirits", players=2, seed=1).legal_actions()[0]
    assert tutor.view(rs).public_label(guide) is None
    duel = tutor.new_game("spirit-duels", players=2, seed=1)
    aside = next(a for a in duel.legal_actions() if a.kind == "set-aside")
    assert tutor.view(duel).public_label(aside) == "Set aside a card"
    for mode, said in (("casual", "Choose a Spirit Line"), ("competitive", None)):
        sd = tutor.new_game("spirit-duels", players=2, seed=2, setup="draft", lines=mode)
        while not any(a.kind == "choose-line" for a in sd.legal_actions()):
            sd.apply(sd.legal_actions()[0].id)
        line = next(a for a in sd.legal_actions() if a.kind == "choose-line")
        assert tutor.view(sd).public_label(line) == said, mode


def test_a_reloaded_draft_still_hides_the_computers_keeps(tmp_path):
    """A free game resumed from the progress database (a reload) is replayed before the page knows which seats are
    the computer's: its step lines and titles are drawn again without the computer's kept Totems."""
    def store() -> ProgressStore:
        """The progress database both pages share."""
        return ProgressStore(f"sqlite:///{tmp_path / 'progress.sqlite'}", learner="learner")
    first = LearnApp("restless-spirits", store=store())
    first.tabs.selected_index = 1
    app = first.free
    app.seats.auto.value = False
    app.controls.first_game.value = False
    app.controls.start_new()
    while len(app.session.history) < 8:
        if app.seats.computer_to_move():
            assert app.seats.step() is True
        else:
            app.actions.button_for(app.session.legal_actions()[0].id).click()
    kept = [st.action.label.removeprefix("Keep ").replace(" [provisional]", "") for st in app.session.history
            if st.action.kind == "draft-pick" and st.action.actor == COMPUTER]
    again = LearnApp("restless-spirits", store=store()).free  # the reload
    assert len(again.session.history) == 8 and len(kept) == 3
    page = flat(seen_text(again))
    assert [k for k in kept if k in page] == [] and "The computer kept a Totem (draft round 3)" in page


def test_a_table_of_people_names_every_keep():
    """Hot seat (every seat a person's, as in a lesson or a teacher's walkthrough): no hand is hidden from the page,
    so a draft keep names its Totem in the step line and the title."""
    app = TutorApp(tutor.new_game("restless-spirits", players=2, seed=1, first_game=False), new_game=True)
    s = app.session
    while not (s.history and s.history[-1].action.kind == "draft-pick" and s.history[-1].action.actor == COMPUTER):
        app.actions.button_for(s.legal_actions()[0].id).click()
    label = s.history[-1].action.label.removeprefix("Keep ").replace(" [provisional]", "")
    page = flat("\n".join(html_values(app.widget) + html_values(app.log.widget)))
    assert f"Player 2 keeps {label} (draft round 1)." in page and f"Player 2: Keep {label}" in page


#: What a computer's reason may say only of a hand it shows: the count of its Totems that fit, or that one it took
#: fits (play26: "then 2 Totems already in its hand fit an unmet requirement" while its hand showed "5 cards,
#: hidden").
HAND_WORDS = re.compile(r"\d+ Totems? already in its hand|already in its hand|hand a Totem that fits")


def test_the_computers_reasons_say_nothing_of_its_hidden_hand():
    """Seeded Restless Spirits free games against the computer (the learner's moves at random): after each step no
    text of the page says how many of the computer's hidden Totems fit, or that a Totem it took fits, though its
    full reasons said so (the check bites); "Show all hands" (for a teacher) shows the full reason again."""
    said_full = 0
    for options, seed in (({"first_game": True}, 4), ({"first_game": False}, 1)):
        app = free_play("restless-spirits", options, seed)
        seats, rnd = app.seats, random.Random(seed)
        for i in range(90):
            s = app.session
            if s.is_over:
                break
            take_step(app, rnd.choice)
            assert HAND_WORDS.search(flat(seen_text(app))) is None, (seed, i)
        full = [st for st in app.session.history if st.action.actor == COMPUTER
                and HAND_WORDS.search(seats._decide_for(Still.before(app.session, st.index), st.action,
                                                        "normal")[1][0])]
        said_full += len(full)
        if full:
            st = full[-1]
            assert HAND_WORDS.search(flat(app.last.annotate(app.session, st))) is None
            seats.show_all.value = True
            assert HAND_WORDS.search(flat(app.last.annotate(app.session, st))) is not None
    assert said_full > 0
