//! What is kept of a parsed report: the numbers the portal, the sales page
//! and the client's card show, and the balance curve thinned to what a chart
//! can draw.

use serde::{Deserialize, Serialize};

use super::report::{BacktestReport, EquityPoint};

/// Points kept of a curve: a chart a few hundred pixels wide draws no more.
pub const CURVE_POINTS: usize = 400;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BacktestSummary {
    pub initial_deposit: Option<f64>,
    pub net_profit: f64,
    pub profit_factor: f64,
    /// The worse of the balance and equity drawdowns.
    pub max_drawdown: f64,
    pub max_drawdown_percent: f64,
    pub total_trades: u32,
    pub win_rate_percent: f64,
}

impl BacktestSummary {
    pub fn of(report: &BacktestReport) -> Self {
        let (max_drawdown, max_drawdown_percent) = report.max_drawdown();
        BacktestSummary {
            initial_deposit: report.initial_deposit,
            net_profit: report.net_profit,
            profit_factor: report.profit_factor,
            max_drawdown,
            max_drawdown_percent,
            total_trades: report.total_trades,
            win_rate_percent: report.win_rate_percent,
        }
    }
}

/// At most `max` points of `curve`: the first, the last, the lowest (the
/// drawdown a buyer looks for) and evenly spaced ones between, in order.
pub fn thin_curve(curve: &[EquityPoint], max: usize) -> Vec<EquityPoint> {
    if curve.len() <= max {
        return curve.to_vec();
    }
    if max < 3 {
        return curve[..max].to_vec();
    }
    let lowest =
        curve.iter().enumerate().min_by(|a, b| a.1.balance.total_cmp(&b.1.balance)).map(|(i, _)| i).unwrap_or(0);
    let step = (curve.len() - 1) as f64 / (max - 2) as f64;
    // max - 1 evenly spaced from the first to the last, and the lowest.
    let mut kept: Vec<usize> = (0..max - 1).map(|k| ((k as f64) * step).round() as usize).collect();
    kept.push(lowest);
    kept.sort_unstable();
    kept.dedup();
    kept.into_iter().map(|i| curve[i].clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn curve(balances: &[f64]) -> Vec<EquityPoint> {
        balances
            .iter()
            .enumerate()
            .map(|(i, b)| EquityPoint { time: format!("2024-01-01T00:{:02}:00", i % 60), balance: *b })
            .collect()
    }

    #[test]
    fn a_short_curve_is_kept_whole() {
        let points = curve(&[100.0, 90.0, 120.0]);
        assert_eq!(thin_curve(&points, 400), points);
    }

    #[test]
    fn a_long_curve_keeps_its_ends_and_its_lowest_point_in_order() {
        let mut balances: Vec<f64> = (0..5_000).map(|i| 1_000.0 + f64::from(i)).collect();
        balances[3_333] = 12.5;
        let thinned = thin_curve(&curve(&balances), 400);
        assert!(thinned.len() <= 400, "{}", thinned.len());
        assert!(thinned.len() >= 390, "{}", thinned.len());
        assert_eq!(thinned.first().unwrap().balance, 1_000.0);
        assert_eq!(thinned.last().unwrap().balance, 5_999.0);
        assert!(thinned.iter().any(|p| p.balance == 12.5), "the lowest point is kept");
        let in_order: Vec<f64> = thinned.iter().map(|p| p.balance).filter(|b| *b > 100.0).collect();
        assert!(in_order.windows(2).all(|w| w[0] < w[1]));
    }
}

/// What the server makes of a run's upload: the numbers, the thinned curve
/// and the verdict by the run's thresholds, or why there are none.
#[derive(Debug, Clone, PartialEq)]
pub struct Judged {
    pub summary: Option<serde_json::Value>,
    pub equity_curve: Option<serde_json::Value>,
    pub recommended: Option<bool>,
    /// The verdict's pt-BR reasons (empty: recommended).
    pub reasons: Option<serde_json::Value>,
    /// The verdict's concerns (`no_trades` …), for the factory's gate.
    pub concerns: Vec<super::verdict::Concern>,
    pub error: Option<String>,
}

/// Reads the uploaded report (if any) and judges it by `thresholds` (the
/// run's stored JSON; the defaults when unreadable).
pub fn judge(report: Option<&[u8]>, agent_error: Option<&str>, thresholds: &serde_json::Value) -> Judged {
    let failed = |error: String| Judged {
        summary: None,
        equity_curve: None,
        recommended: None,
        reasons: None,
        concerns: Vec::new(),
        error: Some(error.chars().take(500).collect()),
    };
    let Some(bytes) = report else {
        let reason = agent_error.map(str::trim).filter(|e| !e.is_empty()).unwrap_or("o agente não enviou o relatório");
        return failed(format!("O teste não gerou relatório: {reason}."));
    };
    let report = match super::report::parse_report(bytes) {
        Ok(report) => report,
        Err(error) => return failed(format!("O relatório do teste não pôde ser lido: {error}.")),
    };
    let thresholds: super::verdict::Thresholds = serde_json::from_value(thresholds.clone()).unwrap_or_default();
    let verdict = super::verdict::verdict(&report, &thresholds);
    Judged {
        summary: serde_json::to_value(BacktestSummary::of(&report)).ok(),
        equity_curve: serde_json::to_value(thin_curve(&report.equity_curve, CURVE_POINTS)).ok(),
        recommended: Some(verdict.recommended()),
        reasons: serde_json::to_value(&verdict.reasons).ok(),
        concerns: verdict.concerns,
        error: None,
    }
}
