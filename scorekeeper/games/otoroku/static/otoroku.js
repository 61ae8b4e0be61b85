// Otoroku's round form: a pad of card values over each hand's text field.
// Served in the pages' one script (Game.scripts; static/js/games.js), started with the
// pickers' helpers (picker); it looks for its own form's elements and does nothing elsewhere.
export function start(picker) {
  picker.checks.push(function (w) { return mistakes(picker, w); });

  document.addEventListener("DOMContentLoaded", function () {
    pads(picker);
    const dealer = document.getElementById("dealer");
    if (dealer) {
      dealer.addEventListener("change", picker.tally);
      dealer.addEventListener("change", function () { bettorsWager(picker, dealer); });
    }
  });
}

// -- the banker method: only bettors wager (RULES 5.5), so the dealer's own wager hides ---

function bettorsWager(picker, dealer) {
  picker.all("label.own-wager[data-seat]").forEach(function (label) {
    label.hidden = label.dataset.seat === dealer.value;
  });
}

// -- Otoroku: a pad of card values, so no separator key is needed ---------------------

function pads(picker) {
  const all = picker.all, tally = picker.tally;
  all(".pad[data-for]").forEach(function (pad) {
    const input = document.getElementById(pad.dataset.for);
    if (!input) { return; }
    pad.hidden = false;
    all(".key", pad).forEach(function (key) {
      key.addEventListener("click", function () {
        const tokens = input.value.trim().split(/\s+/).filter(Boolean);
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

function mistakes(picker, w) {
  if (!w.past_the_bust) { return []; }
  const found = [], months = {};
  const hands = picker.all(".tally li[data-values]");
  const dealer = document.getElementById("dealer");
  const d = dealer ? picker.int(dealer.value) : 0;
  const last = (d - 1 + hands.length) % hands.length;
  const held = hands.map(function (li) {
    const input = document.getElementById(li.dataset.values);
    return picker.valuesIn(input ? input.value : "")
      .concat(picker.pickerTotals(li.dataset.pickers).months);
  });
  hands.forEach(function (li, i) {
    const values = held[i];
    values.forEach(function (v) { months[v] = (months[v] || 0) + 1; });
    const mistake = handMistake(picker, w, {
      name: li.querySelector("b").textContent,
      values: values,
      later: held.slice(i + 1).some(function (v) { return v.length > 0; }),
      limit: i === last ? 16 : 15,
    });
    if (mistake) { found.push(mistake); }
  });
  Object.keys(months).sort(function (a, b) { return a - b; }).forEach(function (m) {
    if (months[m] > 4 && m >= 1 && m <= 10) {
      found.push({ text: picker.fill(w.month_too_often, { month: m, k: months[m] }) });
    }
  });
  return found;
}

// One hand's mistake, if any: its size, or the cards it took past the one that busted it.
function handMistake(picker, w, hand) {
  const values = hand.values, name = hand.name, limit = hand.limit;
  const total = values.reduce(function (a, b) { return a + b; }, 0);
  const top = Math.max.apply(null, values.concat([0]));
  if (values.length > 5 || (values.length < 2 && hand.later)) {
    return {
      where: picker.fill(w.hand, { name: name }),
      text: picker.fill(w.hand_size, { n: values.length })
    };
  }
  if (values.length >= 2 && total - top > limit) {
    return { text: picker.fill(w.past_the_bust, {
      name: name, total: total, top: top, without: total - top, limit: limit
    }) };
  }
  return null;
}
