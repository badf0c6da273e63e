//! `/api/tenant-auth/forgot-password` and `/api/tenant-auth/reset-password`:
//! an owner who forgot their password gets a single-use link by e-mail
//! (through the outbox, like every other mail) and sets a new one with it.
//!
//! The answer to "forgot" is the same whether or not the e-mail belongs to an
//! owner, so the form cannot be used to find out who is an owner. The link
//! is built from the tenant's own host (never from a Host header a caller
//! could forge), except on the configured development hosts.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::db::{self, Scope};
use shared::email::{self, EmailTemplate};
use shared::portal::Portal;
use shared::repositories::audit_log::{self, Action};
use shared::repositories::tenants::TenantSummary;
use shared::repositories::{sessions, tenant_owners};
use shared::secrets::{random_token, sha256_hex};
use shared::validation::{char_len, is_email, normalize_email, Validator, MAX_PASSWORD_CHARS, PASSWORD_TOO_LONG};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::request_meta::RequestMeta;
use crate::tenant_resolution::{self, TenantQuery};
use crate::AppState;

pub const RESET_REQUESTED: &str =
    "Se o e-mail estiver cadastrado, você receberá em instantes um link para redefinir sua senha.";
pub const RESET_DONE: &str = "Senha redefinida com sucesso! Faça login com a nova senha.";
pub const INVALID_TOKEN: &str = "Link de redefinição inválido ou expirado. Solicite um novo.";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ForgotPasswordRequest {
    #[schema(required = true, format = Email, max_length = 254)]
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

/// Sends a password-reset link to the owner with this e-mail, if there is
/// one. The tenant is the host's (on development hosts: `X-Tenant-Secret`
/// or `?tenant=`).
#[utoipa::path(operation_id = "tenantForgotPassword", post, path = "/api/tenant-auth/forgot-password",
    tag = "tenant-auth", request_body = ForgotPasswordRequest, params(TenantQuery),
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody)))]
pub async fn forgot_password(
    State(state): State<AppState>,
    meta: RequestMeta,
    ApiQuery(query): ApiQuery<TenantQuery>,
    ApiJson(body): ApiJson<ForgotPasswordRequest>,
) -> ApiResult<Json<MessageResponse>> {
    Validator::new()
        .check(!body.email.trim().is_empty(), "email", "E-mail é obrigatório")
        .check(
            body.email.trim().is_empty() || (is_email(&body.email) && char_len(&body.email) <= 254),
            "email",
            "Email inválido",
        )
        .finish()?;
    let email = normalize_email(&body.email);

    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let tenant = tenant_resolution::resolve(&mut tx, &state, &meta, Portal::Tenant, query.tenant.as_deref()).await?;
    tx.commit().await?;
    if let Some(tenant) = tenant.filter(TenantSummary::is_active) {
        send_link(&state, &meta, &tenant, &email).await?;
    }
    Ok(Json(MessageResponse { message: RESET_REQUESTED.into() }))
}

async fn send_link(state: &AppState, meta: &RequestMeta, tenant: &TenantSummary, email: &str) -> ApiResult<()> {
    let mut tx = db::begin(&state.pool, Scope::anonymous_in(tenant.id)).await?;
    let owner = match tenant_owners::find_credentials(&mut tx, tenant.id, email).await? {
        Some((owner, _)) if owner.is_active => owner,
        _ => return Ok(()),
    };
    // The tenant travels in the token so the reset page needs nothing else
    // (the owner may not have the security key at hand).
    let token = format!("{}.{}", tenant.id.simple(), random_token());
    if !tenant_owners::issue_reset_token(&mut tx, tenant.id, owner.id, &sha256_hex(&token)).await? {
        return Ok(()); // a link went out moments ago; it still works
    }
    let variables = BTreeMap::from([
        ("tenantName".to_string(), tenant.display_name.clone().unwrap_or_else(|| tenant.name.clone())),
        ("ownerName".to_string(), owner.name.clone()),
        ("resetLink".to_string(), reset_link(state, meta, tenant, &token)),
    ]);
    email::queue(&mut tx, tenant.id, EmailTemplate::PasswordReset, &owner.email, &variables).await?;
    tx.commit().await?;
    Ok(())
}

/// The owner portal's reset page: on the tenant's `admin.` host, or on the
/// development host the request came to.
fn reset_link(state: &AppState, meta: &RequestMeta, tenant: &TenantSummary, token: &str) -> String {
    if meta.dev_host {
        return format!("http://{}/tenant/reset-password?token={token}", meta.host);
    }
    let domain = shared::portal::domain_of_url(&tenant.url);
    let domain = if domain.is_empty() { state.config.portal_rules.platform_domain().to_string() } else { domain };
    format!("https://admin.{domain}/reset-password?token={token}")
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    #[schema(required = true)]
    pub token: String,
    #[schema(required = true, min_length = 6, max_length = 256)]
    pub new_password: String,
}

/// Sets a new password with the token of a reset link. The token works
/// once, for an hour; the owner's open sessions end.
#[utoipa::path(operation_id = "tenantResetPassword", post, path = "/api/tenant-auth/reset-password",
    tag = "tenant-auth", request_body = ResetPasswordRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody)))]
pub async fn reset_password(
    State(state): State<AppState>,
    meta: RequestMeta,
    ApiJson(body): ApiJson<ResetPasswordRequest>,
) -> ApiResult<Json<MessageResponse>> {
    let token = body.token.trim();
    Validator::new()
        .check(!token.is_empty(), "token", "Token de recuperação não encontrado")
        .check(char_len(&body.new_password) >= 6, "newPassword", "A senha deve ter pelo menos 6 caracteres")
        .check(char_len(&body.new_password) <= MAX_PASSWORD_CHARS, "newPassword", PASSWORD_TOO_LONG)
        .finish()?;
    let invalid = || AppError::validation_field("token", INVALID_TOKEN);
    let tenant_ref = token.split_once('.').and_then(|(t, _)| Uuid::try_parse(t).ok()).ok_or_else(invalid)?;
    let digest = sha256_hex(token);

    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let tenant = tenant_resolution::resolve(&mut tx, &state, &meta, Portal::Tenant, Some(&tenant_ref.to_string()))
        .await?
        .filter(|t| t.id == tenant_ref && t.is_active())
        .ok_or_else(invalid)?;
    tx.commit().await?;
    // Checked before hashing, so made-up tokens cost no Argon2 time.
    let mut tx = db::begin(&state.pool, Scope::anonymous_in(tenant.id)).await?;
    tenant_owners::find_by_reset_token(&mut tx, tenant.id, &digest).await?.ok_or_else(invalid)?;
    tx.commit().await?;

    let hash = state.hasher.hash(body.new_password).await?;
    let mut tx = db::begin(&state.pool, Scope::anonymous_in(tenant.id)).await?;
    let owner_id = tenant_owners::reset_password(&mut tx, tenant.id, &digest, &hash).await?.ok_or_else(invalid)?;
    sessions::end_for_owner(&mut tx, owner_id).await?;
    tx.commit().await?;

    let mut tx = db::begin(&state.pool, Scope::owner(tenant.id, owner_id)).await?;
    audit_log::record_change(
        &mut tx,
        shared::db::Actor::Owner(owner_id),
        meta.ip,
        Some(tenant.id),
        Action::Update,
        "tenant_owner",
        owner_id,
        &Value::Null,
        &json!({ "password": "*** (redefinida por link)" }),
    )
    .await?;
    tx.commit().await?;
    Ok(Json(MessageResponse { message: RESET_DONE.into() }))
}

/// The reset routes, merged into `/api/tenant-auth`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(forgot_password)).routes(routes!(reset_password))
}
