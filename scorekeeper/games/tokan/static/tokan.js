// Tokan's form at the speed of dice: one pad of six keys per player, tapped once per die,
// over the two radio groups that are the form (and all there is without this script); one
// key per signed prediction ("+3" is "more by 3", one tap) over each prediction's radios
// (a direction and a number of tokens, none chosen at first). Once a player's block is
// complete, the page brings the next one to fill into view (issue 39: no scrolling about).
// Served in the pages' one script (Game.scripts; static/js/games.js), started with the
// pickers' helpers, whose bar it updates (picker.tally); it does nothing on a page without its form.
export function start(picker) {
  const tally = picker.tally || function () {};
  if (picker.checks) { picker.checks.push(function (w) { return mistakes(picker, w); }); }

  document.addEventListener("DOMContentLoaded", function () {
    all("fieldset.tokan .predict input, fieldset.tokan input[name$=_seated]").forEach(function (x) {
      x.addEventListener(x.type === "number" ? "input" : "change", tally);
    });
    neighbours(tally);
    all(".dice-pad[data-for]").forEach(pad);
    all(".predict-pad[data-for]").forEach(predictPad);
  });
}
function all(sel, root) {
  return Array.prototype.slice.call((root || document).querySelectorAll(sel));
}

// -- Tokan: the neighbours named follow who plays the tour ----------------------------

function neighbours(tally) {
  const seats = all("fieldset.tokan");
  if (!seats.length) { return; }
  function update() {
    const names = [], at = [];
    seats.forEach(function (fs, i) {
      names.push(fs.querySelector("legend").textContent.trim());
      const box = fs.querySelector("input[name$=_seated]");
      fs.classList.toggle("away", !box.checked);
      if (box.checked) { at.push(i); }
    });
    seats.forEach(function (fs, i) {
      const k = at.indexOf(i);
      const left = k < 0 || at.length < 2 ? "" : names[at[(k + 1) % at.length]];
      const right = k < 0 || at.length < 2 ? "" : names[at[(k - 1 + at.length) % at.length]];
      const nobody = fs.dataset.tNobody || "nobody";
      fs.querySelector(".nb[data-side=left]").textContent = left || nobody;
      fs.querySelector(".nb[data-side=right]").textContent = right || nobody;
      const li = document.querySelector(".tally li[data-dice='" + i + "']");
      if (li) { li.hidden = k < 0; }
    });
  }
  seats.forEach(function (fs) {
    fs.querySelector("input[name$=_seated]").addEventListener("change", update);
  });
  all(".die input").forEach(function (r) { r.addEventListener("change", tally); });
  update();
}

function pad(box) {
  const fs = box.closest("fieldset");
  const i = box.dataset.for;
  const groups = [1, 2].map(function (k) {
    return all("input[name=p" + i + "_d" + k + "]", fs);
  });
  function value(group) {
    const r = group.filter(function (x) { return x.checked; })[0];
    return r ? parseInt(r.value, 10) : 0;
  }
  // Checks the face in one die's group (0: none), and tells the page's listeners (the sums
  // beside the pad and in the bar, a draft kept on the phone) that the die changed.
  function set(group, face) {
    let changed = null;
    group.forEach(function (r) {
      const on = parseInt(r.value, 10) === face;
      if (r.checked !== on) { r.checked = on; changed = r; }
    });
    if (changed) { changed.dispatchEvent(new Event("change", { bubbles: true })); }
  }
  function render() {
    const d = groups.map(value);
    all(".face", box).forEach(function (key) {
      const face = parseInt(key.dataset.face, 10);
      const n = d.filter(function (x) { return x === face; }).length;
      key.setAttribute("aria-pressed", String(n > 0));
      key.classList.toggle("twice", n === 2);
    });
  }
  // A tap fills the first die, then the second; a third tap starts the pair again.
  all(".face", box).forEach(function (key) {
    key.addEventListener("click", function () {
      const face = parseInt(key.dataset.face, 10);
      const d = groups.map(value);
      const before = done(fs);
      if (!d[0] || (d[0] && d[1])) {
        set(groups[0], face);
        set(groups[1], 0);
      } else {
        set(groups[1], face);
      }
      render();
      moveOn(fs, before);
    });
  });
  groups.forEach(function (g) {
    g.forEach(function (r) { r.addEventListener("change", render); });
  });
  const total = fs.querySelector(".dice-total");
  const head = fs.querySelector(".head");
  if (total && head) { head.appendChild(total); } // the sum on the name's line, over the keys
  fs.classList.add("has-pad");
  box.hidden = false;
  render();
}

// -- one key per prediction (issue 39) ------------------------------------------------

// A prediction's signed value as its radios say it: null when unset or without the
// direction a number other than 0 needs.
function predicted(wrap) {
  const n = wrap.querySelector("input[type=radio][name$=_n]:checked");
  const way = wrap.querySelector("input[name$=_dir]:checked");
  if (!n) { return null; }
  const k = parseInt(n.value, 10);
  if (k === 0) { return 0; }
  return way ? (way.value === "less" ? -k : k) : null;
}

// Checks the radio of ``value`` in a group ("" for none), and tells the page (the bar, the
// draft kept on the phone) what changed.
function check(group, value) {
  let changed = null;
  group.forEach(function (r) {
    const on = r.value === value;
    if (r.checked !== on) { r.checked = on; changed = r; }
  });
  if (changed) { changed.dispatchEvent(new Event("change", { bubbles: true })); }
}

function predictPad(box) {
  const fs = box.closest("fieldset");
  const wrap = box.closest(".predict");
  const dirs = all("input[name$=_dir]", wrap);
  const counts = all("input[type=radio][name$=_n]", wrap);
  function render() {
    const n = counts.filter(function (r) { return r.checked; })[0];
    const way = dirs.filter(function (r) { return r.checked; })[0];
    all(".pk", box).forEach(function (key) {
      const v = parseInt(key.dataset.predict.split(":")[2], 10);
      const same = !!n && parseInt(n.value, 10) === Math.abs(v);
      const pressed = same && (v === 0 || (!!way && (v < 0) === (way.value === "less")));
      key.setAttribute("aria-pressed", String(pressed));
      // A number kept without its direction (a refused Save): both keys show it.
      key.classList.toggle("half", same && v !== 0 && !way);
    });
  }
  all(".pk", box).forEach(function (key) {
    key.addEventListener("click", function () {
      const v = parseInt(key.dataset.predict.split(":")[2], 10);
      const before = done(fs);
      check(dirs, v > 0 ? "more" : (v < 0 ? "less" : ""));
      check(counts, String(Math.abs(v)));
      render();
      moveOn(fs, before);
    });
  });
  dirs.concat(counts).forEach(function (r) { r.addEventListener("change", render); });
  wrap.classList.add("has-ppad");
  const how = wrap.querySelector(".ppad-how");
  if (how) { how.hidden = false; }
  box.hidden = false;
  render();
}

// A block brought to the top of the screen, smoothly unless the phone asks for less motion.
function bringUp(fs) {
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  fs.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
}

function seatedHere(fs) {
  const box = fs.querySelector("input[name$=_seated]");
  return !!box && box.checked;
}

function complete(fs) {
  return all(".dice input:checked", fs).length === 2 &&
    all(".predict", fs).every(function (wrap) { return predicted(wrap) !== null; });
}

// A block claiming more tokens than the player holds is not done: it stays in view while
// the bar says so (a block the page moved away from would have to be scrolled back to).
function done(fs) {
  return complete(fs) && !tokens(fs).over;
}

// The tap that completes a player's block brings the next block still to fill into view
// (after this one, then from the top), so what the player must touch next is on screen;
// the sticky bar keeps Save in view once every block is filled.
function moveOn(fs, before) {
  if (!before && !complete(fs)) { bringRest(fs); }
  if (before || !done(fs)) { return; }
  const seats = all("fieldset.tokan").filter(seatedHere);
  const k = seats.indexOf(fs);
  const next = seats.slice(k + 1).concat(seats.slice(0, k)).filter(function (s) {
    return !done(s);
  })[0];
  if (!next) { return; }
  bringUp(next);
}

// Once a player's dice and left prediction are in, the right prediction is what comes
// next: when it is not all in view above the sticky bar, the block is brought up.
function bringRest(fs) {
  const right = fs.querySelector(".predict[data-side=right]");
  const left = fs.querySelector(".predict[data-side=left]");
  if (!right || !left || predicted(left) === null || predicted(right) !== null) { return; }
  const bar = document.querySelector(".entrybar");
  const floor = bar ? bar.getBoundingClientRect().top : window.innerHeight;
  const r = right.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= floor) { return; }
  bringUp(fs);
}

// -- more tokens of a colour than a player holds (RULES 6), in the server's words -------

// The blue ("more") and red ("less") tokens a player's predictions claim, and the limit.
function tokens(fs) {
  const t = { blue: 0, red: 0, limit: parseInt(fs.dataset.tokens, 10) };
  all(".predict", fs).map(predicted).forEach(function (v) {
    if (v > 0) { t.blue += v; }
    if (v < 0) { t.red -= v; }
  });
  t.over = t.blue > t.limit || t.red > t.limit;
  return t;
}

// While a colour is claimed past the limit, every prediction spending it is marked (as the
// server marks each on a refused Save): either may be the one to lower.
function markOver(fs, seated) {
  const t = tokens(fs);
  all(".predict", fs).forEach(function (wrap) {
    const v = predicted(wrap);
    wrap.classList.toggle("over", seated && ((v > 0 && t.blue > t.limit) || (v < 0 && t.red > t.limit)));
  });
}

function tooMany(picker, fs, name, w) {
  const t = tokens(fs), blue = t.blue, red = t.red, limit = t.limit;
  if (!w.too_blue || isNaN(limit)) { return []; }
  // The words name the player already: no "Ben:" before them (as the server's summary).
  const found = [];
  if (blue > limit) { found.push({ where: "", text: picker.fill(w.too_blue, { name: name, n: blue, limit: limit }) }); }
  if (red > limit) { found.push({ where: "", text: picker.fill(w.too_red, { name: name, n: red, limit: limit }) }); }
  return found;
}

// -- the bar's mistakes (issue 31): a prediction not yet set, or tokens without "more by"
// or "less by"; the server's words. The form is filled in its order (each player's dice,
// left, right): a prediction is named once something after it is tapped (the last one once
// all before it are), so the dice sum stays in the bar while a player is on their own line.

function mistakes(picker, w) {
  if (!w.unset_left) { return []; }
  let slots = [];
  all("fieldset.tokan").forEach(function (fs) {
    const seated = fs.querySelector("input[name$=_seated]");
    markOver(fs, !!seated && seated.checked);
    if (!seated || !seated.checked) { return; }
    slots = slots.concat(seatSlots(picker, w, fs));
  });
  // The tour's last slot has nothing after it: it is named once everything before it is
  // entered, when it is all that stands between the player and Save.
  const found = [];
  slots.forEach(function (slot, k) {
    const later = slots.slice(k + 1).some(function (s) { return s.entered; }) ||
      (k === slots.length - 1 && k > 0 && slots.slice(0, k).every(function (s) { return s.entered; }));
    if (slot.mistake && (later || slot.now)) { found.push(slot.mistake); }
  });
  return found;
}

// One seated player's slots, in the form's order: the dice, the left and the right
// prediction, then any colour of tokens claimed past the limit.
function seatSlots(picker, w, fs) {
  const name = fs.querySelector("legend").textContent.trim();
  const rolled = all(".dice input:checked", fs).length;
  const own = [{
    entered: rolled > 0,
    mistake: rolled < 2 ? {
      where: name, text: picker.fill(rolled ? w.dice_one : w.dice_both, { name: name })
    } : null
  }];
  ["left", "right"].forEach(function (side) {
    const box = fs.querySelector(".predict[data-side=" + side + "]");
    if (box) { own.push(predictionSlot(picker, w, box, name, side)); }
  });
  // Too many tokens is a mistake as soon as it is made: said at once.
  tooMany(picker, fs, name, w).forEach(function (m) { own.push({ entered: true, mistake: m, now: true }); });
  // Nothing at all for this player: one mistake, as the server says it.
  if (!own.some(function (s) { return s.entered; })) {
    own.forEach(function (s) { s.mistake = null; });
    own[own.length - 1].mistake = { where: name, text: picker.fill(w.nothing_yet, { name: name }) };
  }
  return own;
}

// A prediction's slot: entered once its number or its direction is, a mistake while its
// number is missing, or a number other than 0 has no direction.
function predictionSlot(picker, w, box, name, side) {
  const chip = box.querySelector("input[name$=_n]:checked");
  const field = box.querySelector("input[type=number][name$=_n]");
  const raw = chip ? chip.value : (field ? field.value.trim() : "");
  const way = box.querySelector("input[name$=_dir]:checked");
  const n = /^\d+$/.test(raw) ? parseInt(raw, 10) : null;
  let mistake = null;
  if (raw === "") {
    mistake = { where: name, text: w["unset_" + side] };
  } else if (n && !way) {
    mistake = { where: name, text: picker.fill(w.which_way, { n: n }) };
  }
  return { entered: raw !== "" || !!way, mistake: mistake };
}
