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

use super::lexer::lex;

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

/// The first directive of `source` the policy refuses, if any.
pub fn check_directives(source: &str, policy: DirectivePolicy) -> Result<(), DirectiveRefusal> {
    for directive in lex(source).directives {
        let text = &source[directive.start..directive.end];
        let argument = argument_of(text, directive.name);
        let refuse = |reason: String| DirectiveRefusal { line: line_of(source, directive.start), reason };
        let name = directive.name;
        let (kind, path) = match name {
            "property" => {
                let mut words = argument.splitn(2, char::is_whitespace);
                let key = words.next().unwrap_or_default();
                if !FILE_PROPERTIES.contains(&key) {
                    continue;
                }
                (format!("#property {key}"), unquote(words.next().unwrap_or_default().trim()))
            }
            _ if FILE_DIRECTIVES.contains(&name) => {
                if argument.is_empty() {
                    continue; // the bare `#import` that closes an import block
                }
                (format!("#{name}"), unquote(argument))
            }
            _ => continue,
        };
        let Some((path, angled)) = path else {
            return Err(refuse(format!("{kind} precisa de um nome de arquivo entre aspas ou <>.")));
        };
        if let Some(problem) = escaping(path) {
            return Err(refuse(format!("{kind} \"{path}\" não é permitido: {problem}.")));
        }
        match name {
            "include" if angled => {}
            "include" => {
                return Err(refuse(format!(
                    "#include \"{path}\" não é permitido: inclua apenas a biblioteca padrão do MetaTrader \
                     (#include <...>); o código precisa vir em um único arquivo."
                )))
            }
            "import" if path.to_ascii_lowercase().ends_with(".dll") => {
                if !policy.allow_dll_imports {
                    return Err(refuse(format!(
                        "#import \"{path}\" não é permitido: robôs que carregam DLLs precisam de autorização do \
                         administrador da plataforma."
                    )));
                }
            }
            _ => {
                return Err(refuse(format!(
                    "{kind} \"{path}\" não é permitido: só arquivos enviados junto com o código podem ser usados."
                )))
            }
        }
    }
    Ok(())
}

/// Whether the source loads a DLL (the robot's public page says so).
pub fn loads_dll(source: &str) -> bool {
    lex(source).directives.iter().any(|d| {
        d.name == "import"
            && unquote(argument_of(&source[d.start..d.end], d.name))
                .is_some_and(|(path, _)| path.to_ascii_lowercase().ends_with(".dll"))
    })
}

/// What follows `#name`, without a trailing comment or line continuations.
fn argument_of<'a>(text: &'a str, name: &str) -> &'a str {
    let after = text.trim_start().trim_start_matches('#').trim_start();
    let rest = after.strip_prefix(name).unwrap_or(after);
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
}
