//! `/api/tenant/email-sending`: how the tenant's mail goes out (decision
//! 0018) — through its own Resend key and domain, or through the platform's
//! address in the platform's frame under daily limits; whether its own
//! domain is verified at Resend (SPF/DKIM); and the messages that did not
//! reach their reader (refused, failed, not sent, bounced, complained of).

use axum::extract::State;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::Serialize;
use shared::domain::owner_permissions::Capability;
use shared::domain::pagination::Page;
use shared::domain::platform_mail;
use shared::infrastructure::db::{self, Scope};
use shared::repositories::{email_limits, email_reports, tenant_settings, tenants};
use shared::workflows::email::{self, resend};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiResult, OwnerErrors};
use crate::extractors::{PageQuery, Paging, SignedInOwner};
use crate::AppState;

/// How the tenant's mail goes out today.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailSendingItem {
    /// Its own Resend key: its own domain, no platform frame or limits.
    pub sends_with_own_key: bool,
    /// The From line of framed mail (`"<tenant> via RoboForge" <address>`).
    pub platform_from: String,
    /// The name framed mail gives the tenant (its registered name, sanitised).
    pub sender_name: String,
    pub abuse_address: String,
    /// What applies through the platform: the tenant's override or the default.
    pub daily_limit: i32,
    pub recipient_daily_limit: i32,
    /// Messages reserved today (São Paulo day) through the platform.
    pub sent_today: i32,
    /// The platform suspended the tenant's mail: nothing is sent.
    pub suspended: bool,
    pub suspended_reason: Option<String>,
}

#[utoipa::path(operation_id = "tenantGetEmailSending", get, path = "/api/tenant/email-sending", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = EmailSendingItem), OwnerErrors))]
pub async fn get_sending(State(state): State<AppState>, owner: SignedInOwner) -> ApiResult<Json<EmailSendingItem>> {
    owner.require(Capability::ViewSettings)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let settings = tenant_settings::email(&mut tx, tenant)
        .await?
        .ok_or_else(|| AppError::NotFound("Tenant não encontrado".into()))?;
    let policy = email_limits::policy(&mut tx, tenant).await?.unwrap_or_default();
    let sent_today = email_limits::sent_today(&mut tx, tenant).await?;
    tx.commit().await?;
    let platform = email::PlatformPolicy::from_config(&state.config.email);
    let sender_name = platform_mail::sender_name(&owner.tenant.name, &platform.platform_name);
    Ok(Json(EmailSendingItem {
        sends_with_own_key: settings.resend_configured,
        platform_from: platform_mail::framed_from(&sender_name, &state.config.email.from),
        sender_name,
        abuse_address: platform.abuse_address,
        daily_limit: policy.mail_daily_limit.unwrap_or(platform.daily_limit),
        recipient_daily_limit: policy.mail_recipient_daily_limit.unwrap_or(platform.recipient_daily_limit),
        sent_today,
        suspended: policy.mail_suspended_at.is_some(),
        suspended_reason: policy.mail_suspended_reason,
    }))
}

/// One DNS record the tenant's domain needs.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DnsRecordItem {
    /// `SPF`, `DKIM`, …
    pub record: String,
    pub name: String,
    /// `MX`, `TXT`, …
    #[serde(rename = "type")]
    pub kind: String,
    pub value: String,
    pub priority: Option<i64>,
    /// `verified`, `pending`, `not_started`, `failed`, …
    pub status: String,
}

/// Whether the tenant's own sending domain is verified at Resend.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailDomainItem {
    /// `not_configured` (no key or no domain: mail goes out through the
    /// platform), `verified`, `pending`, `not_started`, `failed`,
    /// `not_found` (the key's account has no such domain), `unreachable`
    /// (Resend did not answer or refused the key).
    pub state: String,
    pub domain: Option<String>,
    /// The records to add (or added), with Resend's status of each.
    pub records: Vec<DnsRecordItem>,
    /// What the state means, in pt-BR.
    pub message: String,
}

fn domain_item(state: &str, domain: Option<String>, records: Vec<DnsRecordItem>, sender: &str) -> EmailDomainItem {
    let message = match state {
        "verified" => "Domínio verificado: seus e-mails saem com o seu domínio (SPF e DKIM confirmados).".to_string(),
        "pending" | "not_started" | "temporary_failure" => {
            "Verificação pendente: adicione os registros DNS abaixo no seu provedor e aguarde a confirmação do Resend."
                .to_string()
        }
        "failed" => {
            "A verificação falhou: confira os registros DNS abaixo e peça uma nova verificação no Resend.".to_string()
        }
        "not_found" => "A conta do Resend desta chave não tem este domínio: cadastre-o no Resend.".to_string(),
        "unreachable" => {
            "Não foi possível consultar o Resend agora (chave recusada ou serviço fora do ar).".to_string()
        }
        _ => format!("Sem domínio próprio: seus e-mails saem pelo RoboForge em nome de {sender}."),
    };
    EmailDomainItem { state: state.to_string(), domain, records, message }
}

#[utoipa::path(operation_id = "tenantGetEmailDomain", get, path = "/api/tenant/email-sending/domain", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = EmailDomainItem), OwnerErrors))]
pub async fn get_domain(State(state): State<AppState>, owner: SignedInOwner) -> ApiResult<Json<EmailDomainItem>> {
    owner.require(Capability::ViewSettings)?;
    let platform = email::PlatformPolicy::from_config(&state.config.email);
    let sender = platform_mail::sender_name(&owner.tenant.name, &platform.platform_name);
    // The key is sealed and owners hold no grant on it: read in the
    // tenant's worker scope, after the capability check, and never answered.
    let mut tx = db::begin(&state.pool, Scope::worker_for(owner.tenant.id)).await?;
    let sender_row = tenants::email_sender(&mut tx, owner.tenant.id).await?;
    tx.commit().await?;
    let domain = sender_row.as_ref().and_then(|s| s.domain.clone()).filter(|d| !d.trim().is_empty());
    let key = sender_row.as_ref().and_then(|s| s.sealed_key.as_deref()).and_then(|k| state.config.secrets.open(k));
    let (Some(key), Some(name)) = (key, domain.clone()) else {
        return Ok(Json(domain_item("not_configured", domain, Vec::new(), &sender)));
    };
    let found = resend::find_domain(&state.config.email.resend_api_base, &key, &name).await;
    Ok(Json(match found {
        Ok(Some(found)) => {
            let records = found
                .records
                .into_iter()
                .map(|r| DnsRecordItem {
                    record: r.record,
                    name: r.name,
                    kind: r.kind,
                    value: r.value,
                    priority: r.priority,
                    status: r.status,
                })
                .collect();
            domain_item(&found.status, Some(found.name), records, &sender)
        }
        Ok(None) => domain_item("not_found", Some(name), Vec::new(), &sender),
        Err(error) => {
            tracing::warn!(tenant = %owner.tenant.id, error = %error, "resend domains lookup failed");
            domain_item("unreachable", Some(name), Vec::new(), &sender)
        }
    }))
}

/// A message that did not reach its reader.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailProblemItem {
    pub id: Uuid,
    pub to: String,
    pub subject: String,
    pub template: Option<String>,
    /// `refused` (a limit or a suspension: never sent), `failed`,
    /// `not_configured` (recorded, no key to send with), or `sent` when it
    /// bounced or was complained of afterwards.
    pub status: String,
    /// Why, in pt-BR for refusals.
    pub reason: Option<String>,
    pub bounced_at: Option<DateTime<Utc>>,
    pub complained_at: Option<DateTime<Utc>>,
    /// What the receiving server said (bounces).
    pub delivery_detail: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[utoipa::path(operation_id = "tenantListEmailProblems", get, path = "/api/tenant/email-sending/problems", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(PageQuery),
    responses((status = 200, body = Page<EmailProblemItem>), OwnerErrors))]
pub async fn list_problems(owner: SignedInOwner, Paging(paging): Paging) -> ApiResult<Json<Page<EmailProblemItem>>> {
    owner.require(Capability::ViewSettings)?;
    let mut tx = owner.begin().await?;
    let page = email_reports::problems(&mut tx, owner.tenant.id, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(|r| EmailProblemItem {
        id: r.id,
        to: r.to_address,
        subject: r.subject,
        template: r.template,
        status: r.status,
        reason: r.last_error,
        bounced_at: r.bounced_at,
        complained_at: r.complained_at,
        delivery_detail: r.delivery_detail,
        created_at: r.created_at,
    })))
}

/// `/api/tenant/email-sending`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_sending)).routes(routes!(get_domain)).routes(routes!(list_problems))
}
