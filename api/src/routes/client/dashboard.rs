//! `GET /api/client/dashboard`: the client's two counts and where to learn.

use axum::Json;
use serde::Serialize;
use serde_json::Value;
use shared::repositories::client_portal;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiResult, ErrorBody};
use crate::extractors::SignedInClient;
use crate::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientDashboard {
    pub name: String,
    /// Active or trial licenses that have not expired.
    pub active_licenses: i64,
    pub active_subscriptions: i64,
    /// The tenant's training area (None: not configured).
    pub lessons_url: Option<String>,
    /// The seller's contact e-mail (Configurações → E-mail de contato), for
    /// the buyer's questions; null when the seller set none.
    pub seller_contact_email: Option<String>,
}

#[utoipa::path(operation_id = "clientDashboard", get, path = "/api/client/dashboard", tag = "client",
    security(("clientSession" = [])),
    responses((status = 200, body = ClientDashboard), (status = 401, body = ErrorBody)))]
pub async fn dashboard(client: SignedInClient) -> ApiResult<Json<ClientDashboard>> {
    let mut tx = client.begin().await?;
    let (active_licenses, active_subscriptions) =
        client_portal::counts(&mut tx, client.tenant.id, client.client.id).await?;
    let settings = client_portal::tenant_settings(&mut tx, client.tenant.id).await?;
    tx.commit().await?;
    Ok(Json(ClientDashboard {
        name: client.client.name.clone(),
        active_licenses,
        active_subscriptions,
        lessons_url: settings.get("lessonsUrl").and_then(Value::as_str).map(str::to_string),
        seller_contact_email: settings
            .get("contactEmail")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .map(str::to_string),
    }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(dashboard))
}
