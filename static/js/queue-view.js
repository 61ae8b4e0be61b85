// What the page shows of the rounds waiting on the phone (queue.js): the list with each
// round's cards and the bar's counts, the choice a refused round or another phone's round
// asks for, the count beside Save, and a new round's form drawn before those rounds.
import {
  KNOWN, freshId, load, openedHere, readJSON, say, tableOf, used, words
} from "./queue-store.js";

// The player's choices (queue.js gives them: discard, saveMine, openIt).
var choices = null;
export function choose(given) { choices = given; }

// -- what a kept round shows: its cards and the bar's counts ------------------------------

// The text a line shows: not the words its style hides ("(the rest)" on the other piles).
function shownText(node) {
  var text = "";
  Array.prototype.forEach.call(node.childNodes, function (c) {
    if (c.nodeType === 3) { text += c.nodeValue; }
    else if (c.nodeType === 1 && getComputedStyle(c).display !== "none") { text += shownText(c); }
  });
  return text;
}

export function describe(f) {
  var bar = [];
  f.querySelectorAll(".entrybar .tally > li").forEach(function (li) {
    if (!li.hidden) { bar.push(shownText(li).replace(/\s+/g, " ").trim()); }
  });
  var cards = {};
  var order = [];
  Array.prototype.forEach.call(f.elements, function (el) {
    if (!el.checked || !el.value) { return; }
    var target = f.querySelector("[data-card='" + el.value.replace(/'/g, "") + "']");
    if (!target) { return; }
    var seat = /^p(\d+)_/.exec(el.name || "");
    var who = "";
    if (seat) {
      var named = f.querySelector("[data-seat='" + seat[1] + "'][data-name]");
      who = named ? named.dataset.name : "";
    }
    var name = target.querySelector(".vh");
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
  var m = words();
  var f = document.getElementById("round-form");
  var draft = document.getElementById("draft");
  if (!m || !f || !draft || draft.dataset.round !== "new") { return; }
  var id = f.querySelector("input[name=submission_id]");
  var q = load();
  var copied = document.documentElement.hasAttribute("data-offline-copy");
  var own = id && id.value === openedHere();
  if (id && !own && (copied || used(id.value) || q.some(function (it) { return it.id === id.value; }))) {
    id.value = freshId();
  }
  if (!draft.dataset.fresh) { return; } // drawn again after a Save: the server's number stands
  var n = f.querySelector("input[name=expected_number]");
  var mine = q.filter(function (it) { return it.table === tableOf(m); });
  var known = copied ? parseInt(readJSON(KNOWN + tableOf(m), 0), 10) || 0 : 0;
  var after = Math.max(mine.length ? mine[mine.length - 1].expected + 1 : 0, known ? known + 1 : 0);
  if (n && after) {
    if ((parseInt(n.value, 10) || 0) < after) {
      n.value = String(after);
      var h1 = document.querySelector("main h1");
      if (h1 && m.dataset.tEnter) { h1.textContent = m.dataset.tEnter.split("987").join(String(after)); }
    }
  }
}

// A new round's form with rounds of its table waiting before it: what the form drew from the
// table as the server had it (the dealer, the players' roles, where the game or the pot
// stands: marked data-drawn) is not what the server will use once those rounds are stored.
// It is hidden (its plain words, data-drawn-else, shown instead) and the form says when it
// is worked out. The dealer is left to the server ("As the rules say": an empty choice,
// which the server reads as none) unless the player picks one. Once hidden, hidden for good:
// the page was drawn before those rounds, whether or not they were sent since.
export function rolesLater() {
  var m = words();
  var f = document.getElementById("round-form");
  var draft = document.getElementById("draft");
  var note = document.getElementById("roles-later");
  if (!m || !f || !note || !draft || draft.dataset.round !== "new") { return; }
  var id = f.querySelector("input[name=submission_id]");
  var mine = load().filter(function (it) { return it.table === tableOf(m); });
  var n = 0; // the rounds before this one (which may be kept itself by now)
  while (n < mine.length && !(id && mine[n].id === id.value)) { n++; }
  if (!n && !note.dataset.shown) { return; }
  note.dataset.shown = "1";
  note.textContent = n === 0 ? say(note, "tSent") : n === 1 ? say(note, "tOne") : say(note, "tMany", { n: n });
  note.hidden = false;
  f.querySelectorAll("[data-drawn]").forEach(function (e) { e.hidden = true; });
  f.querySelectorAll("[data-drawn-else]").forEach(function (e) { e.hidden = false; });
  var dealer = f.querySelector("select[name=dealer]");
  if (dealer && !dealer.querySelector("option[value='']")) {
    Array.prototype.forEach.call(dealer.options, function (o) { o.defaultSelected = false; });
    var rules = new Option(say(note, "tRules"), "", true, true);
    dealer.insertBefore(rules, dealer.firstChild);
    dealer.value = "";
    dealer.setAttribute("aria-describedby", "roles-later");
    var shown = f.querySelector("input[name=dealer_shown]");
    if (shown) { shown.value = ""; } // the server compares with its own dealer now
  }
}

// -- showing the queue ------------------------------------------------------------------------

export function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) { e.className = cls; }
  if (text !== undefined) { e.textContent = text; }
  return e;
}

function button(text, cls, onClick) {
  var b = el("button", cls || "button secondary", text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

function itemView(m, it) {
  var li = el("li", "queued " + it.state);
  li.dataset.submission = it.id;
  var shown = it.shown || { bar: [], cards: [] };
  if (it.state === "conflict" && it.conflict) {
    li.appendChild(el("p", "conflict-heading", it.conflict.heading));
    if (it.conflict.theirs) {
      var theirs = new DOMParser().parseFromString(it.conflict.theirs, "text/html").body.firstChild;
      if (theirs) {
        var shownTheirs = document.importNode(theirs, true);
        shownTheirs.removeAttribute("open"); // their cards one tap away: the choice stays near
        li.appendChild(shownTheirs);
      }
    }
    li.appendChild(el("p", "mine", say(m, "tMine")));
  } else if (it.state === "refused" || it.state === "opened") {
    li.appendChild(el("p", "refused-heading", say(m, "tRefused")));
    if (it.problems && it.problems.length) {
      var ul = el("ul", "problems");
      it.problems.forEach(function (p) { ul.appendChild(el("li", "", p)); });
      li.appendChild(ul);
    }
  }
  var what = el("ul", "queued-bar");
  (shown.bar || []).forEach(function (line) { what.appendChild(el("li", "", line)); });
  (shown.cards || []).forEach(function (pile) {
    what.appendChild(el("li", "queued-cards", (pile.who ? pile.who + ": " : "") + pile.cards.join(", ")));
  });
  li.appendChild(what);
  if (it.state === "conflict" && it.conflict) {
    if (it.conflict.mine) { // what it would score, saved as the button below says
      var mine = new DOMParser().parseFromString(it.conflict.mine, "text/html").body.firstChild;
      if (mine) { li.appendChild(document.importNode(mine, true)); }
    }
    var choice = el("p", "links choice");
    choice.appendChild(button(it.conflict.discard || say(m, "tDiscard"), "button secondary", function () {
      choices.discard(it.id, it.conflict.next);
    }));
    choice.appendChild(button(it.conflict.save, "button", function () { choices.saveMine(it.id); }));
    li.appendChild(choice);
  } else if (it.state === "refused" || it.state === "opened") {
    var open = el("p", "links choice");
    open.appendChild(button(say(m, "tDiscard"), "button secondary", function () { choices.discard(it.id, it.expected); }));
    open.appendChild(button(say(m, "tOpen"), "button", function () { choices.openIt(it.id); }));
    li.appendChild(open);
  }
  return li;
}

export function show() {
  var m = words();
  if (!m) { return; }
  var here = openedHere(); // the refused round on its own form: the form shows it
  var q = load().filter(function (it) { return it.table === tableOf(m) && it.id !== here; });
  var box = document.getElementById("queue");
  var onForm = !!document.getElementById("round-form");
  var stuck = q.some(function (it) { return it.state !== "waiting"; });
  if (!q.length || (onForm && !stuck)) {
    if (box) { box.remove(); }
  } else {
    if (!box) {
      box = el("section", "queue");
      box.id = "queue";
      box.setAttribute("aria-labelledby", "queue-heading");
      var anchor = document.querySelector("main h1");
      var after = anchor && anchor.nextElementSibling && anchor.nextElementSibling.matches(".progress")
        ? anchor.nextElementSibling : anchor;
      if (after) { after.parentNode.insertBefore(box, after.nextSibling); } else {
        document.querySelector("main").prepend(box);
      }
    }
    box.textContent = "";
    var heading = el("h2", "", count(m, q.length));
    heading.id = "queue-heading";
    box.appendChild(heading);
    var list = el("ol", "queued-list");
    q.forEach(function (it) { list.appendChild(itemView(m, it)); });
    box.appendChild(list);
    if (!onForm) {
      box.appendChild(el("p", "hint", say(m, "tWhen")));
    }
  }
  if (document.getElementById("roles-later")) { rolesLater(); }
  if (!onForm) {
    // The table's page: where it stands and who deals next are the server's before the
    // rounds waiting here (live.js swaps in the server's once they are stored).
    document.querySelectorAll("main [data-drawn]").forEach(function (e) { e.hidden = q.length > 0; });
  }
  // The round form's bar: how many wait, beside Save.
  var bar = document.querySelector("#round-form .entrybar");
  if (bar) {
    var line = bar.querySelector(".queue-count");
    if (!q.length) {
      if (line) { line.remove(); }
    } else {
      if (!line) {
        line = el("p", "queue-count");
        line.setAttribute("role", "status");
        bar.insertBefore(line, bar.firstChild);
      }
      line.textContent = count(m, q.length);
    }
  }
  // The table page's "Enter round N": the round after those waiting here, not the
  // server's count when the page was kept.
  var enter = document.querySelector("a[data-enter-next]");
  if (enter && m.dataset.tEnter) {
    if (!enter.dataset.served) { enter.dataset.served = enter.textContent; }
    enter.textContent = q.length
      ? m.dataset.tEnter.split("987").join(String(q[q.length - 1].expected + 1))
      : enter.dataset.served;
  }
}

function count(m, n) {
  return n === 1 ? say(m, "tOne") : say(m, "tMany", { n: n });
}
