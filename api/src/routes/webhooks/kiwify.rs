//! `POST /api/webhooks/kiwify/robot/{robotId}?signature=…`: Kiwify's sales
//! webhook for one robot.
//!
//! The signature first: the `signature` query parameter must be the raw
//! body's HMAC-SHA1 under the robot's Kiwify token (constant time). A wrong
//! or missing signature is 401 and stores nothing (a refusal is counted for
//! the owner's screen). Then Kiwify's adapter reads the body once into the
//! neutral sale event, stored in the inbox beside the body with its job in
//! the same transaction, and the answer is 200: processing happens in the
//! worker, so a stored event never gets a 5xx because processing would.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use shared::domain::sales::adapters::kiwify::{self, signature};
use shared::infrastructure::db::{self, Scope};
use shared::repositories::hotmart_inbox::{self, NewInboxEvent};
use shared::repositories::sales_channel_log::{self, Refusal};
use shared::repositories::{job_queue, sales_channel_secrets};
use shared::workflows::jobs::{ProcessHotmartEvent, HOTMART_QUEUE};
use shared::AppError;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiQuery, ApiResult, ErrorBody};
use crate::views::sales_channels::WebhookReceipt;
use crate::AppState;

pub const UNKNOWN_ROBOT: &str = "Robô não encontrado";
pub const BAD_SIGNATURE: &str = "Assinatura inválida ou token da Kiwify não configurado para este robô";
/// The platform name inbox rows and refusals are kept under.
const KIWIFY: &str = "kiwify";

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
    let unknown = || AppError::NotFound(UNKNOWN_ROBOT.into());
    let robot_id = Uuid::parse_str(robot_id.trim()).map_err(|_| unknown())?;
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let target = hotmart_inbox::find_target(&mut tx, robot_id).await?.ok_or_else(unknown)?;
    db::set_scope(&mut tx, Scope::anonymous_in(target.tenant_id)).await?;
    let token =
        sales_channel_secrets::open(&mut tx, &state.config.secrets, target.tenant_id, target.robot_id, KIWIFY).await?;
    let sent = query.signature.as_deref().map(str::trim).filter(|s| !s.is_empty());
    let refusal = match (&token, sent) {
        (None, _) => Some(Refusal::SecretNotConfigured),
        (Some(_), None) => Some(Refusal::MissingSignature),
        (Some(token), Some(sent)) => (!signature::verify(token, &body, sent)).then_some(Refusal::WrongSignature),
    };
    if let Some(refusal) = refusal {
        sales_channel_log::record_refusal(&mut tx, target.tenant_id, target.robot_id, KIWIFY, refusal).await?;
        tx.commit().await?;
        return Err(AppError::Unauthorized(BAD_SIGNATURE.into()).into());
    }
    let (payload, event) = match kiwify::parse(&body) {
        Ok(read) => read,
        Err(e) => {
            let unreadable = Refusal::UnreadablePayload;
            sales_channel_log::record_refusal(&mut tx, target.tenant_id, target.robot_id, KIWIFY, unreadable).await?;
            tx.commit().await?;
            return Err(AppError::validation_field("body", &e.to_string()).into());
        }
    };
    let sale_event = serde_json::to_value(&event).map_err(AppError::internal)?;
    let new = NewInboxEvent {
        tenant_id: target.tenant_id,
        robot_id: target.robot_id,
        platform: KIWIFY,
        event_id: &event.event_id,
        event: &event.event_name,
        payload: &payload,
        sale_event: &sale_event,
        is_test: event.is_test,
    };
    let stored = hotmart_inbox::store(&mut tx, new).await?;
    match stored {
        // One queue for every platform's events: the worker reads the neutral event.
        Some(inbox_id) => {
            let job = ProcessHotmartEvent { tenant_id: target.tenant_id, inbox_id };
            job_queue::enqueue(&mut tx, HOTMART_QUEUE, &job, Some(&format!("hotmart-{inbox_id}"))).await?;
        }
        None => hotmart_inbox::count_duplicate(&mut tx, target.tenant_id, &event.event_id).await?,
    }
    tx.commit().await?;
    Ok(Json(WebhookReceipt { received: true, duplicate: stored.is_none() }))
}

/// `/api/webhooks/kiwify/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(receive))
}
