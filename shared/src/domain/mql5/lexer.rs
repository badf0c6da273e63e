//! Just enough of an MQL5 lexer to find functions and braces: comments, string
//! and character literals and preprocessor lines are recognised so that a `{`
//! inside any of them never counts.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Ident,
    /// One punctuation character, or any other single character outside literals.
    Punct,
    /// Numbers, string and character literals.
    Literal,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Token<'a> {
    pub kind: Kind,
    pub text: &'a str,
    /// Byte offset in the source.
    pub start: usize,
}

impl Token<'_> {
    pub fn is_ident(&self, name: &str) -> bool {
        self.kind == Kind::Ident && self.text == name
    }

    pub fn is_punct(&self, c: char) -> bool {
        self.kind == Kind::Punct && self.text.len() == 1 && self.text.starts_with(c)
    }
}

/// A preprocessor line (`#include <Trade/Trade.mqh>`), continuation lines included.
#[derive(Clone, Copy, Debug)]
pub(super) struct Directive<'a> {
    /// `include`, `property`, `define`, `import`, `ifdef`...
    pub name: &'a str,
    /// True when something follows the name: `#import "user32.dll"` opens an
    /// import block, a bare `#import` closes it.
    pub has_argument: bool,
    pub start: usize,
    /// Byte offset just past the directive's line break (or the end of the source).
    pub end: usize,
}

/// A place where the lexer chose one reading and a compiler might choose
/// another (decision 0019): the directive check refuses each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Oddity {
    /// A backslash ending a line inside a string or character literal:
    /// continued here, ended at the line break by another reader.
    ContinuedLiteral,
    /// A literal still open at its line break (or at the end of the file).
    OpenLiteral,
    /// A `//` comment ending with a backslash: C continues it onto the next line.
    ContinuedLineComment,
}

pub(super) struct Lexed<'a> {
    pub tokens: Vec<Token<'a>>,
    pub directives: Vec<Directive<'a>>,
    /// Byte offset and kind, in source order.
    pub oddities: Vec<(usize, Oddity)>,
}

pub(super) fn lex(src: &str) -> Lexed<'_> {
    let bytes = src.as_bytes();
    let mut tokens = Vec::new();
    let mut directives = Vec::new();
    let mut odd = Vec::new();
    let mut i = if src.starts_with('\u{feff}') { 3 } else { 0 };
    let mut line_start = true;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'\n' => {
                line_start = true;
                i += 1;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => i += 1,
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = skip_line_comment(bytes, i, &mut odd),
            b'/' if bytes.get(i + 1) == Some(&b'*') => i = skip_block_comment(bytes, i),
            b'#' if line_start => {
                let end = skip_directive(bytes, i, &mut odd);
                directives.push(directive(src, i, end));
                i = end;
                line_start = true;
            }
            b'"' | b'\'' => {
                let end = skip_quoted(bytes, i, &mut odd);
                tokens.push(Token { kind: Kind::Literal, text: &src[i..end], start: i });
                i = end;
                line_start = false;
            }
            _ if c.is_ascii_alphabetic() || c == b'_' => {
                let end = scan_while(bytes, i, |b| b.is_ascii_alphanumeric() || b == b'_');
                tokens.push(Token { kind: Kind::Ident, text: &src[i..end], start: i });
                i = end;
                line_start = false;
            }
            _ if c.is_ascii_digit() => {
                let end = scan_while(bytes, i, |b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_');
                tokens.push(Token { kind: Kind::Literal, text: &src[i..end], start: i });
                i = end;
                line_start = false;
            }
            _ => {
                let end = i + utf8_width(c);
                tokens.push(Token { kind: Kind::Punct, text: &src[i..end.min(src.len())], start: i });
                i = end;
                line_start = false;
            }
        }
    }
    Lexed { tokens, directives, oddities: odd }
}

fn utf8_width(lead: u8) -> usize {
    match lead {
        0xf0..=0xff => 4,
        0xe0..=0xef => 3,
        0xc0..=0xdf => 2,
        _ => 1,
    }
}

fn scan_while(bytes: &[u8], mut i: usize, keep: impl Fn(u8) -> bool) -> usize {
    while i < bytes.len() && keep(bytes[i]) {
        i += 1;
    }
    i
}

/// Stops on the line break, which the caller still sees.
fn skip_line_comment(bytes: &[u8], i: usize, odd: &mut Vec<(usize, Oddity)>) -> usize {
    let end = scan_while(bytes, i, |b| b != b'\n');
    let text = &bytes[i..end];
    let kept = text.len() - text.iter().rev().take_while(|b| matches!(b, b' ' | b'\t' | b'\r')).count();
    if kept > 0 && text[kept - 1] == b'\\' && end < bytes.len() {
        odd.push((i + kept - 1, Oddity::ContinuedLineComment));
    }
    end
}

fn skip_block_comment(bytes: &[u8], i: usize) -> usize {
    let mut j = i + 2;
    while j + 1 < bytes.len() {
        if bytes[j] == b'*' && bytes[j + 1] == b'/' {
            return j + 2;
        }
        j += 1;
    }
    bytes.len()
}

/// A string or character literal; an unterminated one ends at its line break,
/// as the MQL5 compiler would complain there anyway.
fn skip_quoted(bytes: &[u8], i: usize, odd: &mut Vec<(usize, Oddity)>) -> usize {
    let quote = bytes[i];
    let mut j = i + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => {
                if super::readings::splice_len(bytes, j).is_some() {
                    odd.push((j, Oddity::ContinuedLiteral));
                }
                j += 2
            }
            b'\n' => {
                odd.push((j, Oddity::OpenLiteral));
                return j;
            }
            b if b == quote => return j + 1,
            _ => j += 1,
        }
    }
    odd.push((bytes.len(), Oddity::OpenLiteral));
    bytes.len()
}

fn skip_directive(bytes: &[u8], i: usize, odd: &mut Vec<(usize, Oddity)>) -> usize {
    let mut j = i + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\n' => return j + 1,
            b'\\' if bytes.get(j + 1) == Some(&b'\n') => j += 2,
            b'\\' if bytes.get(j + 1) == Some(&b'\r') && bytes.get(j + 2) == Some(&b'\n') => j += 3,
            b'/' if bytes.get(j + 1) == Some(&b'/') => j = skip_line_comment(bytes, j, odd),
            b'/' if bytes.get(j + 1) == Some(&b'*') => j = skip_block_comment(bytes, j),
            b'"' | b'\'' => j = skip_quoted(bytes, j, odd),
            _ => j += 1,
        }
    }
    bytes.len()
}

fn directive(src: &str, start: usize, end: usize) -> Directive<'_> {
    let bytes = src.as_bytes();
    let name_start = scan_while(bytes, start + 1, |b| b == b' ' || b == b'\t');
    let name_end = scan_while(bytes, name_start, |b| b.is_ascii_alphanumeric() || b == b'_');
    let after = scan_while(bytes, name_end, |b| b == b' ' || b == b'\t');
    let has_argument = after < end && !matches!(bytes[after], b'\r' | b'\n' | b'/');
    Directive { name: &src[name_start..name_end], has_argument, start, end }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idents(src: &str) -> Vec<&str> {
        lex(src).tokens.iter().filter(|t| t.kind == Kind::Ident).map(|t| t.text).collect()
    }

    #[test]
    fn braces_in_comments_strings_chars_and_directives_are_not_tokens() {
        let src = "#define OPEN {\n// { a\n/* } b\n } */ s = \"{ \\\" }\"; c = '{'; d = '\\'';\nx { }";
        let lexed = lex(src);
        let braces: Vec<&str> =
            lexed.tokens.iter().filter(|t| t.is_punct('{') || t.is_punct('}')).map(|t| t.text).collect();
        assert_eq!(braces, ["{", "}"]);
        assert_eq!(idents(src), ["s", "c", "d", "x"]);
        assert_eq!(lexed.directives.len(), 1);
        assert_eq!(lexed.directives[0].name, "define");
    }

    #[test]
    fn directives_span_continuations_and_know_their_argument() {
        let src = "#define LONG(a) \\\n  (a + 1)\n#import \"user32.dll\"\nint MessageBoxW(int, string, string, int);\n#import\nint x;";
        let lexed = lex(src);
        let names: Vec<(&str, bool)> = lexed.directives.iter().map(|d| (d.name, d.has_argument)).collect();
        assert_eq!(names, [("define", true), ("import", true), ("import", false)]);
        assert_eq!(&src[lexed.directives[0].start..lexed.directives[0].end], "#define LONG(a) \\\n  (a + 1)\n");
        assert_eq!(idents(src), ["int", "MessageBoxW", "int", "string", "string", "int", "int", "x"]);
    }

    #[test]
    fn hash_inside_a_line_is_not_a_directive_and_unicode_is_kept_whole() {
        let lexed = lex("\u{feff}x = a # b; \"ã\" é\n   #property strict\n");
        assert_eq!(lexed.directives.len(), 1);
        assert!(lexed.tokens.iter().any(|t| t.text == "é"));
        assert!(lexed.tokens.iter().any(|t| t.text == "#"));
    }

    #[test]
    fn unterminated_literals_and_comments_do_not_panic() {
        for src in ["\"abc", "'", "/* never", "#define X \\", "x\\", "\"\\"] {
            let _ = lex(src);
        }
    }
}
