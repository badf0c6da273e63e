//! Seats: the accounts one license may run on at once (decision 0023). An
//! account is a login on a trade server; the owner's policy says how many
//! real accounts a license holds, what demo and contest accounts cost, which
//! brokers are allowed and whether a trial runs on demo only. Pure: the
//! check's facts carry the license's seats and its effective policy.

use super::request::{AccountKind, TerminalFacts};
use super::CheckCode;

/// What an account of one kind costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountRule {
    /// Recorded, never counted.
    Free,
    /// Takes a seat like a real account.
    Counted,
    Refused,
}

impl AccountRule {
    pub fn parse(text: &str) -> Option<AccountRule> {
        match text {
            "free" => Some(AccountRule::Free),
            "counted" => Some(AccountRule::Counted),
            "refused" => Some(AccountRule::Refused),
            _ => None,
        }
    }
}

/// A license's effective policy: the robot's, with the license's overrides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatPolicy {
    pub live_seats: usize,
    pub demo: AccountRule,
    pub contest: AccountRule,
    /// Trade-server globs (`XPMT5-*`) or company names; empty: any broker.
    pub brokers: Vec<String>,
    pub trial_demo_only: bool,
}

impl Default for SeatPolicy {
    /// The behaviour before seats: one account, whatever its kind.
    fn default() -> Self {
        SeatPolicy {
            live_seats: 1,
            demo: AccountRule::Counted,
            contest: AccountRule::Counted,
            brokers: Vec::new(),
            trial_demo_only: false,
        }
    }
}

/// One account a license is bound to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    pub login: u64,
    /// None: bound before servers were known; the next check fills it in.
    pub server: Option<String>,
    pub counted: bool,
}

/// What the seats say of a check's account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatDecision {
    /// The account holds a seat; `fill_server` when the seat was bound
    /// before servers were known and this check says its server.
    Holds { fill_server: bool },
    /// The account may take a seat (`counted`) or a free, uncounted one.
    Take { counted: bool },
    /// The policy refuses this account, whoever holds the license.
    Refused(CheckCode),
    /// Every counted seat is taken by other accounts.
    Full,
}

impl SeatPolicy {
    pub fn rule(&self, kind: AccountKind) -> AccountRule {
        match kind {
            AccountKind::Demo => self.demo,
            AccountKind::Contest => self.contest,
            AccountKind::Real | AccountKind::Unknown => AccountRule::Counted,
        }
    }

    /// The policy's own refusal of this account, if any: a broker off the
    /// list (a robot below v3 cannot say its broker, so a list refuses it),
    /// a refused kind, a trial off demo.
    pub fn refusal(&self, terminal: &TerminalFacts, trial: bool) -> Option<CheckCode> {
        if !self.brokers.is_empty() && !self.broker_allowed(terminal) {
            return Some(CheckCode::BrokerNotAllowed);
        }
        if self.rule(terminal.kind) == AccountRule::Refused {
            return Some(CheckCode::DemoRefused);
        }
        let on_demo = matches!(terminal.kind, AccountKind::Demo | AccountKind::Contest);
        if trial && self.trial_demo_only && !on_demo {
            return Some(CheckCode::TrialDemoOnly);
        }
        None
    }

    fn broker_allowed(&self, terminal: &TerminalFacts) -> bool {
        let Some(server) = terminal.server.as_deref() else { return false };
        let company = terminal.company.as_deref().unwrap_or("");
        self.brokers.iter().any(|pattern| glob_matches(pattern, server) || glob_matches(pattern, company))
    }

    /// Judges one account against the license's seats.
    pub fn decide(&self, seats: &[Seat], terminal: &TerminalFacts, login: u64, trial: bool) -> SeatDecision {
        if let Some(refusal) = self.refusal(terminal, trial) {
            return SeatDecision::Refused(refusal);
        }
        if let Some(seat) = find_seat(seats, login, terminal.server.as_deref()) {
            return SeatDecision::Holds { fill_server: seat.server.is_none() && terminal.server.is_some() };
        }
        let counted = self.rule(terminal.kind) == AccountRule::Counted;
        if counted && seats.iter().filter(|s| s.counted).count() >= self.live_seats {
            return SeatDecision::Full;
        }
        SeatDecision::Take { counted }
    }
}

/// The seat of `login` on `server`: the same server (names compared without
/// case), else a seat bound before servers were known; a robot below v3
/// (no server) holds any seat of its login.
pub fn find_seat<'a>(seats: &'a [Seat], login: u64, server: Option<&str>) -> Option<&'a Seat> {
    let same_login = || seats.iter().filter(move |s| s.login == login);
    match server {
        Some(server) => same_login()
            .find(|s| s.server.as_deref().is_some_and(|own| own.eq_ignore_ascii_case(server)))
            .or_else(|| same_login().find(|s| s.server.is_none())),
        None => same_login().next(),
    }
}

/// `*` any run of characters, `?` one; no case. A pattern without either
/// must equal the text (a company name).
pub fn glob_matches(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.trim().to_lowercase().chars().collect();
    let t: Vec<char> = text.trim().to_lowercase().chars().collect();
    if p.is_empty() {
        return false;
    }
    // Iterative matching with one backtrack point: linear in practice, no recursion.
    let (mut pi, mut ti, mut star, mut mark) = (0, 0, None, 0);
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some(pi);
            mark = ti;
            pi += 1;
        } else if let Some(s) = star {
            pi = s + 1;
            mark += 1;
            ti = mark;
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|c| *c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(server: &str, kind: AccountKind) -> TerminalFacts {
        TerminalFacts { server: Some(server.into()), kind, ..TerminalFacts::default() }
    }

    fn seat(login: u64, server: Option<&str>, counted: bool) -> Seat {
        Seat { login, server: server.map(str::to_string), counted }
    }

    fn demo_free_two_live_xp() -> SeatPolicy {
        SeatPolicy {
            live_seats: 2,
            demo: AccountRule::Free,
            contest: AccountRule::Free,
            brokers: vec!["XPMT5-*".into()],
            trial_demo_only: false,
        }
    }

    #[test]
    fn the_same_login_on_another_server_is_another_account() {
        let seats = [seat(12345, Some("XPMT5-REAL"), true)];
        assert!(find_seat(&seats, 12345, Some("xpmt5-real")).is_some());
        assert!(find_seat(&seats, 12345, Some("ClearMT5-REAL")).is_none());
        let policy = SeatPolicy::default();
        assert_eq!(policy.decide(&seats, &on("ClearMT5-REAL", AccountKind::Real), 12345, false), SeatDecision::Full);
        // A seat bound before servers were known is its login's, and learns its server.
        let legacy = [seat(12345, None, true)];
        assert_eq!(
            policy.decide(&legacy, &on("XPMT5-REAL", AccountKind::Real), 12345, false),
            SeatDecision::Holds { fill_server: true }
        );
        // A v2 robot cannot say its server: its login is enough.
        assert_eq!(
            policy.decide(&seats, &TerminalFacts::default(), 12345, false),
            SeatDecision::Holds { fill_server: false }
        );
    }

    #[test]
    fn live_seats_count_real_accounts_and_demo_follows_its_rule() {
        let policy = demo_free_two_live_xp();
        let one = [seat(1, Some("XPMT5-REAL"), true)];
        assert_eq!(
            policy.decide(&one, &on("XPMT5-REAL", AccountKind::Real), 2, false),
            SeatDecision::Take { counted: true }
        );
        let two = [seat(1, Some("XPMT5-REAL"), true), seat(2, Some("XPMT5-REAL"), true)];
        assert_eq!(policy.decide(&two, &on("XPMT5-REAL", AccountKind::Real), 3, false), SeatDecision::Full);
        // Demo accounts are free: any number, uncounted, still recorded as seats.
        assert_eq!(
            policy.decide(&two, &on("XPMT5-DEMO", AccountKind::Demo), 9, false),
            SeatDecision::Take { counted: false }
        );
        let counted = SeatPolicy { demo: AccountRule::Counted, ..policy.clone() };
        assert_eq!(counted.decide(&two, &on("XPMT5-DEMO", AccountKind::Demo), 9, false), SeatDecision::Full);
        let refused = SeatPolicy { demo: AccountRule::Refused, contest: AccountRule::Free, ..policy.clone() };
        assert_eq!(
            refused.decide(&[], &on("XPMT5-DEMO", AccountKind::Demo), 9, false),
            SeatDecision::Refused(CheckCode::DemoRefused)
        );
        assert_eq!(
            refused.decide(&[], &on("XPMT5-C", AccountKind::Contest), 9, false),
            SeatDecision::Take { counted: false }
        );
        // Free seats held never fill the counted ones.
        let demos = [seat(7, Some("XPMT5-DEMO"), false), seat(8, Some("XPMT5-DEMO"), false)];
        assert_eq!(
            policy.decide(&demos, &on("XPMT5-REAL", AccountKind::Real), 3, false),
            SeatDecision::Take { counted: true }
        );
    }

    #[test]
    fn brokers_off_the_list_and_trials_off_demo_are_refused_even_on_a_held_seat() {
        let policy = demo_free_two_live_xp();
        let held = [seat(1, Some("ClearMT5-REAL"), true)];
        assert_eq!(
            policy.decide(&held, &on("ClearMT5-REAL", AccountKind::Real), 1, false),
            SeatDecision::Refused(CheckCode::BrokerNotAllowed)
        );
        let by_company = TerminalFacts { company: Some("XP Investimentos".into()), ..on("Other-1", AccountKind::Real) };
        let named = SeatPolicy { brokers: vec!["xp investimentos".into()], ..policy.clone() };
        assert_eq!(named.decide(&[], &by_company, 1, false), SeatDecision::Take { counted: true });
        assert_eq!(
            policy.decide(&[], &TerminalFacts::default(), 1, false),
            SeatDecision::Refused(CheckCode::BrokerNotAllowed)
        );
        let trials = SeatPolicy { trial_demo_only: true, brokers: vec![], ..policy };
        assert_eq!(
            trials.decide(&[], &on("X-REAL", AccountKind::Real), 1, true),
            SeatDecision::Refused(CheckCode::TrialDemoOnly)
        );
        assert_eq!(
            trials.decide(&[], &on("X-DEMO", AccountKind::Demo), 1, true),
            SeatDecision::Take { counted: false }
        );
        assert_eq!(
            trials.decide(&[], &on("X-REAL", AccountKind::Real), 1, false),
            SeatDecision::Take { counted: true }
        );
    }

    #[test]
    fn globs_match_whole_names_without_case() {
        assert!(glob_matches("XPMT5-*", "xpmt5-demo"));
        assert!(glob_matches("XPMT5-*", "XPMT5-"));
        assert!(!glob_matches("XPMT5-*", "ClearMT5-XPMT5-1"));
        assert!(glob_matches("*-Demo?", "MetaQuotes-Demo1"));
        assert!(!glob_matches("MetaQuotes", "MetaQuotes-Demo"));
        assert!(!glob_matches("", ""));
        assert!(glob_matches("a*b*c", &format!("a{}b{}c", "x".repeat(5000), "y".repeat(5000))));
    }
}
