//! `/api/tenant/robots/{id}/sales-page`: a robot's storefront page — typed
//! sections, price, checkout link, "Publicar na loja" and "Mostrar
//! backtest" — plus the four "HTML avançado" boxes, stored sanitized (no
//! script, event handler or `javascript:` URL survives). The answer carries
//! what the editor's live preview needs to look exactly like the public page.

use axum::Json;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{json, Value};
use shared::domain::owner_permissions::Capability;
use shared::domain::safe_html;
use shared::domain::storefront::{self, StoreSection, BAD_HTTPS_URL};
use shared::domain::validation::{char_len, Validator};
use shared::infrastructure::db::Tx;
use shared::repositories::audit_log::Action;
use shared::repositories::sales_pages::{self, SalesPage};
use shared::repositories::{backtests, robot_versions, tenants};
use shared::OrNotFound;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, OwnerErrors};
use crate::extractors::{PathId, SignedInOwner};
use crate::form_input::{blank_to_none, money_field};
use crate::request_meta::RequestMeta;
use crate::views::backtests::PublicBacktest;
use crate::views::robots::{find_own, RobotItem, UnknownRobot};
use crate::views::storefront::{self as store, PublicStoreRobot, StoreAddress, StoreRobotSummary};
use crate::AppState;

const MAX_SECTION_CHARS: usize = 100_000;
pub const BAD_SECTIONS: &str = "Seções inválidas";

/// What the owner changes; a field left out stays as stored, `null` or a
/// blank text clears it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SalesPageChanges {
    /// The whole ordered list (it replaces the stored one).
    #[schema(value_type = Option<Vec<StoreSection>>)]
    pub sections: Option<Value>,
    /// BRL, at least zero, at most two decimals ("497.00", "497,00" or a number).
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<String>, example = "497.00")]
    pub price: Option<Option<Value>>,
    /// The robot's checkout (Hotmart, Kiwify, Eduzz, Asaas…): https only.
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 2000)]
    pub checkout_url: Option<Option<String>>,
    /// Listed in the catalog and reachable publicly.
    pub published: Option<bool>,
    pub show_backtest: Option<bool>,
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 100000)]
    pub html_section1: Option<Option<String>>,
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 100000)]
    pub html_section2: Option<Option<String>>,
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 100000)]
    pub html_section3: Option<Option<String>>,
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 100000)]
    pub html_section4: Option<Option<String>>,
}

/// A field that was sent (even as null) versus one left out.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalesPageItem {
    pub sections: Vec<StoreSection>,
    #[schema(value_type = Option<String>, example = "497.00")]
    pub price: Option<Decimal>,
    pub checkout_url: Option<String>,
    pub published: bool,
    pub show_backtest: bool,
    pub html_section1: Option<String>,
    pub html_section2: Option<String>,
    pub html_section3: Option<String>,
    pub html_section4: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
    /// The page on the tenant's host (development: `/client/loja/{id}?tenant=…`).
    pub public_path: String,
    /// The same, absolute: what "Ver página pública" opens and the copy button copies.
    pub public_url: String,
    /// The catalog of every published robot (`/loja`).
    pub catalog_path: String,
    pub catalog_url: String,
    /// The page as a buyer would see it, built from what is stored; the
    /// editor redraws it from the form as the owner types. Its backtest is
    /// the one chosen for the page even while "Mostrar backtest" is off.
    pub preview: PublicStoreRobot,
}

async fn item(
    tx: &mut Tx,
    owner: &SignedInOwner,
    meta: &RequestMeta,
    robot: RobotItem,
    page: SalesPage,
) -> ApiResult<SalesPageItem> {
    let tenant_id = owner.tenant.id;
    let branding = tenants::branding(tx, tenant_id).await?.or_not_found(crate::views::tenants::NOT_FOUND)?.into();
    let loads_dll = robot_versions::active_loads_dll(tx, tenant_id, robot.id).await?;
    let active_file = robot_versions::active_file_key(tx, tenant_id, robot.id).await?;
    let has_active_version = active_file.is_some();
    let backtest = match active_file {
        Some(key) => backtests::latest_completed(tx, tenant_id, &[key], true).await?.pop(),
        None => None,
    };
    let address = StoreAddress::of(meta, &owner.tenant);
    let (public_path, public_url) = address.robot(robot.id);
    let (sections, advanced_html) = store::page_content(&page);
    let preview = PublicStoreRobot {
        branding,
        robot: StoreRobotSummary {
            id: robot.id,
            name: robot.name.clone(),
            description: robot.description.clone(),
            logo_url: robot.logo_url.clone(),
            price: page.price.map(store::money),
            checkout_url: page.checkout_url.clone(),
            has_active_version,
        },
        sections: sections.clone(),
        advanced_html,
        loads_dll,
        backtest: backtest.as_ref().map(PublicBacktest::from),
    };
    Ok(SalesPageItem {
        sections,
        price: page.price.map(store::money),
        checkout_url: page.checkout_url,
        published: page.published,
        show_backtest: page.show_backtest,
        html_section1: page.html_section1,
        html_section2: page.html_section2,
        html_section3: page.html_section3,
        html_section4: page.html_section4,
        updated_at: page.updated_at,
        public_path,
        public_url,
        catalog_path: address.catalog_path,
        catalog_url: address.catalog_url,
        preview,
    })
}

#[utoipa::path(operation_id = "tenantGetSalesPage", get, path = "/api/tenant/robots/{id}/sales-page", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = SalesPageItem), OwnerErrors))]
pub async fn get(
    owner: SignedInOwner,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownRobot>,
) -> ApiResult<Json<SalesPageItem>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, id).await?;
    let page = sales_pages::find(&mut tx, owner.tenant.id, id).await?.unwrap_or_default();
    let item = item(&mut tx, &owner, &meta, robot, page).await?;
    tx.commit().await?;
    Ok(Json(item))
}

fn html_box(v: &mut Validator, field: &str, html: Option<&str>) -> Option<String> {
    let html = html.map(str::trim).filter(|h| !h.is_empty())?;
    v.check(char_len(html) <= MAX_SECTION_CHARS, field, "Seção longa demais (máximo 100.000 caracteres)");
    Some(safe_html::sales_page(html)).filter(|clean| !clean.trim().is_empty())
}

fn checkout(v: &mut Validator, value: Option<&str>) -> Option<String> {
    let url = blank_to_none(value)?;
    v.check(storefront::is_https_url(&url), "checkoutUrl", BAD_HTTPS_URL);
    Some(url)
}

/// The stored page with the changes applied, or every problem at once.
fn apply(mut page: SalesPage, body: &SalesPageChanges) -> Result<SalesPage, shared::AppError> {
    let mut v = Validator::new();
    if let Some(raw) = &body.sections {
        match raw.as_array() {
            Some(list) => page.set_sections(storefront::check_sections(&mut v, list)),
            None => {
                v.check(raw.is_null(), "sections", BAD_SECTIONS);
                page.set_sections(Vec::new());
            }
        }
    }
    if let Some(price) = &body.price {
        page.price = money_field(&mut v, "price", price.as_ref());
    }
    if let Some(url) = &body.checkout_url {
        page.checkout_url = checkout(&mut v, url.as_deref());
    }
    page.published = body.published.unwrap_or(page.published);
    page.show_backtest = body.show_backtest.unwrap_or(page.show_backtest);
    let boxes = [
        (&body.html_section1, &mut page.html_section1, "htmlSection1"),
        (&body.html_section2, &mut page.html_section2, "htmlSection2"),
        (&body.html_section3, &mut page.html_section3, "htmlSection3"),
        (&body.html_section4, &mut page.html_section4, "htmlSection4"),
    ];
    for (sent, stored, field) in boxes {
        if let Some(html) = sent {
            *stored = html_box(&mut v, field, html.as_deref());
        }
    }
    v.finish()?;
    Ok(page)
}

fn audit_summary(p: &SalesPage) -> Value {
    json!({ "sections": p.sections.0, "price": p.price, "checkoutUrl": p.checkout_url, "published": p.published,
            "showBacktest": p.show_backtest, "htmlSection1": p.html_section1, "htmlSection2": p.html_section2,
            "htmlSection3": p.html_section3, "htmlSection4": p.html_section4 })
}

/// Saves the page (sections checked, HTML sanitized); answers with what was stored.
#[utoipa::path(operation_id = "tenantUpdateSalesPage", patch, path = "/api/tenant/robots/{id}/sales-page", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = SalesPageChanges, responses((status = 200, body = SalesPageItem), OwnerErrors))]
pub async fn update(
    owner: SignedInOwner,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownRobot>,
    ApiJson(body): ApiJson<SalesPageChanges>,
) -> ApiResult<Json<SalesPageItem>> {
    owner.require(Capability::ManageRobots)?;
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, id).await?;
    let before = sales_pages::find(&mut tx, owner.tenant.id, id).await?.unwrap_or_default();
    let page = apply(before.clone(), &body)?;
    let saved = sales_pages::save(&mut tx, owner.tenant.id, id, &page).await?;
    owner.audit(&mut tx, Action::Update, "sales_page", id, &audit_summary(&before), &audit_summary(&saved)).await?;
    let item = item(&mut tx, &owner, &meta, robot, saved).await?;
    tx.commit().await?;
    Ok(Json(item))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get, update))
}
