//! `/api/tenant-auth/forgot-password` and `/api/tenant-auth/reset-password`:
//! an owner who forgot their password gets a single-use link by e-mail
//! (through the outbox, like every other mail) and sets a new one with it.
//!
//! The flow itself (silent about who exists, single use, hosts) is
//! `crate::password_reset`, shared with the client portal.

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::password_reset::{self, RESET_DONE, RESET_REQUESTED};
use crate::request_meta::RequestMeta;
use crate::tenant_resolution::TenantQuery;
use crate::views::password_reset::{ForgotPasswordRequest, MessageResponse, ResetPasswordRequest};
use crate::AppState;
use shared::repositories::reset_tokens::Link;

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
    let email = password_reset::check_email(&body.email)?;
    password_reset::request_link(password_reset::OWNER, &state, &meta, query.tenant.as_deref(), &email).await?;
    Ok(Json(MessageResponse { message: RESET_REQUESTED.into() }))
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
    password_reset::reset(password_reset::OWNER, &state, &meta, &body.token, body.new_password, Link::Any).await?;
    Ok(Json(MessageResponse { message: RESET_DONE.into() }))
}

/// The reset routes, merged into `/api/tenant-auth`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(forgot_password)).routes(routes!(reset_password))
}
