//! `/api/tenant/robots/{id}/sales-page`: the four HTML sections of a
//! robot's sales page, stored sanitized (no script, event handler or
//! `javascript:` URL survives) and served publicly under a strict policy.

use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::owner_permissions::Capability;
use shared::domain::safe_html;
use shared::domain::validation::{char_len, Validator};
use shared::repositories::audit_log::Action;
use shared::repositories::sales_pages::{self, SalesPage};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, OwnerErrors};
use crate::extractors::{PathId, SignedInOwner};
use crate::views::robots::{find_own, UnknownRobot};
use crate::AppState;

const MAX_SECTION_CHARS: usize = 100_000;

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SalesPageSections {
    #[schema(max_length = 100000)]
    pub html_section1: Option<String>,
    #[schema(max_length = 100000)]
    pub html_section2: Option<String>,
    #[schema(max_length = 100000)]
    pub html_section3: Option<String>,
    #[schema(max_length = 100000)]
    pub html_section4: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalesPageItem {
    #[serde(flatten)]
    pub sections: SalesPageSections,
    pub updated_at: Option<DateTime<Utc>>,
    /// Where the page is published (relative to the tenant's host).
    pub public_path: String,
}

fn item(robot_id: Uuid, page: SalesPage) -> SalesPageItem {
    SalesPageItem {
        sections: SalesPageSections {
            html_section1: page.html_section1,
            html_section2: page.html_section2,
            html_section3: page.html_section3,
            html_section4: page.html_section4,
        },
        updated_at: page.updated_at,
        public_path: format!("/api/public/robots/{robot_id}/sales-page"),
    }
}

#[utoipa::path(operation_id = "tenantGetSalesPage", get, path = "/api/tenant/robots/{id}/sales-page", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = SalesPageItem), OwnerErrors))]
pub async fn get(owner: SignedInOwner, PathId(id, _): PathId<UnknownRobot>) -> ApiResult<Json<SalesPageItem>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    find_own(&mut tx, &owner, id).await?;
    let page = sales_pages::find(&mut tx, owner.tenant.id, id).await?.unwrap_or_default();
    tx.commit().await?;
    Ok(Json(item(id, page)))
}

fn section(v: &mut Validator, field: &str, html: Option<&str>) -> Option<String> {
    let html = html.map(str::trim).filter(|h| !h.is_empty())?;
    v.check(char_len(html) <= MAX_SECTION_CHARS, field, "Seção longa demais (máximo 100.000 caracteres)");
    Some(safe_html::sales_page(html)).filter(|clean| !clean.trim().is_empty())
}

/// Saves the four sections, sanitized; answers with what was stored.
#[utoipa::path(operation_id = "tenantUpdateSalesPage", patch, path = "/api/tenant/robots/{id}/sales-page", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = SalesPageSections, responses((status = 200, body = SalesPageItem), OwnerErrors))]
pub async fn update(
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownRobot>,
    ApiJson(body): ApiJson<SalesPageSections>,
) -> ApiResult<Json<SalesPageItem>> {
    owner.require(Capability::ManageRobots)?;
    let mut tx = owner.begin().await?;
    find_own(&mut tx, &owner, id).await?;
    let mut v = Validator::new();
    let page = SalesPage {
        html_section1: section(&mut v, "htmlSection1", body.html_section1.as_deref()),
        html_section2: section(&mut v, "htmlSection2", body.html_section2.as_deref()),
        html_section3: section(&mut v, "htmlSection3", body.html_section3.as_deref()),
        html_section4: section(&mut v, "htmlSection4", body.html_section4.as_deref()),
        updated_at: None,
    };
    v.finish()?;
    let before = sales_pages::find(&mut tx, owner.tenant.id, id).await?.unwrap_or_default();
    let saved = sales_pages::save(&mut tx, owner.tenant.id, id, &page).await?;
    let summary = |p: &SalesPage| {
        json!({ "htmlSection1": p.html_section1, "htmlSection2": p.html_section2,
                "htmlSection3": p.html_section3, "htmlSection4": p.html_section4 })
    };
    owner.audit(&mut tx, Action::Update, "sales_page", id, &summary(&before), &summary(&saved)).await?;
    tx.commit().await?;
    Ok(Json(item(id, saved)))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get, update))
}
