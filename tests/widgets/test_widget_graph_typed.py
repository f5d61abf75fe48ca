"""What is typed in the ability graph's boxes is read as the FAQ search reads its box (trial 23): one function,
``widgets.style.typed`` (NFKC, format characters such as bidi controls dropped, bounded), so ``ＧＯＮＧＡ`` finds
Gonga and a right-to-left override never reaches the page."""
from __future__ import annotations

from tutor import faq, fold_text
from widgets import FaqExplorer
from widgets.graph import GraphView
from widgets.style import TYPED_LIMIT, typed


def test_typed_folds_full_width_letters_drops_bidi_controls_and_is_bounded():
    assert typed("ＧＯＮＧＡ") == "GONGA" == fold_text("ＧＯＮＧＡ")
    assert typed("\u202eNord\u200bheim\u2066") == "Nordheim"
    assert typed("ﬁre") == "fire" and typed(None) == "" and typed("plain words") == "plain words"
    assert len(typed("ｘ" * 100_000)) == TYPED_LIMIT and typed("ｘ" * 100_000) == "x" * TYPED_LIMIT


def test_how_can_a_affect_b_reads_full_width_and_bidi_text_as_plain_names(G):
    v = GraphView("restless-spirits", G=G, focus=False)
    v.src.value, v.dst.value = "\u202eＮＯＲＤＨＥＩＭ", "Bai\u200bkeng\u202c"
    v.how.click()
    assert "Nordheim blocks Baikeng" in v.path.value, v.path.value
    assert any("path" in e.classes for e in v.cy.graph.edges)
    v.ask_path("Nordheim", "zz\u202eyy")  # said back without the control
    assert "No card or rule word is called “zzyy”" in v.path.value and "\u202e" not in v.path.value
    assert v.errors.output.outputs == ()


def test_find_reads_full_width_letters(G):
    v = GraphView("restless-spirits", G=G, focus=False)
    assert v.find_node("ＧＯＮＧＡ") == v.find_node("Gonga") == "restless-spirits:gonga"


def test_the_faq_search_reads_its_box_the_same_way():
    ex = FaqExplorer("faq-double-totem", index=faq.build_index("restless-spirits"))
    ex.search.value = "double"
    plain = ex.shown_ids
    ex.search.value = "ＤＯＵＢＬＥ\u202e"
    assert plain and ex.shown_ids == plain
