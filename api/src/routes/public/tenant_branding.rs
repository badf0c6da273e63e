use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use shared::domain::portal::Portal;
use shared::infrastructure::db::{self, Scope};
use shared::repositories::{login_failures, tenants};
use shared::AppError;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiQuery, ApiResult, ErrorBody};
use crate::request_meta::RequestMeta;
use crate::sign_in::Attempt;
use crate::views::tenants::TenantBranding;
use crate::{tenant_resolution, AppState};

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
    let by_secret = state.config.portal_rules.is_dev_host(&meta.host)
        && query.secret.as_deref().is_some_and(|s| !s.trim().is_empty());
    if by_secret {
        meta.tenant_secret = query.secret.as_deref().map(|s| s.trim().to_string());
    }
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    // A key guessed here is a key guessed: throttled like a login (per IP).
    let attempt = Attempt { state: &state, meta: &meta, portal: Portal::Tenant, account_key: "branding-by-key".into() };
    let reservation = if by_secret { Some(attempt.reserve(&mut tx).await?) } else { None };
    let not_found = || AppError::NotFound("Tenant não encontrado".into());
    let mut tenant =
        tenant_resolution::resolve(&mut tx, &state, &meta, Portal::Client, query.tenant.as_deref()).await?;
    // The owner portal's pages before sign-in (login, /convite): on
    // `admin.<domain>` the host names the tenant as the owners' portal; on a
    // development host, the browser's tenant pass does.
    if tenant.is_none() && !by_secret {
        tenant = tenant_resolution::resolve(&mut tx, &state, &meta, Portal::Tenant, None).await?;
    }
    if let Some(reservation) = reservation {
        if tenant.is_some() {
            login_failures::forgive(&mut tx, &reservation, meta.network).await?;
        }
        // The reservation (a failure when no tenant matched) must count.
        tx.commit().await?;
        tx = db::begin(&state.pool, Scope::anonymous()).await?;
    }
    let tenant = tenant.filter(|t| t.is_active()).ok_or_else(not_found)?;
    let branding = tenants::branding(&mut tx, tenant.id).await?.ok_or_else(not_found)?;
    tx.commit().await?;
    Ok(Json(branding.into()))
}

/// `/api/public/tenant-branding`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show))
}
