//! `/api/tenant/sales`: the owner's sales, display only.

use axum::Json;
use serde::Deserialize;
use shared::domain::owner_permissions::Capability;
use shared::domain::pagination::Page;
use shared::domain::status::{Origin, SaleStatus};
use shared::repositories::tenant_sales::{self, SaleFilter};
use shared::OrNotFound;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiQuery, ApiResult, OwnerErrors};
use crate::extractors::{PageQuery, Paging, PathId, SignedInOwner};
use crate::form_input::search_term;
use crate::views::sales::{SaleDetail, SaleItem, UnknownSale, NOT_FOUND};
use crate::AppState;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OwnerSaleListQuery {
    /// Part of the external id (the Hotmart transaction code).
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub status: Option<SaleStatus>,
    pub origin: Option<Origin>,
    pub client_id: Option<Uuid>,
}

/// The owner's sales, newest first.
#[utoipa::path(operation_id = "tenantListSales", get, path = "/api/tenant/sales", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(PageQuery, OwnerSaleListQuery),
    responses((status = 200, body = Page<SaleItem>), OwnerErrors))]
pub async fn list(
    owner: SignedInOwner,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<OwnerSaleListQuery>,
) -> ApiResult<Json<Page<SaleItem>>> {
    owner.require(Capability::ViewSales)?;
    let filter = SaleFilter {
        tenant_id: Some(owner.tenant.id),
        client_id: query.client_id,
        status: query.status,
        origin: query.origin,
        q: search_term(query.q),
    };
    let mut tx = owner.begin().await?;
    let page = tenant_sales::list(&mut tx, &filter, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(SaleItem::from)))
}

/// One sale with the original Hotmart payload.
#[utoipa::path(operation_id = "tenantGetSale", get, path = "/api/tenant/sales/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = SaleDetail), OwnerErrors))]
pub async fn detail(owner: SignedInOwner, PathId(id, _): PathId<UnknownSale>) -> ApiResult<Json<SaleDetail>> {
    owner.require(Capability::ViewSales)?;
    let mut tx = owner.begin().await?;
    let (sale, payload) = tenant_sales::find_detail(&mut tx, id)
        .await?
        .filter(|(s, _)| s.tenant_id == owner.tenant.id)
        .or_not_found(NOT_FOUND)?;
    tx.commit().await?;
    Ok(Json(SaleDetail { sale: sale.into(), original_payload: payload }))
}

/// `/api/tenant/sales`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(detail))
}
