// The bar's words from the server (issue 39): the round form is posted to its address +
// "/preview" 150 ms after the last tap, and the answer says each player's line as the result
// will word it (hands valued, teyaku, buta and yaku named) and what Save would refuse, in the
// server's words. Nothing is stored. Without an answer for the form as it stands (offline, a
// slow server, a tap since) the bar keeps its own tally and checks.

export const DELAY = 150; // ms after the last tap

// The mistakes the bar says, the server's answer for this very form deciding: a form Save
// would take has none; the refusals the server says at once (a value no card has) come
// first, then what the page's own checks found (they know a pile still being tapped).
export function merged(found, answer) {
  if (!answer) { return found; }
  if (answer.ok) { return []; }
  const now = (answer.mistakes || []).filter(function (m) { return m.now; }).map(function (m) {
    return { where: m.where, text: m.text };
  });
  const said = now.map(function (m) { return m.text; });
  return now.concat(found.filter(function (f) { return said.indexOf(f.text) < 0; }));
}

// The form's fields as Save posts them (a photo is left out: it is read on Save only).
export function formBody(form) {
  const params = new URLSearchParams();
  new FormData(form).forEach(function (value, key) {
    if (typeof value === "string") { params.append(key, value); }
  });
  return params.toString();
}

// Asks the server about one form: ask(body, done) posts ``body`` DELAY ms after the last
// call, aborting a request still out, and calls done() once its answer is in; an answer to
// an older request than one already answered is dropped. known(body) is the answer for
// that very body, else null. ``send(url, body, signal)`` is the post (a promise of the JSON).
export function asker(url, send) {
  let timer = null, controller = null, asked = 0, answered = 0, last = null, pending = null;
  function post(body, done) {
    if (controller) { controller.abort(); }
    controller = typeof AbortController === "function" ? new AbortController() : null;
    const n = ++asked;
    function settled() { if (n === asked) { pending = null; } }
    send(url, body, controller && controller.signal).then(function (data) {
      settled();
      if (!data || n <= answered) { return; }
      answered = n;
      last = { body: body, data: data };
      done();
    }, settled);
  }
  return {
    known: function (body) { return last && last.body === body ? last.data : null; },
    ask: function (body, done) {
      if (pending === body || (last && last.body === body)) { return; }
      pending = body;
      clearTimeout(timer);
      timer = setTimeout(function () { post(body, done); }, DELAY);
    }
  };
}

// The post itself: the JSON answer, or null for any other (a refused form, a limit, a 404).
export function postForm(url, body, signal) {
  return fetch(url, {
    method: "POST", body: body, signal: signal, credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" }
  }).then(function (r) { return r.ok ? r.json() : null; });
}
