// Tokotoko's round form: one grid in the Nagoya order, tapped into the hand chosen above it.
// Served in the pages' one script (Game.scripts; static/js/games.js), started with the
// pickers' helpers (picker); it looks for its own form's elements and does nothing elsewhere.
export function start(picker) {
  picker.checks.push(function (w) { return mistakes(picker, w); });

  document.addEventListener("DOMContentLoaded", function () {
    compact(picker);
    picker.all("select[data-slot]").forEach(function (s) { s.addEventListener("change", picker.showMistakes); });
    picker.showMistakes();
  });
}

// -- Tokotoko: one grid in the Nagoya order, tapped into the hand chosen above it -----
// The selects (one per card slot) stay the form; the grid only fills and empties them.
// ``c`` is the grid's state: the picker's helpers, its box, its hand buttons, the slots
// in their order and the active one.

function compact(picker) {
  const all = picker.all;
  const box = document.querySelector(".compact");
  if (!box) { return; }
  box.hidden = false;
  const buttons = all(".hand-pick", box);
  const order = buttons.map(function (b) { return b.dataset.slot; });
  const c = { picker: picker, box: box, buttons: buttons, order: order, active: order[0] };
  function render() { renderCompact(c); }

  buttons.forEach(function (b) {
    b.addEventListener("click", function () { c.active = b.dataset.slot; render(); });
  });
  all(".tile[data-value]", box).forEach(function (tile) {
    tile.addEventListener("click", function () {
      if (ownerOf(c, tile.dataset.value)[0] === c.active) { take(c, tile.dataset.value); } else { put(c, tile.dataset.value); }
      render();
    });
  });
  all("select[data-slot]").forEach(function (s) { s.addEventListener("change", render); });
  document.addEventListener("scorekeeper:restored", render);
  if (full(c, c.active)) {
    c.active = order.filter(function (slot) { return !full(c, slot); })[0] || c.active;
  }
  render();
}

function selects(c, slot) {
  return c.picker.all("select[data-slot='" + slot + "']");
}
function ownerOf(c, value) {
  return c.order.filter(function (slot) {
    return selects(c, slot).some(function (s) { return s.value === value; });
  });
}
function full(c, slot) {
  return selects(c, slot).every(function (s) { return s.value; });
}
function nameOf(c, slot) {
  return c.box.querySelector(".hand-pick[data-slot='" + slot + "']").dataset.name;
}
function put(c, value) {
  const empty = selects(c, c.active).filter(function (s) { return !s.value; })[0];
  if (!empty) { return; }
  // A card held elsewhere moves here (each plain card is its own tile and value).
  c.picker.all("select[data-slot]").forEach(function (s) {
    if (s.value === value) { s.value = ""; changed(s); }
  });
  empty.value = value;
  changed(empty);
  if (full(c, c.active)) {
    const next = c.order.filter(function (slot) { return !full(c, slot); })[0];
    if (next) { c.active = next; }
  }
}
function take(c, value) {
  const mine = selects(c, c.active).filter(function (s) { return s.value === value; });
  if (mine.length) { mine[mine.length - 1].value = ""; changed(mine[mine.length - 1]); }
}
// The selects are the form: a draft kept on the phone follows their change events.
function changed(select) {
  select.dispatchEvent(new Event("change", { bubbles: true }));
}
function label(select) {
  return select.value ? select.options[select.selectedIndex].textContent : "";
}

function renderCompact(c) {
  const all = c.picker.all;
  const activeFull = full(c, c.active);
  c.buttons.forEach(function (b) {
    const n = selects(c, b.dataset.slot).filter(function (s) { return s.value; }).length;
    b.setAttribute("aria-pressed", String(b.dataset.slot === c.active));
    b.querySelector(".got").textContent = n + "/2";
  });
  all(".tile[data-value]", c.box).forEach(function (tile) {
    const held = ownerOf(c, tile.dataset.value)[0];
    tile.setAttribute("aria-pressed", String(held === c.active));
    tile.disabled = activeFull && held !== c.active;
    tile.classList.toggle("held", !!held && held !== c.active);
    tile.querySelector(".owner").textContent = held ? nameOf(c, held) : "";
  });
  all(".held[data-slot]").forEach(function (p) {
    const names = selects(c, p.dataset.slot).map(label).filter(Boolean);
    p.textContent = names.length ? names.join(p.dataset.tComma || ", ")
      : p.dataset.tEmpty || "No cards yet: tap them in the grid above.";
  });
  all("select[data-hand]").forEach(function (leave) { renderLeave(c, leave); });
  all(".tally li[data-count]").forEach(function (li) {
    li.querySelector(".n").textContent =
      selects(c, li.dataset.count).filter(function (s) { return s.value; }).length;
  });
}

// The card a player leaves, offered by the names of the cards now in its slots.
function renderLeave(c, leave) {
  const hand = selects(c, leave.dataset.hand), field = selects(c, "field");
  c.picker.all("option[data-fallback]", leave).forEach(function (option) {
    const where = option.value.split("-");
    const slot = (where[0] === "hand" ? hand : field)[c.picker.int(where[1])];
    option.textContent = (slot && label(slot)) || option.dataset.fallback;
  });
}

// -- the bar's mistakes (issue 31): the field or a hand short of its 2 cards, once a later
// hand has a card (the grid fills them in turn); the server's words.

function mistakes(picker, w) {
  const all = picker.all;
  if (!w.field_size) { return []; }
  const slots = all(".tally li[data-count]");
  const counts = slots.map(function (li) {
    return all("select[data-slot='" + li.dataset.count + "']")
      .filter(function (s) { return s.value; }).length;
  });
  const found = [];
  slots.forEach(function (li, k) {
    const later = counts.slice(k + 1).some(function (n) { return n > 0; });
    if (counts[k] >= 2 || !later) { return; }
    if (li.dataset.count === "field") {
      found.push({ text: picker.fill(w.field_size, { n: counts[k] }) });
    } else {
      const name = li.querySelector("b").textContent;
      found.push({
        where: picker.fill(w.hand, { name: name }),
        text: picker.fill(w.hand_size, { n: counts[k] })
      });
    }
  });
  return found;
}
