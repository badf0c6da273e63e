use axum::extract::State;
use axum::Json;
use serde::Serialize;
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
    shared::db::ping(&state.pool).await?;
    Ok(Json(Health { status: "ok" }))
}

/// `/api/health`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(check))
}
