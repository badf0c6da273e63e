//! Every sales platform's delivery (the table keeps Hotmart's name, its first
//! platform), stored before anything is processed, with the neutral sale
//! event the intake read from it. The event id makes redeliveries no-ops;
//! processing marks the row, failures stay visible.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::ids::new_id;

/// Where a postback for `robot_id` goes: the robot's tenant, and the SHA-256
/// of that tenant's hottok (None when it has none). Anonymous scope.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct WebhookTarget {
    pub tenant_id: Uuid,
    pub robot_id: Uuid,
    pub hottok_hash: Option<String>,
}

pub async fn find_target(conn: &mut PgConnection, robot_id: Uuid) -> AppResult<Option<WebhookTarget>> {
    Ok(sqlx::query_as(
        "SELECT r.tenant_id, r.id AS robot_id, t.hotmart_webhook_secret AS hottok_hash
           FROM tenant_robots r JOIN tenants t ON t.id = r.tenant_id
          WHERE r.id = $1",
    )
    .bind(robot_id)
    .fetch_optional(conn)
    .await?)
}

pub struct NewInboxEvent<'a> {
    pub tenant_id: Uuid,
    pub robot_id: Uuid,
    /// `hotmart`, `kiwify`, …
    pub platform: &'a str,
    pub event_id: &'a str,
    pub event: &'a str,
    pub payload: &'a Value,
    /// The neutral sale event (`domain::sales::SaleEvent`, serialised).
    pub sale_event: &'a Value,
    pub is_test: bool,
}

/// Counts a redelivery of an event already stored (the owner's log shows
/// it). Anonymous scope in the tenant.
pub async fn count_duplicate(conn: &mut PgConnection, tenant_id: Uuid, event_id: &str) -> AppResult<()> {
    sqlx::query(
        "UPDATE hotmart_inbox SET duplicates = duplicates + 1, last_duplicate_at = now()
          WHERE tenant_id = $1 AND event_id = $2",
    )
    .bind(tenant_id)
    .bind(event_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Stores the event; None when this event id was already stored (a
/// redelivery, or a concurrent copy of this one). Tenant-scoped.
pub async fn store(conn: &mut PgConnection, new: NewInboxEvent<'_>) -> AppResult<Option<Uuid>> {
    Ok(sqlx::query_scalar(
        "INSERT INTO hotmart_inbox (id, tenant_id, robot_id, event_id, event, payload, is_test, platform, sale_event)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (tenant_id, event_id) DO NOTHING
         RETURNING id",
    )
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(new.robot_id)
    .bind(new.event_id)
    .bind(new.event)
    .bind(new.payload)
    .bind(new.is_test)
    .bind(new.platform)
    .bind(new.sale_event)
    .fetch_optional(conn)
    .await?)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct InboxEvent {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub robot_id: Option<Uuid>,
    pub event_id: String,
    pub event: String,
    pub payload: Value,
    pub platform: String,
    /// None for rows stored before the intake kept it.
    pub sale_event: Option<Value>,
    pub received_at: DateTime<Utc>,
    pub processed_at: Option<DateTime<Utc>>,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub failed_at: Option<DateTime<Utc>>,
    pub outcome: Option<String>,
}

/// The event, locked for this transaction (two runs of one job queue up).
pub async fn lock(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<InboxEvent>> {
    Ok(sqlx::query_as(
        "SELECT id, tenant_id, robot_id, event_id, event, payload, platform, sale_event, received_at, processed_at,
                attempts, last_error,
                failed_at, outcome
           FROM hotmart_inbox WHERE tenant_id = $1 AND id = $2 FOR UPDATE",
    )
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

pub async fn find(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<InboxEvent>> {
    Ok(sqlx::query_as(
        "SELECT id, tenant_id, robot_id, event_id, event, payload, platform, sale_event, received_at, processed_at,
                attempts, last_error,
                failed_at, outcome
           FROM hotmart_inbox WHERE tenant_id = $1 AND id = $2",
    )
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

pub async fn mark_processed(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid, outcome: &str) -> AppResult<()> {
    sqlx::query(
        "UPDATE hotmart_inbox SET processed_at = now(), attempts = attempts + 1, outcome = $3,
                last_error = NULL, failed_at = NULL
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(tenant_id)
    .bind(id)
    .bind(outcome)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records a failed attempt (in its own transaction: the attempt's own work
/// was rolled back). After `max_attempts` the event is marked failed.
pub async fn record_failure(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    error: &str,
    max_attempts: i32,
) -> AppResult<i32> {
    Ok(sqlx::query_scalar(
        "UPDATE hotmart_inbox
            SET attempts = attempts + 1, last_error = left($3, 2000),
                failed_at = CASE WHEN attempts + 1 >= $4 THEN now() END
          WHERE tenant_id = $1 AND id = $2 AND processed_at IS NULL
          RETURNING attempts",
    )
    .bind(tenant_id)
    .bind(id)
    .bind(error)
    .bind(max_attempts)
    .fetch_optional(conn)
    .await?
    .unwrap_or(0))
}

/// Makes a failed event processable again (the admin's replay); the caller
/// enqueues a new job. Returns false when the event is not failed.
pub async fn reset_for_replay(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<bool> {
    let updated = sqlx::query(
        "UPDATE hotmart_inbox SET failed_at = NULL, attempts = 0
          WHERE tenant_id = $1 AND id = $2 AND processed_at IS NULL",
    )
    .bind(tenant_id)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Events of the tenant not processed (nor failed) yet, oldest first.
pub async fn pending_ids(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Vec<Uuid>> {
    Ok(sqlx::query_scalar(
        "SELECT id FROM hotmart_inbox WHERE tenant_id = $1 AND processed_at IS NULL AND failed_at IS NULL
          ORDER BY received_at, id",
    )
    .bind(tenant_id)
    .fetch_all(conn)
    .await?)
}

/// A row of the admin's list of received events.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct InboxListRow {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub robot_id: Option<Uuid>,
    pub event_id: String,
    pub event: String,
    pub received_at: DateTime<Utc>,
    pub processed_at: Option<DateTime<Utc>>,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub failed_at: Option<DateTime<Utc>>,
    pub outcome: Option<String>,
}

/// Received events, newest first; `failed_only` keeps those whose retries ran
/// out. Platform scope.
pub async fn list(
    conn: &mut PgConnection,
    tenant_id: Option<Uuid>,
    failed_only: bool,
    page: crate::domain::pagination::PageParams,
) -> AppResult<crate::domain::pagination::Page<InboxListRow>> {
    let rows: Vec<crate::domain::pagination::Counted<InboxListRow>> = sqlx::query_as(
        "SELECT id, tenant_id, robot_id, event_id, event, received_at, processed_at, attempts, last_error, failed_at,
                outcome, count(*) OVER () AS total
           FROM hotmart_inbox
          WHERE ($1::uuid IS NULL OR tenant_id = $1) AND (NOT $2 OR failed_at IS NOT NULL)
          ORDER BY received_at DESC, id DESC LIMIT $3 OFFSET $4",
    )
    .bind(tenant_id)
    .bind(failed_only)
    .bind(page.limit())
    .bind(page.offset())
    .fetch_all(conn)
    .await?;
    Ok(crate::domain::pagination::Page::from_counted(rows, page))
}

/// The tenant of an event (platform scope).
pub async fn tenant_of(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<Uuid>> {
    Ok(sqlx::query_scalar("SELECT tenant_id FROM hotmart_inbox WHERE id = $1").bind(id).fetch_optional(conn).await?)
}
