"""Two walkthrough files with one Id (issue 14, untrusted files): the Present list kept them apart by title and
offered both. The first file read keeps the Id; a later one is refused, naming both files and the Id: the page's
problems box (the Record tab's folded list, and the notes window's count) lists it and the Present list leaves it out.
Ids that differ only by capitals are one Id, and the other file is named with where it is (attack 41). Nothing else
changes: the files with Ids of their own are offered as before."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor import ContentError
from tutor.walkthrough import all_walkthroughs, dump, load_walkthrough
from widgets.model import ErrorPanel
from widgets.present_tab import IdClaims, Presenter, catalog

SHIPPED = all_walkthroughs("restless-spirits")[0]


@pytest.fixture
def saved(tmp_path, monkeypatch) -> Path:
    """The saved walkthroughs folder (never the real one)."""
    folder = tmp_path / "saved"
    folder.mkdir()
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(folder))
    return folder


def _save(folder: Path, name: str, wid: str, title: str, pad: int = 0) -> Path:
    """A copy of the shipped walkthrough saved as ``name`` with Id ``wid`` and ``title`` (``pad`` comment bytes
    after it, to make it a file the list names without reading)."""
    wt = load_walkthrough(SHIPPED).model_copy(update={"id": wid, "title": title})
    path = folder / name
    path.write_text(dump(wt) + "#" * pad + "\n", encoding="utf-8")
    return path


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).replace("&#x27;", "'").replace("&quot;", '"')


def test_a_later_file_with_a_listed_id_is_refused_naming_both_files_and_the_id(saved):
    shipped = load_walkthrough(SHIPPED)
    same = _save(saved, "same.yaml", shipped.id, "My copy under the shipped Id")
    own = _save(saved, "own.yaml", "my-own-id", "My copy under its own Id")
    twin = _save(saved, "twin.yaml", "my-own-id", "A second file with my Id")
    refused: list[str] = []
    out = catalog([str(SHIPPED), str(same), str(own), str(twin)], ErrorPanel(), "restless-spirits", refused)
    assert out == [(shipped.title, str(SHIPPED)), ("My copy under its own Id (saved: own.yaml)", str(own))]
    assert len(refused) == 2
    assert refused[0].endswith(f"same.yaml: Its Id, {shipped.id}, is already the Id of {SHIPPED.name} among the "
                               "walkthroughs that come with the tutor, listed before this file, so this one is not "
                               "offered. Give it an Id of its own."), refused[0]
    assert refused[1].endswith("twin.yaml: Its Id, my-own-id, is already the Id of own.yaml in your saved "
                               "walkthroughs, listed before this file, so this one is not offered. Give it an Id of "
                               "its own."), refused[1]
    assert str(saved) not in refused[1].split(": Its Id")[1]  # (the first file by its name, never its folder)


def test_the_presenter_lists_the_refused_file_in_its_problems_box_only(saved):
    own = _save(saved, "own.yaml", "my-own-id", "My copy under its own Id")
    twin = _save(saved, "twin.yaml", "my-own-id", "A second file with my Id")
    p = Presenter(ErrorPanel(), [str(SHIPPED), str(own), str(twin)], "restless-spirits")
    assert [v for _label, v in p.picker.options] == [str(SHIPPED), str(own)]
    box = _text(p.problems.value)
    assert "twin.yaml: Its Id, my-own-id, is already the Id of own.yaml in your saved walkthroughs" in box and p.problems.layout.display == ""
    assert p.files.count_line().startswith("1 walkthrough file does not load or stops before its end")
    p.open(str(own))  # (the first file is shown as before)
    assert p.walkthrough.title == "My copy under its own Id"


def test_a_file_listed_by_name_is_refused_when_chosen_if_its_id_is_taken(saved):
    own = _save(saved, "own.yaml", "my-own-id", "My copy under its own Id")
    big = _save(saved, "big.yaml", "my-own-id", "A large file with my Id", pad=20_000)  # (over 16 KB: by name)
    p = Presenter(ErrorPanel(), [str(SHIPPED), str(own), str(big)], "restless-spirits")
    assert [v for _label, v in p.picker.options] == [str(SHIPPED), str(own), str(big)]
    p.open(str(big))
    assert [v for _label, v in p.picker.options] == [str(SHIPPED), str(own)]  # never offered again
    assert "big.yaml: Its Id, my-own-id, is already the Id of own.yaml in your saved walkthroughs" in _text(p.problems.value)
    assert p.walkthrough.id == load_walkthrough(SHIPPED).id  # (the walkthrough shown stays)


def test_id_claims_let_a_file_claim_its_own_id_again():
    ids, wt = IdClaims(), load_walkthrough(SHIPPED)
    ids.claim(wt, SHIPPED)
    ids.claim(wt, SHIPPED)  # (chosen once more)
    with pytest.raises(ContentError) as exc:
        ids.claim(wt, "/elsewhere/copy.yaml")
    assert exc.value.field == "id" and (f"Its Id, {wt.id}, is already the Id of {SHIPPED.name} among the walkthroughs "
                                        "that come with the tutor, listed before this file, so this one is not "
                                        "offered") in str(exc.value)


def test_ids_that_differ_only_by_capitals_are_one_id(saved):
    """Attack 41: "my-Walk" and "my-walk" (and a shipped Id in capitals) were both offered. They are one Id: the
    later file is refused, both spellings named."""
    shipped = load_walkthrough(SHIPPED)
    upper = _save(saved, "upper.yaml", shipped.id.upper(), "The shipped Id in capitals")
    a = _save(saved, "a.yaml", "my-Walk", "Mine")
    b = _save(saved, "b.yaml", "my-walk", "Mine again, in small letters")
    refused: list[str] = []
    out = catalog([str(SHIPPED), str(upper), str(a), str(b)], ErrorPanel(), "restless-spirits", refused)
    assert [v for _label, v in out] == [str(SHIPPED), str(a)]
    assert refused[0].endswith(f"upper.yaml: Its Id, {shipped.id.upper()}, is already the Id of {SHIPPED.name} "
                               f"among the walkthroughs that come with the tutor (its Id there is {shipped.id}: "
                               "capitals do not make a different Id), listed before this file, so this one is not "
                               "offered. Give it an Id of its own."), refused[0]
    assert refused[1].endswith("b.yaml: Its Id, my-walk, is already the Id of a.yaml in your saved walkthroughs (its "
                               "Id there is my-Walk: capitals do not make a different Id), listed before this file, "
                               "so this one is not offered. Give it an Id of its own."), refused[1]


def test_a_file_of_the_same_name_in_another_folder_is_told_apart_by_where_it_is(saved, tmp_path):
    """Attack 41: "first-round.yaml: ... already the Id of first-round.yaml" named two files alike. Both places are
    said, by the folder's own name only (never the server's path)."""
    other = tmp_path / "colleague"
    other.mkdir()
    copy = _save(other, SHIPPED.name, load_walkthrough(SHIPPED).id, "A colleague's copy")
    p = Presenter(ErrorPanel(), [str(SHIPPED), str(copy)], "restless-spirits")
    assert [v for _label, v in p.picker.options] == [str(SHIPPED)]
    box = _text(p.problems.value)
    assert (f"{SHIPPED.name}: Its Id, {load_walkthrough(SHIPPED).id}, is already the Id of {SHIPPED.name} among the "
            "walkthroughs that come with the tutor, listed before this file, so this one, in the folder “colleague”, "
            "is not offered. Give it an Id of its own.") in box, box
    assert str(tmp_path) not in box


def test_a_bad_id_is_refused_in_a_teachers_sentence(saved):
    """Attack 41: the box read "The Id: the id 'bad id!' may hold only …"."""
    for name, wid in (("bad.yaml", "bad id!"), ("long.yaml", "a" * 100)):
        text = SHIPPED.read_text(encoding="utf-8").replace(f"id: {load_walkthrough(SHIPPED).id}", f"id: '{wid}'", 1)
        (saved / name).write_text(text, encoding="utf-8")
    p = Presenter(ErrorPanel(), [str(SHIPPED), str(saved / "bad.yaml"), str(saved / "long.yaml")], "restless-spirits")
    box = _text(p.problems.value)
    assert ("bad.yaml: The Id 'bad id!' may hold only letters, digits, '-' and '_' (starting with a letter or "
            "digit, at most 80 characters)") in box, box
    assert "long.yaml: The Id is too long: 100 characters, at most 80" in box, box
    assert "The Id:" not in box and "the id" not in box
