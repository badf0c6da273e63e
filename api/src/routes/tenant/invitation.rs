//! `POST /api/tenant-auth/accept-invitation`: an invited owner opens the
//! e-mailed (or handed-over) link, creates a password and is signed in at
//! once. The same answer gives the browser the tenant pass: the invitation
//! proved who they are, so nobody has to hand them the security key.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{AppendHeaders, IntoResponse};
use axum::Json;
use shared::domain::portal::Portal;
use shared::infrastructure::db::{self, Scope};
use shared::repositories::reset_tokens::Link;
use shared::repositories::{sessions, tenant_owners, tenants};
use shared::AppError;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, ErrorBody};
use crate::password_reset::{self, INVALID_INVITATION};
use crate::request_meta::RequestMeta;
use crate::views::password_reset::ResetPasswordRequest;
use crate::views::sessions::TenantSession;
use crate::{cookies, tenant_pass, AppState};

/// Accepts an owner invitation: sets the password, proves the e-mail, signs
/// in and remembers this browser for the tenant (no security key needed).
#[utoipa::path(operation_id = "tenantAcceptInvitation", post, path = "/api/tenant-auth/accept-invitation",
    tag = "tenant-auth", request_body = ResetPasswordRequest,
    responses((status = 200, body = TenantSession), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn accept(
    State(state): State<AppState>,
    meta: RequestMeta,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ResetPasswordRequest>,
) -> ApiResult<impl IntoResponse> {
    let (tenant, owner_id) =
        password_reset::reset(password_reset::OWNER, &state, &meta, &body.token, body.new_password, Link::Invitation)
            .await?;
    let invalid = || AppError::validation_field("token", INVALID_INVITATION);
    let mut tx = db::begin(&state.pool, Scope::anonymous_in(tenant.id)).await?;
    if let Some(previous) = cookies::session_token(&headers, Portal::Tenant) {
        sessions::delete(&mut tx, &previous).await?;
    }
    let principal = sessions::Principal::Owner { tenant_id: tenant.id, owner_id };
    let ttl = state.config.session_ttl;
    let token = sessions::create(&mut tx, principal, &meta.session_meta(), ttl).await?;
    let key_digest = tenants::security_key_digest(&mut tx, tenant.id).await?.ok_or_else(invalid)?;
    tx.commit().await?;
    let mut tx = db::begin(&state.pool, Scope::owner(tenant.id, owner_id)).await?;
    let owner = tenant_owners::find(&mut tx, tenant.id, owner_id).await?.ok_or_else(invalid)?;
    tx.commit().await?;
    let set_cookies = AppendHeaders([
        cookies::set_session(Portal::Tenant, &token, ttl, meta.secure_cookies()),
        tenant_pass::set_cookie(&state, &meta, tenant.id, &key_digest),
    ]);
    Ok((set_cookies, Json(TenantSession { user: owner.into(), tenant: tenant.into() })))
}

/// Merged into `/api/tenant-auth`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(accept))
}
