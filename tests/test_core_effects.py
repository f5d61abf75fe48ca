"""One effect registry for every game (issue #17, tutor/core/effects.py): each effect registered once with its
parameter model and handler, card effects parsed when the card file loads, unknown names refused naming the known."""
import pytest
from pydantic import BaseModel, ValidationError

from tutor.core.effects import EffectRegistry


class Amount(BaseModel):
    amount: int


def test_register_parse_and_run():
    reg = EffectRegistry("a-game", default_timings=("use",))
    seen = []
    reg.register("gain", Amount, lambda ctx, p: seen.append((ctx, p.amount)), needs_target=True)
    parsed = reg.parse("gain", {"amount": 2})
    assert parsed.effect == "gain" and parsed.params == Amount(amount=2) and parsed.kind is reg["gain"]
    assert reg["gain"].timings == ("use",) and reg["gain"].needs_target and "gain" in reg and list(reg) == ["gain"]
    reg.run("gain", "ctx", parsed.params)
    parsed.kind.run("ctx2", parsed.params)
    assert seen == [("ctx", 2), ("ctx2", 2)]


def test_an_effect_registered_twice_or_unknown_or_badly_given_is_refused():
    reg = EffectRegistry("a-game")
    reg.register("gain", Amount, None)
    with pytest.raises(ValueError, match="a-game: effect 'gain' is registered twice"):
        reg.register("gain", Amount, None)
    with pytest.raises(ValueError, match="unknown effect 'lose'; known effects: gain"):
        reg.parse("lose", {})
    with pytest.raises(ValidationError, match="amount"):
        reg.parse("gain", {"amount": "lots"})


def test_every_game_uses_the_one_registry():
    from tutor.games.restless_spirits.effects import REGISTRY as rs
    from tutor.games.spirit_duels.effects import REGISTRY as sd
    from tutor.games.spirited.effects import REGISTRY as sp
    assert all(isinstance(r, EffectRegistry) for r in (rs, sp, sd))
    assert (len(rs), len(sp), len(sd)) == (24, 8, 14)
    assert rs["no-hand-limit"].timings == ("on-release",) and rs["gain-ap"].timings == ("use", "on-release")


def test_one_card_file_loader_for_every_game(tmp_path):
    """tutor/core/cardfile.py: every game loads its card files through one CardFileLoader; a bad effect is refused
    naming the file, the field and the card."""
    import yaml

    from tutor.core.cardfile import CardFileLoader
    from tutor.core.content import content_root
    from tutor.core.errors import ContentError
    from tutor.games.restless_spirits.game import CARD_FILES as rs
    from tutor.games.spirit_duels.loading import CARD_FILES as sd
    from tutor.games.spirited.game import CARD_FILES as sp
    assert all(isinstance(x, CardFileLoader) for x in (rs, sp, sd))
    cards, params = sp.load()
    assert len(params) == 3 * len(cards.clans) + len(cards.wonders) and sp.load()[0] is cards
    data = yaml.safe_load((content_root() / "spirited" / "cards.yaml").read_text(encoding="utf-8"))
    data["wonders"][1]["effect"]["effect"] = "fly"
    bad = tmp_path / "cards.yaml"
    bad.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ContentError) as ei:
        sp.load(bad)
    assert str(ei.value).startswith(f"{bad}: wonders[1].effect ({data['wonders'][1]['id']}): unknown effect 'fly'")
    assert ei.value.field == "wonders[1].effect"


def test_a_loaded_card_file_is_out_of_the_garbage_collectors_way():
    """A loaded card set lives as long as the process: the loader freezes what is alive then (gc.freeze), so the
    collector's full collections during play no longer walk the cards, their effects or the modules."""
    import gc

    from tutor.games.spirit_duels.loading import CARD_FILES as sd
    cards, params = sd.load()
    tracked = {id(o) for o in gc.get_objects()}  # (frozen objects are not listed)
    assert gc.get_freeze_count() > 0
    assert id(cards) not in tracked and id(next(iter(params.values()))) not in tracked
