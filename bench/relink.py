#!/usr/bin/env python3
"""Link one product again with other linker options, without rebuilding anything.

SwiftPM prints the final link command with `-v`; this script takes it from such a log, and for every
NAME=FLAGS runs it again with FLAGS appended and the output renamed to OUT/PRODUCT-NAME. The object files are the
ones the build left, so every variant holds exactly the same code and only the link differs.

  swift build -c release --product vibes -Xswiftc -static-stdlib -v > /tmp/release.log 2>&1
  python3 bench/relink.py --log /tmp/release.log --product vibes --out /tmp/variants \
      gold= \
      gold-now="-Xlinker -z -Xlinker now" \
      lld="-fuse-ld=lld" \
      lld-relr="-fuse-ld=lld -Xlinker -z -Xlinker pack-relative-relocs"
  python3 bench/prestart.py gold="/tmp/variants/vibes-gold --version" \
      lld-relr="/tmp/variants/vibes-lld-relr --version"

FLAGS are clang driver arguments (the link runs through the toolchain's clang, whose default linker is gold),
appended to the command; FLAGS starting with ^ go first instead, before every library (`^-Xlinker --as-needed`).
"""

import argparse
import os
import re
import shlex
import subprocess
import sys


def link_command(log_path, product):
    with open(log_path) as handle:
        lines = handle.read().splitlines()
    pattern = re.compile(r"bin/clang(\+\+)? .* -o \S*/" + re.escape(product) + r"( |$)")
    found = [line for line in lines if pattern.search(line) and " -c " not in line]
    if not found:
        sys.exit(f"no link command for {product} in {log_path} (build with -v, and make the link run: "
                 f"remove the binary first if it was up to date)")
    return shlex.split(found[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--log", required=True)
    parser.add_argument("--product", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("variants", nargs="+", metavar="NAME=FLAGS")
    args = parser.parse_args()
    command = [arg for arg in link_command(args.log, args.product) if arg != "-v"]
    output_index = command.index("-o") + 1
    args.out = os.path.abspath(args.out)
    os.makedirs(args.out, exist_ok=True)
    for spec in args.variants:
        name, _, flags = spec.partition("=")
        argv = list(command)
        argv[output_index] = os.path.join(args.out, f"{args.product}-{name}")
        if flags.startswith("^"):  # before every library (e.g. --as-needed, which applies to what follows it)
            argv = argv[:1] + shlex.split(flags[1:]) + argv[1:]
        else:
            argv = argv + shlex.split(flags)
        result = subprocess.run(argv, capture_output=True, text=True)
        noise = [line for line in result.stderr.splitlines() if "mktemp" not in line and line.strip()]
        status = "ok" if result.returncode == 0 else f"FAILED ({result.returncode})"
        print(f"{name}: {status} {os.path.join(args.out, f'{args.product}-{name}')}")
        for line in noise[:10]:
            print(f"  {line}")


if __name__ == "__main__":
    main()
