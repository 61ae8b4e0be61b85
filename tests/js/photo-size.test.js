// The size the page sends a photo at (static/js/photo.js): its longest side exactly the
// server's 1600 px (recognise.MAX_SIDE), never larger than the photo, its shape kept.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_SIDE, shrunkSize } from "../../static/js/photo.js";

test("a phone's photo is sent with its longest side exactly the server's", () => {
  assert.equal(MAX_SIDE, 1600);
  assert.deepEqual(shrunkSize(4032, 3024), { width: 1600, height: 1200, scale: 1600 / 4032 });
  assert.deepEqual(shrunkSize(3024, 4032), { width: 1200, height: 1600, scale: 1600 / 4032 });
  assert.equal(shrunkSize(8000, 6000).width, 1600);
  assert.equal(shrunkSize(1601, 10).width, 1600);
});

test("a photo no larger is sent at its own size", () => {
  assert.deepEqual(shrunkSize(1600, 900), { width: 1600, height: 900, scale: 1 });
  assert.deepEqual(shrunkSize(640, 480), { width: 640, height: 480, scale: 1 });
});

test("a very thin photo keeps a pixel a side", () => {
  assert.equal(shrunkSize(20000, 1).height, 1);
});
