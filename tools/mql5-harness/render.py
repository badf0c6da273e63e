#!/usr/bin/env python3
"""Substitutes the template's placeholders the way shared/src/domain/mql5/template.rs
does (one pass; values escaped for an MQL5 string literal; unknown {{...}}
left alone) and appends the minimal EA the harness runs.

    render.py TEMPLATE.mq5 OUTPUT.mq5 NAME=VALUE...   (NAME without braces, e.g. ROBOT_ID=...)

With --no-ea the EA handlers are not appended.
"""
import sys

EA = """
// --- minimal Expert Advisor (tools/mql5-harness/render.py) ---
int OnInit(){ return RF_OnInit(); }
void OnTimer(){ RF_OnTimer(); }
void OnDeinit(const int reason){}
void OnTick(){}
"""


def escape(value):
    out = []
    for c in value:
        out.append({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(c, c))
    return "".join(out)


def render(template, values):
    placeholders = {"{{%s}}" % k: v for k, v in values.items()}
    out = []
    rest = template
    while True:
        at = rest.find("{{")
        if at < 0:
            out.append(rest)
            break
        out.append(rest[:at])
        candidate = rest[at:]
        for p, v in placeholders.items():
            if candidate.startswith(p):
                out.append(escape(v))
                rest = candidate[len(p):]
                break
        else:
            out.append("{{")
            rest = candidate[2:]
    return "".join(out)


def main(argv):
    args = argv[1:]
    with_ea = True
    if "--no-ea" in args:
        args.remove("--no-ea")
        with_ea = False
    if len(args) < 2:
        sys.stderr.write(__doc__)
        return 2
    values = {}
    for pair in args[2:]:
        name, sep, value = pair.partition("=")
        if not sep:
            sys.stderr.write("render.py: expected NAME=VALUE, got %r\n" % pair)
            return 2
        values[name] = value
    with open(args[0], encoding="utf-8") as f:
        text = render(f.read(), values)
    if with_ea:
        text += EA
    with open(args[1], "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
