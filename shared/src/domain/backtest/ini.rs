//! The tester `.ini` handed to `terminal64.exe /config:<file>`: a `[Tester]`
//! section (the keys of MetaTrader 5's "configuration at startup") and the
//! robot's inputs in `[TesterInputs]`. The owner's profile is validated here,
//! with pt-BR messages, before anything is queued; every value is checked
//! for line breaks, as one would smuggle another key into the terminal's file.

use serde::{Deserialize, Serialize};

use super::TesterDate;

/// The tester's chart periods, as the `Period=` key spells them.
pub const TIMEFRAMES: &[&str] = &[
    "M1", "M2", "M3", "M4", "M5", "M6", "M10", "M12", "M15", "M20", "M30", "H1", "H2", "H3", "H4", "H6", "H8", "H12",
    "D1", "W1", "MN1",
];

/// How the tester makes prices. Only the two the product offers: the others
/// (every tick generated, open prices, math) say little about a real robot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TickModel {
    /// "Every tick based on real ticks": `Model=4`.
    RealTicks,
    /// "1 minute OHLC": `Model=1`.
    OneMinuteOhlc,
}

impl TickModel {
    pub fn ini_value(self) -> u8 {
        match self {
            TickModel::RealTicks => 4,
            TickModel::OneMinuteOhlc => 1,
        }
    }
}

/// What the owner sets per project (the factory's default) or per run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TesterProfile {
    pub symbol: String,
    /// `M1` … `MN1`.
    pub timeframe: String,
    /// `2024-01-01` (or the terminal's `2024.01.01`).
    pub from: String,
    pub to: String,
    /// Whole units of `currency`, as the tester takes it.
    pub deposit: i64,
    pub currency: String,
    /// `100` for 1:100.
    pub leverage: u32,
    pub model: TickModel,
}

/// One of the robot's `input` variables, by name, with the value to test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RobotInput {
    pub name: String,
    pub value: String,
}

/// A profile field the owner has to fix, with the message the form shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProfileError {
    pub field: &'static str,
    pub message: String,
}

impl std::fmt::Display for ProfileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

/// A profile that passed [`TesterProfile::validate`].
#[derive(Debug, Clone, PartialEq)]
pub struct ValidProfile {
    pub symbol: String,
    pub timeframe: &'static str,
    pub from: TesterDate,
    pub to: TesterDate,
    pub deposit: i64,
    pub currency: String,
    pub leverage: u32,
    pub model: TickModel,
}

/// The terminal's limits are broker-dependent; these keep a typo from
/// becoming an hours-long run.
const MAX_DEPOSIT: i64 = 100_000_000;
const MAX_LEVERAGE: u32 = 3000;

impl TesterProfile {
    /// Every problem at once, so the form can mark them all.
    pub fn validate(&self) -> Result<ValidProfile, Vec<ProfileError>> {
        let mut errors = Vec::new();
        let mut fail = |field, message: &str| errors.push(ProfileError { field, message: message.to_string() });
        let symbol = self.symbol.trim();
        // Brokers add suffixes and prefixes (`EURUSD.m`, `#US30`, `XAUUSD-ECN`).
        if symbol.is_empty() {
            fail("symbol", "Informe o símbolo (ex.: EURUSD).");
        } else if symbol.len() > 32 || !symbol.chars().all(|c| c.is_ascii_alphanumeric() || "._#-+&".contains(c)) {
            fail("symbol", "Símbolo inválido: use letras, números e . _ # - (até 32 caracteres).");
        }
        let timeframe = TIMEFRAMES.iter().copied().find(|t| t.eq_ignore_ascii_case(self.timeframe.trim()));
        if timeframe.is_none() {
            fail(
                "timeframe",
                "Período gráfico desconhecido: use M1, M5, M15, M30, H1, H4, D1, W1, MN1 ou outro do MetaTrader 5.",
            );
        }
        let from = TesterDate::parse(&self.from);
        let to = TesterDate::parse(&self.to);
        if from.is_none() {
            fail("from", "Data inicial inválida (use AAAA-MM-DD).");
        }
        if to.is_none() {
            fail("to", "Data final inválida (use AAAA-MM-DD).");
        }
        if let (Some(from), Some(to)) = (from, to) {
            if from > to {
                fail("from", "A data inicial deve ser anterior ou igual à data final.");
            }
        }
        if self.deposit <= 0 {
            fail("deposit", "O depósito inicial deve ser maior que zero.");
        } else if self.deposit > MAX_DEPOSIT {
            fail("deposit", "O depósito inicial deve ser de no máximo 100.000.000.");
        }
        let currency = self.currency.trim().to_ascii_uppercase();
        if currency.len() != 3 || !currency.chars().all(|c| c.is_ascii_uppercase()) {
            fail("currency", "Moeda inválida: use o código de três letras (ex.: USD, BRL).");
        }
        if self.leverage == 0 || self.leverage > MAX_LEVERAGE {
            fail("leverage", "A alavancagem deve estar entre 1 e 3000 (1:1 a 1:3000).");
        }
        match (timeframe, from, to) {
            (Some(timeframe), Some(from), Some(to)) if errors.is_empty() => Ok(ValidProfile {
                symbol: symbol.to_string(),
                timeframe,
                from,
                to,
                deposit: self.deposit,
                currency,
                leverage: self.leverage,
                model: self.model,
            }),
            _ => Err(errors),
        }
    }
}

/// Where the terminal finds the robot and writes the report, both relative
/// to its data folder (the job's folder under `/portable`).
#[derive(Debug, Clone, PartialEq)]
pub struct TesterRun<'a> {
    /// Under `MQL5\Experts`, e.g. `RoboForge\Robo.ex5`.
    pub expert: &'a str,
    /// e.g. `reports\backtest`: the terminal adds `.htm`.
    pub report: &'a str,
    pub inputs: &'a [RobotInput],
}

/// The `.ini` text, lines ending in CRLF as the terminal writes its own.
pub fn tester_ini(profile: &ValidProfile, run: &TesterRun<'_>) -> Result<String, ProfileError> {
    for (field, value) in [("expert", run.expert), ("report", run.report)] {
        if value.is_empty() || !plain_value(value) || value.contains("..") {
            return Err(ProfileError { field, message: "Caminho inválido para o testador.".into() });
        }
    }
    let mut lines = vec![
        "[Tester]".to_string(),
        format!("Expert={}", run.expert),
        format!("Symbol={}", profile.symbol),
        format!("Period={}", profile.timeframe),
        format!("Model={}", profile.model.ini_value()),
        // A single test: no optimisation, no forward period, no visual mode.
        "Optimization=0".into(),
        "ForwardMode=0".into(),
        "Visual=0".into(),
        // Zero delay: real-ticks runs already reproduce the broker's spreads.
        "ExecutionMode=0".into(),
        format!("FromDate={}", profile.from),
        format!("ToDate={}", profile.to),
        format!("Deposit={}", profile.deposit),
        format!("Currency={}", profile.currency),
        format!("Leverage={}", profile.leverage),
        format!("Report={}", run.report),
        "ReplaceReport=1".into(),
        // The agent waits for the process: the terminal must quit on its own.
        "ShutdownTerminal=1".into(),
        // Agents of this host only: no MQL5 Cloud Network, no remote farm.
        "UseLocal=1".into(),
        "UseRemote=0".into(),
        "UseCloud=0".into(),
    ];
    if !run.inputs.is_empty() {
        lines.push(String::new());
        lines.push("[TesterInputs]".into());
        for input in run.inputs {
            let name_ok = !input.name.is_empty()
                && input.name.len() <= 63
                && input.name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !input.name.starts_with(|c: char| c.is_ascii_digit());
            if !name_ok {
                return Err(ProfileError {
                    field: "inputs",
                    message: format!("Nome de parâmetro inválido: {}", input.name),
                });
            }
            if !plain_value(&input.value) || input.value.contains("||") {
                return Err(ProfileError {
                    field: "inputs",
                    message: format!("Valor inválido para o parâmetro {}.", input.name),
                });
            }
            // value||start||step||stop||N: the optimisation range, off (`N`).
            let value = &input.value;
            lines.push(format!("{}={value}||{value}||0||{value}||N", input.name));
        }
    }
    let mut text = lines.join("\r\n");
    text.push_str("\r\n");
    Ok(text)
}

/// No line break or NUL: one value, one line.
fn plain_value(value: &str) -> bool {
    !value.chars().any(|c| c == '\r' || c == '\n' || c == '\0')
}

/// The `.ini` as the terminal reads it: sections of `key=value` lines, `;`
/// comments, keys compared without case. For the tester stand-in and tests.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct IniFile {
    entries: Vec<(String, String, String)>,
}

impl IniFile {
    pub fn parse(text: &str) -> Self {
        let mut section = String::new();
        let mut entries = Vec::new();
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with(';') {
                continue;
            }
            if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                section = name.trim().to_string();
            } else if let Some((key, value)) = line.split_once('=') {
                entries.push((section.clone(), key.trim().to_string(), value.trim().to_string()));
            }
        }
        IniFile { entries }
    }

    pub fn get(&self, section: &str, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .rev()
            .find(|(s, k, _)| s.eq_ignore_ascii_case(section) && k.eq_ignore_ascii_case(key))
            .map(|(_, _, v)| v.as_str())
    }

    /// Every `key=value` of a section, in order.
    pub fn section(&self, section: &str) -> impl Iterator<Item = (&str, &str)> {
        let section = section.to_string();
        self.entries
            .iter()
            .filter(move |(s, _, _)| s.eq_ignore_ascii_case(&section))
            .map(|(_, k, v)| (k.as_str(), v.as_str()))
    }
}

/// The `.ini` bytes the agent writes: UTF-16LE with a BOM, the encoding the
/// terminal saves its own configuration in (and reads without guessing).
pub fn encode_utf16le(text: &str) -> Vec<u8> {
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile() -> TesterProfile {
        TesterProfile {
            symbol: "EURUSD".into(),
            timeframe: "h1".into(),
            from: "2024-01-01".into(),
            to: "2024-06-30".into(),
            deposit: 10_000,
            currency: "usd".into(),
            leverage: 100,
            model: TickModel::RealTicks,
        }
    }

    fn fields(errors: Vec<ProfileError>) -> Vec<&'static str> {
        errors.into_iter().map(|e| e.field).collect()
    }

    #[test]
    fn a_profile_becomes_the_terminals_tester_section() {
        let valid = profile().validate().unwrap();
        let inputs = [
            RobotInput { name: "Lots".into(), value: "0.10".into() },
            RobotInput { name: "StopLoss".into(), value: "250".into() },
        ];
        let run = TesterRun { expert: r"RoboForge\Robo_Alfa.ex5", report: r"reports\backtest", inputs: &inputs };
        let text = tester_ini(&valid, &run).unwrap();
        assert!(text.ends_with("\r\n"));
        let ini = IniFile::parse(&text);
        for (key, value) in [
            ("Expert", r"RoboForge\Robo_Alfa.ex5"),
            ("Symbol", "EURUSD"),
            ("Period", "H1"),
            ("Model", "4"),
            ("Optimization", "0"),
            ("FromDate", "2024.01.01"),
            ("ToDate", "2024.06.30"),
            ("Deposit", "10000"),
            ("Currency", "USD"),
            ("Leverage", "100"),
            ("Report", r"reports\backtest"),
            ("ReplaceReport", "1"),
            ("ShutdownTerminal", "1"),
        ] {
            assert_eq!(ini.get("Tester", key), Some(value), "{key}");
        }
        let inputs: Vec<_> = ini.section("TesterInputs").collect();
        assert_eq!(inputs, [("Lots", "0.10||0.10||0||0.10||N"), ("StopLoss", "250||250||0||250||N")]);

        let ohlc = TesterProfile { model: TickModel::OneMinuteOhlc, ..profile() }.validate().unwrap();
        let text = tester_ini(&ohlc, &TesterRun { inputs: &[], ..run }).unwrap();
        assert_eq!(IniFile::parse(&text).get("tester", "model"), Some("1"));
        assert!(!text.contains("[TesterInputs]"));
    }

    #[test]
    fn bad_profiles_are_refused_in_portuguese() {
        let bad = TesterProfile { timeframe: "H5".into(), ..profile() }.validate().unwrap_err();
        assert_eq!(
            bad[0].message,
            "Período gráfico desconhecido: use M1, M5, M15, M30, H1, H4, D1, W1, MN1 ou outro do MetaTrader 5."
        );
        let bad = TesterProfile { from: "2024-07-01".into(), ..profile() }.validate().unwrap_err();
        assert_eq!(bad[0].to_string(), "from: A data inicial deve ser anterior ou igual à data final.");
        assert_eq!(fields(TesterProfile { deposit: 0, ..profile() }.validate().unwrap_err()), ["deposit"]);
        assert_eq!(fields(TesterProfile { deposit: -5, ..profile() }.validate().unwrap_err()), ["deposit"]);
        assert_eq!(fields(TesterProfile { leverage: 0, ..profile() }.validate().unwrap_err()), ["leverage"]);
        assert_eq!(fields(TesterProfile { currency: "US".into(), ..profile() }.validate().unwrap_err()), ["currency"]);
        assert_eq!(fields(TesterProfile { to: "2024-02-30".into(), ..profile() }.validate().unwrap_err()), ["to"]);
        // Every problem at once, and no key smuggled through a line break.
        let all = TesterProfile {
            symbol: "EURUSD\r\nExpert=Other".into(),
            timeframe: String::new(),
            from: "ontem".into(),
            to: String::new(),
            deposit: 0,
            currency: String::new(),
            leverage: 0,
            model: TickModel::RealTicks,
        };
        assert_eq!(
            fields(all.validate().unwrap_err()),
            ["symbol", "timeframe", "from", "to", "deposit", "currency", "leverage"]
        );
        assert!(TesterProfile { symbol: "XAUUSD.m".into(), ..profile() }.validate().is_ok());
    }

    #[test]
    fn inputs_and_paths_cannot_break_out_of_their_line() {
        let valid = profile().validate().unwrap();
        let run = |expert: &str, inputs: &[RobotInput]| {
            tester_ini(&valid, &TesterRun { expert, report: "reports\\r", inputs }).map(|_| ())
        };
        for input in [
            RobotInput { name: "Lots\r\nExpert".into(), value: "1".into() },
            RobotInput { name: "1Lots".into(), value: "1".into() },
            RobotInput { name: "Lots".into(), value: "1\nShutdownTerminal=0".into() },
            RobotInput { name: "Lots".into(), value: "1||2".into() },
        ] {
            let inputs = [input];
            assert_eq!(run(r"RoboForge\Robo.ex5", &inputs).unwrap_err().field, "inputs");
        }
        assert_eq!(run(r"..\..\other.ex5", &[]).unwrap_err().field, "expert");
        assert_eq!(run("", &[]).unwrap_err().field, "expert");
    }
}
