//! `/api/tenants/{id}/limits`: what the platform admin allows a tenant beyond
//! the spec's fields — `#import` of DLLs in its robots' sources, and its
//! object-storage quota (with its use now).

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::validation::Validator;
use shared::repositories::audit_log::Action;
use shared::repositories::tenant_limits::{self, TenantLimits};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiResult, ErrorBody};
use crate::extractors::{PathId, SignedInAdmin};
use crate::request_meta::RequestMeta;
use crate::views::tenants::{UnknownTenant, NOT_FOUND};
use crate::AppState;

const MB: i64 = 1024 * 1024;
/// 1 TB: past this a quota is a typing slip.
const MAX_QUOTA_MB: i64 = 1024 * 1024;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantLimitsView {
    /// Robot sources may `#import` DLLs (buyers are told on the robot's page).
    pub dll_imports_allowed: bool,
    /// The tenant's own quota in MB; None: the platform default.
    pub storage_quota_mb: Option<i64>,
    /// The platform default quota in MB (STORAGE_QUOTA_MB).
    pub default_storage_quota_mb: i64,
    /// What applies: the tenant's own quota or the default, in bytes.
    pub storage_quota_bytes: i64,
    /// Bytes stored now.
    pub storage_used_bytes: u64,
    /// Files stored now.
    pub storage_files: u64,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TenantLimitsRequest {
    pub dll_imports_allowed: Option<bool>,
    /// MB (1 – 1048576); null or absent: the platform default.
    pub storage_quota_mb: Option<i64>,
}

async fn view_of(state: &AppState, tenant: Uuid, limits: TenantLimits) -> Result<TenantLimitsView, AppError> {
    let quota = crate::storage_quota::of(state, tenant).await?;
    Ok(TenantLimitsView {
        dll_imports_allowed: limits.dll_imports_allowed,
        storage_quota_mb: limits.storage_quota_bytes.map(|b| b / MB),
        default_storage_quota_mb: state.config.storage_quota_default_bytes / MB,
        storage_quota_bytes: quota.quota_bytes,
        storage_used_bytes: quota.usage.bytes,
        storage_files: quota.usage.files,
    })
}

#[utoipa::path(operation_id = "getTenantLimits", get, path = "/api/tenants/{id}/limits", tag = "tenants",
    security(("adminSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = TenantLimitsView), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn get(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    PathId(id, _): PathId<UnknownTenant>,
) -> ApiResult<Json<TenantLimitsView>> {
    let mut tx = admin.begin().await?;
    let limits = tenant_limits::find(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
    tx.commit().await?;
    Ok(Json(view_of(&state, id, limits).await?))
}

/// Sets both limits (a quota below what is stored now is allowed: uploads
/// are refused until the tenant frees room).
#[utoipa::path(operation_id = "updateTenantLimits", put, path = "/api/tenants/{id}/limits", tag = "tenants",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = TenantLimitsRequest,
    responses((status = 200, body = TenantLimitsView), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn update(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownTenant>,
    ApiJson(body): ApiJson<TenantLimitsRequest>,
) -> ApiResult<Json<TenantLimitsView>> {
    let mut v = Validator::new();
    v.check(
        body.storage_quota_mb.is_none_or(|mb| (1..=MAX_QUOTA_MB).contains(&mb)),
        "storageQuotaMb",
        "Informe um limite entre 1 MB e 1.048.576 MB (1 TB), ou deixe em branco para usar o padrão",
    );
    v.finish()?;
    let mut tx = admin.begin().await?;
    let before = tenant_limits::find(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
    let wanted = TenantLimits {
        dll_imports_allowed: body.dll_imports_allowed.unwrap_or(before.dll_imports_allowed),
        storage_quota_bytes: body.storage_quota_mb.map(|mb| mb * MB),
    };
    let after = tenant_limits::update(&mut tx, id, wanted).await?.or_not_found(NOT_FOUND)?;
    let audited = |l: &TenantLimits| json!({ "dllImportsAllowed": l.dll_imports_allowed, "storageQuotaMb": l.storage_quota_bytes.map(|b| b / MB) });
    admin
        .audit(&mut tx, meta.ip, Some(id), Action::Update, "tenant_limits", id, &audited(&before), &audited(&after))
        .await?;
    tx.commit().await?;
    Ok(Json(view_of(&state, id, after).await?))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get, update))
}
