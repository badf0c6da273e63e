//! Transactional e-mail: rendered and recorded in `email_outbox` inside the
//! caller's transaction (so a mail exists exactly when the change that asked
//! for it commits), then sent by a job through the Resend HTTP API with the
//! tenant's key and domain, or the platform's as fallback. Without any key the
//! mail is recorded as `not_configured` and logged, never silently lost.
//!
//! A tenant without its own key speaks through the platform's address only
//! inside the platform's frame (decision 0018): sanitised HTML, its
//! registered name as the sender, a subject that cannot name the platform, an
//! abuse footer, and per-day and per-recipient limits reserved here, in the
//! queuing transaction. Over a limit, or while the admin has suspended the
//! tenant's mail, the message is recorded as `refused` with its reason and
//! never sent.

pub mod buyer;
mod buyer_email;
mod layout;
pub mod resend;
mod templates;

use std::collections::BTreeMap;

use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

pub use buyer_email::BuyerEmail;
pub use layout::EmailBrand;
pub use templates::{escape_html, render, EmailTemplate, SWITCHED_OFF_KEY};

use crate::domain::error::AppResult;
use crate::domain::ids::new_id;
use crate::domain::{platform_mail, safe_html};
use crate::infrastructure::config::EmailConfig;
use crate::repositories::email_limits::{self, Exceeded};
use crate::repositories::{email_outbox, job_queue, tenants};
use crate::workflows::jobs::{SendEmail, EMAIL_QUEUE};

/// The platform's side of the frame: its name and abuse address, and the
/// default limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlatformPolicy {
    pub platform_name: String,
    pub abuse_address: String,
    pub daily_limit: i32,
    pub recipient_daily_limit: i32,
    /// The platform has a Resend key: a tenant without its own key is
    /// delivered through the platform's frame; without either, nothing goes out.
    pub has_key: bool,
}

impl PlatformPolicy {
    pub fn from_config(email: &EmailConfig) -> Self {
        let (name, _) = platform_mail::split_from(&email.from);
        Self {
            has_key: email.resend_api_key.as_deref().is_some_and(|key| !key.trim().is_empty()),
            platform_name: if name.is_empty() { "RoboForge".into() } else { name },
            abuse_address: platform_mail::abuse_address(email.abuse_address.as_deref(), &email.from),
            daily_limit: email.daily_limit,
            recipient_daily_limit: email.recipient_daily_limit,
        }
    }
}

/// Set once per process from the configuration (`api serve` and the worker):
/// mail is queued from a dozen places (anonymous flows, jobs, handlers) that
/// carry no configuration, and the frame is one platform-wide setting.
static PLATFORM: std::sync::RwLock<Option<PlatformPolicy>> = std::sync::RwLock::new(None);

pub fn set_platform_policy(policy: PlatformPolicy) {
    *PLATFORM.write().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(policy);
}

pub fn platform_policy() -> PlatformPolicy {
    PLATFORM
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone()
        .unwrap_or_else(|| PlatformPolicy::from_config(&EmailConfig::default()))
}

/// A queued message: its outbox id, and why it will not be sent when it
/// was refused (pt-BR, for the owner).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Queued {
    pub id: Uuid,
    pub refusal: Option<String>,
    /// Recorded, but there is no key to send it with (the tenant's nor the
    /// platform's): the sender marks it `not_configured`.
    pub not_configured: bool,
}

/// What the owner reads when a message cannot go out for lack of a sender.
pub const NOT_CONFIGURED: &str = "E-mail não enviado: remetente não configurado. Configure o envio em \
     Configurações → E-mails, ou envie o acesso ao comprador por outro meio.";

/// Why a queued message will not reach its recipient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Undelivered {
    /// A limit or a suspension (pt-BR reason): recorded as `refused`.
    Refused(String),
    /// No Resend key, the tenant's nor the platform's.
    NotConfigured,
}

impl Undelivered {
    /// What the owner reads (pt-BR).
    pub fn reason(&self) -> String {
        match self {
            Undelivered::Refused(reason) => reason.clone(),
            Undelivered::NotConfigured => NOT_CONFIGURED.to_string(),
        }
    }
}

impl Queued {
    /// Why this message will not reach its recipient, if it will not.
    pub fn undelivered(&self) -> Option<Undelivered> {
        match &self.refusal {
            Some(reason) => Some(Undelivered::Refused(reason.clone())),
            None => self.not_configured.then_some(Undelivered::NotConfigured),
        }
    }
}

/// How this tenant's mail leaves now: its own Resend key, the platform's, or
/// not at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    Own,
    Platform,
    None,
}

impl Delivery {
    pub fn of(own_key: bool) -> Self {
        match (own_key, platform_policy().has_key) {
            (true, _) => Delivery::Own,
            (false, true) => Delivery::Platform,
            (false, false) => Delivery::None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Delivery::Own => "own",
            Delivery::Platform => "platform",
            Delivery::None => "none",
        }
    }
}

/// Renders `template` for `to` (the tenant's own version when it has one)
/// and queues it. Call inside the transaction of the change that sends it
/// (worker or owner scope).
pub async fn queue(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    template: EmailTemplate,
    to: &str,
    variables: &BTreeMap<String, String>,
) -> AppResult<Queued> {
    queue_message(conn, new_id(), tenant_id, template, to, variables, None).await
}

/// Like [`queue`], under an id the caller derives from what the message is
/// about (one buyer, one version), so that queuing it again — a retried job,
/// the same version activated twice — finds it and queues nothing: None.
pub async fn queue_once(
    conn: &mut PgConnection,
    id: Uuid,
    tenant_id: Uuid,
    template: EmailTemplate,
    to: &str,
    variables: &BTreeMap<String, String>,
) -> AppResult<Option<Queued>> {
    // Checked before the message is rendered: a limit slot is reserved only
    // for a message that will be recorded.
    if email_outbox::exists(conn, tenant_id, id).await? {
        return Ok(None);
    }
    queue_message(conn, id, tenant_id, template, to, variables, None).await.map(Some)
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
) -> AppResult<Queued> {
    queue_message(conn, new_id(), tenant_id, template, to, variables, Some(secrets)).await
}

async fn queue_message(
    conn: &mut PgConnection,
    id: Uuid,
    tenant_id: Uuid,
    template: EmailTemplate,
    to: &str,
    variables: &BTreeMap<String, String>,
    secrets: Option<&crate::infrastructure::crypto::SecretBox>,
) -> AppResult<Queued> {
    let tenant = tenants::email_look(conn, tenant_id).await?.unwrap_or_default();
    let via_platform = !tenant.own_key;
    let platform = platform_policy();
    let html_template = tenant
        .email_templates
        .as_ref()
        .and_then(|o| o.get(template.key()))
        .and_then(Value::as_str)
        .filter(|html| !html.trim().is_empty())
        .unwrap_or(template.default_html());
    let mut variables = variables.clone();
    let (brand, subject, frame_sender) = if via_platform {
        // The registered name, which only the platform sets, is the sender:
        // an owner's display name could read "RoboForge Suporte".
        let sender = platform_mail::sender_name(&tenant.registered_name, &platform.platform_name);
        variables.insert("tenantName".into(), sender.clone());
        let subject = platform_mail::framed_subject(
            &render(template.subject(), &variables, false),
            &sender,
            &platform.platform_name,
        );
        let brand =
            EmailBrand { name: sender.clone(), primary: tenant.primary_color, foreground: tenant.foreground_color };
        (brand, subject, Some(sender))
    } else {
        let brand =
            EmailBrand { name: tenant.name, primary: tenant.primary_color, foreground: tenant.foreground_color };
        (brand, render(template.subject(), &variables, false), None)
    };
    let page = |vars: &BTreeMap<String, String>| {
        let body = render(html_template, vars, true);
        match &frame_sender {
            Some(sender) => layout::wrap_framed(
                &safe_html::email(&body),
                &brand,
                &layout::Frame { sender, platform: &platform.platform_name, abuse_address: &platform.abuse_address },
            ),
            None => layout::wrap(&body, &brand),
        }
    };
    let html = page(&variables);
    let refusal = refusal(conn, tenant_id, to, via_platform, &platform).await?;
    let (stored, sealed) = match secrets {
        Some(secrets) => {
            let mut redacted = variables.clone();
            for name in template.secret_variables() {
                redacted.insert((*name).to_string(), REDACTED.to_string());
            }
            // A refused message is never sent: no live secret is kept for it.
            let sealed = refusal.is_none().then(|| secrets.seal(&html));
            (page(&redacted), sealed)
        }
        // Example values only (the owner's test e-mail): nothing live to hide.
        None => (html, None),
    };
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
            via_platform,
            refusal: refusal.as_deref(),
        },
    )
    .await?;
    match &refusal {
        Some(reason) => tracing::warn!(tenant = %tenant_id, outbox = %id, reason, "e-mail refused, recorded not sent"),
        None => {
            job_queue::enqueue(
                conn,
                EMAIL_QUEUE,
                &SendEmail { tenant_id, outbox_id: id },
                Some(&format!("email-{id}")),
            )
            .await?;
        }
    }
    let not_configured = refusal.is_none() && Delivery::of(tenant.own_key) == Delivery::None;
    Ok(Queued { id, refusal, not_configured })
}

/// Queues a copy of a stored message (the owner's "reenviar"), through the
/// same limits as a new one. None: no such message in the tenant. Err: why
/// it cannot be sent again as it was (pt-BR): a message that carried a
/// single-use link or code (its stored copy has the secret removed), or one
/// written for a sender the tenant no longer has.
pub async fn resend(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<Result<Queued, String>>> {
    let Some(message) = email_outbox::stored(conn, tenant_id, id).await? else { return Ok(None) };
    let template = message.template.as_deref().and_then(EmailTemplate::from_key);
    match template {
        Some(EmailTemplate::OwnerInvitation) => {
            return Ok(Some(Err("O convite leva um link de uso único: use “Reenviar convite” na Equipe.".into())))
        }
        Some(t) if !t.secret_variables().is_empty() => {
            return Ok(Some(Err("Este e-mail levava um link ou código de uso único e não pode ser reenviado. \
                 Peça que a pessoa solicite de novo, ou copie um link de acesso para ela."
                .into())))
        }
        _ => {}
    }
    let tenant = tenants::email_look(conn, tenant_id).await?.unwrap_or_default();
    let via_platform = !tenant.own_key;
    if via_platform && !message.via_platform {
        return Ok(Some(Err("Este e-mail foi escrito para o remetente próprio da empresa, que não está mais \
             configurado. Envie um novo pela tela do cliente."
            .into())));
    }
    let platform = platform_policy();
    let refusal = refusal(conn, tenant_id, &message.to_address, via_platform, &platform).await?;
    let new_id = new_id();
    email_outbox::insert(
        conn,
        email_outbox::NewMessage {
            id: new_id,
            tenant_id,
            to_address: &message.to_address,
            subject: &message.subject,
            html: message.html,
            template: message.template.as_deref().unwrap_or("resend"),
            sealed_html: None,
            via_platform,
            refusal: refusal.as_deref(),
        },
    )
    .await?;
    if refusal.is_none() {
        let job = SendEmail { tenant_id, outbox_id: new_id };
        job_queue::enqueue(conn, EMAIL_QUEUE, &job, Some(&format!("email-{new_id}"))).await?;
    }
    let not_configured = refusal.is_none() && Delivery::of(tenant.own_key) == Delivery::None;
    Ok(Some(Ok(Queued { id: new_id, refusal, not_configured })))
}

/// Why a message may not go out now: the tenant's mail is suspended, or (for
/// the platform's key) a limit is reached. Otherwise the slot is reserved.
async fn refusal(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    to: &str,
    via_platform: bool,
    platform: &PlatformPolicy,
) -> AppResult<Option<String>> {
    let policy = email_limits::policy(conn, tenant_id).await?.unwrap_or_default();
    if policy.mail_suspended_at.is_some() {
        return Ok(Some(suspended_reason(policy.mail_suspended_reason.as_deref())));
    }
    if !via_platform {
        return Ok(None);
    }
    let daily = policy.mail_daily_limit.unwrap_or(platform.daily_limit);
    let per_recipient = policy.mail_recipient_daily_limit.unwrap_or(platform.recipient_daily_limit);
    Ok(match email_limits::reserve(conn, tenant_id, to, daily, per_recipient).await? {
        Ok(()) => None,
        Err(Exceeded::Daily(limit)) => Some(format!(
            "Não enviado: a empresa atingiu o limite de {limit} e-mails por dia enviados pelo {}. \
             O limite recomeça à meia-noite (horário de Brasília); com um domínio próprio no Resend ele não se aplica.",
            platform.platform_name
        )),
        Err(Exceeded::Recipient(limit)) => Some(format!(
            "Não enviado: {} já recebeu {limit} e-mails desta empresa hoje, o limite por destinatário. \
             O limite recomeça à meia-noite (horário de Brasília).",
            to.trim()
        )),
    })
}

/// The owner's reason for a message refused during a suspension.
pub fn suspended_reason(admin_reason: Option<&str>) -> String {
    match admin_reason.map(str::trim).filter(|r| !r.is_empty()) {
        Some(why) => format!("Não enviado: o envio de e-mails desta empresa está suspenso pela plataforma ({why})."),
        None => "Não enviado: o envio de e-mails desta empresa está suspenso pela plataforma.".to_string(),
    }
}
