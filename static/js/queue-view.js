// What the page shows of the rounds waiting on the phone (queue.js): the list with each
// round's cards and the bar's counts, the choice a refused round or another phone's round
// asks for, the count beside Save, and a new round's form drawn before those rounds.
import {
  KNOWN, freshId, load, openedHere, readJSON, say, tableOf, used, words
} from "./queue-store.js";

// The player's choices (queue.js gives them: discard, saveMine, replaceTheirs, openIt).
let choices = null;
export function choose(given) { choices = given; }

// -- what a kept round shows: its cards and the bar's counts ------------------------------

// The text a line shows: not the words its style hides ("(the rest)" on the other piles).
function shownText(node) {
  let text = "";
  Array.prototype.forEach.call(node.childNodes, function (c) {
    if (c.nodeType === 3) { text += c.nodeValue; }
    else if (c.nodeType === 1 && getComputedStyle(c).display !== "none") { text += shownText(c); }
  });
  return text;
}

export function describe(f) {
  const bar = [];
  f.querySelectorAll(".entrybar .tally > li").forEach(function (li) {
    if (!li.hidden) { bar.push(shownText(li).replace(/\s+/g, " ").trim()); }
  });
  const cards = {};
  const order = [];
  Array.prototype.forEach.call(f.elements, function (el) {
    if (!el.checked || !el.value) { return; }
    const target = f.querySelector("[data-card='" + el.value.replace(/'/g, "") + "']");
    if (!target) { return; }
    const seat = /^p(\d+)_/.exec(el.name || "");
    let who = "";
    if (seat) {
      const named = f.querySelector("[data-seat='" + seat[1] + "'][data-name]");
      who = named ? named.dataset.name : "";
    }
    const name = target.querySelector(".vh");
    if (!(who in cards)) { cards[who] = []; order.push(who); }
    cards[who].push(name ? name.textContent.trim() : el.value);
  });
  return {
    bar: bar,
    cards: order.map(function (who) { return { who: who, cards: cards[who] }; })
  };
}

// A form this phone shows from its copy carries the id of the form it copied: a round
// entered on it is another round, so it gets an id of its own, and the number after the
// rounds already waiting at its table.
export function ownForm() {
  const m = words();
  const f = document.getElementById("round-form");
  const draft = document.getElementById("draft");
  if (!m || !f || !draft || draft.dataset.round !== "new") { return; }
  const q = load();
  const copied = document.documentElement.hasAttribute("data-offline-copy");
  ownId(f, q, copied);
  if (!draft.dataset.fresh) { return; } // drawn again after a Save: the server's number stands
  ownNumber(m, f, q, copied);
}

// An id of its own for a round entered on a copied form (or one whose id is used already).
function ownId(f, q, copied) {
  const id = f.querySelector("input[name=submission_id]");
  const own = id && id.value === openedHere();
  if (id && !own && (copied || used(id.value) || q.some(function (it) { return it.id === id.value; }))) {
    id.value = freshId();
  }
}

// The number after the rounds waiting at its table (and after the last the phone knew of).
function ownNumber(m, f, q, copied) {
  const n = f.querySelector("input[name=expected_number]");
  const mine = q.filter(function (it) { return it.table === tableOf(m); });
  const known = copied ? parseInt(readJSON(KNOWN + tableOf(m), 0), 10) || 0 : 0;
  const after = Math.max(mine.length ? mine[mine.length - 1].expected + 1 : 0, known ? known + 1 : 0);
  if (n && after && (parseInt(n.value, 10) || 0) < after) { renumber(m, n, after); }
}

// The form's number, and its heading's ("Enter round N").
function renumber(m, n, after) {
  n.value = String(after);
  const h1 = document.querySelector("main h1");
  if (h1 && m.dataset.tEnter) { h1.textContent = m.dataset.tEnter.split("987").join(String(after)); }
}

// A new round's form with rounds of its table waiting before it: what the form drew from the
// table as the server had it (the dealer, the players' roles, where the game or the pot
// stands: marked data-drawn) is not what the server will use once those rounds are stored.
// It is hidden (its plain words, data-drawn-else, shown instead) and the form says when it
// is worked out. The dealer is left to the server ("As the rules say": an empty choice,
// which the server reads as none) unless the player picks one. Once hidden, hidden for good:
// the page was drawn before those rounds, whether or not they were sent since.
export function rolesLater() {
  const m = words();
  const f = document.getElementById("round-form");
  const draft = document.getElementById("draft");
  const note = document.getElementById("roles-later");
  if (!m || !f || !note || !draft || draft.dataset.round !== "new") { return; }
  const n = roundsBefore(m, f);
  if (!n && !note.dataset.shown) { return; }
  note.dataset.shown = "1";
  note.textContent = n === 0 ? say(note, "tSent") : n === 1 ? say(note, "tOne") : say(note, "tMany", { n: n });
  note.hidden = false;
  f.querySelectorAll("[data-drawn]").forEach(function (e) { e.hidden = true; });
  f.querySelectorAll("[data-drawn-else]").forEach(function (e) { e.hidden = false; });
  dealerByRules(f, note);
}

// The rounds of the form's table waiting before its own (which may be kept itself by now).
function roundsBefore(m, f) {
  const id = f.querySelector("input[name=submission_id]");
  const mine = load().filter(function (it) { return it.table === tableOf(m); });
  let n = 0;
  while (n < mine.length && !(id && mine[n].id === id.value)) { n++; }
  return n;
}

// The dealer's choice gets "As the rules say" (the empty choice), chosen.
function dealerByRules(f, note) {
  const dealer = f.querySelector("select[name=dealer]");
  if (!dealer || dealer.querySelector("option[value='']")) { return; }
  Array.prototype.forEach.call(dealer.options, function (o) { o.defaultSelected = false; });
  const rules = new Option(say(note, "tRules"), "", true, true);
  dealer.insertBefore(rules, dealer.firstChild);
  dealer.value = "";
  dealer.setAttribute("aria-describedby", "roles-later");
  const shown = f.querySelector("input[name=dealer_shown]");
  if (shown) { shown.value = ""; } // the server compares with its own dealer now
}

// -- showing the queue ------------------------------------------------------------------------

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) { e.className = cls; }
  if (text !== undefined) { e.textContent = text; }
  return e;
}

function button(text, cls, onClick) {
  const b = el("button", cls || "button secondary", text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

function itemView(m, it) {
  const li = el("li", "queued " + it.state);
  li.dataset.submission = it.id;
  const shown = it.shown || { bar: [], cards: [] };
  itemHeading(m, it, li);
  const what = el("ul", "queued-bar");
  (shown.bar || []).forEach(function (line) { what.appendChild(el("li", "", line)); });
  (shown.cards || []).forEach(function (pile) {
    what.appendChild(el("li", "queued-cards", (pile.who ? pile.who + ": " : "") + pile.cards.join(", ")));
  });
  li.appendChild(what);
  itemChoice(m, it, li);
  return li;
}

function conflicted(it) { return it.state === "conflict" && it.conflict; }
function refused(it) { return it.state === "refused" || it.state === "opened"; }

// Above a round's cards: the other phone's round it conflicts with, or why it was refused.
function itemHeading(m, it, li) {
  if (conflicted(it)) {
    li.appendChild(el("p", "conflict-heading", it.conflict.heading));
    if (it.conflict.theirs) {
      const theirs = new DOMParser().parseFromString(it.conflict.theirs, "text/html").body.firstChild;
      if (theirs) {
        const shownTheirs = document.importNode(theirs, true);
        shownTheirs.removeAttribute("open"); // their cards one tap away: the choice stays near
        li.appendChild(shownTheirs);
      }
    }
    li.appendChild(el("p", "mine", say(m, "tMine")));
  } else if (refused(it)) {
    li.appendChild(el("p", "refused-heading", say(m, "tRefused")));
    if (it.problems && it.problems.length) {
      const ul = el("ul", "problems");
      it.problems.forEach(function (p) { ul.appendChild(el("li", "", p)); });
      li.appendChild(ul);
    }
  }
}

// Under a round's cards: the choice its conflict or its refusal asks for.
function itemChoice(m, it, li) {
  if (conflicted(it)) {
    if (it.conflict.mine) { // what it would score, saved as the button below says
      const mine = new DOMParser().parseFromString(it.conflict.mine, "text/html").body.firstChild;
      if (mine) { li.appendChild(document.importNode(mine, true)); }
    }
    const choice = el("p", "links choice");
    choice.appendChild(button(it.conflict.discard || say(m, "tDiscard"), "button secondary", function () {
      choices.discard(it.id, it.conflict.next);
    }));
    choice.appendChild(button(it.conflict.save, "button", function () { choices.saveMine(it.id); }));
    const over = it.conflict.replace;
    if (over && over.action) { // the stale page's third choice, where it offers one
      choice.appendChild(button(over.label, "button secondary", function () { choices.replaceTheirs(it.id); }));
    }
    li.appendChild(choice);
    if (it.conflict.moved) { li.appendChild(el("p", "stale-moved", it.conflict.moved)); }
  } else if (refused(it)) {
    const open = el("p", "links choice");
    open.appendChild(button(say(m, "tDiscard"), "button secondary", function () { choices.discard(it.id, it.expected); }));
    open.appendChild(button(say(m, "tOpen"), "button", function () { choices.openIt(it.id); }));
    li.appendChild(open);
  }
}

export function show() {
  const m = words();
  if (!m) { return; }
  const here = openedHere(); // the refused round on its own form: the form shows it
  const q = load().filter(function (it) { return it.table === tableOf(m) && it.id !== here; });
  const onForm = !!document.getElementById("round-form");
  queueList(m, q, onForm);
  if (document.getElementById("roles-later")) { rolesLater(); }
  if (!onForm) {
    // The table's page: where it stands and who deals next are the server's before the
    // rounds waiting here (live.js swaps in the server's once they are stored).
    document.querySelectorAll("main [data-drawn]").forEach(function (e) { e.hidden = q.length > 0; });
  }
  barCount(m, q);
  enterNext(m, q);
}

// The list of the rounds waiting, under the page's heading; none on the round form while
// they only wait (the bar says how many).
function queueList(m, q, onForm) {
  let box = document.getElementById("queue");
  const stuck = q.some(function (it) { return it.state !== "waiting"; });
  if (!q.length || (onForm && !stuck)) {
    if (box) { box.remove(); }
    return;
  }
  if (!box) { box = queueBox(); }
  box.textContent = "";
  const heading = el("h2", "", count(m, q.length));
  heading.id = "queue-heading";
  box.appendChild(heading);
  const list = el("ol", "queued-list");
  q.forEach(function (it) { list.appendChild(itemView(m, it)); });
  box.appendChild(list);
  if (!onForm) {
    box.appendChild(el("p", "hint", say(m, "tWhen")));
  }
}

function queueBox() {
  const box = el("section", "queue");
  box.id = "queue";
  box.setAttribute("aria-labelledby", "queue-heading");
  const anchor = document.querySelector("main h1");
  const after = anchor && anchor.nextElementSibling && anchor.nextElementSibling.matches(".progress")
    ? anchor.nextElementSibling : anchor;
  if (after) { after.parentNode.insertBefore(box, after.nextSibling); } else {
    document.querySelector("main").prepend(box);
  }
  return box;
}

// The round form's bar: how many wait, beside Save.
function barCount(m, q) {
  const bar = document.querySelector("#round-form .entrybar");
  if (!bar) { return; }
  let line = bar.querySelector(".queue-count");
  if (!q.length) {
    if (line) { line.remove(); }
    return;
  }
  if (!line) {
    line = el("p", "queue-count");
    line.setAttribute("role", "status");
    bar.insertBefore(line, bar.firstChild);
  }
  line.textContent = count(m, q.length);
}

// The table page's "Enter round N": the round after those waiting here, not the
// server's count when the page was kept.
function enterNext(m, q) {
  const enter = document.querySelector("a[data-enter-next]");
  if (!enter || !m.dataset.tEnter) { return; }
  if (!enter.dataset.served) { enter.dataset.served = enter.textContent; }
  enter.textContent = q.length
    ? m.dataset.tEnter.split("987").join(String(q[q.length - 1].expected + 1))
    : enter.dataset.served;
}

function count(m, n) {
  return n === 1 ? say(m, "tOne") : say(m, "tMany", { n: n });
}
