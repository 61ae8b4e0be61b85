// The games' own parts: each registered game's script (Game.scripts, in its folder's
// static/) exports start(picker). In the served script this list is every registered game's
// start, in the order of GAMES (scorekeeper/assets.py, scripts/build-js.mjs); this file is what eslint and node see.
export const games = [];
