//! What a tenant's source may ask the compiler to read. MetaEditor resolves
//! `#include`, `#resource` and `#import` on the agent's host (under Wine `Z:`
//! is `/`), echoes what it read in its messages and embeds resources in the
//! `.ex5` the owner downloads: an unchecked path reads the host's files. So
//! every source is checked before it is queued, and again by the agent.
//!
//! Allowed: `#include <...>` of the standard library; files that travel with
//! the job (none yet: a job carries one source); `#import` of a DLL only for
//! a tenant the platform admin allowed. Never: absolute paths, parent
//! segments, drive letters, UNC paths, in any directive.

use std::fmt;

use super::lexer::{lex, Oddity};
use super::readings;

/// Why a source cannot be compiled; `Display` is the pt-BR message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectiveRefusal {
    /// 1-based line of the directive.
    pub line: u32,
    pub reason: String,
}

impl fmt::Display for DirectiveRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Linha {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for DirectiveRefusal {}

/// What one tenant may use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DirectivePolicy {
    /// `#import "something.dll"`: allowed by the platform admin per tenant.
    pub allow_dll_imports: bool,
}

/// Directives that name a file.
const FILE_DIRECTIVES: &[&str] = &["include", "resource", "import"];
/// `#property` keys whose value is a file the compiler reads.
const FILE_PROPERTIES: &[&str] = &["icon", "tester_file", "tester_indicator", "tester_library", "tester_set"];

/// The first line of `source` the policy refuses under any reading of it
/// (decision 0019), if any: a directive that reads outside the job, or a
/// construct on which readings disagree about what is a directive.
pub fn check_directives(source: &str, policy: DirectivePolicy) -> Result<(), DirectiveRefusal> {
    let lexed = lex(source);
    let loose = readings::loose_directives(source);
    // The earliest finding wins; at one offset, a construct the readings
    // disagree on (rank 0) before the lexer's directive (1), before the
    // same line seen only by the loose reading (2).
    let mut first: Option<(usize, u8, String)> = None;
    let mut found = |at: usize, rank: u8, reason: String| {
        if first.as_ref().is_none_or(|(a, r, _)| (at, rank) < (*a, *r)) {
            first = Some((at, rank, reason));
        }
    };

    if let Some((at, reason)) = readings::odd_character(source) {
        found(at, 0, reason.to_owned());
    }
    if let Some(&(at, oddity)) = lexed.oddities.first() {
        found(at, 0, oddity_reason(oddity).to_owned());
    }
    // A directive continued (backslash, or a comment across the break) onto
    // a line that looks like a directive of its own: one reader sees two
    // directives, another one.
    if let Some((directive, hash)) = loose.iter().filter(|l| l.as_written).find_map(|l| {
        let inside = lexed.directives.partition_point(|d| d.start < l.at);
        let directive = lexed.directives[..inside].last()?;
        (l.at < directive.end).then_some((directive, l.at))
    }) {
        found(
            hash,
            0,
            format!(
                "esta linha continua a diretiva #{} da linha {} e não pode conter outra diretiva (#): termine \
                 a diretiva antes dela.",
                directive.name,
                line_of(source, directive.start)
            ),
        );
    }
    if let Some((at, reason)) = lexed.directives.iter().find_map(|d| {
        let text = &source[d.start..d.end];
        judge(d.name, argument_of(text, d.name), policy).err().map(|reason| (d.start, reason))
    }) {
        found(at, 1, reason);
    }
    for candidate in &loose {
        if let Err(reason) = judge_loose(&candidate.text, policy) {
            let seen_by_lexer = lexed.directives.binary_search_by_key(&candidate.at, |d| d.start).is_ok();
            let reason = if seen_by_lexer {
                reason
            } else {
                format!(
                    "{reason} Esta linha é verificada mesmo que pareça estar dentro de um comentário, de um texto \
                     ou de outra diretiva: apague-a se não for usada."
                )
            };
            found(candidate.at, 2, reason);
        }
    }
    match first {
        Some((at, _, reason)) => Err(DirectiveRefusal { line: line_of(source, at), reason }),
        None => Ok(()),
    }
}

fn oddity_reason(oddity: Oddity) -> &'static str {
    match oddity {
        Oddity::ContinuedLiteral => {
            "uma barra invertida (\\) no fim da linha dentro de um texto entre aspas não é aceita: feche o texto \
             na mesma linha (para um texto longo, junte partes com +)."
        }
        Oddity::OpenLiteral => "um texto entre aspas (\" ou ') ficou aberto no fim da linha: feche-o na mesma linha.",
        Oddity::ContinuedLineComment => {
            "um comentário // que termina com barra invertida (\\) continua na linha seguinte para alguns \
             compiladores: apague a barra invertida."
        }
    }
}

/// A `#` of the loose reading, with the rest of its line.
fn judge_loose(text: &str, policy: DirectivePolicy) -> Result<(), String> {
    if text.starts_with("%:") {
        return Err("'%:' no início de uma linha não é aceito (em C ele vale #).".into());
    }
    let rest = text[1..].trim_start_matches(readings::is_blank);
    if rest.starts_with("/*") {
        return Err("um comentário entre # e o nome da diretiva não é aceito.".into());
    }
    let name_len = rest.bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
    let (name, rest) = rest.split_at(name_len);
    judge(name, clean_argument(rest), policy)
}

/// Why `#name argument` may not be compiled, if it may not (pt-BR).
/// Names and keys are compared without case: a reader that ignores it
/// must not find a file directive we passed over.
fn judge(name: &str, argument: &str, policy: DirectivePolicy) -> Result<(), String> {
    let name = name.to_ascii_lowercase();
    let (kind, path) = match name.as_str() {
        "property" => {
            let mut words = argument.splitn(2, char::is_whitespace);
            let key = words.next().unwrap_or_default().to_ascii_lowercase();
            if !FILE_PROPERTIES.contains(&key.as_str()) {
                return Ok(());
            }
            (format!("#property {key}"), unquote(words.next().unwrap_or_default().trim()))
        }
        name if FILE_DIRECTIVES.contains(&name) => {
            if argument.is_empty() {
                return Ok(()); // the bare `#import` that closes an import block
            }
            (format!("#{name}"), unquote(argument))
        }
        _ => return Ok(()),
    };
    let Some((path, angled)) = path else {
        return Err(format!("{kind} precisa de um nome de arquivo entre aspas ou <>."));
    };
    if let Some(problem) = escaping(path) {
        return Err(format!("{kind} \"{path}\" não é permitido: {problem}."));
    }
    match name.as_str() {
        "include" if angled => Ok(()),
        "include" => Err(format!(
            "#include \"{path}\" não é permitido: inclua apenas a biblioteca padrão do MetaTrader \
             (#include <...>); o código precisa vir em um único arquivo."
        )),
        "import" if path.to_ascii_lowercase().ends_with(".dll") => {
            if policy.allow_dll_imports {
                Ok(())
            } else {
                Err(format!(
                    "#import \"{path}\" não é permitido: robôs que carregam DLLs precisam de autorização do \
                     administrador da plataforma."
                ))
            }
        }
        _ => {
            Err(format!("{kind} \"{path}\" não é permitido: só arquivos enviados junto com o código podem ser usados."))
        }
    }
}

/// Whether the source loads a DLL (the robot's public page says so), under
/// any reading: an import only one reading sees still loads it there.
pub fn loads_dll(source: &str) -> bool {
    let is_dll = |name: &str, argument: &str| {
        name.eq_ignore_ascii_case("import")
            && unquote(argument).is_some_and(|(path, _)| path.to_ascii_lowercase().ends_with(".dll"))
    };
    lex(source).directives.iter().any(|d| is_dll(d.name, argument_of(&source[d.start..d.end], d.name)))
        || readings::loose_directives(source).iter().any(|l| {
            let rest = l.text[1..].trim_start_matches(readings::is_blank);
            let name_len = rest.bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
            is_dll(&rest[..name_len], clean_argument(&rest[name_len..]))
        })
}

/// What follows `#name`, without a trailing comment or line continuations.
fn argument_of<'a>(text: &'a str, name: &str) -> &'a str {
    let after = text.trim_start().trim_start_matches('#').trim_start();
    clean_argument(after.strip_prefix(name).unwrap_or(after))
}

/// A directive's argument without a trailing `//` comment or continuation.
fn clean_argument(rest: &str) -> &str {
    let rest = match rest.find("//") {
        // A `//` inside the quoted path (a UNC path) is part of it.
        Some(at) if rest[..at].matches('"').count().is_multiple_of(2) => &rest[..at],
        _ => rest,
    };
    rest.trim().trim_end_matches('\\').trim()
}

/// `"path"` → (path, false); `<path>` → (path, true).
fn unquote(argument: &str) -> Option<(&str, bool)> {
    let argument = argument.trim();
    if let Some(inner) = argument.strip_prefix('"') {
        return inner.find('"').map(|end| (&inner[..end], false));
    }
    if let Some(inner) = argument.strip_prefix('<') {
        return inner.find('>').map(|end| (&inner[..end], true));
    }
    None
}

/// Why a path could reach outside what the job may read.
fn escaping(path: &str) -> Option<&'static str> {
    let bytes = path.as_bytes();
    if path.starts_with("\\\\") || path.starts_with("//") {
        return Some("caminhos de rede (UNC) não são aceitos");
    }
    if bytes.len() >= 2 && bytes[1] == b':' && bytes[0].is_ascii_alphabetic() {
        return Some("letras de unidade (C:, Z:) não são aceitas");
    }
    if path.starts_with('/') || path.starts_with('\\') {
        return Some("caminhos absolutos não são aceitos");
    }
    if path.split(['/', '\\']).any(|segment| segment.trim() == "..") {
        return Some("caminhos com .. não são aceitos");
    }
    if path.contains(':') {
        return Some("o caractere ':' não é aceito em caminhos");
    }
    None
}

fn line_of(source: &str, offset: usize) -> u32 {
    source[..offset].bytes().filter(|b| *b == b'\n').count() as u32 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(source: &str) -> DirectiveRefusal {
        check_directives(source, DirectivePolicy::default()).expect_err(source)
    }

    #[test]
    fn the_standard_library_and_ordinary_directives_pass() {
        let source = "#property copyright \"x\"\n#property strict\n#define N 3\n#include <Trade/Trade.mqh>\n\
                      #include <Indicators\\Trend.mqh>\nvoid OnTick() {}\n";
        assert_eq!(check_directives(source, DirectivePolicy::default()), Ok(()));
    }

    #[test]
    fn every_escape_is_refused_at_its_line_with_its_reason() {
        let cases = [
            ("#include <..\\..\\..\\etc\\passwd>", "caminhos com .. não são aceitos"),
            ("#include \"..\\secret.mqh\"", "caminhos com .. não são aceitos"),
            ("#include <C:\\Windows\\win.ini>", "letras de unidade (C:, Z:) não são aceitas"),
            ("#include \"Z:\\etc\\shadow\"", "letras de unidade (C:, Z:) não são aceitas"),
            ("#include \"\\\\servidor\\share\\x.mqh\"", "caminhos de rede (UNC) não são aceitos"),
            ("#resource \"/etc/passwd\"", "caminhos absolutos não são aceitos"),
            ("#resource \"\\\\Images\\\\x.bmp\"", "caminhos de rede (UNC) não são aceitos"),
            ("#property icon \"C:\\x.ico\"", "letras de unidade (C:, Z:) não são aceitas"),
        ];
        for (directive, reason) in cases {
            let source = format!("// robô\n\n{directive}\nvoid OnTick() {{}}\n");
            let refusal = refused(&source);
            assert_eq!(refusal.line, 3, "{directive}");
            assert!(refusal.reason.contains(reason), "{directive}: {refusal}");
            assert!(refusal.to_string().starts_with("Linha 3: "), "{refusal}");
        }
    }

    #[test]
    fn files_that_do_not_travel_with_the_job_and_dlls_are_refused() {
        let local = refused("#include \"Utils.mqh\"\n");
        assert!(local.reason.contains("inclua apenas a biblioteca padrão"), "{local}");
        let resource = refused("#resource \"Images\\\\logo.bmp\"\n");
        assert!(resource.reason.contains("só arquivos enviados junto com o código"), "{resource}");
        let dll = refused("#import \"kernel32.dll\"\nint GetTickCount();\n#import\n");
        assert_eq!(dll.line, 1);
        assert!(dll.reason.contains("autorização do administrador"), "{dll}");
        let allowed = DirectivePolicy { allow_dll_imports: true };
        assert_eq!(check_directives("#import \"kernel32.dll\"\nint GetTickCount();\n#import\n", allowed), Ok(()));
        assert!(check_directives("#import \"C:\\x\\evil.dll\"\n#import\n", allowed).is_err(), "paths stay checked");
        assert!(check_directives("#import \"Library.ex5\"\n#import\n", allowed).is_err(), "libraries are files");
        assert!(loads_dll("#import \"user32.dll\"\n#import\n") && !loads_dll("#include <Trade/Trade.mqh>\n"));
    }

    #[test]
    fn directives_in_comments_and_strings_are_not_directives() {
        let source = "// #include \"..\\x\"\n/* #resource \"/etc/passwd\" */\nstring s = \"#import \\\"a.dll\\\"\";\n";
        assert_eq!(check_directives(source, DirectivePolicy::default()), Ok(()));
    }

    /// Issue 33 / decision 0019: every form one reading could hide a
    /// directive in, refused at its line (1-based) with its reason.
    #[test]
    fn a_directive_hidden_from_one_reading_is_refused_at_its_line() {
        let cases: &[(&str, u32, &str)] = &[
            // A literal continued by a backslash, or ended at the line break?
            (
                "int a;\nstring s=\"abc\\\n#resource \"/etc/passwd\"\n\";\n",
                2,
                "barra invertida (\\) no fim da linha dentro de um texto",
            ),
            ("string s=\"abc\\\r\n#resource \"/etc/passwd\"\r\n\";\r\n", 1, "dentro de um texto entre aspas"),
            ("ushort c='\\\n#resource \"/etc/passwd\"\n';\n", 1, "dentro de um texto entre aspas"),
            ("string s=\"abc\n#include <Trade/Trade.mqh>\n\";\n", 1, "ficou aberto no fim da linha"),
            ("ushort c='a\n", 1, "ficou aberto no fim da linha"),
            ("#property description \"abc\n", 1, "ficou aberto no fim da linha"),
            // A `#` after a block comment, wherever the comment opened.
            ("int x = 1; /*\n*/ #resource \"/etc/passwd\"\n", 2, "caminhos absolutos"),
            ("int x = 1; /* a */ /* b\n */ #include \"Utils.mqh\"\n", 2, "inclua apenas a biblioteca padrão"),
            ("/* a */ #resource \"/etc/passwd\"\n", 1, "caminhos absolutos"),
            // A directive continued onto a line that holds one, even an allowed one.
            ("#define X \\\n#resource \"/etc/passwd\"\n", 2, "continua a diretiva #define da linha 1"),
            ("#define X \\\n  #include <Trade/Trade.mqh>\n", 2, "continua a diretiva #define da linha 1"),
            ("#define X /*\n#include <Trade/Trade.mqh> */ 1\n", 2, "continua a diretiva #define da linha 1"),
            ("#property copyright \"x\" \\\n#resource \"a.bmp\"\n", 2, "continua a diretiva #property da linha 1"),
            // Names, paths and comment ends spelled across a continuation.
            ("#res\\\nource \"/etc/passwd\"\n", 1, "caminhos absolutos"),
            ("#include <Trade/\\\n../../../x.mqh>\n", 1, "caminhos com .. não são aceitos"),
            ("int x; /* a *\\\n/ #resource \"/etc/passwd\"\n", 2, "caminhos absolutos"),
            // Anything else the readings may disagree on.
            ("// nota \\\n#include <Trade/Trade.mqh>\n", 1, "comentário // que termina com barra invertida"),
            ("int x; // nota \\  \r\nint y;\r\n", 1, "espaços depois de uma barra invertida"),
            ("#define X 1 \\ \n + 2\n", 1, "espaços depois de uma barra invertida"),
            ("string s = \"a??/\";\n#resource \"/etc/passwd\"\n", 1, "trigrafos"),
            ("int x;\n??=resource \"/etc/passwd\"\n", 2, "trigrafos"),
            ("int x;\n%:resource \"/etc/passwd\"\n", 2, "'%:' no início"),
            ("int x;\r#resource \"/etc/passwd\"\r", 1, "retorno de carro (CR) sozinho"),
            ("int x;\u{2028}#resource \"/etc/passwd\"\n", 1, "separadores de linha Unicode"),
            ("int x;\u{2029}int y;\n", 1, "separadores de linha Unicode"),
            ("int x;\n\u{85}int y;\n", 2, "separadores de linha Unicode"),
            ("int x;\n\0#resource \"/etc/passwd\"\n", 2, "caractere nulo"),
            ("int x;\n\u{feff}#resource \"/etc/passwd\"\n", 2, "marca de ordem de bytes"),
            ("#/* c */resource \"/etc/passwd\"\n", 1, "comentário entre # e o nome"),
            ("int x;\n\u{200b}#resource \"/etc/passwd\"\n", 2, "caminhos absolutos"),
            ("int x;\n\u{a0}#import \"kernel32.dll\"\n", 2, "autorização do administrador"),
            ("#RESOURCE \"/etc/passwd\"\n", 1, "caminhos absolutos"),
            ("#Property ICON \"C:\\x.ico\"\n", 1, "letras de unidade"),
            // A line that starts with `#` is checked even inside a comment.
            ("/*\n#include \"Utils.mqh\"\n*/\n", 2, "apague-a se não for usada"),
        ];
        let mut wrong = Vec::new();
        for (source, line, reason) in cases {
            match check_directives(source, DirectivePolicy::default()) {
                Err(refusal) if refusal.line == *line && refusal.reason.contains(reason) => {
                    assert!(refusal.to_string().starts_with(&format!("Linha {line}: ")));
                }
                other => wrong.push(format!("{source:?}: wanted line {line} with {reason:?}, got {other:?}")),
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn the_earliest_finding_is_named_and_the_lexers_own_reason_first() {
        let refusal = refused("int x;\n#include \"a.mqh\"\nstring s=\"abc\\\n\";\n");
        assert_eq!(refusal.line, 2);
        assert!(!refusal.reason.contains("apague-a"), "a real directive needs no hint: {refusal}");
        let refusal = refused("string s=\"abc\\\n#include \"a.mqh\"\n\";\n");
        assert_eq!(refusal.line, 1, "{refusal}");
    }

    #[test]
    fn legitimate_code_still_passes() {
        let ok = [
            "string a = \"linha\\n\", b = \"C:\\\\Pasta\\\\\", c = \"aspas \\\" aqui\", d = \"#include \\\"x\\\"\";\n",
            "ushort q = '\\'', r = '\\\\', t = '\"';\ndatetime d = D'2024.01.01'; color k = C'255,0,0';\n",
            "/* bloco\n   #include <Trade/Trade.mqh> */\nint x; /* a */ /* b */\n/*\n    /\\\n   /  \\\n*/\nint y;\n",
            "#define MAX(a, b) \\\n   ((a) > (b) ? (a) : (b))\n#define LONG \\\r\n   1 + \\\r\n   2\r\n",
            "#property copyright \"Copyright 2025\"\n#property strict\n#include <Trade\\Trade.mqh>\n  #include <Arrays/ArrayObj.mqh>\n",
            "int x; // comentário com barra \\ no meio\n// #include \"velho.mqh\"\nstring p = \"Sério?? ok??!\";\n",
            "\u{feff}int x;\r\n\r\r\nint y;\r\n\tint z = a # b;\n",
            "/* cabeçalho */ #property strict\n/* x */ #include <Trade/Trade.mqh>\n",
            "#import\n#import \"Kernel32.DLL\"\n#import\n",
        ];
        let allowed = DirectivePolicy { allow_dll_imports: true };
        for source in ok {
            assert_eq!(check_directives(source, allowed), Ok(()), "{source:?}");
        }
    }

    #[test]
    fn the_template_and_every_fixture_pass_as_uploaded_and_as_injected() {
        use crate::domain::mql5::{inject, InjectionValues, LapsePolicy, DEFAULT_AUTH_TEMPLATE};
        let values = InjectionValues {
            auth_url: "https://loja.example/api/webhooks/validate-license",
            tenant_id: "0193a5b2-0000-7000-8000-00000000000a",
            tenant_domain: "loja.example",
            robot_id: "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012",
            signing_key: "",
            public_key: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
            lapse_policy: LapsePolicy::Stop,
            version_tag: "3f1c0a9b7d2e4c6f",
        };
        let strict = DirectivePolicy::default();
        assert_eq!(check_directives(DEFAULT_AUTH_TEMPLATE, strict), Ok(()));
        for (name, fixture) in [
            ("ctrade_indicators", include_str!("fixtures/ctrade_indicators.mq5")),
            ("legacy_void_oninit_crlf", include_str!("fixtures/legacy_void_oninit_crlf.mq5")),
            ("no_oninit", include_str!("fixtures/no_oninit.mq5")),
            ("oninit_void_braces", include_str!("fixtures/oninit_void_braces.mq5")),
            ("with_ontimer", include_str!("fixtures/with_ontimer.mq5")),
        ] {
            // The legacy fixture imports user32.dll: a tenant the admin allowed.
            let policy = DirectivePolicy { allow_dll_imports: loads_dll(fixture) };
            assert_eq!(check_directives(fixture, policy), Ok(()), "{name}");
            let injected = inject(fixture, DEFAULT_AUTH_TEMPLATE, &values).unwrap();
            assert_eq!(check_directives(&injected, policy), Ok(()), "{name} injected");
        }
    }

    #[test]
    fn a_dll_only_one_reading_imports_is_still_announced() {
        assert!(loads_dll("int x = 1; /*\n*/ #import \"user32.dll\"\n#import\n"));
        assert!(!loads_dll("// #import \"user32.dll\"\nstring s = \"#import \\\"a.dll\\\"\";\n"));
    }
}
