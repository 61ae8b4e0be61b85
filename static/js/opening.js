// The home page and opening a table: the house rules of the game chosen, the seat order,
// the first-dealer draw. Without script the forms post as they are.
import { all } from "./dom.js";

// -- the home page: house rules of the game chosen ------------------------------------

export function gameRules() {
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

export function seatOrder(section) {
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
  // A game whose players play their neighbours (Tokan): each one's left neighbour (the
  // next in the list) and right (the previous), for the game of the page or the one chosen.
  var gameSelect = form.querySelector("select.game-select");
  function neighboursNamed() {
    var game = gameSelect ? gameSelect.value : (section.dataset.game || "");
    return order.length > 1 && (section.dataset.nbGames || "").split(" ").indexOf(game) >= 0;
  }
  function neighbours(i) {
    var small = document.createElement("small");
    small.className = "seat-nb";
    small.textContent = (section.dataset.tNb || "")
      .split("{left}").join(order[(i + 1) % order.length])
      .split("{right}").join(order[(i - 1 + order.length) % order.length]);
    return small;
  }
  if (gameSelect) { gameSelect.addEventListener("change", function () { draw(); }); }
  function draw() {
    list.textContent = "";
    var named = neighboursNamed();
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
      if (named) { // the name, and under it the neighbours: .seat-name stays the name alone
        var who = document.createElement("span");
        who.className = "seat-who";
        who.appendChild(label);
        who.appendChild(document.createTextNode(" "));
        who.appendChild(neighbours(i));
        label = who;
      }
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
export function drawEach() {
  all("select[data-draw-each]").forEach(function (select) {
    function apply() {
      all(".target[data-target]", select.form).forEach(function (t) { t.dataset.limit = select.value; });
    }
    select.addEventListener("change", apply);
    apply();
  });
}
