//! Whether a backtested version can be recommended, by the owner's
//! thresholds. A pure rule: the factory gate and the portal both call it, and
//! the factory asks the model for one more fix round when [`Verdict::worth_a_fix_round`].

use serde::{Deserialize, Serialize};

use super::report::BacktestReport;

/// The owner's limits (per project; the factory's defaults otherwise).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// The worse of balance and equity drawdown, in percent, may not pass this.
    pub max_drawdown_percent: f64,
    pub min_profit_factor: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds { max_drawdown_percent: 30.0, min_profit_factor: 1.2 }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Concern {
    /// Not one trade in the whole period: the entry logic never fires, which
    /// looks like a bug in the code rather than a poor strategy.
    NoTrades,
    DrawdownAboveLimit,
    ProfitFactorBelowMinimum,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    /// Empty: recommended.
    pub concerns: Vec<Concern>,
    /// One pt-BR sentence per concern, with the numbers, for the owner.
    pub reasons: Vec<String>,
}

impl Verdict {
    pub fn recommended(&self) -> bool {
        self.concerns.is_empty()
    }

    /// "Recomendado" or "Não recomendado", as the portal labels the version.
    pub fn label(&self) -> &'static str {
        if self.recommended() {
            "Recomendado"
        } else {
            "Não recomendado"
        }
    }

    /// A logic error the model can fix: no trade at all. Poor numbers are
    /// the strategy's, and another round would only curve-fit the period.
    pub fn worth_a_fix_round(&self) -> bool {
        self.concerns.contains(&Concern::NoTrades)
    }
}

pub fn verdict(report: &BacktestReport, thresholds: &Thresholds) -> Verdict {
    let mut verdict = Verdict { concerns: Vec::new(), reasons: Vec::new() };
    if report.total_trades == 0 {
        verdict.concerns.push(Concern::NoTrades);
        verdict.reasons.push(
            "Nenhuma operação no período testado: o robô nunca abriu posição, o que indica um erro na lógica de entrada."
                .into(),
        );
        // Drawdown and profit factor of no trades say nothing more.
        return verdict;
    }
    let (_, drawdown_percent) = report.max_drawdown();
    if drawdown_percent > thresholds.max_drawdown_percent {
        verdict.concerns.push(Concern::DrawdownAboveLimit);
        verdict.reasons.push(format!(
            "Rebaixamento máximo de {} acima do limite de {}.",
            percent(drawdown_percent),
            percent(thresholds.max_drawdown_percent)
        ));
    }
    // The terminal prints 0.00 when nothing lost: that is no weakness.
    let no_losses = report.gross_loss == 0.0 && report.gross_profit > 0.0;
    if !no_losses && report.profit_factor < thresholds.min_profit_factor {
        verdict.concerns.push(Concern::ProfitFactorBelowMinimum);
        verdict.reasons.push(format!(
            "Fator de lucro de {} abaixo do mínimo de {}.",
            decimal(report.profit_factor),
            decimal(thresholds.min_profit_factor)
        ));
    }
    verdict
}

/// pt-BR: decimal comma.
fn decimal(value: f64) -> String {
    format!("{value:.2}").replace('.', ",")
}

fn percent(value: f64) -> String {
    format!("{} %", decimal(value)).replace(",00 %", " %")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> BacktestReport {
        BacktestReport {
            initial_deposit: Some(10_000.0),
            net_profit: 1_250.0,
            gross_profit: 3_000.0,
            gross_loss: -1_750.0,
            profit_factor: 1.71,
            balance_drawdown_max: 900.0,
            balance_drawdown_max_percent: 8.5,
            equity_drawdown_max: 1_100.0,
            equity_drawdown_max_percent: 10.2,
            total_trades: 40,
            profit_trades: 22,
            win_rate_percent: 55.0,
            equity_curve: Vec::new(),
        }
    }

    #[test]
    fn a_good_run_is_recommended() {
        let verdict = verdict(&report(), &Thresholds::default());
        assert!(verdict.recommended());
        assert_eq!(verdict.label(), "Recomendado");
        assert!(!verdict.worth_a_fix_round());
    }

    #[test]
    fn zero_trades_is_a_logic_error_worth_one_more_round() {
        let none = BacktestReport { total_trades: 0, profit_trades: 0, profit_factor: 0.0, ..report() };
        let verdict = verdict(&none, &Thresholds::default());
        assert_eq!(verdict.label(), "Não recomendado");
        assert_eq!(verdict.concerns, [Concern::NoTrades]);
        assert!(verdict.reasons[0].starts_with("Nenhuma operação no período testado"));
        assert!(verdict.worth_a_fix_round());
    }

    #[test]
    fn thresholds_use_the_worse_drawdown_and_the_profit_factor() {
        let limits = Thresholds { max_drawdown_percent: 10.0, min_profit_factor: 1.8 };
        let verdict = verdict(&report(), &limits);
        assert_eq!(verdict.concerns, [Concern::DrawdownAboveLimit, Concern::ProfitFactorBelowMinimum]);
        assert_eq!(
            verdict.reasons,
            [
                "Rebaixamento máximo de 10,20 % acima do limite de 10 %.",
                "Fator de lucro de 1,71 abaixo do mínimo de 1,80."
            ]
        );
        assert!(!verdict.worth_a_fix_round());
        // At the limit is within it.
        let at_limit = Thresholds { max_drawdown_percent: 10.2, min_profit_factor: 1.71 };
        assert!(super::verdict(&report(), &at_limit).recommended());
    }

    #[test]
    fn no_losing_trade_is_not_a_low_profit_factor() {
        let flawless = BacktestReport { gross_loss: 0.0, profit_factor: 0.0, ..report() };
        assert!(verdict(&flawless, &Thresholds::default()).recommended());
        let all_lost = BacktestReport { gross_profit: 0.0, gross_loss: -500.0, profit_factor: 0.0, ..report() };
        assert_eq!(verdict(&all_lost, &Thresholds::default()).concerns, [Concern::ProfitFactorBelowMinimum]);
    }
}
