// The card grid of a round's form: the whole deck on one screen, tapped into the target
// chosen above it. Without script the form's own checkboxes (one list per pile) stand.
import { all, int } from "./dom.js";
import { tally } from "./bar.js";

// -- the card grid: the whole deck on one screen, tapped into the target chosen above ---
// Two layers: captured piles (a card has at most one owner) and exposed hands (marked
// apart, each up to the hand's size). The grid only ticks and unticks the pickers' own
// checkboxes (p<i>_pile, p<i>_hand), which stay the form: it is drawn FROM them, on load,
// on their change events and when a restored draft says so (scorekeeper:restored).
// ``g`` is the grid's state: its form, deck, targets (the active one), tiles, month
// controls, the hint under it and the slide in progress (paint).

export function deckGrid() {
  const tpl = document.querySelector("template.grid-template");
  if (!tpl) { return; }
  const form = tpl.closest("form") || document.body;
  tpl.parentNode.insertBefore(tpl.content.cloneNode(true), tpl);
  const g = setUp(form);
  listenTaps(g);
  listenTakes(g);
  listenPaint(g);
  form.addEventListener("change", function () { render(g); });
  document.addEventListener("scorekeeper:restored", function () { sync(g); });
  sync(g);
}

// The pickers give way to the grid, which stands first in the form.
function setUp(form) {
  // The room the style sheet kept for the grid (no layout shift: app.css, deck-space).
  all(".deck-space", form).forEach(function (space) { space.remove(); });
  const deck = form.querySelector(".deck");
  form.classList.add("has-grid");
  // The grid's tiles are the cards' tap targets now: the pickers' tiles give up data-card.
  all(".picker .tile[data-card]", form).forEach(function (t) {
    t.dataset.cardId = t.dataset.card;
    t.removeAttribute("data-card");
  });
  all(".picker input[type=checkbox]", form).forEach(function (b) { b.disabled = false; });
  // The per-pile lists fold away, but a list the server found a mistake in keeps its words.
  all("details.card-mode", form).forEach(function (el) { el.hidden = false; });
  all("fieldset.pile, details.hand, details.cards-by-picker", form).forEach(function (el) {
    el.classList.add("by-grid");
    el.hidden = !el.querySelector(".error");
  });
  const restBox = form.querySelector("fieldset.rest");
  if (restBox) { deck.parentNode.insertBefore(restBox, deck.nextSibling); }
  gridFirst(form, deck, restBox);
  const targets = all(".target[data-target]", deck);
  const note = deck.querySelector(".deck-hint");
  return {
    form: form, deck: deck, restBox: restBox, targets: targets, boxes: boxesOf(form),
    piles: targets.filter(function (t) { return t.classList.contains("captured"); }),
    tiles: all(".card[data-card]", deck), active: targets[0],
    takes: all("[data-take-month]", deck),
    note: note, hint: note ? note.textContent : "",
    refused: false, // a card was refused by a full hand since the last sync()
    paint: { id: null, on: true, from: null, last: null, x: 0, y: 0, done: false },
  };
}

// The grid in view from the start (issue 31): what stood above it (the dealer, the
// game's round) follows it, and the page's heading is tighter (app.css: .grid-page).
// Only where the grid is the form's own entry: Otoroku's grid, folded in a <details>
// beside the value pad, leaves the dealer where it stands.
function gridFirst(form, deck, restBox) {
  const primary = !deck.closest("details");
  if (primary) { document.body.classList.add("grid-page"); }
  let after = restBox || deck;
  const dealer = form.querySelector("#dealer");
  [dealer && dealer.closest("label"), form.querySelector("#game-round")].forEach(function (el) {
    if (!primary || !el || el.compareDocumentPosition(deck) & Node.DOCUMENT_POSITION_PRECEDING) { return; }
    const errs = [];
    for (let n = el.nextElementSibling; n && (n.type === "hidden" || n.classList.contains("error")); n = n.nextElementSibling) {
      if (n.classList.contains("error")) { errs.push(n); }
    }
    [el].concat(errs).forEach(function (m) {
      after.parentNode.insertBefore(m, after.nextSibling);
      after = m;
    });
  });
}

// The pickers' checkboxes by list and card, found once: a render asks for each tile of each
// target (about 400 a render at four targets), and a selector each time was most of the
// page's script time on a slow phone.
function boxesOf(form) {
  const boxes = new Map();
  all("input[type=checkbox][name]", form).forEach(function (b) {
    boxes.set(b.name + "\n" + b.value, b);
  });
  return boxes;
}
function box(g, t, card) {
  return g.boxes.get(t.dataset.input + "\n" + card) || null;
}
function has(g, t, card) {
  const b = box(g, t, card);
  return !!(b && b.checked);
}
function count(g, t) {
  return all("input[type=checkbox][name='" + t.dataset.input + "']:checked", g.form).length;
}
function kind(t) { return t.classList.contains("hand") ? "hand" : "captured"; }
function holder(g, card, k) {
  return g.targets.filter(function (t) { return kind(t) === k && has(g, t, card); })[0] || null;
}
function tick(b, on) {
  if (b && b.checked !== on) {
    b.checked = on;
    b.dispatchEvent(new Event("change", { bubbles: true }));
  }
}
function full(g, t) {
  return !!t.dataset.limit && count(g, t) >= int(t.dataset.limit);
}
function restSeat(g) {
  const r = g.form.querySelector("input[name=rest]:checked");
  return r ? r.value : null;
}
function owned(g) {
  return g.tiles.filter(function (tile) { return holder(g, tile.dataset.card, "captured"); }).length;
}

// The rest of the deck goes to the one player whose pile was not tapped; the form asks
// (the "rest" choice) only when that is unclear and some cards are left over.
function autoRest(g) {
  if (!g.restBox) { return; }
  const untapped = g.piles.filter(function (t) { return count(g, t) === 0; });
  const left = g.tiles.length - owned(g);
  if (untapped.length === 1) {
    const r = g.form.querySelector("input[name=rest][value='" + untapped[0].dataset.seat + "']");
    tick(r, true);
  }
  // Before any pile has a card, there is nothing to ask yet (and the question would sit
  // under the bar on the first screen).
  g.restBox.hidden = !(left > 0 && untapped.length !== 1 && untapped.length < g.piles.length);
}

function words(template, t) {
  return (template || "").split("{name}").join(t.dataset.name);
}

function render(g) {
  renderTargets(g);
  const shut = kind(g.active) === "hand" && full(g, g.active);
  g.tiles.forEach(function (tile) { renderTile(g, tile, shut); });
  // A month's control is pressed while the target holds every card of it that it can.
  g.takes.forEach(function (take) {
    const free = monthTiles(take).filter(function (t) { return isFree(g, t); });
    take.setAttribute("aria-pressed", String(free.length > 0 && free.every(function (t) { return inActive(g, t); })));
  });
}

function renderTargets(g) {
  const rest = restSeat(g);
  const outside = g.tiles.length - owned(g);
  g.targets.forEach(function (t) {
    t.setAttribute("aria-pressed", String(t === g.active));
    const n = count(g, t);
    const isRest = kind(t) === "captured" && t.dataset.seat === rest;
    t.classList.toggle("is-rest", isRest);
    t.querySelector(".n").textContent = t.dataset.limit ? n + "/" + t.dataset.limit
      : (isRest ? n + outside : n);
    t.classList.toggle("is-full", full(g, t));
  });
}

function renderTile(g, tile, shut) {
  const card = tile.dataset.card;
  const p = holder(g, card, "captured"), h = holder(g, card, "hand");
  if (p) { tile.dataset.own = p.dataset.seat; } else { delete tile.dataset.own; }
  if (h) { tile.dataset.hand = h.dataset.seat; } else { delete tile.dataset.hand; }
  tile.querySelector(".own").textContent = p ? p.dataset.mark : "";
  tile.querySelector(".hd").textContent = h ? h.dataset.mark : "";
  tile.querySelector(".where").textContent = [
    p ? ", " + words(g.deck.dataset.tPile, p) : "",
    h ? ", " + words(g.deck.dataset.tHand, h) : ""
  ].join("");
  const mine = (kind(g.active) === "hand" ? h : p) === g.active;
  tile.setAttribute("aria-pressed", String(mine));
  tile.classList.toggle("shut", shut && !mine);
}

function sync(g) {
  // "This hand is full" when a card was refused, else the hint again.
  if (g.note) { g.note.textContent = g.refused ? g.deck.dataset.tFull : g.hint; }
  g.refused = false;
  autoRest(g);
  render(g);
  tally();
}

// One tile into the active target (true if it is in it afterwards) or out of it.
function put(g, tile, on) {
  const card = tile.dataset.card;
  const active = g.active;
  const mine = box(g, active, card);
  if (!mine || mine.checked === on) { return !!mine && on; }
  if (!on) {
    tick(mine, false);
    return false;
  }
  if (full(g, active)) {
    g.refused = true; // sync() says so under the grid
    return false;
  }
  // One owner per layer: a card in another pile (or hand) moves to this one.
  g.targets.forEach(function (t) {
    if (t !== active && kind(t) === kind(active)) { tick(box(g, t, card), false); }
  });
  tick(mine, true);
  return true;
}
function inActive(g, tile) { return has(g, g.active, tile.dataset.card); }
// Free for the active target: in no other target of its layer (the rest's cards are free).
function isFree(g, tile) {
  const h = holder(g, tile.dataset.card, kind(g.active));
  return !h || h === g.active;
}

function listenTaps(g) {
  g.targets.forEach(function (t) {
    t.addEventListener("click", function () { g.active = t; render(g); tally(); });
  });
  // A tap (or a key) toggles one tile; a slide across tiles (paint.*) does not end in one.
  g.tiles.forEach(function (tile) {
    tile.addEventListener("click", function () {
      if (g.paint.done) { g.paint.done = false; return; }
      put(g, tile, !inActive(g, tile));
      sync(g);
    });
  });
}

// A month in one tap: its free cards into the target; once they all are, a tap gives
// the month's cards in the target back to the rest.
function monthTiles(take) {
  return all(".card[data-card]", take.parentNode);
}
function listenTakes(g) {
  g.takes.forEach(function (take) {
    take.addEventListener("click", function () {
      const free = monthTiles(take).filter(function (t) { return isFree(g, t); });
      const missing = free.filter(function (t) { return !inActive(g, t); });
      if (missing.length) {
        missing.every(function (t) { return put(g, t, true); });
      } else {
        free.forEach(function (t) { put(g, t, false); });
      }
      sync(g);
    });
  });
}

// A pair (or a run) in one slide, by touch, pen or mouse: every tile the finger passes
// goes into the target, or out of it when the slide began on a tile already in it. The
// tile under the finger is found from its position (a touch keeps sending its events to
// the tile it began on). The grid's touch-action (app.css) leaves vertical swipes to the
// page's scrolling and gives horizontal slides to the paint.
function tileAt(g, x, y) {
  const el = document.elementFromPoint(x, y);
  const tile = el && el.closest(".card[data-card]");
  return tile && g.deck.contains(tile) ? tile : null;
}
function paintTo(g, x, y) {
  const paint = g.paint;
  // Every tile on the way since the last event: a quick finger skips over some.
  const steps = Math.max(1, Math.ceil(Math.hypot(x - paint.x, y - paint.y) / 6));
  for (let k = 1; k <= steps; k += 1) {
    const tile = tileAt(g, paint.x + (x - paint.x) * k / steps, paint.y + (y - paint.y) * k / steps);
    if (tile && tile !== paint.last) {
      if (!paint.done) {
        // The slide has left its first tile: that one is painted too.
        paint.done = true;
        put(g, paint.from, paint.on);
      }
      put(g, tile, paint.on);
      paint.last = tile;
    }
  }
  paint.x = x;
  paint.y = y;
}
function paintStart(g, e) {
  const paint = g.paint;
  const tile = e.target.closest && e.target.closest(".card[data-card]");
  if (!tile || !e.isPrimary || (e.pointerType === "mouse" && e.button !== 0)) { return; }
  paint.id = e.pointerId;
  paint.on = !inActive(g, tile);
  paint.from = paint.last = tile;
  paint.x = e.clientX;
  paint.y = e.clientY;
  paint.done = false;
}
function listenPaint(g) {
  const paint = g.paint;
  const grid = g.deck.querySelector(".deckgrid");
  grid.addEventListener("pointerdown", function (e) { paintStart(g, e); });
  grid.addEventListener("pointermove", function (e) {
    if (e.pointerId !== paint.id) { return; }
    paintTo(g, e.clientX, e.clientY);
  });
  function paintEnd(e) {
    if (e.pointerId !== paint.id) { return; }
    paint.id = null;
    if (paint.done) {
      sync(g);
      // The click a slide ends in (on its first tile) is not a tap; none may follow.
      setTimeout(function () { paint.done = false; }, 0);
    }
  }
  // While it paints, the slide is not the browser's: no fling follows it, whose stop
  // would swallow the next tap.
  grid.addEventListener("touchmove", function (e) {
    if (paint.done && e.cancelable) { e.preventDefault(); }
  }, { passive: false });
  grid.addEventListener("pointerup", paintEnd);
  grid.addEventListener("pointercancel", paintEnd);
}
