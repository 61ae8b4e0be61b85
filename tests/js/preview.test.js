// The bar's server answers (static/js/preview.js): when it asks, which answer it keeps, and
// which mistakes it says.
import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { DELAY, asker, merged } from "../../static/js/preview.js";

const local = [{ where: "Aki's pile", text: "Pine: 3 cards" }];

test("without an answer for the form as it stands, the page's own checks speak", () => {
  assert.deepEqual(merged(local, null), local);
});

test("a form Save would take has no mistake, whatever the page thought", () => {
  assert.deepEqual(merged(local, { ok: true, mistakes: [] }), []);
});

test("the server's refusals said at once come first; the others wait for the page's checks", () => {
  const answer = {
    ok: false,
    mistakes: [
      { where: "Ben's hand", text: "Ben's hand is empty", now: false },
      { where: "Chie's hand", text: "11 is not a card value", now: true },
      { where: "Aki's pile", text: "Pine: 3 cards", now: true }
    ]
  };
  assert.deepEqual(merged(local, answer), [
    { where: "Chie's hand", text: "11 is not a card value" },
    { where: "Aki's pile", text: "Pine: 3 cards" }
  ]);
  assert.deepEqual(merged([], { ok: false, mistakes: [answer.mistakes[0]] }), []);
});

// A post whose answers the test hands back, in any order.
function fakeServer() {
  const calls = [];
  const send = (url, body, signal) => new Promise((resolve) => {
    calls.push({ url, body, signal, resolve });
  });
  return { calls, send };
}

test("it asks once, DELAY ms after the last tap, and knows the answer for that body only", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const server = fakeServer();
    const ask = asker("/t/x/rounds/new/preview", server.send);
    let done = 0;
    ask.ask("a=1", () => { done += 1; });
    mock.timers.tick(DELAY - 1);
    ask.ask("a=1&b=2", () => { done += 1; });
    mock.timers.tick(DELAY - 1);
    assert.equal(server.calls.length, 0); // still tapping
    mock.timers.tick(1);
    assert.equal(server.calls.length, 1);
    assert.equal(server.calls[0].body, "a=1&b=2");
    assert.equal(server.calls[0].url, "/t/x/rounds/new/preview");
    server.calls[0].resolve({ ok: true, lines: ["x"] });
    await Promise.resolve(); await Promise.resolve();
    assert.equal(done, 1);
    assert.deepEqual(ask.known("a=1&b=2"), { ok: true, lines: ["x"] });
    assert.equal(ask.known("a=1"), null);
    ask.ask("a=1&b=2", () => { done += 1; }); // known already: nothing asked
    mock.timers.tick(DELAY);
    assert.equal(server.calls.length, 1);
  } finally {
    mock.timers.reset();
  }
});

test("a request still out is aborted, and an older answer never replaces a newer one", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const server = fakeServer();
    const ask = asker("/p", server.send);
    let done = 0;
    ask.ask("n=1", () => { done += 1; });
    mock.timers.tick(DELAY);
    ask.ask("n=2", () => { done += 1; });
    mock.timers.tick(DELAY);
    assert.equal(server.calls.length, 2);
    assert.equal(server.calls[0].signal.aborted, true);
    assert.equal(server.calls[1].signal.aborted, false);
    server.calls[1].resolve({ ok: true, lines: ["two"] });
    await Promise.resolve(); await Promise.resolve();
    server.calls[0].resolve({ ok: true, lines: ["one"] }); // late, out of order
    await Promise.resolve(); await Promise.resolve();
    assert.equal(done, 1);
    assert.deepEqual(ask.known("n=2"), { ok: true, lines: ["two"] });
    assert.equal(ask.known("n=1"), null);
  } finally {
    mock.timers.reset();
  }
});

test("a failed or refused request is asked again on the next tap", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const server = fakeServer();
    const ask = asker("/p", server.send);
    ask.ask("n=1", () => {});
    mock.timers.tick(DELAY);
    server.calls[0].resolve(null); // a 429 or an expired form: no answer
    await Promise.resolve(); await Promise.resolve();
    assert.equal(ask.known("n=1"), null);
    ask.ask("n=1", () => {});
    mock.timers.tick(DELAY);
    assert.equal(server.calls.length, 2);
  } finally {
    mock.timers.reset();
  }
});
