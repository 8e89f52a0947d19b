#!/usr/bin/env python3
"""Source mutations for bench/examples.sh (never run on the checkout itself: the script
passes a file inside a temporary copy of the project).

  mutate.py inject FILE LOSS_REGEX EDIT [--out OUT]
      Find the first line of FILE that matches LOSS_REGEX (the loss call of the training
      step) and apply EDIT there:
        - a Python statement (e.g. `target = target[:-1]`): inserted on the line before
          the loss line, with the loss line's indentation (PyTea's protocol);
        - `sub:OLD=>NEW`: the first literal occurrence of OLD on the loss line is replaced
          by NEW (for targets that are expressions or closure variables, e.g.
          `sub:target[mask]=>target[mask][:-1]`).
      Prints `LOSS_LINE INSERTED_LINE` (1-based line numbers in the mutated file; the
      inserted line is 0 for `sub:`).

  mutate.py layer FILE LAYER_REGEX [--out OUT]
      LAYER_REGEX has one group: a layer size argument (an integer literal or an
      expression). The first match's group becomes literal+1 or `EXPR + 1`. Prints
      `LINE OLD NEW`.

  mutate.py lines FILE REGEX
      Prints the 1-based numbers of the lines of FILE matching REGEX (space-separated).

Exit status 3 when a regex matches nothing (the checkout changed: update projects.tsv).
"""
import re
import sys


def die(msg, code=3):
    print(f"mutate.py: {msg}", file=sys.stderr)
    sys.exit(code)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


def write(path, lines):
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def first_match(lines, regex, path):
    rx = re.compile(regex)
    for i, line in enumerate(lines):
        if rx.search(line):
            return i
    die(f"{path}: no line matches /{regex}/")


def inject(path, regex, edit, out):
    lines = read(path)
    i = first_match(lines, regex, path)
    if edit.startswith("sub:"):
        old, sep, new = edit[4:].partition("=>")
        if not sep or old not in lines[i]:
            die(f"{path}:{i + 1}: `{old}` not on the loss line: {lines[i].strip()}")
        lines[i] = lines[i].replace(old, new, 1)
        loss, inserted = i + 1, 0
    else:
        indent = re.match(r"\s*", lines[i]).group(0)
        lines.insert(i, indent + edit)
        loss, inserted = i + 2, i + 1
    write(out or path, lines)
    print(loss, inserted)


def layer(path, regex, out):
    lines = read(path)
    rx = re.compile(regex)
    for i, line in enumerate(lines):
        m = rx.search(line)
        if m:
            old = m.group(1)
            new = str(int(old) + 1) if re.fullmatch(r"\d+", old.strip()) else f"{old} + 1"
            lines[i] = line[: m.start(1)] + new + line[m.end(1):]
            write(out or path, lines)
            print(i + 1, old.replace(" ", ""), new.replace(" ", ""))
            return
    die(f"{path}: no line matches /{regex}/")


def matching_lines(path, regex):
    rx = re.compile(regex)
    found = [str(i + 1) for i, line in enumerate(read(path)) if rx.search(line)]
    if not found:
        die(f"{path}: no line matches /{regex}/")
    print(" ".join(found))


def main(argv):
    out = None
    if "--out" in argv:
        k = argv.index("--out")
        out = argv[k + 1]
        del argv[k:k + 2]
    if len(argv) == 4 and argv[0] == "inject":
        inject(argv[1], argv[2], argv[3], out)
    elif len(argv) == 3 and argv[0] == "layer":
        layer(argv[1], argv[2], out)
    elif len(argv) == 3 and argv[0] == "lines":
        matching_lines(argv[1], argv[2])
    else:
        die(__doc__.strip(), 2)


if __name__ == "__main__":
    main(sys.argv[1:])
