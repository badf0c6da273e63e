use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use shared::db::{self, Scope};
use shared::portal::Portal;
use shared::repositories::tenants;
use shared::AppError;
use utoipa::IntoParams;

use crate::api_error::{ApiQuery, ApiResult, ErrorBody};
use crate::dto::TenantBranding;
use crate::request_meta::RequestMeta;
use crate::tenant_resolution;
use crate::AppState;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BrandingQuery {
    /// The tenant's security key (development hosts).
    pub secret: Option<String>,
    /// The tenant's id or domain (development hosts).
    pub tenant: Option<String>,
}

/// The tenant's public look: logo, name, colours, font. Secrets never leave.
#[utoipa::path(operation_id = "tenantBranding", get, path = "/api/public/tenant-branding", tag = "public", params(BrandingQuery),
    responses((status = 200, body = TenantBranding), (status = 404, body = ErrorBody)))]
pub async fn show(
    State(state): State<AppState>,
    mut meta: RequestMeta,
    ApiQuery(query): ApiQuery<BrandingQuery>,
) -> ApiResult<Json<TenantBranding>> {
    if let Some(secret) = query.secret.filter(|s| !s.trim().is_empty()) {
        meta.tenant_secret = Some(secret.trim().to_string());
    }
    let mut tx = db::begin(&state.pool, Scope::Platform).await?;
    let not_found = || AppError::NotFound("Tenant não encontrado".into());
    let tenant = tenant_resolution::resolve(&mut tx, &state, &meta, Portal::Client, query.tenant.as_deref())
        .await?
        .filter(|t| t.is_active())
        .ok_or_else(not_found)?;
    let branding = tenants::branding(&mut tx, tenant.id).await?.ok_or_else(not_found)?;
    tx.commit().await?;
    Ok(Json(branding.into()))
}
