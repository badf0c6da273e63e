//! `POST /api/webhooks/kiwify/robot/{robotId}?signature=…`: Kiwify's sales
//! webhook for one robot.
//!
//! The signature first: the `signature` query parameter must be the raw
//! body's HMAC-SHA1 under the robot's Kiwify token (constant time). A wrong
//! or missing signature is 401 and stores nothing (a refusal is counted for
//! the owner's screen). Then Kiwify's adapter reads the body once into the
//! neutral sale event, stored through the common intake (`views::sales_intake`).

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use shared::domain::sales::adapters::kiwify::{self, signature};
use shared::domain::sales::Platform;
use shared::repositories::sales_channel_log::Refusal;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiQuery, ApiResult, ErrorBody};
use crate::views::sales_channels::WebhookReceipt;
use crate::views::sales_intake as intake;
use crate::AppState;

pub const BAD_SIGNATURE: &str = "Assinatura inválida ou token da Kiwify não configurado para este robô";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
pub struct KiwifySignature {
    /// Hex HMAC-SHA1 of the raw body, keyed with the webhook's token.
    pub signature: Option<String>,
}

/// Receives a Kiwify webhook delivery for one robot.
#[utoipa::path(operation_id = "kiwifyWebhook", post, path = "/api/webhooks/kiwify/robot/{robotId}", tag = "webhooks",
    params(("robotId" = String, Path, description = "The robot's id"), KiwifySignature),
    request_body(content = serde_json::Value, description = "Kiwify webhook payload", content_type = "application/json"),
    responses((status = 200, body = WebhookReceipt), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn receive(
    State(state): State<AppState>,
    Path(robot_id): Path<String>,
    ApiQuery(query): ApiQuery<KiwifySignature>,
    body: Bytes,
) -> ApiResult<Json<WebhookReceipt>> {
    let verify = |token: &str, sent: &str| signature::verify(token, &body, sent);
    let (tx, target) = intake::authenticate_signed(
        &state,
        &robot_id,
        Platform::Kiwify,
        query.signature.as_deref(),
        verify,
        BAD_SIGNATURE,
    )
    .await?;
    match kiwify::parse(&body) {
        Ok((payload, event)) => intake::accept(tx, &target, &payload, &event).await,
        Err(e) => intake::unreadable(tx, &target, Platform::Kiwify, Refusal::UnreadablePayload, e).await,
    }
}

/// `/api/webhooks/kiwify/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(receive))
}
