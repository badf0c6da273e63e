//! The compile agent: runs next to MetaEditor (Windows, or Linux + Wine),
//! claims compile jobs from the API, compiles them and uploads the results
//! (DESIGN 7). One job at a time per MetaEditor install; run one agent per
//! install to compile in parallel.

mod client;
mod compile;
mod config;
mod log;
mod sandbox;
mod tester;

use std::time::Duration;

use base64::Engine;
use client::{ApiClient, CallError, Work};
use config::AgentConfig;
use rand::Rng;
use shared::infrastructure::logging::LogFormat;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let version = env!("CARGO_PKG_VERSION");
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--version" || a == "-V") {
        println!("roboforge-compiler-agent {version}");
        return;
    }
    let file = args.iter().position(|a| a == "--config").and_then(|i| args.get(i + 1));
    let (file_values, unreadable) = match file.map(std::fs::read_to_string) {
        Some(Ok(text)) => (config::parse_file(&text), None),
        Some(Err(e)) => (Vec::new(), Some(e)),
        None => (Vec::new(), None),
    };
    let setting = |name: &str| {
        std::env::var(name).ok().or_else(|| file_values.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
    };
    // Before anything else is said, so that even a bad configuration is reported in the chosen format.
    let logging = LogFormat::parse(setting("LOG_FORMAT").as_deref()).and_then(|format| {
        shared::infrastructure::logging::init(format, "info", shared::infrastructure::logging::warnings_to_stderr())
    });
    if let Err(message) = logging {
        eprintln!("configuração inválida: {message}");
        std::process::exit(2);
    }
    if let Some(e) = unreadable {
        exit(&format!("arquivo de configuração ilegível: {e}"));
    }
    let mut config =
        AgentConfig::read(setting).unwrap_or_else(|message| exit(&format!("configuração inválida: {message}")));
    config.private_files.extend(file.and_then(|f| std::path::absolute(f).ok()));
    match &config.sandbox {
        sandbox::Sandbox::Bubblewrap(bwrap) => sandbox::check(bwrap).unwrap_or_else(|message| exit(&message)),
        sandbox::Sandbox::Unconfined if cfg!(target_os = "linux") => {
            tracing::warn!("COMPILE_SANDBOX=none: o MetaEditor roda sem isolamento (só para desenvolvimento)")
        }
        sandbox::Sandbox::Unconfined => {}
    }
    tracing::info!("roboforge-compiler-agent {version}: API {}, MetaEditor {}", config.api_url, config.metaeditor);
    run(config).await;
}

fn exit(message: &str) -> ! {
    tracing::error!("{message}");
    std::process::exit(2)
}

/// Claims and compiles until stopped (Ctrl-C / SIGTERM: a job in hand is
/// given back) or until the token is refused (revoked: exit 3).
async fn run(config: AgentConfig) {
    let api = ApiClient::new(&config.api_url, &config.token);
    let mut failures = 0u32;
    let stop = shutdown_signal();
    tokio::pin!(stop);
    loop {
        let claimed = tokio::select! {
            _ = &mut stop => return,
            claimed = api.claim(25, config.terminal.is_some()) => claimed,
        };
        match claimed {
            Ok(Some(claimed)) => {
                failures = 0;
                let (id, name) = match &claimed {
                    Work::Compile(job) => (job.job_id, job.robot_name.clone()),
                    Work::Backtest(run) => (run.backtest_id, run.robot_name.clone()),
                };
                let job_dir = config.work_dir.join(id.to_string());
                let started = std::time::Instant::now();
                let work = async {
                    match &claimed {
                        Work::Compile(job) => work_on(&config, &api, job, &job_dir).await,
                        Work::Backtest(run) => test_on(&config, &api, run, &job_dir).await,
                    }
                };
                tokio::pin!(work);
                tokio::select! {
                    _ = &mut stop => {
                        give_back(&api, id).await;
                        let _ = std::fs::remove_dir_all(&job_dir);
                        tracing::info!("job {id} devolvido: agente encerrando");
                        return;
                    }
                    status = &mut work => {
                        let _ = std::fs::remove_dir_all(&job_dir);
                        tracing::info!("job {id} ({name}): {status} em {} ms", started.elapsed().as_millis());
                    }
                }
            }
            Ok(None) => failures = 0,
            Err(CallError::Refused) => {
                tracing::error!("token recusado pela API (agente revogado?): encerrando");
                std::process::exit(3);
            }
            Err(CallError::Other(error)) => {
                failures += 1;
                let delay = backoff(failures);
                tracing::warn!("falha ao pedir trabalho ({error}); nova tentativa em {} ms", delay.as_millis());
                tokio::select! {
                    _ = &mut stop => return,
                    _ = tokio::time::sleep(delay) => {}
                }
            }
        }
    }
}

/// Compiles one job while heartbeating its lease; returns a status word.
async fn work_on(
    config: &AgentConfig,
    api: &ApiClient,
    job: &shared::domain::protocol::LeasedJob,
    job_dir: &std::path::Path,
) -> String {
    let policy = shared::domain::mql5::DirectivePolicy { allow_dll_imports: job.dll_imports_allowed };
    let compiling = compile::compile(config, job_dir, &job.robot_name, &job.source_code, policy);
    tokio::pin!(compiling);
    let mut beat = tokio::time::interval(config.heartbeat);
    beat.tick().await;
    let outcome = loop {
        tokio::select! {
            outcome = &mut compiling => break outcome,
            _ = beat.tick() => {
                if let Ok(false) = api.heartbeat(Some(job.job_id)).await {
                    return "abandonado (o job não é mais deste agente)".into();
                }
            }
        }
    };
    let status = match (&outcome.fault, outcome.success) {
        (Some(fault), _) => format!("falha do agente: {fault}"),
        (None, true) => "compilado".into(),
        (None, false) => format!("erros de compilação ({})", outcome.diagnostics.len()),
    };
    for attempt in 1..=3 {
        match api.upload(job.job_id, &job.source_code, &outcome).await {
            Ok(()) => return status,
            Err(CallError::Refused) => return format!("{status}; resultado recusado"),
            Err(CallError::Other(error)) if attempt == 3 => return format!("{status}; envio falhou: {error}"),
            Err(CallError::Other(_)) => tokio::time::sleep(backoff(attempt)).await,
        }
    }
    status
}

/// Runs one backtest while heartbeating its lease (a cancelled run, or one
/// whose lease was lost, is dropped and its terminal killed); uploads the
/// report as the terminal wrote it, or why there is none.
async fn test_on(
    config: &AgentConfig,
    api: &ApiClient,
    run: &shared::domain::protocol::LeasedBacktest,
    job_dir: &std::path::Path,
) -> String {
    let id = run.backtest_id;
    let ex5 = base64::engine::general_purpose::STANDARD.decode(run.ex5_base64.trim()).ok();
    let profile = serde_json::from_value::<shared::domain::backtest::ini::TesterProfile>(run.profile.clone())
        .ok()
        .and_then(|p| p.validate().ok());
    let (Some(ex5), Some(profile)) = (ex5, profile) else {
        let _ = api.upload_backtest(id, None, Some("o agente recebeu um .ex5 ou um perfil ilegível")).await;
        return "recusado: trabalho ilegível".into();
    };
    let testing = tester::backtest(config, job_dir, &run.robot_name, &ex5, &profile, &[]);
    let beat = || {
        let api = api.clone();
        async move { !matches!(api.heartbeat_as(Some(id), "testing").await, Ok(false)) }
    };
    let Some(outcome) = tester::with_heartbeats(testing, config.heartbeat, beat).await else {
        return "abandonado (teste cancelado ou lease perdido)".into();
    };
    let status = match (&outcome.report, &outcome.fault) {
        (Some(report), _) => format!("testado em {} s: {} operações", outcome.elapsed.as_secs(), report.total_trades),
        (None, Some(fault)) => format!("sem relatório: {fault}"),
        (None, None) => "sem relatório".into(),
    };
    for attempt in 1..=3 {
        match api.upload_backtest(id, outcome.report_file.as_deref(), outcome.fault.as_deref()).await {
            Ok(()) => return status,
            Err(CallError::Refused) => return format!("{status}; resultado recusado"),
            Err(CallError::Other(error)) if attempt == 3 => return format!("{status}; envio falhou: {error}"),
            Err(CallError::Other(_)) => tokio::time::sleep(backoff(attempt)).await,
        }
    }
    status
}

/// Gives the job in hand back, retrying for a few seconds: an API that
/// hiccups as the agent stops (a busy pool, a restart) must not leave the
/// job held until its lease runs out.
async fn give_back(api: &ApiClient, id: uuid::Uuid) {
    for attempt in 1..=5 {
        match api.release(id).await {
            Ok(()) | Err(CallError::Refused) => return,
            Err(CallError::Other(error)) => {
                tracing::warn!("devolver o job {id} falhou (tentativa {attempt}): {error}");
                tokio::time::sleep(Duration::from_millis(400 * attempt)).await;
            }
        }
    }
}

/// Exponential backoff with jitter, capped at 60 s: a fleet that lost the
/// API does not come back in lockstep.
fn backoff(failures: u32) -> Duration {
    let base = 500u64.saturating_mul(1 << failures.min(7)).min(60_000);
    let jitter = rand::rng().random_range(0..=base / 2);
    Duration::from_millis(base / 2 + jitter)
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let mut term =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("SIGTERM handler");
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

#[cfg(test)]
mod tests {
    use super::backoff;
    use std::time::Duration;

    #[test]
    fn backoff_grows_with_jitter_and_is_capped() {
        for failures in 1..20 {
            let d = backoff(failures);
            assert!(d <= Duration::from_secs(60) && d >= Duration::from_millis(250), "{d:?}");
        }
        assert!(backoff(10) >= Duration::from_secs(30));
    }
}
