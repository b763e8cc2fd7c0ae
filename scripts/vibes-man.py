#!/usr/bin/env python3
"""Writes vibes(1) in roff from `vibes --experimental-dump-help` (swift-argument-parser's JSON), so the man page
needs no network and no generate-manual plugin. Usage: vibes-man.py path/to/vibes > vibes.1"""
import json
import subprocess
import sys


def esc(text):
    text = (text or "").replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(("\\&" + line) if line.startswith((".", "'")) else line for line in text.split("\n"))


def synopsis(argument):
    names = argument.get("names") or []
    long = [n for n in names if n["kind"] == "long"]
    short = [n for n in names if n["kind"] == "short"]
    if argument["kind"] == "positional":
        text = "<" + argument.get("valueName", "value") + ">"
    else:
        name = long[0] if long else short[0]
        text = ("--" if name["kind"] == "long" else "-") + name["name"]
        if argument["kind"] == "option":
            text += " <" + argument.get("valueName", "value") + ">"
    if argument.get("isRepeating"):
        text += " ..."
    return "[" + text + "]" if argument.get("isOptional") else text


def command_section(command, path, out):
    if not command.get("shouldDisplay", True) or command["commandName"] == "help":
        return
    full = " ".join(path + [command["commandName"]])
    arguments = [a for a in command.get("arguments", []) if a.get("shouldDisplay", True)
                 and not any(n["name"] in ("help", "version") for n in a.get("names") or [])]
    out.append(".SS " + esc(full))
    out.append(esc(command.get("abstract", "")))
    out.append(".PP")
    out.append(".B " + esc(full + " " + " ".join(synopsis(a) for a in arguments)))
    if command.get("discussion"):
        out.append(".PP")
        out.append(esc(command["discussion"]))
    for argument in arguments:
        out.append(".TP")
        out.append(".B " + esc(synopsis(argument).strip("[]")))
        out.append(esc(argument.get("abstract", "")))
    for sub in command.get("subcommands", []):
        command_section(sub, path + [command["commandName"]], out)


def main():
    dump = json.loads(subprocess.run([sys.argv[1], "--experimental-dump-help"], check=True,
                                     capture_output=True, text=True).stdout)
    root = dump["command"]
    out = ['.TH VIBES 1 "" "vibes" "User Commands"', ".SH NAME", "vibes \\- " + esc(root.get("abstract", "")),
           ".SH SYNOPSIS", ".B vibes", "[\\fIsubcommand\\fR] [\\fIoptions\\fR]", ".SH DESCRIPTION",
           esc(root.get("discussion", "")), ".SH COMMANDS"]
    for sub in root.get("subcommands", []):
        command_section(sub, ["vibes"], out)
    out += [".SH EXIT STATUS", "0 success; 1 something not configured, rejected or refused; 2 a storage error;",
            "64 a usage error.", ".SH FILES",
            "$XDG_DATA_HOME/vibes (database, vault), $XDG_CONFIG_HOME/vibes (config, vault key),",
            "$XDG_STATE_HOME/vibes (log).", ".SH SEE ALSO", "gh(1)"]
    sys.stdout.write("\n".join(out) + "\n")


main()
