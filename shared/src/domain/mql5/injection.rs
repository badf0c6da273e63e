//! Puts the rendered authentication template into an Expert Advisor and wires
//! it into the EA's `OnInit` (and `OnTimer`, for the periodic re-check).
//!
//! The snippet goes right after the leading `#property` / `#include` /
//! `#define` lines, so includes stay first and everything the EA defines
//! afterwards can call `RF_*`. It sits between two marker lines, and every
//! other addition has one exact, marked shape. Injecting an already injected
//! EA first takes all of that out again, then injects afresh at the same
//! place: new values and a changed template replace the old ones, and nothing
//! is ever doubled.

use super::lexer::{lex, Kind, Lexed, Token};
use super::template::{
    protocol_of, render_template, REQUIRED_PLACEHOLDERS, ROBOT_PUBLIC_KEY, ROBOT_SIGNING_KEY, VERSION_TAG,
};
use super::{InjectionError, InjectionValues};

pub const AUTH_BEGIN_MARKER: &str = "// RoboForge:auth-begin";
pub const AUTH_END_MARKER: &str = "// RoboForge:auth-end";
/// In the comment on every line or function the injection adds outside the marked block.
pub const AUTH_WIRE_MARKER: &str = "RoboForge:auth-wire";

const BEGIN_LINE: &str = "// RoboForge:auth-begin (bloco gerado pela RoboForge; não edite até auth-end)";
/// Said on the begin line of a block whose answers are verified with the
/// robot's public key (" protocolo v2" or " protocolo v3"); blocks without
/// it speak v1.
const PROTOCOL_NOTE: &str = " protocolo v";

/// The signature scheme of an injected source's license check: `None` when it
/// carries none (an uploaded `.ex5`'s source is never seen; a source without
/// the block), `Some(2)` for public-key answers (protocols v2 and v3 alike:
/// v3 changes the signed fields, not the key), `Some(1)` for HMAC. This is
/// what `robot_versions.license_protocol` records (1 or 2): robots still on
/// HMAC are the ones to rebuild.
pub fn license_protocol_in(source: &str) -> Option<u8> {
    let begin = find_line_starting_with(source, AUTH_BEGIN_MARKER)?;
    let line = source[begin..].lines().next().unwrap_or_default();
    let public_key = [2, 3].iter().any(|v| line.ends_with(&format!("{PROTOCOL_NOTE}{v}")));
    Some(if public_key { 2 } else { 1 })
}
/// After a body's `{` when the rest of that line is blank: a line of its own.
const WIRE_LINE_COMMENT: &str = "// RoboForge:auth-wire";
/// After a `{` followed by code on the same line (`{ return(0); }`): stays on that line.
const WIRE_INLINE_COMMENT: &str = "/* RoboForge:auth-wire */";

const INT_ON_INIT_WIRE: &str = "int rf_init = RF_OnInit(); if(rf_init != INIT_SUCCEEDED) return(rf_init);";
// An old-style `void OnInit()` cannot return INIT_FAILED; removing the EA is
// the equivalent.
const VOID_ON_INIT_WIRE: &str = "if(RF_OnInit() != INIT_SUCCEEDED) { ExpertRemove(); return; }";
const ON_TIMER_WIRE: &str = "RF_OnTimer();";

const ADDED_ON_INIT: &str = "// RoboForge:auth-wire: o EA não tinha OnInit; a licença é verificada aqui.
int OnInit()
  {
   return(RF_OnInit());
  }
";
const ADDED_ON_TIMER: &str = "// RoboForge:auth-wire: o EA não tinha OnTimer; a licença é verificada de novo aqui.
void OnTimer()
  {
   RF_OnTimer();
  }
";

/// The EA `source` with `template` rendered for `v` and wired in.
pub fn inject(source: &str, template: &str, v: &InjectionValues) -> Result<String, InjectionError> {
    if source.trim_start_matches('\u{feff}').trim().is_empty() {
        return Err(InjectionError::EmptySource);
    }
    let template_tokens = check_template(template, v)?;
    let wire_timer = template_tokens.iter().any(|t| t.is_ident("RF_OnTimer"));

    let (mut base, previous_block_at) = strip_previous_injection(source)?;
    let lexed = lex(&base);
    let tokens = &lexed.tokens;
    // Brace problems first: they would also hide OnTick.
    let on_init = find_function(tokens, "OnInit")?;
    let on_timer = if wire_timer { find_function(tokens, "OnTimer")? } else { None };
    check_balance(tokens)?;
    if !defines_at_top_level(tokens, "OnTick") {
        return Err(InjectionError::NotAnExpertAdvisor);
    }

    let snippet_at = previous_block_at.unwrap_or_else(|| leading_block_end(&base, &lexed));
    let mut edits =
        vec![(snippet_at, snippet_block(&base, snippet_at, &render_template(template, v), protocol_of(template)))];
    let mut added_functions = String::new();
    // A call already there was written by hand: respect it.
    if !tokens.iter().any(|t| t.is_ident("RF_OnInit")) {
        match on_init {
            Some(site) => {
                let wire = if site.returns_void { VOID_ON_INIT_WIRE } else { INT_ON_INIT_WIRE };
                edits.push((site.body_start, wire_text(&base, site.body_start, wire)));
            }
            None => added_functions.push_str(&format!("\n{ADDED_ON_INIT}")),
        }
    }
    if wire_timer && !tokens.iter().any(|t| t.is_ident("RF_OnTimer")) {
        match on_timer {
            Some(site) => edits.push((site.body_start, wire_text(&base, site.body_start, ON_TIMER_WIRE))),
            None => added_functions.push_str(&format!("\n{ADDED_ON_TIMER}")),
        }
    }

    // Windows editors save CRLF; keep the file consistent.
    let newline = if base.contains("\r\n") { "\r\n" } else { "\n" };
    if !added_functions.is_empty() {
        if !base.ends_with('\n') {
            base.push_str(newline);
        }
        edits.push((base.len(), added_functions));
    }
    edits.sort_by_key(|(at, _)| std::cmp::Reverse(*at));
    let mut out = base;
    for (at, text) in edits {
        out.insert_str(at, &with_newlines(&text, newline));
    }
    Ok(out)
}

fn with_newlines(text: &str, newline: &str) -> String {
    if newline == "\n" {
        text.replace("\r\n", "\n")
    } else {
        text.replace("\r\n", "\n").replace('\n', newline)
    }
}

fn check_template<'t>(template: &'t str, v: &InjectionValues) -> Result<Vec<Token<'t>>, InjectionError> {
    if let Some(missing) = REQUIRED_PLACEHOLDERS.iter().find(|p| !template.contains(**p)) {
        return Err(InjectionError::MissingPlaceholder(missing));
    }
    // A robot carrying a malformed key could never verify an answer and would never start.
    let key = v.signing_key;
    let is_hex_key = |key: &str| key.len() == 64 && key.bytes().all(|b| b.is_ascii_hexdigit());
    if template.contains(ROBOT_SIGNING_KEY) && !is_hex_key(key) {
        return Err(InjectionError::InvalidSigningKey);
    }
    if template.contains(ROBOT_PUBLIC_KEY) && !is_hex_key(v.public_key) {
        return Err(InjectionError::InvalidSigningKey);
    }
    // The tag is read back from injected sources to tell versions apart.
    let is_tag = |tag: &str| tag.len() == 16 && tag.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    if template.contains(VERSION_TAG) && !is_tag(v.version_tag) {
        return Err(InjectionError::InvalidVersionTag);
    }
    let tokens = lex(template).tokens;
    if !defines_at_top_level(&tokens, "RF_OnInit") {
        return Err(InjectionError::MissingEntryPoint("RF_OnInit"));
    }
    Ok(tokens)
}

/// The source without anything an earlier injection added, and where its block started.
fn strip_previous_injection(source: &str) -> Result<(String, Option<usize>), InjectionError> {
    let (mut base, block_at) = remove_marked_blocks(source)?;
    if !base.contains(AUTH_WIRE_MARKER) {
        return Ok((base, block_at));
    }
    let mut additions = Vec::new();
    for wire in [INT_ON_INIT_WIRE, VOID_ON_INIT_WIRE, ON_TIMER_WIRE] {
        additions.push(format!("\r\n   {wire} {WIRE_LINE_COMMENT}"));
        additions.push(format!("\n   {wire} {WIRE_LINE_COMMENT}"));
        additions.push(format!(" {wire} {WIRE_INLINE_COMMENT}"));
    }
    for added in [ADDED_ON_INIT, ADDED_ON_TIMER] {
        additions.push(format!("\r\n{}", with_newlines(added, "\r\n")));
        additions.push(format!("\n{added}"));
    }
    let mut block_at = block_at;
    for addition in &additions {
        while let Some(found) = base.find(addition.as_str()) {
            if let Some(at) = block_at.as_mut().filter(|at| found < **at) {
                *at -= addition.len();
            }
            base.replace_range(found..found + addition.len(), "");
        }
    }
    Ok((base, block_at))
}

/// The source without any marked block, and where the first one started.
fn remove_marked_blocks(source: &str) -> Result<(String, Option<usize>), InjectionError> {
    let mut base = source.to_owned();
    let mut first = None;
    while let Some(begin) = find_line_starting_with(&base, AUTH_BEGIN_MARKER) {
        let end_marker =
            find_line_starting_with(&base[begin..], AUTH_END_MARKER).ok_or(InjectionError::DamagedMarkers)?;
        let end_line = begin + end_marker;
        let end = base[end_line..].find('\n').map_or(base.len(), |n| end_line + n + 1);
        base.replace_range(begin..end, "");
        first.get_or_insert(begin);
    }
    Ok((base, first))
}

fn find_line_starting_with(text: &str, marker: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text[from..].find(marker) {
        let at = from + found;
        if at == 0 || text[..at].ends_with('\n') || &text[..at] == "\u{feff}" {
            return Some(at);
        }
        from = at + marker.len();
    }
    None
}

#[derive(Clone, Copy)]
struct FunctionSite {
    returns_void: bool,
    /// Byte offset just past the body's opening brace.
    body_start: usize,
}

fn defines_at_top_level(tokens: &[Token], name: &str) -> bool {
    let mut depth = 0i32;
    for (i, t) in tokens.iter().enumerate() {
        if t.is_punct('{') {
            depth += 1;
        } else if t.is_punct('}') {
            depth -= 1;
        } else if depth == 0 && t.is_ident(name) && tokens.get(i + 1).is_some_and(|n| n.is_punct('(')) {
            return true;
        }
    }
    false
}

/// The first top-level definition of `name` (prototypes, and methods of the
/// same name inside a class, are skipped).
fn find_function(tokens: &[Token], name: &'static str) -> Result<Option<FunctionSite>, InjectionError> {
    let mut depth = 0i32;
    for (i, t) in tokens.iter().enumerate() {
        if t.is_punct('{') {
            depth += 1;
        } else if t.is_punct('}') {
            depth -= 1;
        } else if depth == 0 && t.is_ident(name) && tokens.get(i + 1).is_some_and(|n| n.is_punct('(')) {
            let Some(close_paren) = matching(tokens, i + 1, '(', ')') else {
                continue;
            };
            let Some(open) = tokens.get(close_paren + 1).filter(|n| n.is_punct('{')) else {
                continue;
            };
            if matching(tokens, close_paren + 1, '{', '}').is_none() {
                return Err(InjectionError::UnbalancedBraces(Some(name)));
            }
            let returns_void = i > 0 && tokens[i - 1].is_ident("void");
            return Ok(Some(FunctionSite { returns_void, body_start: open.start + 1 }));
        }
    }
    Ok(None)
}

/// Index of the token closing the one at `open_at`.
fn matching(tokens: &[Token], open_at: usize, open: char, close: char) -> Option<usize> {
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate().skip(open_at) {
        if t.is_punct(open) {
            depth += 1;
        } else if t.is_punct(close) {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

fn check_balance(tokens: &[Token]) -> Result<(), InjectionError> {
    let mut depth = 0i32;
    for t in tokens.iter().filter(|t| t.kind == Kind::Punct) {
        if t.is_punct('{') {
            depth += 1;
        } else if t.is_punct('}') {
            depth -= 1;
            if depth < 0 {
                return Err(InjectionError::UnbalancedBraces(None));
            }
        }
    }
    if depth == 0 {
        Ok(())
    } else {
        Err(InjectionError::UnbalancedBraces(None))
    }
}

/// Just past the last preprocessor line before the first code, counting only
/// lines outside `#if...#endif` and `#import` blocks; the start of the file
/// (after a BOM) when there is none.
fn leading_block_end(base: &str, lexed: &Lexed) -> usize {
    let file_start = if base.starts_with('\u{feff}') { 3 } else { 0 };
    let mut end = None;
    let mut conditional_depth = 0i32;
    let mut in_import = false;
    let mut tokens = lexed.tokens.iter().peekable();
    for d in &lexed.directives {
        // Code before this directive ends the leading block, unless it is a
        // declaration inside an `#import` block.
        while tokens.next_if(|t| t.start < d.start).is_some() {
            if !in_import {
                return end.unwrap_or(file_start);
            }
        }
        match d.name {
            "if" | "ifdef" | "ifndef" => conditional_depth += 1,
            "endif" => conditional_depth -= 1,
            "import" => in_import = d.has_argument,
            _ => {}
        }
        if conditional_depth == 0 && !in_import {
            end = Some(d.end);
        }
    }
    end.unwrap_or(file_start)
}

/// The marked block, with a blank line on each side unless one is already there.
fn snippet_block(base: &str, at: usize, rendered: &str, protocol: u8) -> String {
    let before = &base[..at];
    let file_start = at == 0 || before == "\u{feff}";
    let trailing_breaks =
        before.bytes().rev().take_while(|b| matches!(b, b'\n' | b'\r')).filter(|b| *b == b'\n').count();
    let mut block = String::with_capacity(rendered.len() + 200);
    if !file_start {
        block.push_str(&"\n".repeat(2 - trailing_breaks.min(2)));
    }
    block.push_str(BEGIN_LINE);
    if protocol >= 2 {
        block.push_str(&format!("{PROTOCOL_NOTE}{protocol}"));
    }
    block.push('\n');
    block.push_str(rendered);
    if !rendered.ends_with('\n') {
        block.push('\n');
    }
    block.push_str(AUTH_END_MARKER);
    block.push('\n');
    let after = &base[at..];
    if !(after.starts_with('\n') || after.starts_with("\r\n")) {
        block.push('\n');
    }
    block
}

/// What goes right after a body's `{`.
fn wire_text(base: &str, body_start: usize, wire: &str) -> String {
    let rest_of_line = base[body_start..].split('\n').next().unwrap_or("");
    if rest_of_line.trim().is_empty() {
        format!("\n   {wire} {WIRE_LINE_COMMENT}")
    } else {
        // `{ return(0); }`: a line comment would swallow the EA's code.
        format!(" {wire} {WIRE_INLINE_COMMENT}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::mql5::{render_template, DEFAULT_AUTH_TEMPLATE};

    const KEY: &str = "5f2b8c1e9a4d7f3062e1b9c8d4a7f05e3c2b1a0918f7e6d5c4b3a29180f7e6d5";

    const ON_INIT_VOID_BRACES: &str = include_str!("fixtures/oninit_void_braces.mq5");
    const NO_ON_INIT: &str = include_str!("fixtures/no_oninit.mq5");
    const WITH_ON_TIMER: &str = include_str!("fixtures/with_ontimer.mq5");
    const CTRADE_INDICATORS: &str = include_str!("fixtures/ctrade_indicators.mq5");
    const LEGACY_VOID_ON_INIT_CRLF: &str = include_str!("fixtures/legacy_void_oninit_crlf.mq5");
    const FIXTURES: [(&str, &str); 5] = [
        ("oninit_void_braces", ON_INIT_VOID_BRACES),
        ("no_oninit", NO_ON_INIT),
        ("with_ontimer", WITH_ON_TIMER),
        ("ctrade_indicators", CTRADE_INDICATORS),
        ("legacy_void_oninit_crlf", LEGACY_VOID_ON_INIT_CRLF),
    ];

    fn values() -> InjectionValues<'static> {
        InjectionValues {
            auth_url: "https://lucrobot.com.br/api/webhooks/validate-license",
            tenant_id: "0193a5b2-0000-7000-8000-00000000000a",
            tenant_domain: "lucrobot.com.br",
            robot_id: "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012",
            signing_key: KEY,
            public_key: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
            lapse_policy: crate::domain::mql5::LapsePolicy::Stop,
            version_tag: "3f1c0a9b7d2e4c6f",
        }
    }

    fn other_values() -> InjectionValues<'static> {
        InjectionValues {
            auth_url: "https://outro.example/api/webhooks/validate-license",
            tenant_id: "0193a5b2-0000-7000-8000-00000000000b",
            tenant_domain: "outro.example",
            robot_id: "0193a5b2-7c1e-7d3f-9a4b-000000000001",
            signing_key: "00112233445566778899AABBCCDDEEFF00112233445566778899aabbccddeeff",
            public_key: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
            lapse_policy: crate::domain::mql5::LapsePolicy::Stop,
            version_tag: "00ff00ff00ff00ff",
        }
    }

    fn injected(source: &str) -> String {
        inject(source, DEFAULT_AUTH_TEMPLATE, &values()).expect("injection")
    }

    /// The injected text outside the marked block.
    fn outside_block(out: &str) -> String {
        let begin = out.find(AUTH_BEGIN_MARKER).expect("begin marker");
        let end = out.find(AUTH_END_MARKER).expect("end marker");
        format!("{}{}", &out[..begin], &out[end..])
    }

    fn count(haystack: &str, needle: &str) -> usize {
        haystack.matches(needle).count()
    }

    /// Top-level definitions (with a body) of `name`.
    fn definitions(source: &str, name: &str) -> usize {
        let tokens = lex(source).tokens;
        let mut depth = 0;
        let mut found = 0;
        for (i, t) in tokens.iter().enumerate() {
            if t.is_punct('{') {
                depth += 1;
            } else if t.is_punct('}') {
                depth -= 1;
            } else if depth == 0 && t.is_ident(name) && tokens.get(i + 1).is_some_and(|n| n.is_punct('(')) {
                let close = matching(&tokens, i + 1, '(', ')').expect("closed parameter list");
                if tokens.get(close + 1).is_some_and(|n| n.is_punct('{')) {
                    found += 1;
                }
            }
        }
        found
    }

    fn newline_of(source: &str) -> &'static str {
        if source.contains("\r\n") {
            "\r\n"
        } else {
            "\n"
        }
    }

    /// Blank lines added around the block are the only other change.
    fn without_blank_runs(text: &str) -> String {
        let mut text = text.replace("\r\n", "\n");
        while text.contains("\n\n\n") {
            text = text.replace("\n\n\n", "\n\n");
        }
        text
    }

    #[test]
    fn every_fixture_is_injected_completely_and_once() {
        let rendered = render_template(DEFAULT_AUTH_TEMPLATE, &values());
        for (name, source) in FIXTURES {
            let out = injected(source);
            assert!(!out.contains("{{"), "{name}: placeholder left");
            assert_eq!(count(&out, AUTH_BEGIN_MARKER), 1, "{name}");
            assert_eq!(count(&out, AUTH_END_MARKER), 1, "{name}");
            assert!(out.contains(&with_newlines(&rendered, newline_of(source))), "{name}: template not verbatim");
            let outside = outside_block(&out);
            assert_eq!(count(&outside, "RF_OnInit()"), 1, "{name}: OnInit wiring");
            assert_eq!(count(&outside, "RF_OnTimer()"), 1, "{name}: OnTimer wiring");
            assert_eq!(definitions(&out, "OnInit"), 1, "{name}");
            assert_eq!(definitions(&out, "OnTimer"), 1, "{name}");
            assert_eq!(definitions(&out, "OnTick"), 1, "{name}");
            check_balance(&lex(&out).tokens).expect("balanced output");
            // Taking the additions out again gives back the EA exactly.
            let (stripped, _) = strip_previous_injection(&out).unwrap();
            assert_eq!(without_blank_runs(&stripped), without_blank_runs(source), "{name}: EA code changed");
        }
    }

    #[test]
    fn includes_stay_before_the_snippet_and_code_after_it() {
        for (name, source) in FIXTURES {
            let out = injected(source);
            let begin = out.find(AUTH_BEGIN_MARKER).unwrap();
            let end = out.find(AUTH_END_MARKER).unwrap();
            for directive in ["#include", "#property", "#import"] {
                if source.contains(directive) {
                    assert!(out.rfind(directive).unwrap() < begin, "{name}: {directive} after the snippet");
                }
            }
            let first_code = lex(source).tokens[0].text;
            assert!(out[end..].contains(first_code), "{name}");
            assert!(!out[..begin].contains("input "), "{name}: EA inputs before the snippet");
        }
        let out = injected(CTRADE_INDICATORS);
        let begin = out.find(AUTH_BEGIN_MARKER).unwrap();
        assert!(out.find("#include <Trade/Trade.mqh>").unwrap() < begin);
        assert!(out.find("#include <Trade/PositionInfo.mqh>").unwrap() < begin);
        assert!(out.find("CTrade         trade;").unwrap() > begin);
        assert!(out.contains("#include <Trade/PositionInfo.mqh>\n\n// RoboForge:auth-begin"));
    }

    #[test]
    fn on_init_void_with_braces_in_strings_and_comments() {
        let out = injected(ON_INIT_VOID_BRACES);
        assert!(out.contains(&format!(
            "int OnInit(void)\n  {{\n   {INT_ON_INIT_WIRE} {WIRE_LINE_COMMENT}\n   // panel {{ setup"
        )));
        // The class method of the same name is left alone.
        assert!(out.contains("   int OnInit(void) { m_ready = true; return(INIT_SUCCEEDED); }"));
        assert_eq!(count(&out, INT_ON_INIT_WIRE), 1);
    }

    #[test]
    fn ea_without_on_init_or_on_timer_gets_them() {
        let out = injected(NO_ON_INIT);
        assert!(out.ends_with(&format!("  }}\n\n{ADDED_ON_INIT}\n{ADDED_ON_TIMER}")));
        assert!(!out.contains(INT_ON_INIT_WIRE));
    }

    #[test]
    fn existing_on_timer_calls_the_recheck_first() {
        let out = injected(WITH_ON_TIMER);
        assert!(
            out.contains(&format!("void OnTimer()\n  {{\n   {ON_TIMER_WIRE} {WIRE_LINE_COMMENT}\n   UpdatePanel();"))
        );
        assert!(out
            .contains(&format!("int OnInit()\n  {{\n   {INT_ON_INIT_WIRE} {WIRE_LINE_COMMENT}\n   EventSetTimer(5);")));
        assert!(!out.contains("o EA não tinha"));
    }

    #[test]
    fn legacy_void_on_init_one_line_bodies_and_crlf() {
        let out = injected(LEGACY_VOID_ON_INIT_CRLF);
        assert!(out.contains(&format!(
            "void OnInit() {{\r\n   {VOID_ON_INIT_WIRE} {WIRE_LINE_COMMENT}\r\n    g_started = TimeCurrent();"
        )));
        assert!(out.contains(&format!("void OnTimer() {{ {ON_TIMER_WIRE} {WIRE_INLINE_COMMENT} Print(\"timer\"); }}")));
        assert!(!out.replace("\r\n", "").contains('\n'), "mixed line endings");
        let begin = out.find(AUTH_BEGIN_MARKER).unwrap();
        assert!(out.contains("#import\r\n\r\n// RoboForge:auth-begin"), "block inside the #import block");
        assert!(out.find("int MessageBeep(uint type);").unwrap() < begin);
    }

    #[test]
    fn reinjection_rerenders_and_never_doubles() {
        for (name, source) in FIXTURES {
            let once = injected(source);
            assert_eq!(inject(&once, DEFAULT_AUTH_TEMPLATE, &values()).unwrap(), once, "{name}: not idempotent");
            let moved = inject(&once, DEFAULT_AUTH_TEMPLATE, &other_values()).unwrap();
            assert_eq!(moved, inject(source, DEFAULT_AUTH_TEMPLATE, &other_values()).unwrap(), "{name}");
            assert!(
                !moved.contains(values().robot_id) && !moved.contains(values().public_key),
                "{name}: old values left"
            );
            assert!(moved.contains(other_values().public_key), "{name}");
            // A new injection is a new version: its tag line replaces the old one.
            assert!(!moved.contains(values().version_tag), "{name}: old version tag left");
            assert_eq!(count(&moved, "#define RF_VERSION_TAG \""), 1, "{name}");
            // (CRLF sources keep CRLF after it.)
            assert!(moved.contains(&format!("#define RF_VERSION_TAG \"{}\"", other_values().version_tag)), "{name}");
            // The default template (public key, protocol v3) carries no secret at all.
            assert!(
                !once.contains(KEY) && !moved.contains(other_values().signing_key),
                "{name}: a secret in the robot"
            );
            assert_eq!(crate::domain::mql5::license_protocol_in(&once), Some(2), "{name}");
            assert_eq!(count(&moved, AUTH_BEGIN_MARKER), 1, "{name}");
            assert_eq!(count(&outside_block(&moved), "RF_OnInit()"), 1, "{name}");
        }
    }

    #[test]
    fn a_changed_template_replaces_the_block_and_its_wiring() {
        let custom = "string RF_Url = \"{{TENANT_AUTH_URL}}\"; // {{TENANT_ID}} {{ROBOT_ID}}\nint RF_OnInit() { return(INIT_SUCCEEDED); }\n";
        for (name, source) in FIXTURES {
            let first = injected(source);
            let out = inject(&first, custom, &values()).unwrap();
            assert_eq!(out, inject(source, custom, &values()).unwrap(), "{name}");
            assert!(!out.contains("RF_SIGNING_KEY") && !out.contains("RF_OnTimer"), "{name}");
            assert!(out.contains("string RF_Url = \"https://lucrobot.com.br/api/webhooks/validate-license\";"));
            assert_eq!(count(&outside_block(&out), "RF_OnInit()"), 1, "{name}");
            // And back to the default template.
            assert_eq!(inject(&out, DEFAULT_AUTH_TEMPLATE, &values()).unwrap(), first, "{name}");
        }
    }

    #[test]
    fn bom_is_kept_first() {
        let source = format!("\u{feff}{NO_ON_INIT}");
        let out = inject(&source, DEFAULT_AUTH_TEMPLATE, &values()).unwrap();
        assert!(out.starts_with("\u{feff}//+----"));
        assert_eq!(inject(&out, DEFAULT_AUTH_TEMPLATE, &values()).unwrap(), out);
        let bare = "\u{feff}void OnTick() {}";
        let out = inject(bare, DEFAULT_AUTH_TEMPLATE, &values()).unwrap();
        assert!(out.starts_with(&format!("\u{feff}{BEGIN_LINE}")));
    }

    #[test]
    fn file_without_directives_gets_the_block_first() {
        let source = "void OnTick()\n  {\n  }\n";
        let out = injected(source);
        assert!(out.starts_with(BEGIN_LINE));
        assert!(out.contains("// RoboForge:auth-end\n\nvoid OnTick()"));
        assert_eq!(inject(&out, DEFAULT_AUTH_TEMPLATE, &values()).unwrap(), out);
    }

    #[test]
    fn leading_block_edges() {
        // A directive after code is not part of the leading block.
        let out = injected("void OnTick() {}\n#property version \"1.00\"");
        assert!(out.starts_with(BEGIN_LINE));
        assert!(out.ends_with(&format!("#property version \"1.00\"\n\n{ADDED_ON_INIT}\n{ADDED_ON_TIMER}")));
        // Directives with no line break before the code.
        let out = injected("#property version \"1.00\"\r\n#include <Trade/Trade.mqh>\r\nvoid OnTick() {}");
        assert!(
            out.starts_with("#property version \"1.00\"\r\n#include <Trade/Trade.mqh>\r\n\r\n// RoboForge:auth-begin")
        );
        assert!(out.contains(
            "// RoboForge:auth-end\r\n\r\nvoid OnTick() {}\r\n\r\n// RoboForge:auth-wire: o EA não tinha OnInit"
        ));
        // An #ifdef with code inside is not split.
        let out = injected("#property strict\n#ifdef DEBUG\nint g_debug = 1;\n#endif\nvoid OnTick() {}\n");
        assert!(out.starts_with("#property strict\n\n// RoboForge:auth-begin"));
        // An #ifdef around includes only is part of the leading block.
        let out = injected("#ifdef __MQL5__\n#include <Trade/Trade.mqh>\n#endif\nvoid OnTick() {}\n");
        assert!(out.starts_with("#ifdef __MQL5__\n#include <Trade/Trade.mqh>\n#endif\n\n// RoboForge:auth-begin"));
    }

    #[test]
    fn errors() {
        let v = values();
        assert_eq!(inject("", DEFAULT_AUTH_TEMPLATE, &v), Err(InjectionError::EmptySource));
        assert_eq!(inject("\u{feff} \r\n\t", DEFAULT_AUTH_TEMPLATE, &v), Err(InjectionError::EmptySource));

        let indicator = "#property indicator_chart_window\nint OnCalculate(const int rates_total, const int prev_calculated, const int begin, const double &price[])\n  {\n   return(rates_total);\n  }\n";
        let err = inject(indicator, DEFAULT_AUTH_TEMPLATE, &v).unwrap_err();
        assert_eq!(err, InjectionError::NotAnExpertAdvisor);
        assert_eq!(err.to_string(), "O arquivo não parece ser um Expert Advisor MQL5 (falta OnTick).");
        // OnTick only in a comment or a string does not count.
        let script = "// void OnTick() {}\nstring s = \"OnTick()\";\nvoid OnStart() {}\n";
        assert_eq!(inject(script, DEFAULT_AUTH_TEMPLATE, &v), Err(InjectionError::NotAnExpertAdvisor));

        let without_robot = DEFAULT_AUTH_TEMPLATE.replace("{{ROBOT_ID}}", "x");
        let err = inject(NO_ON_INIT, &without_robot, &v).unwrap_err();
        assert_eq!(err, InjectionError::MissingPlaceholder("{{ROBOT_ID}}"));
        assert_eq!(err.to_string(), "O template precisa conter {{ROBOT_ID}}");

        let no_entry = "// {{TENANT_AUTH_URL}} {{TENANT_ID}} {{ROBOT_ID}}\nvoid RF_Helper() {}\n// RF_OnInit()\n";
        assert_eq!(inject(NO_ON_INIT, no_entry, &v), Err(InjectionError::MissingEntryPoint("RF_OnInit")));

        // A robot carrying a malformed key could never verify an answer.
        let mut bad_key = values();
        bad_key.public_key = "";
        assert_eq!(inject(NO_ON_INIT, DEFAULT_AUTH_TEMPLATE, &bad_key), Err(InjectionError::InvalidSigningKey));
        let short = &values().public_key[..63];
        bad_key.public_key = short;
        assert_eq!(inject(NO_ON_INIT, DEFAULT_AUTH_TEMPLATE, &bad_key), Err(InjectionError::InvalidSigningKey));
        // A v3 template needs a version tag that can be read back.
        for tag in ["", "3F1C0A9B7D2E4C6F", "3f1c0a9b7d2e4c6", "3f1c0a9b7d2e4c6fz"] {
            let mut bad_tag = values();
            bad_tag.version_tag = tag;
            let err = inject(NO_ON_INIT, DEFAULT_AUTH_TEMPLATE, &bad_tag).unwrap_err();
            assert_eq!(err, InjectionError::InvalidVersionTag, "{tag:?}");
        }
        assert_eq!(
            InjectionError::InvalidVersionTag.to_string(),
            "A marca de versão do robô é inválida (esperados 16 caracteres hexadecimais minúsculos)."
        );
        // A v1 template (HMAC) checks its signing key the same way.
        let v1 = "// {{TENANT_AUTH_URL}} {{TENANT_ID}} {{ROBOT_ID}}\n#define K \"{{ROBOT_SIGNING_KEY}}\"\nint RF_OnInit() { return(0); }\n";
        let mut bad_v1 = values();
        let not_hex = KEY.replace('a', "g");
        bad_v1.signing_key = &not_hex;
        assert_eq!(inject(NO_ON_INIT, v1, &bad_v1), Err(InjectionError::InvalidSigningKey));
        let good_v1 = inject(NO_ON_INIT, v1, &values()).unwrap();
        assert_eq!(crate::domain::mql5::license_protocol_in(&good_v1), Some(1));
        assert_eq!(crate::domain::mql5::license_protocol_in(NO_ON_INIT), None);

        let open_init =
            "#property strict\nint OnInit()\n  {\n   if(true) {\n   return(INIT_SUCCEEDED);\n  }\nvoid OnTick() {}\n";
        let err = inject(open_init, DEFAULT_AUTH_TEMPLATE, &v).unwrap_err();
        assert_eq!(err, InjectionError::UnbalancedBraces(Some("OnInit")));
        assert_eq!(err.to_string(), "As chaves { } da função OnInit() não estão balanceadas.");

        let stray = "int OnInit() { return(INIT_SUCCEEDED); }\n}\nvoid OnTick() {}\n";
        assert_eq!(inject(stray, DEFAULT_AUTH_TEMPLATE, &v), Err(InjectionError::UnbalancedBraces(None)));

        let damaged = injected(NO_ON_INIT).replace(AUTH_END_MARKER, "// fim");
        assert_eq!(inject(&damaged, DEFAULT_AUTH_TEMPLATE, &v), Err(InjectionError::DamagedMarkers));
    }

    #[test]
    fn wiring_written_by_hand_is_respected() {
        let source =
            "int OnInit()\n  {\n   return(RF_OnInit());\n  }\nvoid OnTimer() { RF_OnTimer(); }\nvoid OnTick() {}\n";
        let out = injected(source);
        assert_eq!(count(&outside_block(&out), "RF_OnInit()"), 1);
        assert_eq!(count(&outside_block(&out), "RF_OnTimer()"), 1);
        assert!(!out.contains(WIRE_LINE_COMMENT) && !out.contains(WIRE_INLINE_COMMENT));
    }
}
