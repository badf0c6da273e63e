//! `POST /api/webhooks/validate-license`: the check every robot calls when it
//! starts. HTTP 200 with `valid` true or false and a machine-readable `code`
//! for anything a robot can send (429 with a retry time when rate-limited or
//! throttled); the answer is
//! signed with the robot's key over the robot's own nonce
//! (docs/license-signature.md). The check itself is `crate::license_check`.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiBytes, ApiResult};
use crate::license_check::LicenseAnswer;
use crate::request_meta::RequestMeta;
use crate::AppState;

/// Validates a robot's license (email, mtAccount, robotId, tenantId, nonce).
#[utoipa::path(operation_id = "validateLicense", post, path = "/api/webhooks/validate-license", tag = "webhooks",
    request_body(content = serde_json::Value, description = "{ email, mtAccount (number or digits), robotId, tenantId, nonce?, protocol? (2: Ed25519 answers), licenseId? and buildMark? (a personal build: both, and no e-mail needed) }",
                 content_type = "application/json"),
    responses((status = 200, body = LicenseAnswer), (status = 429, body = LicenseAnswer)))]
pub async fn validate(
    State(state): State<AppState>,
    meta: RequestMeta,
    ApiBytes(body): ApiBytes,
) -> ApiResult<Response> {
    let (status, answer) = state.license_check.check(&state, &meta, &body).await?;
    // Retry-After for HTTP clients; the robot reads the signed retryAfter.
    let retry_after = answer.retry_after.map(|seconds| [(axum::http::header::RETRY_AFTER, seconds.to_string())]);
    Ok((status, retry_after, Json(answer)).into_response())
}

/// `/api/webhooks/validate-license`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(validate))
}
