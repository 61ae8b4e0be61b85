// The home page and opening a table: the house rules of the game chosen, the seat order,
// the first-dealer draw. Without script the forms post as they are.
import { all } from "./dom.js";

// -- the home page: house rules of the game chosen ------------------------------------

export function gameRules() {
  const select = document.querySelector("select.game-select");
  if (!select) { return; }
  function show() {
    all("fieldset.rules, [data-games]").forEach(function (fs) {
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

// ``s`` is the section's state: the section, its form, the list, the typed names' box,
// the game's select and the order of the seats.
export function seatOrder(section) {
  const form = section.closest("form");
  const s = {
    section: section, form: form, list: section.querySelector("ol.seat-list"),
    typedBox: form.querySelector("[data-seat-typed]"),
    // A game whose players play their neighbours (Tokan): each one's neighbours are named.
    gameSelect: form.querySelector("select.game-select"),
    order: all("input[name=seat]", section).map(function (i) { return i.value; }),
  };
  if (s.gameSelect) { s.gameSelect.addEventListener("change", function () { draw(s); }); }
  all("input[name=member]", form).forEach(function (box) {
    box.addEventListener("change", function () {
      const at = s.order.indexOf(box.value);
      if (box.checked && at < 0) { s.order.push(box.value); }
      if (!box.checked && at >= 0) { s.order.splice(at, 1); }
      sync(s);
    });
  });
  if (s.typedBox) { s.typedBox.addEventListener("input", function () { sync(s); }); }
  s.list.addEventListener("click", function (event) { move(s, event); });
  all("[data-no-script]", section).forEach(function (b) { b.hidden = true; });
  sync(s);
}

function fold(n) { return n.trim().toLowerCase(); }
function typed(s) {
  const typedBox = s.typedBox;
  const by = typedBox && typedBox.dataset.seatTyped === "lines" ? /\n+/ : /[\n,、，]+/;
  return typedBox ? typedBox.value.split(by).map(function (n) { return n.trim(); })
    .filter(function (n) { return n; }) : [];
}
function ticked(s) {
  return all("input[name=member]", s.form).filter(function (b) { return b.checked; })
    .map(function (b) { return b.value; });
}
function sync(s) {
  if ("seatFixed" in s.section.dataset) { draw(s); return; } // the same players, moved only
  const rest = ticked(s).concat(typed(s));
  const kept = [];
  s.order.forEach(function (name) {
    for (let i = 0; i < rest.length; i++) {
      if (fold(rest[i]) === fold(name)) { kept.push(rest.splice(i, 1)[0]); return; }
    }
  });
  s.order = kept.concat(rest);
  draw(s);
}
function button(s, way, i, name, off) {
  const b = document.createElement("button");
  b.type = "submit";
  b.name = "move";
  b.value = way + ":" + i;
  b.className = "seat-move";
  b.textContent = way === "up" ? "\u2191" : "\u2193";
  b.setAttribute("aria-label", (s.section.dataset[way === "up" ? "tUp" : "tDown"] || "").split("{name}").join(name));
  b.disabled = off;
  return b;
}
// A game whose players play their neighbours (Tokan): each one's left neighbour (the
// next in the list) and right (the previous), for the game of the page or the one chosen.
function neighboursNamed(s) {
  const game = s.gameSelect ? s.gameSelect.value : (s.section.dataset.game || "");
  return s.order.length > 1 && (s.section.dataset.nbGames || "").split(" ").indexOf(game) >= 0;
}
function neighbours(s, i) {
  const order = s.order;
  const small = document.createElement("small");
  small.className = "seat-nb";
  small.textContent = (s.section.dataset.tNb || "")
    .split("{left}").join(order[(i + 1) % order.length])
    .split("{right}").join(order[(i - 1 + order.length) % order.length]);
  return small;
}
function draw(s) {
  s.list.textContent = "";
  const named = neighboursNamed(s);
  s.order.forEach(function (name, i) { s.list.appendChild(seatItem(s, name, i, named)); });
  const empty = s.section.querySelector("[data-seat-empty]");
  if (empty) { empty.hidden = s.order.length > 0; }
}
function seatItem(s, name, i, named) {
  const li = document.createElement("li");
  const hidden = document.createElement("input");
  hidden.type = "hidden";
  hidden.name = "seat";
  hidden.value = name;
  let label = document.createElement("span");
  label.className = "seat-name";
  label.textContent = name;
  li.appendChild(hidden);
  if (named) { // the name, and under it the neighbours: .seat-name stays the name alone
    const who = document.createElement("span");
    who.className = "seat-who";
    who.appendChild(label);
    who.appendChild(document.createTextNode(" "));
    who.appendChild(neighbours(s, i));
    label = who;
  }
  li.appendChild(label);
  li.appendChild(button(s, "up", i, name, i === 0));
  li.appendChild(button(s, "down", i, name, i === s.order.length - 1));
  return li;
}
// A move button's click: the player swaps seats with the one above or below.
function move(s, event) {
  const b = event.target.closest("button.seat-move");
  if (!b) { return; }
  event.preventDefault();
  const order = s.order;
  const parts = b.value.split(":");
  const i = parseInt(parts[1], 10);
  const j = parts[0] === "up" ? i - 1 : i + 1;
  if (j < 0 || j >= order.length) { return; }
  const t = order[i]; order[i] = order[j]; order[j] = t;
  draw(s);
  // A typed list of the players themselves (the start page's) follows the seats.
  if (s.typedBox && s.typedBox.dataset.seatTyped === "lines") { s.typedBox.value = order.join("\n"); }
  const again = s.list.querySelector('button[value="' + parts[0] + ":" + j + '"]');
  if (again && !again.disabled) { again.focus(); }
}

// The first-dealer draw: as many cards each as chosen (RULES 4.7) fill each player's draw.
export function drawEach() {
  all("select[data-draw-each]").forEach(function (select) {
    function apply() {
      all(".target[data-target]", select.form).forEach(function (t) { t.dataset.limit = select.value; });
    }
    select.addEventListener("change", apply);
    apply();
  });
}
