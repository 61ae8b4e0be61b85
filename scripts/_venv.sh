# Shared by scripts/run and scripts/test: a virtual environment in .venv with the project
# installed (editable) and the extras named in $1. Re-installs only when pyproject.toml changed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="${PYTHON:-python3}"
extras="${1:-}"
if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
fi
stamp="$VENV/.installed-${extras:-base}"
if [ ! -f "$stamp" ] || [ "$ROOT/pyproject.toml" -nt "$stamp" ]; then
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
  spec="$ROOT"
  [ -n "$extras" ] && spec="$ROOT[$extras]"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e "$spec"
  touch "$stamp"
fi
# The interface's message catalogues: a .mo for each .po that lacks one or changed since (the app
# does the same when it starts, for an installed copy; docs/languages.md "Adding a language").
"$VENV/bin/python" -c 'from scorekeeper.i18n import compile_all; compile_all()'
