//! What a check leaves behind: one row of the check log with the real
//! reason (the owner's screens), and the log's rows folded per license ×
//! account into `license_installations`. `log` encodes the rows; the api's
//! writer sends them.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use super::{AccountKind, CheckCode, CheckRequest, Verdict};
use crate::domain::error::AppResult;
use crate::repositories::installations;

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
    /// What a v3 robot said of its account and itself (None below v3).
    pub server: Option<String>,
    pub trade_mode: Option<AccountKind>,
    pub company: Option<String>,
    pub terminal_build: Option<i32>,
    /// The version its tag names, when known.
    pub robot_version: Option<String>,
}

impl CheckRecord {
    /// The record of a check decided on its facts: the real reason
    /// (`verdict.code`, not what the robot was told) and the license it was
    /// decided for.
    pub fn of_check(
        request: &CheckRequest,
        license_id: Option<Uuid>,
        verdict: &Verdict,
        ip: Option<std::net::IpAddr>,
        checked_at: DateTime<Utc>,
    ) -> Self {
        let terminal = &request.terminal;
        CheckRecord {
            server: terminal.server.clone(),
            trade_mode: terminal.server.as_ref().map(|_| terminal.kind),
            company: terminal.company.clone(),
            terminal_build: terminal.terminal_build,
            robot_version: None,
            tenant_id: request.tenant_id,
            robot_id: Some(request.robot_id),
            license_id,
            email: request.email.clone(),
            account: Some(request.account),
            ip,
            valid: verdict.is_valid(),
            code: verdict.code,
            checked_at,
        }
    }
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
    /// What the latest check said of the terminal.
    pub company: Option<String>,
    pub trade_mode: Option<AccountKind>,
    pub terminal_build: Option<i32>,
    pub robot_version: Option<String>,
}

/// Installations seen since the last write, keyed by tenant, license and
/// account (login and trade server; "" for a robot that cannot say it).
#[derive(Debug, Default)]
pub struct InstallationFolds {
    folds: std::collections::HashMap<(Uuid, Uuid, u64, String), InstallationFold>,
}

impl InstallationFolds {
    /// Folds one check in; checks without a license or an account are no installation.
    pub fn add(&mut self, record: &CheckRecord) {
        let (Some(license_id), Some(account)) = (record.license_id, record.account) else { return };
        let at = record.checked_at;
        let server = record.server.clone().unwrap_or_default();
        let fold =
            self.folds.entry((record.tenant_id, license_id, account, server)).or_insert_with(|| InstallationFold {
                robot_id: record.robot_id,
                first_seen: at,
                last_seen: at,
                last_valid: record.valid,
                last_code: record.code,
                last_ip: record.ip,
                checks: 0,
                state_since: at,
                company: None,
                trade_mode: None,
                terminal_build: None,
                robot_version: None,
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
            fold.company = record.company.clone().or(fold.company.take());
            fold.trade_mode = record.trade_mode.or(fold.trade_mode);
            fold.terminal_build = record.terminal_build.or(fold.terminal_build);
            fold.robot_version = record.robot_version.clone().or(fold.robot_version.take());
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
        for ((tenant, license, account, server), fold) in &self.folds {
            seen.tenants.push(*tenant);
            seen.licenses.push(*license);
            seen.accounts.push(account.to_string());
            seen.servers.push(server.clone());
            seen.companies.push(fold.company.clone());
            seen.trade_modes.push(fold.trade_mode.map(AccountKind::as_str));
            seen.terminal_builds.push(fold.terminal_build);
            seen.robot_versions.push(fold.robot_version.clone());
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
            server: None,
            trade_mode: None,
            company: None,
            terminal_build: None,
            robot_version: None,
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
        let fold = &folds.folds[&(Uuid::nil(), Uuid::from_u128(1), 42, String::new())];
        assert_eq!(fold.checks, 3);
        assert_eq!((fold.first_seen.timestamp_millis(), fold.last_seen.timestamp_millis()), (1_000, 3_000));
        assert_eq!((fold.last_valid, fold.last_code), (false, CheckCode::Expired));
        let other = &folds.folds[&(Uuid::nil(), Uuid::from_u128(1), 7, String::new())];
        assert_eq!((other.checks, other.last_code), (1, CheckCode::AccountMismatch));
        folds.clear();
        assert!(folds.is_empty());
    }

    #[test]
    fn a_check_is_recorded_with_its_real_reason() {
        let request = CheckRequest {
            email: "ana@x.com".into(),
            account: 51_234_567,
            robot_id: Uuid::from_u128(7),
            tenant_id: Uuid::from_u128(9),
            nonce: "n".into(),
            protocol: 2,
            terminal: Default::default(),
            build: None,
        };
        let hidden = Verdict {
            code: CheckCode::NotConfirmed,
            answer: CheckCode::NotRecognized,
            seat: crate::workflows::license_check::SeatWrite::None,
        };
        let at = DateTime::from_timestamp(1_764_000_000, 0).unwrap();
        let ip = Some("10.0.0.1".parse().unwrap());
        let record = CheckRecord::of_check(&request, Some(Uuid::from_u128(1)), &hidden, ip, at);
        assert_eq!((record.code, record.valid), (CheckCode::NotConfirmed, false));
        assert_eq!((record.tenant_id, record.robot_id), (request.tenant_id, Some(request.robot_id)));
        assert_eq!((record.email.as_str(), record.account, record.ip), ("ana@x.com", Some(51_234_567), ip));
        assert_eq!((record.license_id, record.checked_at), (Some(Uuid::from_u128(1)), at));
        let ok = Verdict {
            code: CheckCode::Ok,
            answer: CheckCode::Ok,
            seat: crate::workflows::license_check::SeatWrite::Take { counted: true },
        };
        assert!(CheckRecord::of_check(&request, None, &ok, None, at).valid);
    }
}
