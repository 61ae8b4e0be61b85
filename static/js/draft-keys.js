// A draft's key on the phone and when it goes (no page needed: tests/js/).

export const PREFIX = "scorekeeper.draft:";
export const KEEP_FOR = 2 * 24 * 3600 * 1000; // ms: a draft older than two days is dropped

// The draft's key: the table and the round (a new round by the number the form enters,
// which follows the table when the player chooses to keep entering as the next one; a
// correction by its round's id).
export function draftKey(table, round, expected) {
  return PREFIX + table + ":" + (round === "new" ? "new:" + expected : round);
}

// Whether a kept draft goes: too old to matter, or a draft of a new round of this table with
// a lower number than the form enters now (entered since). ``form`` is what the open form
// is: its table, its round ("new" or a round's id) and the number it enters.
export function stale(key, draft, form, now) {
  if (!key || key.indexOf(PREFIX) !== 0) { return false; }
  const here = PREFIX + form.table + ":new:";
  const old = !draft || !draft.at || now - draft.at > KEEP_FOR;
  const taken = form.round === "new" && key.indexOf(here) === 0 &&
    parseInt(key.slice(here.length), 10) < form.expected;
  return old || taken;
}

// Whether a draft was begun for the seats the form has now (``seats``: each seat's player, in
// order, as the form names them). A draft kept before drafts kept their seats counts as the
// same.
export function sameSeats(draft, seats) {
  return !Array.isArray(draft.seats) || draft.seats.join("\n") === seats.join("\n");
}
