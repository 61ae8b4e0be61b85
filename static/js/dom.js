// Small helpers every page script uses.

export function all(sel, root) {
  return Array.prototype.slice.call((root || document).querySelectorAll(sel));
}

export function int(value) {
  return parseInt(value, 10) || 0;
}
