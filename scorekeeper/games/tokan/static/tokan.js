// Tokan's form at the speed of dice: one pad of six keys per player, tapped once per die,
// over the two radio groups that are the form (and all there is without this script).
// The predictions need no script: each is a radio group of chips, none chosen at first.
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
        if (!d[0] || (d[0] && d[1])) {
          set(groups[0], face);
          set(groups[1], 0);
        } else {
          set(groups[1], face);
        }
        render();
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
      if (slot.mistake && later) { found.push(slot.mistake); }
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
  });
}
