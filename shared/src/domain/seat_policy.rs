//! Seats (decision 0023): a license runs on accounts, each a login on a
//! broker's trade server, and takes one of its live seats per counted
//! account. The owner sets per robot how many live seats a license has, what
//! demo and contest accounts do (free, counted, refused), which brokers are
//! allowed and whether trials run on demo only; per license they may
//! override the seats and the demo rule. These are the rules both the seat
//! endpoints and their forms follow, with the pt-BR messages they show.

use crate::domain::text::char_len;

/// How many live seats a robot or a license may give (the database's check).
pub const LIVE_SEATS: std::ops::RangeInclusive<i32> = 1..=50;
/// Most broker patterns one robot may list (the database's check).
pub const MAX_BROKERS: usize = 20;
pub const MAX_BROKER_CHARS: usize = 64;
pub const MAX_SERVER_CHARS: usize = 64;
/// A login fits MetaTrader's `long`; 20 digits is what the column allows.
pub const MAX_LOGIN_DIGITS: usize = 20;

pub const LIVE_SEATS_OUT_OF_RANGE: &str = "Vagas para contas reais deve ficar entre 1 e 50.";
pub const UNKNOWN_DEMO_RULE: &str =
    "Contas demo: escolha \"free\" (livres), \"counted\" (contam como vaga) ou \"refused\" (recusadas).";
pub const UNKNOWN_CONTEST_RULE: &str =
    "Contas de torneio: escolha null (como as demo), \"free\", \"counted\" ou \"refused\".";
pub const TOO_MANY_BROKERS: &str = "Informe no máximo 20 corretoras.";
pub const LOGIN_INVALID: &str = "A conta deve ter só números, sem zeros à esquerda (até 20 dígitos).";
pub const LOGIN_REQUIRED: &str = "Número da conta é obrigatório";
pub const SERVER_REQUIRED: &str = "Servidor é obrigatório";
pub const SERVER_INVALID: &str = "O servidor deve ter até 64 caracteres, sem \"|\" nem caracteres de controle.";
pub const UNKNOWN_TRADE_MODE: &str = "Tipo de conta inválido: use \"real\", \"demo\" ou \"contest\".";

/// What a demo (or contest) account does to a license's seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AccountRule {
    /// Recorded, never takes a seat.
    Free,
    /// Takes a seat like a real account (the behaviour before seats).
    Counted,
    /// Not accepted at all.
    Refused,
}

impl AccountRule {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountRule::Free => "free",
            AccountRule::Counted => "counted",
            AccountRule::Refused => "refused",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "free" => Some(AccountRule::Free),
            "counted" => Some(AccountRule::Counted),
            "refused" => Some(AccountRule::Refused),
            _ => None,
        }
    }
}

/// The trade mode of an account (`ACCOUNT_TRADE_MODE`); unknown until the
/// robot's first check from it says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    Real,
    Demo,
    Contest,
    Unknown,
}

impl SeatKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SeatKind::Real => "real",
            SeatKind::Demo => "demo",
            SeatKind::Contest => "contest",
            SeatKind::Unknown => "unknown",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "real" => Some(SeatKind::Real),
            "demo" => Some(SeatKind::Demo),
            "contest" => Some(SeatKind::Contest),
            "unknown" => Some(SeatKind::Unknown),
            _ => None,
        }
    }

    /// What a buyer may declare: the three modes MetaTrader reports.
    pub fn of_trade_mode(text: &str) -> Option<Self> {
        Self::parse(&text.trim().to_ascii_lowercase()).filter(|k| *k != SeatKind::Unknown)
    }
}

/// The rules that decide a license's seats: the robot's, with the license's
/// overrides already applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EffectivePolicy {
    pub live_seats: i32,
    pub demo: AccountRule,
    pub contest: AccountRule,
    pub trial_demo_only: bool,
}

impl EffectivePolicy {
    /// `contest` None follows the demo rule — the license's demo override
    /// included, so "demo free on this license" frees contest accounts too
    /// unless the robot set a contest rule of its own.
    pub fn of(
        robot_live_seats: i32,
        robot_demo: AccountRule,
        robot_contest: Option<AccountRule>,
        trial_demo_only: bool,
        live_seats_override: Option<i32>,
        demo_override: Option<AccountRule>,
    ) -> Self {
        let demo = demo_override.unwrap_or(robot_demo);
        Self {
            live_seats: live_seats_override.unwrap_or(robot_live_seats),
            demo,
            contest: robot_contest.unwrap_or(demo),
            trial_demo_only,
        }
    }

    fn rule_for(&self, kind: SeatKind) -> AccountRule {
        match kind {
            SeatKind::Demo => self.demo,
            SeatKind::Contest => self.contest,
            // An account whose mode is not known yet counts: the safe side.
            SeatKind::Real | SeatKind::Unknown => AccountRule::Counted,
        }
    }

    /// Whether an account of `kind` may be bound, and if so whether it takes
    /// a seat. `used` is the counted seats the license has now.
    pub fn admit(&self, kind: SeatKind, trial: bool, used: i64) -> Result<bool, SeatRefusal> {
        if trial && self.trial_demo_only && !matches!(kind, SeatKind::Demo | SeatKind::Contest) {
            return Err(SeatRefusal::TrialDemoOnly);
        }
        let counted = match self.rule_for(kind) {
            AccountRule::Refused => return Err(SeatRefusal::KindRefused(kind)),
            AccountRule::Free => false,
            AccountRule::Counted => true,
        };
        if counted && used >= i64::from(self.live_seats) {
            return Err(SeatRefusal::Full { used, total: self.live_seats });
        }
        Ok(counted)
    }
}

/// Why an account cannot take a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatRefusal {
    Full { used: i64, total: i32 },
    KindRefused(SeatKind),
    TrialDemoOnly,
}

impl SeatRefusal {
    pub fn message(&self) -> String {
        match self {
            SeatRefusal::Full { used, total } => format!(
                "Todas as vagas desta licença estão em uso ({used} de {total}). Libere uma conta antes de adicionar outra."
            ),
            SeatRefusal::KindRefused(SeatKind::Contest) => "Este robô não aceita contas de torneio.".into(),
            SeatRefusal::KindRefused(_) => "Este robô não aceita contas demo.".into(),
            SeatRefusal::TrialDemoOnly => {
                "Licenças de teste deste robô só funcionam em conta demo: informe uma conta demo.".into()
            }
        }
    }
}

fn printable(text: &str) -> bool {
    !text.chars().any(char::is_control)
}

/// A broker entry: a trade-server pattern (`XPMT5-*`) or a company name.
/// `|` is refused because the check's signed string uses it as separator.
pub fn broker_problem(pattern: &str) -> Option<String> {
    let length = char_len(pattern);
    if length == 0 || length > MAX_BROKER_CHARS || pattern.contains('|') || !printable(pattern) {
        return Some(format!(
            "Corretora inválida: \"{}\". Use de 1 a 64 caracteres, sem \"|\" nem caracteres de controle.",
            pattern.chars().filter(|c| !c.is_control()).take(MAX_BROKER_CHARS).collect::<String>()
        ));
    }
    None
}

/// The owner's broker list, trimmed, without blank lines or repeats (case
/// ignored, as MetaTrader's server names are compared): the first problem
/// found, if any, with its pt-BR message.
pub fn normalize_brokers(entries: &[String]) -> Result<Vec<String>, String> {
    let mut kept: Vec<String> = Vec::new();
    for entry in entries.iter().map(|e| e.trim()).filter(|e| !e.is_empty()) {
        if let Some(problem) = broker_problem(entry) {
            return Err(problem);
        }
        if !kept.iter().any(|k| k.eq_ignore_ascii_case(entry)) {
            kept.push(entry.to_string());
        }
    }
    if kept.len() > MAX_BROKERS {
        return Err(TOO_MANY_BROKERS.into());
    }
    Ok(kept)
}

/// A MetaTrader login as the seats keep it: digits, no leading zeros.
pub fn login_problem(login: &str) -> Option<&'static str> {
    if login.is_empty() {
        return Some(LOGIN_REQUIRED);
    }
    let digits = login.chars().all(|c| c.is_ascii_digit());
    if !digits || login.starts_with('0') || login.len() > MAX_LOGIN_DIGITS {
        return Some(LOGIN_INVALID);
    }
    None
}

/// A trade server's name (`ACCOUNT_SERVER`).
pub fn server_problem(server: &str) -> Option<&'static str> {
    if server.is_empty() {
        return Some(SERVER_REQUIRED);
    }
    if char_len(server) > MAX_SERVER_CHARS || server.contains('|') || !printable(server) {
        return Some(SERVER_INVALID);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(live: i32, demo: AccountRule, contest: Option<AccountRule>) -> EffectivePolicy {
        EffectivePolicy::of(live, demo, contest, false, None, None)
    }

    #[test]
    fn counted_accounts_fill_the_seats_and_free_ones_never_do() {
        let p = policy(2, AccountRule::Free, None);
        assert_eq!(p.admit(SeatKind::Real, false, 1), Ok(true));
        assert_eq!(p.admit(SeatKind::Real, false, 2), Err(SeatRefusal::Full { used: 2, total: 2 }));
        assert_eq!(p.admit(SeatKind::Demo, false, 2), Ok(false));
        assert_eq!(p.admit(SeatKind::Contest, false, 2), Ok(false), "contest follows demo");
        assert_eq!(p.admit(SeatKind::Unknown, false, 0), Ok(true), "an unknown mode counts");
    }

    #[test]
    fn refused_kinds_and_trials_on_demo_only() {
        let p = policy(1, AccountRule::Refused, Some(AccountRule::Counted));
        assert_eq!(p.admit(SeatKind::Demo, false, 0), Err(SeatRefusal::KindRefused(SeatKind::Demo)));
        assert_eq!(p.admit(SeatKind::Contest, false, 0), Ok(true));
        let trial = EffectivePolicy { trial_demo_only: true, ..policy(1, AccountRule::Free, None) };
        assert_eq!(trial.admit(SeatKind::Real, true, 0), Err(SeatRefusal::TrialDemoOnly));
        assert_eq!(trial.admit(SeatKind::Unknown, true, 0), Err(SeatRefusal::TrialDemoOnly));
        assert_eq!(trial.admit(SeatKind::Demo, true, 0), Ok(false));
        assert_eq!(trial.admit(SeatKind::Real, false, 0), Ok(true), "a paid license is not a trial");
        assert!(SeatRefusal::Full { used: 1, total: 1 }.message().contains("1 de 1"));
    }

    #[test]
    fn license_overrides_win_and_contest_follows_the_overridden_demo_rule() {
        let p = EffectivePolicy::of(1, AccountRule::Counted, None, false, Some(3), Some(AccountRule::Free));
        assert_eq!((p.live_seats, p.demo, p.contest), (3, AccountRule::Free, AccountRule::Free));
        let own_contest = EffectivePolicy::of(
            1,
            AccountRule::Counted,
            Some(AccountRule::Refused),
            false,
            None,
            Some(AccountRule::Free),
        );
        assert_eq!(own_contest.contest, AccountRule::Refused);
    }

    #[test]
    fn broker_lists_are_trimmed_deduplicated_and_bounded() {
        let list = vec![" XPMT5-* ".to_string(), String::new(), "xpmt5-*".into(), "Clear Corretora".into()];
        assert_eq!(normalize_brokers(&list).unwrap(), vec!["XPMT5-*", "Clear Corretora"]);
        assert!(normalize_brokers(&["a|b".to_string()]).unwrap_err().contains("a|b"));
        assert!(normalize_brokers(&["x".repeat(65)]).is_err());
        assert!(normalize_brokers(&["tab\there".to_string()]).is_err());
        let many: Vec<String> = (0..21).map(|i| format!("Corretora {i}")).collect();
        assert_eq!(normalize_brokers(&many).unwrap_err(), TOO_MANY_BROKERS);
        assert_eq!(normalize_brokers(&many[..20]).unwrap().len(), 20);
    }

    #[test]
    fn logins_and_servers() {
        assert_eq!(login_problem("51234567"), None);
        assert_eq!(login_problem("0123"), Some(LOGIN_INVALID));
        assert_eq!(login_problem("12a"), Some(LOGIN_INVALID));
        assert_eq!(login_problem(&"9".repeat(21)), Some(LOGIN_INVALID));
        assert_eq!(login_problem(""), Some(LOGIN_REQUIRED));
        assert_eq!(server_problem("XPMT5-DEMO"), None);
        assert_eq!(server_problem("a|b"), Some(SERVER_INVALID));
        assert_eq!(server_problem(""), Some(SERVER_REQUIRED));
        assert_eq!(SeatKind::of_trade_mode(" DEMO "), Some(SeatKind::Demo));
        assert_eq!(SeatKind::of_trade_mode("unknown"), None);
    }
}
