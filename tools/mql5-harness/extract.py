#!/usr/bin/env python3
"""Prints the top-level items (functions, constants, globals) of an .mq5 file
whose names start with one of the given prefixes, in file order, exactly as
they are written there. selftest.sh uses it to compile the template's own
SHA-512 and Ed25519 code against the RFC 8032 vectors.

    extract.py FILE.mq5 PREFIX...
"""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from translate import TranslateError, tokenize  # noqa: E402


def items(source):
    """(name, text) of each top-level item."""
    tokens = tokenize(source)
    out = []
    depth = 0
    start = None
    name = None
    prev_sig = None
    brace_after_paren = []
    for i, t in enumerate(tokens):
        if t.kind in ("ws", "nl", "lcomment", "bcomment", "pp"):
            continue
        if start is None and depth == 0:
            start = i
            name = None
        if depth == 0 and name is None and t.kind == "ident" and i + 1 < len(tokens):
            nxt = next((u for u in tokens[i + 1:] if u.kind not in ("ws", "nl", "lcomment", "bcomment")), None)
            if nxt is not None and nxt.kind == "punct" and nxt.text in ("(", "[", "=", ";"):
                name = t.text
        if t.is_("{"):
            brace_after_paren.append(prev_sig is not None and prev_sig.is_(")"))
            depth += 1
        elif t.is_("}"):
            depth -= 1
            was_body = brace_after_paren.pop()
            if depth == 0 and was_body:
                out.append((name, "".join(u.text for u in tokens[start:i + 1])))
                start = None
        elif t.is_(";") and depth == 0:
            out.append((name, "".join(u.text for u in tokens[start:i + 1])))
            start = None
        prev_sig = t
    return out


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1], encoding="utf-8-sig") as f:
        source = f.read()
    prefixes = tuple(argv[2:])
    try:
        found = [(n, text) for n, text in items(source) if n and n.startswith(prefixes)]
    except TranslateError as e:
        sys.stderr.write("%s:%d: %s\n" % (argv[1], e.line, e.message))
        return 1
    if not found:
        sys.stderr.write("extract.py: nothing in %s starts with %s\n" % (argv[1], ", ".join(prefixes)))
        return 1
    for n, text in found:
        sys.stdout.write(text + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
