//! `/api/client-auth/forgot-password` and `/api/client-auth/reset-password`:
//! the shared flow (`crate::password_reset`) for clients. On development
//! hosts the answer also carries the token, as the spec's screen shows it;
//! production never does.

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::password_reset::{self, RESET_DONE, RESET_REQUESTED};
use crate::request_meta::RequestMeta;
use crate::tenant_resolution::TenantQuery;
use crate::views::password_reset::{ForgotPasswordRequest, MessageResponse, ResetPasswordRequest};
use crate::AppState;
use shared::repositories::reset_tokens::Link;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientForgotPasswordResponse {
    pub message: String,
    /// Development hosts only, and only when a link was sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reset_token: Option<String>,
}

/// Sends a reset link to the client with this e-mail, if there is one.
#[utoipa::path(operation_id = "clientForgotPassword", post, path = "/api/client-auth/forgot-password",
    tag = "client-auth", request_body = ForgotPasswordRequest, params(TenantQuery),
    responses((status = 200, body = ClientForgotPasswordResponse), (status = 400, body = ErrorBody)))]
pub async fn forgot_password(
    State(state): State<AppState>,
    meta: RequestMeta,
    ApiQuery(query): ApiQuery<TenantQuery>,
    ApiJson(body): ApiJson<ForgotPasswordRequest>,
) -> ApiResult<Json<ClientForgotPasswordResponse>> {
    let email = password_reset::check_email(&body.email)?;
    let token =
        password_reset::request_link(password_reset::CLIENT, &state, &meta, query.tenant.as_deref(), &email).await?;
    Ok(Json(ClientForgotPasswordResponse {
        message: RESET_REQUESTED.into(),
        reset_token: token.filter(|_| meta.dev_host),
    }))
}

/// Sets a new password with the token of a reset link.
#[utoipa::path(operation_id = "clientResetPassword", post, path = "/api/client-auth/reset-password",
    tag = "client-auth", request_body = ResetPasswordRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody)))]
pub async fn reset_password(
    State(state): State<AppState>,
    meta: RequestMeta,
    ApiJson(body): ApiJson<ResetPasswordRequest>,
) -> ApiResult<Json<MessageResponse>> {
    password_reset::reset(password_reset::CLIENT, &state, &meta, &body.token, body.new_password, Link::Any).await?;
    Ok(Json(MessageResponse { message: RESET_DONE.into() }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(forgot_password)).routes(routes!(reset_password))
}
