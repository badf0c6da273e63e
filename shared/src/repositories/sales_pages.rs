//! A robot's sales page: four HTML sections, stored already sanitized.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::ids::new_id;

#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct SalesPage {
    pub html_section1: Option<String>,
    pub html_section2: Option<String>,
    pub html_section3: Option<String>,
    pub html_section4: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
}

pub async fn find(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid) -> AppResult<Option<SalesPage>> {
    Ok(sqlx::query_as(
        "SELECT html_section1, html_section2, html_section3, html_section4, updated_at
           FROM tenant_robot_sales_pages WHERE tenant_id = $1 AND robot_id = $2",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .fetch_optional(conn)
    .await?)
}

/// Writes all four sections (one row per robot).
pub async fn save(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid, page: &SalesPage) -> AppResult<SalesPage> {
    Ok(sqlx::query_as(
        "INSERT INTO tenant_robot_sales_pages (id, tenant_id, robot_id, html_section1, html_section2, html_section3,
                                               html_section4)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (tenant_id, robot_id) DO UPDATE SET
             html_section1 = EXCLUDED.html_section1, html_section2 = EXCLUDED.html_section2,
             html_section3 = EXCLUDED.html_section3, html_section4 = EXCLUDED.html_section4, updated_at = now()
         RETURNING html_section1, html_section2, html_section3, html_section4, updated_at",
    )
    .bind(new_id())
    .bind(tenant_id)
    .bind(robot_id)
    .bind(&page.html_section1)
    .bind(&page.html_section2)
    .bind(&page.html_section3)
    .bind(&page.html_section4)
    .fetch_one(conn)
    .await?)
}
