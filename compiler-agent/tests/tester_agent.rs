//! The agent's tester capability (src/tester.rs, built in here with the
//! modules it uses) running the tester stand-in as the terminal, through the
//! compile sandbox (bubblewrap on Linux, as for MetaEditor), with heartbeats
//! while it runs.

#![allow(dead_code)] // the agent's other uses of these modules

#[path = "../src/compile.rs"]
mod compile;
#[path = "../src/config.rs"]
mod config;
#[path = "../src/log.rs"]
mod log;
#[path = "../src/sandbox.rs"]
mod sandbox;
#[path = "../src/tester.rs"]
mod tester;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use shared::domain::backtest::ini::{RobotInput, TesterProfile, TickModel, ValidProfile};
use shared::domain::backtest::report::parse_report;

fn agent(terminal: Option<&str>) -> (config::AgentConfig, PathBuf) {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("tester-agent-{}", uuid::Uuid::now_v7()));
    let work = root.join("work");
    std::fs::create_dir_all(&work).unwrap();
    let mut pairs = vec![
        ("AGENT_API_URL", "http://127.0.0.1:9".to_string()),
        ("AGENT_TOKEN", "rfa_segredo".to_string()),
        ("AGENT_WORK_DIR", work.to_string_lossy().into_owned()),
    ];
    if let Some(terminal) = terminal {
        pairs.push(("TERMINAL_PATH", terminal.to_string()));
    }
    let config =
        config::AgentConfig::read(|name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.clone())).unwrap();
    (config, root)
}

fn profile() -> ValidProfile {
    TesterProfile {
        symbol: "EURUSD".into(),
        timeframe: "M15".into(),
        from: "2024-01-01".into(),
        to: "2024-03-31".into(),
        deposit: 5_000,
        currency: "USD".into(),
        leverage: 100,
        model: TickModel::OneMinuteOhlc,
    }
    .validate()
    .unwrap()
}

const STAND_IN: &str = env!("CARGO_BIN_EXE_tester-stand-in");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backtest_runs_in_the_sandbox_while_the_lease_is_kept() {
    let (config, root) = agent(Some(STAND_IN));
    let job_dir = config.work_dir.join("job-1");
    let inputs = [RobotInput { name: "Lots".into(), value: "0.10".into() }];
    let beats = AtomicU32::new(0);
    let profile = profile();
    let started = Instant::now();
    let running = tester::backtest(&config, &job_dir, "Robô Alfa", b"\x80alfa STAND-IN:SECONDS=2 ", &profile, &inputs);
    let outcome = tester::with_heartbeats(running, Duration::from_millis(300), || {
        beats.fetch_add(1, Ordering::SeqCst);
        async { true }
    })
    .await
    .expect("the lease was kept");
    assert!(outcome.fault.is_none(), "{:?}", outcome.fault);
    assert!(started.elapsed() >= Duration::from_secs(2));
    assert!(outcome.elapsed >= Duration::from_secs(2));
    // A run longer than one beat period was heartbeaten all along.
    assert!(beats.load(Ordering::SeqCst) >= 4, "{} beats", beats.load(Ordering::SeqCst));
    let report = outcome.report.unwrap();
    assert!(report.total_trades > 0);
    assert_eq!(report.initial_deposit, Some(5_000.0));
    assert_eq!(parse_report(&outcome.report_file.unwrap()).unwrap(), report);
    // Where the terminal reads the robot and writes the report, in the job's folder.
    assert!(job_dir.join("MQL5/Experts/RoboForge/Rob__Alfa.ex5").is_file());
    assert!(job_dir.join("reports/Rob__Alfa.htm").is_file());
    std::fs::remove_dir_all(root).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_lease_stops_the_terminal() {
    let (config, root) = agent(Some(STAND_IN));
    let job_dir = config.work_dir.join("job-2");
    let profile = profile();
    let started = Instant::now();
    let running = tester::backtest(&config, &job_dir, "Robo", b"\x80beta STAND-IN:SECONDS=30 ", &profile, &[]);
    let beats = AtomicU32::new(0);
    let outcome = tester::with_heartbeats(running, Duration::from_millis(200), || {
        let n = beats.fetch_add(1, Ordering::SeqCst);
        async move { n < 1 }
    })
    .await;
    assert!(outcome.is_none());
    assert!(started.elapsed() < Duration::from_secs(10));
    // The terminal was killed with the dropped run: no report ever comes.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!job_dir.join("reports/Robo.htm").exists());
    std::fs::remove_dir_all(root).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_report_and_no_terminal_are_faults() {
    let (config, root) = agent(Some(STAND_IN));
    let outcome =
        tester::backtest(&config, &config.work_dir.join("job-3"), "Robo", b"\x80 STAND-IN:NO-REPORT", &profile(), &[])
            .await;
    assert_eq!(outcome.fault.as_deref(), Some("o terminal não escreveu o relatório (o robô não carregou?)"));
    assert!(outcome.report.is_none() && outcome.report_file.is_none());
    std::fs::remove_dir_all(root).unwrap();

    let (config, root) = agent(None);
    let outcome = tester::backtest(&config, &config.work_dir.join("job-4"), "Robo", b"\x80", &profile(), &[]).await;
    assert!(outcome.fault.unwrap().contains("TERMINAL_PATH"));
    std::fs::remove_dir_all(root).unwrap();
}
