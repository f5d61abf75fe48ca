"""The Spirit Duels board's look: Class and die colours, die and token glyphs, token tooltips, the board-only CSS,
and the Class chip."""
from __future__ import annotations

from ...style import esc

#: Class -> (fill, text) colours for Class chips.
CLASS_COLOURS = {
    "fire": ("#bf360c", "#fff"), "earth": ("#795548", "#fff"), "arcane": ("#6a1b9a", "#fff"),
    "electric": ("#f2c200", "#2b2000"), "nature": ("#2e7d32", "#fff"), "water": ("#0277bd", "#fff"),
    "toxic": ("#7cb342", "#1b2a00"), "ice": ("#80deea", "#00363d"), "wind": ("#b0bec5", "#1f2a30"),
}


#: face symbol -> (glyph, name); die type -> border colour.
GLYPH = {"attack": "⚔", "magic": "✦", "essence": "◆", "blank": "·"}


DIE_COLOURS = {"attack": "#c62828", "magic": "#6a1b9a", "essence": "#00897b", "advantage": "#b8900c"}


#: status token -> (glyph, word when present).
TOKENS = {"armor": ("◈", "Armored"), "burn": ("♨", "Burning"), "freeze": ("❄", "Frozen"),
          "poison": ("☠", "Poisoned")}


#: The Advantage Token as the rulebook describes it ("a token marked with a question mark", Components): a gold
#: disc with "?", so the board matches the printed token and the lesson text (sd-02-rounds) that names it.
ADVANTAGE_MARK = ('<span class="sd-advtoken" title="The Advantage Token: the token marked with a question mark">'
                  '?</span>')


#: Board-only CSS (the shared look lives in widgets/style.py); scoped by the ``sd-`` prefix.
CSS = """
.sd-board .rt-player { flex: 1 1 100%; }
.sd-strip { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; background: #fff;
  border: 1px solid #e2ddef; border-radius: 8px; padding: 5px 10px; margin-bottom: 8px; font-size: 13px; }
.sd-strip b { font-size: 14px; }
.sd-advtoken { display: inline-block; border-radius: 50%; width: 18px; height: 18px; line-height: 18px;
  text-align: center; font-weight: 800; background: #d4a514; color: #2b2000; font-size: 12px; margin-right: 3px; }
.sd-phase { border-radius: 6px; padding: 0 6px; font-weight: 700; font-size: 12px; background: #ede7f6;
  color: #4a2577; }
.sd-phase.sd-end { background: #fff0d6; color: #8a4b00; }
.sd-flag { font-size: 12px; border-radius: 6px; padding: 0 6px; background: #f1f0f5; color: #3d3850; }
.sd-flag.sd-hot { background: #fff4e0; color: #7c3f00; border: 1px solid #f0b35a; }
.sd-spirits { display: flex; gap: 8px; margin: 4px 0; align-items: stretch; }
.sd-col { flex: 1 1 0; min-width: 150px; display: flex; flex-direction: column; gap: 3px; }
.sd-pool { min-height: 42px; border: 1.5px dashed #d8d2e8; border-radius: 8px; padding: 3px 4px;
  display: flex; flex-wrap: wrap; gap: 3px; align-items: center; background: #fcfbff; }
.sd-pool .sd-pl { font-size: 10px; color: #625d73; width: 100%; line-height: 10px; }
.sd-die { display: inline-flex; flex-direction: row; align-items: center; justify-content: center; gap: 3px;
  min-width: 36px; height: 36px; border-radius: 6px; border: 2px solid; background: #fff; line-height: 1;
  padding: 0 4px 0 3px; cursor: help; }
.sd-die .sd-g { font-size: 15px; font-weight: 700; }
/* the face shown as the main word ("Attack"), the die's type and level small under it ("Essence L1") */
.sd-die .sd-k { display: inline-flex; flex-direction: column; align-items: flex-start; line-height: 1.1;
  white-space: nowrap; }
.sd-die .sd-k b { color: #2b2838; font-weight: 700; font-size: 12.5px; }
.sd-die .sd-k .sd-kind { font-size: 9.5px; color: #625d73; }
.sd-die.sd-blank .sd-g { color: #b0abbd; }
.sd-die.sd-adv { background: #fff3c4; box-shadow: 0 0 0 2px #d4a514; }
/* a die marked for a Meditate reroll (trial 19): a dashed outline and "↻ reroll" under its type, calm, in words */
.sd-die.sd-marked { border-style: dashed; background: #f4f0fb; height: auto; min-height: 36px; }
.sd-die .sd-mark { font-size: 9.5px; font-weight: 700; color: #3d1f66; letter-spacing: .02em; }
.sd-boost { font-size: 9px; font-weight: 800; color: #b71c1c; vertical-align: super; }
.sd-card { border: 2px solid #cfc8e2; border-radius: 9px; padding: 4px 7px; background: #fff; font-size: 12.5px;
  flex: 1 1 auto; line-height: 1.4; }
.sd-card.sd-exh { background: #f3f1f7; border-style: dashed; }
.sd-card.sd-presence { background: #eceaf2; border-color: #8a8599; }
.sd-card.sd-down { background: #3b3650; border-color: #3b3650; color: #fff; display: flex; align-items: center;
  justify-content: center; min-height: 90px; text-align: center; background-image: repeating-linear-gradient(45deg,
  rgba(255,255,255,.05) 0 8px, transparent 8px 16px); }
.sd-sname { font-weight: 800; font-size: 14px; }
.sd-stage { display: inline-block; font-size: 10.5px; font-weight: 700; border-radius: 5px; padding: 0 4px;
  background: #5b2d90; color: #fff; margin-left: 3px; vertical-align: 1px; }
.sd-cls { display: inline-block; border-radius: 5px; padding: 0 5px; font-size: 10.5px; font-weight: 700;
  margin: 1px 2px 1px 0; }
.sd-hp { height: 8px; border-radius: 4px; background: #e8f5e9; border: 1px solid #a5d6a7; overflow: hidden;
  margin: 3px 0 1px 0; }
.sd-hp > div { height: 100%; background: #43a047; }
.sd-hp.sd-low > div { background: #e53935; }
.sd-hptext { font-size: 12px; }
.sd-hptext b { font-size: 13.5px; }
/* (each power keeps its words together; a narrow card puts the last power on a second line, inside the card) */
.sd-powers { font-size: 12px; margin: 2px 0; display: flex; flex-wrap: wrap; align-items: baseline; }
.sd-powers span { margin-right: 6px; white-space: nowrap; }
.sd-powers span > .rt-prov { margin: 0 0 0 1px; }
.sd-tok { display: inline-block; border-radius: 6px; padding: 0 5px; font-size: 11.5px; font-weight: 700;
  margin: 1px 2px 1px 0; border: 1px solid; cursor: help; }
.sd-tok-armor { background: #efebe9; border-color: #795548; color: #4e342e; }
.sd-tok-burn { background: #fbe9e7; border-color: #d84315; color: #bf360c; }
.sd-tok-freeze { background: #e0f7fa; border-color: #00838f; color: #006064; }
.sd-tok-poison { background: #f1f8e9; border-color: #558b2f; color: #33691e; }
.sd-state { display: inline-block; font-size: 10.5px; font-weight: 700; border-radius: 5px; padding: 0 5px;
  margin: 1px 2px 1px 0; }
.sd-ready { background: #e4f6e7; color: #1b5e20; }
.sd-exhausted { background: #e0dde8; color: #3d3850; }
.sd-advdie { background: #fff3c4; color: #5c4600; border: 1px solid #d4a514; }
.sd-used { background: #ede7f6; color: #4a2c7a; border: 1px solid #b39ddb; }
.sd-small { font-size: 11px; color: #55506a; margin-top: 2px; }
.sd-trait { display: inline-block; border-radius: 6px; padding: 0 5px; font-size: 11.5px; background: #e8eaf6;
  border: 1px solid #5c6bc0; color: #1a237e; margin: 1px 2px 1px 0; }
.sd-counts { font-size: 12.5px; color: #3d3850; }
.sd-counts b { font-size: 14px; }
.sd-ess { color: #00796b; font-weight: 800; }
.sd-card-chip { display: inline-block; border-radius: 12px; padding: 1px 8px; margin: 1px 0; font-size: 12.5px;
  border: 1px solid; white-space: nowrap; background: #fff; }
.sd-card-chip small { color: #55506a; }
.sd-cost { display: inline-block; min-width: 14px; text-align: center; border-radius: 7px; background: #00897b;
  color: #fff; font-size: 10.5px; font-weight: 800; margin-right: 4px; }
.sd-back { display: inline-block; width: 16px; height: 22px; border-radius: 3px; background: #3b3650;
  margin-right: 2px; vertical-align: middle; }
.rt-g-card { border-color: #00897b; color: #004d40; }
/* dice actions in slate blue: red is the colour of a refusal ("not possible now"), never of a legal action */
.rt-g-dice { border-color: #3f51b5; color: #1a237e; }
.rt-g-item { border-color: #b8900c; color: #5c4600; }
.tutor-action.rt-b-card { border-left-color: #00897b; color: #004d40; background: #eef8f6; }
.tutor-action.rt-b-dice { border-left-color: #3f51b5; color: #1a237e; background: #f0f2fb; }
.tutor-action.rt-b-item { border-left-color: #d4a514; color: #5c4600; background: #fdf8e8; }
.sd-draft { background: #fff; border: 1px solid #e2ddef; border-radius: 8px; padding: 6px 10px; margin-bottom: 8px;
  font-size: 12.5px; }
.sd-classes { display: flex; flex-wrap: wrap; gap: 5px; margin: 3px 0 6px 0; }
.sd-classcard { border-radius: 8px; padding: 3px 8px; font-weight: 700; font-size: 12.5px; min-width: 74px;
  text-align: center; line-height: 1.25; }
.sd-classcard small { display: block; font-weight: 400; font-size: 10.5px; }
.sd-classcard.sd-taken { opacity: .38; }
.sd-order span { display: inline-block; border-radius: 6px; padding: 0 6px; margin-right: 3px; background: #f1f0f5;
  font-size: 12px; }
.sd-order span.sd-done { background: #e4f6e7; color: #1b5e20; }
.sd-order span.sd-now { background: #5b2d90; color: #fff; font-weight: 700; }
.sd-lines { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0; }
.sd-line { border: 2px solid #cfc8e2; border-radius: 9px; padding: 4px 7px; background: #fff; font-size: 12px;
  flex: 1 1 180px; line-height: 1.4; }
.sd-line.sd-chosen { border-color: #2e7d32; background: #f3fbf3; }
.sd-hidden { display: inline-block; border-radius: 6px; padding: 0 6px; background: #3b3650; color: #fff;
  font-size: 11.5px; }
"""


def class_chip(cls: str, primary: bool = True) -> str:
    bg, fg = CLASS_COLOURS.get(cls, ("#6a6484", "#fff"))
    tip = f"{'Primary' if primary else 'Secondary'} Class: {cls.capitalize()}"
    return f'<span class="sd-cls" style="background:{bg};color:{fg}" title="{esc(tip)}">{esc(cls.capitalize())}</span>'
