//! A robot's sales page: typed sections, price, checkout link and whether it
//! is published in the storefront, plus the four "HTML avançado" boxes,
//! stored already sanitized. One row per robot; no row reads as an empty,
//! unpublished page.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use sqlx::types::Json;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::ids::new_id;
use crate::domain::storefront::StoreSection;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SalesPage {
    pub sections: Json<Vec<StoreSection>>,
    pub price: Option<Decimal>,
    pub checkout_url: Option<String>,
    pub published: bool,
    pub show_backtest: bool,
    pub html_section1: Option<String>,
    pub html_section2: Option<String>,
    pub html_section3: Option<String>,
    pub html_section4: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
}

impl Default for SalesPage {
    /// What a robot without a row shows: nothing, unpublished, backtest on
    /// (the columns' defaults).
    fn default() -> Self {
        Self {
            sections: Json(Vec::new()),
            price: None,
            checkout_url: None,
            published: false,
            show_backtest: true,
            html_section1: None,
            html_section2: None,
            html_section3: None,
            html_section4: None,
            updated_at: None,
        }
    }
}

impl SalesPage {
    pub fn set_sections(&mut self, sections: Vec<StoreSection>) {
        self.sections = Json(sections);
    }

    /// The advanced HTML boxes that hold something, in order.
    pub fn html_sections(&self) -> impl Iterator<Item = &str> {
        [&self.html_section1, &self.html_section2, &self.html_section3, &self.html_section4]
            .into_iter()
            .filter_map(|s| s.as_deref())
    }
}

macro_rules! columns {
    () => {
        "sections, price, checkout_url, published, show_backtest, \
         html_section1, html_section2, html_section3, html_section4, updated_at"
    };
}

pub async fn find(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid) -> AppResult<Option<SalesPage>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM tenant_robot_sales_pages WHERE tenant_id = $1 AND robot_id = $2"
    ))
    .bind(tenant_id)
    .bind(robot_id)
    .fetch_optional(conn)
    .await?)
}

/// Writes the whole page (one row per robot).
pub async fn save(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid, page: &SalesPage) -> AppResult<SalesPage> {
    Ok(sqlx::query_as(concat!(
        "INSERT INTO tenant_robot_sales_pages (id, tenant_id, robot_id, sections, price, checkout_url, published,
                                               show_backtest, html_section1, html_section2, html_section3,
                                               html_section4)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (tenant_id, robot_id) DO UPDATE SET
             sections = EXCLUDED.sections, price = EXCLUDED.price, checkout_url = EXCLUDED.checkout_url,
             published = EXCLUDED.published, show_backtest = EXCLUDED.show_backtest,
             html_section1 = EXCLUDED.html_section1, html_section2 = EXCLUDED.html_section2,
             html_section3 = EXCLUDED.html_section3, html_section4 = EXCLUDED.html_section4, updated_at = now()
         RETURNING ",
        columns!()
    ))
    .bind(new_id())
    .bind(tenant_id)
    .bind(robot_id)
    .bind(&page.sections)
    .bind(page.price)
    .bind(&page.checkout_url)
    .bind(page.published)
    .bind(page.show_backtest)
    .bind(&page.html_section1)
    .bind(&page.html_section2)
    .bind(&page.html_section3)
    .bind(&page.html_section4)
    .fetch_one(conn)
    .await?)
}

/// A robot as the storefront's catalog lists it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoreRobot {
    pub id: Uuid,
    pub name: String,
    pub description: Option<String>,
    pub logo_url: Option<String>,
    pub price: Option<Decimal>,
    pub checkout_url: Option<String>,
    pub has_active_version: bool,
}

/// The storefront's robots: active, with a published page. The explicit
/// tenant condition matters: the anonymous role may read every tenant's
/// robots (the webhook intake's lookup), not only this one's.
macro_rules! store_robots {
    () => {
        "SELECT r.id, r.name, r.description, r.logo_url, p.price, p.checkout_url,
            EXISTS (SELECT 1 FROM robot_versions v
                     WHERE v.tenant_id = r.tenant_id AND v.robot_id = r.id AND v.version = r.active_version)
                AS has_active_version
       FROM tenant_robots r
       JOIN tenant_robot_sales_pages p ON p.tenant_id = r.tenant_id AND p.robot_id = r.id
      WHERE r.tenant_id = $1 AND r.active AND p.published"
    };
}

/// The catalog, by name.
pub async fn published(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Vec<StoreRobot>> {
    Ok(sqlx::query_as(concat!(store_robots!(), " ORDER BY lower(r.name), r.id"))
        .bind(tenant_id)
        .fetch_all(conn)
        .await?)
}

/// One robot of the storefront with its page; None when it is not there to
/// be seen (unknown, another tenant's, inactive or unpublished).
pub async fn find_published(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
) -> AppResult<Option<(StoreRobot, SalesPage)>> {
    let robot: Option<StoreRobot> = sqlx::query_as(concat!(store_robots!(), " AND r.id = $2"))
        .bind(tenant_id)
        .bind(robot_id)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(robot) = robot else { return Ok(None) };
    let page = find(conn, tenant_id, robot_id).await?.unwrap_or_default();
    Ok(Some((robot, page)))
}
