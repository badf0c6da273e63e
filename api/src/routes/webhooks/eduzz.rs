//! `POST /api/webhooks/eduzz/robot/{robotId}`: Eduzz's Developer Hub webhook
//! for one robot.
//!
//! The signature first: the `x-signature` header must be the raw body's
//! HMAC-SHA256 under the robot's Eduzz secret (constant time). A wrong or
//! missing signature is 401 and stores nothing (a refusal is counted for the
//! owner's screen). Then Eduzz's adapter reads the body once into the neutral
//! sale event, stored through the common intake (`webhooks::intake`). The
//! activation ping Eduzz sends is signed too, and stored as a test.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use shared::domain::sales::adapters::eduzz::{self, signature};
use shared::domain::sales::Platform;
use shared::repositories::sales_channel_log::Refusal;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiResult, ErrorBody};
use crate::views::sales_channels::WebhookReceipt;
use crate::views::sales_intake as intake;
use crate::AppState;

pub const BAD_SIGNATURE: &str = "Assinatura inválida ou chave secreta da Eduzz não configurada para este robô";

/// Receives an Eduzz webhook delivery for one robot.
#[utoipa::path(operation_id = "eduzzWebhook", post, path = "/api/webhooks/eduzz/robot/{robotId}", tag = "webhooks",
    params(("robotId" = String, Path, description = "The robot's id"),
           ("x-signature" = Option<String>, Header, description = "Hex HMAC-SHA256 of the raw body, keyed with the webhook's secret")),
    request_body(content = serde_json::Value, description = "Eduzz webhook payload", content_type = "application/json"),
    responses((status = 200, body = WebhookReceipt), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn receive(
    State(state): State<AppState>,
    Path(robot_id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<WebhookReceipt>> {
    let sent = headers.get("x-signature").and_then(|v| v.to_str().ok());
    let verify = |secret: &str, sent: &str| signature::verify(secret, &body, sent);
    let (tx, target) =
        intake::authenticate_signed(&state, &robot_id, Platform::Eduzz, sent, verify, BAD_SIGNATURE).await?;
    match eduzz::parse(&body) {
        Ok((payload, event)) => intake::accept(tx, &target, &payload, &event).await,
        Err(e) => intake::unreadable(tx, &target, Platform::Eduzz, Refusal::UnreadablePayload, e).await,
    }
}

/// `/api/webhooks/eduzz/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(receive))
}
