//! Sends one outbox message (job `SendEmail`). The row stays locked while it
//! is sent, so two runs of one job cannot both send; a sent message is
//! skipped. Rate limits, server errors and network failures are retried with
//! backoff; any other refusal ends the message as failed. With no key at all
//! the message is recorded as not configured. A message queued for the
//! platform's key goes out as "<tenant> via <platform>" at the platform's
//! address, framed when it was queued; a message queued for the tenant's own
//! key never falls back to the platform's (it was not framed). A tenant whose
//! mail the admin suspended meanwhile sends nothing: the message is refused.

use std::sync::Arc;

use apalis::prelude::{BoxDynError, Data};
use shared::domain::platform_mail;
use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, PgPool, Scope};
use shared::repositories::{email_limits, email_outbox, tenants};
use shared::workflows::email::{self, resend};
use shared::workflows::jobs::SendEmail;
use shared::AppError;

/// Attempts before a message that keeps failing for retryable reasons is
/// marked failed.
pub const MAX_ATTEMPTS: i32 = 6;

pub async fn handle(job: SendEmail, pool: Data<PgPool>, config: Data<Arc<Config>>) -> Result<(), BoxDynError> {
    crate::timed(shared::workflows::jobs::EMAIL_QUEUE, send(&pool, &config, &job))
        .await
        .map(|_| ())
        .map_err(|e| Box::new(e) as BoxDynError)
}

/// What one run did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sent {
    Sent,
    AlreadyDone,
    NotConfigured,
    Failed,
    /// The tenant's mail is suspended: recorded, not sent.
    Refused,
}

/// The job's body (tests call it directly). `Err` means "retry later".
pub async fn send(pool: &PgPool, config: &Config, job: &SendEmail) -> Result<Sent, AppError> {
    let mut tx = db::begin(pool, Scope::worker_for(job.tenant_id)).await?;
    let Some(message) = email_outbox::lock(&mut tx, job.tenant_id, job.outbox_id).await? else {
        return Ok(Sent::AlreadyDone);
    };
    if message.status != "pending" {
        return Ok(Sent::AlreadyDone);
    }
    if let Some(policy) = email_limits::policy(&mut tx, job.tenant_id).await?.filter(|p| p.mail_suspended_at.is_some())
    {
        let reason = email::suspended_reason(policy.mail_suspended_reason.as_deref());
        email_outbox::mark(&mut tx, job.tenant_id, job.outbox_id, "refused", None, Some(&reason)).await?;
        tx.commit().await?;
        tracing::warn!(queue = "email", tenant = %job.tenant_id, outbox = %job.outbox_id, "e-mail refused: mail suspended");
        return Ok(Sent::Refused);
    }
    let sender = tenants::email_sender(&mut tx, job.tenant_id).await?;
    let own = if message.via_platform {
        None
    } else {
        let key = sender.as_ref().and_then(|s| s.sealed_key.as_deref()).and_then(|k| config.secrets.open(k));
        if key.is_none() {
            let reason = "a chave do Resend da empresa foi removida ou não pôde ser lida; a mensagem não foi enviada";
            email_outbox::mark(&mut tx, job.tenant_id, job.outbox_id, "failed", None, Some(reason)).await?;
            tx.commit().await?;
            return Ok(Sent::Failed);
        }
        key
    };
    let (key, from) = match (own, &config.email.resend_api_key) {
        (Some(key), _) => {
            let sender = sender.as_ref().expect("key implies sender");
            let from = match sender.domain.as_deref().filter(|d| !d.trim().is_empty()) {
                Some(domain) => format!("{} <noreply@{}>", sender.name.replace(['<', '>', '"'], ""), domain.trim()),
                None => config.email.from.clone(),
            };
            (key, from)
        }
        (None, Some(platform)) => {
            // The registered name, as in the frame the message was queued in.
            let policy = email::PlatformPolicy::from_config(&config.email);
            let registered = tenants::registered_name(&mut tx, job.tenant_id).await?.unwrap_or_default();
            let name = platform_mail::sender_name(&registered, &policy.platform_name);
            (platform.clone(), platform_mail::framed_from(&name, &config.email.from))
        }
        (None, None) => {
            email_outbox::mark(
                &mut tx,
                job.tenant_id,
                job.outbox_id,
                "not_configured",
                None,
                Some("nenhuma chave do Resend configurada"),
            )
            .await?;
            tx.commit().await?;
            tracing::warn!(queue = "email", tenant = %job.tenant_id, outbox = %job.outbox_id,
                "e-mail recorded but not sent: no Resend key (tenant or platform)");
            return Ok(Sent::NotConfigured);
        }
    };
    let http =
        reqwest::Client::builder().timeout(std::time::Duration::from_secs(15)).build().map_err(AppError::internal)?;
    let idempotency_key = format!("outbox-{}", message.id);
    let html = message.body(&config.secrets);
    let outcome = resend::send(
        &http,
        &config.email.resend_api_base,
        &key,
        &resend::Message {
            from: &from,
            to: &message.to_address,
            subject: &message.subject,
            html: &html,
            idempotency_key: &idempotency_key,
        },
    )
    .await;
    let result = match outcome {
        Ok(provider_id) => {
            email_outbox::mark(&mut tx, job.tenant_id, job.outbox_id, "sent", Some(&provider_id), None).await?;
            Ok(Sent::Sent)
        }
        Err(error) if error.retryable && message.attempts + 1 < MAX_ATTEMPTS => {
            email_outbox::mark(&mut tx, job.tenant_id, job.outbox_id, "pending", None, Some(&error.message)).await?;
            Err(AppError::internal(error))
        }
        Err(error) => {
            email_outbox::mark(&mut tx, job.tenant_id, job.outbox_id, "failed", None, Some(&error.message)).await?;
            Ok(Sent::Failed)
        }
    };
    tx.commit().await?;
    tracing::info!(queue = "email", tenant = %job.tenant_id, outbox = %job.outbox_id, outcome = ?result, "e-mail job done");
    result
}
