"""The FAQ explorer's look: the question list, the question card, the script stepper, the answer box and its live
checks (CSS classes ``rt-faq-*``, ``tutor-scenario``, ``tutor-faq-*``, ``rt-x-*``). The table layout is
:mod:`widgets.faq_table`'s, the what-if panel's :mod:`widgets.faq_whatif`'s."""
from __future__ import annotations

CSS = """
.rt-faq-problem { background: #fff4e0; border: 1px solid #f0b35a; border-radius: 8px; padding: 4px 8px; margin: 4px 0;
  font-size: 13px; color: #4a3200; }
.rt-faq-side { background: #fbfaff; border: 1px solid #ddd6ee; border-radius: 10px; padding: 8px; margin: 4px; }
.rt-faq-list { max-height: 460px; overflow-y: auto; padding-right: 4px; }
.rt-faq-count { font-size: 12px; color: #6a6484; margin: 2px 0 4px 2px; }
.rt-faq-game { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #5b2d90; font-weight: 700;
  margin: 8px 0 2px 2px; }
.rt-faq-item { background: #fff; border: 1px solid #e2ddef; border-radius: 8px; margin: 3px 0; padding: 2px 4px 5px 4px; }
/* the list's boxes hold wrapping text only: no sideways scroll bar for their widgets' 2px margins */
.rt-faq-side, .rt-faq-item { overflow-x: hidden !important; }
.rt-faq-item.rt-selected { border-color: #5b2d90; background: #f5effd; box-shadow: 0 0 0 2px #e3d6f7; }
.tutor-scenario.jupyter-button, .tutor-scenario.widget-button { height: auto; min-height: 24px; white-space: normal;
  text-align: left; background: transparent; box-shadow: none; color: #1f1d2b; font-weight: 600; padding: 2px 6px;
  line-height: 1.3; font-size: 13.5px; }
.tutor-scenario.jupyter-button:hover { color: #5b2d90; text-decoration: underline; }
/* a saved question: its name (what its author typed), then its question (the what-if) in two lines at most */
/* beside a saved question's name, its file's name, quiet (two questions of one title told apart) */
.rt-faq-mine-head { align-items: center; flex-wrap: wrap; }
.rt-faq-mine-head > .tutor-scenario { width: auto !important; flex: 0 1 auto; min-width: 0; }
.rt-faq-mine-head > .widget-html { flex: 0 1 auto; min-width: 0; margin: 0 !important; height: auto; line-height: 1.3; }
.rt-faq-mine-head .widget-html-content { height: auto; line-height: 1.3; }
.rt-faq-mine-file { font-size: 11.5px; color: #6a6484; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
  display: inline-block; max-width: 100%; line-height: 1.3; }
.rt-faq-mine-q { font-size: 12px; color: #5a5470; line-height: 1.35; padding: 0 6px 2px 6px; overflow: hidden;
  display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
.tutor-faq-more.jupyter-button, .tutor-faq-more.widget-button { margin: 6px 0 2px 0; background: #efe9f9;
  color: #4a2577; font-weight: 600; border-radius: 8px; box-shadow: none; border: 1px dashed #c9b8e8; }
.tutor-faq-more.jupyter-button:hover { background: #e4dbf5; }
.rt-faq-tags { padding: 0 6px; line-height: 1.5; }
.rt-ftag { display: inline-block; font-size: 11px; border-radius: 9px; padding: 0 7px; margin: 1px 2px 1px 0;
  background: #f1eafc; color: #4a2577; border: 1px solid #d9c9f2; white-space: nowrap; }
.rt-ftag.rt-fcard { background: #eef7ee; color: #1b4d1f; border-color: #c3e2c5; }
.rt-faq-card { background: #fff; border: 1px solid #ddd6ee; border-radius: 10px; padding: 10px 14px; margin: 4px; }
.rt-faq-kicker { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #6a6484; }
/* a saved question's own name, as its author typed it (not in capitals) */
.rt-faq-own { text-transform: none; letter-spacing: 0; }
.rt-faq-q { font-size: 19px; font-weight: 700; line-height: 1.3; margin: 4px 0 6px 0; color: #2b1650; }
.rt-faq-src { font-size: 12px; color: #6a6484; }
.rt-faq-whatif { background: #fff4e0; border: 1px solid #f0b35a; border-radius: 8px; padding: 4px 8px; margin-top: 6px;
  font-size: 13px; }
.rt-faq-script { background: #f4f0fb; border: 1px solid #ddd6ee; border-radius: 10px; padding: 6px 10px; margin: 4px; }
.rt-faq-script .rt-faq-info { font-size: 13px; margin-left: 8px; }
.tutor-faq-next.jupyter-button, .tutor-faq-play.jupyter-button { background: #5b2d90; color: #fff; }
.tutor-faq-show.jupyter-button { background: #2e7d32; color: #fff; }
.tutor-faq-answer { background: #f3fbf4; border: 1px solid #9fd3a6; border-radius: 10px; padding: 8px 12px; margin: 4px; }
.rt-faq-from { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em; color: #1b5e20; }
.rt-faq-atext { font-size: 15px; line-height: 1.45; margin: 4px 0 8px 0; white-space: pre-line; }
.rt-faq-checks { list-style: none; margin: 0; padding: 0; }
.rt-faq-checks li { margin: 3px 0; padding: 3px 8px; border-radius: 6px; font-size: 12.5px; background: #fff;
  border-left: 4px solid #cfc8e2; }
.rt-faq-checks li.rt-x-pass { border-left-color: #2e7d32; }
.rt-faq-checks li.rt-x-fail { border-left-color: #c62828; background: #fff5f5; }
.rt-x-badge { display: inline-block; font-weight: 700; font-size: 11px; border-radius: 5px; padding: 0 5px;
  margin-right: 6px; }
.rt-x-pass .rt-x-badge { background: #e4f6e7; color: #1b5e20; }
.rt-x-fail .rt-x-badge { background: #fde3e3; color: #7a1010; }
.rt-x-waiting .rt-x-badge, .rt-x-off-script .rt-x-badge { background: #eeecf3; color: #55506a; }
.rt-x-why { color: #7a1010; font-size: 12px; margin-top: 2px; }
.rt-x-now { color: #5b2d90; font-size: 12px; margin-top: 2px; }
.rt-faq-mine { color: #8a5a00; }
.rt-faq-steperr { display: block; margin-top: 2px; }
"""