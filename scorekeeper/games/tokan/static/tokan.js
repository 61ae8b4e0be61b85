// Tokan's form at the speed of dice: one pad of six keys per player, tapped once per die,
// over the two radio groups that are the form (and all there is without this script); one
// key per signed prediction ("+3" is "more by 3", one tap) over each prediction's radios
// (a direction and a number of tokens, none chosen at first). Once a player's block is
// complete, the page brings the next one to fill into view (issue 39: no scrolling about).
// Served in the pages' one script (Game.scripts; static/js/games.js), started with the
// pickers' helpers, whose bar it updates (picker.tally); it does nothing on a page without its form.
export function start(picker) {
  var tally = picker.tally || function () {};

  function all(sel, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(sel));
  }

  // -- Tokan: the neighbours named follow who plays the tour ----------------------------

  function neighbours() {
    var seats = all("fieldset.tokan");
    if (!seats.length) { return; }
    function update() {
      var names = [], at = [];
      seats.forEach(function (fs, i) {
        names.push(fs.querySelector("legend").textContent.trim());
        var box = fs.querySelector("input[name$=_seated]");
        fs.classList.toggle("away", !box.checked);
        if (box.checked) { at.push(i); }
      });
      seats.forEach(function (fs, i) {
        var k = at.indexOf(i);
        var left = k < 0 || at.length < 2 ? "" : names[at[(k + 1) % at.length]];
        var right = k < 0 || at.length < 2 ? "" : names[at[(k - 1 + at.length) % at.length]];
        var nobody = fs.dataset.tNobody || "nobody";
        fs.querySelector(".nb[data-side=left]").textContent = left || nobody;
        fs.querySelector(".nb[data-side=right]").textContent = right || nobody;
        var li = document.querySelector(".tally li[data-dice='" + i + "']");
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
    var fs = box.closest("fieldset");
    var i = box.dataset.for;
    var groups = [1, 2].map(function (k) {
      return all("input[name=p" + i + "_d" + k + "]", fs);
    });
    function value(group) {
      var r = group.filter(function (x) { return x.checked; })[0];
      return r ? parseInt(r.value, 10) : 0;
    }
    // Checks the face in one die's group (0: none), and tells the page's listeners (the sums
    // beside the pad and in the bar, a draft kept on the phone) that the die changed.
    function set(group, face) {
      var changed = null;
      group.forEach(function (r) {
        var on = parseInt(r.value, 10) === face;
        if (r.checked !== on) { r.checked = on; changed = r; }
      });
      if (changed) { changed.dispatchEvent(new Event("change", { bubbles: true })); }
    }
    function render() {
      var d = groups.map(value);
      all(".face", box).forEach(function (key) {
        var face = parseInt(key.dataset.face, 10);
        var n = d.filter(function (x) { return x === face; }).length;
        key.setAttribute("aria-pressed", String(n > 0));
        key.classList.toggle("twice", n === 2);
      });
    }
    // A tap fills the first die, then the second; a third tap starts the pair again.
    all(".face", box).forEach(function (key) {
      key.addEventListener("click", function () {
        var face = parseInt(key.dataset.face, 10);
        var d = groups.map(value);
        var before = done(fs);
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
    var total = fs.querySelector(".dice-total");
    var head = fs.querySelector(".head");
    if (total && head) { head.appendChild(total); } // the sum on the name's line, over the keys
    fs.classList.add("has-pad");
    box.hidden = false;
    render();
  }

  // -- one key per prediction (issue 39) ------------------------------------------------

  // A prediction's signed value as its radios say it: null when unset or without the
  // direction a number other than 0 needs.
  function predicted(wrap) {
    var n = wrap.querySelector("input[type=radio][name$=_n]:checked");
    var way = wrap.querySelector("input[name$=_dir]:checked");
    if (!n) { return null; }
    var k = parseInt(n.value, 10);
    if (k === 0) { return 0; }
    return way ? (way.value === "less" ? -k : k) : null;
  }

  // Checks the radio of ``value`` in a group ("" for none), and tells the page (the bar, the
  // draft kept on the phone) what changed.
  function check(group, value) {
    var changed = null;
    group.forEach(function (r) {
      var on = r.value === value;
      if (r.checked !== on) { r.checked = on; changed = r; }
    });
    if (changed) { changed.dispatchEvent(new Event("change", { bubbles: true })); }
  }

  function predictPad(box) {
    var fs = box.closest("fieldset");
    var wrap = box.closest(".predict");
    var dirs = all("input[name$=_dir]", wrap);
    var counts = all("input[type=radio][name$=_n]", wrap);
    function render() {
      var n = counts.filter(function (r) { return r.checked; })[0];
      var way = dirs.filter(function (r) { return r.checked; })[0];
      all(".pk", box).forEach(function (key) {
        var v = parseInt(key.dataset.predict.split(":")[2], 10);
        var same = !!n && parseInt(n.value, 10) === Math.abs(v);
        var pressed = same && (v === 0 || (!!way && (v < 0) === (way.value === "less")));
        key.setAttribute("aria-pressed", String(pressed));
        // A number kept without its direction (a refused Save): both keys show it.
        key.classList.toggle("half", same && v !== 0 && !way);
      });
    }
    all(".pk", box).forEach(function (key) {
      key.addEventListener("click", function () {
        var v = parseInt(key.dataset.predict.split(":")[2], 10);
        var before = done(fs);
        check(dirs, v > 0 ? "more" : (v < 0 ? "less" : ""));
        check(counts, String(Math.abs(v)));
        render();
        moveOn(fs, before);
      });
    });
    dirs.concat(counts).forEach(function (r) { r.addEventListener("change", render); });
    wrap.classList.add("has-ppad");
    var how = wrap.querySelector(".ppad-how");
    if (how) { how.hidden = false; }
    box.hidden = false;
    render();
  }

  // A block brought to the top of the screen, smoothly unless the phone asks for less motion.
  function bringUp(fs) {
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    fs.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  }

  function seatedHere(fs) {
    var box = fs.querySelector("input[name$=_seated]");
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
    var seats = all("fieldset.tokan").filter(seatedHere);
    var k = seats.indexOf(fs);
    var next = seats.slice(k + 1).concat(seats.slice(0, k)).filter(function (s) {
      return !done(s);
    })[0];
    if (!next) { return; }
    bringUp(next);
  }

  // Once a player's dice and left prediction are in, the right prediction is what comes
  // next: when it is not all in view above the sticky bar, the block is brought up.
  function bringRest(fs) {
    var right = fs.querySelector(".predict[data-side=right]");
    var left = fs.querySelector(".predict[data-side=left]");
    if (!right || !left || predicted(left) === null || predicted(right) !== null) { return; }
    var bar = document.querySelector(".entrybar");
    var floor = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    var r = right.getBoundingClientRect();
    if (r.top >= 0 && r.bottom <= floor) { return; }
    bringUp(fs);
  }

  // -- more tokens of a colour than a player holds (RULES 6), in the server's words -------

  // The blue ("more") and red ("less") tokens a player's predictions claim, and the limit.
  function tokens(fs) {
    var t = { blue: 0, red: 0, limit: parseInt(fs.dataset.tokens, 10) };
    all(".predict", fs).map(predicted).forEach(function (v) {
      if (v > 0) { t.blue += v; }
      if (v < 0) { t.red -= v; }
    });
    t.over = t.blue > t.limit || t.red > t.limit;
    return t;
  }

  function tooMany(fs, name, w) {
    var t = tokens(fs), blue = t.blue, red = t.red, limit = t.limit;
    if (!w.too_blue || isNaN(limit)) { return []; }
    // The words name the player already: no "Ben:" before them (as the server's summary).
    var found = [];
    if (blue > limit) { found.push({ where: "", text: picker.fill(w.too_blue, { name: name, n: blue, limit: limit }) }); }
    if (red > limit) { found.push({ where: "", text: picker.fill(w.too_red, { name: name, n: red, limit: limit }) }); }
    return found;
  }

  // -- the bar's mistakes (issue 31): a prediction not yet set, or tokens without "more by"
  // or "less by"; the server's words. The form is filled in its order (each player's dice,
  // left, right): a prediction is named once something after it is tapped (the last one once
  // all before it are), so the dice sum stays in the bar while a player is on their own line.

  function mistakes(w) {
    if (!w.unset_left) { return []; }
    var slots = [];
    all("fieldset.tokan").forEach(function (fs) {
      var seated = fs.querySelector("input[name$=_seated]");
      if (!seated || !seated.checked) { return; }
      var name = fs.querySelector("legend").textContent.trim();
      var rolled = all(".dice input:checked", fs).length;
      var first = slots.length;
      slots.push({
        entered: rolled > 0,
        mistake: rolled < 2 ? {
          where: name, text: picker.fill(rolled ? w.dice_one : w.dice_both, { name: name })
        } : null
      });
      ["left", "right"].forEach(function (side) {
        var box = fs.querySelector(".predict[data-side=" + side + "]");
        if (!box) { return; }
        var chip = box.querySelector("input[name$=_n]:checked");
        var field = box.querySelector("input[type=number][name$=_n]");
        var raw = chip ? chip.value : (field ? field.value.trim() : "");
        var way = box.querySelector("input[name$=_dir]:checked");
        var n = /^\d+$/.test(raw) ? parseInt(raw, 10) : null;
        var mistake = null;
        if (raw === "") {
          mistake = { where: name, text: w["unset_" + side] };
        } else if (n && !way) {
          mistake = { where: name, text: picker.fill(w.which_way, { n: n }) };
        }
        slots.push({ entered: raw !== "" || !!way, mistake: mistake });
      });
      // Too many tokens is a mistake as soon as it is made: said at once.
      tooMany(fs, name, w).forEach(function (m) { slots.push({ entered: true, mistake: m, now: true }); });
      // Nothing at all for this player: one mistake, as the server says it.
      var own = slots.slice(first);
      if (!own.some(function (s) { return s.entered; })) {
        own.forEach(function (s) { s.mistake = null; });
        own[own.length - 1].mistake = { where: name, text: picker.fill(w.nothing_yet, { name: name }) };
      }
    });
    // The tour's last slot has nothing after it: it is named once everything before it is
    // entered, when it is all that stands between the player and Save.
    var found = [];
    slots.forEach(function (slot, k) {
      var later = slots.slice(k + 1).some(function (s) { return s.entered; }) ||
        (k === slots.length - 1 && k > 0 && slots.slice(0, k).every(function (s) { return s.entered; }));
      if (slot.mistake && (later || slot.now)) { found.push(slot.mistake); }
    });
    return found;
  }
  if (picker.checks) { picker.checks.push(mistakes); }

  document.addEventListener("DOMContentLoaded", function () {
    all("fieldset.tokan .predict input, fieldset.tokan input[name$=_seated]").forEach(function (x) {
      x.addEventListener(x.type === "number" ? "input" : "change", tally);
    });
    neighbours();
    all(".dice-pad[data-for]").forEach(pad);
    all(".predict-pad[data-for]").forEach(predictPad);
  });
}
