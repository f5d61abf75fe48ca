"""The what-if comparison in sentences a person would say, with the games' own terms (trial 21: "In the rulebook's
case this is true; after your change it is not: Player 1 · hand: Aztecs, Greeks. After your change: Aztecs." and a
table row "Player 1 · road")."""
from __future__ import annotations

from tutor import faq
from tutor.faq_whatif.fact_words import differs_sentence, fact_label, fact_subject
from tutor.scenario import load_scenario
from tutor.core.content import content_root


def test_the_shield_what_if_reads_as_sentences_in_spirited_words():
    sc = load_scenario(content_root() / "spirited" / "scenarios" / "faq-shield-no-retro.yaml")
    c = faq.compare(sc, faq.edit_setup(sc, faq.MoveCard("greeks", faq.Zone("road", 1), faq.Zone("camp1", 1))))
    said = {ch.label: ch for ch in c.changes if ch.label}
    assert said["Player 1's Hand"].sentence == ("In the rulebook's case Player 1's Hand holds Aztecs and Greeks; after "
                                                "your change it holds Aztecs.")
    assert said["Player 1's Road"].sentence == ("In the rulebook's case Player 1's Road holds Chinese 1 and Norse 1; "
                                                "after your change it holds Greeks 2 and Japanese 1.")
    text = " ".join(c.sentences())
    assert " · " not in text and "this is true" not in text and "After your change:" not in text


def test_each_game_keeps_its_own_capitals():
    assert fact_subject("p2.hand", "spirited") == ("Player 2's Hand", "holds")
    assert fact_subject("p2.hand", "restless-spirits") == ("Player 2's hand", "holds")  # that rulebook writes "hand"
    assert fact_subject("p1.camps", "spirited") == ("Player 1's Camps", "hold")
    assert fact_label("p1.overrun_limit.aztecs", "spirited") == "Player 1's Overrun limit for Aztecs"
    assert fact_label("current", "spirit-duels") == "The current player"
    assert fact_label("p1.s1.exhausted", "spirit-duels", {"p1.s1": "Player 1's Tychomp"}) == "Player 1's Tychomp exhausted"


def test_empty_places_and_yes_or_no_read_plainly():
    names = {"p1.s1": "Player 1's Tychomp"}
    assert differs_sentence("p1.s1.exhausted", "spirit-duels", names, "yes", "no") == (
        "In the rulebook's case Player 1's Tychomp is exhausted; after your change it is not exhausted.")
    assert differs_sentence("p1.hand", "restless-spirits", {}, "Drum", "none", " (seen after step 1, where your "
                            "game stops)") == ("In the rulebook's case Player 1's hand holds Drum; after your change it "
                                               "holds nothing (seen after step 1, where your game stops).")
    assert differs_sentence("p1.released", "restless-spirits", {}, "Gonga", "none") == (
        "In the rulebook's case Player 1's released Spirits are Gonga; after your change Player 1 has no released "
        "Spirits.")
    assert differs_sentence("p1.hand_size", "spirited", {}, "2", "1") == (
        "In the rulebook's case Player 1's Hand holds 2 cards; after your change Player 1's Hand holds 1 card.")
    # a state of play, not a thing: said as a sentence (session 31: "The phase is draft", "The Battle is battle")
    assert differs_sentence("phase", "spirit-duels", {}, "action", "over") == (
        "In the rulebook's case it is the Action Phase; after your change the game is over.")
    assert differs_sentence("allegiance.norse", "spirited", {}, "none", "Player 2") == (
        "In the rulebook's case no player holds the Norse Allegiance; after your change Player 2 holds the Norse "
        "Allegiance.")


def test_a_negative_check_carries_its_positive_wording_from_the_engine():
    """Trial 38: the what-if table read "“Attract” is not a legal action | ✓ true | ✕ not true" (a double negative).
    The engine says each negative check in the positive too (``Part.positive``), so the table never parses its
    English; :meth:`Change.in_positive` swaps the results with it."""
    from tutor.faq_whatif.compare import Change, run_far
    sc = load_scenario(content_root() / "restless-spirits" / "scenarios" / "faq-max-three-spirits.yaml")
    parts = run_far(sc).parts
    neg = [p for p in parts if p.line.endswith(" is not a legal action")]
    assert neg and all(p.positive == p.line.replace(" is not a legal action", " is a legal action") for p in neg)
    assert all(p.positive == "" for p in parts if " not " not in p.line)
    ch = Change("“Play Pickpocket” is not a legal action", "holds", "fails", "s", positive="“Play Pickpocket” is a "
                "legal action")
    assert ch.in_positive() == ("“Play Pickpocket” is a legal action", "fails", "holds")
    ch = Change("The rule “Double Totem” does not apply in the last step", "fails", "not reached", "s",
                positive="The rule “Double Totem” applies in the last step")
    assert ch.in_positive() == ("The rule “Double Totem” applies in the last step", "holds", "not reached")
    assert Change("“Attract Gonga” is a legal action", "holds", "fails", "s").in_positive() == (
        "“Attract Gonga” is a legal action", "holds", "fails")


def test_a_fact_inside_a_sentence_is_not_capitalised():
    """Trial 39: the FAQ's checks read "in the game shown now: The number of cards in Player 2's hand is 5" and
    "Player 1's activation tokens are 2"."""
    from tutor.faq_whatif.fact_words import fact_said
    assert fact_said("p2.hand_size", "restless-spirits", {}, "5", inside=True) == \
        "the number of cards in Player 2's hand is 5"
    assert fact_said("p2.hand_size", "restless-spirits", {}, "5") == "The number of cards in Player 2's hand is 5"
    assert fact_said("p1.activation_tokens", "restless-spirits", {}, "2") == \
        "The number of Player 1's Activation Tokens is 2"
    # trial 39: "in the game shown now: the choice waiting is none" beside a check "No choice is waiting"
    assert fact_said("pending", "restless-spirits", {}, "none", inside=True) == "no choice is waiting"
    assert fact_said("pending", "restless-spirits", {}, "none") == "No choice is waiting"
