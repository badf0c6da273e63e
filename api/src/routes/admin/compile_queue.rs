//! `/api/compile-queue`: what the platform admin's fleet screen shows of the
//! queue — depth and oldest wait per tenant — and the alerts raised for jobs
//! no agent claimed in time (`/api/platform-alerts/{id}/acknowledge`).

use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::Serialize;
use shared::repositories::compile_queue::{self, Alert, TenantQueue};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiResult, ErrorBody};
use crate::extractors::{PathId, SignedInAdmin};
use crate::AppState;

const ALERT_NOT_FOUND: &str = "Alerta não encontrado";
crate::not_found_as!(UnknownAlert, ALERT_NOT_FOUND);

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantQueueItem {
    pub tenant_id: Uuid,
    pub tenant_name: String,
    /// Jobs waiting for an agent.
    pub pending: i64,
    /// Jobs being compiled now.
    pub in_progress: i64,
    /// When the oldest waiting job was queued (None: nothing waits).
    pub oldest_queued_at: Option<DateTime<Utc>>,
    /// How long it has waited, in seconds.
    pub oldest_wait_seconds: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlertItem {
    pub id: Uuid,
    /// compile_job_stalled.
    pub kind: String,
    /// The job it is about.
    pub subject_id: Uuid,
    pub tenant_id: Option<Uuid>,
    pub tenant_name: Option<String>,
    pub message: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompileQueueView {
    /// Tenants with work queued or in progress, the longest waiting first.
    pub tenants: Vec<TenantQueueItem>,
    /// Alerts not yet acknowledged, newest first.
    pub alerts: Vec<AlertItem>,
}

fn tenant_item(q: TenantQueue, now: DateTime<Utc>) -> TenantQueueItem {
    TenantQueueItem {
        oldest_wait_seconds: q.oldest_queued_at.map(|at| (now - at).num_seconds().max(0)),
        tenant_id: q.tenant_id,
        tenant_name: q.tenant_name,
        pending: q.pending,
        in_progress: q.in_progress,
        oldest_queued_at: q.oldest_queued_at,
    }
}

fn alert_item(a: Alert) -> AlertItem {
    AlertItem {
        id: a.id,
        kind: a.kind,
        subject_id: a.subject_id,
        tenant_id: a.tenant_id,
        tenant_name: a.tenant_name,
        message: a.message,
        created_at: a.created_at,
    }
}

#[utoipa::path(operation_id = "getCompileQueue", get, path = "/api/compile-queue", tag = "agents",
    security(("adminSession" = [])), responses((status = 200, body = CompileQueueView), AdminErrors))]
pub async fn view(admin: SignedInAdmin) -> ApiResult<Json<CompileQueueView>> {
    let mut tx = admin.begin().await?;
    let tenants = compile_queue::by_tenant(&mut tx).await?;
    let alerts = compile_queue::open_alerts(&mut tx).await?;
    tx.commit().await?;
    let now = Utc::now();
    Ok(Json(CompileQueueView {
        tenants: tenants.into_iter().map(|q| tenant_item(q, now)).collect(),
        alerts: alerts.into_iter().map(alert_item).collect(),
    }))
}

/// Marks an alert as seen (it leaves the fleet screen).
#[utoipa::path(operation_id = "acknowledgePlatformAlert", post, path = "/api/platform-alerts/{id}/acknowledge",
    tag = "agents", security(("adminSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 204), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn acknowledge(admin: SignedInAdmin, PathId(id, _): PathId<UnknownAlert>) -> ApiResult<StatusCode> {
    let mut tx = admin.begin().await?;
    let found = compile_queue::acknowledge(&mut tx, id).await?;
    tx.commit().await?;
    if !found {
        return Err(AppError::NotFound(ALERT_NOT_FOUND.into()).into());
    }
    Ok(StatusCode::NO_CONTENT)
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(view)).routes(routes!(acknowledge))
}
