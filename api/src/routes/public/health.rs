use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;
use shared::infrastructure::db::{self, Scope};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::ApiResult;
use crate::AppState;

#[derive(Serialize, ToSchema)]
pub struct Health {
    pub status: &'static str,
}

/// Liveness and database reachability, for load balancers.
#[utoipa::path(operation_id = "health", get, path = "/api/health", tag = "platform",
    responses((status = 200, body = Health)))]
pub async fn check(State(state): State<AppState>) -> ApiResult<Json<Health>> {
    shared::infrastructure::db::ping(&state.pool).await?;
    Ok(Json(Health { status: "ok" }))
}

/// What an instance needs before it takes traffic.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Readiness {
    /// `ready` or `not_ready`.
    pub status: &'static str,
    /// A transaction through the request pool answers.
    pub database: bool,
    /// Every migration this binary carries is applied (newer ones from a
    /// release being rolled out are fine: migrations only add).
    pub migrations: bool,
    /// The listener is subscribed: revocations reach this instance's cache.
    pub listener: bool,
    /// The object store answers (a missing probe object is an answer).
    pub storage: bool,
}

/// Readiness, for the balancer: 200 only when every part is there, else
/// 503 naming what is missing. An instance that cannot hear revocations
/// would answer license checks from a stale cache, so it takes none.
#[utoipa::path(operation_id = "ready", get, path = "/api/ready", tag = "platform",
    responses((status = 200, body = Readiness), (status = 503, body = Readiness)))]
pub async fn ready(State(state): State<AppState>) -> (StatusCode, Json<Readiness>) {
    let schema = schema_version(&state).await;
    let storage = state.storage.get("readiness-probe").await.is_ok();
    let listener = state.notifications.is_listening();
    let database = schema.is_some();
    let migrations = schema.flatten().is_some_and(|version| version >= db::latest_migration());
    let ready = database && migrations && listener && storage;
    let status = if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (
        status,
        Json(Readiness { status: if ready { "ready" } else { "not_ready" }, database, migrations, listener, storage }),
    )
}

/// The schema version, or None when the database did not answer.
async fn schema_version(state: &AppState) -> Option<Option<i64>> {
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await.ok()?;
    shared::repositories::operations::schema_version(&mut tx).await.ok()
}

/// `/api/health` and `/api/ready`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(check)).routes(routes!(ready))
}
