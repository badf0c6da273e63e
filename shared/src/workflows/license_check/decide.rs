//! Every code a check can answer with is decided here: from the facts
//! ([`judge`]), after a first-use binding that lost its race
//! ([`after_binding`]), or before any facts exist ([`refuse_early`]). The
//! license's own state (expired, cancelled, the client suspended) is told
//! only to the account it is bound to; anyone else learns nothing about the
//! buyer.

use chrono::{DateTime, Utc};

use super::{parse_account, CheckCode, CheckFacts};
use crate::domain::status::{ClientStatus, LicenseStatus, TenantStatus};

/// The whole verdict on a check: what it is (`code`, for the owner's log),
/// what the robot is told (`answer`), and whether the license should now be
/// bound to the caller's account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    pub code: CheckCode,
    pub answer: CheckCode,
    pub bind: bool,
}

impl Verdict {
    fn plain(code: CheckCode) -> Self {
        Verdict { code, answer: code.answered(), bind: false }
    }

    /// A refusal that hides the buyer: the robot hears `NOT_RECOGNIZED`
    /// whatever the license's state, unless the caller is being throttled.
    fn hidden(code: CheckCode, throttled: bool) -> Self {
        if throttled {
            return Verdict::plain(CheckCode::Throttled);
        }
        Verdict { code, answer: CheckCode::NotRecognized, bind: false }
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
    Verdict { code, answer: code, bind: false }
}

/// What the license's own state says, whoever asks.
fn license_state(facts: &CheckFacts, now: DateTime<Utc>) -> Result<(), CheckCode> {
    if facts.tenant_status != TenantStatus::Active {
        return Err(CheckCode::TenantSuspended);
    }
    if !facts.robot_active {
        return Err(CheckCode::RobotInactive);
    }
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
        _ => Ok(()),
    }
}

/// Decides a check from its facts, before any binding write. An unbound
/// license is bound on first use only under the `first_use` policy, and
/// never for a caller that is `throttled` (too many refusals for this robot
/// and account or e-mail).
pub fn judge(facts: &CheckFacts, account: u64, now: DateTime<Utc>, throttled: bool) -> Verdict {
    if facts.tenant_status != TenantStatus::Active {
        return Verdict::plain(CheckCode::TenantSuspended);
    }
    if !facts.robot_active {
        return Verdict::plain(CheckCode::RobotInactive);
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
    match facts.account_number.as_deref().map(|stored| same_account(stored, account)) {
        Some(true) => Verdict::plain(state.err().unwrap_or(CheckCode::Ok)),
        Some(false) => Verdict::hidden(CheckCode::AccountMismatch, throttled),
        None if facts.binding_policy != "first_use" => Verdict::hidden(CheckCode::NotConfirmed, throttled),
        None => match state {
            Err(code) => Verdict::hidden(code, throttled),
            Ok(()) if throttled => Verdict::plain(CheckCode::Throttled),
            Ok(()) => Verdict { code: CheckCode::Ok, answer: CheckCode::Ok, bind: true },
        },
    }
}

/// The verdict once a first-use binding was tried: `bound` is the account
/// the license holds afterwards. Another check may have bound it a moment
/// before, to another account: then this caller is the stranger.
pub fn after_binding(verdict: Verdict, bound: Option<&str>, account: u64) -> Verdict {
    if !verdict.bind || bound.is_some_and(|stored| same_account(stored, account)) {
        return verdict;
    }
    Verdict { code: CheckCode::AccountMismatch, answer: CheckCode::NotRecognized, bind: false }
}

/// Whether a stored account (as anyone typed it) is `account`.
pub fn same_account(stored: &str, account: u64) -> bool {
    parse_account(stored) == Some(account)
}

#[cfg(test)]
mod tests {
    use chrono::Duration;
    use uuid::Uuid;

    use super::*;

    const ACCOUNT: u64 = 51_234_567;

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp(1_764_000_000, 0).unwrap()
    }

    /// A usable license of an active client, bound to `ACCOUNT` (typed with a leading zero).
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
            account_number: Some("051234567".into()),
            build_status: None,
            tenant_url: "https://lucrobot.com.br".to_string(),
        }
    }

    fn unbound() -> CheckFacts {
        CheckFacts { account_number: None, ..bound() }
    }

    fn said(code: CheckCode, answer: CheckCode) -> Verdict {
        Verdict { code, answer, bind: false }
    }

    #[test]
    fn the_bound_account_is_told_the_license_s_own_state() {
        let judged = |facts: CheckFacts| judge(&facts, ACCOUNT, now(), false);
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
    }

    #[test]
    fn the_tenant_the_robot_and_a_revoked_build_are_said_to_anyone() {
        let judged = |facts: CheckFacts| judge(&facts, 7, now(), true);
        let tenant = CheckFacts { tenant_status: TenantStatus::Suspended, ..bound() };
        assert_eq!(judged(tenant), said(CheckCode::TenantSuspended, CheckCode::TenantSuspended));
        let robot = CheckFacts { robot_active: false, ..bound() };
        assert_eq!(judged(robot), said(CheckCode::RobotInactive, CheckCode::RobotInactive));
        let revoked = CheckFacts { build_status: Some("revoked".into()), ..bound() };
        assert_eq!(judged(revoked), said(CheckCode::BuildRevoked, CheckCode::BuildRevoked));
    }

    #[test]
    fn strangers_hear_account_mismatch_whatever_the_real_reason() {
        let stranger = |facts: CheckFacts| judge(&facts, 7, now(), false);
        assert_eq!(stranger(bound()), said(CheckCode::AccountMismatch, CheckCode::NotRecognized));
        let unknown_e_mail = CheckFacts { client_id: None, license_id: None, license_status: None, ..bound() };
        assert_eq!(stranger(unknown_e_mail), said(CheckCode::NotFound, CheckCode::NotRecognized));
        let unconfirmed = CheckFacts { binding_policy: "confirmed".into(), ..unbound() };
        assert_eq!(stranger(unconfirmed), said(CheckCode::NotConfirmed, CheckCode::NotRecognized));
        let cancelled_unbound = CheckFacts { license_status: Some(LicenseStatus::Cancelled), ..unbound() };
        assert_eq!(stranger(cancelled_unbound), said(CheckCode::Cancelled, CheckCode::NotRecognized));
    }

    #[test]
    fn a_throttled_stranger_hears_throttled_and_binds_nothing() {
        let throttled = |facts: CheckFacts| judge(&facts, 7, now(), true);
        assert_eq!(throttled(bound()), said(CheckCode::Throttled, CheckCode::Throttled));
        assert_eq!(throttled(unbound()), said(CheckCode::Throttled, CheckCode::Throttled));
        // The bound account itself is never throttled.
        assert_eq!(judge(&bound(), ACCOUNT, now(), true), said(CheckCode::Ok, CheckCode::Ok));
    }

    #[test]
    fn an_unbound_usable_license_is_bound_on_first_use_only() {
        let first = judge(&unbound(), ACCOUNT, now(), false);
        assert_eq!(first, Verdict { code: CheckCode::Ok, answer: CheckCode::Ok, bind: true });
        let confirmed_policy = CheckFacts { binding_policy: "confirmed".into(), ..unbound() };
        assert!(!judge(&confirmed_policy, ACCOUNT, now(), false).bind);
    }

    #[test]
    fn a_binding_lost_to_another_account_is_account_mismatch() {
        let first = judge(&unbound(), ACCOUNT, now(), false);
        assert_eq!(after_binding(first, Some("51234567"), ACCOUNT), first);
        assert_eq!(after_binding(first, Some("0051234567"), ACCOUNT), first);
        let lost = said(CheckCode::AccountMismatch, CheckCode::NotRecognized);
        assert_eq!(after_binding(first, Some("99"), ACCOUNT), lost);
        assert_eq!(after_binding(first, None, ACCOUNT), lost);
        // Nothing was bound: nothing to judge again.
        let refused = judge(&bound(), 7, now(), false);
        assert_eq!(after_binding(refused, None, 7), refused);
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
