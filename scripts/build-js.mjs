// Builds the pages' one script with esbuild (pinned in package.json): static/js/main.js and
// the modules it imports, bundled and minified into one file, "./games.js" standing for the
// registered games' modules (each one's start, in the order given). Run at install or build
// time by `python -m scorekeeper.assets` (scripts/run and scripts/test run that), which
// passes the games' scripts in the order of GAMES; the file it writes is git-ignored.
//
//   node scripts/build-js.mjs OUT ENTRY [GAME_SCRIPT ...]
import path from "node:path";
import * as esbuild from "esbuild";

const [out, entry, ...scripts] = process.argv.slice(2);
const registry = path.join(path.dirname(path.resolve(entry)), "games.js");

// The registry static/js/games.js is an empty list to node and eslint; in the bundle it is
// the games' start functions.
function registered() {
  const names = scripts.map(function (_, i) { return "game" + i; });
  const imports = scripts.map(function (file, i) {
    return "import { start as " + names[i] + " } from " + JSON.stringify(path.resolve(file)) + ";\n";
  });
  return imports.join("") + "export const games = [" + names.join(", ") + "];\n";
}

const games = {
  name: "games",
  setup(build) {
    build.onResolve({ filter: /^\.\/games\.js$/ }, function (args) {
      if (path.join(args.resolveDir, args.path) !== registry) { return undefined; }
      return { path: registry, namespace: "games" };
    });
    build.onLoad({ filter: /.*/, namespace: "games" }, function () {
      return { contents: registered(), resolveDir: path.dirname(registry), loader: "js" };
    });
  },
};

await esbuild.build({
  entryPoints: [entry],
  outfile: out,
  bundle: true,
  format: "esm",
  minify: true,
  legalComments: "none",
  plugins: [games],
  logLevel: "warning",
});
