//! MetaTrader 5's Strategy Tester report (the `.htm` the terminal writes where
//! `Report=` says) read into the numbers the portal shows and the balance
//! curve. The terminal writes UTF-16LE with a BOM; a report saved again by a
//! browser or an editor is UTF-8, so both are read.
//!
//! The layout is one wide table: rows of `label:` / value cells (Settings,
//! Results), then the "Orders" and "Deals" sections, each a title row, a
//! header row and one row per order or deal. Labels are the terminal's
//! English ones: agents run the terminal in English (a Portuguese terminal
//! writes "Lucro Líquido Total", which this refuses as not a report).
//!
//! Amounts are `f64`: the report prints two decimals with a space between
//! thousands, and these numbers are shown and compared, never added to money.

use serde::{Deserialize, Serialize};

/// A report past this is not one the tester wrote for a single run.
pub const MAX_REPORT_BYTES: usize = 64 * 1024 * 1024;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BacktestReport {
    pub initial_deposit: Option<f64>,
    pub net_profit: f64,
    pub gross_profit: f64,
    pub gross_loss: f64,
    /// As printed: the terminal prints 0.00 when there was no losing trade.
    pub profit_factor: f64,
    pub balance_drawdown_max: f64,
    pub balance_drawdown_max_percent: f64,
    pub equity_drawdown_max: f64,
    pub equity_drawdown_max_percent: f64,
    pub total_trades: u32,
    pub profit_trades: u32,
    /// Profit trades as a percentage of all trades (0 with no trades).
    pub win_rate_percent: f64,
    /// The balance after the first deposit and after every deal that closed
    /// something, in the order of the deals table.
    pub equity_curve: Vec<EquityPoint>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EquityPoint {
    /// `2024-01-02T10:00:00`, the tester's (broker's) time, no zone.
    pub time: String,
    pub balance: f64,
}

impl BacktestReport {
    /// The worse of the balance and equity drawdowns, money and percent: the
    /// equity one counts the losses open positions carried.
    pub fn max_drawdown(&self) -> (f64, f64) {
        (
            self.balance_drawdown_max.max(self.equity_drawdown_max),
            self.balance_drawdown_max_percent.max(self.equity_drawdown_max_percent),
        )
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum ReportError {
    TooLarge,
    Encoding,
    /// No "Strategy Tester Report" table of the terminal's.
    NotAReport,
    Missing(&'static str),
    BadValue {
        field: &'static str,
        text: String,
    },
}

impl std::fmt::Display for ReportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReportError::TooLarge => write!(f, "relatório do testador grande demais"),
            ReportError::Encoding => {
                write!(f, "relatório do testador com codificação inválida (esperado UTF-16LE ou UTF-8)")
            }
            ReportError::NotAReport => {
                write!(f, "o arquivo não é um relatório do Testador de Estratégia do MetaTrader 5")
            }
            ReportError::Missing(field) => write!(f, "relatório do testador sem o campo \"{field}\""),
            ReportError::BadValue { field, text } => {
                let shown: String = text.chars().take(40).collect();
                write!(f, "relatório do testador com valor inválido em \"{field}\": {shown:?}")
            }
        }
    }
}

impl std::error::Error for ReportError {}

/// UTF-16LE/BE by their BOM, UTF-8 with or without one, and UTF-16LE without
/// a BOM (the NUL in every other byte of an ASCII start gives it away).
pub fn decode_text(bytes: &[u8]) -> Result<String, ReportError> {
    let utf16 = |body: &[u8], little: bool| {
        if !body.len().is_multiple_of(2) {
            return Err(ReportError::Encoding);
        }
        let units = body.chunks_exact(2).map(|p| {
            if little {
                u16::from_le_bytes([p[0], p[1]])
            } else {
                u16::from_be_bytes([p[0], p[1]])
            }
        });
        char::decode_utf16(units).collect::<Result<String, _>>().map_err(|_| ReportError::Encoding)
    };
    match bytes {
        [0xFF, 0xFE, body @ ..] => utf16(body, true),
        [0xFE, 0xFF, body @ ..] => utf16(body, false),
        [0xEF, 0xBB, 0xBF, body @ ..] => String::from_utf8(body.to_vec()).map_err(|_| ReportError::Encoding),
        [first, 0, ..] if first.is_ascii() => utf16(bytes, true),
        _ => String::from_utf8(bytes.to_vec()).map_err(|_| ReportError::Encoding),
    }
}

pub fn parse_report(bytes: &[u8]) -> Result<BacktestReport, ReportError> {
    if bytes.len() > MAX_REPORT_BYTES {
        return Err(ReportError::TooLarge);
    }
    let text = decode_text(bytes)?;
    let rows = table_rows(&text);
    if !rows.iter().flatten().any(|cell| cell == "Strategy Tester Report") {
        return Err(ReportError::NotAReport);
    }
    let labels = Labels::new(&rows);
    let amount = |field: &'static str| labels.get(field).and_then(|text| number(field, text));
    let pair = |field: &'static str| labels.get(field).and_then(|text| number_and_percent(field, text));

    let total_trades = count("Total Trades", labels.get("Total Trades")?)?;
    let (profit_trades, win_rate_percent) = match labels.get("Profit Trades (% of total)") {
        Ok(text) => {
            let (count, percent) = number_and_percent("Profit Trades (% of total)", text)?;
            (whole("Profit Trades (% of total)", count)?, percent)
        }
        Err(missing) if total_trades > 0 => return Err(missing),
        Err(_) => (0, 0.0),
    };
    if profit_trades > total_trades || !(0.0..=100.0).contains(&win_rate_percent) {
        return Err(ReportError::BadValue {
            field: "Profit Trades (% of total)",
            text: labels.get("Profit Trades (% of total)")?.into(),
        });
    }
    let (balance_drawdown_max, balance_drawdown_max_percent) = pair("Balance Drawdown Maximal")?;
    let (equity_drawdown_max, equity_drawdown_max_percent) = pair("Equity Drawdown Maximal")?;
    Ok(BacktestReport {
        initial_deposit: labels.get("Initial Deposit").ok().and_then(|t| number("Initial Deposit", t).ok()),
        net_profit: amount("Total Net Profit")?,
        gross_profit: amount("Gross Profit").unwrap_or(0.0),
        gross_loss: amount("Gross Loss").unwrap_or(0.0),
        profit_factor: amount("Profit Factor")?,
        balance_drawdown_max,
        balance_drawdown_max_percent,
        equity_drawdown_max,
        equity_drawdown_max_percent,
        total_trades,
        profit_trades,
        win_rate_percent,
        equity_curve: equity_curve(&rows)?,
    })
}

/// `label:` cells and the cell after each, first occurrence kept.
struct Labels<'a> {
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Labels<'a> {
    fn new(rows: &'a [Vec<String>]) -> Self {
        let mut pairs = Vec::new();
        for row in rows {
            for window in row.windows(2) {
                if let Some(label) = window[0].strip_suffix(':') {
                    pairs.push((label.trim(), window[1].as_str()));
                }
            }
        }
        Labels { pairs }
    }

    fn get(&self, field: &'static str) -> Result<&'a str, ReportError> {
        self.pairs.iter().find(|(label, _)| *label == field).map(|(_, value)| *value).ok_or(ReportError::Missing(field))
    }
}

/// The balance after each deal that closed a position (and each balance
/// operation), from the "Deals" section.
fn equity_curve(rows: &[Vec<String>]) -> Result<Vec<EquityPoint>, ReportError> {
    let start = rows.iter().position(|row| row.len() == 1 && row[0] == "Deals").ok_or(ReportError::Missing("Deals"))?;
    let header = rows.get(start + 1).ok_or(ReportError::Missing("Deals"))?;
    let column = |name: &'static str| header.iter().position(|h| h == name).ok_or(ReportError::Missing(name));
    let (time, kind, direction, balance) = (column("Time")?, column("Type")?, column("Direction")?, column("Balance")?);
    let mut points = Vec::new();
    for row in &rows[start + 2..] {
        if row.len() == 1 {
            break; // the next section's title
        }
        // The totals row spans columns: it has fewer cells than the header.
        if row.len() != header.len() {
            continue;
        }
        let closes = row[kind] == "balance" || row[direction].starts_with("out") || row[direction] == "in/out";
        if !closes {
            continue;
        }
        let at =
            iso_time(&row[time]).ok_or_else(|| ReportError::BadValue { field: "Time", text: row[time].clone() })?;
        points.push(EquityPoint { time: at, balance: number("Balance", &row[balance])? });
    }
    Ok(points)
}

/// `2024.01.02 10:00:00` (or without seconds) → `2024-01-02T10:00:00`.
fn iso_time(text: &str) -> Option<String> {
    let (date, clock) = text.trim().split_once(' ')?;
    let date = super::TesterDate::parse(date)?;
    let mut parts = clock.split(':');
    let mut next =
        |max: u8| parts.next().and_then(|p| (p.len() == 2).then_some(p)?.parse::<u8>().ok()).filter(|v| *v <= max);
    let (hour, minute) = (next(23)?, next(59)?);
    let second = if clock.len() > 5 { next(59)? } else { 0 };
    Some(format!("{:04}-{:02}-{:02}T{hour:02}:{minute:02}:{second:02}", date.year, date.month, date.day))
}

/// `-1 234.56`: spaces (and no-break spaces) separate thousands.
fn number(field: &'static str, text: &str) -> Result<f64, ReportError> {
    let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let plausible = !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == '.' || c == '-');
    plausible
        .then(|| digits.parse::<f64>().ok())
        .flatten()
        .filter(|v| v.is_finite())
        .ok_or_else(|| ReportError::BadValue { field, text: text.to_string() })
}

/// `123.45 (1.23%)` → (123.45, 1.23).
fn number_and_percent(field: &'static str, text: &str) -> Result<(f64, f64), ReportError> {
    let bad = || ReportError::BadValue { field, text: text.to_string() };
    let (amount, rest) = text.split_once('(').ok_or_else(bad)?;
    let percent = rest.trim().strip_suffix(')').and_then(|p| p.trim().strip_suffix('%')).ok_or_else(bad)?;
    let (amount, percent) = (number(field, amount)?, number(field, percent)?);
    if percent < 0.0 {
        return Err(bad());
    }
    Ok((amount, percent))
}

fn count(field: &'static str, text: &str) -> Result<u32, ReportError> {
    whole(field, number(field, text)?)
}

fn whole(field: &'static str, value: f64) -> Result<u32, ReportError> {
    if value < 0.0 || value.fract() != 0.0 || value > f64::from(u32::MAX) {
        return Err(ReportError::BadValue { field, text: value.to_string() });
    }
    Ok(value as u32)
}

/// The cells of every table row, as text: tags dropped, entities decoded,
/// white space collapsed. Enough HTML for the terminal's report, which has no
/// nested tables; `<style>`, `<script>` and comments are skipped whole.
fn table_rows(html: &str) -> Vec<Vec<String>> {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut cell: Option<String> = None;
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        if let Some(text) = cell.as_mut() {
            text.push_str(&rest[..open]);
        }
        rest = &rest[open..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |end| &after[end + 3..]);
            continue;
        }
        let Some(close) = rest.find('>') else { break };
        let tag = &rest[1..close];
        rest = &rest[close + 1..];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        match (name.as_str(), closing) {
            ("style" | "script", false) => {
                let end = format!("</{name}");
                rest = find_ignore_case(rest, &end).map_or("", |at| &rest[at..]);
            }
            ("tr", false) => {
                finish(&mut rows, &mut cell);
                rows.push(Vec::new());
            }
            ("td" | "th", false) => {
                finish(&mut rows, &mut cell);
                cell = Some(String::new());
            }
            ("td" | "th" | "tr" | "table", true) => finish(&mut rows, &mut cell),
            ("br", _) => {
                if let Some(text) = cell.as_mut() {
                    text.push(' ');
                }
            }
            _ => {}
        }
    }
    rows.retain(|row| !row.is_empty());
    rows
}

fn finish(rows: &mut Vec<Vec<String>>, cell: &mut Option<String>) {
    if let Some(text) = cell.take() {
        if rows.is_empty() {
            rows.push(Vec::new());
        }
        let text = decode_entities(&text);
        rows.last_mut().expect("a row").push(text.split_whitespace().collect::<Vec<_>>().join(" "));
    }
}

fn find_ignore_case(haystack: &str, needle: &str) -> Option<usize> {
    haystack.to_ascii_lowercase().find(&needle.to_ascii_lowercase())
}

fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let entity = rest[1..].find(';').filter(|end| *end <= 10).map(|end| &rest[1..=end]);
        let decoded = entity.and_then(|name| match name {
            "nbsp" => Some(' '),
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => {
                let code = name.strip_prefix('#')?;
                let value = match code.strip_prefix(['x', 'X']) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                    None => code.parse().ok()?,
                };
                char::from_u32(value)
            }
        });
        match (entity, decoded) {
            (Some(name), Some(c)) => {
                out.push(c);
                rest = &rest[name.len() + 2..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_the_terminals_spelling() {
        assert_eq!(number("x", "-1 234.56").unwrap(), -1234.56);
        assert_eq!(number("x", "10\u{a0}000.00").unwrap(), 10000.0);
        assert_eq!(number_and_percent("x", "1 523.10 (13.07%)").unwrap(), (1523.1, 13.07));
        assert_eq!(number_and_percent("x", "45 (52.94%)").unwrap(), (45.0, 52.94));
        for bad in ["", "1,5", "abc", "inf", "NaN", "1e400"] {
            assert!(number("x", bad).is_err(), "{bad}");
        }
        for bad in ["12.00", "12.00 (", "12.00 (x%)", "12.00 (-1%)", "(1%)"] {
            assert!(number_and_percent("x", bad).is_err(), "{bad}");
        }
        assert_eq!(iso_time("2024.01.02 10:05:09").as_deref(), Some("2024-01-02T10:05:09"));
        assert_eq!(iso_time("2024.01.02 10:05").as_deref(), Some("2024-01-02T10:05:00"));
        assert_eq!(iso_time("2024.01.02 24:00"), None);
        assert_eq!(iso_time("2024.01.02"), None);
    }

    #[test]
    fn html_rows_survive_markup_noise() {
        let rows = table_rows(
            "<style>td{x:'<tr>'}</style><!-- <td>no</td> --><TABLE><TR><TD nowrap>A&amp;B&nbsp;:</TD><td><b>1&#32;000</b><td>x<br>y</tr></table>",
        );
        assert_eq!(rows, [vec!["A&B :".to_string(), "1 000".into(), "x y".into()]]);
        assert_eq!(decode_entities("&bogus; &#xZZ; & &#128512;"), "&bogus; &#xZZ; & \u{1F600}");
    }

    #[test]
    fn utf16_without_a_bom_and_odd_lengths() {
        let le: Vec<u8> = "<html>".encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(decode_text(&le).unwrap(), "<html>");
        assert_eq!(decode_text(&[0xFF, 0xFE, 0x41]), Err(ReportError::Encoding));
        assert_eq!(decode_text(&[0xFF, 0xFE, 0x00, 0xD8]), Err(ReportError::Encoding));
        assert_eq!(decode_text(&[0xC3, 0x28]), Err(ReportError::Encoding));
    }
}
