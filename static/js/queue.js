// Rounds saved without a signal (issue 21): kept on the phone, sent once, in order, when the
// signal returns. Served as the first part of js/table.js (scorekeeper/setup.py, JOINED), so
// loaded by every page; without script, nothing (the form posts as it always
// did, and the browser says it has no connection).
//
// - The queue is one list in localStorage ("scorekeeper.queue"), so it survives a reload and
//   a closed browser, whatever page is open, and a page kept by the service worker never
//   stands in for it: what a page shows of the queue is always read from the list.
// - static/js/table.js's Save hands a new round's form here when the server does not answer
//   (keep()). Its submission_id is its identity: a second Save of the same form adds nothing,
//   and the server stores a submission once however often it is sent.
// - Sending: a fresh CSRF token from the round form, then the form's own fields posted as the
//   form would post them (the phone's name goes with them, in its cookie). A round page at
//   the end means stored: the next round waiting at that table then enters the number after
//   it. The server's "another phone got there first" page stops that table's queue and shows
//   its choice here (Discard mine / Save mine as round N+1); a refused entry stops it too,
//   until the player opens it (the form with its mistakes beside the fields) or discards it.
// - Corrections, deletes and the table's other forms are not kept: without a signal they are
//   refused at once with a message, and nothing changes.
// - The service worker (static/js/sw.js) is registered here; a page it answered from its
//   copy is marked, and says so.
(function () {
  "use strict";
  var KEY = "scorekeeper.queue";
  var USED = "scorekeeper.queue-used"; // ids kept or sent from this phone: never reused
  var KNOWN = "scorekeeper.queue-known:"; // per table: the last round this queue stored
  var OPENED = "scorekeeper.queue-opened"; // sessionStorage: a refused round posted for real
  var RETRY = 5000; // ms between tries while rounds wait and the server does not answer
  var LOCK = "scorekeeper.queue-send"; // Web Locks: one tab of the phone sends at a time

  function storage() {
    try {
      var s = window.localStorage;
      return s && typeof s.getItem === "function" ? s : null;
    } catch (e) {
      return null;
    }
  }
  var local = storage();

  function load() {
    if (!local) { return []; }
    try {
      var q = JSON.parse(local.getItem(KEY) || "[]");
      return Array.isArray(q) ? q : [];
    } catch (e) {
      return [];
    }
  }
  function saveQueue(q) {
    if (!local) { return false; }
    try {
      if (q.length) { local.setItem(KEY, JSON.stringify(q)); } else { local.removeItem(KEY); }
      return true;
    } catch (e) {
      return false; // full or refused
    }
  }

  function readJSON(key, fallback) {
    if (!local) { return fallback; }
    try { return JSON.parse(local.getItem(key) || "null") || fallback; } catch (e) { return fallback; }
  }
  function writeJSON(key, value) {
    if (!local) { return; }
    try { local.setItem(key, JSON.stringify(value)); } catch (e) { /* full or refused */ }
  }
  function used(id) {
    return readJSON(USED, []).indexOf(id) >= 0;
  }
  function use(id) {
    var ids = readJSON(USED, []).filter(function (o) { return o !== id; });
    ids.push(id);
    writeJSON(USED, ids.slice(-200));
  }

  function words() { return document.getElementById("queue-words"); }
  function pageWords() { return document.getElementById("offline-words"); }
  function say(m, key, values) {
    var text = (m && m.dataset[key]) || "";
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(String(values[name]));
    });
    return text;
  }

  function freshId() {
    var bytes = new Uint8Array(16);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

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

  function describe(f) {
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

  // -- keeping a round (from table.js's Save) -------------------------------------------------

  function tableOf(m) { return m ? m.dataset.table : ""; }

  // "kept", "again" (this form is kept already) or "" (not kept: no storage).
  function keep(f) {
    var m = words();
    var table = tableOf(m);
    if (!table || !local) { return ""; }
    var q = load();
    var data = new FormData(f);
    var id = String(data.get("submission_id") || "");
    if (!id) {
      id = freshId();
      var field = f.querySelector("input[name=submission_id]");
      if (field) { field.value = id; }
    }
    var fields = [];
    data.forEach(function (value, name) {
      if (name !== "csrf_token" && name !== "submission_id" && typeof value === "string") {
        fields.push([name, value]);
      }
    });
    var same = null;
    q.forEach(function (it) { if (it.id === id) { same = it; } });
    if (same && (same.state === "opened" || same.state === "refused")) {
      // The refused round itself, corrected on its form: it takes its place again, first.
      same.fields = fields;
      same.shown = describe(f);
      same.state = "waiting";
      delete same.problems;
      saveQueue(q);
      forgetOpened(id);
      show();
      sendSoon(navigator.onLine === false ? RETRY : 0);
      return "kept";
    }
    if (same) {
      // This form again (a second tap, or cards changed before it went): what it holds now.
      if (same.state === "waiting" && JSON.stringify(same.fields.filter(notNumber)) !==
          JSON.stringify(fields.filter(notNumber))) {
        same.fields = fields;
        same.shown = describe(f);
        saveQueue(q);
        show();
        return "kept";
      }
      return "again";
    }
    if (used(id)) {
      // Sent already (a page brought back by Back): this is another round.
      id = freshId();
      var again = f.querySelector("input[name=submission_id]");
      if (again) { again.value = id; }
    }
    var mine = q.filter(function (it) { return it.table === table; });
    var drawn = parseInt(String(data.get("expected_number") || ""), 10) || 1;
    var expected = mine.length ? mine[mine.length - 1].expected + 1 : drawn;
    q.push({
      id: id,
      table: table,
      action: f.getAttribute("action") || location.pathname,
      fields: fields,
      expected: Math.max(expected, drawn),
      at: Date.now(),
      state: "waiting",
      shown: describe(f)
    });
    if (!saveQueue(q)) { return ""; }
    use(id);
    show();
    sendSoon(navigator.onLine === false ? RETRY : 0);
    return "kept";
  }

  function notNumber(pair) { return pair[0] !== "expected_number"; }

  // Rounds of this table waiting on the phone: a Save goes behind them, even with a signal.
  // A refused round opened on this form (``own``) waits for this Save, not the other way
  // round: only the rounds before it count.
  function waiting(table, own) {
    var mine = load().filter(function (it) { return it.table === table; });
    for (var i = 0; own && i < mine.length; i++) {
      if (mine[i].id === own && mine[i].state === "opened") { return i; }
    }
    return mine.length;
  }

  // The refused round this page's form is, opened with "Open it to correct it": its id, or "".
  function openedHere() {
    var f = document.getElementById("round-form");
    var id = f && f.querySelector("input[name=submission_id]");
    if (!id || !id.value) { return ""; }
    var opened = null;
    try { opened = JSON.parse(window.sessionStorage.getItem(OPENED) || "null"); } catch (e) { return ""; }
    return opened && opened.id === id.value ? id.value : "";
  }

  function forgetOpened(id) {
    try {
      var opened = JSON.parse(window.sessionStorage.getItem(OPENED) || "null");
      if (opened && opened.id === id) { window.sessionStorage.removeItem(OPENED); }
    } catch (e) { /* no session storage */ }
  }

  // A form this phone shows from its copy carries the id of the form it copied: a round
  // entered on it is another round, so it gets an id of its own, and the number after the
  // rounds already waiting at its table.
  function ownForm() {
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
  function rolesLater() {
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

  function el(tag, cls, text) {
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
        discard(it.id, it.conflict.next);
      }));
      choice.appendChild(button(it.conflict.save, "button", function () { saveMine(it.id); }));
      li.appendChild(choice);
    } else if (it.state === "refused" || it.state === "opened") {
      var open = el("p", "links choice");
      open.appendChild(button(say(m, "tDiscard"), "button secondary", function () { discard(it.id, it.expected); }));
      open.appendChild(button(say(m, "tOpen"), "button", function () { openIt(it.id); }));
      li.appendChild(open);
    }
    return li;
  }

  function show() {
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
      // rounds waiting here (static/js/table.js swaps in the server's once they are stored).
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

  // -- sending ------------------------------------------------------------------------------------

  var sending = false;
  var timer = null;
  // Tables whose server answered a round with an error (5xx, 429): left alone a while, so
  // that one round the server cannot take does not hold back another table's rounds.
  var resting = {};

  function sendSoon(delay) {
    clearTimeout(timer);
    timer = setTimeout(send, delay || 0);
  }

  // The next round to send: the first waiting one of a table with nothing stuck before it.
  function next(q) {
    var stuck = {};
    var now = Date.now();
    for (var i = 0; i < q.length; i++) {
      var it = q[i];
      if (stuck[it.table] || resting[it.table] > now) { continue; }
      if (it.state === "waiting") { return it; }
      stuck[it.table] = true;
    }
    return null;
  }

  function csrfFrom(html) {
    var found = /name="csrf_token"[^>]*value="([^"]*)"/.exec(html) ||
      /value="([^"]*)"[^>]*name="csrf_token"/.exec(html);
    return found ? found[1] : "";
  }

  function freshToken(it) {
    return fetch(it.action, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      if (!r.ok) { throw new Error("not now"); }
      return r.text();
    }).then(csrfFrom);
  }

  function body(it, token) {
    var out = new URLSearchParams();
    it.fields.forEach(function (pair) {
      out.append(pair[0], pair[0] === "expected_number" ? String(it.expected) : pair[1]);
    });
    if (!it.fields.some(function (pair) { return pair[0] === "expected_number"; })) {
      out.append("expected_number", String(it.expected));
    }
    out.append("submission_id", it.id);
    out.append("csrf_token", token);
    return out;
  }

  function update(id, change) {
    var q = load();
    var found = null;
    q.forEach(function (it) { if (it.id === id) { found = it; } });
    if (!found) { return null; }
    change(found, q);
    saveQueue(q.filter(function (it) { return !it.gone; }));
    return found;
  }

  // Stored as round n: gone from the queue; the next one at its table enters n + 1.
  function stored(id, n) {
    update(id, function (it, q) {
      it.gone = true;
      writeJSON(KNOWN + it.table, Math.max(n, parseInt(readJSON(KNOWN + it.table, 0), 10) || 0));
      var later = q.filter(function (o) { return o.table === it.table && o !== it; });
      if (later.length) { later[0].expected = n + 1; }
    });
    document.dispatchEvent(new CustomEvent("scorekeeper:sent", { detail: { id: id, number: n } }));
  }

  function refusedBy(id, html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var stale = doc.querySelector("section.stale");
    var free = doc.querySelector("#round-form input[name=expected_number]");
    update(id, function (it) {
      if (stale && free) {
        var heading = stale.querySelector("h2");
        var theirs = stale.querySelector("details.theirs");
        var save = doc.querySelector("#round-form .entrybar button[type=submit]");
        var drop = stale.querySelector("[data-draft-drop]");
        var score = stale.querySelector(".mine-score");
        it.state = "conflict";
        it.conflict = {
          heading: heading ? heading.textContent.trim() : "",
          theirs: theirs ? theirs.outerHTML : "",
          mine: score ? score.outerHTML : "",
          save: save ? save.textContent.trim() : "",
          discard: drop ? drop.textContent.trim() : "",
          next: parseInt(free.value, 10) || it.expected + 1
        };
      } else {
        it.state = "refused";
        var summary = doc.querySelectorAll(".error-summary li");
        it.problems = Array.prototype.map.call(
          summary.length ? summary : doc.querySelectorAll("#round-form .error, #round-form .errors li"),
          function (e) { return e.textContent.replace(/\s+/g, " ").trim(); }
        ).filter(function (t, i, all) { return t && all.indexOf(t) === i; }).slice(0, 8);
      }
    });
  }

  // One tab of the phone sends at a time (where the browser has Web Locks): two tabs
  // posting the same round at once could each be told the other's was first.
  function send() {
    timer = null;
    if (sending || !window.fetch || !window.URLSearchParams) { return; }
    var q = load();
    if (!next(q)) {
      if (q.some(function (it) { return it.state === "waiting"; })) { sendSoon(RETRY); } // resting
      return;
    }
    if (navigator.onLine === false) { return; } // the "online" event starts again
    if (!navigator.locks) { sendOne(); return; }
    sending = true;
    navigator.locks.request(LOCK, { ifAvailable: true }, function (lock) {
      sending = false;
      if (!lock) { sendSoon(RETRY); return null; } // another tab is sending
      return new Promise(sendOne);
    }).catch(function () { sending = false; sendSoon(RETRY); }); // the lock refused: later
  }

  function sendOne(done) {
    var it = next(load()); // read again inside the lock: the other tab may have sent it
    if (!it) { if (done) { done(); } return; }
    sending = true;
    var pageAt = document.documentElement;
    pageAt.setAttribute("data-queue-sending", it.id);
    freshToken(it).then(function (token) {
      return fetch(it.action, {
        method: "POST",
        body: body(it, token),
        credentials: "same-origin",
        redirect: "follow"
      });
    }).then(function (r) {
      var path = new URL(r.url, location.href).pathname;
      var round = /\/rounds\/(\d+)$/.exec(path);
      if (r.ok && round && path !== new URL(it.action, location.href).pathname) {
        stored(it.id, parseInt(round[1], 10));
        return "stored";
      }
      if (r.status === 409 || r.status === 422 || r.status === 400 || r.status === 404 ||
          r.status === 410) {
        return r.text().then(function (html) { refusedBy(it.id, html); return "stuck"; });
      }
      resting[it.table] = Date.now() + RETRY * 2; // busy, limited or failing: try later
      return "rest";
    }).catch(function () {
      return "later"; // no signal after all
    }).then(function (how) {
      sending = false;
      pageAt.removeAttribute("data-queue-sending");
      if (done) { done(); }
      show();
      if (how === "later") { sendSoon(RETRY); } else { sendSoon(0); }
    });
  }

  // -- the player's choices -------------------------------------------------------------------

  function discard(id, free) {
    update(id, function (it, q) {
      it.gone = true;
      var later = q.filter(function (o) { return o.table === it.table && o !== it; });
      if (later.length && free) { later[0].expected = free; }
    });
    show();
    sendSoon(0);
  }

  function saveMine(id) {
    update(id, function (it) {
      it.expected = it.conflict.next;
      it.state = "waiting";
      delete it.conflict;
    });
    show();
    sendSoon(0);
  }

  // A refused round opens as the server shows it: the form with its mistakes beside the
  // fields (whose draft keeps it from then on). Posted for real, with a fresh token.
  function openIt(id) {
    var it = null;
    load().forEach(function (o) { if (o.id === id) { it = o; } });
    if (!it) { return; }
    freshToken(it).then(function (token) {
      var f = document.createElement("form");
      f.method = "post";
      f.action = it.action;
      f.hidden = true;
      body(it, token).forEach(function (value, name) {
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        f.appendChild(input);
      });
      update(id, function (o) { o.state = "opened"; });
      try {
        window.sessionStorage.setItem(OPENED, JSON.stringify({ id: id, action: it.action }));
      } catch (e) { /* no session storage: it stays kept until discarded */ }
      document.body.appendChild(f);
      HTMLFormElement.prototype.submit.call(f);
    }).catch(function () { sendSoon(RETRY); });
  }

  // -- without a signal: a page's copy, and the forms that are not kept ---------------------

  function copyNotice() {
    var when = document.documentElement.getAttribute("data-offline-copy");
    var m = pageWords();
    if (when === null || !m) { return; }
    var main = document.querySelector("main");
    var p = el("p", "flash offline-copy", say(m, "tCopy"));
    p.setAttribute("role", "status");
    if (main) { main.insertBefore(p, main.firstChild); }
  }

  function refuseOffline(ev) {
    var f = ev.target;
    if (!(f instanceof HTMLFormElement) || ev.defaultPrevented) { return; }
    // Read as attributes: a field named "method" or "id" (Otoroku's payout has one) hides
    // the form's own property of that name.
    var how = (f.getAttribute("method") || "").toLowerCase();
    if (f.getAttribute("id") === "round-form" || how !== "post") { return; }
    if (navigator.onLine !== false) { return; }
    ev.preventDefault();
    var m = pageWords();
    var old = f.querySelector(".need-signal");
    if (old) { old.remove(); }
    var p = el("p", "flash error need-signal", say(m, "tNeedSignal"));
    p.setAttribute("role", "alert");
    f.insertBefore(p, f.firstChild);
  }

  function worker() {
    try { startWorker(); } catch (e) { /* storage blocked: no worker, the queue still works */ }
  }

  function startWorker() {
    var url = document.body && document.body.getAttribute("data-sw");
    if (!url || !("serviceWorker" in navigator) || !window.isSecureContext) { return; }
    var controlled = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register(url).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (reg) {
      // The first page, opened before the worker was there: kept now.
      if (!controlled && reg.active) { reg.active.postMessage({ keep: location.href.split("#")[0] }); }
      // A table's page: keep its round form too, so it opens without a signal.
      var live = document.getElementById("live");
      var m = words();
      if (live && m && live.dataset.mode === "swap" && live.dataset.entry && reg.active &&
          !document.documentElement.hasAttribute("data-offline-copy")) {
        reg.active.postMessage({ keep: live.dataset.entry });
      }
    }).catch(function () { /* no worker: pages need the signal, rounds still queue */ });
  }

  // A refused round posted for real (openIt): its round page means it is stored now.
  function landedOpened() {
    var opened = null;
    try { opened = JSON.parse(window.sessionStorage.getItem(OPENED) || "null"); } catch (e) { return; }
    if (!opened || !opened.action) { return; }
    var base = new URL(opened.action, location.href).pathname.replace(/new$/, "");
    var here = location.pathname;
    var n = here.indexOf(base) === 0 ? /^(\d+)$/.exec(here.slice(base.length)) : null;
    if (n) {
      stored(opened.id, parseInt(n[1], 10));
      try { window.sessionStorage.removeItem(OPENED); } catch (e) { /* refused */ }
    }
  }

  window.scorekeeperQueue = { keep: keep, show: show, send: sendSoon, waiting: waiting };

  // The page for one never opened here, shown at a table's address (a correction, a
  // change): a way back to that table, whose page this phone keeps.
  function backToTable() {
    var back = document.querySelector("a[data-table-back]");
    var table = /^(.*?\/t\/[^/]+)\//.exec(location.pathname);
    if (back && table) {
      back.href = table[1];
      back.hidden = false;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    landedOpened();
    copyNotice();
    backToTable();
    ownForm();
    rolesLater();
    show();
    worker();
    sendSoon(0);
  });
  document.addEventListener("submit", refuseOffline, true);
  window.addEventListener("online", function () { sendSoon(0); });
  window.addEventListener("storage", function (ev) {
    if (ev.key === KEY) { show(); sendSoon(RETRY); } // another tab of this phone
  });
  window.addEventListener("pageshow", function (ev) {
    if (ev.persisted) { ownForm(); rolesLater(); show(); sendSoon(0); } // Back to a form: not its old id
  });
})();
