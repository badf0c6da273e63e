//! What the license check reads and writes: the facts one check is decided
//! on (one indexed query, on the hot path of every robot's start) and the
//! check log, `license_checks`.
//!
//! The log's rows arrive in PostgreSQL's binary `COPY` format
//! (`license_check::log::encode`). `COPY FROM` refuses tables under
//! row-level security, so the rows are copied into a temporary table of this
//! connection first and inserted from there: the insert runs under the
//! caller's role and its policies, as any other write does.

use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::status::{ClientStatus, LicenseHold, LicenseStatus, TenantStatus};

/// Everything the decision needs, from one query.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CheckFacts {
    pub tenant_status: TenantStatus,
    pub robot_active: bool,
    pub signing_key: String,
    /// The sealed Ed25519 seed (protocol v2); None for a robot never built with v2.
    pub private_key: Option<String>,
    pub offline_grace_seconds: i32,
    pub binding_policy: String,
    pub client_id: Option<Uuid>,
    pub client_status: Option<ClientStatus>,
    pub license_id: Option<Uuid>,
    pub license_status: Option<LicenseStatus>,
    pub expiration_date: Option<DateTime<Utc>>,
    /// Held without ending (a dispute, a late charge).
    pub license_hold: Option<LicenseHold>,
    pub account_number: Option<String>,
    /// A personal build's status (None for a check by e-mail).
    pub build_status: Option<String>,
    /// The tenant's portal URL: a refusal that hides the buyer names the
    /// client portal where the buyer confirms their account.
    pub tenant_url: String,
    /// The seat policy in force for the license: the robot's, with the
    /// license's overrides.
    pub live_seats: i32,
    pub demo_accounts: String,
    /// None: contest accounts follow the demo rule.
    pub contest_accounts: Option<String>,
    pub allowed_brokers: Vec<String>,
    pub trial_demo_only: bool,
    /// The license's seats, one column per array (the i-th entries make one seat).
    pub seat_logins: Vec<String>,
    pub seat_servers: Vec<Option<String>>,
    pub seat_counted: Vec<bool>,
    /// The version buyers download now.
    pub latest_version: Option<String>,
    /// The version the robot's tag names, and whether the owner withdrew it.
    pub running_version: Option<String>,
    pub running_withdrawn: bool,
}

/// The columns both lookups read beyond the license itself: the policy
/// (with the license's overrides), its seats and the versions.
const POLICY_SEATS_AND_VERSIONS: &str = "
       coalesce(l.live_seats_override, r.live_seats) AS live_seats,
       coalesce(l.demo_accounts_override, r.demo_accounts) AS demo_accounts,
       r.contest_accounts, r.allowed_brokers, r.trial_demo_only,
       coalesce(s.logins, '{}') AS seat_logins, coalesce(s.servers, '{}') AS seat_servers,
       coalesce(s.counted, '{}') AS seat_counted,
       r.active_version AS latest_version, v.version AS running_version,
       coalesce(v.withdrawn_at IS NOT NULL, false) AS running_withdrawn";

/// Joined after the license `l`: its seats as arrays, and the version the tag `$5` names.
const SEATS_AND_RUNNING_VERSION: &str = "
           LEFT JOIN LATERAL (
                SELECT array_agg(st.login ORDER BY st.bound_at) AS logins,
                       array_agg(st.server ORDER BY st.bound_at) AS servers,
                       array_agg(st.counted ORDER BY st.bound_at) AS counted
                  FROM license_seats st
                 WHERE st.tenant_id = r.tenant_id AND st.license_id = l.id) s ON l.id IS NOT NULL
           LEFT JOIN robot_versions v ON v.tenant_id = r.tenant_id AND v.robot_id = r.id AND v.version_tag = $5";

/// The robot (in the tenant it claims), the client by `email` and the one
/// license of that client and robot that counts: usable ones first (active
/// or trial, not expired), then one already bound to `account`, then an
/// unbound one, then the latest expiration (no expiration first), then the
/// newest. None when the robot is not the tenant's. Anonymous scope narrowed
/// to the tenant.
pub async fn facts_by_email(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    email: &str,
    account: u64,
    version_tag: Option<&str>,
) -> AppResult<Option<CheckFacts>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT t.status AS tenant_status, t.url AS tenant_url, r.active AS robot_active, r.license_signing_key AS signing_key,
                r.license_private_key AS private_key, r.offline_grace_seconds, r.binding_policy,
                c.id AS client_id, c.status AS client_status,
                l.id AS license_id, l.status AS license_status, l.expiration_date, l.hold AS license_hold,
                l.account_number, NULL::text AS build_status, {POLICY_SEATS_AND_VERSIONS}
           FROM tenant_robots r
           JOIN tenants t ON t.id = r.tenant_id
           LEFT JOIN tenant_clients c ON c.tenant_id = r.tenant_id AND c.email = $3
           LEFT JOIN LATERAL (
                SELECT l.id, l.status, l.expiration_date, l.hold, l.account_number, l.live_seats_override,
                       l.demo_accounts_override
                  FROM tenant_client_robots l
                 WHERE l.tenant_id = r.tenant_id AND l.robot_id = r.id AND l.client_id = c.id
                 ORDER BY (l.status IN ('active', 'trial') AND (l.expiration_date IS NULL OR l.expiration_date > now())
                           AND l.hold IS NULL) DESC,
                          EXISTS (SELECT 1 FROM license_seats st
                                   WHERE st.tenant_id = l.tenant_id AND st.license_id = l.id AND st.login = $4) DESC,
                          (l.account_number IS NULL) DESC,
                          l.expiration_date DESC NULLS FIRST,
                          l.created_at DESC
                 LIMIT 1) l ON true
           {SEATS_AND_RUNNING_VERSION}
          WHERE r.tenant_id = $1 AND r.id = $2"
    )))
    .bind(tenant_id)
    .bind(robot_id)
    .bind(email)
    .bind(account.to_string())
    .bind(version_tag)
    .fetch_optional(conn)
    .await?)
}

/// A personal build's check: the license it names, if it is a license of
/// this robot and `build_mark` is one of its builds (else no license: refused
/// as an unknown e-mail is), with that build's status. One indexed query too.
pub async fn facts_by_build(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    license_id: Uuid,
    build_mark: &str,
    version_tag: Option<&str>,
) -> AppResult<Option<CheckFacts>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT t.status AS tenant_status, t.url AS tenant_url, r.active AS robot_active, r.license_signing_key AS signing_key,
                r.license_private_key AS private_key, r.offline_grace_seconds, r.binding_policy,
                c.id AS client_id, c.status AS client_status,
                l.id AS license_id, l.status AS license_status, l.expiration_date, l.hold AS license_hold,
                l.account_number, l.build_status, {POLICY_SEATS_AND_VERSIONS}
           FROM tenant_robots r
           JOIN tenants t ON t.id = r.tenant_id
           LEFT JOIN LATERAL (
                SELECT l.id, l.client_id, l.status, l.expiration_date, l.hold, l.account_number, l.live_seats_override,
                       l.demo_accounts_override, b.status AS build_status
                  FROM tenant_client_robots l
                  JOIN license_builds b ON b.tenant_id = l.tenant_id AND b.license_id = l.id AND b.build_mark = $4
                 WHERE l.tenant_id = r.tenant_id AND l.robot_id = r.id AND l.id = $3) l ON true
           LEFT JOIN tenant_clients c ON c.tenant_id = r.tenant_id AND c.id = l.client_id
           {SEATS_AND_RUNNING_VERSION}
          WHERE r.tenant_id = $1 AND r.id = $2"
    )))
    .bind(tenant_id)
    .bind(robot_id)
    .bind(license_id)
    .bind(build_mark)
    .bind(version_tag)
    .fetch_optional(conn)
    .await?)
}

/// What `COPY ... (FORMAT binary)` reads before the rows and after them.
const COPY_HEADER: &[u8] = b"PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0";
const COPY_TRAILER: &[u8] = &(-1i16).to_be_bytes();

/// Copies rows into the staging table of this connection: created once per
/// server connection, emptied by every commit, never logged. Every statement
/// of the transaction from here on fails past `timeout`.
async fn stage(conn: &mut PgConnection, rows: &[u8], timeout: Duration) -> AppResult<()> {
    // A whole number of milliseconds: nothing from outside reaches this text.
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "SET LOCAL statement_timeout = {};
         SET LOCAL client_min_messages = warning;
         CREATE TEMP TABLE IF NOT EXISTS license_checks_incoming (
             id uuid NOT NULL, tenant_id uuid NOT NULL, robot_id uuid, license_id uuid, email text,
             account_number text, ip inet, valid boolean NOT NULL, code text NOT NULL, checked_at timestamptz NOT NULL,
             account_server text, trade_mode text, robot_version text, company text, terminal_build integer
         ) ON COMMIT DELETE ROWS",
        timeout.as_millis().max(1)
    )))
    .execute(&mut *conn)
    .await?;
    let mut copy = conn.copy_in_raw("COPY license_checks_incoming FROM STDIN (FORMAT binary)").await?;
    copy.send(COPY_HEADER).await?;
    copy.send(rows).await?;
    copy.send(COPY_TRAILER).await?;
    copy.finish().await?;
    Ok(())
}

/// Adds `rows` (binary `COPY` rows, one after another) to the log; returns
/// how many. Worker scope.
pub async fn insert(conn: &mut PgConnection, rows: &[u8], timeout: Duration) -> AppResult<u64> {
    stage(conn, rows, timeout).await?;
    let inserted =
        sqlx::query("INSERT INTO license_checks SELECT * FROM license_checks_incoming").execute(&mut *conn).await?;
    Ok(inserted.rows_affected())
}

/// Adds rows that may be in the log already (a spill file loaded again after
/// a crash): those are skipped. Returns the ids actually added. Worker scope.
pub async fn insert_skipping_logged(conn: &mut PgConnection, rows: &[u8], timeout: Duration) -> AppResult<Vec<Uuid>> {
    stage(conn, rows, timeout).await?;
    Ok(sqlx::query_scalar(
        "INSERT INTO license_checks SELECT * FROM license_checks_incoming ON CONFLICT (id) DO NOTHING RETURNING id",
    )
    .fetch_all(&mut *conn)
    .await?)
}

/// The account a check writes a seat for.
#[derive(Debug, Clone, Copy)]
pub struct SeatOf<'a> {
    pub tenant_id: Uuid,
    pub license_id: Uuid,
    pub login: u64,
    pub server: Option<&'a str>,
    pub company: Option<&'a str>,
    pub kind: &'a str,
}

/// Takes a seat of the license for the account: `counted` seats only while
/// fewer than the license's seats are counted. The license row is locked
/// first, so of many first checks at once no more take seats than there
/// are. The first counted seat also becomes the license's account (what the
/// screens from before seats show). True when the account holds a seat
/// afterwards. Anonymous scope narrowed to the tenant.
pub async fn take_seat(conn: &mut PgConnection, seat: &SeatOf<'_>, counted: bool) -> AppResult<bool> {
    let login = seat.login.to_string();
    let limit: Option<i32> = sqlx::query_scalar(
        "SELECT coalesce(l.live_seats_override, r.live_seats)
           FROM tenant_client_robots l
           JOIN tenant_robots r ON r.tenant_id = l.tenant_id AND r.id = l.robot_id
          WHERE l.tenant_id = $1 AND l.id = $2
            FOR UPDATE OF l",
    )
    .bind(seat.tenant_id)
    .bind(seat.license_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(limit) = limit else { return Ok(false) };
    let inserted = sqlx::query(
        "INSERT INTO license_seats (id, tenant_id, license_id, login, server, company, kind, counted)
         SELECT $3, $1, $2, $4, $5, $6, $7, $8
          WHERE NOT $8 OR (SELECT count(*) FROM license_seats
                            WHERE tenant_id = $1 AND license_id = $2 AND counted) < $9
         ON CONFLICT DO NOTHING",
    )
    .bind(seat.tenant_id)
    .bind(seat.license_id)
    .bind(Uuid::now_v7())
    .bind(&login)
    .bind(seat.server)
    .bind(seat.company)
    .bind(seat.kind)
    .bind(counted)
    .bind(i64::from(limit))
    .execute(&mut *conn)
    .await?;
    if inserted.rows_affected() == 0 {
        // Full, or this very account took its seat a moment before.
        return holds_seat(conn, seat).await;
    }
    if counted {
        sqlx::query(
            "UPDATE tenant_client_robots SET account_number = $3, account_server = $4
              WHERE tenant_id = $1 AND id = $2 AND account_number IS NULL",
        )
        .bind(seat.tenant_id)
        .bind(seat.license_id)
        .bind(&login)
        .bind(seat.server)
        .execute(&mut *conn)
        .await?;
    }
    Ok(true)
}

async fn holds_seat(conn: &mut PgConnection, seat: &SeatOf<'_>) -> AppResult<bool> {
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM license_seats
                         WHERE tenant_id = $1 AND license_id = $2 AND login = $3
                           AND lower(coalesce(server, '')) = lower(coalesce($4, '')))",
    )
    .bind(seat.tenant_id)
    .bind(seat.license_id)
    .bind(seat.login.to_string())
    .bind(seat.server)
    .fetch_one(conn)
    .await?)
}

/// A seat bound before servers were known learns the server (and kind and
/// company) its login's first v3 check says, unless that account already
/// has a seat of its own; the license's account learns it too.
pub async fn fill_seat_server(conn: &mut PgConnection, seat: &SeatOf<'_>) -> AppResult<()> {
    let login = seat.login.to_string();
    sqlx::query(
        "UPDATE license_seats s SET server = $4, company = $5, kind = $6
          WHERE s.tenant_id = $1 AND s.license_id = $2 AND s.login = $3 AND s.server IS NULL
            AND NOT EXISTS (SELECT 1 FROM license_seats o
                             WHERE o.tenant_id = $1 AND o.license_id = $2 AND o.login = $3
                               AND lower(o.server) = lower($4))",
    )
    .bind(seat.tenant_id)
    .bind(seat.license_id)
    .bind(&login)
    .bind(seat.server)
    .bind(seat.company)
    .bind(seat.kind)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE tenant_client_robots SET account_server = $4
          WHERE tenant_id = $1 AND id = $2 AND ltrim(btrim(account_number), '0') = $3 AND account_server IS NULL",
    )
    .bind(seat.tenant_id)
    .bind(seat.license_id)
    .bind(&login)
    .bind(seat.server)
    .execute(conn)
    .await?;
    Ok(())
}
