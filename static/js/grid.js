// The card grid of a round's form: the whole deck on one screen, tapped into the target
// chosen above it. Without script the form's own checkboxes (one list per pile) stand.
import { all, int } from "./dom.js";
import { tally } from "./bar.js";

// -- the card grid: the whole deck on one screen, tapped into the target chosen above ---
// Two layers: captured piles (a card has at most one owner) and exposed hands (marked
// apart, each up to the hand's size). The grid only ticks and unticks the pickers' own
// checkboxes (p<i>_pile, p<i>_hand), which stay the form: it is drawn FROM them, on load,
// on their change events and when a restored draft says so (scorekeeper:restored).

export function deckGrid() {
  var tpl = document.querySelector("template.grid-template");
  if (!tpl) { return; }
  var form = tpl.closest("form") || document.body;
  tpl.parentNode.insertBefore(tpl.content.cloneNode(true), tpl);
  // The room the style sheet kept for the grid (no layout shift: app.css, deck-space).
  all(".deck-space", form).forEach(function (space) { space.remove(); });
  var deck = form.querySelector(".deck");
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
  var restBox = form.querySelector("fieldset.rest");
  if (restBox) { deck.parentNode.insertBefore(restBox, deck.nextSibling); }
  // The grid in view from the start (issue 31): what stood above it (the dealer, the
  // game's round) follows it, and the page's heading is tighter (app.css: .grid-page).
  // Only where the grid is the form's own entry: Otoroku's grid, folded in a <details>
  // beside the value pad, leaves the dealer where it stands.
  var primary = !deck.closest("details");
  if (primary) { document.body.classList.add("grid-page"); }
  var after = restBox || deck;
  var dealer = form.querySelector("#dealer");
  [dealer && dealer.closest("label"), form.querySelector("#game-round")].forEach(function (el) {
    if (!primary || !el || el.compareDocumentPosition(deck) & Node.DOCUMENT_POSITION_PRECEDING) { return; }
    var errs = [];
    for (var n = el.nextElementSibling; n && (n.type === "hidden" || n.classList.contains("error")); n = n.nextElementSibling) {
      if (n.classList.contains("error")) { errs.push(n); }
    }
    [el].concat(errs).forEach(function (m) {
      after.parentNode.insertBefore(m, after.nextSibling);
      after = m;
    });
  });
  var targets = all(".target[data-target]", deck);
  var piles = targets.filter(function (t) { return t.classList.contains("captured"); });
  var tiles = all(".card[data-card]", deck);
  var active = targets[0];

  function box(t, card) {
    return form.querySelector("input[type=checkbox][name='" + t.dataset.input + "'][value='" + card + "']");
  }
  function has(t, card) {
    var b = box(t, card);
    return !!(b && b.checked);
  }
  function count(t) {
    return all("input[type=checkbox][name='" + t.dataset.input + "']:checked", form).length;
  }
  function kind(t) { return t.classList.contains("hand") ? "hand" : "captured"; }
  function holder(card, k) {
    return targets.filter(function (t) { return kind(t) === k && has(t, card); })[0] || null;
  }
  function tick(b, on) {
    if (b && b.checked !== on) {
      b.checked = on;
      b.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }
  function full(t) {
    return !!t.dataset.limit && count(t) >= int(t.dataset.limit);
  }
  function restSeat() {
    var r = form.querySelector("input[name=rest]:checked");
    return r ? r.value : null;
  }
  function owned() {
    return tiles.filter(function (tile) { return holder(tile.dataset.card, "captured"); }).length;
  }

  // The rest of the deck goes to the one player whose pile was not tapped; the form asks
  // (the "rest" choice) only when that is unclear and some cards are left over.
  function autoRest() {
    if (!restBox) { return; }
    var untapped = piles.filter(function (t) { return count(t) === 0; });
    var left = tiles.length - owned();
    if (untapped.length === 1) {
      var r = form.querySelector("input[name=rest][value='" + untapped[0].dataset.seat + "']");
      tick(r, true);
    }
    // Before any pile has a card, there is nothing to ask yet (and the question would sit
    // under the bar on the first screen).
    restBox.hidden = !(left > 0 && untapped.length !== 1 && untapped.length < piles.length);
  }

  function words(template, t) {
    return (template || "").split("{name}").join(t.dataset.name);
  }

  function render() {
    var rest = restSeat();
    var outside = tiles.length - owned();
    targets.forEach(function (t) {
      t.setAttribute("aria-pressed", String(t === active));
      var n = count(t);
      var isRest = kind(t) === "captured" && t.dataset.seat === rest;
      t.classList.toggle("is-rest", isRest);
      t.querySelector(".n").textContent = t.dataset.limit ? n + "/" + t.dataset.limit
        : (isRest ? n + outside : n);
      t.classList.toggle("is-full", full(t));
    });
    var shut = kind(active) === "hand" && full(active);
    tiles.forEach(function (tile) {
      var card = tile.dataset.card;
      var p = holder(card, "captured"), h = holder(card, "hand");
      if (p) { tile.dataset.own = p.dataset.seat; } else { delete tile.dataset.own; }
      if (h) { tile.dataset.hand = h.dataset.seat; } else { delete tile.dataset.hand; }
      tile.querySelector(".own").textContent = p ? p.dataset.mark : "";
      tile.querySelector(".hd").textContent = h ? h.dataset.mark : "";
      tile.querySelector(".where").textContent = [
        p ? ", " + words(deck.dataset.tPile, p) : "",
        h ? ", " + words(deck.dataset.tHand, h) : ""
      ].join("");
      var mine = (kind(active) === "hand" ? h : p) === active;
      tile.setAttribute("aria-pressed", String(mine));
      tile.classList.toggle("shut", shut && !mine);
    });
    // A month's control is pressed while the target holds every card of it that it can.
    takes.forEach(function (take) {
      var free = monthTiles(take).filter(isFree);
      take.setAttribute("aria-pressed", String(free.length > 0 && free.every(inActive)));
    });
  }

  var note = deck.querySelector(".deck-hint");
  var hint = note ? note.textContent : "";

  var refused = false; // a card was refused by a full hand since the last sync()
  function sync() {
    // "This hand is full" when a card was refused, else the hint again.
    if (note) { note.textContent = refused ? deck.dataset.tFull : hint; }
    refused = false;
    autoRest();
    render();
    tally();
  }

  // One tile into the active target (true if it is in it afterwards) or out of it.
  function put(tile, on) {
    var card = tile.dataset.card;
    var mine = box(active, card);
    if (!mine || mine.checked === on) { return !!mine && on; }
    if (!on) {
      tick(mine, false);
      return false;
    }
    if (full(active)) {
      refused = true; // sync() says so under the grid
      return false;
    }
    // One owner per layer: a card in another pile (or hand) moves to this one.
    targets.forEach(function (t) {
      if (t !== active && kind(t) === kind(active)) { tick(box(t, card), false); }
    });
    tick(mine, true);
    return true;
  }
  function inActive(tile) { return has(active, tile.dataset.card); }
  // Free for the active target: in no other target of its layer (the rest's cards are free).
  function isFree(tile) {
    var h = holder(tile.dataset.card, kind(active));
    return !h || h === active;
  }

  targets.forEach(function (t) {
    t.addEventListener("click", function () { active = t; render(); tally(); });
  });

  // A tap (or a key) toggles one tile; a slide across tiles (paint.*) does not end in one.
  tiles.forEach(function (tile) {
    tile.addEventListener("click", function () {
      if (paint.done) { paint.done = false; return; }
      put(tile, !inActive(tile));
      sync();
    });
  });

  // A month in one tap: its free cards into the target; once they all are, a tap gives
  // the month's cards in the target back to the rest.
  var takes = all("[data-take-month]", deck);
  function monthTiles(take) {
    return all(".card[data-card]", take.parentNode);
  }
  takes.forEach(function (take) {
    take.addEventListener("click", function () {
      var free = monthTiles(take).filter(isFree);
      var missing = free.filter(function (t) { return !inActive(t); });
      if (missing.length) {
        missing.every(function (t) { return put(t, true); });
      } else {
        free.forEach(function (t) { put(t, false); });
      }
      sync();
    });
  });

  // A pair (or a run) in one slide, by touch, pen or mouse: every tile the finger passes
  // goes into the target, or out of it when the slide began on a tile already in it. The
  // tile under the finger is found from its position (a touch keeps sending its events to
  // the tile it began on). The grid's touch-action (app.css) leaves vertical swipes to the
  // page's scrolling and gives horizontal slides to the paint.
  var paint = { id: null, on: true, from: null, last: null, x: 0, y: 0, done: false };
  function tileAt(x, y) {
    var el = document.elementFromPoint(x, y);
    var tile = el && el.closest(".card[data-card]");
    return tile && deck.contains(tile) ? tile : null;
  }
  function paintTo(x, y) {
    // Every tile on the way since the last event: a quick finger skips over some.
    var steps = Math.max(1, Math.ceil(Math.hypot(x - paint.x, y - paint.y) / 6));
    for (var k = 1; k <= steps; k += 1) {
      var tile = tileAt(paint.x + (x - paint.x) * k / steps, paint.y + (y - paint.y) * k / steps);
      if (tile && tile !== paint.last) {
        if (!paint.done) {
          // The slide has left its first tile: that one is painted too.
          paint.done = true;
          put(paint.from, paint.on);
        }
        put(tile, paint.on);
        paint.last = tile;
      }
    }
    paint.x = x;
    paint.y = y;
  }
  var grid = deck.querySelector(".deckgrid");
  grid.addEventListener("pointerdown", function (e) {
    var tile = e.target.closest && e.target.closest(".card[data-card]");
    if (!tile || !e.isPrimary || (e.pointerType === "mouse" && e.button !== 0)) { return; }
    paint.id = e.pointerId;
    paint.on = !inActive(tile);
    paint.from = paint.last = tile;
    paint.x = e.clientX;
    paint.y = e.clientY;
    paint.done = false;
  });
  grid.addEventListener("pointermove", function (e) {
    if (e.pointerId !== paint.id) { return; }
    paintTo(e.clientX, e.clientY);
  });
  function paintEnd(e) {
    if (e.pointerId !== paint.id) { return; }
    paint.id = null;
    if (paint.done) {
      sync();
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
  form.addEventListener("change", render);
  document.addEventListener("scorekeeper:restored", sync);
  sync();
}
