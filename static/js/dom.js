// Small helpers every page script uses.

export function all(sel, root) {
  return Array.prototype.slice.call((root || document).querySelectorAll(sel));
}

export function int(value) {
  return parseInt(value, 10) || 0;
}

// ``fn`` once the page is parsed, in a task of its own after the ones set up at
// DOMContentLoaded (the grid, a game's form): what a player does not see at once (a draft,
// the offline queue, the live poll) is not part of the long task a slow phone's first
// screen waits for. Parts set up this way run in the order they asked.
export function afterLoad(fn) {
  document.addEventListener("DOMContentLoaded", function () { setTimeout(fn, 0); });
}
