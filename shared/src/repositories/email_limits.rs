//! Per-tenant mail limits (`email_send_counts`, the tenants' override and
//! suspension columns): a message sent through the platform's key reserves
//! its slot in the transaction that queues it. Any tenant scope reserves;
//! platform scope sets overrides and suspends.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;

/// The day counters belong to: the calendar day in São Paulo, so limits
/// start over at midnight for the people who read the screens.
macro_rules! today {
    () => {
        "(now() AT TIME ZONE 'America/Sao_Paulo')::date"
    };
}

/// Which limit a send would pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exceeded {
    Daily(i32),
    Recipient(i32),
}

/// Takes one slot of today's total and one of today's for `recipient`
/// (lower-cased), or none. Each counter is one conditional upsert: the row
/// lock makes a second transaction wait for the first and then see its
/// count, so two sends at once cannot both take the last slot. The
/// recipient's slot is given back when the total is full.
pub async fn reserve(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    recipient: &str,
    daily: i32,
    per_recipient: i32,
) -> AppResult<Result<(), Exceeded>> {
    let recipient = recipient.trim().to_lowercase();
    const TAKE: &str = concat!(
        "INSERT INTO email_send_counts (tenant_id, day, recipient, sent) VALUES ($1, ",
        today!(),
        ", $2, 1)
         ON CONFLICT (tenant_id, day, recipient) DO UPDATE SET sent = email_send_counts.sent + 1
          WHERE email_send_counts.sent < $3
         RETURNING sent"
    );
    let took: Option<i32> = sqlx::query_scalar(TAKE)
        .bind(tenant_id)
        .bind(&recipient)
        .bind(per_recipient)
        .fetch_optional(&mut *conn)
        .await?;
    if took.is_none() {
        return Ok(Err(Exceeded::Recipient(per_recipient)));
    }
    let took: Option<i32> =
        sqlx::query_scalar(TAKE).bind(tenant_id).bind("").bind(daily).fetch_optional(&mut *conn).await?;
    if took.is_none() {
        sqlx::query(concat!(
            "UPDATE email_send_counts SET sent = sent - 1 WHERE tenant_id = $1 AND recipient = $2 AND day = ",
            today!()
        ))
        .bind(tenant_id)
        .bind(&recipient)
        .execute(&mut *conn)
        .await?;
        return Ok(Err(Exceeded::Daily(daily)));
    }
    Ok(Ok(()))
}

/// Messages reserved today (the tenant's total).
pub async fn sent_today(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<i32> {
    Ok(sqlx::query_scalar(concat!(
        "SELECT COALESCE(max(sent), 0) FROM email_send_counts WHERE tenant_id = $1 AND recipient = '' AND day = ",
        today!()
    ))
    .bind(tenant_id)
    .fetch_one(conn)
    .await?)
}

/// The platform's decisions about one tenant's mail.
#[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct MailPolicy {
    /// None: the platform default (EMAIL_DAILY_LIMIT).
    pub mail_daily_limit: Option<i32>,
    /// None: the platform default (EMAIL_RECIPIENT_DAILY_LIMIT).
    pub mail_recipient_daily_limit: Option<i32>,
    pub mail_suspended_at: Option<DateTime<Utc>>,
    pub mail_suspended_reason: Option<String>,
}

pub async fn policy(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Option<MailPolicy>> {
    Ok(sqlx::query_as(
        "SELECT mail_daily_limit, mail_recipient_daily_limit, mail_suspended_at, mail_suspended_reason
           FROM tenants WHERE id = $1",
    )
    .bind(tenant_id)
    .fetch_optional(conn)
    .await?)
}

/// Sets the overrides and the suspension (a suspension keeps its first
/// instant while it lasts). Platform scope.
pub async fn set_policy(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    daily: Option<i32>,
    per_recipient: Option<i32>,
    suspended: bool,
    reason: Option<&str>,
) -> AppResult<Option<MailPolicy>> {
    Ok(sqlx::query_as(
        "UPDATE tenants SET mail_daily_limit = $2, mail_recipient_daily_limit = $3,
                mail_suspended_at = CASE WHEN $4 THEN COALESCE(mail_suspended_at, now()) END,
                mail_suspended_reason = CASE WHEN $4 THEN $5 END, updated_at = now()
          WHERE id = $1
         RETURNING mail_daily_limit, mail_recipient_daily_limit, mail_suspended_at, mail_suspended_reason",
    )
    .bind(tenant_id)
    .bind(daily)
    .bind(per_recipient)
    .bind(suspended)
    .bind(reason)
    .fetch_optional(conn)
    .await?)
}
