//! Transactional e-mail: rendered and recorded in `email_outbox` inside the
//! caller's transaction (so a mail exists exactly when the change that asked
//! for it commits), then sent by a job through the Resend HTTP API with the
//! tenant's key and domain, or the platform's as fallback. Without any key the
//! mail is recorded as `not_configured` and logged, never silently lost.

pub mod buyer;
mod layout;
pub mod resend;
mod templates;

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

pub use layout::EmailBrand;
pub use templates::{escape_html, render, EmailTemplate};

use crate::error::AppResult;
use crate::ids::new_id;
use crate::jobs::{self, SendEmail, EMAIL_QUEUE};

/// Renders `template` for `to` (the tenant's own version when it has one)
/// and queues it. Call inside the transaction of the change that sends it
/// (worker or owner scope).
pub async fn queue(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    template: EmailTemplate,
    to: &str,
    variables: &BTreeMap<String, String>,
) -> AppResult<Uuid> {
    queue_message(conn, tenant_id, template, to, variables, None).await
}

/// What a stored message shows where a live secret was.
pub const REDACTED: &str = "[removido do registro]";

/// Like [`queue`], for a message that carries a live secret (a reset link,
/// a sign-in code: the template's [`EmailTemplate::secret_variables`]). The
/// outbox, which owners and the admin can read, keeps the message with the
/// secret redacted; the whole message is sealed (SECRETS_KEY) for the sender,
/// which erases the sealed copy once the message is sent or given up.
pub async fn queue_sealed(
    conn: &mut PgConnection,
    secrets: &crate::crypto::SecretBox,
    tenant_id: Uuid,
    template: EmailTemplate,
    to: &str,
    variables: &BTreeMap<String, String>,
) -> AppResult<Uuid> {
    queue_message(conn, tenant_id, template, to, variables, Some(secrets)).await
}

/// A tenant's own templates and the look its e-mails' header takes.
#[derive(Debug, Default, sqlx::FromRow)]
struct TenantLook {
    email_templates: Option<Value>,
    name: String,
    primary_color: Option<String>,
    foreground_color: Option<String>,
}

async fn queue_message(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    template: EmailTemplate,
    to: &str,
    variables: &BTreeMap<String, String>,
    secrets: Option<&crate::crypto::SecretBox>,
) -> AppResult<Uuid> {
    let tenant: Option<TenantLook> = sqlx::query_as(
        "SELECT email_templates, COALESCE(display_name, name) AS name, theme_colors->>'primary' AS primary_color,
                foreground_color
           FROM tenants WHERE id = $1",
    )
    .bind(tenant_id)
    .fetch_optional(&mut *conn)
    .await?;
    let TenantLook { email_templates: overrides, name, primary_color, foreground_color } = tenant.unwrap_or_default();
    let brand = EmailBrand { name, primary: primary_color, foreground: foreground_color };
    let html_template = overrides
        .as_ref()
        .and_then(|o| o.get(template.key()))
        .and_then(Value::as_str)
        .filter(|html| !html.trim().is_empty())
        .unwrap_or(template.default_html());
    let subject = render(template.subject(), variables, false);
    let html = layout::wrap(&render(html_template, variables, true), &brand);
    let (stored, sealed) = match secrets {
        Some(secrets) => {
            let mut redacted = variables.clone();
            for name in template.secret_variables() {
                redacted.insert((*name).to_string(), REDACTED.to_string());
            }
            (layout::wrap(&render(html_template, &redacted, true), &brand), Some(secrets.seal(&html)))
        }
        // Example values only (the owner's test e-mail): nothing live to hide.
        None => (html, None),
    };
    let id = new_id();
    sqlx::query(
        "INSERT INTO email_outbox (id, tenant_id, to_address, subject, html, template, sealed_html)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(id)
    .bind(tenant_id)
    .bind(to.trim())
    .bind(subject.chars().take(300).collect::<String>())
    .bind(stored)
    .bind(template.key())
    .bind(sealed)
    .execute(&mut *conn)
    .await?;
    jobs::enqueue(conn, EMAIL_QUEUE, &SendEmail { tenant_id, outbox_id: id }, Some(&format!("email-{id}"))).await?;
    Ok(id)
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
}

impl OutboxMessage {
    /// What to send: the sealed message when there is one.
    pub fn body(&self, secrets: &crate::crypto::SecretBox) -> String {
        self.sealed_html.as_deref().and_then(|sealed| secrets.open(sealed)).unwrap_or_else(|| self.html.clone())
    }
}

/// The message, locked while it is being sent (a second run waits, then sees
/// it sent). Worker scope.
pub async fn lock(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<OutboxMessage>> {
    Ok(sqlx::query_as(
        "SELECT id, tenant_id, to_address, subject, html, sealed_html, status, attempts, sent_at
           FROM email_outbox WHERE tenant_id = $1 AND id = $2 FOR UPDATE",
    )
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// Records the outcome of one attempt.
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

/// Who sends for a tenant: its Resend key and domain, if it configured them.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TenantSender {
    pub sealed_key: Option<String>,
    pub domain: Option<String>,
    pub name: String,
}

pub async fn tenant_sender(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Option<TenantSender>> {
    Ok(sqlx::query_as(
        "SELECT resend_api_key AS sealed_key, resend_domain AS domain, COALESCE(display_name, name) AS name
           FROM tenants WHERE id = $1",
    )
    .bind(tenant_id)
    .fetch_optional(conn)
    .await?)
}
