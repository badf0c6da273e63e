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

use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

pub use layout::EmailBrand;
pub use templates::{escape_html, render, EmailTemplate};

use crate::domain::error::AppResult;
use crate::domain::ids::new_id;
use crate::repositories::{email_outbox, job_queue, tenants};
use crate::workflows::jobs::{SendEmail, EMAIL_QUEUE};

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
    secrets: &crate::infrastructure::crypto::SecretBox,
    tenant_id: Uuid,
    template: EmailTemplate,
    to: &str,
    variables: &BTreeMap<String, String>,
) -> AppResult<Uuid> {
    queue_message(conn, tenant_id, template, to, variables, Some(secrets)).await
}

async fn queue_message(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    template: EmailTemplate,
    to: &str,
    variables: &BTreeMap<String, String>,
    secrets: Option<&crate::infrastructure::crypto::SecretBox>,
) -> AppResult<Uuid> {
    let tenant = tenants::email_look(conn, tenant_id).await?;
    let tenants::EmailLook { email_templates: overrides, name, primary_color, foreground_color } =
        tenant.unwrap_or_default();
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
    email_outbox::insert(
        conn,
        email_outbox::NewMessage {
            id,
            tenant_id,
            to_address: to,
            subject: &subject,
            html: stored,
            template: template.key(),
            sealed_html: sealed,
        },
    )
    .await?;
    job_queue::enqueue(conn, EMAIL_QUEUE, &SendEmail { tenant_id, outbox_id: id }, Some(&format!("email-{id}")))
        .await?;
    Ok(id)
}
