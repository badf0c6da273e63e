//! The backtest section of a public sales page: the numbers and the balance
//! curve as inline SVG. The page allows no script (its CSP), so the curve is
//! drawn here rather than by the portal's chart component; it reads the same
//! points.

use std::fmt::Write;

use shared::workflows::email::escape_html;

use crate::views::backtests::{CurvePoint, PublicBacktest};

pub const STYLE: &str = ".backtest{border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin-top:32px}\
     .backtest dl{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:8px;margin:12px 0}\
     .backtest dt{font-size:12px;color:#6b7280}.backtest dd{margin:0;font-weight:600}\
     .backtest svg{width:100%;height:auto}.backtest small{color:#6b7280}";

const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 180.0;

/// 1.234,56 (pt-BR grouping, two decimals).
fn number(value: f64) -> String {
    let negative = value < 0.0;
    let cents = (value.abs() * 100.0).round() as u64;
    let (whole, fraction) = (cents / 100, cents % 100);
    let digits = whole.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push('.');
        }
        grouped.push(c);
    }
    format!("{}{grouped},{fraction:02}", if negative { "-" } else { "" })
}

/// The curve scaled into the SVG's box (the y axis grows downwards).
fn polyline(points: &[CurvePoint]) -> String {
    let (min, max) = points.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| (lo.min(p.balance), hi.max(p.balance)));
    let span = if max > min { max - min } else { 1.0 };
    let last = (points.len().max(2) - 1) as f64;
    let mut out = String::new();
    for (i, p) in points.iter().enumerate() {
        let x = i as f64 / last * WIDTH;
        let y = HEIGHT - (p.balance - min) / span * (HEIGHT - 10.0) - 5.0;
        let _ = write!(out, "{x:.1},{y:.1} ");
    }
    out.trim_end().to_string()
}

pub fn backtest_section(run: &PublicBacktest) -> String {
    let Some(numbers) = &run.numbers else { return String::new() };
    let setup = run
        .profile
        .as_ref()
        .map(|p| {
            format!(
                "{} {}, de {} a {}, depósito {} {}",
                escape_html(&p.symbol),
                escape_html(&p.timeframe),
                escape_html(&p.from),
                escape_html(&p.to),
                number(p.deposit as f64),
                escape_html(&p.currency)
            )
        })
        .unwrap_or_default();
    let curve = if run.equity_curve.len() >= 2 {
        format!(
            "<svg viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-label=\"Curva de saldo do backtest\">\
             <polyline fill=\"none\" stroke=\"#2563eb\" stroke-width=\"2\" points=\"{}\"/></svg>",
            polyline(&run.equity_curve)
        )
    } else {
        String::new()
    };
    format!(
        "<section class=\"backtest\" id=\"backtest\"><h2>Backtest no Strategy Tester do MetaTrader 5</h2>\
         <small>{setup}</small><dl>\
         <div><dt>Lucro líquido</dt><dd>{}</dd></div><div><dt>Fator de lucro</dt><dd>{}</dd></div>\
         <div><dt>Rebaixamento máximo</dt><dd>{}%</dd></div><div><dt>Operações</dt><dd>{}</dd></div>\
         <div><dt>Taxa de acerto</dt><dd>{}%</dd></div></dl>{curve}\
         <small>Resultados passados em teste não garantem resultados futuros.</small></section>",
        number(numbers.net_profit),
        number(numbers.profit_factor),
        number(numbers.max_drawdown_percent),
        numbers.total_trades,
        number(numbers.win_rate_percent),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_the_brazilian_way() {
        assert_eq!(number(1234567.891), "1.234.567,89");
        assert_eq!(number(-12.5), "-12,50");
        assert_eq!(number(0.0), "0,00");
        assert_eq!(number(999.999), "1.000,00");
    }

    #[test]
    fn the_curve_fits_the_box_with_its_lowest_point_at_the_bottom() {
        let points: Vec<CurvePoint> = [100.0, 50.0, 150.0]
            .iter()
            .map(|b| CurvePoint { time: "2024-01-01T00:00:00".into(), balance: *b })
            .collect();
        assert_eq!(polyline(&points), "0.0,90.0 300.0,175.0 600.0,5.0");
    }
}
