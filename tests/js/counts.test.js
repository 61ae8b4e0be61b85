// The bar's counts (static/js/counts.js): what the sticky bar of a round's form says.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  diceLine, fill, mistakeText, monthCounts, oddMonths, pileLine, sumLine, valuesIn
} from "../../static/js/counts.js";

test("a message gets its values, every place each is named", () => {
  assert.equal(fill("{name}: {n} of {n}", { name: "Aki", n: 3 }), "Aki: 3 of 3");
  assert.equal(fill(undefined, { n: 1 }), "");
});

test("a pile's line counts its cards and points in the page's words", () => {
  assert.equal(pileLine("{n} card · {pts} pts", "{n} cards · {pts} pts", 1, 20), "1 card · 20 pts");
  assert.equal(pileLine("{n} card", "{n}枚 · {pts}点", 4, 0), "4枚 · 0点");
  assert.equal(pileLine(undefined, undefined, 2, 5), "2 cards · 5 points");
});

test("a hand's values are the one- and two-digit numbers typed, summed", () => {
  assert.deepEqual(valuesIn("3, 10 5;7+1/2.4 123 x"), [3, 10, 5, 7, 1, 2, 4]);
  assert.equal(sumLine([3, 10, 5], "none"), "3 + 10 + 5 = 18");
  assert.equal(sumLine([], "まだなし"), "まだなし");
  assert.equal(sumLine([], undefined), "no cards yet");
});

test("two dice are summed, one waits for the other", () => {
  assert.equal(diceLine([3, 4], "none"), "3 + 4 = 7");
  assert.equal(diceLine([0, 6], "none"), "6 + ?");
  assert.equal(diceLine([0, 0], undefined), "no dice yet");
});

test("RULES 4.2: a pile's odd months are said, a card just tapped waits for its pair", () => {
  assert.deepEqual(monthCounts([1, 1, 3, 12]), { 1: 2, 3: 1, 12: 1 });
  assert.deepEqual(oddMonths([12, 1, 1, 3, 2, 2, 2], null), [
    { month: 2, k: 3 }, { month: 3, k: 1 }, { month: 12, k: 1 }
  ]);
  assert.deepEqual(oddMonths([1, 3], 3), [{ month: 1, k: 1 }]);
  // Three of the month just tapped are said at once.
  assert.deepEqual(oddMonths([3, 3, 3], 3), [{ month: 3, k: 3 }]);
});

test("the bar shows the first mistake and how many more", () => {
  assert.equal(mistakeText([]), "");
  assert.equal(mistakeText([{ text: "odd" }]), "odd");
  assert.equal(mistakeText([{ text: "odd" }, { text: "b" }, { text: "c" }]), "odd (+2)");
});
