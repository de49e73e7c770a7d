#!/usr/bin/env bash
# Packs a built mcp-elicit binary as a release archive, the way
# .github/workflows/release.yml does for every target and the way
# [package.metadata.binstall] in Cargo.toml expects it:
#
#   mcp-elicit-VERSION-TARGET.tar.gz (.zip for Windows targets), holding
#     mcp-elicit-VERSION-TARGET/mcp-elicit[.exe]
#     mcp-elicit-VERSION-TARGET/README.md, and the licence files if any
#     mcp-elicit-VERSION-TARGET/man/*.1
#     mcp-elicit-VERSION-TARGET/completions/*
#   and beside it ARCHIVE.sha256 (`sha256sum -c` reads it)
#
# VERSION is the one of Cargo.toml's [package] table.
#
#   package.sh TARGET BINARY OUTDIR   writes both files to OUTDIR and prints
#                                     the archive's path
#   package.sh --name TARGET          prints the archive's file name, then
#                                     its top directory
#
# Bad arguments exit with 2, a failure to pack with 1.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
name=mcp-elicit

usage() {
  echo "package.sh: $1" >&2
  echo "usage: package.sh TARGET BINARY OUTDIR | package.sh --name TARGET" >&2
  exit 2
}

fail() {
  echo "package.sh: $1" >&2
  exit 1
}

# The version of the [package] table of Cargo.toml.
version() {
  local v
  v=$(awk '
    /^[[:space:]]*\[/ { in_package = ($0 ~ /^[[:space:]]*\[package\][[:space:]]*(#.*)?$/); next }
    in_package && /^[[:space:]]*version[[:space:]]*=/ {
      sub(/^[^=]*=[[:space:]]*"/, ""); sub(/".*$/, ""); print; exit
    }' "$root/Cargo.toml")
  [[ $v =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?$ ]] ||
    fail "$root/Cargo.toml has no semantic \`version = \"...\"\` in its [package] table (found \`$v\`)"
  printf '%s\n' "$v"
}

check_target() {
  [[ $1 =~ ^[a-z0-9_]+(-[a-z0-9_.]+){2,3}$ ]] ||
    usage "\`$1\` is not a target triple (such as x86_64-unknown-linux-gnu)"
}

sha256() {
  if command -v sha256sum >/dev/null; then
    sha256sum <"$1" | cut -d' ' -f1
  elif command -v shasum >/dev/null; then
    shasum -a 256 <"$1" | cut -d' ' -f1
  else
    fail "neither sha256sum nor shasum is on PATH"
  fi
}

if [[ ${1:-} == --name ]]; then
  [[ $# -eq 2 ]] || usage "--name takes one TARGET"
  target=$2
  check_target "$target"
  ext=tar.gz
  if [[ $target == *-windows-* ]]; then ext=zip; fi
  stem="$name-$(version)-$target"
  printf '%s\n%s\n' "$stem.$ext" "$stem"
  exit 0
fi

[[ $# -eq 3 ]] || usage "expected TARGET BINARY OUTDIR, got $# argument(s)"
target=$1 binary=$2 outdir=$3
check_target "$target"
[[ -f $binary ]] || usage "no binary at $binary"

ext=tar.gz exe=
if [[ $target == *-windows-* ]]; then
  ext=zip exe=.exe
fi
stem="$name-$(version)-$target"

mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT

top="$staging/$stem"
mkdir -p "$top/man" "$top/completions"
cp "$binary" "$top/$name$exe"
chmod 755 "$top/$name$exe"
cp "$root/README.md" "$top/"
shopt -s nullglob
for licence in "$root"/LICEN[CS]E* "$root"/COPYING*; do
  if [[ -f $licence ]]; then cp "$licence" "$top/"; fi
done
pages=("$root"/man/*.1)
[[ ${#pages[@]} -gt 0 ]] || fail "no man pages in $root/man"
cp "${pages[@]}" "$top/man/"
scripts=()
for f in "$root"/completions/*; do
  if [[ -f $f ]]; then scripts+=("$f"); fi
done
[[ ${#scripts[@]} -gt 0 ]] || fail "no completion scripts in $root/completions"
cp "${scripts[@]}" "$top/completions/"
shopt -u nullglob
chmod 644 "$top/README.md" "$top"/man/* "$top"/completions/*

archive="$outdir/$stem.$ext"
rm -f "$archive" "$archive.sha256"
if [[ $ext == zip ]]; then
  if command -v zip >/dev/null; then
    (cd "$staging" && zip -qrX "$archive" "$stem")
  elif command -v 7z >/dev/null; then
    (cd "$staging" && 7z a -tzip -bd -bso0 "$archive" "$stem")
  else
    fail "neither zip nor 7z is on PATH to write $archive"
  fi
else
  owner=()
  # GNU tar records the builder's user otherwise; bsdtar (macOS) takes
  # other flags, and COPYFILE_DISABLE keeps its ._ files out.
  if tar --version 2>/dev/null | grep -q 'GNU tar'; then
    owner=(--owner=0 --group=0 --numeric-owner)
  fi
  (cd "$staging" && COPYFILE_DISABLE=1 tar ${owner[@]+"${owner[@]}"} -czf "$archive" "$stem")
fi
printf '%s  %s\n' "$(sha256 "$archive")" "$stem.$ext" >"$archive.sha256"
printf '%s\n' "$archive"
