//! Installations: the MetaTrader accounts that ran a license, as the license
//! checks saw them (`license_installations`, kept by the check-log writer).
//! An account counts as an active installation when it checked in during the
//! last [`ACTIVE_DAYS`] days; more than one on a license is a license passed
//! around (the others get ACCOUNT_MISMATCH).

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;

pub const ACTIVE_DAYS: i32 = 30;

/// One account seen on one license.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Installation {
    pub license_id: Uuid,
    pub robot_id: Option<Uuid>,
    pub robot_name: Option<String>,
    pub account_number: String,
    /// The trade server ("" when the robot could not say: below protocol 3).
    pub account_server: String,
    pub company: Option<String>,
    /// real, demo or contest (None below protocol 3).
    pub trade_mode: Option<String>,
    pub terminal_build: Option<i32>,
    /// The version its latest check ran, when its tag was known.
    pub robot_version: Option<String>,
    pub first_seen: DateTime<Utc>,
    pub last_seen: DateTime<Utc>,
    pub last_valid: bool,
    pub last_code: String,
    pub checks: i64,
    /// Seen within the last [`ACTIVE_DAYS`] days.
    pub active: bool,
    /// `valid`, `in_grace` (its last check was valid but it missed its
    /// hourly re-check: the server is out of its reach and it runs on the
    /// robot's offline grace), `lapsed` (missed re-checks past the grace:
    /// stopped, or no longer opening positions) or `denied` (its last check
    /// was refused).
    pub state: String,
    /// Since when that state holds.
    pub state_since: DateTime<Utc>,
}

const SELECTED: &str = "SELECT i.license_id, i.robot_id, r.name AS robot_name, i.account_number, i.account_server,
                               i.company, i.trade_mode, i.terminal_build, i.robot_version, i.first_seen,
                               i.last_seen, i.last_valid, i.last_code, i.checks,
                               i.last_seen > now() - make_interval(days => $3) AS active,
                               installation_state(i.last_valid, i.last_seen, r.offline_grace_seconds) AS state,
                               installation_state_since(i.last_valid, i.last_seen, r.offline_grace_seconds,
                                                        i.state_since) AS state_since
                          FROM license_installations i
                          JOIN tenant_client_robots l ON l.tenant_id = i.tenant_id AND l.id = i.license_id
                          LEFT JOIN tenant_robots r ON r.tenant_id = i.tenant_id AND r.id = i.robot_id";

/// The accounts of one license, most recently seen first (at most 100).
pub async fn of_license(conn: &mut PgConnection, tenant_id: Uuid, license_id: Uuid) -> AppResult<Vec<Installation>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECTED} WHERE i.tenant_id = $1 AND i.license_id = $2 ORDER BY i.last_seen DESC LIMIT 100"
    )))
    .bind(tenant_id)
    .bind(license_id)
    .bind(ACTIVE_DAYS)
    .fetch_all(conn)
    .await?)
}

/// The accounts of every license of one client (at most 200).
pub async fn of_client(conn: &mut PgConnection, tenant_id: Uuid, client_id: Uuid) -> AppResult<Vec<Installation>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECTED} WHERE i.tenant_id = $1 AND l.client_id = $2 ORDER BY i.last_seen DESC LIMIT 200"
    )))
    .bind(tenant_id)
    .bind(client_id)
    .bind(ACTIVE_DAYS)
    .fetch_all(conn)
    .await?)
}

/// Per license of a page: active installations and when it was last seen.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LicenseUsage {
    pub license_id: Uuid,
    pub active_installations: i64,
    /// Of those, the accounts that hold no seat of the license: a license
    /// sold for two accounts run on two is not shared; a third account
    /// knocking is the hint.
    pub unseated_installations: i64,
    pub last_seen: Option<DateTime<Utc>>,
}

pub async fn usage_of(conn: &mut PgConnection, tenant_id: Uuid, license_ids: &[Uuid]) -> AppResult<Vec<LicenseUsage>> {
    if license_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(sqlx::query_as(
        "SELECT i.license_id,
                count(*) FILTER (WHERE i.last_seen > now() - make_interval(days => $3)) AS active_installations,
                count(*) FILTER (WHERE i.last_seen > now() - make_interval(days => $3) AND NOT EXISTS (
                    SELECT 1 FROM license_seats s
                     WHERE s.tenant_id = i.tenant_id AND s.license_id = i.license_id AND s.login = i.account_number
                       AND (s.server IS NULL OR i.account_server = '' OR lower(s.server) = lower(i.account_server))
                )) AS unseated_installations,
                max(i.last_seen) AS last_seen
           FROM license_installations i
          WHERE i.tenant_id = $1 AND i.license_id = ANY($2)
          GROUP BY i.license_id",
    )
    .bind(tenant_id)
    .bind(license_ids)
    .bind(ACTIVE_DAYS)
    .fetch_all(conn)
    .await?)
}

/// License × account sightings folded from the check log since the last
/// write, one column per vector (the i-th entries make one row): sent as
/// arrays, so any number of them is one statement.
#[derive(Debug, Default)]
pub struct Sightings {
    pub tenants: Vec<Uuid>,
    pub licenses: Vec<Uuid>,
    pub accounts: Vec<String>,
    pub servers: Vec<String>,
    pub companies: Vec<Option<String>>,
    pub trade_modes: Vec<Option<&'static str>>,
    pub terminal_builds: Vec<Option<i32>>,
    pub robot_versions: Vec<Option<String>>,
    pub robots: Vec<Option<Uuid>>,
    pub first_seen: Vec<DateTime<Utc>>,
    pub last_seen: Vec<DateTime<Utc>>,
    pub last_valid: Vec<bool>,
    pub last_codes: Vec<&'static str>,
    pub last_ips: Vec<Option<sqlx::types::ipnetwork::IpNetwork>>,
    pub checks: Vec<i64>,
    pub state_since: Vec<DateTime<Utc>>,
}

impl Sightings {
    pub fn with_capacity(n: usize) -> Self {
        Self {
            tenants: Vec::with_capacity(n),
            licenses: Vec::with_capacity(n),
            accounts: Vec::with_capacity(n),
            servers: Vec::with_capacity(n),
            companies: Vec::with_capacity(n),
            trade_modes: Vec::with_capacity(n),
            terminal_builds: Vec::with_capacity(n),
            robot_versions: Vec::with_capacity(n),
            robots: Vec::with_capacity(n),
            first_seen: Vec::with_capacity(n),
            last_seen: Vec::with_capacity(n),
            last_valid: Vec::with_capacity(n),
            last_codes: Vec::with_capacity(n),
            last_ips: Vec::with_capacity(n),
            checks: Vec::with_capacity(n),
            state_since: Vec::with_capacity(n),
        }
    }
}

/// Adds `seen` to `license_installations` in one statement; returns the rows
/// written. A sighting older than the stored one (instances' writes arrive
/// out of order) adds its checks and widens the first/last seen, but the
/// stored latest result stays. Worker scope.
pub async fn add_sightings(conn: &mut PgConnection, seen: Sightings) -> AppResult<u64> {
    let written = sqlx::query(
        "INSERT INTO license_installations AS i (tenant_id, license_id, account_number, robot_id, first_seen,
                                                 last_seen, last_valid, last_code, last_ip, checks, state_since,
                                                 account_server, company, trade_mode, terminal_build, robot_version)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::timestamptz[],
                              $6::timestamptz[], $7::bool[], $8::text[], $9::inet[], $10::bigint[],
                              $11::timestamptz[], $12::text[], $13::text[], $14::text[], $15::int[], $16::text[])
         ON CONFLICT (tenant_id, license_id, account_number, account_server) DO UPDATE SET
             state_since = CASE WHEN EXCLUDED.last_seen >= i.last_seen AND EXCLUDED.last_valid <> i.last_valid
                                THEN EXCLUDED.state_since ELSE i.state_since END,
             checks = i.checks + EXCLUDED.checks,
             first_seen = LEAST(i.first_seen, EXCLUDED.first_seen),
             last_seen = GREATEST(i.last_seen, EXCLUDED.last_seen),
             last_valid = CASE WHEN EXCLUDED.last_seen >= i.last_seen THEN EXCLUDED.last_valid ELSE i.last_valid END,
             last_code = CASE WHEN EXCLUDED.last_seen >= i.last_seen THEN EXCLUDED.last_code ELSE i.last_code END,
             last_ip = CASE WHEN EXCLUDED.last_seen >= i.last_seen THEN EXCLUDED.last_ip ELSE i.last_ip END,
             robot_id = COALESCE(EXCLUDED.robot_id, i.robot_id),
             company = CASE WHEN EXCLUDED.last_seen >= i.last_seen THEN COALESCE(EXCLUDED.company, i.company) ELSE i.company END,
             trade_mode = CASE WHEN EXCLUDED.last_seen >= i.last_seen THEN COALESCE(EXCLUDED.trade_mode, i.trade_mode) ELSE i.trade_mode END,
             terminal_build = CASE WHEN EXCLUDED.last_seen >= i.last_seen THEN COALESCE(EXCLUDED.terminal_build, i.terminal_build) ELSE i.terminal_build END,
             robot_version = CASE WHEN EXCLUDED.last_seen >= i.last_seen THEN COALESCE(EXCLUDED.robot_version, i.robot_version) ELSE i.robot_version END",
    )
    .bind(seen.tenants)
    .bind(seen.licenses)
    .bind(seen.accounts)
    .bind(seen.robots)
    .bind(seen.first_seen)
    .bind(seen.last_seen)
    .bind(seen.last_valid)
    .bind(seen.last_codes)
    .bind(seen.last_ips)
    .bind(seen.checks)
    .bind(seen.state_since)
    .bind(seen.servers)
    .bind(seen.companies)
    .bind(seen.trade_modes)
    .bind(seen.terminal_builds)
    .bind(seen.robot_versions)
    .execute(conn)
    .await?;
    Ok(written.rows_affected())
}
