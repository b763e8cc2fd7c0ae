#!/usr/bin/env bash
# `make install` / `make uninstall`: vibes, its *.resources folders, bash/zsh/fish completions and a man page.
# Usage: install.sh install BINARY PREFIX | install.sh uninstall PREFIX
set -euo pipefail

files() {  # Every path install creates under $1 (folders of resources listed by name).
  local prefix=$1
  echo "$prefix/bin/vibes"
  echo "$prefix/share/bash-completion/completions/vibes"
  echo "$prefix/share/zsh/site-functions/_vibes"
  echo "$prefix/share/fish/vendor_completions.d/vibes.fish"
  echo "$prefix/share/man/man1/vibes.1"
}

# An empty PREFIX (`make uninstall PREFIX=`) would mean /bin/vibes, /share/…: refused, as is "/".
checked_prefix() {
  case "${1:-}" in
  "" | "/" | "//")
    echo "install.sh: PREFIX is empty or /; give the folder vibes was installed into (e.g. PREFIX=/usr/local)" >&2
    exit 2
    ;;
  esac
}

case "${1:-}" in
install)
  binary=$2 prefix=${3:-}
  checked_prefix "$prefix"
  [ -x "$binary" ] || { echo "install.sh: no executable at $binary" >&2; exit 1; }
  here=$(cd "$(dirname "$0")" && pwd)
  install -d "$prefix/bin" "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions" \
    "$prefix/share/fish/vendor_completions.d" "$prefix/share/man/man1"
  install -m 0755 "$binary" "$prefix/bin/vibes"
  # SwiftPM's resource bundles (GRDB's privacy manifest; vibes' city list, read by CityList) go to share/vibes.
  for bundle in "$(dirname "$binary")"/*.resources; do
    [ -d "$bundle" ] || continue
    install -d "$prefix/share/vibes"
    cp -R "$bundle" "$prefix/share/vibes/"
  done
  "$binary" --generate-completion-script bash >"$prefix/share/bash-completion/completions/vibes"
  "$binary" --generate-completion-script zsh >"$prefix/share/zsh/site-functions/_vibes"
  "$binary" --generate-completion-script fish >"$prefix/share/fish/vendor_completions.d/vibes.fish"
  python3 "$here/vibes-man.py" "$binary" >"$prefix/share/man/man1/vibes.1"
  chmod 0644 "$prefix/share/bash-completion/completions/vibes" "$prefix/share/zsh/site-functions/_vibes" \
    "$prefix/share/fish/vendor_completions.d/vibes.fish" "$prefix/share/man/man1/vibes.1"
  echo "installed vibes into $prefix"
  ;;
uninstall)
  prefix=${2:-}
  checked_prefix "$prefix"
  while read -r path; do
    rm -f "$path"
  done < <(files "$prefix")
  # Only our own folder goes; shared ones (bin, share/man/man1, …) stay even when empty.
  rm -rf "$prefix/share/vibes"
  echo "removed vibes from $prefix"
  ;;
*)
  echo "usage: install.sh install BINARY PREFIX | install.sh uninstall PREFIX" >&2
  exit 64
  ;;
esac
