//! `POST /api/webhooks/hotmart/robot/{robotId}`: Hotmart's postback (2.0.0).
//!
//! Authenticate (the tenant's hottok, constant time) before the body is
//! parsed, then parse it once (Hotmart's adapter: the raw event and the
//! neutral sale event), store both in the inbox keyed by the event id, queue its processing in the same transaction,
//! answer 200. Nothing is processed here: Hotmart disables a URL that keeps
//! failing, so a stored event must never get a 5xx because processing would.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use shared::domain::hotmart;
use shared::domain::sales::adapters;
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::secrets::{constant_time_eq, sha256_hex};
use shared::repositories::hotmart_inbox::{self, NewInboxEvent};
use shared::repositories::job_queue;
use shared::repositories::sales_channel_log::{self, Refusal};
use shared::workflows::jobs::{ProcessHotmartEvent, HOTMART_QUEUE};
use shared::AppError;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiResult, ErrorBody};
use crate::views::sales_channels::WebhookReceipt;
use crate::AppState;

pub const UNKNOWN_ROBOT: &str = "Robô não encontrado";
/// The platform name refusals are counted under.
const HOTMART: &str = "hotmart";
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
    let unknown = || AppError::NotFound(UNKNOWN_ROBOT.into());
    let robot_id = Uuid::parse_str(robot_id.trim()).map_err(|_| unknown())?;
    // The hottok first, the body after: a stranger's bytes reach no parser
    // but the one reading the body's `hottok` alone (when the header is
    // missing), and no parser's words reach a stranger.
    let hottok = headers
        .get("x-hotmart-hottok")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .or_else(|| hotmart::body_hottok(&body));

    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let target = hotmart_inbox::find_target(&mut tx, robot_id).await?.ok_or_else(unknown)?;
    let refusal = match (&target.hottok_hash, &hottok) {
        (None, _) => Some(Refusal::NotConfigured),
        (Some(_), None) => Some(Refusal::MissingHottok),
        (Some(stored), Some(sent)) => (!constant_time_eq(stored, &sha256_hex(sent))).then_some(Refusal::WrongHottok),
    };
    db::set_scope(&mut tx, Scope::anonymous_in(target.tenant_id)).await?;
    if let Some(refusal) = refusal {
        // Counted where the owner's Hotmart screen shows it: the robot is
        // real, so the owner learns their hottok is wrong without a log dive.
        sales_channel_log::record_refusal(&mut tx, target.tenant_id, target.robot_id, HOTMART, refusal).await?;
        tx.commit().await?;
        count_event("unknown", "refused");
        return Err(AppError::Unauthorized(BAD_HOTTOK.into()).into());
    }
    // Hotmart itself: told in pt-BR what is wrong with what it sent.
    let (event, neutral) = match adapters::hotmart::parse(&body) {
        Ok(read) => read,
        Err(e) => {
            let unreadable = Refusal::UnreadableBody;
            sales_channel_log::record_refusal(&mut tx, target.tenant_id, target.robot_id, HOTMART, unreadable).await?;
            tx.commit().await?;
            return Err(AppError::validation_field("body", &e.to_string()).into());
        }
    };
    let sale_event = serde_json::to_value(&neutral).map_err(AppError::internal)?;
    let stored = hotmart_inbox::store(
        &mut tx,
        NewInboxEvent {
            tenant_id: target.tenant_id,
            robot_id: target.robot_id,
            platform: HOTMART,
            event_id: &event.event_id,
            event: event.kind.as_str(),
            payload: &event.raw,
            sale_event: &sale_event,
            is_test: event.is_test,
        },
    )
    .await?;
    match stored {
        Some(inbox_id) => {
            let job = ProcessHotmartEvent { tenant_id: target.tenant_id, inbox_id };
            job_queue::enqueue(&mut tx, HOTMART_QUEUE, &job, Some(&format!("hotmart-{inbox_id}"))).await?;
        }
        None => hotmart_inbox::count_duplicate(&mut tx, target.tenant_id, &event.event_id).await?,
    }
    tx.commit().await?;
    count_event(event.kind.as_str(), if stored.is_some() { "accepted" } else { "duplicate" });
    Ok(Json(WebhookReceipt { received: true, duplicate: stored.is_none() }))
}

/// Counts an event received, by its type and what became of it (/metrics).
fn count_event(kind: &str, outcome: &str) {
    shared::infrastructure::metrics::inc(
        &shared::infrastructure::metrics::WEBHOOK_EVENTS,
        &[("type", kind), ("outcome", outcome)],
    );
}

/// `/api/webhooks/hotmart/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(receive))
}
