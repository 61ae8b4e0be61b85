// Rounds saved without a signal (issue 21): kept on the phone, sent once, in order, when the
// signal returns. Without script, nothing (the form posts as it always did, and the browser
// says it has no connection).
//
// - draft.js's Save hands a new round's form here when the server does not answer (keep()).
//   Its submission_id is its identity: a second Save of the same form adds nothing, and the
//   server stores a submission once however often it is sent.
// - Sending: a fresh CSRF token from the round form, then the form's own fields posted as the
//   form would post them (the phone's name goes with them, in its cookie). A round page at
//   the end means stored: the next round waiting at that table then enters the number after
//   it. The server's "another phone got there first" page stops that table's queue and shows
//   its choice (queue-view.js: Discard mine / Save mine as round N+1 / Mine replaces theirs);
//   a refused entry stops it too, until the player opens it (the form with its mistakes
//   beside the fields) or discards it.
import { afterLoad } from "./dom.js";
import {
  KEY, LOCK, OPENED, RETRY, csrfFrom, forgetOpened, freshId, load, local, next, postBody,
  saveQueue, skewFrom, stored, tableOf, update, use, used, words
} from "./queue-store.js";
import { choose, describe, ownForm, rolesLater, show } from "./queue-view.js";

// -- keeping a round (from draft.js's Save) -------------------------------------------------

// "kept", "again" (this form is kept already) or "" (not kept: no storage).
export function keep(f) {
  const m = words();
  const table = tableOf(m);
  if (!table || !local) { return ""; }
  const q = load();
  const data = new FormData(f);
  const id = formId(f, data);
  const fields = [];
  data.forEach(function (value, name) {
    if (name !== "csrf_token" && name !== "submission_id" && typeof value === "string") {
      fields.push([name, value]);
    }
  });
  let same = null;
  q.forEach(function (it) { if (it.id === id) { same = it; } });
  if (same) { return keepAgain(f, q, same, fields); }
  return keepNew(f, q, { table: table, id: id, fields: fields, data: data });
}

// The form's submission id, a fresh one (put in the form) when it has none.
function formId(f, data) {
  let id = String(data.get("submission_id") || "");
  if (!id) {
    id = freshId();
    const field = f.querySelector("input[name=submission_id]");
    if (field) { field.value = id; }
  }
  return id;
}

// A form kept already, saved again.
function keepAgain(f, q, same, fields) {
  if (same.state === "opened" || same.state === "refused") {
    // The refused round itself, corrected on its form: it takes its place again, first.
    same.fields = fields;
    same.shown = describe(f);
    same.state = "waiting";
    delete same.problems;
    saveQueue(q);
    forgetOpened(same.id);
    show();
    sendSoon(navigator.onLine === false ? RETRY : 0);
    return "kept";
  }
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

// A round not kept yet, behind the rounds of its table waiting already.
function keepNew(f, q, round) {
  let id = round.id;
  if (used(id)) {
    // Sent already (a page brought back by Back): this is another round.
    id = freshId();
    const again = f.querySelector("input[name=submission_id]");
    if (again) { again.value = id; }
  }
  const mine = q.filter(function (it) { return it.table === round.table; });
  const drawn = parseInt(String(round.data.get("expected_number") || ""), 10) || 1;
  const expected = mine.length ? mine[mine.length - 1].expected + 1 : drawn;
  q.push({
    id: id,
    table: round.table,
    action: f.getAttribute("action") || location.pathname,
    fields: round.fields,
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
export function waiting(table, own) {
  const mine = load().filter(function (it) { return it.table === table; });
  for (let i = 0; own && i < mine.length; i++) {
    if (mine[i].id === own && mine[i].state === "opened") { return i; }
  }
  return mine.length;
}
// -- sending ------------------------------------------------------------------------------------

let sending = false;
let timer = null;
// Tables whose server answered a round with an error (5xx, 429): left alone a while, so
// that one round the server cannot take does not hold back another table's rounds.
const resting = {};

export function sendSoon(delay) {
  clearTimeout(timer);
  timer = setTimeout(send, delay || 0);
}


// How far the server's clock is ahead of the phone's (ms), from the Date of its last answer:
// a kept round's time played is sent in the server's clock (queue-store.js, playedAt).
let skew = 0;

function freshToken(it) {
  const asked = Date.now();
  return fetch(it.action, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
    if (!r.ok) { throw new Error("not now"); }
    skew = skewFrom(r.headers.get("Date"), asked, Date.now(), skew);
    return r.text();
  }).then(csrfFrom);
}

function refusedBy(id, html) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const stale = doc.querySelector("section.stale");
  const free = doc.querySelector("#round-form input[name=expected_number]");
  update(id, function (it) {
    delete it.replace; // refused again: the player chooses again
    if (stale && free) {
      it.state = "conflict";
      it.conflict = conflictOf(doc, stale, free, it);
    } else {
      it.state = "refused";
      const summary = doc.querySelectorAll(".error-summary li");
      it.problems = Array.prototype.map.call(
        summary.length ? summary : doc.querySelectorAll("#round-form .error, #round-form .errors li"),
        function (e) { return e.textContent.replace(/\s+/g, " ").trim(); }
      ).filter(function (t, i, all) { return t && all.indexOf(t) === i; }).slice(0, 8);
    }
  });
}

// What the stale page shows and offers, kept for the queue's list to show the same choice.
function conflictOf(doc, stale, free, it) {
  const heading = stale.querySelector("h2");
  const theirs = stale.querySelector("details.theirs");
  const save = doc.querySelector("#round-form .entrybar button[type=submit]");
  const drop = stale.querySelector("[data-draft-drop]");
  const score = stale.querySelector(".mine-score");
  const over = stale.querySelector("button[data-replaces]");
  const moved = stale.querySelector(".stale-moved");
  return {
    heading: heading ? heading.textContent.trim() : "",
    theirs: theirs ? theirs.outerHTML : "",
    mine: score ? score.outerHTML : "",
    save: save ? save.textContent.trim() : "",
    discard: drop ? drop.textContent.trim() : "",
    moved: moved ? moved.textContent.trim() : "", // round N+1's other dealer, as the page says
    next: parseInt(free.value, 10) || it.expected + 1,
    // Mine replaces theirs, as the stale page offers it: its words, where it posts and the
    // version of theirs it replaces (none when theirs holds the same entries as mine).
    replace: over ? {
      label: over.textContent.trim(),
      action: over.getAttribute("formaction"),
      value: over.value
    } : null
  };
}

// One tab of the phone sends at a time (where the browser has Web Locks): two tabs
// posting the same round at once could each be told the other's was first.
function send() {
  timer = null;
  if (sending || !window.fetch || !window.URLSearchParams) { return; }
  const q = load();
  if (!next(q, resting, Date.now())) {
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
  const it = next(load(), resting, Date.now()); // read again inside the lock: the other tab may have sent it
  if (!it) { if (done) { done(); } return; }
  sending = true;
  const pageAt = document.documentElement;
  pageAt.setAttribute("data-queue-sending", it.id);
  // Mine replacing theirs posts the form where the stale page's button does, naming theirs.
  const to = it.replace ? it.replace.action : it.action;
  freshToken(it).then(function (token) {
    const body = postBody(it, token, skew);
    if (it.replace) { body.append("replaces", it.replace.value); }
    return fetch(to, { method: "POST", body: body, credentials: "same-origin", redirect: "follow" });
  }).then(function (r) {
    const path = new URL(r.url, location.href).pathname;
    const round = /\/rounds\/(\d+)$/.exec(path);
    if (r.ok && round && path !== new URL(to, location.href).pathname) {
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
    const later = q.filter(function (o) { return o.table === it.table && o !== it; });
    if (later.length && free) { later[0].expected = free; }
  });
  show();
  sendSoon(0);
}

// A conflicting round sent again as the player chose: ``how`` sets what it is sent as.
function sendAgain(id, how) {
  update(id, function (it) {
    how(it);
    it.state = "waiting";
    delete it.conflict;
  });
  show();
  sendSoon(0);
}

function saveMine(id) {
  sendAgain(id, function (it) { it.expected = it.conflict.next; });
}

// Mine replaces theirs: sent as the stale page's button sends it, a correction of their
// round by mine (one journal entry, undone from the history); the rounds after it keep
// their numbers.
function replaceTheirs(id) {
  sendAgain(id, function (it) { it.replace = it.conflict.replace; });
}

// A refused round opens as the server shows it: the form with its mistakes beside the
// fields (whose draft keeps it from then on). Posted for real, with a fresh token.
function openIt(id) {
  let it = null;
  load().forEach(function (o) { if (o.id === id) { it = o; } });
  if (!it) { return; }
  freshToken(it).then(function (token) {
    const f = document.createElement("form");
    f.method = "post";
    f.action = it.action;
    f.hidden = true;
    postBody(it, token, skew).forEach(function (value, name) {
      const input = document.createElement("input");
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
function landedOpened() {
  let opened;
  try { opened = JSON.parse(window.sessionStorage.getItem(OPENED) || "null"); } catch (e) { return; }
  if (!opened || !opened.action) { return; }
  const base = new URL(opened.action, location.href).pathname.replace(/new$/, "");
  const here = location.pathname;
  const n = here.indexOf(base) === 0 ? /^(\d+)$/.exec(here.slice(base.length)) : null;
  if (n) {
    stored(opened.id, parseInt(n[1], 10));
    try { window.sessionStorage.removeItem(OPENED); } catch (e) { /* refused */ }
  }
}

export function start() {
  choose({ discard: discard, saveMine: saveMine, replaceTheirs: replaceTheirs, openIt: openIt });
  // The queue's handle for the browser tests (tests/browser/test_offline_queue.py keeps a
  // round as a Save without a signal would): the modules themselves import these.
  window.scorekeeperQueue = { keep: keep, show: show, send: sendSoon, waiting: waiting };
  afterLoad(function () {
    landedOpened();
    ownForm();
    rolesLater();
    show();
    sendSoon(0);
  });
  window.addEventListener("online", function () { sendSoon(0); });
  window.addEventListener("storage", function (ev) {
    if (ev.key === KEY) { show(); sendSoon(RETRY); } // another tab of this phone
  });
  window.addEventListener("pageshow", function (ev) {
    if (ev.persisted) { ownForm(); rolesLater(); show(); sendSoon(0); } // Back to a form: not its old id
  });
}
