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
use crate::domain::status::{ClientStatus, LicenseStatus, TenantStatus};

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
    pub account_number: Option<String>,
    /// A personal build's status (None for a check by e-mail).
    pub build_status: Option<String>,
    /// The tenant's portal URL: a refusal that hides the buyer names the
    /// client portal where the buyer confirms their account.
    pub tenant_url: String,
}

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
) -> AppResult<Option<CheckFacts>> {
    Ok(sqlx::query_as(
        "SELECT t.status AS tenant_status, t.url AS tenant_url, r.active AS robot_active, r.license_signing_key AS signing_key,
                r.license_private_key AS private_key, r.offline_grace_seconds, r.binding_policy,
                c.id AS client_id, c.status AS client_status,
                l.id AS license_id, l.status AS license_status, l.expiration_date, l.account_number,
                NULL::text AS build_status
           FROM tenant_robots r
           JOIN tenants t ON t.id = r.tenant_id
           LEFT JOIN tenant_clients c ON c.tenant_id = r.tenant_id AND c.email = $3
           LEFT JOIN LATERAL (
                SELECT l.id, l.status, l.expiration_date, l.account_number
                  FROM tenant_client_robots l
                 WHERE l.tenant_id = r.tenant_id AND l.robot_id = r.id AND l.client_id = c.id
                 ORDER BY (l.status IN ('active', 'trial') AND (l.expiration_date IS NULL OR l.expiration_date > now())) DESC,
                          (ltrim(l.account_number, '0') = $4) DESC NULLS LAST,
                          (l.account_number IS NULL) DESC,
                          l.expiration_date DESC NULLS FIRST,
                          l.created_at DESC
                 LIMIT 1) l ON true
          WHERE r.tenant_id = $1 AND r.id = $2",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(email)
    .bind(account.to_string())
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
) -> AppResult<Option<CheckFacts>> {
    Ok(sqlx::query_as(
        "SELECT t.status AS tenant_status, t.url AS tenant_url, r.active AS robot_active, r.license_signing_key AS signing_key,
                r.license_private_key AS private_key, r.offline_grace_seconds, r.binding_policy,
                c.id AS client_id, c.status AS client_status,
                l.id AS license_id, l.status AS license_status, l.expiration_date, l.account_number,
                l.build_status
           FROM tenant_robots r
           JOIN tenants t ON t.id = r.tenant_id
           LEFT JOIN LATERAL (
                SELECT l.id, l.client_id, l.status, l.expiration_date, l.account_number, b.status AS build_status
                  FROM tenant_client_robots l
                  JOIN license_builds b ON b.tenant_id = l.tenant_id AND b.license_id = l.id AND b.build_mark = $4
                 WHERE l.tenant_id = r.tenant_id AND l.robot_id = r.id AND l.id = $3) l ON true
           LEFT JOIN tenant_clients c ON c.tenant_id = r.tenant_id AND c.id = l.client_id
          WHERE r.tenant_id = $1 AND r.id = $2",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(license_id)
    .bind(build_mark)
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
             account_number text, ip inet, valid boolean NOT NULL, code text NOT NULL, checked_at timestamptz NOT NULL
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
