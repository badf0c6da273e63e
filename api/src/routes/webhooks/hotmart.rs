//! `POST /api/webhooks/hotmart/robot/{robotId}`: Hotmart's postback (2.0.0).
//!
//! Authenticate (the tenant's hottok, constant time) before the body is
//! parsed, then parse it once (Hotmart's adapter: the raw event and the
//! neutral sale event) and store both through the common intake
//! (`views::sales_intake`). Nothing is processed here: Hotmart disables a URL
//! that keeps failing, so a stored event must never get a 5xx because
//! processing would.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use shared::domain::hotmart;
use shared::domain::sales::{adapters, Platform};
use shared::infrastructure::secrets::{constant_time_eq, sha256_hex};
use shared::repositories::sales_channel_log::Refusal;
use shared::AppError;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiResult, ErrorBody};
use crate::views::sales_channels::WebhookReceipt;
use crate::views::sales_intake as intake;
use crate::AppState;

pub const BAD_HOTTOK: &str = "Hottok inválido ou não configurado para este tenant";

/// Receives a Hotmart postback for one robot.
#[utoipa::path(operation_id = "hotmartWebhook", post, path = "/api/webhooks/hotmart/robot/{robotId}", tag = "webhooks",
    params(("robotId" = String, Path, description = "The robot's id"),
           ("X-HOTMART-HOTTOK" = Option<String>, Header, description = "The tenant's Hotmart hottok (or `hottok` in the body)")),
    request_body(content = serde_json::Value, description = "Hotmart postback 2.0.0", content_type = "application/json"),
    responses((status = 200, body = WebhookReceipt), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn receive(
    State(state): State<AppState>,
    Path(robot_id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<WebhookReceipt>> {
    // The hottok first, the body after: a stranger's bytes reach no parser
    // but the one reading the body's `hottok` alone (when the header is
    // missing), and no parser's words reach a stranger.
    let hottok = headers
        .get("x-hotmart-hottok")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .or_else(|| hotmart::body_hottok(&body));
    let (tx, target) = intake::open_target(&state, &robot_id).await?;
    // The hottok is the tenant's, kept hashed (not a per-robot secret).
    let refusal = match (&target.hottok_hash, &hottok) {
        (None, _) => Some(Refusal::NotConfigured),
        (Some(_), None) => Some(Refusal::MissingHottok),
        (Some(stored), Some(sent)) => (!constant_time_eq(stored, &sha256_hex(sent))).then_some(Refusal::WrongHottok),
    };
    if let Some(refusal) = refusal {
        return intake::refused(tx, &target, Platform::Hotmart, refusal, AppError::Unauthorized(BAD_HOTTOK.into()))
            .await;
    }
    match adapters::hotmart::parse(&body) {
        Ok((event, neutral)) => intake::accept(tx, &target, &event.raw, &neutral).await,
        Err(e) => intake::unreadable(tx, &target, Platform::Hotmart, Refusal::UnreadableBody, e).await,
    }
}

/// `/api/webhooks/hotmart/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(receive))
}
