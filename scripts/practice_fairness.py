"""Counts of practice options a learner could not fairly get wrong or right by wording (session 37, issue 16), over
the first N questions of a seed per game (default 600, seed 1):

- ``same-kind-extra``: what-happens wrong chains whose extra rule plays a part in another legal move of the same
  kind at the position (its reasons or the rules applying it fires);
- ``related-extra``: what-happens wrong chains whose extra rule is related (either way) to the move's first rule
  (placing Wanwada fires "Mastery", related to "Attract a Lost Spirit (1 AP)" that placing Gonga fires);
- ``overlap-wrong``: which-rule wrong options whose rule says the same as the answer (related either way, or most
  of the shorter title's words in the other's title or text);
- ``named-answer``: which-rule questions whose answer's title shares a word with the move's label ("Attract a
  Lost Spirit (1 AP)" for "Attract Rinca"): found by its wording alone;
- ``which-rule``: which-rule questions in all.

Usage: ``python scripts/practice_fairness.py [N] [SEED]``.
"""
from __future__ import annotations

import itertools
import sys

import tutor
from tutor.practice import questions
from tutor.practice.positions import copy_session
from tutor.practice.which_rule import _title_words


def stems(text: str) -> set[str]:
    """The first five letters of each word of ``text`` that is not a common one."""
    return {w[:5] for w in _title_words(text.replace("[provisional]", ""))}


def says_related(clauses, a: str, b: str) -> bool:
    """Whether rule ``a`` names ``b`` as related, or ``b`` names ``a``."""
    return b in clauses[a].related or a in clauses[b].related


def says_same(clauses, a: str, b: str) -> bool:
    """Whether rules ``a`` and ``b`` say the same thing (related, or their titles/texts overlap)."""
    ca, cb = clauses[a], clauses[b]
    if b in ca.related or a in cb.related:
        return True
    ta, tb = _title_words(ca.title), _title_words(cb.title)
    xa, xb = _title_words(ca.text), _title_words(cb.text)
    return bool(ta) and bool(tb) and (ta <= xb or tb <= xa)


def measure(game: str, n: int, seed: int) -> dict[str, int]:
    clauses = tutor.clauses(game)
    out = dict.fromkeys(("questions", "what-happens", "same-kind-extra", "related-extra", "which-rule", "overlap-wrong",
                         "named-answer"), 0)
    for q in itertools.islice(questions(game, seed), n):
        out["questions"] += 1
        s = q.session
        if q.kind == "what-happens":
            out["what-happens"] += 1
            legal = s.legal_actions()
            a = next(x for x in legal if x.id == q.action_id)
            same = set()
            for b in legal:
                if b.kind == a.kind and b.id != a.id:
                    same |= set(b.clauses) | {e.clause for e in copy_session(s).apply(b.id).events}
            if any(c in same for o in q.options if not o.correct for c in o.outcome if c not in q.answer.outcome):
                out["same-kind-extra"] += 1
            first = q.answer.outcome[0]
            if any(says_related(clauses, first, c) for o in q.options if not o.correct
                   for c in o.outcome if c not in q.answer.outcome):
                out["related-extra"] += 1
        elif q.kind == "which-rule":
            out["which-rule"] += 1
            right = q.answer.clause
            out["overlap-wrong"] += sum(says_same(clauses, right, o.clause) for o in q.options if not o.correct)
            a = next(x for x in s.legal_actions() if x.id == q.action_id)
            out["named-answer"] += bool(stems(a.label) & stems(clauses[right].title))
    return out


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for game in tutor.GAMES:
        print(game, measure(game, n, seed))
