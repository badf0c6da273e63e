//! `GET /api/tenant/storage`: how much of its storage quota the owner's
//! tenant uses (shown in the settings).

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use shared::domain::owner_permissions::Capability;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiResult, OwnerErrors};
use crate::extractors::SignedInOwner;
use crate::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorageUsage {
    /// Bytes stored now (versions, compiled files, images).
    pub used_bytes: u64,
    /// Files stored now.
    pub files: u64,
    /// The quota the platform admin set (or the platform default).
    pub quota_bytes: i64,
}

#[utoipa::path(operation_id = "tenantStorageUsage", get, path = "/api/tenant/storage", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = StorageUsage), OwnerErrors))]
pub async fn usage(State(state): State<AppState>, owner: SignedInOwner) -> ApiResult<Json<StorageUsage>> {
    owner.require(Capability::ViewSettings)?;
    let quota = crate::storage_quota::of(&state, owner.tenant.id).await?;
    Ok(Json(StorageUsage { used_bytes: quota.usage.bytes, files: quota.usage.files, quota_bytes: quota.quota_bytes }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(usage))
}
