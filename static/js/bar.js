// The sticky bar of a round's form: each pile's cards and points, each hand's values, each
// dice total, and the first mistake the server would refuse (issue 31); the card pickers'
// taken and full tiles. Every page works without it: the fields it reads are the form.
import { all, int } from "./dom.js";
import { diceLine, fill, mistakeText, oddMonths, monthCounts, pileLine, sumLine, valuesIn } from "./counts.js";
import { asker, formBody, merged, postForm } from "./preview.js";

// -- the card pickers (without the grid): each card its own checkbox -----------------

function pickersLike(picker) {
  return all(".picker[data-group]").filter(function (p) {
    return p !== picker && p.dataset.group === picker.dataset.group && !isRest(p);
  });
}

function isRest(picker) {
  const fs = picker.closest(".pile");
  return !!(fs && fs.classList.contains("is-rest"));
}

// A card ticked in one pile (or hand) is taken for the others of its group: its tile
// there is disabled.
// A picker with a limit (an exposed hand holds at most the game's hand size) takes no
// more cards once it is full: the tiles not in it are disabled too (the bar says so).
export function markTaken() {
  all(".picker[data-group]").filter(function (picker) {
    return !picker.closest(".has-grid");
  }).forEach(function (picker) {
    const others = pickersLike(picker);
    const full = !!picker.dataset.limit &&
      pickerTotals(picker.dataset.name).count >= int(picker.dataset.limit);
    picker.classList.toggle("is-full", full);
    all(".tile[data-card]", picker).forEach(function (tile) {
      const box = tile.querySelector("input");
      const taken = others.some(function (p) {
        const b = p.querySelector("input[value='" + tile.dataset.card + "']");
        return b && b.checked;
      }) && !box.checked;
      box.disabled = taken || (full && !box.checked);
      tile.classList.toggle("taken", taken);
      tile.classList.toggle("shut", full && !taken && !box.checked);
    });
  });
}

export function pickerTotals(name) {
  const picker = document.querySelector(".picker[data-name='" + name + "']");
  const out = { count: 0, points: 0, months: [] };
  if (!picker) { return out; }
  all(".tile input[type=checkbox]:checked", picker).forEach(function (box) {
    const tile = box.closest(".tile");
    out.count += 1;
    out.points += int(tile.dataset.points);
    out.months.push(int(tile.dataset.month));
  });
  return out;
}

// -- the sticky bar: each pile's cards and points, each hand's values, each dice total --

// While the page sets itself up, each part asks for the bar; it is counted once, after, in a
// task of its own (a slow phone's first screen is not held up by counting it twice).
let held = false, asked = false;
export function holdTally() { held = true; asked = false; }
export function releaseTally() {
  held = false;
  if (asked) { tally(); }
}

export function tally() {
  if (held) { asked = true; return; }
  const list = document.querySelector(".tally[data-cards]");
  if (list) {
    let rest = null, cards = 0, points = 0;
    all("li[data-pile]", list).forEach(function (li) {
      if (li.classList.contains("is-rest")) { rest = li; return; }
      const t = pickerTotals(li.dataset.pickers);
      cards += t.count;
      points += t.points;
      showPile(li, t.count, t.points);
    });
    if (rest) {
      showPile(rest, int(list.dataset.cards) - cards, int(list.dataset.points) - points);
    }
    // Each exposed hand against its size, once it has cards or its picker is open.
    all("li[data-limit]", list).forEach(function (li) {
      const n = pickerTotals(li.dataset.pickers).count;
      const hand = document.getElementById("hand-" + li.dataset.handOf);
      const target = document.querySelector("[data-target='hand-" + li.dataset.handOf + "']");
      li.querySelector(".n").textContent = n;
      li.hidden = n === 0 && !(hand && hand.open && !hand.hidden) &&
        !(target && target.getAttribute("aria-pressed") === "true");
      li.classList.toggle("is-full", n >= int(li.dataset.limit));
    });
  }
  all(".tally li[data-values]").forEach(function (li) {
    const input = document.getElementById(li.dataset.values);
    let values = valuesIn(input ? input.value : "");
    values = values.concat(pickerTotals(li.dataset.pickers).months);
    li.querySelector(".sum").textContent = sumLine(values, li.parentNode.dataset.tNone);
  });
  all("[data-dice]").forEach(function (el) {
    const i = el.dataset.dice;
    const d = [1, 2].map(function (k) {
      const r = document.querySelector("input[name=p" + i + "_d" + k + "]:checked");
      return r ? int(r.value) : 0;
    });
    const list = el.closest(".tally") || el; // the words in the page's language: data-t-none
    (el.querySelector(".sum") || el).textContent = diceLine(d, list.dataset.tNone);
  });
  // The form read once for both (FormData of every checkbox: a slow phone's longest step).
  const now = serverAnswer();
  fromServer(now);
  showMistakes(now);
}

// -- the server's words (issue 39): each line as the result will word it, once the server
// has answered for the form as it stands (static/js/preview.js); till then the tally above.

let server = null;

function serverAnswer() {
  const form = document.querySelector("form[data-preview]");
  if (!form) { return null; }
  if (!server || server.form !== form) {
    server = { form: form, asker: asker(form.dataset.preview, postForm) };
  }
  const body = formBody(form);
  return { form: form, body: body, data: server.asker.known(body) };
}

function fromServer(now) {
  if (!now) { return; }
  const bar = now.form.querySelector(".entrybar");
  if (bar) { bar.dataset.bar = now.data ? "server" : "page"; } // whose words it shows
  if (!now.data) {
    if (navigator.onLine !== false) { server.asker.ask(now.body, tally); }
    return;
  }
  (now.data.lines || []).forEach(function (line, i) {
    const el = document.querySelector(".tally [data-line='" + i + "']");
    if (el && typeof line === "string") { el.textContent = line; }
  });
}

// -- the bar's mistakes (issue 31): what the server would refuse, said on every tap ------
// The words are the server's own (#bar-messages, in the page's language, its values as
// placeholders such as {n}); each game adds the checks of its form (checks.push). The first
// mistake takes the place of the counts line, so the bar covers no more of the page.

export const checks = [];
let barWords = null;

function barMessages() {
  if (barWords === null) {
    const el = document.getElementById("bar-messages");
    try { barWords = el ? JSON.parse(el.textContent) : {}; } catch (e) { barWords = {}; }
  }
  return barWords;
}

// ``answer``: serverAnswer() as tally() read it, else read here.
export function showMistakes(answer) {
  const out = document.getElementById("bar-mistake");
  if (!out) { return; }
  const w = barMessages();
  let found = [];
  checks.forEach(function (check) { found = found.concat(check(w) || []); });
  const now = answer === undefined ? serverAnswer() : answer;
  found = merged(found, now && now.data);
  const list = out.parentNode.querySelector(".tally");
  const first = found[0];
  const text = first ? (first.where ? first.where + ": " : "") + mistakeText(found) : "";
  if (out.textContent === text) { return; } // unchanged: nothing new to announce
  sayMistake(out, first, found);
  out.parentNode.classList.toggle("has-mistake", !!first);
  if (list) { list.setAttribute("aria-hidden", first ? "true" : "false"); }
}

function sayMistake(out, first, found) {
  out.textContent = "";
  if (!first) { return; }
  if (first.where) {
    const b = document.createElement("b");
    b.textContent = first.where + ":";
    out.appendChild(b);
    out.appendChild(document.createTextNode(" "));
  }
  out.appendChild(document.createTextNode(mistakeText(found)));
}

// Toppa and Baka: a pile with an odd count of a month, a hand with a whole month. The
// card just tapped may be the first of its pair: a month of 1 card waits for its second
// until another card is tapped (3 cards of a month are said at once).
let lastTapped = null;

function pileMistakes(w) {
  if (!w.odd_one) { return []; }
  const found = [];
  all(".tally li[data-pile]").forEach(function (li) {
    if (li.classList.contains("is-rest")) { return; } // the server counts it, not the page
    const name = li.querySelector("b").textContent;
    const waiting = lastTapped && lastTapped.name === li.dataset.pickers ? lastTapped.month : null;
    oddMonths(pickerTotals(li.dataset.pickers).months, waiting).forEach(function (odd) {
      found.push({
        where: fill(w.pile, { name: name }),
        text: fill(odd.k === 1 ? w.odd_one : w.odd_many, { suit: w.months[odd.month], k: odd.k })
      });
    });
  });
  all(".tally li[data-hand-of]").forEach(function (li) {
    const name = li.querySelector("b").textContent;
    const counts = monthCounts(pickerTotals(li.dataset.pickers).months);
    Object.keys(counts).forEach(function (m) {
      if (counts[m] === 4) {
        found.push({
          where: fill(w.hand, { name: name }),
          text: fill(w.misdeal, { name: name, suit: w.months[m] })
        });
      }
    });
  });
  return found;
}
checks.push(pileMistakes);

export function noteTap(event) {
  const box = event.target;
  const tile = box.closest && box.closest(".tile");
  if (!tile || box.type !== "checkbox") { return; }
  lastTapped = box.checked ? { name: box.name, month: int(tile.dataset.month) } : null;
}

function showPile(li, count, points) {
  const list = li.parentNode.dataset; // the words in the page's language: {n} and {pts}
  li.querySelector(".count").textContent = pileLine(list.tOne, list.tMany, count, points);
}

export function refresh() {
  markTaken();
  tally();
}

// -- Toppa and Baka: the pile that is "the rest of the deck" is not entered -----------

export function restChoice() {
  const chosen = document.querySelector("input[name=rest]:checked");
  all(".pile").forEach(function (fs) {
    fs.classList.toggle("is-rest", !!chosen && fs.dataset.player === chosen.value);
  });
  all(".tally li[data-pile]").forEach(function (li) {
    li.classList.toggle("is-rest", !!chosen && li.dataset.pile === chosen.value);
  });
  refresh();
}
