//! What a signed-in client sees and does: their licenses with the robot's
//! active version, account changes, downloads, subscriptions. Every query
//! names the tenant and the client; RLS (client scope, restrictive
//! `client_own` policies) refuses anything else too.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::ids::new_id;
use crate::domain::pagination::{Counted, Page, PageParams};
use crate::domain::status::{LicenseStatus, Origin, Recurrence, SaleStatus, SubscriptionStatus};
use crate::repositories::licenses::License;

/// A license card: the license, its robot and the robot's active version.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClientLicenseRow {
    pub id: Uuid,
    pub robot_id: Option<Uuid>,
    pub robot_name: Option<String>,
    pub robot_logo_url: Option<String>,
    pub robot_description: Option<String>,
    pub robot_platform: Option<String>,
    pub active_version: Option<String>,
    pub version_notes: Option<String>,
    pub version_uploaded_at: Option<DateTime<Utc>>,
    pub version_file_name: Option<String>,
    /// The active version's stored file (its backtests are found by it).
    pub version_file_key: Option<String>,
    pub account_number: Option<String>,
    pub activation_date: Option<DateTime<Utc>>,
    pub expiration_date: Option<DateTime<Utc>>,
    pub status: LicenseStatus,
    /// The version this client last downloaded of this license's robot.
    pub last_downloaded_version: Option<String>,
    /// `first_use` or `portal` (the account must be confirmed here first).
    pub binding_policy: Option<String>,
    /// The state of the bound account's installation (valid, in_grace,
    /// lapsed, denied) and since when; None before its robot first checked in.
    pub installation_state: Option<String>,
    pub installation_state_since: Option<DateTime<Utc>>,
    /// The robot's last check on this license (the bound account's, else the
    /// newest account's): when, from which account, and what it was told.
    pub last_check_at: Option<DateTime<Utc>>,
    pub last_check_account: Option<String>,
    pub last_check_valid: Option<bool>,
    pub last_check_code: Option<String>,
    /// A personal build of the active version is ready or on its way: the
    /// download is that copy, which names its license and asks no e-mail.
    pub personal_build: bool,
}

pub async fn licenses(conn: &mut PgConnection, tenant_id: Uuid, client_id: Uuid) -> AppResult<Vec<ClientLicenseRow>> {
    Ok(sqlx::query_as(
        "SELECT l.id, l.robot_id, r.name AS robot_name, r.logo_url AS robot_logo_url, r.description AS robot_description,
                r.platform AS robot_platform, r.active_version, v.notes AS version_notes,
                v.uploaded_at AS version_uploaded_at, v.original_file_name AS version_file_name, v.file_path AS version_file_key,
                l.account_number, l.activation_date, l.expiration_date, l.status,
                (SELECT d.version FROM robot_downloads d
                  WHERE d.tenant_id = l.tenant_id AND d.client_id = l.client_id AND d.license_id = l.id
                  ORDER BY d.downloaded_at DESC LIMIT 1) AS last_downloaded_version,
                r.binding_policy,
                installation_state(i.last_valid, i.last_seen, r.offline_grace_seconds) AS installation_state,
                installation_state_since(i.last_valid, i.last_seen, r.offline_grace_seconds, i.state_since)
                    AS installation_state_since,
                lc.last_seen AS last_check_at, lc.account_number AS last_check_account,
                lc.last_valid AS last_check_valid, lc.last_code AS last_check_code,
                EXISTS (SELECT 1 FROM license_builds b
                         WHERE b.tenant_id = l.tenant_id AND b.license_id = l.id AND b.robot_version_id = v.id
                           AND b.status IN ('queued', 'compiling', 'ready')) AS personal_build
           FROM tenant_client_robots l
           LEFT JOIN tenant_robots r ON r.tenant_id = l.tenant_id AND r.id = l.robot_id
           LEFT JOIN license_installations i
                  ON i.tenant_id = l.tenant_id AND i.license_id = l.id AND i.account_number = ltrim(l.account_number, '0')
           LEFT JOIN LATERAL (
                SELECT c.last_seen, c.account_number, c.last_valid, c.last_code
                  FROM license_installations c
                 WHERE c.tenant_id = l.tenant_id AND c.license_id = l.id
                 ORDER BY (c.account_number = ltrim(l.account_number, '0')) DESC NULLS LAST, c.last_seen DESC
                 LIMIT 1) lc ON true
           LEFT JOIN robot_versions v ON v.tenant_id = l.tenant_id AND v.robot_id = l.robot_id AND v.version = r.active_version
          WHERE l.tenant_id = $1 AND l.client_id = $2
          ORDER BY l.created_at DESC
          LIMIT 200",
    )
    .bind(tenant_id)
    .bind(client_id)
    .fetch_all(conn)
    .await?)
}

/// The client's license, locked for this transaction (account changes of
/// one license serialize here).
pub async fn lock_license(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    client_id: Uuid,
    id: Uuid,
) -> AppResult<Option<License>> {
    Ok(sqlx::query_as(
        "SELECT id, tenant_id, client_id, robot_id, sale_id, activation_date, expiration_date, status, account_number,
                created_at, hold
           FROM tenant_client_robots WHERE tenant_id = $1 AND client_id = $2 AND id = $3 FOR UPDATE",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// Changes of one license's account since `since`, and the newest one. A
/// first binding (no account before) is recorded but is not a change.
pub async fn account_changes(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    license_id: Uuid,
    since: DateTime<Utc>,
) -> AppResult<(i64, Option<DateTime<Utc>>)> {
    Ok(sqlx::query_as(
        "SELECT count(*) FILTER (WHERE changed_at >= $3), max(changed_at)
           FROM license_account_changes
          WHERE tenant_id = $1 AND license_id = $2 AND old_account IS NOT NULL",
    )
    .bind(tenant_id)
    .bind(license_id)
    .bind(since)
    .fetch_one(conn)
    .await?)
}

/// Records a change of the license's accounts the buyer made through its
/// seats: a freed seat (`old_account` the account, `new_account` empty — no
/// account took its place yet) counts as a change; an added seat
/// (`old_account` None) is a binding, recorded but free, like the first one.
pub async fn record_account_change(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    license_id: Uuid,
    client_id: Uuid,
    old_account: Option<&str>,
    new_account: &str,
) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO license_account_changes (id, tenant_id, license_id, client_id, old_account, new_account)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(tenant_id)
    .bind(license_id)
    .bind(client_id)
    .bind(old_account)
    .bind(new_account)
    .execute(conn)
    .await?;
    Ok(())
}

/// Moves the license to `account` and records the change.
pub async fn change_account(
    conn: &mut PgConnection,
    license: &License,
    client_id: Uuid,
    account: &str,
) -> AppResult<()> {
    sqlx::query("UPDATE tenant_client_robots SET account_number = $3 WHERE tenant_id = $1 AND id = $2")
        .bind(license.tenant_id)
        .bind(license.id)
        .bind(account)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "INSERT INTO license_account_changes (id, tenant_id, license_id, client_id, old_account, new_account)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(license.tenant_id)
    .bind(license.id)
    .bind(client_id)
    .bind(&license.account_number)
    .bind(account)
    .execute(conn)
    .await?;
    Ok(())
}

pub struct Download<'a> {
    pub tenant_id: Uuid,
    pub license_id: Uuid,
    pub client_id: Uuid,
    pub robot_id: Uuid,
    pub version_id: Uuid,
    pub version: &'a str,
}

pub async fn record_download(conn: &mut PgConnection, d: Download<'_>) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO robot_downloads (id, tenant_id, license_id, client_id, robot_id, version_id, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(new_id())
    .bind(d.tenant_id)
    .bind(d.license_id)
    .bind(d.client_id)
    .bind(d.robot_id)
    .bind(d.version_id)
    .bind(d.version)
    .execute(conn)
    .await?;
    Ok(())
}

/// A download as the owner sees it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DownloadRow {
    pub license_id: Option<Uuid>,
    pub robot_name: Option<String>,
    pub version: String,
    pub downloaded_at: DateTime<Utc>,
}

/// A client's downloads, newest first (at most 100).
pub async fn downloads_of(conn: &mut PgConnection, tenant_id: Uuid, client_id: Uuid) -> AppResult<Vec<DownloadRow>> {
    Ok(sqlx::query_as(
        "SELECT d.license_id, r.name AS robot_name, d.version, d.downloaded_at
           FROM robot_downloads d LEFT JOIN tenant_robots r ON r.tenant_id = d.tenant_id AND r.id = d.robot_id
          WHERE d.tenant_id = $1 AND d.client_id = $2
          ORDER BY d.downloaded_at DESC LIMIT 100",
    )
    .bind(tenant_id)
    .bind(client_id)
    .fetch_all(conn)
    .await?)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClientSubscriptionRow {
    pub id: Uuid,
    pub recurrence: Recurrence,
    pub status: SubscriptionStatus,
    pub amount: Decimal,
    pub next_billing_date: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub last_payment_date: Option<DateTime<Utc>>,
    pub cancellation_date: Option<DateTime<Utc>>,
    /// When the client asked to cancel a subscription only Hotmart can stop.
    pub cancellation_requested_at: Option<DateTime<Utc>>,
    /// Billed by Hotmart, and the platform cannot cancel it there (the tenant
    /// has no Hotmart API credentials, or the subscriber code is unknown):
    /// the client must cancel at Hotmart.
    pub cancels_at_hotmart: bool,
}

const SUBSCRIPTION_COLUMNS: &str =
    "s.id, s.recurrence, s.status, s.amount, s.next_billing_date, s.created_at, s.last_payment_date,
     s.cancellation_date, s.cancellation_requested_at,
     (s.origin = 'hotmart' AND (s.external_id IS NULL OR NOT t.hotmart_api_configured)) AS cancels_at_hotmart";
const SUBSCRIPTION_FROM: &str = "tenant_subscriptions s JOIN tenants t ON t.id = s.tenant_id";

pub async fn subscriptions(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    client_id: Uuid,
) -> AppResult<Vec<ClientSubscriptionRow>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {SUBSCRIPTION_COLUMNS} FROM {SUBSCRIPTION_FROM} WHERE s.tenant_id = $1 AND s.client_id = $2
          ORDER BY s.created_at DESC LIMIT 200"
    )))
    .bind(tenant_id)
    .bind(client_id)
    .fetch_all(conn)
    .await?)
}

pub async fn subscription(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    client_id: Uuid,
    id: Uuid,
) -> AppResult<Option<ClientSubscriptionRow>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {SUBSCRIPTION_COLUMNS} FROM {SUBSCRIPTION_FROM} WHERE s.tenant_id = $1 AND s.client_id = $2 AND s.id = $3"
    )))
    .bind(tenant_id)
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// What cancelling one of the client's subscriptions needs to know, with
/// the row locked until the transaction ends: a second click waits for the
/// first to finish (and then finds it no longer active).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CancelTarget {
    pub status: SubscriptionStatus,
    pub origin: crate::domain::status::Origin,
    /// Hotmart's subscriber code, for Hotmart subscriptions.
    pub external_id: Option<String>,
    pub amount: Decimal,
    pub cancellation_requested_at: Option<DateTime<Utc>>,
}

pub async fn lock_for_cancel(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    client_id: Uuid,
    id: Uuid,
) -> AppResult<Option<CancelTarget>> {
    Ok(sqlx::query_as(
        "SELECT status, origin, external_id, amount, cancellation_requested_at FROM tenant_subscriptions
          WHERE tenant_id = $1 AND client_id = $2 AND id = $3 FOR UPDATE",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// Cancels the client's own subscription when it is active — one statement,
/// so two clicks cancel once. False when there is no such active subscription.
pub async fn cancel_subscription(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    client_id: Uuid,
    id: Uuid,
) -> AppResult<bool> {
    let done = sqlx::query(
        "UPDATE tenant_subscriptions SET status = 'cancelled', cancellation_date = now()
          WHERE tenant_id = $1 AND client_id = $2 AND id = $3 AND status = 'active'",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Hotmart's answer to the cancel call, success or refusal alike (its
/// status or error code, and a message for the owner).
pub async fn record_hotmart_answer(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    client_id: Uuid,
    id: Uuid,
    status: &str,
    message: &str,
) -> AppResult<()> {
    sqlx::query(
        "UPDATE tenant_subscriptions SET hotmart_cancel_status = left($4, 100), hotmart_cancel_message = left($5, 1000),
                hotmart_cancel_at = now()
          WHERE tenant_id = $1 AND client_id = $2 AND id = $3",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(id)
    .bind(status)
    .bind(message)
    .execute(conn)
    .await?;
    Ok(())
}

/// The client asked to cancel a subscription only Hotmart can stop: the
/// first request's time is kept. True when this is the first request.
pub async fn request_cancellation(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    client_id: Uuid,
    id: Uuid,
) -> AppResult<bool> {
    let done = sqlx::query(
        "UPDATE tenant_subscriptions SET cancellation_requested_at = now()
          WHERE tenant_id = $1 AND client_id = $2 AND id = $3 AND cancellation_requested_at IS NULL",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn subscription_exists(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    client_id: Uuid,
    id: Uuid,
) -> AppResult<bool> {
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM tenant_subscriptions WHERE tenant_id = $1 AND client_id = $2 AND id = $3)",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(id)
    .fetch_one(conn)
    .await?)
}

/// The dashboard's two counts: usable licenses, active subscriptions.
pub async fn counts(conn: &mut PgConnection, tenant_id: Uuid, client_id: Uuid) -> AppResult<(i64, i64)> {
    Ok(sqlx::query_as(
        "SELECT (SELECT count(*) FROM tenant_client_robots
                  WHERE tenant_id = $1 AND client_id = $2 AND status IN ('active', 'trial')
                    AND (expiration_date IS NULL OR expiration_date > now())),
                (SELECT count(*) FROM tenant_subscriptions WHERE tenant_id = $1 AND client_id = $2 AND status = 'active')",
    )
    .bind(tenant_id)
    .bind(client_id)
    .fetch_one(conn)
    .await?)
}

/// The tenant's settings (for the account-change policy and the lessons URL).
pub async fn tenant_settings(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Value> {
    Ok(sqlx::query_scalar("SELECT settings FROM tenants WHERE id = $1")
        .bind(tenant_id)
        .fetch_optional(conn)
        .await?
        .unwrap_or(Value::Null))
}

/// One of the client's purchases as their history lists it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClientPurchaseRow {
    pub id: Uuid,
    /// The provider's transaction code (Hotmart's), or the owner's reference.
    pub external_id: Option<String>,
    pub origin: Origin,
    pub status: SaleStatus,
    /// What the buyer paid (the gross amount when the provider gave no other).
    pub amount: Option<Decimal>,
    pub currency: String,
    /// The robots the sale licensed, by name (a sale may license more than one).
    pub robot_names: Option<String>,
    /// The sale's own date, or when it was recorded.
    pub purchased_at: DateTime<Utc>,
}

/// The client's purchases, newest first. A sale reaches its robots through
/// the licenses it created, so a sale whose licenses were removed still
/// lists, without a robot name.
pub async fn purchases(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    client_id: Uuid,
    params: PageParams,
) -> AppResult<Page<ClientPurchaseRow>> {
    let rows: Vec<Counted<ClientPurchaseRow>> = sqlx::query_as(
        "SELECT s.id, s.external_id, s.origin, s.status, COALESCE(s.amount_paid_by_customer, s.gross_amount) AS amount,
                s.original_currency AS currency,
                (SELECT string_agg(DISTINCT r.name, ', ' ORDER BY r.name)
                   FROM tenant_client_robots l
                   JOIN tenant_robots r ON r.tenant_id = l.tenant_id AND r.id = l.robot_id
                  WHERE l.tenant_id = s.tenant_id AND l.sale_id = s.id AND l.client_id = s.client_id) AS robot_names,
                COALESCE(s.sale_date, s.created_at) AS purchased_at, count(*) OVER () AS total
           FROM tenant_sales s
          WHERE s.tenant_id = $1 AND s.client_id = $2
          ORDER BY COALESCE(s.sale_date, s.created_at) DESC, s.id DESC
          LIMIT $3 OFFSET $4",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(params.limit())
    .bind(params.offset())
    .fetch_all(conn)
    .await?;
    Ok(Page::from_counted(rows, params))
}

/// Renames the client (their own profile). None when the row is not theirs.
pub async fn rename(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    client_id: Uuid,
    name: &str,
) -> AppResult<Option<crate::repositories::tenant_clients::TenantClient>> {
    Ok(sqlx::query_as(
        "UPDATE tenant_clients SET name = $3 WHERE tenant_id = $1 AND id = $2
         RETURNING id, tenant_id, name, email, phone, status, last_login, created_at",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(name)
    .fetch_optional(conn)
    .await?)
}
