//! The tester stand-in (src/bin/tester-stand-in.rs) run as the agent will run
//! the terminal: a data folder with the robot under MQL5\Experts, the `.ini`
//! from shared::domain::backtest::ini, `/portable /config:<ini>`; its report read by
//! shared::domain::backtest::report and judged by the verdict rule.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use shared::domain::backtest::ini::{encode_utf16le, tester_ini, RobotInput, TesterProfile, TesterRun, TickModel};
use shared::domain::backtest::report::{parse_report, BacktestReport};
use shared::domain::backtest::verdict::{verdict, Concern, Thresholds};

fn profile() -> TesterProfile {
    TesterProfile {
        symbol: "EURUSD".into(),
        timeframe: "H1".into(),
        from: "2024-01-01".into(),
        to: "2024-06-30".into(),
        deposit: 10_000,
        currency: "USD".into(),
        leverage: 100,
        model: TickModel::RealTicks,
    }
}

/// A terminal data folder of its own, with `robot` as the expert.
fn data_folder(robot: &[u8]) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("tester-{}", uuid::Uuid::now_v7()));
    let experts = root.join("MQL5").join("Experts").join("RoboForge");
    std::fs::create_dir_all(&experts).unwrap();
    std::fs::write(experts.join("Robo.ex5"), robot).unwrap();
    root
}

fn run_tester(folder: &Path, profile: &TesterProfile, inputs: &[RobotInput], env: &[(&str, &str)]) -> Option<Vec<u8>> {
    let valid = profile.validate().unwrap();
    let run = TesterRun { expert: r"RoboForge\Robo.ex5", report: r"reports\backtest", inputs };
    std::fs::write(folder.join("tester.ini"), encode_utf16le(&tester_ini(&valid, &run).unwrap())).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_tester-stand-in"))
        .arg("/portable")
        .arg(format!("/config:{}", folder.join("tester.ini").display()))
        .current_dir(folder)
        .env_clear()
        .envs(env.iter().copied())
        .status()
        .unwrap();
    assert!(status.success());
    std::fs::read(folder.join("reports").join("backtest.htm")).ok()
}

fn backtest(robot: &[u8], profile: &TesterProfile, inputs: &[RobotInput]) -> BacktestReport {
    let folder = data_folder(robot);
    let report = run_tester(&folder, profile, inputs, &[]).expect("a report");
    let _ = std::fs::remove_dir_all(&folder);
    assert_eq!(&report[..2], [0xFF, 0xFE], "UTF-16LE with a BOM, as the terminal writes it");
    parse_report(&report).unwrap()
}

#[test]
fn the_stand_ins_report_parses_into_consistent_numbers() {
    let robot = b"\x80robo alfa v1";
    let lots = [RobotInput { name: "Lots".into(), value: "0.10".into() }];
    let report = backtest(robot, &profile(), &lots);
    assert!(report.total_trades >= 12, "{report:?}");
    assert_eq!(report.initial_deposit, Some(10_000.0));
    // One point for the deposit and one per closed trade, the last one the final balance.
    assert_eq!(report.equity_curve.len(), report.total_trades as usize + 1);
    assert_eq!(report.equity_curve[0].time, "2024-01-01T00:00:00");
    assert_eq!(report.equity_curve[0].balance, 10_000.0);
    let last = report.equity_curve.last().unwrap();
    assert!((last.balance - 10_000.0 - report.net_profit).abs() < 0.005);
    assert!(last.time.as_str() <= "2024-06-30T23:59:59");
    assert!((report.gross_profit + report.gross_loss - report.net_profit).abs() < 0.005);
    let expected_factor = (report.gross_profit / -report.gross_loss * 100.0).round() / 100.0;
    assert_eq!(report.profit_factor, expected_factor);
    let win_rate = f64::from(report.profit_trades) * 100.0 / f64::from(report.total_trades);
    assert!((report.win_rate_percent - win_rate).abs() < 0.005);
    assert!(report.equity_drawdown_max >= report.balance_drawdown_max);

    // Deterministic: the same robot and settings give the same report; the
    // robot, an input or the period change it.
    assert_eq!(backtest(robot, &profile(), &lots), report);
    assert_ne!(backtest(b"\x80robo alfa v2", &profile(), &lots), report);
    let more_lots = [RobotInput { name: "Lots".into(), value: "0.20".into() }];
    assert_ne!(backtest(robot, &profile(), &more_lots), report);
    let ohlc = TesterProfile { model: TickModel::OneMinuteOhlc, ..profile() };
    assert_ne!(backtest(robot, &ohlc, &lots), report);
}

#[test]
fn a_robot_that_never_trades_is_sent_back_to_the_model() {
    let report = backtest(b"\x80robo // STAND-IN:NO-TRADES", &profile(), &[]);
    assert_eq!((report.total_trades, report.profit_trades, report.net_profit), (0, 0, 0.0));
    assert_eq!(report.equity_curve.len(), 1);
    let judged = verdict(&report, &Thresholds::default());
    assert_eq!(judged.label(), "Não recomendado");
    assert_eq!(judged.concerns, [Concern::NoTrades]);
    assert!(judged.worth_a_fix_round());

    // The same through the environment knob.
    let folder = data_folder(b"\x80robo beta");
    let bytes = run_tester(&folder, &profile(), &[], &[("TESTER_STAND_IN_TRADES", "0")]).unwrap();
    assert_eq!(parse_report(&bytes).unwrap().total_trades, 0);
}

#[test]
fn knobs_for_slow_runs_and_missing_reports() {
    let started = Instant::now();
    let folder = data_folder(b"\x80robo STAND-IN:SECONDS=1 ");
    assert!(run_tester(&folder, &profile(), &[], &[]).is_some());
    assert!(started.elapsed() >= Duration::from_secs(1));

    assert!(run_tester(&data_folder(b"\x80robo STAND-IN:NO-REPORT"), &profile(), &[], &[]).is_none());
    // No expert where the .ini points: no report, as the terminal.
    let empty = data_folder(b"");
    std::fs::remove_file(empty.join("MQL5/Experts/RoboForge/Robo.ex5")).unwrap();
    assert!(run_tester(&empty, &profile(), &[], &[]).is_none());
}
