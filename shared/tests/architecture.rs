//! The layering, checked on the source text (DESIGN.md §10): every SQL
//! statement lives in `shared/src/repositories/`, or in `shared/src/infrastructure/db/` (the
//! database infrastructure: pools, roles, migrations, scopes, NOTIFY, test
//! databases); and repositories never call up into a workflow. A reviewer
//! misses a `sqlx::query` in a workflow; this test does not.

use std::fs;
use std::path::{Path, PathBuf};

/// Application sources; tests, examples and benches may run SQL of their own.
const SOURCE_ROOTS: &[&str] = &["shared/src", "api/src", "worker/src", "compiler-agent/src"];

/// Where SQL may be written.
const SQL_HOMES: &[&str] = &["shared/src/repositories/", "shared/src/infrastructure/db/"];

/// Ways of sending SQL through sqlx, imported names included (`query_as(`).
const SQL_MARKERS: &[&str] = &[
    "sqlx::query",
    "query_as(",
    "query_as::<",
    "query_scalar(",
    "query_scalar::<",
    "sqlx::raw_sql",
    "raw_sql(",
    "QueryBuilder",
    "AssertSqlSafe",
    "copy_in_raw(",
    "copy_out_raw(",
    ".execute(\"",
    ".fetch_one(\"",
    ".fetch_all(\"",
    ".fetch_optional(\"",
];

/// What `use sqlx::…` may not bring in outside the SQL homes (a bare
/// `query("…")` would pass the markers above).
const SQLX_STATEMENT_ITEMS: &[&str] = &["query", "query_as", "query_scalar", "query_with", "raw_sql", "QueryBuilder"];

/// Workflows (`shared/src/workflows/`): they call repositories, never the
/// other way round.
const WORKFLOWS: &[&str] = &["workflows"];

struct Source {
    /// Relative to the workspace, with `/`.
    path: String,
    text: String,
}

impl Source {
    fn under(&self, dir: &str) -> bool {
        self.path.starts_with(dir)
    }

    /// Numbered lines of code (whole-line comments, which may name a
    /// marker to explain it, left out).
    fn code_lines(&self) -> impl Iterator<Item = (usize, &str)> {
        self.text
            .lines()
            .enumerate()
            .map(|(i, line)| (i + 1, line))
            .filter(|(_, line)| !line.trim_start().starts_with("//"))
    }

    fn at(&self, line: usize, code: &str) -> String {
        format!("{}:{line}: {}", self.path, code.trim())
    }

    /// Every `use <root>::…;` statement (one may span lines), with the line it starts on.
    fn uses_of(&self, root: &str) -> Vec<(usize, String)> {
        let opening = format!("use {root}::");
        let mut found = Vec::new();
        let mut open: Option<(usize, String)> = None;
        for (number, line) in self.code_lines() {
            if open.is_none() {
                if let Some(at) = line.find(&opening) {
                    open = Some((number, String::new()));
                    let (_, statement) = open.as_mut().expect("just opened");
                    statement.push_str(&line[at + opening.len()..]);
                } else {
                    continue;
                }
            } else if let Some((_, statement)) = open.as_mut() {
                statement.push(' ');
                statement.push_str(line.trim());
            }
            if let Some((start, statement)) = open.take_if(|(_, statement)| statement.contains(';')) {
                let end = statement.find(';').expect("contains ;");
                found.push((start, statement[..end].to_string()));
            }
        }
        found
    }
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace holds the shared crate").to_path_buf()
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("read {}: {e}", dir.display())) {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

fn sources() -> Vec<Source> {
    let root = workspace_root();
    let mut files = Vec::new();
    for dir in SOURCE_ROOTS {
        rust_files(&root.join(dir), &mut files);
    }
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
            let path = path.strip_prefix(&root).expect("under the workspace").to_string_lossy().replace('\\', "/");
            Source { path, text }
        })
        .collect()
}

/// The identifiers in `text` (`a::{b, c as d}` gives a, b, c, d).
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|word| !word.is_empty())
}

/// The first segment of each path a `use crate::` statement names:
/// `factory::prompts` gives factory, `{db, email::{self, x}}` gives db and email.
fn top_modules(statement: &str) -> Vec<String> {
    let statement = statement.trim();
    let Some(inner) = statement.strip_prefix('{') else {
        return words(statement).take(1).map(str::to_string).collect();
    };
    let mut modules = Vec::new();
    let (mut depth, mut item_start) = (0, true);
    for (at, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => item_start = true,
            c if item_start && (c.is_alphanumeric() || c == '_') => {
                modules.extend(words(&inner[at..]).take(1).map(str::to_string));
                item_start = false;
            }
            _ => {}
        }
    }
    modules
}

#[test]
fn sql_is_written_only_in_repositories_and_the_db_layer() {
    let sources = sources();
    let mut at_home = 0;
    let mut stray = Vec::new();
    for source in &sources {
        let home = SQL_HOMES.iter().any(|dir| source.under(dir));
        for (number, line) in source.code_lines() {
            if SQL_MARKERS.iter().any(|marker| line.contains(marker)) {
                if home {
                    at_home += 1;
                } else {
                    stray.push(source.at(number, line));
                }
            }
        }
        if !home {
            for (number, statement) in source.uses_of("sqlx") {
                if words(&statement).any(|word| SQLX_STATEMENT_ITEMS.contains(&word)) {
                    stray.push(source.at(number, &format!("use sqlx::{statement};")));
                }
            }
        }
    }
    // A scan that finds nothing anywhere would pass for the wrong reason.
    assert!(
        at_home > 300,
        "only {at_home} SQL lines found in the repositories: is the scan looking in the right place?"
    );
    assert!(
        stray.is_empty(),
        "{} line(s) of SQL outside shared/src/repositories/ and shared/src/infrastructure/db/; move each statement into a \
         repository function and call that:\n{}",
        stray.len(),
        stray.join("\n")
    );
}

#[test]
fn repositories_never_call_workflows() {
    let mut upward = Vec::new();
    for source in sources().iter().filter(|source| source.under("shared/src/repositories/")) {
        for (number, line) in source.code_lines() {
            // A path written out anywhere: `crate::factory::…`.
            let mut rest = line;
            while let Some(at) = rest.find("crate::") {
                rest = &rest[at + "crate::".len()..];
                if words(rest).next().is_some_and(|module| WORKFLOWS.contains(&module)) && !rest.starts_with('{') {
                    upward.push(source.at(number, line));
                }
            }
        }
        // Grouped imports: `use crate::{db, factory::x};`.
        for (number, statement) in source.uses_of("crate") {
            if top_modules(&statement).iter().any(|module| WORKFLOWS.contains(&module.as_str())) {
                upward.push(source.at(number, &format!("use crate::{statement};")));
            }
        }
    }
    upward.sort();
    upward.dedup();
    assert!(
        upward.is_empty(),
        "{} use(s) of a workflow inside shared/src/repositories/; return what the caller needs and let the \
         workflow act on it, or move a shared type out of the workflow:\n{}",
        upward.len(),
        upward.join("\n")
    );
}

#[test]
fn the_import_reader_finds_grouped_and_nested_modules() {
    assert_eq!(top_modules("factory::prompts::StrategyPrompt"), ["factory"]);
    assert_eq!(top_modules("{db, email::{self, queue}, error::AppResult}"), ["db", "email", "error"]);
    let source =
        Source { path: "x.rs".into(), text: "use sqlx::{\n    query,\n    PgConnection,\n};\nfn f() {}".into() };
    assert_eq!(source.uses_of("sqlx"), [(1, "{ query, PgConnection, }".to_string())]);
}

/// A route module's imports of other route modules: any `crate::routes::…`
/// path, or a `super::…` that names a sibling (a test module's
/// `use super::*` is its own file). A folder's `mod.rs` merges its children's
/// routers and is the one exception.
fn route_module_imports(source: &Source) -> Vec<String> {
    let mut found = Vec::new();
    for (number, line) in source.code_lines() {
        let sideways = line.contains("crate::routes")
            || line.match_indices("super::").any(|(at, _)| !line[at + "super::".len()..].starts_with('*'));
        if sideways {
            found.push(source.at(number, line));
        }
    }
    found
}

#[test]
fn no_route_module_imports_another() {
    let route_files: Vec<Source> = sources()
        .into_iter()
        .filter(|source| source.under("api/src/routes/") && !source.path.ends_with("/mod.rs"))
        .collect();
    assert!(
        route_files.len() > 50,
        "only {} route modules found: is the scan looking in the right place?",
        route_files.len()
    );
    let sideways: Vec<String> = route_files.iter().flat_map(route_module_imports).collect();
    assert!(
        sideways.is_empty(),
        "{} import(s) of one route module from another; move what both need into api/src/views/<resource>.rs:\n{}",
        sideways.len(),
        sideways.join("\n")
    );
}

#[test]
fn the_route_check_sees_sideways_imports() {
    let source = Source {
        path: "api/src/routes/tenant/x.rs".into(),
        text: "use crate::routes::admin::clients::NOT_FOUND;\nuse super::robots::find_own;\nmod tests {\n    use super::*;\n}\n"
            .into(),
    };
    assert_eq!(route_module_imports(&source).len(), 2);
}

/// The kinds of `shared`, lowest first: a module may use its own kind and
/// the kinds below it, never one above (so no import circle between kinds).
const KINDS: &[&str] = &["domain", "infrastructure", "repositories", "workflows"];

/// Test support builds fixtures through the repositories; it is compiled
/// only for tests (`testing` feature).
const LAYERING_EXCEPTIONS: &[&str] = &["shared/src/infrastructure/testing.rs"];

/// Every `crate::<kind>::<module>` a source names, with the line.
fn kind_paths(source: &Source) -> Vec<(usize, String, String)> {
    let mut found = Vec::new();
    for (number, line) in source.code_lines() {
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let mut segments = words(rest);
            if let (Some(kind), Some(module)) = (segments.next(), segments.next()) {
                if KINDS.contains(&kind) {
                    found.push((number, kind.to_string(), module.to_string()));
                }
            }
        }
    }
    found
}

fn kind_of(path: &str) -> Option<(&'static str, String)> {
    let rest = path.strip_prefix("shared/src/")?;
    let (kind, tail) = rest.split_once('/')?;
    let kind = KINDS.iter().find(|k| **k == kind)?;
    let module = tail.split(['/', '.']).next().unwrap_or_default().to_string();
    Some((kind, module))
}

#[test]
fn shared_kinds_only_use_the_kinds_below_them() {
    let mut upward = Vec::new();
    let mut seen = 0;
    for source in sources().iter().filter(|s| s.under("shared/src/") && !LAYERING_EXCEPTIONS.contains(&s.path.as_str()))
    {
        let Some((own, _)) = kind_of(&source.path) else { continue };
        seen += 1;
        let own_rank = KINDS.iter().position(|k| *k == own).expect("a kind");
        for (number, kind, _) in kind_paths(source) {
            if KINDS.iter().position(|k| *k == kind).expect("a kind") > own_rank {
                upward.push(source.at(number, &format!("({own} uses {kind})")));
            }
        }
    }
    assert!(seen > 100, "only {seen} files of shared/src found in its kinds: is the scan looking in the right place?");
    assert!(upward.is_empty(), "{} use(s) of a higher kind:\n{}", upward.len(), upward.join("\n"));
}

/// No circle between the modules of `shared` (`workflows::email` using
/// `workflows::factory` which uses `workflows::email`): a circle means two
/// modules are one, or a shared piece wants its own home.
#[test]
fn shared_modules_import_no_circle() {
    use std::collections::{BTreeMap, BTreeSet};
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in sources().iter().filter(|s| s.under("shared/src/")) {
        let Some((kind, module)) = kind_of(&source.path) else { continue };
        let from = format!("{kind}::{module}");
        let targets = edges.entry(from.clone()).or_default();
        for (_, to_kind, to_module) in kind_paths(source) {
            let to = format!("{to_kind}::{to_module}");
            if to != from {
                targets.insert(to);
            }
        }
    }
    assert!(edges.len() > 50, "only {} modules found", edges.len());
    let circles = find_circles(&edges);
    assert!(circles.is_empty(), "import circles in shared:\n{}", circles.join("\n"));
}

/// Each circle once, as `a -> b -> a`.
fn find_circles(edges: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>) -> Vec<String> {
    fn visit(
        node: &str,
        edges: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
        circles: &mut Vec<String>,
    ) {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut circle = path[at..].to_vec();
            circle.push(node.to_string());
            circles.push(circle.join(" -> "));
            return;
        }
        if done.contains(node) {
            return;
        }
        path.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            visit(next, edges, path, done, circles);
        }
        path.pop();
        done.insert(node.to_string());
    }
    let mut circles = Vec::new();
    let mut done = std::collections::BTreeSet::new();
    for node in edges.keys() {
        visit(node, edges, &mut Vec::new(), &mut done, &mut circles);
    }
    circles
}

#[test]
fn the_circle_finder_sees_a_circle_and_only_one() {
    let mut edges = std::collections::BTreeMap::new();
    edges.insert("a".to_string(), ["b".to_string()].into());
    edges.insert("b".to_string(), ["c".to_string()].into());
    edges.insert("c".to_string(), ["a".to_string()].into());
    edges.insert("d".to_string(), ["a".to_string()].into());
    assert_eq!(find_circles(&edges), ["a -> b -> c -> a"]);
    edges.insert("c".to_string(), std::collections::BTreeSet::new());
    assert!(find_circles(&edges).is_empty());
}

/// The sales platforms' adapters (`shared/src/domain/sales/adapters/<platform>`),
/// read from the folder, plus `hotmart` (whose postback reader,
/// `domain::hotmart`, predates the folder and belongs to its adapter).
fn sales_platforms() -> Vec<String> {
    let dir = workspace_root().join("shared/src/domain/sales/adapters");
    let mut platforms: Vec<String> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let stem = path.file_stem()?.to_string_lossy().to_string();
            (stem != "mod").then_some(stem)
        })
        .collect();
    platforms.sort();
    platforms.dedup();
    platforms
}

/// Which platform's code a path names (`adapters::kiwify`, `domain::hotmart`,
/// `super::kiwify` inside the adapters), if any.
fn platforms_named(line: &str, platforms: &[String]) -> Vec<String> {
    let mut named = Vec::new();
    for prefix in ["adapters::", "domain::", "super::"] {
        let mut rest = line;
        while let Some(at) = rest.find(prefix) {
            rest = &rest[at + prefix.len()..];
            if let Some(word) = words(rest).next().filter(|word| platforms.iter().any(|p| p == word)) {
                named.push(word.to_string());
            }
        }
    }
    named
}

/// The platform an adapter source belongs to.
fn adapter_of(path: &str) -> Option<String> {
    let rest = path.strip_prefix("shared/src/domain/sales/adapters/")?;
    let name = rest.split(['/', '.']).next()?;
    (name != "mod").then(|| name.to_string())
}

/// One adapter per platform and none knows another (DESIGN.md §6): a
/// platform's quirks stay in its adapter, and the neutral event is the only
/// thing they share. E-mail and license expiry depend on no adapter and on no
/// platform's reader, so a new platform never touches them.
#[test]
fn adapters_stay_apart_and_mail_and_expiry_know_none() {
    let platforms = sales_platforms();
    assert!(platforms.iter().any(|p| p == "hotmart"), "no Hotmart adapter found in {platforms:?}");
    let mut crossings = Vec::new();
    for source in sources() {
        let own = adapter_of(&source.path);
        let downstream =
            source.under("shared/src/workflows/email/") || source.path.ends_with("workflows/license_expiry.rs");
        if own.is_none() && !downstream {
            continue;
        }
        for (number, line) in source.code_lines() {
            for platform in platforms_named(line, &platforms) {
                if own.as_deref() != Some(platform.as_str()) {
                    crossings.push(source.at(number, line));
                }
            }
            let reaches_lifecycle =
                ["sales::adapters", "sale_lifecycle", "sales_engine"].iter().any(|m| line.contains(m));
            if downstream && reaches_lifecycle {
                crossings.push(source.at(number, line));
            }
        }
    }
    crossings.sort();
    crossings.dedup();
    assert!(
        crossings.is_empty(),
        "{} line(s) where an adapter uses another platform's code, or e-mail/expiry reach an adapter or the \
         lifecycle; share through domain::sales or workflows::email instead:\n{}",
        crossings.len(),
        crossings.join("\n")
    );
}

#[test]
fn the_adapter_check_sees_a_crossing() {
    let platforms = vec!["hotmart".to_string(), "kiwify".to_string()];
    assert_eq!(platforms_named("use crate::domain::hotmart::{self, EventKind};", &platforms), ["hotmart"]);
    assert_eq!(platforms_named("use super::kiwify::sign;", &platforms), ["kiwify"]);
    assert_eq!(platforms_named("use crate::domain::sales::adapters::kiwify;", &platforms), ["kiwify"]);
    assert!(platforms_named("use crate::domain::money::format_brl;", &platforms).is_empty());
    assert_eq!(adapter_of("shared/src/domain/sales/adapters/kiwify/signature.rs").as_deref(), Some("kiwify"));
    assert_eq!(adapter_of("shared/src/domain/sales/adapters/mod.rs"), None);
}
