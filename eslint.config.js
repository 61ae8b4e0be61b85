// eslint's settings for the page scripts (./scripts/test runs it; npm run lint).
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    // Installed or built, not written: static/dist/app.js is esbuild's bundle of the modules
    // (scorekeeper/assets.py), which are linted themselves.
    ignores: [
      "node_modules/", ".venv/", "build/", "dist/", "**/*.egg-info/", "static/dist/app.js",
    ],
  },
  js.configs.recommended,
  {
    // Every script, the service worker and the tests too: short simple functions, no var.
    rules: {
      complexity: ["error", 10],
      "max-lines-per-function": ["error", 60],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    // The pages' modules: static/js/ and each game's folder's static/.
    files: ["static/js/**/*.js", "scorekeeper/games/*/static/*.js"],
    ignores: ["static/js/sw.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      eqeqeq: "error",
      "no-implicit-globals": "error",
    },
  },
  {
    // The service worker: a classic script whose settings the server writes above it.
    files: ["static/js/sw.js"],
    languageOptions: {
      sourceType: "script",
      globals: globals.serviceworker, // and SETTINGS, VERSION: its /* global */ line
    },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js", "scripts/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
];
