"""A Spirited card file's ``passing_of_time`` out of its range is refused naming that field and the range (attack 43,
L3: 0, -3 and 1000000000 were blamed on "time_track[2].length: ... the track has 0 moves", a field the author had
not touched). A count in range that the Time Track does not match is still the track's to fix."""
from __future__ import annotations

import pytest

import card_files as cf
from tutor.core.errors import ContentError
from tutor.games.spirited.cards import MAX_PASSING_OF_TIME
from tutor.games.spirited.game import CARD_FILES


def _load(data, tmp_path):
    path = cf.write(data, tmp_path / "cards.yaml")
    CARD_FILES.cache_clear()
    return path, CARD_FILES.load(path)


@pytest.mark.parametrize("value", [0, -3, 1_000_000_000, MAX_PASSING_OF_TIME + 1])
def test_a_count_out_of_range_is_named_with_its_range(tmp_path, value):
    data = cf.shipped("spirited")
    data["passing_of_time"] = value
    with pytest.raises(ContentError) as refused:
        _load(data, tmp_path)
    path = str(tmp_path / "cards.yaml")
    assert str(refused.value).startswith(f"{path}: passing_of_time: a whole number from 1 to {MAX_PASSING_OF_TIME}")
    assert "time_track" not in str(refused.value)
    assert refused.value.field == "passing_of_time"


def test_a_count_in_range_with_its_track_loads_and_a_mismatch_names_the_track(tmp_path):
    data = cf.shipped("spirited")
    data["passing_of_time"] = 4
    for track in data["time_track"].values():
        track["length"] = 4
    cards = _load(data, tmp_path)[1][0]
    assert cards.passing_of_time == 4 and cards.time_cards() == ["time-1", "time-2", "time-3", "time-4"]
    data["time_track"][2]["length"] = 3
    with pytest.raises(ContentError, match=r"time_track\[2\]\.length: the Hourglass moves once per Passing of Time "
                                           r"card, so the track has 4 moves"):
        _load(data, tmp_path)
