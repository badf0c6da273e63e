//! The readings of a source other than the lexer's (decision 0019). We
//! cannot run MetaEditor to learn where it ends a literal or a comment, so
//! a `#` that any plausible reading takes for a directive is checked
//! against the allow-list too, and the characters that make the readings
//! disagree (a lone CR, Unicode line separators, trigraphs...) are refused.
//!
//! The loose reading ignores literals and comments altogether: a `#` is a
//! directive wherever it begins a line (after blanks) or follows a `*/`
//! (after blanks), whichever way lines are broken. It is applied to the
//! source as written and to the source with every line continuation
//! (backslash, line break) joined, as C's preprocessor would.

/// Line breaks under the loosest reading: what C, Windows and Unicode each call one.
fn is_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{0b}' | '\u{0c}' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// What a reader may skip before a directive's `#` or its name: any
/// whitespace, control or invisible formatting character.
pub(super) fn is_blank(c: char) -> bool {
    !is_break(c)
        && (c.is_whitespace()
            || c.is_control()
            || matches!(c, '\u{00ad}' | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{2064}' | '\u{feff}'))
}

/// The byte length of a line continuation starting at `i`: a backslash,
/// spaces or tabs (GCC joins those too, with a warning), one line break.
pub(super) fn splice_len(bytes: &[u8], i: usize) -> Option<usize> {
    if bytes.get(i) != Some(&b'\\') {
        return None;
    }
    let mut j = i + 1;
    while matches!(bytes.get(j), Some(b' ' | b'\t')) {
        j += 1;
    }
    match bytes.get(j) {
        Some(b'\r') if bytes.get(j + 1) == Some(&b'\n') => Some(j + 2 - i),
        Some(b'\n' | b'\r' | 0x0b | 0x0c) => Some(j + 1 - i),
        _ => None,
    }
}

/// A `#` (or `%:`) that some reading may take for a directive.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Loose {
    /// Byte offset of the `#` in the source as written.
    pub at: usize,
    /// From the `#` to the end of its line, in the reading that found it.
    pub text: String,
    /// Found in the source as written (not only once continuations are joined).
    pub as_written: bool,
}

/// Every directive-looking `#` of the loose reading, in the source as
/// written and then with its continuations joined.
pub(super) fn loose_directives(source: &str) -> Vec<Loose> {
    let mut found = Vec::new();
    scan(source, |at, text| found.push(Loose { at, text: text.to_owned(), as_written: true }));
    if let Some((joined, segments)) = joined(source) {
        scan(&joined, |at, text| {
            // Segments are sorted by their offset in the joined text.
            let index = segments.partition_point(|(joined_start, _)| *joined_start <= at) - 1;
            let (joined_start, source_start) = segments[index];
            let at = source_start + (at - joined_start);
            if !found.iter().any(|l| l.at == at && l.text == text) {
                found.push(Loose { at, text: text.to_owned(), as_written: false });
            }
        });
    }
    found
}

/// Calls `found` with the offset and the rest of the line of each `#` or
/// `%:` that begins a line or follows a `*/`, blanks skipped.
fn scan(text: &str, mut found: impl FnMut(usize, &str)) {
    let mut check = |line_start: usize, line: &str, from: usize| {
        let rest = &line[from..];
        let skipped = rest.len() - rest.trim_start_matches(is_blank).len();
        let candidate = &rest[skipped..];
        if candidate.starts_with('#') || candidate.starts_with("%:") {
            found(line_start + from + skipped, candidate);
        }
    };
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    loop {
        let (end, next) = match chars.by_ref().find(|(_, c)| is_break(*c)) {
            Some((i, c)) => {
                let mut next = i + c.len_utf8();
                if c == '\r' && chars.next_if(|(_, c)| *c == '\n').is_some() {
                    next += 1;
                }
                (i, Some(next))
            }
            None => (text.len(), None),
        };
        let line = &text[start..end];
        check(start, line, 0);
        for (at, _) in line.match_indices("*/") {
            check(start, line, at + 2);
        }
        match next {
            Some(next) => start = next,
            None => break,
        }
    }
}

/// The source with every continuation joined, and where each piece of it
/// starts (joined offset, source offset); None when it has none.
fn joined(source: &str) -> Option<(String, Vec<(usize, usize)>)> {
    let bytes = source.as_bytes();
    let mut text = String::new();
    let mut segments = Vec::new();
    let mut piece = 0;
    let mut i = 0;
    while i < bytes.len() {
        match splice_len(bytes, i) {
            Some(len) => {
                segments.push((text.len(), piece));
                text.push_str(&source[piece..i]);
                i += len;
                piece = i;
            }
            None => i += 1,
        }
    }
    if segments.is_empty() {
        return None;
    }
    segments.push((text.len(), piece));
    text.push_str(&source[piece..]);
    Some((text, segments))
}

/// The first character that makes the readings of a source disagree on
/// where its lines end or what they hold, and why (pt-BR).
pub(super) fn odd_character(source: &str) -> Option<(usize, &'static str)> {
    let bytes = source.as_bytes();
    for (i, c) in source.char_indices() {
        let reason = match c {
            '\0' => "o arquivo contém um caractere nulo (NUL), que não é aceito.",
            '\u{feff}' if i > 0 => {
                "o arquivo contém uma marca de ordem de bytes (BOM, U+FEFF) fora do início, que não é aceita."
            }
            // A run of CRs before an LF ("\r\r\n", a twice-converted file) ends one line in every reading.
            '\r' if bytes[i..].iter().find(|b| **b != b'\r') != Some(&b'\n') => {
                "um retorno de carro (CR) sozinho como quebra de linha não é aceito: salve o arquivo com \
                 quebras de linha do Windows (CRLF) ou do Linux (LF)."
            }
            '\u{85}' | '\u{2028}' | '\u{2029}' => {
                "separadores de linha Unicode (U+0085, U+2028, U+2029) não são aceitos: use quebras de linha comuns."
            }
            '?' if source[i..].starts_with("??/") || source[i..].starts_with("??=") => {
                "os trigrafos ??/ e ??= não são aceitos (em C eles valem \\ e #): escreva os caracteres de outra forma."
            }
            // Joined by GCC, not by a stricter reader: the two would see different lines.
            '\\' if matches!(bytes.get(i + 1), Some(b' ' | b'\t')) && splice_len(bytes, i).is_some() => {
                "espaços depois de uma barra invertida (\\) no fim da linha não são aceitos: apague-os."
            }
            _ => continue,
        };
        return Some((i, reason));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hashes(source: &str) -> Vec<(&str, bool)> {
        loose_directives(source).iter().map(|l| (&source[l.at..l.at + 1], l.as_written)).collect()
    }

    fn texts(source: &str) -> Vec<String> {
        loose_directives(source).into_iter().map(|l| l.text).collect()
    }

    #[test]
    fn every_line_start_and_every_comment_end_under_every_line_break() {
        let source =
            "  #a\n/* x */ #b\r\nint y; /* z */\t#c\r#d\u{2028}#e\u{85}#f\u{0c}#g x /**/ y */#h\n%:i\n\u{200b}#j";
        assert_eq!(texts(source), ["#a", "#b", "#c", "#d", "#e", "#f", "#g x /**/ y */#h", "#h", "%:i", "#j"]);
        assert!(
            hashes(source).iter().all(|(c, written)| (*c == "#" || *c == "%") && *written),
            "offsets in the source"
        );
    }

    #[test]
    fn a_hash_inside_a_line_or_after_code_is_not_loose() {
        assert!(texts("int x = a # b;\nstring s = \"#include\";\n// #resource\n/* #import */\n").is_empty());
    }

    #[test]
    fn joined_continuations_show_what_they_spell() {
        let source = "#res\\\nource \"/etc/passwd\"\nx; /* a *\\\n/ #import \"x.dll\"\n";
        let found = loose_directives(source);
        let joined: Vec<(&str, usize)> =
            found.iter().filter(|l| !l.as_written).map(|l| (l.text.as_str(), l.at)).collect();
        assert_eq!(joined, [("#resource \"/etc/passwd\"", 0), ("#import \"x.dll\"", source.find("#import").unwrap())]);
    }

    #[test]
    fn continuations_with_crlf_and_trailing_blanks_are_joined() {
        assert_eq!(splice_len(b"\\\r\nx", 0), Some(3));
        assert_eq!(splice_len(b"\\ \t\nx", 0), Some(4));
        assert_eq!(splice_len(b"\\n", 0), None);
        assert_eq!(splice_len(b"\\", 0), None);
    }

    #[test]
    fn odd_characters_are_found_at_their_place() {
        let at = |s: &str| odd_character(s).map(|(i, _)| i);
        assert_eq!(at("\u{feff}int x;\r\n\r\r\nint y;\n"), None, "a leading BOM and CR runs before LF are fine");
        assert_eq!(at("int x;\0"), Some(6));
        assert_eq!(at("a\u{feff}"), Some(1));
        assert_eq!(at("a\rb"), Some(1));
        assert_eq!(at("a\r"), Some(1));
        assert_eq!(at("a\u{2028}b"), Some(1));
        assert_eq!(at("x ??/\n"), Some(2));
        assert_eq!(at("??=resource"), Some(0));
        assert_eq!(at("s = \"??\"; t = \"a??!\";"), None, "other trigraphs change no line");
        assert_eq!(at("#define X \\ \n 1"), Some(10));
        assert_eq!(at("#define X \\\n 1"), None);
    }
}
