"""Every kind of legal action in view on the one-screen table (trial 27, item 3).

Spirit Duels lessons 1 and 16 at 1366x768 listed four Spirit actions, four Meditates and four cards before the one
action the goal needed, "Resolve dice", which sat under "more actions: scroll down". :data:`FOLD_JS` (run by the same
page script as :mod:`widgets.strip_fit`) keeps one rule for every position, nothing reordered:

* when the list of legal actions (``tutor-actions``) shows two groups or more and a group's first action lies below
  what the list shows without scrolling (above the pinned end-of-turn group and "Not possible now"), the groups but
  a decision's choices fold, one at a time (the one with the most actions to fold first) while one is still below
  (newuser37: with room for them, every legal action shows; after the first fold the list takes its tight form, below,
  before a second group folds), each to the first action of each kind in it (one Activate, one Evolve, one Meditate, Resolve
  dice...; a lesson's hinted action and the step its solution takes next stay too: :mod:`widgets.goal_step`): the others get CSS class ``rt-folded`` (not displayed);
* the group's title then says how many are folded ("4 more ▸"; attribute ``data-rt-more``, shown by CSS) and is a
  button (click, Enter or Space) that shows them all ("show fewer ▴") while the decision lasts: when the list offers
  another set of actions (a step, an Undo) the group folds again where the rule says so (session 29: an opened group
  stayed open for the rest of the game, and a later list ran under its fold);
* when one of those first actions is still below, the list is marked (attribute ``data-rt-tight``) and CSS gives
  every action its caption only, its "why" in its tooltip (as the pinned end-of-turn pair at 1024 px), and the
  list is tighter; the list scrolls as before when it must.

Only the list's own elements are read and changed: their classes and the titles' attributes; no element is added.
"""
from __future__ import annotations

FOLD_JS = """(function () {
  if (window.tutorActionFold) { return; }
  var frame = 0, opened = new WeakMap(), K = 'rt-k-';
  function kind(b) { for (var i = 0; i < b.classList.length; i++) { if (b.classList[i].indexOf(K) === 0) { return b.classList[i]; } } return ''; }
  function shown(e) { return e && e.getClientRects().length > 0; }
  // the decision the list offers: its actions' captions (a new step, an Undo: another set of actions)
  function decision(panel) {
    return Array.prototype.map.call(panel.querySelectorAll('.tutor-action'), function (a) { return a.textContent; }).join('|');
  }
  function fold(panel) {
    var groups = Array.prototype.filter.call(panel.querySelectorAll(':scope > .rt-agrid:not(.rt-apart-turn)'), shown);
    // a group the learner opened folds again when the decision changes (session 29: it stayed open for the rest of
    // the game, and a later, longer list ran under its fold)
    var now = decision(panel);
    groups.forEach(function (g) { if (opened.has(g) && opened.get(g) !== now) { opened.delete(g); } });
    panel.querySelectorAll('.rt-folded').forEach(function (x) { x.classList.remove('rt-folded'); });
    panel.querySelectorAll('.rt-many, .rt-same-chip').forEach(function (x) { x.classList.remove('rt-many', 'rt-same-chip'); });
    groups.forEach(function (g) { if (g.style.marginTop) { g.style.marginTop = ''; } });
    if (panel.hasAttribute('data-rt-tight')) { panel.removeAttribute('data-rt-tight'); }
    // each group's first action of each kind (a lesson's hinted action too), and how many others it has
    var heads = [], extra = groups.map(function (g) {
      var kinds = {}, rest = [];
      Array.prototype.forEach.call(g.querySelectorAll(':scope > .tutor-action'), function (a) {
        var k = kind(a);
        if (!kinds[k] || a.classList.contains('rt-hint') || a.classList.contains('rt-goal-step')) { kinds[k] = true; heads.push(a); } else { rest.push(a); }
      });
      return g.classList.contains('rt-apart-choice') ? [] : rest;
    });
    // (one of them below what the list shows unscrolled, above its pinned end-of-turn group and "Not possible now")
    // (the pinned groups' top and, when the list scrolls on, the 40 px fade above them that says "more actions:
    // scroll down" (table.py), in the list's own coordinates, unscrolled)
    var cover = function () {
      var top = panel.clientHeight;
      panel.querySelectorAll(':scope > .rt-apart-turn, :scope > .rt-apart-blocked:not(.rt-open)').forEach(function (x) {
        if (shown(x) && getComputedStyle(x).position === 'sticky') { top -= x.getBoundingClientRect().height; }
      });
      return {top: top, bar: panel.scrollHeight > panel.clientHeight + 1 ? top - 40 : top};
    };
    var at = function (e) { return e.getBoundingClientRect().top - panel.getBoundingClientRect().top + panel.scrollTop; };
    var below = function (list) {
      var floor = cover().bar;
      return list.some(function (a) { return shown(a) && at(a) + a.getBoundingClientRect().height > floor + 1; });
    };
    var low = function () { return below(heads); };
    var on = groups.length > 1 && low();
    // (newuser37: Restless Spirits lesson 1, "Attract any Lost Spirit", showed only "Attract Gonga", Seone and Nozawa
    // folded with room for them) the groups fold one at a time, the one with the most folded actions first, while
    // one of the first actions is still below: a group that fits stays whole
    var fold1 = function (i) {
      extra[i].forEach(function (a) {
        a.classList.add('rt-folded');
        var c = a.nextElementSibling;
        if (c && c.classList.contains('tutor-clause')) { c.classList.add('rt-folded'); }
      });
    };
    var order = groups.map(function (g, i) { return i; }).filter(function (i) { return extra[i].length; })
      .sort(function (a, b) { return extra[b].length - extra[a].length || b - a; });
    var folds = new Set();
    // (after the first fold, captions only, data-rt-tight below, before a second group folds: Seone and Nozawa
    // stay in view as captions rather than folded)
    // (the last group folded shows back, in order, the actions that still fit: "Attract Nozawa", "1 more ▸")
    var part = function (i) {
      for (var j = 0; j < extra[i].length; j++) {
        var a = extra[i][j], c = a.nextElementSibling;
        c = c && c.classList.contains('tutor-clause') ? c : null;
        a.classList.remove('rt-folded'); if (c) { c.classList.remove('rt-folded'); }
        if (low()) { a.classList.add('rt-folded'); if (c) { c.classList.add('rt-folded'); } break; }
      }
      extra[i] = extra[i].slice(j);
    };
    // (a group the learner opened stops the folding: the smaller ones stay whole, the list scrolls)
    for (var o = 0; on && o < order.length && !opened.has(groups[order[o]]); o++) {
      fold1(order[o]); folds.add(order[o]);
      if (!low()) { if (o) { part(order[o]); } break; }
      // (newuser38: Restless Spirits lesson 22 at 1920x1080 kept "6 more" folded in the tight form with room for
      // them all: the tight form that made room shows the folded group back, as much of it as fits)
      if (o === 0) { panel.setAttribute('data-rt-tight', ''); if (!low()) { part(order[o]); break; } }
    }
    groups.forEach(function (g, i) {
      var t = g.querySelector('.rt-group-title'), n = on && (folds.has(i) || opened.has(g)) ? extra[i].length : 0;
      if (!t) { return; }
      var more = !n ? null : opened.has(g) ? 'show fewer \u25B4' : n + ' more \u25B8';
      if (more === null) {
        ['data-rt-more', 'tabindex', 'role', 'aria-expanded'].forEach(function (a) { t.removeAttribute(a); });
        return;
      }
      if (t.getAttribute('data-rt-more') !== more) { t.setAttribute('data-rt-more', more); }
      t.setAttribute('tabindex', '0'); t.setAttribute('role', 'button');
      t.setAttribute('aria-expanded', opened.has(g) ? 'true' : 'false');
    });
    // a decision's options (a choice, or one kind of action under the list's prompt: "choose your Spirit Guide", six
    // guides; "give up a Totem", seven) that run below: two columns, each option's "why" in its tooltip, a rule chip
    // said once (session 30: the sixth and seventh options were below the view at 1366x768)
    var prompt = shown(panel.querySelector(':scope > .rt-apart-prompt'));
    var many = groups.filter(function (g) {
      var acts = Array.prototype.filter.call(g.querySelectorAll(':scope > .tutor-action'), shown);
      var one = acts.every(function (a) { return kind(a) === kind(acts[0]); });
      return acts.length >= 4 && (g.classList.contains('rt-apart-choice') || (prompt && one)) && below(acts);
    });
    many.forEach(function (g) {
      g.classList.add('rt-many');
      var said = {};
      Array.prototype.forEach.call(g.querySelectorAll(':scope > .tutor-clause'), function (c) {
        if (said[c.textContent]) { c.classList.add('rt-same-chip'); } else { said[c.textContent] = true; }
      });
    });
    var options = [];
    many.forEach(function (g) { options.push.apply(options, g.querySelectorAll(':scope > .tutor-action')); });
    // still one below: the actions' "why" lines go to their tooltips (CSS, attribute data-rt-tight)
    if ((on && low()) || below(options)) { panel.setAttribute('data-rt-tight', ''); }
    // a group's title is whole or not in view: one that the fade and "more actions: scroll down" would cut moves its
    // group down under the pinned group (session 30: "Blessings & discarding 1 more" sat half under the line)
    var c = cover();
    if (c.bar < c.top) {
      groups.forEach(function (g) {
        var t = g.querySelector('.rt-group-title');
        if (!shown(t)) { return; }
        var top = at(t), bottom = top + t.getBoundingClientRect().height;
        if (bottom > c.bar + 1 && top < c.top) {
          g.style.marginTop = (parseFloat(getComputedStyle(g).marginTop) + c.top - top + 4) + 'px';
        }
      });
    }
  }
  function run() {
    frame = 0;
    document.querySelectorAll('.rt-onescreen .tutor-actions').forEach(function (p) {
      if (!seen.has(p)) { seen.add(p); sizes.observe(p); }
      if (shown(p)) { fold(p); }
    });
  }
  function later() { if (!frame) { frame = requestAnimationFrame(run); } }
  function toggle(ev) {
    var t = ev.target.closest && ev.target.closest('.tutor-actions .rt-group-title[data-rt-more]');
    if (!t || (ev.type === 'keydown' && ev.key !== 'Enter' && ev.key !== ' ')) { return; }
    ev.preventDefault();
    var g = t.closest('.rt-agrid');
    if (opened.has(g)) { opened.delete(g); } else { opened.set(g, decision(g.closest('.tutor-actions'))); }
    run();
  }
  document.addEventListener('click', toggle);
  document.addEventListener('keydown', toggle);
  var sizes = new ResizeObserver(later), seen = new WeakSet();
  // (a new step's actions, or the list's parts shown or hidden: its CSS classes, e.g. a decision's choices; a change
  // elsewhere on the table, the board or the strip, changes the list only through its size: sizes; session 38, click
  // speed: every board and strip update of a click folded the list again)
  var marked = function (m) {
    var was = ' ' + (m.oldValue || '') + ' ', t = m.target;
    return t.classList.contains('tutor-action') && ['rt-goal-step', 'rt-hint'].some(function (c) {
      return (was.indexOf(' ' + c + ' ') >= 0) !== t.classList.contains(c); });
  };
  var mine = function (n) { return n.nodeType === 1 && (n.classList.contains('tutor-actions') || !!n.querySelector('.tutor-actions')); };
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      var t = records[i].target;
      if (t.nodeType !== 1) { t = t.parentElement; }
      // (an action marked, or no longer, as the lesson's next step or the hint's, which the fold keeps in view: the
      // kernel marks it after the list's own update; not the fold's own rt-folded)
      if (records[i].type === 'attributes' && !t.classList.contains('tutor-actions') && !marked(records[i])) { continue; }
      if (!t || !t.closest || !t.closest('.rt-onescreen')) { continue; }
      if (t.closest('.tutor-actions') || Array.prototype.some.call(records[i].addedNodes, mine)) { later(); return; }
    }
  }).observe(document.body, {childList: true, subtree: true, characterData: true, attributes: true,
                             attributeFilter: ['class'], attributeOldValue: true});
  window.addEventListener('resize', later);
  window.addEventListener('load', later);
  window.tutorActionFold = run;
  later();
})();
"""


#: The blocked actions just opened ("Not possible now ▾ hide") scroll into the list's view (JavaScript, part of
#: :data:`widgets.strip_fit.STRIP_JS`, inside its closure: it uses its ``seen``; its function ``watchFolds`` runs at each
#: of that script's passes).
BLOCKED_JS = """  // the blocked actions just opened ("Not possible now ▾ hide"): the list scrolls so the toggle and the first blocked
  // action are in view (trial 27: they opened below the list's visible area)
  var folds = new MutationObserver(function (records) {
    records.forEach(function (m) {
      var b = m.target, was = (m.oldValue || '').split(' ').indexOf('rt-open') >= 0;
      if (was || !b.classList.contains('rt-open')) { return; }
      requestAnimationFrame(function () {
        var panel = b.closest('.tutor-actions'), row = b.querySelector(':scope > .tutor-blocked');
        if (!panel || !row || !row.getClientRects().length) { return; }
        var p = panel.getBoundingClientRect(), r = row.getBoundingClientRect(), t = b.getBoundingClientRect();
        var by = Math.min(r.bottom - p.bottom + 4, t.top - p.top);
        if (by > 0) { panel.scrollTop += by; }
      });
    });
  });
  function watchFolds() {
    document.querySelectorAll('.rt-onescreen .tutor-actions > .rt-apart-blocked').forEach(function (b) {
      if (!seen.has(b)) { seen.add(b); folds.observe(b, {attributes: true, attributeFilter: ['class'], attributeOldValue: true}); }
    });
  }
"""
