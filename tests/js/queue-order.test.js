// The queue's order (static/js/queue-store.js): rounds kept without a signal go in order,
// a table's rounds one after another, a stuck table holding back only its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { csrfFrom, next, playedAt, postBody, skewFrom } from "../../static/js/queue-store.js";

const q = [
  { id: "a", table: "t1", state: "waiting", expected: 4 },
  { id: "b", table: "t1", state: "waiting", expected: 5 },
  { id: "c", table: "t2", state: "waiting", expected: 1 },
];

test("the first waiting round goes first", () => {
  assert.equal(next(q, {}, 0).id, "a");
  assert.equal(next([], {}, 0), null);
});

test("a table with a refused or disputed round holds back its later rounds only", () => {
  const stuck = [{ ...q[0], state: "conflict" }, q[1], q[2]];
  assert.equal(next(stuck, {}, 0).id, "c");
  assert.equal(next([{ ...q[0], state: "refused" }, q[1]], {}, 0), null);
  assert.equal(next([{ ...q[0], state: "opened" }, q[1]], {}, 0), null);
});

test("a table whose server answered with an error rests until its time, then goes again", () => {
  assert.equal(next(q, { t1: 100 }, 50).id, "c");
  assert.equal(next(q, { t1: 100 }, 100).id, "a");
});

test("a round is posted with its fields, the number the queue gives it, its id and a token", () => {
  const it = { id: "x1", expected: 7, fields: [["p0_pile", "pine-1"], ["expected_number", "3"]] };
  assert.equal(
    postBody(it, "tok").toString(),
    "p0_pile=pine-1&expected_number=7&submission_id=x1&csrf_token=tok"
  );
  const without = { id: "x2", expected: 2, fields: [["dealer", "0"]] };
  assert.equal(postBody(without, "t").toString(), "dealer=0&expected_number=2&submission_id=x2&csrf_token=t");
});

test("the form's CSRF token is read whichever way round its attributes are", () => {
  assert.equal(csrfFrom('<input type="hidden" name="csrf_token" value="abc">'), "abc");
  assert.equal(csrfFrom('<input value="def" type="hidden" name="csrf_token">'), "def");
  assert.equal(csrfFrom("<p>no form</p>"), "");
});

test("a kept round is posted with the time it was played, in the server's clock (issue 39)", () => {
  const at = Date.UTC(2026, 10, 28, 5, 30, 15, 400);
  const it = { id: "x3", expected: 1, at, fields: [["p0_pile", "pine-1"]] };
  assert.equal(
    postBody(it, "t").toString(),
    "p0_pile=pine-1&expected_number=1&played_at=2026-11-28T05%3A30%3A15Z&submission_id=x3&csrf_token=t"
  );
  // The server's clock 90 s ahead of the phone's: the time is the server's.
  assert.match(postBody(it, "t", 90_000).toString(), /played_at=2026-11-28T05%3A31%3A45Z/);
  // A form drawn again after a refusal carries its time already: that one stands.
  const again = { ...it, fields: [["played_at", "2026-11-28T05:00:00Z"]] };
  assert.equal(postBody(again, "t").get("played_at"), "2026-11-28T05:00:00Z");
  const blank = { ...it, fields: [["played_at", ""]] };
  assert.equal(postBody(blank, "t").get("played_at"), "2026-11-28T05:30:15Z");
});

// Issue 39: a kept round's time played, in the server's clock to the nearest second.
test("the skew takes the middle of the Date's second and of the round trip", () => {
  const server = Date.parse("2026-11-28T09:01:28.700Z");
  // The phone is 3.2 s behind; the answer took 200 ms; the server stamped it mid-trip.
  const asked = server - 3200 - 100;
  const skew = skewFrom("Sat, 28 Nov 2026 09:01:28 GMT", asked, asked + 200, 0);
  assert.ok(Math.abs(skew - 3200) <= 500, skew);
  assert.equal(skewFrom(null, asked, asked + 200, 1234), 1234);
  assert.equal(skewFrom("not a date", asked, asked + 200, 1234), 1234);
});

test("the time played rounds to the nearest second, not down", () => {
  const at = Date.parse("2026-11-28T09:01:29.782Z");
  assert.equal(playedAt({ at }, 0), "2026-11-28T09:01:30Z");
  assert.equal(playedAt({ at }, -300), "2026-11-28T09:01:29Z");
  assert.equal(playedAt({ at: at - 400 }, undefined), "2026-11-28T09:01:29Z");
});
