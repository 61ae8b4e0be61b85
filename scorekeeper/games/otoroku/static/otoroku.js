// Otoroku's round form: a pad of card values over each hand's text field.
// Served in the pages' one script (Game.scripts; static/js/games.js), started with the
// pickers' helpers (picker); it looks for its own form's elements and does nothing elsewhere.
export function start(picker) {
  var all = picker.all, tally = picker.tally;

  // -- Otoroku: a pad of card values, so no separator key is needed ---------------------

  function pads() {
    all(".pad[data-for]").forEach(function (pad) {
      var input = document.getElementById(pad.dataset.for);
      if (!input) { return; }
      pad.hidden = false;
      all(".key", pad).forEach(function (key) {
        key.addEventListener("click", function () {
          var tokens = input.value.trim().split(/\s+/).filter(Boolean);
          if (key.dataset.value === "back") { tokens.pop(); } else { tokens.push(key.dataset.value); }
          input.value = tokens.join(" ");
          tally();
        });
      });
      input.addEventListener("input", tally);
    });
  }

  // -- the bar's mistakes (issue 31): a hand of more than 5 cards (or of fewer than 2 once a
  // later hand has cards: the hands are entered in turn), a bust hand that went on past the
  // card that busted it (R13), a month more than 4 times; the server's words.

  function mistakes(w) {
    if (!w.past_the_bust) { return []; }
    var found = [], months = {};
    var hands = all(".tally li[data-values]");
    var dealer = document.getElementById("dealer");
    var d = dealer ? picker.int(dealer.value) : 0;
    var last = (d - 1 + hands.length) % hands.length;
    var held = hands.map(function (li) {
      var input = document.getElementById(li.dataset.values);
      return picker.valuesIn(input ? input.value : "")
        .concat(picker.pickerTotals(li.dataset.pickers).months);
    });
    hands.forEach(function (li, i) {
      var values = held[i];
      var name = li.querySelector("b").textContent;
      var later = held.slice(i + 1).some(function (v) { return v.length > 0; });
      values.forEach(function (v) { months[v] = (months[v] || 0) + 1; });
      var total = values.reduce(function (a, b) { return a + b; }, 0);
      var top = Math.max.apply(null, values.concat([0]));
      var limit = i === last ? 16 : 15;
      if (values.length > 5 || (values.length < 2 && later)) {
        found.push({
          where: picker.fill(w.hand, { name: name }),
          text: picker.fill(w.hand_size, { n: values.length })
        });
      } else if (values.length >= 2 && total - top > limit) {
        found.push({ text: picker.fill(w.past_the_bust, {
          name: name, total: total, top: top, without: total - top, limit: limit
        }) });
      }
    });
    Object.keys(months).sort(function (a, b) { return a - b; }).forEach(function (m) {
      if (months[m] > 4 && m >= 1 && m <= 10) {
        found.push({ text: picker.fill(w.month_too_often, { month: m, k: months[m] }) });
      }
    });
    return found;
  }
  picker.checks.push(mistakes);

  document.addEventListener("DOMContentLoaded", function () {
    pads();
    var dealer = document.getElementById("dealer");
    if (dealer) { dealer.addEventListener("change", tally); }
  });
}
