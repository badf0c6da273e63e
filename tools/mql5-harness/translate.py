#!/usr/bin/env python3
"""Translates the MQL5 subset used by the RoboForge license template into C++17.

    translate.py INPUT.mq5 OUTPUT.cpp

The output includes mql5_shim.hpp and is compiled inside namespace mq5 (see
build.sh). The translation is token-level and keeps every line where it was
(a `#line` directive maps compiler messages back to the .mq5), so it can only
rename and wrap, never reinterpret:

  * string literals become u"..."_mq (UTF-16 strings with MQL5's `+`),
    character literals u'x';
  * `T a[]` / `T a[N]` / `T a[N] = {...}` become mq5::marray<T> (bounds
    checked), `T &a[]` / `const T &a[]` parameters marray<T>&;
  * `input T name = v;` becomes a constant overridable from the environment
    variable MQL5_INPUT_<name>;
  * every top-level function gets a prototype before the first function
    (MQL5 may call a function defined further down; C++ may not), with the
    default arguments, which the definition then leaves out;
  * `#property` lines are dropped; `#define`, `#ifdef`, `#ifndef`, `#else`,
    `#endif`, `#undef` are kept.

Anything outside the subset (classes, structs, pointers, #include, numeric
suffixes, unknown escapes, ...) is refused with file:line and a non-zero exit,
so a template that drifts out of what the harness understands fails loudly
instead of running with a different meaning.
"""

import re
import sys

BASE_TYPES = {
    "bool", "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
    "float", "double", "string", "datetime", "void",
}
SPECIFIERS = {"static", "const", "input", "sinput"}
# MQL5 words whose C++ meaning differs (or that the harness does not model).
UNSUPPORTED = {
    "class", "struct", "union", "interface", "template", "typename", "operator",
    "virtual", "new", "delete", "namespace", "typedef", "this", "public",
    "private", "protected", "override", "final", "extern", "goto", "dynamic_cast",
    "GetPointer", "CheckPointer", "NULL",
}
# C++ keywords that are ordinary identifiers in MQL5: renamed consistently.
CPP_ONLY_KEYWORDS = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "catch",
    "char8_t", "char16_t", "char32_t", "compl", "concept", "consteval", "constexpr",
    "constinit", "const_cast", "co_await", "co_return", "co_yield", "decltype",
    "explicit", "export", "friend", "inline", "mutable", "noexcept", "not", "not_eq",
    "nullptr", "or", "or_eq", "register", "reinterpret_cast", "requires", "signed",
    "static_assert", "static_cast", "thread_local", "throw", "try", "typeid",
    "unsigned", "using", "volatile", "wchar_t", "xor", "xor_eq",
}
ESCAPES = {"\\", '"', "'", "n", "r", "t", "a", "b", "f", "v"}

TOKEN_RE = re.compile(
    r"""
     (?P<nl>\n)
    |(?P<ws>[ \t\r\f\v]+)
    |(?P<lcomment>//[^\n]*)
    |(?P<bcomment>/\*.*?\*/)
    |(?P<string>"(?:[^"\\\n]|\\.)*")
    |(?P<char>'(?:[^'\\\n]|\\.)*')
    |(?P<number>0[xX][0-9A-Fa-f]+|(?:\d+\.\d*|\.\d+)(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+|\d+)
    |(?P<ident>[A-Za-z_][A-Za-z0-9_]*)
    |(?P<punct><<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||\+=|-=|\*=|/=|%=|&=|\|=|\^=|::|[{}()\[\];,.?:~!%^&*+\-=<>|/])
    """,
    re.S | re.X,
)


class TranslateError(Exception):
    def __init__(self, line, message):
        super().__init__(message)
        self.line = line
        self.message = message


class Token:
    __slots__ = ("kind", "text", "line", "out", "prefix", "suffix")

    def __init__(self, kind, text, line):
        self.kind = kind
        self.text = text
        self.line = line
        self.out = text
        self.prefix = ""
        self.suffix = ""

    def is_(self, text):
        return self.kind in ("punct", "ident") and self.text == text


def tokenize(source, first_line=1):
    tokens = []
    pos = 0
    line = first_line
    at_line_start = True
    n = len(source)
    while pos < n:
        if at_line_start:
            m = re.compile(r"[ \t\r\f\v]*#").match(source, pos)
            if m:
                # A preprocessor line, continued by a trailing backslash.
                end = pos
                text = ""
                while True:
                    nl = source.find("\n", end)
                    if nl < 0:
                        nl = n
                    piece = source[end:nl]
                    text += piece
                    if piece.rstrip("\r").endswith("\\") and nl < n:
                        text += "\n"
                        end = nl + 1
                        continue
                    end = nl
                    break
                tokens.append(Token("pp", text, line))
                line += text.count("\n")
                pos = end
                at_line_start = False
                continue
        m = TOKEN_RE.match(source, pos)
        if not m:
            ch = source[pos]
            if ch in "\"'":
                raise TranslateError(line, "unterminated literal")
            if source.startswith("/*", pos):
                raise TranslateError(line, "unterminated comment")
            raise TranslateError(line, "character %r is outside the supported MQL5 subset" % ch)
        kind = m.lastgroup
        text = m.group(kind)
        if kind == "number":
            after = source[m.end():m.end() + 1]
            if after and (after.isalnum() or after == "_"):
                raise TranslateError(line, "numeric literal with a suffix (%s%s...) is not supported" % (text, after))
        tokens.append(Token(kind, text, line))
        line += text.count("\n")
        pos = m.end()
        if kind == "nl":
            at_line_start = True
        elif kind not in ("ws", "bcomment"):
            at_line_start = False
    return tokens


def check_escapes(body, line, what):
    i = 0
    units = 0
    while i < len(body):
        c = body[i]
        if c == "\\":
            e = body[i + 1] if i + 1 < len(body) else ""
            if e == "0" and not (i + 2 < len(body) and body[i + 2].isdigit()):
                i += 2
                units += 1
                continue
            if e not in ESCAPES:
                raise TranslateError(line, "escape \\%s in a %s is not supported by the harness" % (e, what))
            i += 2
        else:
            if ord(c) > 0xFFFF and what == "character literal":
                raise TranslateError(line, "character literal outside the BMP")
            i += 1
        units += 1
    return units


def convert_literals(tokens):
    for t in tokens:
        if t.kind == "string":
            check_escapes(t.text[1:-1], t.line, "string literal")
            t.out = "u" + t.text + "_mq"
        elif t.kind == "char":
            if check_escapes(t.text[1:-1], t.line, "character literal") != 1:
                raise TranslateError(t.line, "character literal %s must hold exactly one character" % t.text)
            t.out = "u" + t.text


def significant(tokens):
    return [t for t in tokens if t.kind not in ("ws", "nl", "lcomment", "bcomment", "pp")]


def matching(sig, i, open_, close):
    depth = 0
    for k in range(i, len(sig)):
        if sig[k].is_(open_):
            depth += 1
        elif sig[k].is_(close):
            depth -= 1
            if depth == 0:
                return k
    raise TranslateError(sig[i].line, "unbalanced %s" % open_)


def split_top_level(sig, start, end):
    """Indexes [a, b) of the comma-separated items of sig[start:end]."""
    items = []
    depth = 0
    a = start
    for k in range(start, end):
        t = sig[k]
        if t.kind == "punct" and t.text in "([{":
            depth += 1
        elif t.kind == "punct" and t.text in ")]}":
            depth -= 1
        elif t.is_(",") and depth == 0:
            items.append((a, k))
            a = k + 1
    if a < end:
        items.append((a, end))
    return items


class Translator:
    def __init__(self, source, filename):
        self.filename = filename
        self.tokens = tokenize(source)
        self.types = set(BASE_TYPES)
        self.prototypes = []
        self.first_function = None
        self.functions = {}  # name -> return type text

    def error(self, token, message):
        raise TranslateError(token.line, message)

    def run(self):
        self.directives()
        convert_literals(self.tokens)
        sig = significant(self.tokens)
        self.sig = sig
        for t in sig:
            if t.kind == "ident":
                if t.text in UNSUPPORTED:
                    self.error(t, "'%s' is outside the MQL5 subset the harness supports" % t.text)
                if t.text.startswith("mq5_") or t.text.startswith("MQ5_"):
                    self.error(t, "identifiers starting with mq5_ are reserved for the harness")
                if t.text in CPP_ONLY_KEYWORDS:
                    t.out = t.text + "_mq5_"
            if t.is_("->") or t.is_("::"):
                self.error(t, "'%s' is outside the MQL5 subset the harness supports" % t.text)
        for k in range(len(sig) - 2):
            if sig[k].is_("enum") and sig[k + 1].kind == "ident":
                self.types.add(sig[k + 1].text)
        self.declarations()
        return self.render()

    # ------------------------------------------------------------ preprocessor
    def directives(self):
        out = []
        for t in self.tokens:
            if t.kind != "pp":
                out.append(t)
                continue
            lines = t.text.count("\n")
            joined = re.sub(r"\\\r?\n", " ", t.text).strip()
            m = re.match(r"#\s*(\w+)(.*)$", joined, re.S)
            if not m:
                self.error(t, "malformed preprocessor line")
            name, rest = m.group(1), m.group(2)
            if name == "property":
                text = ""
            elif name == "define":
                dm = re.match(r"\s+([A-Za-z_]\w*)(\([^)]*\))?(.*)$", rest, re.S)
                if not dm:
                    self.error(t, "malformed #define")
                body_tokens = tokenize(dm.group(3), t.line)
                convert_literals(body_tokens)
                for b in body_tokens:
                    if b.kind == "ident" and b.text in UNSUPPORTED:
                        self.error(b, "'%s' is outside the MQL5 subset the harness supports" % b.text)
                    if b.kind == "ident" and b.text in CPP_ONLY_KEYWORDS:
                        b.out = b.text + "_mq5_"
                body = "".join(
                    b.out if b.kind not in ("lcomment", "bcomment", "nl") else " " for b in body_tokens
                ).strip()
                text = "#define %s%s %s" % (dm.group(1), dm.group(2) or "", body)
            elif name in ("undef", "ifdef", "ifndef", "else", "endif"):
                text = "#" + name + re.sub(r"//.*$", "", rest)
            else:
                self.error(t, "#%s is not supported by the harness" % name)
            t.kind = "ws"
            t.out = text + "\n" * lines
            out.append(t)
        self.tokens = out

    # ------------------------------------------------------------ declarations
    def declarations(self):
        sig = self.sig
        depth = 0
        paren = 0
        k = 0
        while k < len(sig):
            t = sig[k]
            prev = sig[k - 1] if k > 0 else None
            boundary = prev is None or (prev.kind == "punct" and prev.text in (";", "{", "}", ":"))
            if boundary and paren == 0 and (t.text in SPECIFIERS or t.text in self.types) and t.kind == "ident":
                handled = self.declaration(k, depth)
                if handled is not None:
                    # Keep depth bookkeeping for the tokens skipped over.
                    for j in range(k, handled):
                        depth, paren = self.track(sig[j], depth, paren)
                    k = handled
                    continue
            depth, paren = self.track(t, depth, paren)
            k += 1

    @staticmethod
    def track(t, depth, paren):
        if t.is_("{"):
            depth += 1
        elif t.is_("}"):
            depth -= 1
        elif t.is_("("):
            paren += 1
        elif t.is_(")"):
            paren -= 1
        return depth, paren

    def declaration(self, k, depth):
        """Handles the declaration starting at sig[k]; returns the index to go on from,
        or None when the statement is not a declaration."""
        sig = self.sig
        start = k
        specs = []
        while k < len(sig) and sig[k].kind == "ident" and sig[k].text in SPECIFIERS:
            specs.append(sig[k])
            k += 1
        if k >= len(sig) or sig[k].kind != "ident" or sig[k].text not in self.types:
            if specs:
                self.error(sig[start], "unsupported declaration")
            return None
        type_tok = sig[k]
        k += 1
        if k >= len(sig):
            return None
        if sig[k].is_("&") or sig[k].is_("*"):
            self.error(sig[k], "references/pointers outside parameter lists are not supported")
        if sig[k].kind != "ident":
            return None  # e.g. a function-style cast: string(x)
        name_tok = sig[k]
        if k + 1 < len(sig) and sig[k + 1].is_("("):
            if depth != 0:
                return None  # a call such as `int` ... cannot start here; let g++ judge
            return self.function(start, specs, type_tok, name_tok, k + 1)
        is_input = any(s.text in ("input", "sinput") for s in specs)
        is_static = any(s.text == "static" for s in specs)
        # Find the end of the statement.
        end = k
        nest = 0
        while end < len(sig):
            t = sig[end]
            if t.kind == "punct" and t.text in "([{":
                nest += 1
            elif t.kind == "punct" and t.text in ")]}":
                nest -= 1
            elif t.is_(";") and nest == 0:
                break
            end += 1
        if end >= len(sig):
            self.error(name_tok, "declaration without ';'")
        items = split_top_level(sig, k, end)
        if is_input:
            if depth != 0:
                self.error(specs[0], "input outside the global scope")
            if len(items) != 1:
                self.error(specs[0], "declare one input per statement")
            self.input_decl(specs, type_tok, sig[items[0][0]:items[0][1]], sig[end])
            return end + 1
        has_array = any(b - a >= 2 and sig[a + 1].is_("[") for a, b in items)
        if not has_array:
            return end + 1
        storage = "::mq5::MQ5_GLOBAL" if depth == 0 else ("::mq5::MQ5_STATIC" if is_static else "::mq5::MQ5_LOCAL")
        spec_text = " ".join(s.out for s in specs)
        base_type = type_tok.out
        for index, (a, b) in enumerate(items):
            decl = sig[a:b]
            is_array = len(decl) >= 2 and decl[1].is_("[")
            type_text = ("::mq5::marray<%s>" % base_type) if is_array else base_type
            if index == 0:
                type_tok.out = type_text
            else:
                comma = sig[a - 1]
                comma.out = "; %s %s" % (spec_text, type_text) if spec_text else "; %s" % type_text
            if is_array:
                self.array_declarator(decl, type_tok.text, storage)
        return end + 1

    def array_declarator(self, decl, elem_type, storage):
        name = decl[0]
        if name.kind != "ident":
            self.error(name, "expected a name")
        close = matching(decl, 1, "[", "]")
        if close + 1 < len(decl) and decl[close + 1].is_("["):
            self.error(decl[close + 1], "multi-dimensional arrays are not supported")
        size_tokens = decl[2:close]
        rest = decl[close + 1:]
        marray = "::mq5::marray<%s>" % elem_type
        if not rest:
            if not size_tokens:
                decl[1].out = ""
                decl[close].out = ""  # dynamic: T a[];
            else:
                decl[1].out = " = %s::fixed(" % marray
                decl[close].out = ", %s)" % storage
            return
        if not rest[0].is_("=") or len(rest) < 3 or not rest[1].is_("{") or not rest[-1].is_("}"):
            self.error(rest[0], "an array is initialised with = { ... } only")
        if matching(rest, 1, "{", "}") != len(rest) - 1:
            self.error(rest[1], "unexpected tokens after the array initialiser")
        decl[1].out = " = %s::fixed_init(" % marray
        decl[close].out = ", " if size_tokens else "-1, "
        rest[0].out = ""
        rest[-1].suffix += ")"

    def input_decl(self, specs, type_tok, decl, semicolon):
        name = decl[0]
        if name.kind != "ident":
            self.error(name, "expected the input's name")
        if len(decl) > 1 and decl[1].is_("["):
            self.error(decl[1], "array inputs are not supported")
        for s in specs:
            if s.text in ("input", "sinput"):
                s.out = "const"
        call = '::mq5::mql_input<%s>("%s", ' % (type_tok.out, name.text)
        if len(decl) == 1:
            semicolon.prefix += ' = %s%s())' % (call, type_tok.out)
            return
        if not decl[1].is_("="):
            self.error(decl[1], "expected '=' after the input's name")
        decl[2].prefix += call
        decl[-1].suffix += ")"

    # ------------------------------------------------------------ functions
    def function(self, start, specs, type_tok, name_tok, open_at):
        sig = self.sig
        close = matching(sig, open_at, "(", ")")
        after = close + 1
        if after < len(sig) and sig[after].is_("const"):
            self.error(sig[after], "const member functions are not supported")
        if after >= len(sig) or not (sig[after].is_("{") or sig[after].is_(";")):
            self.error(name_tok, "expected a function body or ';' after %s(...)" % name_tok.text)
        is_definition = sig[after].is_("{")
        params = split_top_level(sig, open_at + 1, close)
        proto_params = []
        for a, b in params:
            proto_params.append(self.parameter(sig[a:b], strip_default=is_definition))
        if not is_definition:
            self.error(name_tok, "function prototypes are not supported (MQL5 needs none; the harness adds them)")
        if name_tok.text in self.functions and name_tok.text in ("OnInit", "OnTimer", "OnDeinit", "RF_CanOpenPositions"):
            self.error(name_tok, "%s is defined twice" % name_tok.text)
        ret = " ".join(s.out for s in specs) + (" " if specs else "") + type_tok.out
        self.functions.setdefault(name_tok.text, type_tok.text)
        self.prototypes.append("%s %s(%s);" % (ret, name_tok.out, ", ".join(proto_params)))
        if self.first_function is None:
            self.first_function = sig[start]
        return after  # the body is scanned as ordinary statements

    def parameter(self, toks, strip_default):
        """Rewrites one parameter in place; returns its prototype text (with its default)."""
        if len(toks) == 1 and toks[0].is_("void"):
            return "void"
        k = 0
        while k < len(toks) and toks[k].is_("const"):
            k += 1
        if k >= len(toks) or toks[k].kind != "ident" or toks[k].text not in self.types:
            self.error(toks[0], "unsupported parameter")
        type_tok = toks[k]
        k += 1
        ref = k < len(toks) and toks[k].is_("&")
        if ref:
            k += 1
        if k < len(toks) and toks[k].is_("*"):
            self.error(toks[k], "pointers are not supported")
        if k >= len(toks) or toks[k].kind != "ident":
            self.error(type_tok, "parameter without a name")
        k += 1
        if k < len(toks) and toks[k].is_("["):
            if not ref:
                self.error(toks[k], "an array parameter must be a reference (T &a[])")
            if k + 1 >= len(toks) or not toks[k + 1].is_("]"):
                self.error(toks[k], "array parameters are declared T &a[]")
            if k + 2 < len(toks) and toks[k + 2].is_("["):
                self.error(toks[k + 2], "multi-dimensional arrays are not supported")
            type_tok.out = "::mq5::marray<%s>" % type_tok.text
            toks[k].out = ""
            toks[k + 1].out = ""
            k += 2
        proto = " ".join(t.prefix + t.out + t.suffix for t in toks if t.out)
        if k < len(toks):
            if not toks[k].is_("="):
                self.error(toks[k], "unexpected token in a parameter")
            if strip_default:
                for t in toks[k:]:
                    t.out = ""
        return proto

    # ------------------------------------------------------------ output
    def render(self):
        hooks = self.hooks()
        if self.first_function is not None and self.prototypes:
            self.first_function.prefix = " ".join(self.prototypes) + " " + self.first_function.prefix
        body = []
        for t in self.tokens:
            if t.kind == "lcomment":
                continue
            if t.kind == "bcomment":
                body.append("\n" * t.text.count("\n") or " ")
                continue
            body.append(t.prefix + t.out + t.suffix)
        name = self.filename.replace("\\", "/").replace('"', "")
        return (
            "// Generated by tools/mql5-harness/translate.py from %s; do not edit.\n"
            '#include "mql5_shim.hpp"\n'
            "namespace mq5 {\n"
            '#line 1 "%s"\n' % (name, name)
            + "".join(body)
            + '\n#line 1 "translate.py:hooks"\n'
            + hooks
            + "}  // namespace mq5\n"
        )

    def hooks(self):
        f = self.functions
        out = []
        if "OnInit" not in f:
            out.append("int mq5_hook_on_init() { return 0; }")
        elif f["OnInit"] == "void":
            out.append("int mq5_hook_on_init() { OnInit(); return 0; }")
        else:
            out.append("int mq5_hook_on_init() { return (int)OnInit(); }")
        if "OnTimer" in f:
            out.append("bool mq5_hook_has_on_timer() { return true; }")
            out.append("void mq5_hook_on_timer() { OnTimer(); }")
        else:
            out.append("bool mq5_hook_has_on_timer() { return false; }")
            out.append("void mq5_hook_on_timer() {}")
        if "OnDeinit" in f:
            out.append("void mq5_hook_on_deinit(int reason) { OnDeinit(reason); }")
        else:
            out.append("void mq5_hook_on_deinit(int) {}")
        if "RF_CanOpenPositions" in f:
            out.append("int mq5_hook_can_open() { return RF_CanOpenPositions() ? 1 : 0; }")
        else:
            out.append("int mq5_hook_can_open() { return -1; }")
        return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: translate.py INPUT.mq5 OUTPUT.cpp\n")
        return 2
    src_path, out_path = argv[1], argv[2]
    with open(src_path, "rb") as f:
        raw = f.read()
    if raw.startswith(b"\xff\xfe") or raw.startswith(b"\xfe\xff"):
        text = raw.decode("utf-16")
    else:
        text = raw.decode("utf-8-sig")
    try:
        cpp = Translator(text, src_path).run()
    except TranslateError as e:
        sys.stderr.write("%s:%d: error: %s\n" % (src_path, e.line, e.message))
        return 1
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(cpp)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
