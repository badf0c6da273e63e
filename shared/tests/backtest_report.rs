//! The tester report parser against a report in the terminal's own layout
//! (fixtures/backtest/ReportTester-EURUSD-H1.htm: UTF-16LE with a BOM, CRLF,
//! unquoted attributes, Settings/Results/Orders/Deals in one table), and
//! against damaged copies of it: a clear error, never a panic.

use shared::domain::backtest::report::{parse_report, EquityPoint, ReportError};
use shared::domain::backtest::verdict::{verdict, Concern, Thresholds};

const FIXTURE: &[u8] = include_bytes!("fixtures/backtest/ReportTester-EURUSD-H1.htm");

fn fixture_text() -> String {
    shared::domain::backtest::report::decode_text(FIXTURE).unwrap()
}

#[test]
fn the_terminals_report_becomes_numbers_and_a_curve() {
    let report = parse_report(FIXTURE).unwrap();
    assert_eq!(report.initial_deposit, Some(10_000.0));
    assert_eq!(report.net_profit, -810.05);
    assert_eq!(report.gross_profit, 470.55);
    assert_eq!(report.gross_loss, -1_280.6);
    assert_eq!(report.profit_factor, 0.37);
    assert_eq!((report.balance_drawdown_max, report.balance_drawdown_max_percent), (1_210.0, 11.94));
    assert_eq!((report.equity_drawdown_max, report.equity_drawdown_max_percent), (1_262.4, 12.46));
    assert_eq!(report.max_drawdown(), (1_262.4, 12.46));
    assert_eq!((report.total_trades, report.profit_trades, report.win_rate_percent), (6, 3, 50.0));
    let point = |time: &str, balance| EquityPoint { time: time.into(), balance };
    assert_eq!(
        report.equity_curve,
        [
            point("2024-01-01T00:00:00", 10_000.0),
            point("2024-01-03T15:00:00", 10_040.0),
            point("2024-01-09T11:00:00", 10_014.5),
            point("2024-01-17T08:00:00", 10_134.8),
            point("2024-02-02T16:00:00", 8_924.8),
            point("2024-02-14T07:00:00", 9_235.05),
            point("2024-03-05T13:00:00", 9_189.95),
        ]
    );

    let judged = verdict(&report, &Thresholds { max_drawdown_percent: 10.0, min_profit_factor: 1.2 });
    assert_eq!(judged.concerns, [Concern::DrawdownAboveLimit, Concern::ProfitFactorBelowMinimum]);
    assert_eq!(judged.reasons[0], "Rebaixamento máximo de 12,46 % acima do limite de 10 %.");
    assert!(!judged.worth_a_fix_round());
}

#[test]
fn the_same_report_saved_as_utf8_reads_the_same() {
    let utf8 = fixture_text();
    assert_eq!(parse_report(utf8.as_bytes()), parse_report(FIXTURE));
    let mut with_bom = vec![0xEF, 0xBB, 0xBF];
    with_bom.extend_from_slice(utf8.as_bytes());
    assert_eq!(parse_report(&with_bom), parse_report(FIXTURE));
}

#[test]
fn missing_or_damaged_fields_are_named() {
    let text = fixture_text();
    let without = |needle: &str, replacement: &str| parse_report(text.replace(needle, replacement).as_bytes());
    assert_eq!(without("Total Trades:", "Trades:"), Err(ReportError::Missing("Total Trades")));
    assert_eq!(without("Profit Factor:", "PF:"), Err(ReportError::Missing("Profit Factor")));
    assert_eq!(without("<b>Deals</b>", "<b>Negócios</b>"), Err(ReportError::Missing("Deals")));
    assert_eq!(without("Strategy Tester Report</b>", "Relatório</b>"), Err(ReportError::NotAReport));
    assert!(matches!(
        without("<b>1 210.00 (11.94%)</b>", "<b>1 210,00 (11,94%)</b>"),
        Err(ReportError::BadValue { field: "Balance Drawdown Maximal", .. })
    ));
    assert!(matches!(without("3 (50.00%)", "7 (50.00%)"), Err(ReportError::BadValue { .. })));
    assert!(matches!(
        without("2024.02.02 16:00:00", "2024.02.30 16:00:00"),
        Err(ReportError::BadValue { field: "Time", .. })
    ));
    // The messages are the owner's, in Portuguese.
    assert_eq!(ReportError::Missing("Total Trades").to_string(), "relatório do testador sem o campo \"Total Trades\"");
    assert_eq!(parse_report(b"").unwrap_err(), ReportError::NotAReport);
    assert_eq!(parse_report(&[0xFF, 0xFE, 0x3C]).unwrap_err(), ReportError::Encoding);
}

/// Every prefix, and copies with bytes flipped at spread-out places: each
/// parses or fails with an error, none panics, and any success is sane.
#[test]
fn damaged_reports_never_panic() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut candidates: Vec<Vec<u8>> = (0..FIXTURE.len()).step_by(97).map(|end| FIXTURE[..end].to_vec()).collect();
    for _ in 0..300 {
        let mut copy = FIXTURE.to_vec();
        for _ in 0..1 + next() % 4 {
            let at = (next() as usize) % copy.len();
            copy[at] = next() as u8;
        }
        candidates.push(copy);
    }
    let text = fixture_text();
    for _ in 0..200 {
        // Damage at the character level too (what a UTF-8 copy would suffer).
        let chars: Vec<char> = text.chars().collect();
        let at = (next() as usize) % chars.len();
        let noise = ['<', '>', '&', ';', ':', '(', '%', '-', '.', ' ', 'é'][(next() % 11) as usize];
        let mut copy: String = chars[..at].iter().collect();
        copy.push(noise);
        copy.extend(&chars[at + 1..]);
        candidates.push(copy.into_bytes());
    }
    for candidate in candidates {
        if let Ok(report) = parse_report(&candidate) {
            assert!(report.profit_trades <= report.total_trades);
            assert!((0.0..=100.0).contains(&report.win_rate_percent));
            assert!(report.net_profit.is_finite() && report.profit_factor.is_finite());
            assert!(report.equity_curve.iter().all(|p| p.balance.is_finite() && p.time.len() == 19));
        }
    }
}
