//! `/api/hotmart-events`: what Hotmart delivered, for the platform admin —
//! failed events with their error, and replaying one after the cause is fixed.

use axum::extract::Path;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::domain::pagination::Page;
use shared::repositories::audit_log::{self, Action, Entry};
use shared::repositories::hotmart_inbox::{self, InboxListRow};
use shared::repositories::job_queue;
use shared::workflows::jobs::{ProcessHotmartEvent, HOTMART_QUEUE};
use shared::{AppError, OrNotFound};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiQuery, ApiResult, ErrorBody};
use crate::extractors::{PageQuery, Paging, SignedInAdmin};
use crate::request_meta::RequestMeta;
use crate::AppState;

pub const NOT_FOUND: &str = "Evento não encontrado";
pub const NOT_FAILED: &str = "Só um evento que falhou pode ser reprocessado";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HotmartEventQuery {
    pub tenant_id: Option<Uuid>,
    /// Only events whose retries ran out.
    pub failed: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HotmartEventItem {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub robot_id: Option<Uuid>,
    pub event_id: String,
    pub event: String,
    pub received_at: DateTime<Utc>,
    pub processed_at: Option<DateTime<Utc>>,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub failed_at: Option<DateTime<Utc>>,
    pub outcome: Option<String>,
}

impl From<InboxListRow> for HotmartEventItem {
    fn from(r: InboxListRow) -> Self {
        Self {
            id: r.id,
            tenant_id: r.tenant_id,
            robot_id: r.robot_id,
            event_id: r.event_id,
            event: r.event,
            received_at: r.received_at,
            processed_at: r.processed_at,
            attempts: r.attempts,
            last_error: r.last_error,
            failed_at: r.failed_at,
            outcome: r.outcome,
        }
    }
}

/// Received Hotmart events, newest first.
#[utoipa::path(operation_id = "listHotmartEvents", get, path = "/api/hotmart-events", tag = "webhooks",
    security(("adminSession" = [])), params(PageQuery, HotmartEventQuery),
    responses((status = 200, body = Page<HotmartEventItem>), AdminErrors))]
pub async fn list(
    admin: SignedInAdmin,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<HotmartEventQuery>,
) -> ApiResult<Json<Page<HotmartEventItem>>> {
    let mut tx = admin.begin().await?;
    let page = hotmart_inbox::list(&mut tx, query.tenant_id, query.failed.unwrap_or(false), paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(HotmartEventItem::from)))
}

/// Processes a failed event again (its attempts start over).
#[utoipa::path(operation_id = "replayHotmartEvent", post, path = "/api/hotmart-events/{id}/replay", tag = "webhooks",
    security(("adminSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 202), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), AdminErrors))]
pub async fn replay(
    admin: SignedInAdmin,
    meta: RequestMeta,
    Path(id): Path<String>,
) -> ApiResult<axum::http::StatusCode> {
    let id = Uuid::parse_str(id.trim()).map_err(|_| AppError::NotFound(NOT_FOUND.into()))?;
    let mut tx = admin.begin().await?;
    let tenant_id = hotmart_inbox::tenant_of(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
    let event = hotmart_inbox::find(&mut tx, tenant_id, id).await?.or_not_found(NOT_FOUND)?;
    if event.failed_at.is_none() {
        return Err(AppError::Conflict(NOT_FAILED.into()).into());
    }
    hotmart_inbox::reset_for_replay(&mut tx, tenant_id, id).await?;
    let key = format!("hotmart-{id}-replay-{}", Utc::now().timestamp_millis());
    job_queue::enqueue(&mut tx, HOTMART_QUEUE, &ProcessHotmartEvent { tenant_id, inbox_id: id }, Some(&key)).await?;
    audit_log::record(
        &mut tx,
        Entry {
            tenant_id: Some(tenant_id),
            actor: admin.scope().actor,
            action: Action::Update,
            entity: "hotmart_event",
            entity_id: Some(id),
            changes: serde_json::json!({"replay": {"before": event.last_error, "after": "reprocessamento solicitado"}}),
            ip: meta.ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(axum::http::StatusCode::ACCEPTED)
}

/// `/api/hotmart-events`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(replay))
}
