//! `POST /api/webhooks/asaas/robot/{robotId}`: Asaas's webhook for one robot.
//!
//! The token first: the `asaas-access-token` header must be the auth token
//! the owner set on the webhook in Asaas (constant time). A wrong or missing
//! token is 401 and stores nothing (a refusal is counted for the owner's
//! screen). Then Asaas's adapter reads the body once, for this robot's
//! external reference: Asaas sends every charge of the account to every
//! webhook, and only the charges carrying the reference are the robot's
//! sales. The others are stored as ignored and answered 200, so Asaas never
//! pauses the webhook over a charge that is simply someone else's.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use shared::domain::sales::adapters::asaas::{self, token};
use shared::domain::sales::Platform;
use shared::repositories::sales_channel_log::Refusal;
use shared::repositories::sales_channel_secrets;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiResult, ErrorBody};
use crate::views::sales_channels::WebhookReceipt;
use crate::views::sales_intake as intake;
use crate::AppState;

pub const BAD_TOKEN: &str = "Token de autenticação inválido ou não configurado no Asaas para este robô";

/// Receives an Asaas webhook delivery for one robot.
#[utoipa::path(operation_id = "asaasWebhook", post, path = "/api/webhooks/asaas/robot/{robotId}", tag = "webhooks",
    params(("robotId" = String, Path, description = "The robot's id"),
           ("asaas-access-token" = Option<String>, Header, description = "The auth token set on the webhook in Asaas")),
    request_body(content = serde_json::Value, description = "Asaas webhook event", content_type = "application/json"),
    responses((status = 200, body = WebhookReceipt), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn receive(
    State(state): State<AppState>,
    Path(robot_id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<WebhookReceipt>> {
    let sent = headers.get("asaas-access-token").and_then(|v| v.to_str().ok());
    let (mut tx, target) =
        intake::authenticate_signed(&state, &robot_id, Platform::Asaas, sent, token::verify, BAD_TOKEN).await?;
    let reference = sales_channel_secrets::reference(&mut tx, target.tenant_id, target.robot_id, "asaas").await?;
    match asaas::parse(&body, reference.as_deref()) {
        Ok((payload, event)) => intake::accept(tx, &target, &payload, &event).await,
        Err(e) => intake::unreadable(tx, &target, Platform::Asaas, Refusal::UnreadablePayload, e).await,
    }
}

/// `/api/webhooks/asaas/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(receive))
}
