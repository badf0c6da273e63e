//! `GET /api/tenant/robots`: the owner's robots (the robots screen, and the
//! pickers of the license and send-e-mail dialogs).

use axum::Json;
use serde::Deserialize;
use shared::pagination::{Page, PageParams};
use shared::repositories::tenant_robots::{self, RobotFilter};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiQuery, ApiResult, OwnerErrors};
use crate::extractors::SignedInOwner;
use crate::form_input::search_term;
use crate::routes::robots::RobotItem;
use crate::AppState;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OwnerRobotListQuery {
    #[param(minimum = 1)]
    pub page: Option<u32>,
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<u32>,
    /// Part of the name.
    #[param(max_length = 200)]
    pub q: Option<String>,
}

/// The owner's robots, newest first.
#[utoipa::path(operation_id = "tenantListRobots", get, path = "/api/tenant/robots", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(OwnerRobotListQuery),
    responses((status = 200, body = Page<RobotItem>), OwnerErrors))]
pub async fn list(
    owner: SignedInOwner,
    ApiQuery(query): ApiQuery<OwnerRobotListQuery>,
) -> ApiResult<Json<Page<RobotItem>>> {
    let filter = RobotFilter { tenant_id: Some(owner.tenant.id), q: search_term(query.q) };
    let mut tx = owner.begin().await?;
    let page = tenant_robots::list(&mut tx, &filter, PageParams::new(query.page, query.page_size)).await?;
    tx.commit().await?;
    Ok(Json(page.map(RobotItem::from)))
}

/// `/api/tenant/robots`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}
