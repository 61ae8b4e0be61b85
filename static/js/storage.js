// The phone's storage, where the browser allows it: a page works the same without it (nothing
// is kept then, and nothing breaks).

function store(kind) {
  try {
    const s = window[kind];
    return s && typeof s.getItem === "function" ? s : null;
  } catch (e) {
    return null; // storage disabled: nothing kept, nothing breaks
  }
}
export const local = store("localStorage");
export const session = store("sessionStorage");

export function read(s, key) {
  if (!s) { return null; }
  try { return JSON.parse(s.getItem(key) || "null"); } catch (e) { return null; }
}
export function write(s, key, value) {
  if (!s) { return; }
  try { s.setItem(key, JSON.stringify(value)); } catch (e) { /* full or refused */ }
}
export function drop(s, key) {
  if (!s) { return; }
  try { s.removeItem(key); } catch (e) { /* refused */ }
}
