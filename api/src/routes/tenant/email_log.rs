//! The owner's e-mail log of one person (issue 35): every message the tenant
//! sent or tried to send to a buyer or a team member, told as it is (sent,
//! queued, not sent for want of a sender, refused by a limit, failed,
//! bounced), and "reenviar" for what can be sent again.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::json;
use shared::domain::owner_permissions::Capability;
use shared::infrastructure::db::{self, Scope};
use shared::repositories::audit_log::Action;
use shared::repositories::email_outbox::{self, LogRow};
use shared::repositories::{owner_team, tenant_clients, tenants};
use shared::workflows::email::{self, Delivery, EmailTemplate};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiResult, ErrorBody, OwnerErrors};
use crate::extractors::{PathId, SignedInOwner};
use crate::views::clients::UnknownClient;
use crate::AppState;

/// How many messages a log shows.
const SHOWN: i64 = 50;
const MESSAGE_NOT_FOUND: &str = "E-mail não encontrado";
crate::not_found_as!(UnknownMessage, MESSAGE_NOT_FOUND);
const MEMBER_NOT_FOUND: &str = "Usuário da equipe não encontrado";
crate::not_found_as!(UnknownMember, MEMBER_NOT_FOUND);

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailLogItem {
    pub id: Uuid,
    pub subject: String,
    pub template: Option<String>,
    /// What the message was (pt-BR): "Boas-vindas (acesso)", …
    pub kind: String,
    /// queued, sent, not_configured, refused, failed, bounced, complained.
    pub status: String,
    /// What happened, in pt-BR.
    pub status_label: String,
    /// Why it did not go, or what the provider said.
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
    /// Whether "reenviar" can copy it (not a single-use link or code).
    pub can_resend: bool,
}

/// `delivery`: how the tenant's mail leaves now. A message still waiting
/// while there is no sender at all will not go: it is said so at once, not
/// "na fila" until the sender job gets to it.
fn log_item(row: LogRow, delivery: Delivery) -> EmailLogItem {
    let template = row.template.as_deref().and_then(EmailTemplate::from_key);
    let status = match row.status.as_str() {
        "pending" if delivery == Delivery::None => "not_configured",
        other => other,
    };
    let (status, label) = match status {
        _ if row.complained_at.is_some() => ("complained", "Entregue, mas marcado como spam pelo destinatário"),
        _ if row.bounced_at.is_some() => ("bounced", "Devolvido: o endereço não recebeu"),
        "sent" => ("sent", "Enviado"),
        "pending" if row.attempts > 0 => ("queued", "Na fila: nova tentativa em instantes"),
        "pending" => ("queued", "Na fila de envio"),
        "not_configured" => ("not_configured", "Não enviado: remetente não configurado"),
        "refused" => ("refused", "Não enviado"),
        _ => ("failed", "Falhou"),
    };
    let reason = match status {
        "not_configured" => Some(email::NOT_CONFIGURED.to_string()),
        "refused" | "failed" | "queued" => row.last_error.clone(),
        _ => None,
    };
    EmailLogItem {
        id: row.id,
        subject: row.subject,
        kind: template.map_or("E-mail", EmailTemplate::label).to_string(),
        can_resend: template.is_none_or(|t| t.secret_variables().is_empty()),
        template: row.template,
        status: status.into(),
        status_label: label.into(),
        reason,
        created_at: row.created_at,
        sent_at: row.sent_at,
    }
}

/// What the tenant sent (or tried to send) to this buyer.
#[utoipa::path(operation_id = "tenantClientEmails", get, path = "/api/tenant/clients/{id}/emails", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = Vec<EmailLogItem>), (status = 404, body = ErrorBody), OwnerErrors))]
pub async fn client_emails(
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownClient>,
) -> ApiResult<Json<Vec<EmailLogItem>>> {
    owner.require(Capability::ViewClients)?;
    let mut tx = owner.begin().await?;
    let client =
        tenant_clients::find(&mut tx, owner.tenant.id, id).await?.or_not_found(crate::views::clients::NOT_FOUND)?;
    let rows = email_outbox::to_address(&mut tx, owner.tenant.id, &client.email, SHOWN).await?;
    let delivery = delivery_of(&mut tx, &owner).await?;
    tx.commit().await?;
    Ok(Json(rows.into_iter().map(|row| log_item(row, delivery)).collect()))
}

/// What the tenant sent to this team member (invitations, resets).
#[utoipa::path(operation_id = "tenantTeamMemberEmails", get, path = "/api/tenant/team/{id}/emails", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = Vec<EmailLogItem>), (status = 404, body = ErrorBody), OwnerErrors))]
pub async fn member_emails(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownMember>,
) -> ApiResult<Json<Vec<EmailLogItem>>> {
    owner.require(Capability::ManageTeam)?;
    // Owners read no other owner's row: the team's scope, after the check.
    let mut tx = db::begin(&state.pool, Scope::worker_for(owner.tenant.id)).await?;
    let member = owner_team::find(&mut tx, owner.tenant.id, id).await?.or_not_found(MEMBER_NOT_FOUND)?;
    tx.commit().await?;
    let mut tx = owner.begin().await?;
    let rows = email_outbox::to_address(&mut tx, owner.tenant.id, &member.email, SHOWN).await?;
    let delivery = delivery_of(&mut tx, &owner).await?;
    tx.commit().await?;
    Ok(Json(rows.into_iter().map(|row| log_item(row, delivery)).collect()))
}

async fn delivery_of(tx: &mut db::Tx, owner: &SignedInOwner) -> Result<Delivery, AppError> {
    let look = tenants::email_look(tx, owner.tenant.id).await?.unwrap_or_default();
    Ok(Delivery::of(look.own_key))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResentEmail {
    /// The new message's id.
    pub id: Uuid,
    /// queued, not_configured or refused.
    pub status: String,
    /// What happened, in pt-BR (never "enviado" before it is).
    pub message: String,
}

/// Sends a stored message again (a new message through the same limits).
#[utoipa::path(operation_id = "tenantResendEmail", post, path = "/api/tenant/emails/{id}/resend", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 202, body = ResentEmail), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              OwnerErrors))]
pub async fn resend(
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownMessage>,
) -> ApiResult<(StatusCode, Json<ResentEmail>)> {
    owner.require(Capability::ManageClients)?;
    let mut tx = owner.begin().await?;
    let queued = email::resend(&mut tx, owner.tenant.id, id)
        .await?
        .or_not_found(MESSAGE_NOT_FOUND)?
        .map_err(AppError::Conflict)?;
    let answer = match queued.undelivered() {
        Some(email::Undelivered::NotConfigured) => ("not_configured", email::NOT_CONFIGURED.to_string()),
        Some(email::Undelivered::Refused(reason)) => ("refused", reason),
        None => ("queued", "Reenvio na fila: o e-mail sai em instantes.".to_string()),
    };
    let after = json!({ "resentFrom": id, "status": answer.0 });
    owner.audit(&mut tx, Action::Create, "email", queued.id, &serde_json::Value::Null, &after).await?;
    tx.commit().await?;
    Ok((StatusCode::ACCEPTED, Json(ResentEmail { id: queued.id, status: answer.0.into(), message: answer.1 })))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(client_emails)).routes(routes!(member_emails)).routes(routes!(resend))
}
