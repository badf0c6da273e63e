//! `/api/tenants`: the platform admin's tenants.

use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::pagination::{Page, PageParams};
use shared::repositories::tenants::{self, TenantFilter, TenantListRow};
use shared::status::TenantStatus;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiQuery, ApiResult};
use crate::extractors::SignedInAdmin;
use crate::AppState;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TenantListQuery {
    /// 1-based page number.
    #[param(minimum = 1)]
    pub page: Option<u32>,
    /// Rows per page (1–100, default 20).
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<u32>,
    /// Part of the name, display name or URL.
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub status: Option<TenantStatus>,
}

/// A tenant in the admin's list. The security key appears only as its prefix.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantListItem {
    pub id: Uuid,
    pub name: String,
    pub url: String,
    pub display_name: Option<String>,
    pub status: TenantStatus,
    /// First characters of the security key, to recognise it.
    pub secret_prefix: Option<String>,
    /// Whether a Hotmart hottok is configured.
    pub hotmart_configured: bool,
    pub created_at: DateTime<Utc>,
}

impl From<TenantListRow> for TenantListItem {
    fn from(t: TenantListRow) -> Self {
        Self {
            id: t.id,
            name: t.name,
            url: t.url,
            display_name: t.display_name,
            status: t.status,
            secret_prefix: t.secret_prefix,
            hotmart_configured: t.hotmart_configured,
            created_at: t.created_at,
        }
    }
}

/// Tenants, newest first, filtered and paginated on the server.
#[utoipa::path(operation_id = "listTenants", get, path = "/api/tenants", tag = "tenants",
    security(("adminSession" = [])), params(TenantListQuery),
    responses((status = 200, body = Page<TenantListItem>), AdminErrors))]
pub async fn list(
    admin: SignedInAdmin,
    ApiQuery(query): ApiQuery<TenantListQuery>,
) -> ApiResult<Json<Page<TenantListItem>>> {
    let filter = TenantFilter { q: query.q.map(|q| q.chars().take(200).collect()), status: query.status };
    let mut tx = admin.begin().await?;
    let page = tenants::list(&mut tx, &filter, PageParams::new(query.page, query.page_size)).await?;
    tx.commit().await?;
    Ok(Json(page.map(TenantListItem::from)))
}

/// `/api/tenants`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}
