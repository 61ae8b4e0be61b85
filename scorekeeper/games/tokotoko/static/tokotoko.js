// Tokotoko's round form: one grid in the Nagoya order, tapped into the hand chosen above it.
// Served in the pages' one script (Game.scripts; static/js/games.js), started with the
// pickers' helpers (picker); it looks for its own form's elements and does nothing elsewhere.
export function start(picker) {
  var all = picker.all, int = picker.int;

  // -- Tokotoko: one grid in the Nagoya order, tapped into the hand chosen above it -----
  // The selects (one per card slot) stay the form; the grid only fills and empties them.

  function compact() {
    var box = document.querySelector(".compact");
    if (!box) { return; }
    box.hidden = false;
    var buttons = all(".hand-pick", box);
    var order = buttons.map(function (b) { return b.dataset.slot; });
    var active = order[0];

    function selects(slot) {
      return all("select[data-slot='" + slot + "']");
    }
    function ownerOf(value) {
      return order.filter(function (slot) {
        return selects(slot).some(function (s) { return s.value === value; });
      });
    }
    function full(slot) {
      return selects(slot).every(function (s) { return s.value; });
    }
    function nameOf(slot) {
      return box.querySelector(".hand-pick[data-slot='" + slot + "']").dataset.name;
    }
    function put(value) {
      var empty = selects(active).filter(function (s) { return !s.value; })[0];
      if (!empty) { return; }
      // A card held elsewhere moves here (each plain card is its own tile and value).
      all("select[data-slot]").forEach(function (s) {
        if (s.value === value) { s.value = ""; changed(s); }
      });
      empty.value = value;
      changed(empty);
      if (full(active)) {
        var next = order.filter(function (slot) { return !full(slot); })[0];
        if (next) { active = next; }
      }
    }
    function take(value) {
      var mine = selects(active).filter(function (s) { return s.value === value; });
      if (mine.length) { mine[mine.length - 1].value = ""; changed(mine[mine.length - 1]); }
    }
    // The selects are the form: a draft kept on the phone follows their change events.
    function changed(select) {
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
    function label(select) {
      return select.value ? select.options[select.selectedIndex].textContent : "";
    }

    function render() {
      var activeFull = full(active);
      buttons.forEach(function (b) {
        var n = selects(b.dataset.slot).filter(function (s) { return s.value; }).length;
        b.setAttribute("aria-pressed", String(b.dataset.slot === active));
        b.querySelector(".got").textContent = n + "/2";
      });
      all(".tile[data-value]", box).forEach(function (tile) {
        var value = tile.dataset.value;
        var owners = ownerOf(value);
        var owner = tile.querySelector(".owner");
        var held = owners[0];
        tile.setAttribute("aria-pressed", String(held === active));
        tile.disabled = activeFull && held !== active;
        tile.classList.toggle("held", !!held && held !== active);
        owner.textContent = held ? nameOf(held) : "";
      });
      all(".held[data-slot]").forEach(function (p) {
        var names = selects(p.dataset.slot).map(label).filter(Boolean);
        p.textContent = names.length ? names.join(p.dataset.tComma || ", ")
          : p.dataset.tEmpty || "No cards yet: tap them in the grid above.";
      });
      all("select[data-hand]").forEach(function (leave) {
        var hand = selects(leave.dataset.hand), field = selects("field");
        all("option[data-fallback]", leave).forEach(function (option) {
          var where = option.value.split("-");
          var slot = (where[0] === "hand" ? hand : field)[int(where[1])];
          option.textContent = (slot && label(slot)) || option.dataset.fallback;
        });
      });
      all(".tally li[data-count]").forEach(function (li) {
        li.querySelector(".n").textContent =
          selects(li.dataset.count).filter(function (s) { return s.value; }).length;
      });
    }

    buttons.forEach(function (b) {
      b.addEventListener("click", function () { active = b.dataset.slot; render(); });
    });
    all(".tile[data-value]", box).forEach(function (tile) {
      tile.addEventListener("click", function () {
        if (ownerOf(tile.dataset.value)[0] === active) { take(tile.dataset.value); } else { put(tile.dataset.value); }
        render();
      });
    });
    all("select[data-slot]").forEach(function (s) { s.addEventListener("change", render); });
    document.addEventListener("scorekeeper:restored", render);
    if (full(active)) {
      active = order.filter(function (slot) { return !full(slot); })[0] || active;
    }
    render();
  }

  // -- the bar's mistakes (issue 31): the field or a hand short of its 2 cards, once a later
  // hand has a card (the grid fills them in turn); the server's words.

  function mistakes(w) {
    if (!w.field_size) { return []; }
    var slots = all(".tally li[data-count]");
    var counts = slots.map(function (li) {
      return all("select[data-slot='" + li.dataset.count + "']")
        .filter(function (s) { return s.value; }).length;
    });
    var found = [];
    slots.forEach(function (li, k) {
      var later = counts.slice(k + 1).some(function (n) { return n > 0; });
      if (counts[k] >= 2 || !later) { return; }
      if (li.dataset.count === "field") {
        found.push({ text: picker.fill(w.field_size, { n: counts[k] }) });
      } else {
        var name = li.querySelector("b").textContent;
        found.push({
          where: picker.fill(w.hand, { name: name }),
          text: picker.fill(w.hand_size, { n: counts[k] })
        });
      }
    });
    return found;
  }
  picker.checks.push(mistakes);

  document.addEventListener("DOMContentLoaded", function () {
    compact();
    all("select[data-slot]").forEach(function (s) { s.addEventListener("change", picker.showMistakes); });
    picker.showMistakes();
  });
}
