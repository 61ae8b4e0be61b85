// Card picker and small conveniences. Every page works without this file: the number
// fields, checkboxes and selects it drives are the form, and they are what is posted.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function all(sel, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(sel));
  }
  function int(value) {
    return parseInt(value, 10) || 0;
  }
  function plural(n, one, many) {
    return n + " " + (n === 1 ? one : many);
  }

  // -- the card pickers (without the grid): each card its own checkbox -----------------

  function pickersLike(picker) {
    return all(".picker[data-group]").filter(function (p) {
      return p !== picker && p.dataset.group === picker.dataset.group && !isRest(p);
    });
  }

  function isRest(picker) {
    var fs = picker.closest(".pile");
    return !!(fs && fs.classList.contains("is-rest"));
  }

  // A card ticked in one pile (or hand) is taken for the others of its group: its tile
  // there is disabled.
  // A picker with a limit (an exposed hand holds at most the game's hand size) takes no
  // more cards once it is full: the tiles not in it are disabled too (the bar says so).
  function markTaken() {
    all(".picker[data-group]").filter(function (picker) {
      return !picker.closest(".has-grid");
    }).forEach(function (picker) {
      var others = pickersLike(picker);
      var full = !!picker.dataset.limit &&
        pickerTotals(picker.dataset.name).count >= int(picker.dataset.limit);
      picker.classList.toggle("is-full", full);
      all(".tile[data-card]", picker).forEach(function (tile) {
        var box = tile.querySelector("input");
        var taken = others.some(function (p) {
          var b = p.querySelector("input[value='" + tile.dataset.card + "']");
          return b && b.checked;
        }) && !box.checked;
        box.disabled = taken || (full && !box.checked);
        tile.classList.toggle("taken", taken);
        tile.classList.toggle("shut", full && !taken && !box.checked);
      });
    });
  }

  function pickerTotals(name) {
    var picker = document.querySelector(".picker[data-name='" + name + "']");
    var out = { count: 0, points: 0, months: [] };
    if (!picker) { return out; }
    all(".tile input[type=checkbox]:checked", picker).forEach(function (box) {
      var tile = box.closest(".tile");
      out.count += 1;
      out.points += int(tile.dataset.points);
      out.months.push(int(tile.dataset.month));
    });
    return out;
  }

  // -- the sticky bar: each pile's cards and points, each hand's values, each dice total --

  function tally() {
    var list = document.querySelector(".tally[data-cards]");
    if (list) {
      var rest = null, cards = 0, points = 0;
      all("li[data-pile]", list).forEach(function (li) {
        if (li.classList.contains("is-rest")) { rest = li; return; }
        var t = pickerTotals(li.dataset.pickers);
        cards += t.count;
        points += t.points;
        showPile(li, t.count, t.points);
      });
      if (rest) {
        showPile(rest, int(list.dataset.cards) - cards, int(list.dataset.points) - points);
      }
      // Each exposed hand against its size, once it has cards or its picker is open.
      all("li[data-limit]", list).forEach(function (li) {
        var n = pickerTotals(li.dataset.pickers).count;
        var hand = document.getElementById("hand-" + li.dataset.handOf);
        var target = document.querySelector("[data-target='hand-" + li.dataset.handOf + "']");
        li.querySelector(".n").textContent = n;
        li.hidden = n === 0 && !(hand && hand.open && !hand.hidden) &&
          !(target && target.getAttribute("aria-pressed") === "true");
        li.classList.toggle("is-full", n >= int(li.dataset.limit));
      });
    }
    all(".tally li[data-values]").forEach(function (li) {
      var input = document.getElementById(li.dataset.values);
      var values = valuesIn(input ? input.value : "");
      values = values.concat(pickerTotals(li.dataset.pickers).months);
      var sum = values.reduce(function (a, b) { return a + b; }, 0);
      li.querySelector(".sum").textContent = values.length
        ? values.join(" + ") + " = " + sum : li.parentNode.dataset.tNone || "no cards yet";
    });
    all("[data-dice]").forEach(function (el) {
      var i = el.dataset.dice;
      var d = [1, 2].map(function (k) {
        var r = document.querySelector("input[name=p" + i + "_d" + k + "]:checked");
        return r ? int(r.value) : 0;
      }).filter(Boolean);
      var list = el.closest(".tally") || el; // the words in the page's language: data-t-none
      var said = d.length === 2 ? d[0] + " + " + d[1] + " = " + (d[0] + d[1])
        : (d.length ? d[0] + " + ?" : list.dataset.tNone || "no dice yet");
      (el.querySelector(".sum") || el).textContent = said;
    });
    showMistakes();
  }

  // -- the bar's mistakes (issue 31): what the server would refuse, said on every tap ------
  // The words are the server's own (#bar-messages, in the page's language, its values as
  // placeholders such as {n}); each game adds the checks of its form (checks.push). The first
  // mistake takes the place of the counts line, so the bar covers no more of the page.

  var checks = [];
  var barWords = null;

  function barMessages() {
    if (barWords === null) {
      var el = document.getElementById("bar-messages");
      try { barWords = el ? JSON.parse(el.textContent) : {}; } catch (e) { barWords = {}; }
    }
    return barWords;
  }

  function fill(template, values) {
    var text = template || "";
    Object.keys(values).forEach(function (k) {
      text = text.split("{" + k + "}").join(String(values[k]));
    });
    return text;
  }

  function showMistakes() {
    var out = document.getElementById("bar-mistake");
    if (!out) { return; }
    var w = barMessages(), found = [];
    checks.forEach(function (check) { found = found.concat(check(w) || []); });
    var list = out.parentNode.querySelector(".tally");
    var first = found[0];
    var text = first ? (first.where ? first.where + ": " : "") + first.text +
      (found.length > 1 ? " (+" + (found.length - 1) + ")" : "") : "";
    if (out.textContent === text) { return; } // unchanged: nothing new to announce
    out.textContent = "";
    if (first) {
      if (first.where) {
        var b = document.createElement("b");
        b.textContent = first.where + ":";
        out.appendChild(b);
        out.appendChild(document.createTextNode(" "));
      }
      out.appendChild(document.createTextNode(first.text +
        (found.length > 1 ? " (+" + (found.length - 1) + ")" : "")));
    }
    out.parentNode.classList.toggle("has-mistake", !!first);
    if (list) { list.setAttribute("aria-hidden", first ? "true" : "false"); }
  }

  // Toppa and Baka: a pile with an odd count of a month, a hand with a whole month. The
  // card just tapped may be the first of its pair: a month of 1 card waits for its second
  // until another card is tapped (3 cards of a month are said at once).
  var lastTapped = null;

  function pileMistakes(w) {
    if (!w.odd_one) { return []; }
    var found = [];
    all(".tally li[data-pile]").forEach(function (li) {
      if (li.classList.contains("is-rest")) { return; } // the server counts it, not the page
      var name = li.querySelector("b").textContent;
      var counts = {};
      pickerTotals(li.dataset.pickers).months.forEach(function (m) { counts[m] = (counts[m] || 0) + 1; });
      Object.keys(counts).sort(function (a, b) { return a - b; }).forEach(function (m) {
        var k = counts[m];
        if (k % 2 === 0) { return; }
        if (k === 1 && lastTapped && lastTapped.name === li.dataset.pickers &&
            lastTapped.month === int(m)) { return; }
        found.push({
          where: fill(w.pile, { name: name }),
          text: fill(k === 1 ? w.odd_one : w.odd_many, { suit: w.months[m], k: k })
        });
      });
    });
    all(".tally li[data-hand-of]").forEach(function (li) {
      var name = li.querySelector("b").textContent;
      var counts = {};
      pickerTotals(li.dataset.pickers).months.forEach(function (m) { counts[m] = (counts[m] || 0) + 1; });
      Object.keys(counts).forEach(function (m) {
        if (counts[m] === 4) {
          found.push({
            where: fill(w.hand, { name: name }),
            text: fill(w.misdeal, { name: name, suit: w.months[m] })
          });
        }
      });
    });
    return found;
  }
  checks.push(pileMistakes);

  function noteTap(event) {
    var box = event.target;
    var tile = box.closest && box.closest(".tile");
    if (!tile || box.type !== "checkbox") { return; }
    lastTapped = box.checked ? { name: box.name, month: int(tile.dataset.month) } : null;
  }

  function showPile(li, count, points) {
    var list = li.parentNode.dataset; // the words in the page's language: {n} and {pts}
    var words = (count === 1 ? list.tOne : list.tMany) || "{n} cards · {pts} points";
    li.querySelector(".count").textContent =
      words.split("{n}").join(String(count)).split("{pts}").join(String(points));
  }

  function valuesIn(text) {
    return text.split(/[\s,.;+/]+/).filter(function (t) {
      return /^\d{1,2}$/.test(t);
    }).map(int);
  }

  function refresh() {
    markTaken();
    tally();
  }

  // -- Toppa and Baka: the pile that is "the rest of the deck" is not entered -----------

  function restChoice() {
    var chosen = document.querySelector("input[name=rest]:checked");
    all(".pile").forEach(function (fs) {
      fs.classList.toggle("is-rest", !!chosen && fs.dataset.player === chosen.value);
    });
    all(".tally li[data-pile]").forEach(function (li) {
      li.classList.toggle("is-rest", !!chosen && li.dataset.pile === chosen.value);
    });
    refresh();
  }

  // -- the card grid: the whole deck on one screen, tapped into the target chosen above ---
  // Two layers: captured piles (a card has at most one owner) and exposed hands (marked
  // apart, each up to the hand's size). The grid only ticks and unticks the pickers' own
  // checkboxes (p<i>_pile, p<i>_hand), which stay the form: it is drawn FROM them, on load,
  // on their change events and when a restored draft says so (scorekeeper:restored).

  function deckGrid() {
    var tpl = document.querySelector("template.grid-template");
    if (!tpl) { return; }
    var form = tpl.closest("form") || document.body;
    tpl.parentNode.insertBefore(tpl.content.cloneNode(true), tpl);
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

  // What a game's own script (in its folder's static/, loaded after this one) may use.
  window.scorekeeperPicker = {
    all: all, int: int, tally: tally, valuesIn: valuesIn, pickerTotals: pickerTotals,
    checks: checks, fill: fill, showMistakes: showMistakes
  };

  // -- the home page: house rules of the game chosen ------------------------------------

  function gameRules() {
    var select = document.querySelector("select.game-select");
    if (!select) { return; }
    function show() {
      all("fieldset.rules").forEach(function (fs) {
        // A fieldset with a mistake in it stays shown, whichever game is chosen.
        fs.hidden = fs.dataset.games.split(" ").indexOf(select.value) < 0 &&
          !fs.hasAttribute("data-has-error");
      });
    }
    select.addEventListener("change", show);
    show();
  }

  // -- opening a table: the seat order follows the ticks --------------------------------
  // The order the members are ticked in is the order they sit (then the new names typed);
  // the list shows it before the table opens and moves a player up or down. It posts as the
  // hidden "seat" fields the server reads; without this script its buttons post the form.

  function seatOrder(section) {
    var form = section.closest("form");
    var list = section.querySelector("ol.seat-list");
    var typedBox = form.querySelector("[data-seat-typed]");
    var order = all("input[name=seat]", section).map(function (i) { return i.value; });

    function fold(n) { return n.trim().toLowerCase(); }
    function typed() {
      var by = typedBox && typedBox.dataset.seatTyped === "lines" ? /\n+/ : /[\n,、，]+/;
      return typedBox ? typedBox.value.split(by).map(function (n) { return n.trim(); })
        .filter(function (n) { return n; }) : [];
    }
    function ticked() {
      return all("input[name=member]", form).filter(function (b) { return b.checked; })
        .map(function (b) { return b.value; });
    }
    function sync() {
      if ("seatFixed" in section.dataset) { draw(); return; } // the same players, moved only
      var rest = ticked().concat(typed());
      var kept = [];
      order.forEach(function (name) {
        for (var i = 0; i < rest.length; i++) {
          if (fold(rest[i]) === fold(name)) { kept.push(rest.splice(i, 1)[0]); return; }
        }
      });
      order = kept.concat(rest);
      draw();
    }
    function button(way, i, name, off) {
      var b = document.createElement("button");
      b.type = "submit";
      b.name = "move";
      b.value = way + ":" + i;
      b.className = "seat-move";
      b.textContent = way === "up" ? "\u2191" : "\u2193";
      b.setAttribute("aria-label", (section.dataset[way === "up" ? "tUp" : "tDown"] || "").split("{name}").join(name));
      b.disabled = off;
      return b;
    }
    function draw() {
      list.textContent = "";
      order.forEach(function (name, i) {
        var li = document.createElement("li");
        var hidden = document.createElement("input");
        hidden.type = "hidden";
        hidden.name = "seat";
        hidden.value = name;
        var label = document.createElement("span");
        label.className = "seat-name";
        label.textContent = name;
        li.appendChild(hidden);
        li.appendChild(label);
        li.appendChild(button("up", i, name, i === 0));
        li.appendChild(button("down", i, name, i === order.length - 1));
        list.appendChild(li);
      });
      var empty = section.querySelector("[data-seat-empty]");
      if (empty) { empty.hidden = order.length > 0; }
    }
    all("input[name=member]", form).forEach(function (box) {
      box.addEventListener("change", function () {
        var at = order.indexOf(box.value);
        if (box.checked && at < 0) { order.push(box.value); }
        if (!box.checked && at >= 0) { order.splice(at, 1); }
        sync();
      });
    });
    if (typedBox) { typedBox.addEventListener("input", sync); }
    list.addEventListener("click", function (event) {
      var b = event.target.closest("button.seat-move");
      if (!b) { return; }
      event.preventDefault();
      var parts = b.value.split(":");
      var i = parseInt(parts[1], 10);
      var j = parts[0] === "up" ? i - 1 : i + 1;
      if (j < 0 || j >= order.length) { return; }
      var t = order[i]; order[i] = order[j]; order[j] = t;
      draw();
      // A typed list of the players themselves (the start page's) follows the seats.
      if (typedBox && typedBox.dataset.seatTyped === "lines") { typedBox.value = order.join("\n"); }
      var again = list.querySelector('button[value="' + parts[0] + ":" + j + '"]');
      if (again && !again.disabled) { again.focus(); }
    });
    all("[data-no-script]", section).forEach(function (b) { b.hidden = true; });
    sync();
  }

  // The first-dealer draw: as many cards each as chosen (RULES 4.7) fill each player's draw.
  function drawEach() {
    all("select[data-draw-each]").forEach(function (select) {
      function apply() {
        all(".target[data-target]", select.form).forEach(function (t) { t.dataset.limit = select.value; });
      }
      select.addEventListener("change", apply);
      apply();
    });
  }

  // "From a photo" (issue 33): its module (static/js/photo.js, data-photo) is fetched only
  // once the button is used. It drives the grid through its markup ([data-target] chooses
  // where, [data-card] takes a card), as a finger would. Offline, the button says so.
  function photoButtons() {
    all("input[data-photo]").forEach(function (input) {
      var label = input.closest(".photo-button");
      function signal() { label.classList.toggle("is-offline", !navigator.onLine); }
      window.addEventListener("online", signal);
      window.addEventListener("offline", signal);
      signal();
      input.addEventListener("change", function () {
        import(input.dataset.photo).then(function (photo) { photo.read(input); }, function () {
          label.classList.add("is-offline");
          input.value = "";
        });
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    all("[data-seat-order]").forEach(seatOrder);
    all(".picker input[type=checkbox]").forEach(function (box) {
      box.addEventListener("change", noteTap);
      box.addEventListener("change", refresh);
    });
    all("input[name=rest]").forEach(function (r) {
      r.addEventListener("change", restChoice);
    });
    all("details.hand").forEach(function (d) {
      d.addEventListener("toggle", tally);
    });
    deckGrid();
    photoButtons();
    drawEach();
    restChoice();
    gameRules();
    // A form that came back with mistakes: the summary of them is where the eye goes.
    var summary = document.getElementById("error-summary");
    if (summary) { summary.focus(); }
  });
})();
