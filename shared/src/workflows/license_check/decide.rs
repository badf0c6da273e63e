//! Every code a check can answer with is decided here: from the facts
//! ([`judge`]), after a seat binding that lost its race ([`after_binding`]),
//! or before any facts exist ([`refuse_early`]). The license's own state
//! (expired, cancelled, the client suspended) is told only to an account
//! holding one of its seats; anyone else learns nothing about the buyer.

use chrono::{DateTime, Utc};

use super::request::TerminalFacts;
use super::seats::{find_seat, AccountRule, Seat, SeatDecision, SeatPolicy};
use super::{parse_account, CheckCode, CheckFacts};
use crate::domain::status::{ClientStatus, LicenseHold, LicenseStatus, TenantStatus};

/// The whole verdict on a check: what it is (`code`, for the owner's log),
/// what the robot is told (`answer`), and what the check writes to the
/// license's seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    pub code: CheckCode,
    pub answer: CheckCode,
    pub seat: SeatWrite,
}

/// The one write a check may make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatWrite {
    None,
    /// The account takes a seat (`counted`: one of the license's seats).
    Take {
        counted: bool,
    },
    /// A seat bound before servers were known learns its server and kind.
    FillServer,
}

impl Verdict {
    fn plain(code: CheckCode) -> Self {
        Verdict { code, answer: code.answered(), seat: SeatWrite::None }
    }

    /// A refusal that hides the buyer: the robot hears `NOT_RECOGNIZED`
    /// whatever the license's state, unless the caller is being throttled.
    fn hidden(code: CheckCode, throttled: bool) -> Self {
        if throttled {
            return Verdict::plain(CheckCode::Throttled);
        }
        Verdict { code, answer: CheckCode::NotRecognized, seat: SeatWrite::None }
    }

    fn valid(seat: SeatWrite) -> Self {
        Verdict { code: CheckCode::Ok, answer: CheckCode::Ok, seat }
    }

    pub fn is_valid(&self) -> bool {
        self.answer == CheckCode::Ok
    }
}

/// Why a check is refused before any facts are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EarlyRefusal {
    /// Too many checks from this IP this minute.
    RateLimited,
    /// The body is not a check.
    InvalidRequest,
    /// The robot is not the tenant's: nobody bought anything there, so
    /// there is no buyer to hide and `NOT_FOUND` is said as it is.
    UnknownRobot,
}

pub fn refuse_early(refusal: EarlyRefusal) -> Verdict {
    let code = match refusal {
        EarlyRefusal::RateLimited => CheckCode::RateLimited,
        EarlyRefusal::InvalidRequest => CheckCode::InvalidRequest,
        EarlyRefusal::UnknownRobot => CheckCode::NotFound,
    };
    Verdict { code, answer: code, seat: SeatWrite::None }
}

/// What the license's own state says, whoever asks.
fn license_state(facts: &CheckFacts, now: DateTime<Utc>) -> Result<(), CheckCode> {
    let (Some(_), Some(license_status)) = (facts.client_id, facts.license_status) else {
        return Err(CheckCode::NotFound);
    };
    if facts.client_status != Some(ClientStatus::Active) {
        return Err(CheckCode::Suspended);
    }
    match license_status {
        LicenseStatus::Cancelled => Err(CheckCode::Cancelled),
        LicenseStatus::Expired => Err(CheckCode::Expired),
        _ if facts.expiration_date.is_some_and(|e| e <= now) => Err(CheckCode::Expired),
        // Held, not ended: each hold has its own code, so the buyer reads why.
        _ => match facts.license_hold {
            Some(LicenseHold::Dispute) => Err(CheckCode::Disputed),
            Some(LicenseHold::PaymentLate) => Err(CheckCode::PaymentOverdue),
            None => Ok(()),
        },
    }
}

impl CheckFacts {
    /// The policy in force for the license (the robot's, with the license's overrides).
    pub fn seat_policy(&self) -> SeatPolicy {
        let demo = AccountRule::parse(&self.demo_accounts).unwrap_or(AccountRule::Counted);
        SeatPolicy {
            live_seats: usize::try_from(self.live_seats).unwrap_or(1).max(1),
            demo,
            contest: self.contest_accounts.as_deref().and_then(AccountRule::parse).unwrap_or(demo),
            brokers: self.allowed_brokers.clone(),
            trial_demo_only: self.trial_demo_only,
        }
    }

    /// The license's seats (a login the database holds is always a number).
    pub fn seats(&self) -> Vec<Seat> {
        let servers = self.seat_servers.iter().cloned().chain(std::iter::repeat(None));
        let counted = self.seat_counted.iter().copied().chain(std::iter::repeat(true));
        self.seat_logins
            .iter()
            .zip(servers.zip(counted))
            .filter_map(|(login, (server, counted))| Some(Seat { login: parse_account(login)?, server, counted }))
            .collect()
    }

    /// Whether the running version (named by the robot's tag) is older than
    /// the one buyers download now; false when either is unknown.
    pub fn update_available(&self) -> bool {
        match (self.running_version.as_deref(), self.latest_version.as_deref()) {
            (Some(running), Some(latest)) => version_number(running) < version_number(latest),
            _ => false,
        }
    }
}

/// `1.10.0` as (1, 10, 0): versions compare as numbers, not text.
fn version_number(version: &str) -> Vec<u32> {
    version.split('.').map(|part| part.parse().unwrap_or(0)).collect()
}

/// Decides a check from its facts, before any write. An account that holds
/// no seat takes one on first use only under the `first_use` policy (a free,
/// uncounted demo seat under any policy), never while `throttled` (too many
/// refusals for this robot and account or e-mail), and only while the policy
/// and the seats allow.
pub fn judge(facts: &CheckFacts, terminal: &TerminalFacts, login: u64, now: DateTime<Utc>, throttled: bool) -> Verdict {
    if facts.tenant_status != TenantStatus::Active {
        return Verdict::plain(CheckCode::TenantSuspended);
    }
    if !facts.robot_active {
        return Verdict::plain(CheckCode::RobotInactive);
    }
    // A withdrawn version stops whoever runs it: the copy is the seller's
    // concern, not the buyer's, so nobody learns anything of a buyer.
    if facts.running_withdrawn {
        return Verdict::plain(CheckCode::VersionWithdrawn);
    }
    if facts.license_id.is_none() {
        return Verdict::hidden(CheckCode::NotFound, throttled);
    }
    // A revoked build is refused whatever its license says; the buyer's
    // other builds and robots are not affected.
    if facts.build_status.as_deref() == Some("revoked") {
        return Verdict::plain(CheckCode::BuildRevoked);
    }
    let state = license_state(facts, now);
    let trial = facts.license_status == Some(LicenseStatus::Trial);
    let seats = facts.seats();
    match facts.seat_policy().decide(&seats, terminal, login, trial) {
        SeatDecision::Holds { fill_server } => match state {
            Err(code) => Verdict::plain(code),
            Ok(()) => Verdict::valid(if fill_server { SeatWrite::FillServer } else { SeatWrite::None }),
        },
        // The policy's refusal is told once the caller is the license's
        // buyer or could become one (decision 0023); otherwise hidden.
        SeatDecision::Refused(code) => {
            let holder = find_seat(&seats, login, terminal.server.as_deref()).is_some();
            match state {
                Err(state) if holder => Verdict::plain(state),
                Err(state) => Verdict::hidden(state, throttled),
                Ok(()) if holder || may_take(facts, throttled) => Verdict::plain(code),
                Ok(()) => Verdict::hidden(CheckCode::NotConfirmed, throttled),
            }
        }
        SeatDecision::Full => match state {
            Err(state) => Verdict::hidden(state, throttled),
            Ok(()) => Verdict::hidden(CheckCode::SeatsFull, throttled),
        },
        SeatDecision::Take { counted } => match state {
            Err(state) => Verdict::hidden(state, throttled),
            Ok(()) if throttled => Verdict::plain(CheckCode::Throttled),
            Ok(()) if counted && facts.binding_policy != "first_use" => {
                Verdict::hidden(CheckCode::NotConfirmed, throttled)
            }
            Ok(()) => Verdict::valid(SeatWrite::Take { counted }),
        },
    }
}

/// Whether an account without a seat could take one by itself.
fn may_take(facts: &CheckFacts, throttled: bool) -> bool {
    facts.binding_policy == "first_use" && !throttled
}

/// The verdict once a seat was tried: another check may have taken the last
/// seat a moment before, and then this caller holds none.
pub fn after_binding(verdict: Verdict, taken: bool) -> Verdict {
    match verdict.seat {
        SeatWrite::Take { .. } if !taken => {
            Verdict { code: CheckCode::SeatsFull, answer: CheckCode::NotRecognized, seat: SeatWrite::None }
        }
        _ => verdict,
    }
}

/// Whether a stored account (as anyone typed it) is `account`.
pub fn same_account(stored: &str, account: u64) -> bool {
    parse_account(stored) == Some(account)
}

#[cfg(test)]
mod tests {
    use chrono::Duration;
    use uuid::Uuid;

    use super::super::request::AccountKind;
    use super::*;

    const ACCOUNT: u64 = 51_234_567;

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp(1_764_000_000, 0).unwrap()
    }

    /// A usable license of an active client, bound to `ACCOUNT` (bound before servers were known).
    fn bound() -> CheckFacts {
        CheckFacts {
            tenant_status: TenantStatus::Active,
            robot_active: true,
            signing_key: "sealed".into(),
            private_key: None,
            offline_grace_seconds: 86_400,
            binding_policy: "first_use".into(),
            client_id: Some(Uuid::from_u128(1)),
            client_status: Some(ClientStatus::Active),
            license_id: Some(Uuid::from_u128(2)),
            license_status: Some(LicenseStatus::Active),
            expiration_date: Some(now() + Duration::days(30)),
            license_hold: None,
            account_number: Some("051234567".into()),
            build_status: None,
            tenant_url: "https://lucrobot.com.br".to_string(),
            live_seats: 1,
            demo_accounts: "counted".into(),
            contest_accounts: None,
            allowed_brokers: vec![],
            trial_demo_only: false,
            seat_logins: vec!["51234567".into()],
            seat_servers: vec![None],
            seat_counted: vec![true],
            latest_version: Some("1.2.0".into()),
            running_version: None,
            running_withdrawn: false,
        }
    }

    fn unbound() -> CheckFacts {
        CheckFacts { account_number: None, seat_logins: vec![], seat_servers: vec![], seat_counted: vec![], ..bound() }
    }

    /// A robot below v3: no server, no kind.
    fn v2() -> TerminalFacts {
        TerminalFacts::default()
    }

    fn on(server: &str, kind: AccountKind) -> TerminalFacts {
        TerminalFacts { server: Some(server.into()), kind, ..TerminalFacts::default() }
    }

    fn judged(facts: &CheckFacts, login: u64, throttled: bool) -> Verdict {
        judge(facts, &v2(), login, now(), throttled)
    }

    fn said(code: CheckCode, answer: CheckCode) -> Verdict {
        Verdict { code, answer, seat: SeatWrite::None }
    }

    #[test]
    fn the_bound_account_is_told_the_license_s_own_state() {
        let judged = |facts: CheckFacts| judged(&facts, ACCOUNT, false);
        assert_eq!(judged(bound()), said(CheckCode::Ok, CheckCode::Ok));
        assert!(judged(bound()).is_valid());
        let expired_by_date = CheckFacts { expiration_date: Some(now()), ..bound() };
        assert_eq!(judged(expired_by_date), said(CheckCode::Expired, CheckCode::Expired));
        let expired = CheckFacts { license_status: Some(LicenseStatus::Expired), ..bound() };
        assert_eq!(judged(expired), said(CheckCode::Expired, CheckCode::Expired));
        let cancelled = CheckFacts { license_status: Some(LicenseStatus::Cancelled), ..bound() };
        assert_eq!(judged(cancelled), said(CheckCode::Cancelled, CheckCode::Cancelled));
        let suspended = CheckFacts { client_status: Some(ClientStatus::Suspended), ..bound() };
        assert_eq!(judged(suspended), said(CheckCode::Suspended, CheckCode::Suspended));
        let trial_without_end =
            CheckFacts { license_status: Some(LicenseStatus::Trial), expiration_date: None, ..bound() };
        assert_eq!(judged(trial_without_end), said(CheckCode::Ok, CheckCode::Ok));
        let disputed = CheckFacts { license_hold: Some(LicenseHold::Dispute), ..bound() };
        assert_eq!(judged(disputed), said(CheckCode::Disputed, CheckCode::Disputed));
        let late = CheckFacts { license_hold: Some(LicenseHold::PaymentLate), ..bound() };
        assert_eq!(judged(late), said(CheckCode::PaymentOverdue, CheckCode::PaymentOverdue));
        // A hold is told only to the license's own account, like its status.
        let held_unbound = CheckFacts { license_hold: Some(LicenseHold::Dispute), ..unbound() };
        assert_ne!(judged(held_unbound).answer, CheckCode::Ok);
    }

    #[test]
    fn the_tenant_the_robot_a_withdrawn_version_and_a_revoked_build_are_said_to_anyone() {
        let judged = |facts: CheckFacts| judged(&facts, 7, true);
        let tenant = CheckFacts { tenant_status: TenantStatus::Suspended, ..bound() };
        assert_eq!(judged(tenant), said(CheckCode::TenantSuspended, CheckCode::TenantSuspended));
        let robot = CheckFacts { robot_active: false, ..bound() };
        assert_eq!(judged(robot), said(CheckCode::RobotInactive, CheckCode::RobotInactive));
        let revoked = CheckFacts { build_status: Some("revoked".into()), ..bound() };
        assert_eq!(judged(revoked), said(CheckCode::BuildRevoked, CheckCode::BuildRevoked));
        let withdrawn = CheckFacts { running_withdrawn: true, ..bound() };
        assert_eq!(judged(withdrawn), said(CheckCode::VersionWithdrawn, CheckCode::VersionWithdrawn));
    }

    #[test]
    fn strangers_hear_not_recognized_whatever_the_real_reason() {
        let stranger = |facts: CheckFacts| judged(&facts, 7, false);
        assert_eq!(stranger(bound()), said(CheckCode::SeatsFull, CheckCode::NotRecognized));
        let unknown_e_mail = CheckFacts { client_id: None, license_id: None, license_status: None, ..bound() };
        assert_eq!(stranger(unknown_e_mail), said(CheckCode::NotFound, CheckCode::NotRecognized));
        let unconfirmed = CheckFacts { binding_policy: "confirmed".into(), ..unbound() };
        assert_eq!(stranger(unconfirmed), said(CheckCode::NotConfirmed, CheckCode::NotRecognized));
        let cancelled_unbound = CheckFacts { license_status: Some(LicenseStatus::Cancelled), ..unbound() };
        assert_eq!(stranger(cancelled_unbound), said(CheckCode::Cancelled, CheckCode::NotRecognized));
    }

    #[test]
    fn a_throttled_stranger_hears_throttled_and_binds_nothing() {
        assert_eq!(judged(&bound(), 7, true), said(CheckCode::Throttled, CheckCode::Throttled));
        assert_eq!(judged(&unbound(), 7, true), said(CheckCode::Throttled, CheckCode::Throttled));
        // The bound account itself is never throttled.
        assert_eq!(judged(&bound(), ACCOUNT, true), said(CheckCode::Ok, CheckCode::Ok));
    }

    #[test]
    fn an_unbound_usable_license_takes_a_seat_on_first_use_only() {
        let first = judged(&unbound(), ACCOUNT, false);
        assert_eq!(first, Verdict::valid(SeatWrite::Take { counted: true }));
        let confirmed_policy = CheckFacts { binding_policy: "confirmed".into(), ..unbound() };
        assert_eq!(judged(&confirmed_policy, ACCOUNT, false).seat, SeatWrite::None);
        // A free demo seat needs no confirmation: it costs the buyer nothing.
        let demo_free = CheckFacts { demo_accounts: "free".into(), ..confirmed_policy };
        let demo = judge(&demo_free, &on("X-DEMO", AccountKind::Demo), 9, now(), false);
        assert_eq!(demo, Verdict::valid(SeatWrite::Take { counted: false }));
    }

    #[test]
    fn a_seat_bound_before_servers_learns_its_server_and_another_server_is_another_account() {
        let facts = bound();
        let filled = judge(&facts, &on("XPMT5-REAL", AccountKind::Real), ACCOUNT, now(), false);
        assert_eq!(filled, Verdict::valid(SeatWrite::FillServer));
        let known = CheckFacts { seat_servers: vec![Some("XPMT5-REAL".into())], ..bound() };
        assert_eq!(
            judge(&known, &on("xpmt5-real", AccountKind::Real), ACCOUNT, now(), false),
            Verdict::valid(SeatWrite::None)
        );
        let elsewhere = judge(&known, &on("ClearMT5-REAL", AccountKind::Real), ACCOUNT, now(), false);
        assert_eq!(elsewhere, said(CheckCode::SeatsFull, CheckCode::NotRecognized));
    }

    #[test]
    fn policy_refusals_are_told_to_the_buyer_and_hidden_from_whoever_could_not_bind() {
        let demo_refused = CheckFacts { demo_accounts: "refused".into(), ..bound() };
        let on_demo = on("X-DEMO", AccountKind::Demo);
        assert_eq!(
            judge(&demo_refused, &on_demo, 99, now(), false),
            said(CheckCode::DemoRefused, CheckCode::DemoRefused)
        );
        let brokers = CheckFacts { allowed_brokers: vec!["XPMT5-*".into()], ..unbound() };
        let elsewhere = on("Clear-REAL", AccountKind::Real);
        assert_eq!(
            judge(&brokers, &elsewhere, 5, now(), false),
            said(CheckCode::BrokerNotAllowed, CheckCode::BrokerNotAllowed)
        );
        assert_eq!(judge(&brokers, &on("XPMT5-REAL", AccountKind::Real), 5, now(), false).answer, CheckCode::Ok);
        let trial = CheckFacts { trial_demo_only: true, license_status: Some(LicenseStatus::Trial), ..unbound() };
        assert_eq!(judge(&trial, &elsewhere, 5, now(), false).answer, CheckCode::TrialDemoOnly);
        // Under a policy where the caller could not bind anyway, the refusal tells nothing.
        let confirmed = CheckFacts { binding_policy: "confirmed".into(), ..demo_refused };
        assert_eq!(
            judge(&confirmed, &on_demo, 99, now(), false),
            said(CheckCode::NotConfirmed, CheckCode::NotRecognized)
        );
    }

    #[test]
    fn the_running_version_is_compared_as_numbers() {
        let running =
            |v: &str| CheckFacts { running_version: Some(v.into()), latest_version: Some("1.10.0".into()), ..bound() };
        assert!(running("1.9.0").update_available());
        assert!(!running("1.10.0").update_available());
        assert!(!bound().update_available(), "an unknown running version is never told it is old");
    }

    #[test]
    fn a_seat_lost_to_another_account_is_seats_full() {
        let first = judged(&unbound(), ACCOUNT, false);
        assert_eq!(after_binding(first, true), first);
        assert_eq!(after_binding(first, false), said(CheckCode::SeatsFull, CheckCode::NotRecognized));
        // Nothing was bound: nothing to judge again.
        let refused = judged(&bound(), 7, false);
        assert_eq!(after_binding(refused, false), refused);
    }

    #[test]
    fn early_refusals_say_their_code_as_it_is() {
        for (refusal, code) in [
            (EarlyRefusal::RateLimited, CheckCode::RateLimited),
            (EarlyRefusal::InvalidRequest, CheckCode::InvalidRequest),
            (EarlyRefusal::UnknownRobot, CheckCode::NotFound),
        ] {
            assert_eq!(refuse_early(refusal), said(code, code));
            assert!(!refuse_early(refusal).is_valid());
        }
    }
}
