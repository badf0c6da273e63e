//! The e-mail outbox (`email_outbox`): a message is recorded in the
//! transaction of the change that sends it, and the sender job locks it,
//! sends it and records each attempt. Worker or owner scope.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::infrastructure::crypto::SecretBox;

/// A rendered message, as it is recorded.
pub struct NewMessage<'a> {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub to_address: &'a str,
    pub subject: &'a str,
    /// What owners and the admin may read (secrets redacted).
    pub html: String,
    /// The template's key.
    pub template: &'a str,
    /// The message with its secrets, sealed for the sender.
    pub sealed_html: Option<String>,
    /// Goes out under the platform's key and address (framed).
    pub via_platform: bool,
    /// Why it is recorded and never sent (a limit, a suspension): the row
    /// is `refused` with this reason.
    pub refusal: Option<&'a str>,
}

/// Records `message` as pending (or refused); the address is trimmed and the
/// subject cut to 300 characters.
pub async fn insert(conn: &mut PgConnection, message: NewMessage<'_>) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO email_outbox (id, tenant_id, to_address, subject, html, template, sealed_html, via_platform,
                                   status, last_error)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::text IS NULL THEN 'pending' ELSE 'refused' END, $9)",
    )
    .bind(message.id)
    .bind(message.tenant_id)
    .bind(message.to_address.trim())
    .bind(message.subject.chars().take(300).collect::<String>())
    .bind(message.html)
    .bind(message.template)
    .bind(message.sealed_html)
    .bind(message.via_platform)
    .bind(message.refusal)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Whether the tenant's outbox holds a message with this id.
pub async fn exists(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<bool> {
    Ok(sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM email_outbox WHERE tenant_id = $1 AND id = $2)")
        .bind(tenant_id)
        .bind(id)
        .fetch_one(conn)
        .await?)
}

/// Which of `ids` the tenant's outbox holds.
pub async fn existing(conn: &mut PgConnection, tenant_id: Uuid, ids: &[Uuid]) -> AppResult<Vec<Uuid>> {
    Ok(sqlx::query_scalar("SELECT id FROM email_outbox WHERE tenant_id = $1 AND id = ANY($2)")
        .bind(tenant_id)
        .bind(ids)
        .fetch_all(conn)
        .await?)
}

/// One message of the outbox, as the sender needs it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OutboxMessage {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub to_address: String,
    pub subject: String,
    pub html: String,
    /// The message with its secrets, sealed; None once sent or given up.
    pub sealed_html: Option<String>,
    pub status: String,
    pub attempts: i32,
    pub sent_at: Option<DateTime<Utc>>,
    pub via_platform: bool,
}

impl OutboxMessage {
    /// What to send: the sealed message when there is one.
    pub fn body(&self, secrets: &SecretBox) -> String {
        self.sealed_html.as_deref().and_then(|sealed| secrets.open(sealed)).unwrap_or_else(|| self.html.clone())
    }
}

/// The message, locked while it is being sent (a second run waits, then sees
/// it sent). Worker scope.
pub async fn lock(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<OutboxMessage>> {
    Ok(sqlx::query_as(
        "SELECT id, tenant_id, to_address, subject, html, sealed_html, status, attempts, sent_at, via_platform
           FROM email_outbox WHERE tenant_id = $1 AND id = $2 FOR UPDATE",
    )
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// Records the outcome of one attempt. The sealed copy is erased unless the
/// message stays pending (it is sent, or given up).
pub async fn mark(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    status: &str,
    provider_id: Option<&str>,
    error: Option<&str>,
) -> AppResult<()> {
    sqlx::query(
        "UPDATE email_outbox SET status = $3, attempts = attempts + 1, provider_id = COALESCE($4, provider_id),
                last_error = $5, sent_at = CASE WHEN $3 = 'sent' THEN now() ELSE sent_at END,
                sealed_html = CASE WHEN $3 = 'pending' THEN sealed_html END
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(tenant_id)
    .bind(id)
    .bind(status)
    .bind(provider_id)
    .bind(error.map(|e| e.chars().take(2000).collect::<String>()))
    .execute(conn)
    .await?;
    Ok(())
}

/// One message in the owner's e-mail log of a person.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LogRow {
    pub id: Uuid,
    pub to_address: String,
    pub subject: String,
    pub template: Option<String>,
    pub status: String,
    pub last_error: Option<String>,
    pub attempts: i32,
    pub via_platform: bool,
    pub bounced_at: Option<DateTime<Utc>>,
    pub complained_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

/// The tenant's latest messages to `address` (at most `limit`), newest
/// first. Owner scope.
pub async fn to_address(conn: &mut PgConnection, tenant_id: Uuid, address: &str, limit: i64) -> AppResult<Vec<LogRow>> {
    Ok(sqlx::query_as(
        "SELECT id, to_address, subject, template, status, last_error, attempts, via_platform, bounced_at,
                complained_at, created_at, sent_at
           FROM email_outbox WHERE tenant_id = $1 AND lower(to_address) = lower($2)
          ORDER BY created_at DESC, id DESC LIMIT $3",
    )
    .bind(tenant_id)
    .bind(address.trim())
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// A stored message as a resend copies it. Owner scope.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredMessage {
    pub to_address: String,
    pub subject: String,
    pub html: String,
    pub template: Option<String>,
    /// Written inside the platform's frame.
    pub via_platform: bool,
}

pub async fn stored(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<StoredMessage>> {
    Ok(sqlx::query_as(
        "SELECT to_address, subject, html, template, via_platform FROM email_outbox WHERE tenant_id = $1 AND id = $2",
    )
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}
