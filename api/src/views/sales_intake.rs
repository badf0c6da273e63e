//! What every platform's webhook endpoint does around its own check and its
//! own parser: find the robot the URL names, count a refused delivery where
//! the owner's screen shows it, and store an accepted one through the
//! neutral intake (`sale_lifecycle::store_event`). A platform's endpoint
//! keeps only what differs: where its credential travels and how it is
//! checked, and which adapter reads its body.

use axum::Json;
use shared::domain::sales::{Platform, SaleEvent};
use shared::infrastructure::db::{self, Scope, Tx};
use shared::repositories::hotmart_inbox::{self, WebhookTarget};
use shared::repositories::sales_channel_log::{self, Refusal};
use shared::repositories::sales_channel_secrets;
use shared::workflows::sale_lifecycle::{store_event, Intake};
use shared::AppError;
use uuid::Uuid;

use crate::api_error::ApiResult;
use crate::views::sales_channels::WebhookReceipt;
use crate::AppState;

pub const UNKNOWN_ROBOT: &str = "Robô não encontrado";

/// The robot a webhook URL names, in a transaction scoped to its tenant.
/// An id that is not a robot's is 404 before anything is read.
pub async fn open_target(state: &AppState, robot_id: &str) -> ApiResult<(Tx, WebhookTarget)> {
    let unknown = || AppError::NotFound(UNKNOWN_ROBOT.into());
    let robot_id = Uuid::parse_str(robot_id.trim()).map_err(|_| unknown())?;
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let target = hotmart_inbox::find_target(&mut tx, robot_id).await?.ok_or_else(unknown)?;
    db::set_scope(&mut tx, Scope::anonymous_in(target.tenant_id)).await?;
    Ok((tx, target))
}

/// A signing platform's delivery: the robot's secret for `platform` must
/// exist and `verify(secret)` must hold for what was `sent`, or the delivery
/// is refused (401, `answer`) with the reason counted and nothing stored.
pub async fn authenticate_signed(
    state: &AppState,
    robot_id: &str,
    platform: Platform,
    sent: Option<&str>,
    verify: impl FnOnce(&str, &str) -> bool,
    answer: &str,
) -> ApiResult<(Tx, WebhookTarget)> {
    let (mut tx, target) = open_target(state, robot_id).await?;
    let secret = sales_channel_secrets::open(
        &mut tx,
        &state.config.secrets,
        target.tenant_id,
        target.robot_id,
        platform.as_str(),
    )
    .await?;
    let sent = sent.map(str::trim).filter(|s| !s.is_empty());
    let refusal = match (&secret, sent) {
        (None, _) => Some(Refusal::SecretNotConfigured),
        (Some(_), None) => Some(Refusal::MissingSignature),
        (Some(secret), Some(sent)) => (!verify(secret, sent)).then_some(Refusal::WrongSignature),
    };
    match refusal {
        Some(refusal) => refused(tx, &target, platform, refusal, AppError::Unauthorized(answer.into())).await,
        None => Ok((tx, target)),
    }
}

/// Counts why a delivery for a real robot was refused (the owner learns
/// their secret is wrong without a log dive), commits that, answers `answer`.
pub async fn refused<T>(
    mut tx: Tx,
    target: &WebhookTarget,
    platform: Platform,
    refusal: Refusal,
    answer: AppError,
) -> ApiResult<T> {
    sales_channel_log::record_refusal(&mut tx, target.tenant_id, target.robot_id, platform.as_str(), refusal).await?;
    tx.commit().await?;
    count_event(platform, "unknown", "refused");
    Err(answer.into())
}

/// A body the platform's adapter could not read: counted, and the platform
/// told in pt-BR what is wrong with what it sent.
pub async fn unreadable<T>(
    tx: Tx,
    target: &WebhookTarget,
    platform: Platform,
    refusal: Refusal,
    error: impl std::fmt::Display,
) -> ApiResult<T> {
    refused(tx, target, platform, refusal, AppError::validation_field("body", &error.to_string())).await
}

/// Stores an authenticated, read event (or counts it a duplicate), commits,
/// and answers 200: processing happens in the worker, so a stored event
/// never gets a 5xx because processing would.
pub async fn accept(
    mut tx: Tx,
    target: &WebhookTarget,
    payload: &serde_json::Value,
    event: &SaleEvent,
) -> ApiResult<Json<WebhookReceipt>> {
    let intake = store_event(&mut tx, target.tenant_id, target.robot_id, payload, event).await?;
    tx.commit().await?;
    let outcome = if intake == Intake::Duplicate { "duplicate" } else { "accepted" };
    count_event(event.platform, &event.event_name, outcome);
    Ok(Json(WebhookReceipt { received: true, duplicate: intake == Intake::Duplicate }))
}

/// Counts an event received, by its platform, type and fate (/metrics).
pub fn count_event(platform: Platform, kind: &str, outcome: &str) {
    shared::infrastructure::metrics::inc(
        &shared::infrastructure::metrics::WEBHOOK_EVENTS,
        &[("platform", platform.as_str()), ("type", kind), ("outcome", outcome)],
    );
}
