// A table's pages: follow another phone's writes, share the table's link, and show times in
// the phone's own clock. Loaded by every page: without a table on the page it only does the
// last.
// Every page works without this file (reload to see other phones' rounds; copy the link by hand).
(function () {
  "use strict";
  var PERIOD = 2500; // ms between polls while the page is visible (a write shows within 5 s)
  var timer = null;
  var busy = false;

  function marker() { return document.getElementById("live"); }
  function main() { return document.querySelector("main"); }

  // The notices' words, in the page's language: the marker carries them (data-t-*), with
  // {summary} and {what} to fill in.
  function words(m, key, values) {
    var text = m.dataset[key] || "";
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(values[name] === undefined ? "" : String(values[name]));
    });
    return text;
  }

  // -- polling --------------------------------------------------------------------------------

  function schedule(delay) {
    clearTimeout(timer);
    timer = null;
    if (marker() && document.visibilityState === "visible") {
      timer = setTimeout(poll, delay === undefined ? PERIOD : delay);
    }
  }

  // One conditional request: 304 (no body) while the table is at the version the page shows.
  function poll() {
    var m = marker();
    timer = null;
    if (!m || busy) { schedule(); return; }
    busy = true;
    fetch(m.dataset.poll, {
      headers: { "If-None-Match": '"v' + m.dataset.version + '"' },
      cache: "no-store",
      credentials: "same-origin"
    }).then(function (r) {
      if (r.status === 304) { caughtUp(); } // the page shows the table as it is
      return r.status === 200 ? r.json() : null;
    }).then(function (info) {
      if (info && String(info.version) !== m.dataset.version) {
        return changed(m, info);
      }
    }).catch(function () {
      // Offline for a moment: try again at the next tick.
    }).then(function () {
      busy = false;
      schedule();
    });
  }

  // A copy the phone kept (no signal when it opened) that the server has caught up with.
  function caughtUp() {
    document.querySelectorAll("main > .offline-copy").forEach(function (p) { p.remove(); });
  }

  function changed(m, info) {
    var latest = info.latest || {};
    if (latest.continued_at) {
      // A rematch was made from this table: nothing here changed, the game goes on there.
      notice(m, info, words(m, "tContinued"), [[words(m, "tOpenNew"), latest.continued_at]]);
      m.dataset.version = info.version;
      return;
    }
    if (m.dataset.mode === "swap") { return swap(m, info); }
    if (m.dataset.mode === "entry") { return entry(m, info); }
    notice(m, info, words(m, "tChanged", { summary: info.latest.summary }), []);
    m.dataset.version = info.version;
  }

  function getPage(url) {
    return fetch(url, { cache: "no-store", credentials: "same-origin" }).then(function (r) {
      return r.text().then(function (text) {
        return { ok: r.ok, doc: new DOMParser().parseFromString(text, "text/html") };
      });
    });
  }

  // A page that only shows the table: fetch it again and put its content in place, keeping the
  // notices shown above it (an Undo among them), and light up the rounds that are new.
  function swap(m, info) {
    var root = main();
    if (interacting(root)) { return; } // a question is open or a field has focus: next tick
    return getPage(location.href).then(function (page) {
      var fresh = page.doc.querySelector("main");
      if (!page.ok || !fresh || !fresh.querySelector("#live")) {
        notice(m, info, words(m, "tPageChanged", { summary: info.latest.summary }),
          [[words(m, "tBack"), info.table_url]]);
        m.dataset.version = info.version;
        return;
      }
      var seen = {};
      root.querySelectorAll("[data-key]").forEach(function (el) { seen[el.dataset.key] = true; });
      var kept = Array.prototype.filter.call(root.children, function (el) {
        return el.classList.contains("flash") && !el.classList.contains("live-notice");
      });
      root.replaceChildren.apply(root, kept.concat(Array.prototype.slice.call(fresh.childNodes)));
      root.querySelectorAll("[data-key]").forEach(function (el) {
        if (!seen[el.dataset.key]) { el.classList.add("fresh"); }
      });
      if (page.doc.title) { document.title = page.doc.title; }
      enhance(root);
      caughtUp();
      if (window.scorekeeperQueue) { window.scorekeeperQueue.show(); } // rounds still waiting
    });
  }

  function interacting(root) {
    var active = document.activeElement;
    return !!root.querySelector("details.confirm[open]") ||
      !!(active && active !== document.body && root.contains(active) &&
         /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName));
  }

  // The round form: never touch what the player has tapped. If the round it was about to enter
  // is taken, say so and offer to view it or keep entering as the next one; if only an earlier
  // round changed, follow the dealer (unless the player picked one) and say what happened.
  function entry(m, info) {
    return getPage(m.dataset.entry).then(function (page) {
      var next = page.doc.getElementById("live");
      if (!page.ok || !next) { return; }
      var number = next.dataset.number;
      if (number === m.dataset.number) {
        follow(page.doc, next, m);
        notice(m, info, words(m, "tChangedHere", { summary: info.latest.summary }), []);
        return;
      }
      var latest = info.latest || {};
      var text = latest.action === "enter" && latest.number
        ? words(m, "tEntered", { what: latest.what })
        : words(m, "tTableChanged", { summary: latest.summary });
      var links = [];
      if (latest.action === "enter" && latest.number) {
        links.push([words(m, "tView"), info.table_url + "/rounds/" + latest.number]);
      }
      var keep = document.createElement("button");
      keep.type = "button";
      keep.className = "button secondary";
      keep.textContent = words(m, "tKeep", { what: next.dataset.what || number });
      keep.addEventListener("click", function () {
        follow(page.doc, next, m);
        var box = document.querySelector(".live-notice");
        if (box) { box.remove(); }
      });
      // Until the player chooses, keep polling against the version the notice is about.
      m.dataset.version = info.version;
      notice(m, info, text, links, keep);
    });
  }

  // Bring the form's round number, heading and dealer to the table as it is now.
  function follow(doc, next, m) {
    var form = document.getElementById("round-form");
    var fresh = doc.getElementById("round-form");
    if (!form || !fresh) { return; }
    ["expected_number", "dealer_shown"].forEach(function (name) {
      var a = form.querySelector("input[name=" + name + "]");
      var b = fresh.querySelector("input[name=" + name + "]");
      if (a && b) { a.value = b.value; }
    });
    var dealer = form.querySelector("select[name=dealer]");
    var freshDealer = fresh.querySelector("select[name=dealer]");
    if (dealer && freshDealer && !dealer.dataset.picked &&
        dealer.options.length === freshDealer.options.length) {
      dealer.value = freshDealer.value;
    }
    var h1 = document.querySelector("main h1");
    var freshH1 = doc.querySelector("main h1");
    if (h1 && freshH1) { h1.textContent = freshH1.textContent; }
    // Lines that say where the table stands (Baka's "Round 3 of 3 in game 1").
    document.querySelectorAll("[data-follow][id]").forEach(function (el) {
      var freshEl = doc.getElementById(el.id);
      if (freshEl) { el.textContent = freshEl.textContent; }
    });
    document.title = doc.title;
    m.dataset.number = next.dataset.number;
    m.dataset.version = next.dataset.version;
  }

  // A notice under the page's heading: text, links and an optional button. On a round's form
  // it goes in the bar at the bottom instead, where the eye is wherever the form is scrolled,
  // with a button that puts it away (it would hide the cards behind it).
  function notice(m, info, text, links, button) {
    var old = document.querySelector(".live-notice");
    if (old) { old.remove(); }
    var box = document.createElement("p");
    box.className = "flash live-notice";
    box.setAttribute("role", "status");
    box.appendChild(document.createTextNode(text + " "));
    links.forEach(function (pair, i) {
      if (i) { box.appendChild(document.createTextNode(" / ")); }
      var a = document.createElement("a");
      a.href = pair[1];
      a.textContent = pair[0];
      box.appendChild(a);
    });
    if (button) {
      if (links.length) { box.appendChild(document.createTextNode(" / ")); }
      box.appendChild(button);
    }
    var bar = document.querySelector("#round-form .entrybar");
    if (bar) {
      box.classList.add("in-bar");
      var close = document.createElement("button");
      close.type = "button";
      close.className = "dismiss";
      close.setAttribute("aria-label", words(m, "tDismiss"));
      close.textContent = "\u00d7";
      close.addEventListener("click", function () { box.remove(); });
      box.insertBefore(close, box.firstChild);
      bar.insertBefore(box, bar.firstChild);
      return;
    }
    var h1 = document.querySelector("main h1");
    if (h1) { h1.insertAdjacentElement("afterend", box); } else { main().prepend(box); }
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { schedule(0); } else { clearTimeout(timer); timer = null; }
  });

  // -- sharing ------------------------------------------------------------------------------

  // -- times in the phone's own clock -------------------------------------------------------
  // Every <time datetime="...Z"> is written by the server in UTC (the text without script).
  var today = new Date();
  var clock = window.Intl && Intl.DateTimeFormat;
  var lang = document.documentElement.lang || undefined; // the page's language, not the phone's
  // A numeric hour ("3:26 PM", "15:26"), not a padded one ("03:26 PM").
  var timeOnly = clock && new Intl.DateTimeFormat(lang, { hour: "numeric", minute: "2-digit" });
  var withDay = clock && new Intl.DateTimeFormat(lang, {
    day: "numeric", month: "short", hour: "numeric", minute: "2-digit"
  });

  // A list of nights (a club's tables) names the day even today: "Fri, 27 Nov, 6:57 AM".
  var withWeekday = clock && new Intl.DateTimeFormat(lang, {
    weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit"
  });

  function localTime(el) {
    var when = new Date(el.getAttribute("datetime"));
    if (!clock || isNaN(when.getTime())) { return; }
    var sameDay = when.toDateString() === today.toDateString();
    el.textContent = el.hasAttribute("data-day") ? withWeekday.format(when)
      : (sameDay ? timeOnly : withDay).format(when);
    el.title = el.getAttribute("datetime").replace("T", " ").replace("Z", " UTC");
    el.classList.add("local");
  }

  function enhance(root) {
    root.querySelectorAll("time[datetime]").forEach(localTime);
    root.querySelectorAll("[data-copy]").forEach(function (b) { b.hidden = false; });
    if (navigator.share) {
      root.querySelectorAll("[data-share]").forEach(function (b) { b.hidden = false; });
    }
  }

  function say(button, text) {
    var status = button.parentNode.querySelector(".share-status");
    if (status) { status.textContent = text; }
  }

  function copy(button) {
    var field = document.getElementById(button.dataset.copy);
    if (!field) { return; }
    function fallback() {
      field.focus();
      field.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      say(button, done ? button.dataset.copied : button.dataset.selected);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(function () {
        say(button, button.dataset.copied);
      }, fallback);
    } else {
      fallback();
    }
  }

  document.addEventListener("click", function (ev) {
    var target = ev.target instanceof Element ? ev.target : null;
    var b = target && target.closest("[data-copy], [data-share]");
    if (!b) { return; }
    if (b.dataset.copy) { copy(b); return; }
    navigator.share({ title: b.dataset.title, url: b.dataset.share }).catch(function () {
      // Dismissed: nothing to say.
    });
  });

  document.addEventListener("change", function (ev) {
    if (ev.target instanceof Element && ev.target.matches("#round-form select[name=dealer]")) {
      ev.target.dataset.picked = "1";
    }
  });

  // A new club's time zone: the phone's own (still editable). Without script it stays UTC.
  function phoneZone() {
    var field = document.querySelector("input[data-phone-zone]");
    var zone = clock && Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (field && zone && field.value === field.defaultValue) { field.value = zone; }
  }

  document.addEventListener("DOMContentLoaded", function () {
    enhance(document);
    phoneZone();
    schedule();
  });
})();

// -- the round form's draft, and the screen kept awake at a table ---------------------------
// (Here rather than in a file of its own: the round form's page is at its budget of requests.)
// Without script the form posts as it always did and the screen sleeps as the phone decides.
//
// A draft: every tap on a round's form is kept on the phone (localStorage), per table and per
// round entered (new:<expected number>) or corrected (edit:<round id>), and put back when the
// form opens again (a reload, Back, a closed tab, a Save that failed). It is the form's own
// fields that are kept, whatever draws them (a card picker renders from those fields and, told
// "scorekeeper:restored", draws again). Save first checks that the server answers: without a
// connection the player stays on the form with a notice, instead of the browser's offline page.
// Once the round is stored (the next page is its round page), its draft is dropped.
(function () {
  "use strict";
  var PREFIX = "scorekeeper.draft:";
  var PENDING = "scorekeeper.draft-pending";
  var WAKE = "scorekeeper.wake";
  var KEEP_FOR = 2 * 24 * 3600 * 1000; // ms: a draft older than two days is dropped
  var PING_WAIT = 6000; // ms: a server that does not answer within this counts as unreachable
  // The form's own workings, not the player's taps: never kept, never put back (based_on is
  // kept apart, see below).
  var PLUMBING = /^(csrf_token|submission_id|expected_number|based_on|dealer_shown|p\d+_name)$/;

  function store(kind) {
    try {
      var s = window[kind];
      return s && typeof s.getItem === "function" ? s : null;
    } catch (e) {
      return null; // storage disabled: nothing kept, nothing breaks
    }
  }
  var local = store("localStorage");
  var session = store("sessionStorage");

  function read(s, key) {
    if (!s) { return null; }
    try { return JSON.parse(s.getItem(key) || "null"); } catch (e) { return null; }
  }
  function write(s, key, value) {
    if (!s) { return; }
    try { s.setItem(key, JSON.stringify(value)); } catch (e) { /* full or refused */ }
  }
  function drop(s, key) {
    if (!s) { return; }
    try { s.removeItem(key); } catch (e) { /* refused */ }
  }

  function marker() { return document.getElementById("draft"); }
  function form() { return document.getElementById("round-form"); }

  // -- what the form holds ----------------------------------------------------------------

  // Each field the player sets, by a name that finds it again in a form drawn afresh: a box
  // or a radio by its name and value, any other field by its name and its place among the
  // fields of that name.
  function fields(f) {
    var out = [];
    var seen = {};
    Array.prototype.forEach.call(f.elements, function (el) {
      var name = el.name;
      var type = (el.type || "").toLowerCase();
      if (!name || PLUMBING.test(name) || el.hasAttribute("data-draft-skip") ||
          /^(submit|button|reset|image|file|fieldset|output)$/.test(type) || el.tagName === "OBJECT") {
        return;
      }
      if (type === "checkbox" || type === "radio") {
        out.push({ key: name + "=" + el.value, el: el, box: true });
      } else {
        var k = seen[name] = (seen[name] || 0) + 1;
        out.push({ key: name + "#" + k, el: el, box: false });
      }
    });
    return out;
  }

  function valueOf(field) {
    return field.box ? field.el.checked : field.el.value;
  }
  // A hidden field has no default of its own (its value is its default): the value it had
  // when the page was drawn stands for it.
  var drawnHidden = {};

  function defaultOf(field) {
    var el = field.el;
    if (field.box) { return el.defaultChecked; }
    if (el.type === "hidden" && Object.prototype.hasOwnProperty.call(drawnHidden, field.key)) {
      return drawnHidden[field.key];
    }
    if (el.tagName === "SELECT") {
      var chosen = Array.prototype.filter.call(el.options, function (o) { return o.defaultSelected; });
      return chosen.length ? chosen[0].value : (el.options.length ? el.options[0].value : "");
    }
    return el.defaultValue;
  }

  // The draft's key: the table and the round (a new round by the number the form enters,
  // which follows the table when the player chooses to keep entering as the next one).
  function keyOf(m, f) {
    var round = m.dataset.round;
    if (round === "new") {
      var n = f.querySelector("input[name=expected_number]");
      round = "new:" + (n ? n.value : "");
    }
    return PREFIX + m.dataset.table + ":" + round;
  }

  var current = null; // the key the draft is kept under now
  var restoredBasedOn = false; // the draft put back was begun on an earlier version of the round
  var restoring = false;
  var discarded = false;

  function save() {
    var m = marker(), f = form();
    if (!m || !f || !local || restoring || discarded) { return; }
    var key = keyOf(m, f);
    if (current && current !== key) { drop(local, current); }
    current = key;
    var values = {};
    var differs = false;
    var shown = f.querySelector("input[name=dealer_shown]");
    fields(f).forEach(function (field) {
      var el = field.el;
      // The dealer only once the player chose one (here, or on the form posted): left alone,
      // it follows the table.
      if (el.name === "dealer" && !el.dataset.picked &&
          (m.dataset.fresh || !shown || el.value === shown.value)) { return; }
      values[field.key] = valueOf(field);
      if (valueOf(field) !== defaultOf(field)) { differs = true; }
    });
    var basedOn = f.querySelector("input[name=based_on]");
    if (m.dataset.fresh && !differs && !restoredBasedOn) {
      // Nothing tapped on a form drawn afresh (or all of it taken back): nothing to keep.
      drop(local, key);
      return;
    }
    write(local, key, {
      at: Date.now(),
      values: values,
      based_on: basedOn ? basedOn.value : null
    });
  }

  var later = null;
  function saveSoon() {
    if (later === null) {
      // After every other handler of this tap has set the fields it sets.
      later = setTimeout(function () { later = null; save(); }, 0);
    }
  }

  // Put a draft back into a form drawn afresh: set the fields it differs in, then tell whoever
  // draws from them (the change and input events each field would have had, and one
  // "scorekeeper:restored" for the form). Says so when the draft differs from the form as the
  // server drew it.
  function restore(m, f, draft) {
    var changed = [];
    var differs = false;
    restoring = true;
    fields(f).forEach(function (field) {
      if (!Object.prototype.hasOwnProperty.call(draft.values, field.key)) { return; }
      var value = draft.values[field.key];
      if (value !== defaultOf(field)) { differs = true; }
      if (value === valueOf(field)) { return; }
      if (field.box) {
        field.el.checked = !!value;
      } else {
        field.el.value = value;
        if (field.el.value !== value) { return; } // a choice this form no longer offers
      }
      changed.push(field.el);
    });
    var basedOn = f.querySelector("input[name=based_on]");
    if (basedOn && draft.based_on && basedOn.value !== draft.based_on) {
      // The round changed since the draft was begun: Save says so and lets the player choose.
      basedOn.value = draft.based_on;
      restoredBasedOn = true;
      differs = true;
    }
    changed.forEach(function (el) {
      var box = el.closest("details");
      if (box && (el.checked || (el.type !== "checkbox" && el.type !== "radio" && el.value))) {
        box.open = true;
      }
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
    });
    restoring = false;
    document.dispatchEvent(new CustomEvent("scorekeeper:restored"));
    if (differs) { restoredNotice(m, f); }
  }

  // The notice stands in the bar in place of the counts line (as the bar's mistakes do, issue
  // 31): above the grid it pushed the last rows under the bar. It goes at Start over or at the
  // player's next change to the form (they carry on with what is back), and the counts return.
  function restoredNotice(m, f) {
    var box = document.createElement("p");
    box.className = "flash draft-restored";
    box.setAttribute("role", "status");
    var words = document.createElement("span");
    words.textContent = m.dataset.tRestored;
    box.appendChild(words);
    var again = document.createElement("button");
    again.type = "button";
    again.className = "button secondary";
    again.textContent = m.dataset.tStartOver;
    box.appendChild(again);
    var place = f.querySelector(".entrybar .bar-words");
    function gone() {
      box.remove();
      if (place) { place.classList.remove("has-restored"); }
      f.removeEventListener("input", carryOn);
      f.removeEventListener("change", carryOn);
    }
    function carryOn() { if (!restoring) { gone(); } }
    again.addEventListener("click", function () { startOver(f); gone(); });
    if (place) {
      place.appendChild(box);
      place.classList.add("has-restored");
      f.addEventListener("input", carryOn);
      f.addEventListener("change", carryOn);
    } else {
      f.parentNode.insertBefore(box, f);
    }
  }

  // Back to the form as the server drew it, and no draft.
  function startOver(f) {
    var before = fields(f).map(function (field) { return valueOf(field); });
    restoring = true;
    f.reset();
    fields(f).forEach(function (field) {
      if (field.el.type === "hidden") { field.el.value = defaultOf(field); }
    });
    var changed = fields(f).filter(function (field, i) { return valueOf(field) !== before[i]; });
    changed.forEach(function (field) {
      field.el.dispatchEvent(new Event("input", { bubbles: true }));
      field.el.dispatchEvent(new Event("change", { bubbles: true }));
    });
    restoring = false;
    document.dispatchEvent(new CustomEvent("scorekeeper:restored"));
    clearTimeout(later); // the events above asked to keep the emptied form: no draft at all
    later = null;
    if (current) { drop(local, current); }
  }

  // Drafts of rounds of this table entered since (a lower number than the form enters now),
  // and drafts too old to matter.
  function prune(m, f) {
    if (!local) { return; }
    var now = Date.now();
    var here = PREFIX + m.dataset.table + ":new:";
    var n = parseInt((f.querySelector("input[name=expected_number]") || {}).value, 10);
    var keys = [];
    for (var i = 0; i < local.length; i++) { keys.push(local.key(i)); }
    keys.forEach(function (key) {
      if (!key || key.indexOf(PREFIX) !== 0) { return; }
      var draft = read(local, key);
      var old = !draft || !draft.at || now - draft.at > KEEP_FOR;
      var taken = m.dataset.round === "new" && key.indexOf(here) === 0 &&
        parseInt(key.slice(here.length), 10) < n;
      if (old || taken) { drop(local, key); }
    });
  }

  // -- Save: only with a connection --------------------------------------------------------

  function offlineNotice(m, f, show) {
    var old = f.querySelector(".draft-offline");
    if (old) { old.remove(); }
    if (!show) { return; }
    var box = document.createElement("p");
    box.className = "flash error draft-offline";
    box.setAttribute("role", "alert");
    box.textContent = m.dataset.tOffline;
    var bar = f.querySelector(".entrybar");
    var button = f.querySelector("button[type=submit], input[type=submit]");
    if (bar) { bar.insertBefore(box, bar.firstChild); } else if (button) {
      button.parentNode.insertBefore(box, button);
    } else { f.appendChild(box); }
  }

  // The round is kept on the phone: said in the bar, with the way on.
  function keptNotice(m, f, how) {
    offlineNotice(m, f, false);
    var old = f.querySelector(".draft-kept");
    if (old) { old.remove(); }
    var box = document.createElement("p");
    box.className = "flash draft-kept";
    box.setAttribute("role", "status");
    box.appendChild(document.createTextNode(
      (how === "again" ? m.dataset.tKeptAgain : how === "behind" ? m.dataset.tKeptBehind :
        m.dataset.tKept) + " "));
    [[m.dataset.rounds + "new", m.dataset.tNext], [m.dataset.tablePage, m.dataset.tTable]]
      .forEach(function (pair) {
        var a = document.createElement("a");
        a.href = pair[0];
        a.textContent = pair[1];
        box.appendChild(a);
        box.appendChild(document.createTextNode(" "));
      });
    var bar = f.querySelector(".entrybar");
    if (bar) { bar.insertBefore(box, bar.firstChild); } else { f.appendChild(box); }
  }

  // Does the server answer? The table's poll: a 304 from one read, nothing rendered.
  function reachable(m) {
    if (navigator.onLine === false) { return Promise.resolve(false); }
    if (!window.fetch) { return Promise.resolve(true); }
    var abort = window.AbortController ? new AbortController() : null;
    var timer = abort ? setTimeout(function () { abort.abort(); }, PING_WAIT) : null;
    return fetch(m.dataset.ping, {
      headers: { "If-None-Match": "*" },
      cache: "no-store",
      credentials: "same-origin",
      signal: abort ? abort.signal : undefined
    }).then(function () { return true; }, function () { return false; }).then(function (ok) {
      clearTimeout(timer);
      return ok;
    });
  }

  var sending = false; // a Save already checked, on its way: let the browser post it
  var checking = false;

  function onSubmit(ev) {
    var m = marker(), f = form();
    if (!m || !f || ev.target !== f || ev.defaultPrevented) { return; }
    if (sending) { return; }
    ev.preventDefault();
    if (checking) { return; } // a second tap while the first is checked
    checking = true;
    save();
    var submitter = ev.submitter || null;
    reachable(m).then(function (ok) {
      checking = false;
      // A new round without a signal waits on the phone (static/js/queue.js), sent once the
      // signal returns; a correction stays on its form with the notice.
      // With rounds of this table still waiting, it goes behind them, signal or not.
      var queue = m.dataset.round === "new" ? window.scorekeeperQueue : null;
      var own = f.querySelector("input[name=submission_id]");
      var kept = queue && (!ok || queue.waiting(m.dataset.table, own ? own.value : "")) ?
        queue.keep(f) : "";
      if (kept) {
        discarded = true;
        drop(local, current);
        keptNotice(m, f, kept === "kept" && ok ? "behind" : kept);
        return;
      }
      offlineNotice(m, f, !ok);
      if (!ok) { return; }
      // The next page says whether the round was stored (its round page): see landed().
      write(session, PENDING, { key: current, rounds: m.dataset.rounds, at: Date.now() });
      sending = true;
      if (f.requestSubmit) {
        f.requestSubmit(submitter && submitter.form === f ? submitter : undefined);
      } else {
        HTMLFormElement.prototype.submit.call(f);
      }
      // Back to this page from the browser's cache: Save checks again.
      setTimeout(function () { sending = false; }, 0);
    });
  }

  // A page after a Save: its round page means the round is stored, so its draft goes.
  function landed() {
    var pending = read(session, PENDING);
    if (!pending) { return; }
    drop(session, PENDING);
    var path = location.pathname;
    if (pending.key && pending.rounds && path.indexOf(pending.rounds) === 0 &&
        /^\d+$/.test(path.slice(pending.rounds.length))) {
      drop(local, pending.key);
    }
  }

  function setUp() {
    landed();
    var m = marker(), f = form();
    if (!m || !f) { return; }
    prune(m, f);
    fields(f).forEach(function (field) {
      if (field.el.type === "hidden") { drawnHidden[field.key] = field.el.value; }
    });
    current = keyOf(m, f);
    var draft = local ? read(local, current) : null;
    if (m.dataset.fresh) {
      if (draft && draft.values) { restore(m, f, draft); }
    } else {
      // Drawn again after a Save (a mistake, another phone first): what was posted is newer
      // than any draft, and the round it enters may be another now.
      save();
    }
    ["input", "change", "click"].forEach(function (type) {
      f.addEventListener(type, saveSoon);
    });
    document.addEventListener("click", function (ev) {
      // The live notice's "keep entering as round N" and the stale page's choices.
      var t = ev.target instanceof Element ? ev.target : null;
      if (!t) { return; }
      if (t.closest("[data-draft-drop]")) {
        // The player let this entry go (another phone's stands): keep nothing more of it.
        discarded = true;
        drop(local, current);
        return;
      }
      if (t.closest(".live-notice")) { saveSoon(); }
    });
    document.addEventListener("submit", onSubmit);
    // Leaving the page (or the phone locked): the last taps, even those that set fields
    // without an event.
    window.addEventListener("pagehide", save);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") { save(); }
    });
  }

  // -- the screen kept awake on a table's pages --------------------------------------------
  // While the switch is on (it is unless the player turned it off on this phone) and the page
  // is in use: released after a long time without a touch, taken again at the next one.

  var IDLE = 30 * 60 * 1000; // ms without a touch after which the screen may sleep again
  var lock = null;
  var asking = false;
  var idleTimer = null;

  function wakeWanted() {
    return !local || local.getItem(WAKE) !== "off";
  }

  function showWake(state) {
    var p = document.getElementById("wake");
    if (!p) { return; }
    p.dataset.state = state;
    var refused = p.querySelector(".wake-refused");
    if (refused) { refused.hidden = state !== "refused"; }
  }

  var refused = false; // asked and refused: not again until the page is shown again or switched

  function acquire() {
    if (lock || asking || refused || !wakeWanted() || document.visibilityState !== "visible") { return; }
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      if (!wakeWanted() || document.visibilityState !== "visible") {
        sentinel.release();
        return;
      }
      lock = sentinel;
      showWake("on");
      sentinel.addEventListener("release", function () {
        if (lock === sentinel) { lock = null; }
        showWake(wakeWanted() ? "released" : "off");
      });
    }, function () {
      asking = false;
      refused = true;
      showWake("refused");
    });
  }

  function release() {
    if (lock) {
      var held = lock;
      lock = null;
      held.release().catch(function () { /* already released */ });
    }
  }

  function touched() {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(release, IDLE);
    acquire();
  }

  function wake() {
    var p = document.getElementById("wake");
    var box = document.getElementById("wake-lock");
    if (!p || !box || !("wakeLock" in navigator) || !navigator.wakeLock) { return; }
    p.hidden = false;
    box.checked = wakeWanted();
    showWake(box.checked ? "released" : "off");
    box.addEventListener("change", function () {
      if (local) {
        try { local.setItem(WAKE, box.checked ? "on" : "off"); } catch (e) { /* refused */ }
      }
      refused = false;
      if (box.checked) { touched(); } else { release(); showWake("off"); }
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") { refused = false; touched(); }
    });
    ["pointerdown", "keydown", "scroll"].forEach(function (type) {
      window.addEventListener(type, touched, { passive: true, capture: true });
    });
    touched();
  }

  // A page the browser got over plain HTTP from another machine is no secure context: the
  // browser turns off what needs one (the screen wake lock; offline use). Said once a phone,
  // at the foot of the page, so nothing above it moves.
  function insecureNote() {
    var note = document.getElementById("https-note");
    if (!note || window.isSecureContext) { return; }
    try {
      if (localStorage.getItem("scorekeeper:https-note")) { return; }
      localStorage.setItem("scorekeeper:https-note", "shown");
    } catch (e) { /* no storage: say it each time */ }
    note.hidden = false;
  }

  document.addEventListener("DOMContentLoaded", function () {
    setUp();
    wake();
    insecureNote();
  });
  // Back to a page kept whole in the browser's cache: its taps are kept again (one let go
  // before can be taken up again), and the screen is taken again.
  window.addEventListener("pageshow", function (ev) {
    if (ev.persisted) { discarded = false; }
    if (ev.persisted && lock === null && document.getElementById("wake") &&
        !document.getElementById("wake").hidden) { touched(); }
  });
})();

// Issue 30: a tap on a chart's point (a phone has no hover for its <title>) or the arrow keys
// on the focused chart write that point's title in the line under the chart. Delegated on the
// document, so it keeps working after a live update redraws the chart.
(function () {
  "use strict";
  function show(svg, k) {
    var hits = svg.querySelectorAll(".hits rect");
    var out = svg.parentNode.querySelector(".chart-readout");
    if (!hits.length || !out) { return; }
    k = Math.max(0, Math.min(hits.length - 1, k));
    svg.dataset.at = k;
    Array.prototype.forEach.call(hits, function (r, i) { r.classList.toggle("on", i === k); });
    out.textContent = hits[k].querySelector("title").textContent;
  }
  document.addEventListener("click", function (ev) {
    var hit = ev.target.closest && ev.target.closest(".chart .hits rect");
    if (hit) {
      var svg = hit.closest("svg");
      show(svg, Array.prototype.indexOf.call(hit.parentNode.children, hit));
    }
  });
  document.addEventListener("focusin", function (ev) {
    var svg = ev.target;
    if (svg.matches && svg.matches("svg.chart") && svg.dataset.at === undefined) {
      show(svg, svg.querySelectorAll(".hits rect").length - 1);
    }
  });
  document.addEventListener("keydown", function (ev) {
    var svg = ev.target;
    var step = { ArrowLeft: -1, ArrowRight: 1, Home: -1e6, End: 1e6 }[ev.key];
    if (step && svg.matches && svg.matches("svg.chart") && svg.dataset.at !== undefined) {
      ev.preventDefault();
      show(svg, Number(svg.dataset.at) + step);
    }
  });
})();
