"""Learners' names in the progress database: the name the environment gives (:func:`learner_name`), the key a
learner's progress is kept under (:func:`learner_key`: a name exactly as it is but for its composed Unicode form,
never folded; one with invisible or bidi characters, or another learner's name but for its marks, refused,
:class:`LearnerNameError`), and a name as a page shows it (:func:`shown_name`, :func:`clean_name`).
:mod:`tutor.progress.store` keeps progress under these keys.
"""
from __future__ import annotations

import getpass
import hashlib
import os
import unicodedata

from .models import NAME_MAX

def learner_name() -> str:
    """The learner's name as the environment gives it: ``$JUPYTERHUB_USER`` on a hub (exactly as it is: never
    stripped or cleaned, see :func:`learner_key`), else the local user name (``"learner"`` if neither is known)."""
    name = os.environ.get("JUPYTERHUB_USER", "")
    if not name:
        try:
            name = getpass.getuser()
        except (KeyError, OSError):  # no user name in the environment or the password database
            name = ""
    return name or "learner"


def clean_name(name: str) -> str:
    """``name`` without control characters, stripped, at most :data:`NAME_MAX` characters: for showing a name only
    (the class hub's login rule, ``deploy/tutor_hub.py``, refuses any name this changes). Never the key of a learner's
    progress: two names that differ only in what this removes are different people (see :func:`learner_key`)."""
    return "".join(ch for ch in str(name) if ch.isprintable()).strip()[:NAME_MAX]


class LearnerNameError(ValueError):
    """A learner's name the progress store will not keep progress under (see :func:`learner_key`); its message is
    one plain sentence for the learner."""


#: Characters Python counts as printable that show nothing (Unicode's default-ignorable code points that are not
#: format characters: the combining grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian and other
#: variation selectors; and the blank Braille pattern).
INVISIBLE = frozenset(map(chr, (0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2800,
                                0x3164, 0xFFA0, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0))))
#: Longest name taken at all (a longer one is refused, not hashed: no sign-in name is that long).
NAME_TAKEN_MAX = 1000
#: The mark between the start of a long name and its digest in :func:`learner_key` (32 hexadecimal digits follow).
LONG_MARK = "\u2026"
_DIGEST_HEX = 32


def invisible_chars(name: str) -> list[str]:
    """The characters of ``name`` that show nothing or change how the rest shows: control, format (zero-width
    spaces and joiners, soft hyphens, bidi controls, word joiners, the byte-order mark...), separators other than
    the plain space (no-break, line and paragraph separators...), surrogates, private-use and unassigned code
    points, and :data:`INVISIBLE`; each once, in order."""
    out: list[str] = []
    for ch in name:
        if (not ch.isprintable() or ch in INVISIBLE) and ch not in out:
            out.append(ch)
    return out


def _char_words(ch: str) -> str:
    """``U+200B ZERO WIDTH SPACE``: a character named for a learner (never the character itself)."""
    named = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {named}" if named else "")


def learner_key(name: str) -> str:
    """The name a learner's progress is kept under in the database (the ``learner`` table's ``name``): the same name
    always gives the same key, and two different names never give the same one.

    The choice, and why: a name is kept exactly as it is (in NFC; never cleaned, stripped or cut), since any folding merges
    two people into one learner row (they then read and overwrite each other's progress), and the class hub's own
    login rule is not the only way in: another authenticator (LDAP, OAuth) may hand any name to a learner's server.

    - A name holding characters that show nothing or reorder the text (:func:`invisible_chars`: zero-width and
      bidi controls, other format characters, control characters, odd spaces) or spaces around it is refused
      (:class:`LearnerNameError`), not kept: the teacher's class page lists learners by name, and such a name looks
      exactly like another learner's (``alice`` and ``alice`` + a zero-width space), so it could pass for them
      there. The page then works on in memory and says why in one plain sentence.
    - A name longer than :data:`NAME_MAX` characters (a long directory name) is kept as its first characters, then
      :data:`LONG_MARK` and 32 hexadecimal digits of its SHA-256 (exactly :data:`NAME_MAX` characters): such a
      person keeps saving, and two long names that share their first 67 characters stay two learners. A name of
      :data:`NAME_MAX` characters or fewer that has that very form is refused, so no short name can take a long
      one's row. Names over :data:`NAME_TAKEN_MAX` characters are refused.
    - A name is read in Unicode's composed form (NFC: ``zoe`` + a combining diaeresis is ``zoë``, the one name
      written two ways; issue 14). A name that could pass for another by look-alike letters is refused (attack 32):
      one not in NFKC form (full-width ``ａｌｉｃｅ``, ligatures) or one that mixes the Latin, Cyrillic and Greek
      alphabets (``аlice`` with a Cyrillic ``а``). (The class hub's own login rule folds such names the same way.)
      One that differs from a learner already kept only by marks (``tess`` and ``tesś``, ``tess`` + U+20DD) is
      refused when the store opens (:func:`lookalike_of`).

    Returns the key (the NFC form of ``name`` for a name of at most :data:`NAME_MAX` characters).

    Raises:
        LearnerNameError: the name is empty, not text, too long, has spaces around it, has the long-name form,
            holds invisible characters or look-alike letters; its message is a plain sentence for the learner.
    """
    if not isinstance(name, str) or not name:
        raise LearnerNameError("You have no sign-in name, so the tutor cannot tell your progress from other "
                               "learners'.")
    name = unicodedata.normalize("NFC", name)
    bad = invisible_chars(name)
    if bad:
        shown = ", ".join(_char_words(ch) for ch in bad[:3]) + (f" and {len(bad) - 3} more" if len(bad) > 3 else "")
        raise LearnerNameError(f"Your sign-in name holds characters that cannot be seen ({shown}), so it could "
                               "be taken for another learner's name.")
    if name != name.strip():
        raise LearnerNameError("Your sign-in name begins or ends with a space, so it could be taken for another "
                               "learner's name.")
    if len(name) > NAME_TAKEN_MAX:
        raise LearnerNameError(f"Your sign-in name is longer than {NAME_TAKEN_MAX} characters, longer than the "
                               "tutor keeps.")
    if len(name) <= NAME_MAX and _long_form(name):
        raise LearnerNameError("Your sign-in name has the form the tutor gives to very long names, so it could "
                               "be taken for another learner's name.")
    if unicodedata.normalize("NFKC", name) != name:
        raise LearnerNameError("Your sign-in name is written with other forms of ordinary letters (such as "
                               "full-width letters or ligatures), so it could be taken for another learner's name.")
    scripts = _alphabets(name)
    if len(scripts) > 1:
        raise LearnerNameError(f"Your sign-in name mixes letters of the {' and '.join(scripts)} alphabets, which "
                               "share look-alike letters, so it could be taken for another learner's name.")
    if len(name) <= NAME_MAX:
        return name
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:_DIGEST_HEX]
    return name[:NAME_MAX - _DIGEST_HEX - len(LONG_MARK)] + LONG_MARK + digest


#: The alphabets with letters that look alike (Latin a, Cyrillic а, Greek ο ...): a name mixing two is refused.
_LOOKALIKE_ALPHABETS = ("CYRILLIC", "GREEK", "LATIN")


def _alphabets(name: str) -> list[str]:
    """The look-alike alphabets (:data:`_LOOKALIKE_ALPHABETS`) ``name``'s letters come from, as words ("Cyrillic")."""
    found = {unicodedata.name(ch, "").split(" ")[0] for ch in name if ch.isalpha()}
    return [a.title() for a in _LOOKALIKE_ALPHABETS if a in found]


def _long_form(key: str) -> bool:
    """Whether ``key`` has the form :func:`learner_key` gives a long name (start, mark, 32 hex digits)."""
    tail = key[-_DIGEST_HEX:]
    return (len(key) == NAME_MAX and key[-_DIGEST_HEX - len(LONG_MARK):-_DIGEST_HEX] == LONG_MARK
            and all(c in "0123456789abcdef" for c in tail))


#: Latin letters with no mark to take off that look like a plain one: the dotless i and j, the kra, the long s, and
#: letters with a stroke (attack 47, M3: ``alıce``, ``ȷohn``, ``ĸate`` passed for ``alice``, ``john``, ``kate``).
LOOKALIKE_LETTERS = {"ı": "i", "ȷ": "j", "ĸ": "k", "ſ": "s", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h",
                     "ŧ": "t", "ŋ": "n", "ƚ": "l", "ɨ": "i", "ƀ": "b", "ɉ": "j", "ƶ": "z"}


def name_skeleton(name: str) -> str:
    """``name`` as it looks without its marks: decomposed (NFD), combining marks (Unicode categories Mn, Mc, Me:
    accents, overlays, enclosing circles) and invisible characters (:func:`invisible_chars`) left out, each of
    :data:`LOOKALIKE_LETTERS` as the plain letter it looks like, composed again (NFC). ``tesś``, ``tess`` + U+0338,
    ``tess`` + U+20DD and ``teſs`` all have the skeleton ``tess``."""
    bare = unicodedata.normalize("NFD", str(name))
    hidden = set(invisible_chars(bare))
    return unicodedata.normalize("NFC", "".join(LOOKALIKE_LETTERS.get(ch, ch) for ch in bare
                                                if not unicodedata.category(ch).startswith("M") and ch not in hidden))


def lookalike_of(key: str, others) -> LearnerNameError | None:
    """The refusal of a new learner ``key`` (a :func:`learner_key`) when one of ``others`` (the names of the
    learners already kept) differs from it only by marks or invisible characters (:func:`name_skeleton`: issue 14,
    ``tess`` + a combining accent was kept as a learner of its own beside ``tess``), else ``None``. The other
    learner is not named (a learner's name is the class page's, not another learner's, to show)."""
    bare = name_skeleton(key)
    if any(o != key and name_skeleton(o) == bare for o in others if isinstance(o, str)):
        return LearnerNameError("Your sign-in name differs from another learner's only by accents or marks that "
                                "are easy to miss, so it could be taken for that learner's name.")
    return None


def shown_name(name: str) -> str:
    """``name`` for a page, every invisible character written as its code (``U+200B``) so that nothing in it is
    hidden; at most :data:`NAME_MAX` characters, then ``…``."""
    text = "".join(f"<U+{ord(ch):04X}>" if (not ch.isprintable() or ch in INVISIBLE) else ch for ch in str(name))
    return text if len(text) <= NAME_MAX else text[:NAME_MAX] + "…"
