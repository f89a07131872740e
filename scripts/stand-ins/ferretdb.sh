#!/usr/bin/env bash
# Stand-in for MongoDB in tests: FerretDB v1.24.2 (SQLite backend), built from the Go module proxy
# into the project's ignored cache dir. Does nothing when the cached binary exists.
#   scripts/stand-ins/ferretdb.sh        -> .cache/stand-ins/ferretdb-v1.24.2/ferretdb
# Needs Go (go on PATH, or /usr/local/go/bin/go). Without Go it says so and exits 0: the Mongo
# suites then skip with that reason.
set -euo pipefail
cd "$(dirname "$0")/../.."

version="v1.24.2"
dest=".cache/stand-ins/ferretdb-${version}"
bin="$dest/ferretdb"
if [ -x "$bin" ]; then
  echo "ferretdb ${version}: cached at $bin"
  exit 0
fi

go_bin="$(command -v go || true)"
[ -z "$go_bin" ] && [ -x /usr/local/go/bin/go ] && go_bin=/usr/local/go/bin/go
if [ -z "$go_bin" ]; then
  echo "ferretdb ${version}: Go is not installed, not building it (the MongoDB suites will skip)"
  exit 0
fi

echo "ferretdb ${version}: building into $bin (a few minutes the first time)"
module_dir="$("$go_bin" mod download -json "github.com/FerretDB/FerretDB@${version}" \
  | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
if [ -z "$module_dir" ] || [ ! -d "$module_dir" ]; then
  echo "ferretdb ${version}: go mod download gave no module directory" >&2
  exit 1
fi

mkdir -p "$dest"
work="$(mktemp -d "${TMPDIR:-/tmp}/ferretdb-src.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp -R "$module_dir/." "$work/"
chmod -R u+w "$work"
# the module zip lacks build/version/version.txt; without it the binary panics at start
mkdir -p "$work/build/version"
printf '%s\n' "$version" >"$work/build/version/version.txt"
(cd "$work" && CGO_ENABLED=0 "$go_bin" build -o "$OLDPWD/$bin.tmp" ./cmd/ferretdb)
mv "$bin.tmp" "$bin"
echo "ferretdb ${version}: built $bin"
