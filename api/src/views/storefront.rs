//! The storefront as the wire carries it: the catalog and a robot's page the
//! buyer sees (public), and where the owner's editor says they live. The
//! owner's preview renders the same `PublicStoreRobot` the buyer gets.

use rust_decimal::Decimal;
use serde::Serialize;
use shared::domain::safe_html;
use shared::domain::storefront::StoreSection;
use shared::repositories::sales_pages::{SalesPage, StoreRobot};
use shared::repositories::tenants::TenantSummary;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::request_meta::RequestMeta;
use crate::views::backtests::PublicBacktest;
use crate::views::tenants::TenantBranding;

pub const PAGE_NOT_FOUND: &str = "Página de vendas não encontrada";
pub const STORE_NOT_FOUND: &str = "Loja não encontrada";

/// A robot in the catalog.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreRobotSummary {
    pub id: Uuid,
    pub name: String,
    pub description: Option<String>,
    pub logo_url: Option<String>,
    /// BRL with two decimals ("497.00"); none when the owner set no price.
    #[schema(value_type = Option<String>, example = "497.00")]
    pub price: Option<Decimal>,
    /// Where "Comprar" goes (Hotmart, Kiwify, Eduzz, Asaas…); none: not for sale now.
    pub checkout_url: Option<String>,
    /// Whether a buyer would have a file to download today.
    pub has_active_version: bool,
}

impl From<StoreRobot> for StoreRobotSummary {
    fn from(r: StoreRobot) -> Self {
        Self {
            id: r.id,
            name: r.name,
            description: r.description,
            logo_url: r.logo_url,
            price: r.price.map(money),
            checkout_url: r.checkout_url,
            has_active_version: r.has_active_version,
        }
    }
}

/// Always two decimals on the wire ("497.00", not "497").
pub fn money(value: Decimal) -> Decimal {
    let mut value = value.round_dp(2);
    value.rescale(2);
    value
}

/// `GET /api/public/store`: the tenant's look and its published robots.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicStore {
    pub branding: TenantBranding,
    pub robots: Vec<StoreRobotSummary>,
}

/// `GET /api/public/store/robots/{robotId}`: one robot's sales page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicStoreRobot {
    pub branding: TenantBranding,
    pub robot: StoreRobotSummary,
    pub sections: Vec<StoreSection>,
    /// The "HTML avançado" boxes that hold something, sanitized (again, on
    /// the way out: a rule added to the sanitizer also covers older pages).
    pub advanced_html: Vec<String>,
    /// The active version imports a DLL: the page warns the buyer.
    pub loads_dll: bool,
    /// The latest finished backtest the owner chose for the page, when the
    /// page shows backtests.
    pub backtest: Option<PublicBacktest>,
}

/// The page's parts that do not depend on who looks at it.
pub fn page_content(page: &SalesPage) -> (Vec<StoreSection>, Vec<String>) {
    let advanced = page.html_sections().map(safe_html::sales_page).filter(|h| !h.trim().is_empty()).collect();
    (page.sections.0.clone(), advanced)
}

/// Where the storefront lives for the client who opens a link the owner
/// shares: the tenant's own host (no prefix), or on development hosts the
/// host the owner is on, under `/client` with `?tenant=` naming the tenant
/// (one host serves every tenant there).
pub struct StoreAddress {
    pub catalog_path: String,
    pub catalog_url: String,
}

impl StoreAddress {
    pub fn of(meta: &RequestMeta, tenant: &TenantSummary) -> Self {
        if meta.dev_host {
            let path = format!("/client/loja?tenant={}", tenant.id);
            return Self { catalog_url: format!("http://{}{path}", meta.host), catalog_path: path };
        }
        let domain = shared::domain::portal::domain_of_url(&tenant.url);
        let base = if domain.is_empty() { String::new() } else { format!("https://{domain}") };
        Self { catalog_url: format!("{base}/loja"), catalog_path: "/loja".into() }
    }

    /// The robot's page: `/loja/{id}` beside the catalog, keeping `?tenant=`.
    pub fn robot(&self, robot_id: Uuid) -> (String, String) {
        let insert = |at: &str| match at.split_once('?') {
            Some((path, query)) => format!("{path}/{robot_id}?{query}"),
            None => format!("{at}/{robot_id}"),
        };
        (insert(&self.catalog_path), insert(&self.catalog_url))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_keep_two_decimals() {
        assert_eq!(money(Decimal::new(497, 0)).to_string(), "497.00");
        assert_eq!(money(Decimal::new(1999, 1)).to_string(), "199.90");
    }

    #[test]
    fn robot_pages_sit_beside_the_catalog() {
        let dev = StoreAddress {
            catalog_path: "/client/loja?tenant=t".into(),
            catalog_url: "http://localhost:3000/client/loja?tenant=t".into(),
        };
        let id = Uuid::nil();
        let (path, url) = dev.robot(id);
        assert_eq!(path, format!("/client/loja/{id}?tenant=t"));
        assert_eq!(url, format!("http://localhost:3000/client/loja/{id}?tenant=t"));
        let prod = StoreAddress { catalog_path: "/loja".into(), catalog_url: "https://acme.com.br/loja".into() };
        assert_eq!(prod.robot(id).1, format!("https://acme.com.br/loja/{id}"));
    }
}
