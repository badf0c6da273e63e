//! `/api/client/profile`: the signed-in buyer's own name and e-mail, and
//! renaming themselves ("Meu perfil"). The e-mail is what the seller's sales
//! and licenses are bound to, so only the seller changes it.

use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::field_rules::PROFILE_NAME;
use shared::domain::validation::Validator;
use shared::infrastructure::db::{self, Scope};
use shared::repositories::{client_portal, tenant_clients};
use shared::OrNotFound;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, ErrorBody};
use crate::extractors::SignedInClient;
use crate::request_meta::RequestMeta;
use crate::AppState;

const GONE: &str = "Conta não encontrada";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientProfile {
    pub name: String,
    pub email: String,
    pub created_at: DateTime<Utc>,
    /// False for a buyer who only ever signed in with a purchase id: the
    /// password form then asks for no current password (a first one is set).
    pub has_password: bool,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ClientProfileRequest {
    #[schema(required = true, min_length = 1, max_length = 100)]
    pub name: String,
}

/// The signed-in buyer's profile.
#[utoipa::path(operation_id = "clientProfile", get, path = "/api/client/profile", tag = "client",
    security(("clientSession" = [])),
    responses((status = 200, body = ClientProfile), (status = 401, body = ErrorBody)))]
pub async fn get(state: axum::extract::State<AppState>, client: SignedInClient) -> ApiResult<Json<ClientProfile>> {
    let has_password = has_password(&state, &client).await?;
    let mut tx = client.begin().await?;
    let me = tenant_clients::find(&mut tx, client.tenant.id, client.client.id).await?.or_not_found(GONE)?;
    tx.commit().await?;
    Ok(Json(ClientProfile { name: me.name, email: me.email, created_at: me.created_at, has_password }))
}

/// Renames the signed-in buyer (1–100 characters), audited as the buyer.
#[utoipa::path(operation_id = "clientUpdateProfile", patch, path = "/api/client/profile", tag = "client",
    security(("clientSession" = [])), request_body = ClientProfileRequest,
    responses((status = 200, body = ClientProfile), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn update(
    state: axum::extract::State<AppState>,
    client: SignedInClient,
    meta: RequestMeta,
    ApiJson(body): ApiJson<ClientProfileRequest>,
) -> ApiResult<Json<ClientProfile>> {
    let name = body.name.trim().to_string();
    Validator::new().rule(&PROFILE_NAME, "name", &name).finish()?;
    let has_password = has_password(&state, &client).await?;
    let (tenant, me) = (client.tenant.id, client.client.id);
    let mut tx = client.begin().await?;
    let before = tenant_clients::find(&mut tx, tenant, me).await?.or_not_found(GONE)?;
    let after = client_portal::rename(&mut tx, tenant, me, &name).await?.or_not_found(GONE)?;
    tx.commit().await?;
    client.audit(meta.ip, "client", me, &json!({ "name": before.name }), &json!({ "name": after.name })).await?;
    Ok(Json(ClientProfile { name: after.name, email: after.email, created_at: after.created_at, has_password }))
}

/// Whether the buyer has a password, read by the anonymous scope of their
/// tenant (the client role never reads the hash column).
async fn has_password(state: &AppState, client: &SignedInClient) -> ApiResult<bool> {
    let mut tx = db::begin(&state.pool, Scope::anonymous_in(client.tenant.id)).await?;
    let stored = tenant_clients::password_of(&mut tx, client.tenant.id, client.client.id).await?;
    tx.commit().await?;
    Ok(stored.flatten().is_some())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get, update))
}
