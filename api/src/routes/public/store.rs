//! `/api/public/store`: the tenant's storefront for buyers who have not
//! signed in — its catalog and each published robot's sales page, in the
//! tenant's branding. The tenant is the host's (on development hosts
//! `?tenant=`); anything not published there answers the same 404, so a
//! prober learns nothing about other tenants' or hidden robots.

use axum::extract::{Path, State};
use axum::Json;
use shared::domain::portal::Portal;
use shared::infrastructure::db::{self, Scope, Tx};
use shared::repositories::tenants::TenantSummary;
use shared::repositories::{backtests, robot_versions, sales_pages, tenants};
use shared::{AppError, OrNotFound};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiQuery, ApiResult, ErrorBody};
use crate::request_meta::RequestMeta;
use crate::tenant_resolution::{self, TenantQuery};
use crate::views::backtests::PublicBacktest;
use crate::views::storefront::{self, PublicStore, PublicStoreRobot, PAGE_NOT_FOUND, STORE_NOT_FOUND};
use crate::views::tenants::TenantBranding;
use crate::AppState;

/// The active tenant this host (or `?tenant=`) names, and a transaction in
/// its scope.
async fn open_store(
    state: &AppState,
    meta: &RequestMeta,
    reference: Option<&str>,
    not_found: &str,
) -> ApiResult<(TenantSummary, Tx)> {
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let tenant = tenant_resolution::resolve(&mut tx, state, meta, Portal::Client, reference)
        .await?
        .filter(|t| t.is_active())
        .or_not_found(not_found)?;
    tx.commit().await?;
    let tx = db::begin(&state.pool, Scope::anonymous_in(tenant.id)).await?;
    Ok((tenant, tx))
}

async fn branding(tx: &mut Tx, tenant: &TenantSummary, not_found: &str) -> ApiResult<TenantBranding> {
    Ok(tenants::branding(tx, tenant.id).await?.or_not_found(not_found)?.into())
}

/// The catalog: the tenant's look and its published, active robots.
#[utoipa::path(operation_id = "publicStore", get, path = "/api/public/store", tag = "public", params(TenantQuery),
    responses((status = 200, body = PublicStore), (status = 404, body = ErrorBody)))]
pub async fn catalog(
    State(state): State<AppState>,
    meta: RequestMeta,
    ApiQuery(query): ApiQuery<TenantQuery>,
) -> ApiResult<Json<PublicStore>> {
    let (tenant, mut tx) = open_store(&state, &meta, query.tenant.as_deref(), STORE_NOT_FOUND).await?;
    let branding = branding(&mut tx, &tenant, STORE_NOT_FOUND).await?;
    let robots = sales_pages::published(&mut tx, tenant.id).await?;
    tx.commit().await?;
    Ok(Json(PublicStore { branding, robots: robots.into_iter().map(Into::into).collect() }))
}

/// One published robot's sales page.
#[utoipa::path(operation_id = "publicStoreRobot", get, path = "/api/public/store/robots/{robotId}", tag = "public",
    params(("robotId" = Uuid, Path), TenantQuery),
    responses((status = 200, body = PublicStoreRobot), (status = 404, body = ErrorBody)))]
pub async fn robot(
    State(state): State<AppState>,
    meta: RequestMeta,
    Path(robot_id): Path<String>,
    ApiQuery(query): ApiQuery<TenantQuery>,
) -> ApiResult<Json<PublicStoreRobot>> {
    let robot_id = Uuid::parse_str(robot_id.trim()).map_err(|_| AppError::NotFound(PAGE_NOT_FOUND.into()))?;
    let (tenant, mut tx) = open_store(&state, &meta, query.tenant.as_deref(), PAGE_NOT_FOUND).await?;
    let (robot, page) =
        sales_pages::find_published(&mut tx, tenant.id, robot_id).await?.or_not_found(PAGE_NOT_FOUND)?;
    let branding = branding(&mut tx, &tenant, PAGE_NOT_FOUND).await?;
    let loads_dll = robot_versions::active_loads_dll(&mut tx, tenant.id, robot_id).await?;
    let backtest = match robot_versions::active_file_key(&mut tx, tenant.id, robot_id).await? {
        Some(key) if page.show_backtest => backtests::latest_completed(&mut tx, tenant.id, &[key], true).await?.pop(),
        _ => None,
    };
    tx.commit().await?;
    let (sections, advanced_html) = storefront::page_content(&page);
    Ok(Json(PublicStoreRobot {
        branding,
        robot: robot.into(),
        sections,
        advanced_html,
        loads_dll,
        backtest: backtest.as_ref().map(PublicBacktest::from),
    }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(catalog)).routes(routes!(robot))
}
