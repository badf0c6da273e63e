//! The "tester" capability: one backtest in a folder of its own, run like a
//! compile (compile.rs) — the robot under `MQL5\Experts`, the tester `.ini`
//! written, a stale report removed, the terminal run `/portable /config:<ini>`
//! (through the Wine runner on Linux) in the same sandbox with a cleared
//! environment, the report read and parsed. Backtests take hours, so the lease
//! is kept by [`with_heartbeats`] rather than by the compile timeout.
//!
//! The job folder is the terminal's data folder: the tester stand-in reads it
//! as its working directory; the real terminal's portable install is linked
//! into it by its runner.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use shared::domain::backtest::ini::{encode_utf16le, tester_ini, RobotInput, TesterRun, ValidProfile};
use shared::domain::backtest::report::{parse_report, BacktestReport};

use crate::config::AgentConfig;
use crate::{compile, sandbox};

pub struct BacktestOutcome {
    /// The report as the terminal wrote it, for upload.
    pub report_file: Option<Vec<u8>>,
    pub report: Option<BacktestReport>,
    /// Why there is no report: the agent's fault, a terminal that wrote none
    /// (the robot failed to load), or a report that does not parse.
    pub fault: Option<String>,
    /// What counts against the tenant's tester minutes.
    pub elapsed: Duration,
}

pub async fn backtest(
    config: &AgentConfig,
    job_dir: &Path,
    robot_name: &str,
    ex5: &[u8],
    profile: &ValidProfile,
    inputs: &[RobotInput],
) -> BacktestOutcome {
    let started = Instant::now();
    let outcome = run(config, job_dir, robot_name, ex5, profile, inputs).await;
    let elapsed = started.elapsed();
    match outcome {
        Ok((bytes, Ok(report))) => {
            BacktestOutcome { report_file: Some(bytes), report: Some(report), fault: None, elapsed }
        }
        Ok((bytes, Err(error))) => BacktestOutcome {
            report_file: Some(bytes),
            report: None,
            fault: Some(format!("relatório ilegível: {error}")),
            elapsed,
        },
        Err(fault) => BacktestOutcome { report_file: None, report: None, fault: Some(fault), elapsed },
    }
}

type ReadReport = (Vec<u8>, Result<BacktestReport, String>);

async fn run(
    config: &AgentConfig,
    job_dir: &Path,
    robot_name: &str,
    ex5: &[u8],
    profile: &ValidProfile,
    inputs: &[RobotInput],
) -> Result<ReadReport, String> {
    let terminal = config.terminal.as_ref().ok_or("este agente não tem o terminal do MetaTrader 5 (TERMINAL_PATH)")?;
    let stem = compile::file_stem(robot_name);
    let experts = job_dir.join("MQL5").join("Experts").join("RoboForge");
    std::fs::create_dir_all(&experts).map_err(|e| format!("pasta de trabalho: {e}"))?;
    std::fs::write(experts.join(format!("{stem}.ex5")), ex5).map_err(|e| format!("robô: {e}"))?;
    let report_path = job_dir.join("reports").join(format!("{stem}.htm"));
    // A stale report would pass for this run's.
    let _ = std::fs::remove_file(&report_path);
    let expert = format!(r"RoboForge\{stem}.ex5");
    let report = format!(r"reports\{stem}");
    let ini = tester_ini(profile, &TesterRun { expert: &expert, report: &report, inputs })
        .map_err(|e| format!("perfil do teste: {e}"))?;
    let ini_path = job_dir.join("tester.ini");
    std::fs::write(&ini_path, encode_utf16le(&ini)).map_err(|e| format!("tester.ini: {e}"))?;

    let args = ["/portable".to_string(), format!("/config:{}", ini_path.to_string_lossy())];
    let (program, mut program_args) = match &config.runner {
        Some(runner) => (runner, vec![terminal.clone()]),
        None => (terminal, Vec::new()),
    };
    program_args.extend(args);
    let needed: Vec<PathBuf> =
        [config.runner.as_ref(), Some(terminal)].into_iter().flatten().map(PathBuf::from).collect();
    let cell = sandbox::Cell {
        job_dir,
        work_root: &config.work_dir,
        private_files: &config.private_files,
        needed: &needed,
        wine_prefix: config.wine_prefix.as_deref(),
    };
    let mut command = sandbox::command(&config.sandbox, &cell, program.as_ref()).await?;
    // The robot is a tenant's code and runs in here: nothing of the agent's.
    command.env_clear();
    for name in compile::PASSED_ENV.iter().copied().chain(config.passed_env.iter().map(String::as_str)) {
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
    let mut child = command.spawn().map_err(|e| format!("não foi possível iniciar o terminal ({terminal}): {e}"))?;
    if tokio::time::timeout(config.tester_timeout, child.wait()).await.is_err() {
        let _ = child.kill().await;
        return Err(format!("o teste não terminou em {} min", config.tester_timeout.as_secs() / 60));
    }
    // Like MetaEditor's, the terminal's exit code says nothing: the report does.
    let bytes = std::fs::read(&report_path)
        .map_err(|_| "o terminal não escreveu o relatório (o robô não carregou?)".to_string())?;
    let parsed = parse_report(&bytes).map_err(|e| e.to_string());
    Ok((bytes, parsed))
}

/// Runs `work` while calling `beat` every `every`; `beat` answering false
/// (the lease is no longer ours) drops the work, which kills the terminal.
pub async fn with_heartbeats<T, B>(
    work: impl Future<Output = T>,
    every: Duration,
    mut beat: impl FnMut() -> B,
) -> Option<T>
where
    B: Future<Output = bool>,
{
    tokio::pin!(work);
    let mut ticks = tokio::time::interval(every);
    ticks.tick().await;
    loop {
        tokio::select! {
            done = &mut work => return Some(done),
            _ = ticks.tick() => {
                if !beat().await {
                    return None;
                }
            }
        }
    }
}
