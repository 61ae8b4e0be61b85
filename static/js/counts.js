// What the sticky bar says, worked out from plain values (no page needed: tests/js/).

// A message with its values filled in: "{n} cards" with { n: 3 } is "3 cards".
export function fill(template, values) {
  let text = template || "";
  Object.keys(values).forEach(function (k) {
    text = text.split("{" + k + "}").join(String(values[k]));
  });
  return text;
}

// The numbers typed in a hand's text field: "3, 10 5" is [3, 10, 5] (only 1 or 2 digits).
export function valuesIn(text) {
  return text.split(/[\s,.;+/]+/).filter(function (t) {
    return /^\d{1,2}$/.test(t);
  }).map(function (t) { return parseInt(t, 10); });
}

// A pile's line: its cards and points in the page's words ({n} and {pts}).
export function pileLine(one, many, count, points) {
  const words = (count === 1 ? one : many) || "{n} cards · {pts} points";
  return words.split("{n}").join(String(count)).split("{pts}").join(String(points));
}

// A hand's values and their sum ("3 + 10 = 13"), or the words for none.
export function sumLine(values, none) {
  const sum = values.reduce(function (a, b) { return a + b; }, 0);
  return values.length ? values.join(" + ") + " = " + sum : none || "no cards yet";
}

// A player's two dice: "3 + 4 = 7", "3 + ?" with one thrown, or the words for none.
export function diceLine(dice, none) {
  const d = dice.filter(Boolean);
  return d.length === 2 ? d[0] + " + " + d[1] + " = " + (d[0] + d[1])
    : (d.length ? d[0] + " + ?" : none || "no dice yet");
}

// How many cards of each month: [1, 1, 3] is { 1: 2, 3: 1 }.
export function monthCounts(months) {
  const counts = {};
  months.forEach(function (m) { counts[m] = (counts[m] || 0) + 1; });
  return counts;
}

// The months a pile holds an odd count of, in order, each with its count; a month of one
// card just tapped (``waiting``) waits for its pair.
export function oddMonths(months, waiting) {
  const counts = monthCounts(months);
  return Object.keys(counts).sort(function (a, b) { return a - b; }).filter(function (m) {
    return counts[m] % 2 === 1 && !(counts[m] === 1 && waiting === parseInt(m, 10));
  }).map(function (m) { return { month: parseInt(m, 10), k: counts[m] }; });
}

// The bar's mistake line: the first mistake, and how many more ("(+2)").
export function mistakeText(found) {
  const first = found[0];
  return first ? first.text + (found.length > 1 ? " (+" + (found.length - 1) + ")" : "") : "";
}
