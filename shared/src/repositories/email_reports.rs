//! What became of a tenant's mail: the owner's list of messages that did not
//! reach their reader (refused, failed, not sent, bounced, complained of),
//! the admin's volume per tenant, and the bounces and complaints Resend
//! reports by webhook (`email_delivery_events`).

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::ids::new_id;
use crate::domain::pagination::{contains_pattern, Counted, Page, PageParams};

/// One message that did not reach its reader.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProblemRow {
    pub id: Uuid,
    pub to_address: String,
    pub subject: String,
    pub template: Option<String>,
    pub status: String,
    /// Why it was refused or failed (pt-BR for refusals).
    pub last_error: Option<String>,
    pub bounced_at: Option<DateTime<Utc>>,
    pub complained_at: Option<DateTime<Utc>>,
    /// What Resend said of the newest bounce or complaint.
    pub delivery_detail: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// The tenant's messages that were refused, failed, not sent for want of a
/// key, bounced or complained of, newest first. Owner scope.
pub async fn problems(conn: &mut PgConnection, tenant_id: Uuid, params: PageParams) -> AppResult<Page<ProblemRow>> {
    let rows: Vec<Counted<ProblemRow>> = sqlx::query_as(
        "SELECT o.id, o.to_address, o.subject, o.template, o.status, o.last_error, o.bounced_at, o.complained_at,
                (SELECT e.detail FROM email_delivery_events e
                  WHERE e.tenant_id = o.tenant_id AND e.outbox_id = o.id AND e.detail IS NOT NULL
                  ORDER BY e.received_at DESC LIMIT 1)
                    AS delivery_detail,
                o.created_at, count(*) OVER () AS total
           FROM email_outbox o
          WHERE o.tenant_id = $1
            AND (o.status IN ('refused', 'failed', 'not_configured')
                 OR o.bounced_at IS NOT NULL OR o.complained_at IS NOT NULL)
          ORDER BY o.created_at DESC, o.id DESC
          LIMIT $2 OFFSET $3",
    )
    .bind(tenant_id)
    .bind(params.limit())
    .bind(params.offset())
    .fetch_all(conn)
    .await?;
    Ok(Page::from_counted(rows, params))
}

/// One tenant's mail over the last 24 hours and 30 days, with the
/// platform's decisions about it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VolumeRow {
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub sends_with_own_key: bool,
    pub mail_daily_limit: Option<i32>,
    pub mail_recipient_daily_limit: Option<i32>,
    pub mail_suspended_at: Option<DateTime<Utc>>,
    pub mail_suspended_reason: Option<String>,
    pub sent_day: i64,
    pub refused_day: i64,
    pub bounced_day: i64,
    pub complained_day: i64,
    pub sent_month: i64,
    pub refused_month: i64,
    pub bounced_month: i64,
    pub complained_month: i64,
}

/// The columns of a [`VolumeRow`]: one tenant's settings and its mail of the
/// last day and 30 days, over `volume_from!`'s join.
macro_rules! volume_columns {
    () => {
        "t.id AS tenant_id, t.name AS tenant_name, t.resend_configured AS sends_with_own_key,
                t.mail_daily_limit, t.mail_recipient_daily_limit, t.mail_suspended_at, t.mail_suspended_reason,
                count(o.id) FILTER (WHERE o.status = 'sent' AND o.created_at > now() - interval '24 hours') AS sent_day,
                count(o.id) FILTER (WHERE o.status = 'refused' AND o.created_at > now() - interval '24 hours') AS refused_day,
                count(o.id) FILTER (WHERE o.bounced_at > now() - interval '24 hours') AS bounced_day,
                count(o.id) FILTER (WHERE o.complained_at > now() - interval '24 hours') AS complained_day,
                count(o.id) FILTER (WHERE o.status = 'sent') AS sent_month,
                count(o.id) FILTER (WHERE o.status = 'refused') AS refused_month,
                count(o.id) FILTER (WHERE o.bounced_at IS NOT NULL) AS bounced_month,
                count(o.id) FILTER (WHERE o.complained_at IS NOT NULL) AS complained_month"
    };
}

/// Tenants with their mail of the last 30 days (the window of every count).
macro_rules! volume_from {
    () => {
        "FROM tenants t
           LEFT JOIN email_outbox o ON o.tenant_id = t.id AND o.created_at > now() - interval '30 days'"
    };
}

/// Every tenant's volume, busiest first (30 days), optionally searched by
/// name. Platform scope.
pub async fn volume(conn: &mut PgConnection, q: Option<&str>, params: PageParams) -> AppResult<Page<VolumeRow>> {
    let rows: Vec<Counted<VolumeRow>> = sqlx::query_as(concat!(
        "SELECT ",
        volume_columns!(),
        ", count(*) OVER () AS total ",
        volume_from!(),
        " WHERE ($1::text IS NULL OR t.name ILIKE $1 OR t.url ILIKE $1)
          GROUP BY t.id
          ORDER BY sent_month DESC, refused_month DESC, t.name, t.id
          LIMIT $2 OFFSET $3",
    ))
    .bind(contains_pattern(q))
    .bind(params.limit())
    .bind(params.offset())
    .fetch_all(conn)
    .await?;
    Ok(Page::from_counted(rows, params))
}

/// One tenant's row of [`volume`]. Platform scope.
pub async fn volume_of(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Option<VolumeRow>> {
    Ok(sqlx::query_as(concat!("SELECT ", volume_columns!(), " ", volume_from!(), " WHERE t.id = $1 GROUP BY t.id"))
        .bind(tenant_id)
        .fetch_optional(conn)
        .await?)
}

/// What recording one webhook delivery did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recorded {
    Recorded,
    /// The same svix-id came before (a redelivery): nothing changed.
    Duplicate,
    /// No message of ours has this Resend id.
    UnknownMessage,
}

/// Records a bounce or complaint against the message Resend sent as
/// `provider_id`, once per `svix_id`. Platform scope (Resend's id is the key
/// across tenants; the signature proved the caller).
pub async fn record_delivery_event(
    conn: &mut PgConnection,
    svix_id: &str,
    provider_id: &str,
    kind: &str,
    detail: Option<&str>,
) -> AppResult<Recorded> {
    let message: Option<(Uuid, Uuid)> = sqlx::query_as(
        "SELECT tenant_id, id FROM email_outbox WHERE provider_id = $1 ORDER BY created_at DESC LIMIT 1",
    )
    .bind(provider_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((tenant_id, outbox_id)) = message else { return Ok(Recorded::UnknownMessage) };
    let inserted = sqlx::query(
        "INSERT INTO email_delivery_events (id, tenant_id, svix_id, outbox_id, kind, detail)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (svix_id) DO NOTHING",
    )
    .bind(new_id())
    .bind(tenant_id)
    .bind(svix_id)
    .bind(outbox_id)
    .bind(kind)
    .bind(detail.map(|d| d.chars().take(1000).collect::<String>()))
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Ok(Recorded::Duplicate);
    }
    sqlx::query(
        "UPDATE email_outbox SET bounced_at = CASE WHEN $3 = 'bounced' THEN COALESCE(bounced_at, now()) ELSE bounced_at END,
                complained_at = CASE WHEN $3 = 'complained' THEN COALESCE(complained_at, now()) ELSE complained_at END
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(tenant_id)
    .bind(outbox_id)
    .bind(kind)
    .execute(&mut *conn)
    .await?;
    Ok(Recorded::Recorded)
}
