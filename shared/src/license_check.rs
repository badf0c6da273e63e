//! The license check every robot calls when it starts (and hourly after).
//! The hot path: one indexed query decides, a lock only to bind an account
//! the first time, and an HMAC-SHA256 signature over the answer
//! (docs/license-signature.md) so a fake server or a replayed answer fails
//! in the robot.
//!
//! Which license counts when a client holds several of one robot (renewals,
//! repeat purchases): usable ones first (active or trial, not expired), then
//! one already bound to this account, then an unbound one, then the latest
//! expiration (no expiration first), then the newest.

use chrono::{DateTime, Utc};
use hmac::{Hmac, KeyInit, Mac};
use serde::Serialize;
use sha2::Sha256;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::AppResult;
use crate::repositories::{installations, license_checks, licenses};
use crate::status::{ClientStatus, LicenseStatus, TenantStatus};

pub mod log;

/// Machine-readable outcome; the robot's alerts key on these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CheckCode {
    Ok,
    InvalidRequest,
    NotFound,
    Expired,
    Cancelled,
    Suspended,
    RobotInactive,
    TenantSuspended,
    AccountMismatch,
    RateLimited,
    /// The robot's policy wants the account confirmed in the client portal,
    /// and the license has none yet.
    NotConfirmed,
    /// Too many refused checks for this robot from this account or for this
    /// e-mail: someone is guessing.
    Throttled,
    /// A personal build the owner revoked after a leak (decision 0015).
    BuildRevoked,
}

impl CheckCode {
    pub const ALL: [CheckCode; 13] = [
        CheckCode::Ok,
        CheckCode::InvalidRequest,
        CheckCode::NotFound,
        CheckCode::Expired,
        CheckCode::Cancelled,
        CheckCode::Suspended,
        CheckCode::RobotInactive,
        CheckCode::TenantSuspended,
        CheckCode::AccountMismatch,
        CheckCode::RateLimited,
        CheckCode::NotConfirmed,
        CheckCode::Throttled,
        CheckCode::BuildRevoked,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CheckCode::Ok => "OK",
            CheckCode::InvalidRequest => "INVALID_REQUEST",
            CheckCode::NotFound => "NOT_FOUND",
            CheckCode::Expired => "EXPIRED",
            CheckCode::Cancelled => "CANCELLED",
            CheckCode::Suspended => "SUSPENDED",
            CheckCode::RobotInactive => "ROBOT_INACTIVE",
            CheckCode::TenantSuspended => "TENANT_SUSPENDED",
            CheckCode::AccountMismatch => "ACCOUNT_MISMATCH",
            CheckCode::RateLimited => "RATE_LIMITED",
            CheckCode::NotConfirmed => "NOT_CONFIRMED",
            CheckCode::Throttled => "THROTTLED",
            CheckCode::BuildRevoked => "BUILD_REVOKED",
        }
    }

    /// The code the robot is told. A stranger must not learn who bought:
    /// an unknown e-mail, a license bound to another account and one
    /// waiting for its account to be confirmed all answer `ACCOUNT_MISMATCH`
    /// (the spec's "Conta MT5 não autorizada"); the check log keeps the real
    /// reason for the owner.
    pub fn answered(self) -> CheckCode {
        match self {
            CheckCode::NotFound | CheckCode::NotConfirmed => CheckCode::AccountMismatch,
            other => other,
        }
    }

    /// What the robot's user reads (pt-BR).
    pub fn message(self) -> &'static str {
        match self {
            CheckCode::Ok => "Licença válida.",
            CheckCode::InvalidRequest => "Requisição inválida: informe email, mtAccount, robotId e tenantId.",
            CheckCode::NotFound => "Licença não encontrada para este e-mail e robô.",
            CheckCode::Expired => "Licença expirada.",
            CheckCode::Cancelled => "Licença cancelada.",
            CheckCode::Suspended => "Cliente suspenso. Fale com o vendedor.",
            CheckCode::RobotInactive => "Este robô está desativado.",
            CheckCode::TenantSuspended => "Loja suspensa. Fale com o vendedor.",
            CheckCode::AccountMismatch => {
                "Conta MT5 não autorizada para este e-mail e robô. Se você comprou este robô, confira o e-mail da \
                 compra e confirme o número da conta no portal do cliente."
            }
            CheckCode::RateLimited => "Muitas verificações. Aguarde um minuto.",
            CheckCode::NotConfirmed => "Confirme o número da conta no portal do cliente antes de usar o robô.",
            CheckCode::Throttled => "Muitas tentativas recusadas. Tente novamente em alguns minutos.",
            CheckCode::BuildRevoked => "Esta cópia do robô foi bloqueada pelo vendedor. Fale com o vendedor.",
        }
    }
}

/// A well-formed check request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckRequest {
    pub email: String,
    pub account: u64,
    pub robot_id: Uuid,
    pub tenant_id: Uuid,
    pub nonce: String,
    /// 2 when the robot verifies answers with its public key
    /// (`"protocol":2`), else 1 (HMAC).
    pub protocol: u8,
    /// A personal build names its license and its mark (decision 0015); the
    /// e-mail is then empty and the license decides.
    pub build: Option<BuildClaim>,
}

/// The license and mark a personal build sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildClaim {
    pub license_id: Uuid,
    pub build_mark: String,
}

impl CheckRequest {
    /// What this check's answer is cached under, with the tenant and the
    /// robot: the e-mail, or for a personal build its license and mark (a
    /// space cannot be in a parsed e-mail's key, so the two never meet).
    pub fn cache_identity(&self) -> String {
        match &self.build {
            Some(build) => format!("build {} {}", build.license_id, build.build_mark),
            None => self.email.clone(),
        }
    }
}

/// Reads a request body by hand: any JSON a robot (or anyone) sends becomes
/// either a request or `Err(nonce)` — with the nonce when it was readable, so
/// even a refusal can be signed for the robot that asked.
pub fn parse_request(body: &[u8]) -> Result<CheckRequest, Option<String>> {
    // Typed, borrowed where possible: this runs on every check.
    #[derive(serde::Deserialize)]
    struct Raw<'a> {
        #[serde(default, borrow)]
        email: Option<std::borrow::Cow<'a, str>>,
        #[serde(default, rename = "mtAccount")]
        mt_account: Option<serde_json::Value>,
        #[serde(default, rename = "robotId", borrow)]
        robot_id: Option<std::borrow::Cow<'a, str>>,
        #[serde(default, rename = "tenantId", borrow)]
        tenant_id: Option<std::borrow::Cow<'a, str>>,
        #[serde(default, borrow)]
        nonce: Option<std::borrow::Cow<'a, str>>,
        #[serde(default)]
        protocol: Option<serde_json::Value>,
        #[serde(default, rename = "licenseId", borrow)]
        license_id: Option<std::borrow::Cow<'a, str>>,
        #[serde(default, rename = "buildMark", borrow)]
        build_mark: Option<std::borrow::Cow<'a, str>>,
    }
    let raw: Raw = serde_json::from_slice(body).map_err(|_| None)?;
    let nonce = match raw.nonce {
        None => String::new(),
        Some(n) if valid_nonce(&n) => n.into_owned(),
        Some(_) => return Err(None),
    };
    let fail = || Some(nonce.clone());
    // Both or neither: a personal build sends its license and its mark.
    let build = match (raw.license_id, raw.build_mark) {
        (None, None) => None,
        (Some(license), Some(mark)) => {
            let license_id = Uuid::parse_str(license.trim()).map_err(|_| fail())?;
            let build_mark = mark.trim().to_ascii_lowercase();
            if build_mark.len() != 32 || !build_mark.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(fail());
            }
            Some(BuildClaim { license_id, build_mark })
        }
        _ => return Err(fail()),
    };
    let email = match (raw.email, &build) {
        (Some(e), _) => e.trim().to_lowercase(),
        (None, Some(_)) => String::new(),
        (None, None) => return Err(fail()),
    };
    if (build.is_none() && email.is_empty()) || email.len() > 254 {
        return Err(fail());
    }
    let account = match raw.mt_account {
        Some(serde_json::Value::Number(n)) => n.as_u64(),
        Some(serde_json::Value::String(s)) => parse_account(&s),
        _ => None,
    }
    .filter(|a| *a > 0)
    .ok_or_else(fail)?;
    let uuid = |v: Option<std::borrow::Cow<'_, str>>| v.and_then(|s| Uuid::parse_str(s.trim()).ok());
    let robot_id = uuid(raw.robot_id).ok_or_else(fail)?;
    let tenant_id = uuid(raw.tenant_id).ok_or_else(fail)?;
    let protocol = match raw.protocol.as_ref().and_then(serde_json::Value::as_u64) {
        Some(2) => 2,
        _ => 1,
    };
    Ok(CheckRequest { email, account, robot_id, tenant_id, nonce, protocol, build })
}

/// An MT account as a number: digits only (surrounding spaces allowed);
/// leading zeros do not make another account.
pub fn parse_account(text: &str) -> Option<u64> {
    let text = text.trim();
    if text.is_empty() || text.len() > 20 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn valid_nonce(nonce: &str) -> bool {
    nonce.len() <= 128 && nonce.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

pub use crate::repositories::license_checks::CheckFacts;

/// The robot (in the tenant it claims), the client by e-mail and the license
/// chosen by the rule above; for a personal build, the license it names.
/// None when the robot is not the tenant's. Anonymous scope narrowed to the
/// tenant.
pub async fn load(conn: &mut PgConnection, request: &CheckRequest) -> AppResult<Option<CheckFacts>> {
    match &request.build {
        Some(build) => {
            license_checks::facts_by_build(
                conn,
                request.tenant_id,
                request.robot_id,
                build.license_id,
                &build.build_mark,
            )
            .await
        }
        None => {
            license_checks::facts_by_email(conn, request.tenant_id, request.robot_id, &request.email, request.account)
                .await
        }
    }
}

/// Binds the license to `account` if it has none yet; returns the account it
/// is bound to afterwards. Atomic: of many first checks at once, one binds.
pub async fn bind_account(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    license_id: Uuid,
    account: u64,
) -> AppResult<Option<String>> {
    licenses::bind_account_once(conn, tenant_id, license_id, account).await
}

/// What the facts say, before any account binding. `Ok(None)` means the
/// license is usable and its account must be checked (or bound).
pub fn decide(facts: &CheckFacts, now: DateTime<Utc>) -> Result<(), CheckCode> {
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

/// The whole verdict on a check, before any binding write: what it is
/// (`code`, for the owner's log), what the robot is told (`answer`), and
/// whether the license should now be bound to the caller's account.
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

    /// A refusal that hides the buyer: the robot hears `ACCOUNT_MISMATCH`
    /// whatever the license's state, unless the caller is being throttled.
    fn hidden(code: CheckCode, throttled: bool) -> Self {
        if throttled {
            return Verdict::plain(CheckCode::Throttled);
        }
        Verdict { code, answer: CheckCode::AccountMismatch, bind: false }
    }

    pub fn is_valid(&self) -> bool {
        self.answer == CheckCode::Ok
    }
}

/// Decides a check. The license's own state (expired, cancelled, the
/// client suspended) is told only to the account it is bound to; anyone
/// else learns nothing about the buyer. An unbound license is bound on
/// first use only under the `first_use` policy, and never for a caller that
/// is `throttled` (too many refusals for this robot and account or e-mail).
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
    let state = decide(facts, now);
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

/// Whether a stored account (as anyone typed it) is `account`.
pub fn same_account(stored: &str, account: u64) -> bool {
    parse_account(stored) == Some(account)
}

/// Lower-case hex HMAC-SHA256 of `message` under the ASCII of `key`.
pub fn sign(key: &str, message: &str) -> String {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key.as_bytes()).expect("HMAC takes any key length");
    mac.update(message.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// One row of the check log (telemetry for the tenant).
#[derive(Debug, Clone)]
pub struct CheckRecord {
    pub tenant_id: Uuid,
    pub robot_id: Option<Uuid>,
    pub license_id: Option<Uuid>,
    pub email: String,
    pub account: Option<u64>,
    pub ip: Option<std::net::IpAddr>,
    pub valid: bool,
    pub code: CheckCode,
    pub checked_at: DateTime<Utc>,
}

/// The checks of one license × account since the last write, folded in
/// memory: a robot that checks every few seconds costs one upsert per
/// write of `license_installations`, not one per check.
#[derive(Debug, Clone, PartialEq)]
pub struct InstallationFold {
    pub robot_id: Option<Uuid>,
    pub first_seen: DateTime<Utc>,
    pub last_seen: DateTime<Utc>,
    pub last_valid: bool,
    pub last_code: CheckCode,
    pub last_ip: Option<std::net::IpAddr>,
    pub checks: i64,
    /// Since when the latest result (valid or not) holds, within this fold.
    pub state_since: DateTime<Utc>,
}

/// Installations seen since the last write, keyed by tenant, license and account.
#[derive(Debug, Default)]
pub struct InstallationFolds {
    folds: std::collections::HashMap<(Uuid, Uuid, u64), InstallationFold>,
}

impl InstallationFolds {
    /// Folds one check in; checks without a license or an account are no installation.
    pub fn add(&mut self, record: &CheckRecord) {
        let (Some(license_id), Some(account)) = (record.license_id, record.account) else { return };
        let at = record.checked_at;
        let fold = self.folds.entry((record.tenant_id, license_id, account)).or_insert_with(|| InstallationFold {
            robot_id: record.robot_id,
            first_seen: at,
            last_seen: at,
            last_valid: record.valid,
            last_code: record.code,
            last_ip: record.ip,
            checks: 0,
            state_since: at,
        });
        fold.checks += 1;
        fold.first_seen = fold.first_seen.min(at);
        fold.robot_id = record.robot_id.or(fold.robot_id);
        // Instances' records may arrive out of order: the latest check's result is kept.
        if at >= fold.last_seen {
            if record.valid != fold.last_valid {
                fold.state_since = at;
            }
            fold.last_seen = at;
            fold.last_valid = record.valid;
            fold.last_code = record.code;
            fold.last_ip = record.ip;
        }
    }

    pub fn len(&self) -> usize {
        self.folds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.folds.is_empty()
    }

    pub fn clear(&mut self) {
        self.folds.clear();
    }

    /// Adds every fold to `license_installations` in one statement. Worker
    /// scope. The caller clears the set once the transaction committed.
    pub async fn write(&self, conn: &mut PgConnection) -> AppResult<u64> {
        if self.folds.is_empty() {
            return Ok(0);
        }
        let mut seen = installations::Sightings::with_capacity(self.folds.len());
        for ((tenant, license, account), fold) in &self.folds {
            seen.tenants.push(*tenant);
            seen.licenses.push(*license);
            seen.accounts.push(account.to_string());
            seen.robots.push(fold.robot_id);
            seen.first_seen.push(fold.first_seen);
            seen.last_seen.push(fold.last_seen);
            seen.last_valid.push(fold.last_valid);
            seen.last_codes.push(fold.last_code.as_str());
            seen.last_ips.push(fold.last_ip.map(sqlx::types::ipnetwork::IpNetwork::from));
            seen.checks.push(fold.checks);
            seen.state_since.push(fold.state_since);
        }
        installations::add_sightings(conn, seen).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_parse_accounts_as_numbers_and_refuse_garbage() {
        let ok = |body: &str| parse_request(body.as_bytes()).unwrap();
        let r = ok(
            r#"{"email":" Ana@X.com ","mtAccount":"000123","robotId":"0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012","tenantId":"0193a5b2-0000-7000-8000-00000000000a","nonce":"ab_c-1"}"#,
        );
        assert_eq!((r.email.as_str(), r.account, r.nonce.as_str()), ("ana@x.com", 123, "ab_c-1"));
        let n = ok(
            r#"{"email":"a@x.com","mtAccount":123,"robotId":"0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012","tenantId":"0193a5b2-0000-7000-8000-00000000000a"}"#,
        );
        assert_eq!(n.account, 123);
        assert_eq!(parse_request(b"{"), Err(None));
        assert_eq!(parse_request(br#"{"nonce":"a|b"}"#), Err(None));
        assert_eq!(parse_request(br#"{"nonce":"abc","email":"a@x.com","mtAccount":"12a"}"#), Err(Some("abc".into())));
        assert_eq!(parse_request(br#"{"email":"a@x.com","mtAccount":-5}"#), Err(Some(String::new())));
        assert_eq!(parse_account(" 0051234567 "), Some(51234567));
        assert_eq!(parse_account("1e5"), None);
    }

    fn record(license: Option<Uuid>, account: Option<u64>, code: CheckCode, at_ms: i64) -> CheckRecord {
        CheckRecord {
            tenant_id: Uuid::nil(),
            robot_id: Some(Uuid::from_u128(7)),
            license_id: license,
            email: "a@b.c".into(),
            account,
            ip: Some("10.0.0.1".parse().unwrap()),
            valid: code == CheckCode::Ok,
            code,
            checked_at: DateTime::from_timestamp_millis(at_ms).unwrap(),
        }
    }

    #[test]
    fn installations_fold_per_license_and_account_keeping_the_latest_result_whatever_the_order() {
        let license = Some(Uuid::from_u128(1));
        let mut folds = InstallationFolds::default();
        folds.add(&record(license, Some(42), CheckCode::Ok, 2_000));
        folds.add(&record(license, Some(42), CheckCode::Expired, 3_000));
        // An older check from another instance arrives last: counted, but the result stays the latest one's.
        folds.add(&record(license, Some(42), CheckCode::Ok, 1_000));
        folds.add(&record(license, Some(7), CheckCode::AccountMismatch, 1_500));
        // No license or no account: not an installation.
        folds.add(&record(None, Some(42), CheckCode::NotFound, 1_500));
        folds.add(&record(license, None, CheckCode::InvalidRequest, 1_500));
        assert_eq!(folds.len(), 2);
        let fold = &folds.folds[&(Uuid::nil(), Uuid::from_u128(1), 42)];
        assert_eq!(fold.checks, 3);
        assert_eq!((fold.first_seen.timestamp_millis(), fold.last_seen.timestamp_millis()), (1_000, 3_000));
        assert_eq!((fold.last_valid, fold.last_code), (false, CheckCode::Expired));
        let other = &folds.folds[&(Uuid::nil(), Uuid::from_u128(1), 7)];
        assert_eq!((other.checks, other.last_code), (1, CheckCode::AccountMismatch));
        folds.clear();
        assert!(folds.is_empty());
    }

    #[test]
    fn signature_matches_the_documented_example() {
        // docs/license-signature.md, first worked example.
        let key = "5f2b8c1e9a4d7f3062e1b9c8d4a7f05e3c2b1a0918f7e6d5c4b3a29180f7e6d5";
        let message = crate::mql5::signed_string(
            "9f86d081884c7d659a2feaa0c55ad015",
            true,
            "OK",
            Some(1767225600),
            1764000000,
            "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012",
            51234567,
        );
        let signature = sign(key, &message);
        assert_eq!(signature, "7126514e69be5f3019b3f722f1b15a13df83ea15aa1332aa7ce2166aca510b66");
        assert_ne!(signature, sign("another-key", &message));
    }
}
