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
      var words = d.length === 2 ? d[0] + " + " + d[1] + " = " + (d[0] + d[1])
        : (d.length ? d[0] + " + ?" : list.dataset.tNone || "no dice yet");
      (el.querySelector(".sum") || el).textContent = words;
    });
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
      restBox.hidden = !(left > 0 && untapped.length !== 1);
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
    }

    var note = deck.querySelector(".deck-hint");
    var hint = note ? note.textContent : "";

    function sync() {
      if (note) { note.textContent = hint; } // after "this hand is full", the hint again
      autoRest();
      render();
      tally();
    }

    targets.forEach(function (t) {
      t.addEventListener("click", function () { active = t; render(); tally(); });
    });
    tiles.forEach(function (tile) {
      tile.addEventListener("click", function () {
        var card = tile.dataset.card;
        var mine = box(active, card);
        if (!mine) { return; }
        if (mine.checked) {
          tick(mine, false);
        } else if (full(active)) {
          if (note) { note.textContent = deck.dataset.tFull; }
          return;
        } else {
          // One owner per layer: a card in another pile (or hand) moves to this one.
          targets.forEach(function (t) {
            if (t !== active && kind(t) === kind(active)) { tick(box(t, card), false); }
          });
          tick(mine, true);
        }
        sync();
      });
    });
    form.addEventListener("change", render);
    document.addEventListener("scorekeeper:restored", sync);
    sync();
  }

  // What a game's own script (in its folder's static/, loaded after this one) may use.
  window.scorekeeperPicker = { all: all, int: int, tally: tally };

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

  document.addEventListener("DOMContentLoaded", function () {
    all(".picker input[type=checkbox]").forEach(function (box) {
      box.addEventListener("change", refresh);
    });
    all("input[name=rest]").forEach(function (r) {
      r.addEventListener("change", restChoice);
    });
    all("details.hand").forEach(function (d) {
      d.addEventListener("toggle", tally);
    });
    deckGrid();
    restChoice();
    gameRules();
    // A form that came back with mistakes: the summary of them is where the eye goes.
    var summary = document.getElementById("error-summary");
    if (summary) { summary.focus(); }
  });
})();
