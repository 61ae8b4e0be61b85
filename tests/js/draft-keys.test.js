// The draft's keys (static/js/draft-keys.js): where a round form's taps are kept on the phone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { KEEP_FOR, PREFIX, draftKey, sameSeats, stale } from "../../static/js/draft-keys.js";

test("a new round's draft is kept by the number it enters, a correction by its round", () => {
  assert.equal(draftKey("t1", "new", "3"), "scorekeeper.draft:t1:new:3");
  assert.equal(draftKey("t1", "edit:17", "3"), "scorekeeper.draft:t1:edit:17");
  assert.notEqual(draftKey("t1", "new", "3"), draftKey("t2", "new", "3"));
});

test("a draft goes when it is old, or when its round of this table was entered since", () => {
  const now = 10 * KEEP_FOR;
  const form = { table: "t1", round: "new", expected: 3 };
  const fresh = { at: now - 1000 };
  assert.equal(stale(draftKey("t1", "new", 2), fresh, form, now), true); // entered since
  assert.equal(stale(draftKey("t1", "new", 3), fresh, form, now), false); // this form's
  assert.equal(stale(draftKey("t1", "new", 4), fresh, form, now), false);
  assert.equal(stale(draftKey("t2", "new", 1), fresh, form, now), false); // another table
  assert.equal(stale(draftKey("t1", "edit:9", ""), fresh, form, now), false);
  assert.equal(stale(draftKey("t2", "new", 1), { at: now - KEEP_FOR - 1 }, form, now), true);
  assert.equal(stale(draftKey("t2", "new", 1), null, form, now), true); // unreadable
  // A correction's form keeps the new rounds' drafts; keys not a draft's are left alone.
  assert.equal(stale(draftKey("t1", "new", 1), fresh, { ...form, round: "edit:9" }, now), false);
  assert.equal(stale("scorekeeper.queue", null, form, now), false);
  assert.ok(PREFIX.endsWith(":"));
});

test("a draft begun for other seats is not put back (a review, 2026-11-29)", () => {
  // Ben left after Aki, Ben and Cy's hands were typed: Ben's hand would land under Cy.
  const draft = { at: 1, values: {}, seats: ["Aki", "Ben", "Cy"] };
  assert.equal(sameSeats(draft, ["Aki", "Ben", "Cy"]), true);
  assert.equal(sameSeats(draft, ["Aki", "Cy"]), false);
  assert.equal(sameSeats(draft, ["Ben", "Aki", "Cy"]), false); // reseated
  assert.equal(sameSeats(draft, ["Aki", "Ben", "Cy", "Dai"]), false); // one joined
  assert.equal(sameSeats({ at: 1, values: {} }, ["Aki"]), true); // kept before seats were
});
