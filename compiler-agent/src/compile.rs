//! One compile: a folder of its own, the source written, stale outputs
//! removed, MetaEditor run (through the Wine runner on Linux) with a timeout,
//! the log read. Success only with a fresh `.ex5` and `Result: 0 errors`.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use shared::domain::protocol::{Diagnostic, Severity};

use crate::config::AgentConfig;
use crate::{log, sandbox};

pub struct Outcome {
    pub success: bool,
    pub log: String,
    pub diagnostics: Vec<Diagnostic>,
    pub ex5: Option<Vec<u8>>,
    /// Why the agent itself could not compile (not a compile error).
    pub fault: Option<String>,
}

/// A file name MetaEditor and every file system accept, from the robot's name.
pub fn file_stem(robot_name: &str) -> String {
    let stem: String = robot_name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '-' { c } else { '_' })
        .take(60)
        .collect();
    if stem.trim_matches('_').is_empty() {
        "Robo".into()
    } else {
        stem
    }
}

/// What MetaEditor (and the Wine runner) may see of the agent's environment:
/// what Wine and Windows need to start a program. The agent's token and
/// anything else of its own never reach the compiler, which reads tenants'
/// code; an operator names more in `METAEDITOR_ENV` when a setup needs it.
pub(crate) const PASSED_ENV: &[&str] = &[
    "PATH",
    "HOME",
    "USER",
    "LOGNAME",
    "LANG",
    "LC_ALL",
    "TZ",
    "TMPDIR",
    "DISPLAY",
    "XDG_RUNTIME_DIR",
    "WINEPREFIX",
    "WINEARCH",
    "WINEDEBUG",
    "WINEDLLOVERRIDES",
    "WINESERVER",
    "WINELOADER",
    "SystemRoot",
    "SystemDrive",
    "windir",
    "TEMP",
    "TMP",
    "USERPROFILE",
    "APPDATA",
    "LOCALAPPDATA",
    "ProgramData",
    "ProgramFiles",
    "ProgramFiles(x86)",
    "CommonProgramFiles",
    "ComSpec",
    "PATHEXT",
    "NUMBER_OF_PROCESSORS",
    "PROCESSOR_ARCHITECTURE",
];

/// Refused before MetaEditor runs: a directive that reads outside the job
/// (checked by the api before queueing; checked again here, as the agent
/// must not trust what it is given).
fn refused(source: &str, policy: shared::domain::mql5::DirectivePolicy) -> Option<Outcome> {
    let refusal = shared::domain::mql5::check_directives(source, policy).err()?;
    let message = refusal.to_string();
    Some(Outcome {
        success: false,
        log: format!("Recusado antes de compilar: {message}\r\n"),
        diagnostics: vec![Diagnostic {
            file: String::new(),
            line: refusal.line,
            column: 1,
            severity: Severity::Error,
            code: "directive".into(),
            message,
        }],
        ex5: None,
        fault: None,
    })
}

pub async fn compile(
    config: &AgentConfig,
    job_dir: &Path,
    robot_name: &str,
    source: &str,
    policy: shared::domain::mql5::DirectivePolicy,
) -> Outcome {
    if let Some(refusal) = refused(source, policy) {
        return refusal;
    }
    match run(config, job_dir, robot_name, source).await {
        Ok(outcome) => outcome,
        Err(fault) => {
            Outcome { success: false, log: String::new(), diagnostics: Vec::new(), ex5: None, fault: Some(fault) }
        }
    }
}

async fn run(config: &AgentConfig, job_dir: &Path, robot_name: &str, source: &str) -> Result<Outcome, String> {
    std::fs::create_dir_all(job_dir).map_err(|e| format!("pasta de trabalho: {e}"))?;
    let stem = file_stem(robot_name);
    let source_path = job_dir.join(format!("{stem}.mq5"));
    let ex5_path = job_dir.join(format!("{stem}.ex5"));
    let log_path = job_dir.join(format!("{stem}.log"));
    // A stale .ex5 would pass for a successful compile.
    for stale in [&ex5_path, &log_path] {
        let _ = std::fs::remove_file(stale);
    }
    // UTF-8 with a BOM: MetaEditor reads it as Unicode.
    let mut bytes = vec![0xEF, 0xBB, 0xBF];
    bytes.extend_from_slice(source.as_bytes());
    std::fs::write(&source_path, bytes).map_err(|e| format!("fonte: {e}"))?;

    let mut args =
        vec!["/portable".to_string(), format!("/compile:{}", path(&source_path)), format!("/log:{}", path(&log_path))];
    if let Some(include) = &config.include_dir {
        args.push(format!("/inc:{include}"));
    }
    let (program, mut program_args) = match &config.runner {
        Some(runner) => (runner, vec![config.metaeditor.clone()]),
        None => (&config.metaeditor, Vec::new()),
    };
    program_args.extend(args);
    let needed: Vec<PathBuf> = [config.runner.as_ref(), Some(&config.metaeditor), config.include_dir.as_ref()]
        .into_iter()
        .flatten()
        .map(PathBuf::from)
        .collect();
    let cell = sandbox::Cell {
        job_dir,
        work_root: &config.work_dir,
        private_files: &config.private_files,
        needed: &needed,
        wine_prefix: config.wine_prefix.as_deref(),
    };
    let mut command = sandbox::command(&config.sandbox, &cell, program.as_ref()).await?;
    // bubblewrap hands this environment on to MetaEditor as it is.
    command.env_clear();
    for name in PASSED_ENV.iter().copied().chain(config.passed_env.iter().map(String::as_str)) {
        if let Some(value) = std::env::var_os(name) {
            command.env(name, value);
        }
    }
    command
        .args(&program_args)
        .current_dir(job_dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true);
    let mut child =
        command.spawn().map_err(|e| format!("não foi possível iniciar o MetaEditor ({}): {e}", config.metaeditor))?;
    match tokio::time::timeout(config.compile_timeout, child.wait()).await {
        // The exit code says nothing about the compile: the log and the .ex5 do.
        Ok(_) => {}
        Err(_) => {
            let _ = child.kill().await;
            return Err(format!("o MetaEditor não terminou em {} s", config.compile_timeout.as_secs()));
        }
    }
    let log_text =
        std::fs::read(&log_path).map(|b| log::decode(&b)).map_err(|_| "o MetaEditor não escreveu o log".to_string())?;
    let diagnostics = log::diagnostics(&log_text);
    let errors = log::error_count(&log_text);
    let ex5 = std::fs::read(&ex5_path).ok().filter(|b| !b.is_empty());
    let success = errors == Some(0) && ex5.is_some() && !diagnostics.iter().any(|d| d.severity == Severity::Error);
    Ok(Outcome { success, log: log_text, diagnostics, ex5: ex5.filter(|_| success), fault: None })
}

fn path(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::file_stem;

    #[test]
    fn robot_names_become_safe_file_names() {
        assert_eq!(file_stem("Robô Alfa 2.0"), "Rob__Alfa_2_0");
        assert_eq!(file_stem("../../etc"), "______etc");
        assert_eq!(file_stem("***"), "Robo");
    }
}
