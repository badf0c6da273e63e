//! A stand-in for MetaTrader 5's terminal running the Strategy Tester
//! headless, in tests: invoked as `terminal64.exe [/portable] /config:<tester.ini>`,
//! it reads the `[Tester]` section (Expert under `MQL5\Experts` of its data
//! folder, the working directory; Symbol, Period, Model, FromDate, ToDate,
//! Deposit, Currency, Leverage, Report, ReplaceReport, `[TesterInputs]`) and
//! writes the report where `Report=` says (`.htm` added), UTF-16LE, in the
//! terminal's layout: Settings, Results, Orders and Deals in one table.
//!
//! Its trades are made up but deterministic: the same robot file and the same
//! settings give the same report. Knobs, as markers in the robot file (bytes
//! anywhere) or in the environment:
//! - `STAND-IN:NO-TRADES` / `TESTER_STAND_IN_TRADES=0`: a run with no trade;
//! - `STAND-IN:SECONDS=<n>` / `TESTER_STAND_IN_SECONDS=<n>`: runs n seconds
//!   first (at most 600), for leases and heartbeats;
//! - `STAND-IN:NO-REPORT`: quits without a report, as the terminal does when
//!   the robot fails to load.
//!
//! No expert, or an optimisation asked: no report (the real terminal writes
//! only to its journal), exit code 0 as the real one.

use std::path::{Path, PathBuf};

use shared::domain::backtest::ini::IniFile;
use shared::domain::backtest::report::decode_text;
use shared::domain::backtest::TesterDate;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(config) = args.iter().find_map(|a| a.strip_prefix("/config:")) else {
        eprintln!("usage: terminal64 [/portable] /config:<tester.ini>");
        std::process::exit(7);
    };
    let ini =
        match std::fs::read(config).map_err(|e| e.to_string()).and_then(|b| decode_text(&b).map_err(|e| e.to_string()))
        {
            Ok(text) => IniFile::parse(&text),
            Err(e) => {
                eprintln!("cannot read {config}: {e}");
                std::process::exit(0);
            }
        };
    let tester = |key: &str| ini.get("Tester", key).unwrap_or_default().to_string();
    let data_folder = std::env::current_dir().expect("a working directory");
    let expert_path = windows_path(&data_folder.join("MQL5").join("Experts"), &tester("Expert"));
    let expert_path = if expert_path.extension().is_none() { expert_path.with_extension("ex5") } else { expert_path };
    let Ok(expert) = std::fs::read(&expert_path) else {
        eprintln!("tester: cannot load expert {}", expert_path.display());
        std::process::exit(0);
    };
    if tester("Optimization").parse::<u8>().unwrap_or(0) != 0 {
        eprintln!("tester stand-in: optimisation is not simulated");
        std::process::exit(0);
    }
    let marker = |name: &str| expert.windows(name.len()).position(|w| w == name.as_bytes());
    let seconds = std::env::var("TESTER_STAND_IN_SECONDS").ok().and_then(|v| v.parse::<u64>().ok()).or_else(|| {
        let at = marker("STAND-IN:SECONDS=")? + "STAND-IN:SECONDS=".len();
        let digits: String = expert[at..].iter().take_while(|b| b.is_ascii_digit()).map(|b| *b as char).collect();
        digits.parse().ok()
    });
    if let Some(seconds) = seconds {
        std::thread::sleep(std::time::Duration::from_secs(seconds.min(600)));
    }
    if marker("STAND-IN:NO-REPORT").is_some() {
        std::process::exit(0);
    }
    let no_trades =
        marker("STAND-IN:NO-TRADES").is_some() || std::env::var("TESTER_STAND_IN_TRADES").is_ok_and(|v| v == "0");

    let settings = Settings {
        expert: expert_path.file_stem().and_then(|s| s.to_str()).unwrap_or("Expert").to_string(),
        symbol: tester("Symbol"),
        period: tester("Period"),
        model: tester("Model").parse().unwrap_or(0),
        from: TesterDate::parse(&tester("FromDate")).unwrap_or(TesterDate { year: 2024, month: 1, day: 1 }),
        to: TesterDate::parse(&tester("ToDate")).unwrap_or(TesterDate { year: 2024, month: 12, day: 31 }),
        deposit_cents: tester("Deposit").parse::<i64>().unwrap_or(10_000).max(1) * 100,
        currency: tester("Currency"),
        leverage: tester("Leverage").trim_start_matches("1:").parse().unwrap_or(100),
        inputs: ini
            .section("TesterInputs")
            .map(|(k, v)| (k.to_string(), v.split("||").next().unwrap_or("").to_string()))
            .collect(),
    };
    // Everything that would change a real run; not where the report goes.
    let mut seed_text = expert.clone();
    for key in ["Symbol", "Period", "Model", "FromDate", "ToDate", "Deposit", "Currency", "Leverage"] {
        seed_text.extend_from_slice(format!("{key}={}\n", tester(key)).as_bytes());
    }
    for (name, value) in &settings.inputs {
        seed_text.extend_from_slice(format!("{name}={value}\n").as_bytes());
    }
    let run = simulate(&settings, fnv1a(&seed_text), no_trades);
    let html = render(&settings, &run);

    let mut report = windows_path(&data_folder, &tester("Report"));
    if report.extension().is_none() {
        report.set_extension("htm");
    }
    if report.exists() && tester("ReplaceReport") != "1" {
        let stem = report.file_stem().and_then(|s| s.to_str()).unwrap_or("report").to_string();
        report.set_file_name(format!("{stem}(1).htm"));
    }
    if let Some(parent) = report.parent() {
        let _ = std::fs::create_dir_all(parent);
    }
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(html.encode_utf16().flat_map(u16::to_le_bytes));
    std::fs::write(&report, bytes).expect("write the report");
}

/// `reports\run` under the data folder (drive-absolute paths are refused by
/// taking only their file name: the stand-in never writes outside).
fn windows_path(base: &Path, value: &str) -> PathBuf {
    let mut path = base.to_path_buf();
    for part in value.split(['\\', '/']).filter(|p| !p.is_empty() && *p != "." && *p != ".." && !p.ends_with(':')) {
        path.push(part);
    }
    path
}

struct Settings {
    expert: String,
    symbol: String,
    period: String,
    model: u8,
    from: TesterDate,
    to: TesterDate,
    deposit_cents: i64,
    currency: String,
    leverage: u32,
    inputs: Vec<(String, String)>,
}

struct Trade {
    open: i64,
    close: i64,
    buy: bool,
    open_price: f64,
    close_price: f64,
    profit_cents: i64,
    /// The worst floating loss while open (≥ 0).
    adverse_cents: i64,
}

struct Run {
    trades: Vec<Trade>,
    bars: u64,
    ticks: u64,
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, b| (hash ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
}

/// xorshift64*: enough randomness for made-up trades, the same on every machine.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn simulate(settings: &Settings, seed: u64, no_trades: bool) -> Run {
    let mut dice = Dice(seed | 1);
    let start = settings.from.days_since_epoch() * 86_400;
    let end = (settings.to.days_since_epoch() + 1) * 86_400;
    let span = (end - start).max(86_400);
    let minutes = span / 60;
    let count = if no_trades { 0 } else { 12 + dice.below(40) as i64 };
    let risk = (settings.deposit_cents / 100).max(100);
    let mut trades = Vec::new();
    for i in 0..count {
        let slot = span / count.max(1);
        let open = start + i * slot + dice.below((slot / 2).max(1) as u64) as i64 / 60 * 60;
        let close = open + 60 * (5 + dice.below(((slot / 2) / 60).max(1) as u64) as i64);
        let win = dice.below(100) < 56;
        let size = risk / 4 + dice.below((risk / 2) as u64) as i64;
        let profit_cents = if win { size * 3 / 2 } else { -size };
        let adverse_cents =
            if win { dice.below((size / 2) as u64) as i64 } else { size + dice.below((size / 4).max(1) as u64) as i64 };
        let buy = dice.below(2) == 0;
        let open_price = 1.05 + dice.below(6000) as f64 / 100_000.0;
        let pips = profit_cents as f64 / 1_000_000.0;
        let close_price = if buy { open_price + pips } else { open_price - pips };
        trades.push(Trade {
            open,
            close: close.min(end - 1),
            buy,
            open_price,
            close_price,
            profit_cents,
            adverse_cents,
        });
    }
    let ticks_per_bar = if settings.model == 4 { 23 } else { 4 };
    Run { trades, bars: minutes as u64, ticks: minutes as u64 * ticks_per_bar }
}

/// `-1 234.56` from cents, as the report prints money.
fn money(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    let units = (abs / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in units.chars().enumerate() {
        if i > 0 && (units.len() - i).is_multiple_of(3) {
            grouped.push(' ');
        }
        grouped.push(c);
    }
    format!("{sign}{grouped}.{:02}", abs % 100)
}

fn ratio(value: f64) -> String {
    format!("{value:.2}")
}

fn time(seconds: i64) -> String {
    let date = TesterDate::from_days_since_epoch(seconds.div_euclid(86_400));
    let of_day = seconds.rem_euclid(86_400);
    format!("{date} {:02}:{:02}:{:02}", of_day / 3600, of_day % 3600 / 60, of_day % 60)
}

/// The largest peak-to-trough fall of a series, and that fall as a percentage of its peak.
fn maximal_drawdown(points: impl Iterator<Item = (i64, i64)>) -> (i64, f64) {
    // (level before the dip, lowest level during it): the balance never dips
    // inside a step, the equity does by the trade's adverse excursion.
    let mut peak = i64::MIN;
    let mut worst = (0, 0.0);
    for (level, low) in points {
        peak = peak.max(level);
        let fall = peak - low;
        if fall > worst.0 {
            worst = (fall, fall as f64 * 100.0 / peak as f64);
        }
        peak = peak.max(level);
    }
    worst
}

fn render(s: &Settings, run: &Run) -> String {
    let deposit = s.deposit_cents;
    let mut balance = deposit;
    let mut balance_steps = vec![(deposit, deposit)];
    let mut equity_steps = vec![(deposit, deposit)];
    for t in &run.trades {
        equity_steps.push((balance, balance - t.adverse_cents));
        balance += t.profit_cents;
        balance_steps.push((balance, balance));
        equity_steps.push((balance, balance));
    }
    let (balance_dd, balance_dd_pct) = maximal_drawdown(balance_steps.iter().copied());
    let (equity_dd, equity_dd_pct) = maximal_drawdown(equity_steps.iter().copied());
    let lowest_balance = balance_steps.iter().map(|p| p.1).min().unwrap_or(deposit);
    let lowest_equity = equity_steps.iter().map(|p| p.1).min().unwrap_or(deposit);
    let gross_profit: i64 = run.trades.iter().map(|t| t.profit_cents.max(0)).sum();
    let gross_loss: i64 = run.trades.iter().map(|t| t.profit_cents.min(0)).sum();
    let net = gross_profit + gross_loss;
    let total = run.trades.len();
    let wins = run.trades.iter().filter(|t| t.profit_cents > 0).count();
    let shorts = run.trades.iter().filter(|t| !t.buy).count();
    let short_wins = run.trades.iter().filter(|t| !t.buy && t.profit_cents > 0).count();
    let longs = total - shorts;
    let long_wins = wins - short_wins;
    let pct = |part: usize, of: usize| if of == 0 { 0.0 } else { part as f64 * 100.0 / of as f64 };
    let profit_factor = if gross_loss == 0 { 0.0 } else { gross_profit as f64 / -gross_loss as f64 };
    let payoff = if total == 0 { 0 } else { net / total as i64 };
    let recovery = if equity_dd == 0 { 0.0 } else { net as f64 / equity_dd as f64 };
    let largest_win = run.trades.iter().map(|t| t.profit_cents).filter(|p| *p > 0).max().unwrap_or(0);
    let largest_loss = run.trades.iter().map(|t| t.profit_cents).filter(|p| *p < 0).min().unwrap_or(0);
    let average = |filter: fn(i64) -> bool| {
        let picked: Vec<i64> = run.trades.iter().map(|t| t.profit_cents).filter(|p| filter(*p)).collect();
        if picked.is_empty() {
            0
        } else {
            picked.iter().sum::<i64>() / picked.len() as i64
        }
    };
    let (mut streak_wins, mut streak_losses, mut max_wins, mut max_losses) = ((0, 0), (0, 0), (0, 0), (0, 0));
    for t in &run.trades {
        if t.profit_cents > 0 {
            streak_wins = (streak_wins.0 + 1, streak_wins.1 + t.profit_cents);
            streak_losses = (0, 0);
        } else {
            streak_losses = (streak_losses.0 + 1, streak_losses.1 + t.profit_cents);
            streak_wins = (0, 0);
        }
        max_wins = max_wins.max(streak_wins);
        if streak_losses.0 > max_losses.0 {
            max_losses = streak_losses;
        }
    }

    let mut h = String::new();
    h.push_str("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">\r\n");
    h.push_str(
        "<html xmlns=\"http://www.w3.org/1999/xhtml\">\r\n<head>\r\n  <title>Strategy Tester Report</title>\r\n",
    );
    h.push_str("  <meta name=\"server\" content=\"RoboForge-Demo\" />\r\n  <meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-16\" />\r\n");
    h.push_str("  <style type=\"text/css\" media=\"screen\">\r\n  <!--\r\n  td { font: 8pt Tahoma,Arial; }\r\n  th { font: 10pt Tahoma,Arial; }\r\n  -->\r\n  </style>\r\n</head>\r\n");
    h.push_str("<body topmargin=\"1\" marginheight=\"1\">\r\n<div align=\"center\">\r\n<table cellspacing=\"1\" cellpadding=\"3\" border=\"0\" width=\"1200\">\r\n");
    h.push_str("<tr align=\"center\"><td colspan=\"13\"><div style=\"font: 20pt Times New Roman\"><b>Strategy Tester Report</b></div></td></tr>\r\n");
    h.push_str("<tr align=\"center\"><td colspan=\"13\"><div style=\"font: 16pt Times New Roman\"><b>RoboForge-Demo</b></div><div style=\"font: 10pt Times New Roman\"><b>Build 4755</b></div></td></tr>\r\n");
    let section = |h: &mut String, title: &str| {
        h.push_str(&format!("<tr><td colspan=\"13\" style=\"height: 10px\"></td></tr>\r\n<tr align=\"center\"><th colspan=\"13\" style=\"height: 25px\"><div style=\"font: 10pt Tahoma\"><b>{title}</b></div></th></tr>\r\n"));
    };
    let wide = |h: &mut String, label: &str, value: &str| {
        h.push_str(&format!("<tr align=\"right\"><td nowrap colspan=\"3\">{label}:</td><td colspan=\"10\" align=\"left\"><b>{value}</b></td></tr>\r\n"));
    };
    section(&mut h, "Settings");
    wide(&mut h, "Expert", &escape(&s.expert));
    wide(&mut h, "Symbol", &escape(&s.symbol));
    wide(&mut h, "Period", &format!("{} ({} - {})", escape(&s.period), s.from, s.to));
    let mut first_input = true;
    for (name, value) in &s.inputs {
        let label = if first_input { "Inputs:" } else { "" };
        first_input = false;
        h.push_str(&format!("<tr align=\"right\"><td nowrap colspan=\"3\">{label}</td><td colspan=\"10\" align=\"left\"><b>{}={}</b></td></tr>\r\n", escape(name), escape(value)));
    }
    wide(&mut h, "Company", "RoboForge Demo Ltd.");
    wide(&mut h, "Currency", &escape(&s.currency));
    wide(&mut h, "Initial Deposit", &money(deposit));
    wide(&mut h, "Leverage", &format!("1:{}", s.leverage));
    section(&mut h, "Results");
    let quality = if s.model == 4 { "100% real ticks" } else { "100%" };
    wide(&mut h, "History Quality", quality);
    let row = |h: &mut String, cells: &[(&str, String)]| {
        h.push_str("<tr align=\"right\">");
        for (i, (label, value)) in cells.iter().enumerate() {
            let span = if i == cells.len() - 1 { " colspan=\"2\"" } else { "" };
            h.push_str(&format!(
                "<td nowrap colspan=\"3\">{label}:</td><td nowrap align=\"left\"{span}><b>{value}</b></td>"
            ));
        }
        h.push_str("</tr>\r\n");
    };
    row(&mut h, &[("Bars", run.bars.to_string()), ("Ticks", run.ticks.to_string()), ("Symbols", "1".into())]);
    row(
        &mut h,
        &[
            ("Total Net Profit", money(net)),
            ("Balance Drawdown Absolute", money((deposit - lowest_balance).max(0))),
            ("Equity Drawdown Absolute", money((deposit - lowest_equity).max(0))),
        ],
    );
    row(
        &mut h,
        &[
            ("Gross Profit", money(gross_profit)),
            ("Balance Drawdown Maximal", format!("{} ({:.2}%)", money(balance_dd), balance_dd_pct)),
            ("Equity Drawdown Maximal", format!("{} ({:.2}%)", money(equity_dd), equity_dd_pct)),
        ],
    );
    row(
        &mut h,
        &[
            ("Gross Loss", money(gross_loss)),
            ("Balance Drawdown Relative", format!("{balance_dd_pct:.2}% ({})", money(balance_dd))),
            ("Equity Drawdown Relative", format!("{equity_dd_pct:.2}% ({})", money(equity_dd))),
        ],
    );
    row(
        &mut h,
        &[
            ("Profit Factor", ratio(profit_factor)),
            ("Expected Payoff", money(payoff)),
            ("Margin Level", if total == 0 { String::new() } else { "1 234.56%".into() }),
        ],
    );
    row(
        &mut h,
        &[
            ("Recovery Factor", ratio(recovery)),
            ("Sharpe Ratio", ratio(if total == 0 { 0.0 } else { recovery / 3.0 })),
            ("Z-Score", "0.00 (0.00%)".into()),
        ],
    );
    row(
        &mut h,
        &[
            ("Total Trades", total.to_string()),
            ("Short Trades (won %)", format!("{shorts} ({:.2}%)", pct(short_wins, shorts))),
            ("Long Trades (won %)", format!("{longs} ({:.2}%)", pct(long_wins, longs))),
        ],
    );
    row(
        &mut h,
        &[
            ("Total Deals", (total * 2).to_string()),
            ("Profit Trades (% of total)", format!("{wins} ({:.2}%)", pct(wins, total))),
            ("Loss Trades (% of total)", format!("{} ({:.2}%)", total - wins, pct(total - wins, total))),
        ],
    );
    row(&mut h, &[("Largest profit trade", money(largest_win)), ("Largest loss trade", money(largest_loss))]);
    row(
        &mut h,
        &[("Average profit trade", money(average(|p| p > 0))), ("Average loss trade", money(average(|p| p <= 0)))],
    );
    row(
        &mut h,
        &[
            ("Maximum consecutive wins ($)", format!("{} ({})", max_wins.0, money(max_wins.1))),
            ("Maximum consecutive losses ($)", format!("{} ({})", max_losses.0, money(max_losses.1))),
        ],
    );

    section(&mut h, "Orders");
    h.push_str("<tr bgcolor=\"#E5F0FC\" align=\"center\"><td nowrap><b>Open Time</b></td><td><b>Order</b></td><td><b>Symbol</b></td><td><b>Type</b></td><td colspan=\"2\"><b>Volume</b></td><td><b>Price</b></td><td><b>S / L</b></td><td><b>T / P</b></td><td nowrap><b>Time</b></td><td><b>State</b></td><td colspan=\"2\"><b>Comment</b></td></tr>\r\n");
    for (i, t) in run.trades.iter().enumerate() {
        let (open_kind, close_kind) = if t.buy { ("buy", "sell") } else { ("sell", "buy") };
        for (n, at, kind, price) in
            [(2 * i + 2, t.open, open_kind, t.open_price), (2 * i + 3, t.close, close_kind, t.close_price)]
        {
            h.push_str(&format!("<tr bgcolor=\"#FFFFFF\" align=\"right\"><td>{}</td><td>{n}</td><td>{}</td><td>{kind}</td><td colspan=\"2\">0.1 / 0.1</td><td>{price:.5}</td><td></td><td></td><td>{}</td><td>filled</td><td colspan=\"2\"></td></tr>\r\n", time(at), escape(&s.symbol), time(at)));
        }
    }

    section(&mut h, "Deals");
    h.push_str("<tr bgcolor=\"#E5F0FC\" align=\"center\"><td nowrap><b>Time</b></td><td><b>Deal</b></td><td><b>Symbol</b></td><td><b>Type</b></td><td><b>Direction</b></td><td><b>Volume</b></td><td><b>Price</b></td><td><b>Order</b></td><td><b>Commission</b></td><td><b>Swap</b></td><td><b>Profit</b></td><td><b>Balance</b></td><td><b>Comment</b></td></tr>\r\n");
    let start = s.from.days_since_epoch() * 86_400;
    h.push_str(&format!("<tr bgcolor=\"#FFFFFF\" align=\"right\"><td>{}</td><td>1</td><td></td><td>balance</td><td></td><td></td><td></td><td></td><td>0.00</td><td>0.00</td><td>{}</td><td>{}</td><td></td></tr>\r\n", time(start), money(deposit), money(deposit)));
    let mut balance = deposit;
    for (i, t) in run.trades.iter().enumerate() {
        let (open_kind, close_kind) = if t.buy { ("buy", "sell") } else { ("sell", "buy") };
        let color = if i % 2 == 0 { "#F7F7F7" } else { "#FFFFFF" };
        h.push_str(&format!("<tr bgcolor=\"{color}\" align=\"right\"><td>{}</td><td>{}</td><td>{}</td><td>{open_kind}</td><td>in</td><td>0.1</td><td>{:.5}</td><td>{}</td><td>0.00</td><td>0.00</td><td>0.00</td><td>{}</td><td></td></tr>\r\n", time(t.open), 2 * i + 2, escape(&s.symbol), t.open_price, 2 * i + 2, money(balance)));
        balance += t.profit_cents;
        let comment =
            if t.profit_cents > 0 { format!("tp {:.5}", t.close_price) } else { format!("sl {:.5}", t.close_price) };
        h.push_str(&format!("<tr bgcolor=\"{color}\" align=\"right\"><td>{}</td><td>{}</td><td>{}</td><td>{close_kind}</td><td>out</td><td>0.1</td><td>{:.5}</td><td>{}</td><td>0.00</td><td>0.00</td><td>{}</td><td>{}</td><td>{comment}</td></tr>\r\n", time(t.close), 2 * i + 3, escape(&s.symbol), t.close_price, 2 * i + 3, money(t.profit_cents), money(balance)));
    }
    h.push_str(&format!("<tr align=\"right\"><td nowrap colspan=\"8\" style=\"height: 30px\"></td><td>0.00</td><td>0.00</td><td>{}</td><td>{}</td><td></td></tr>\r\n", money(net), money(balance)));
    h.push_str("</table>\r\n</div>\r\n</body>\r\n</html>\r\n");
    h
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
