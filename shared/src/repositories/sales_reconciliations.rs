//! `sales_reconciliations`: one row per run of the reconciliation (what the
//! platform's sales history listed and what became of it), and what the
//! reconciliation reads to decide: which robot sells a product, and how far
//! each listed sale already is here.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::ids::new_id;
use crate::domain::status::{Origin, SaleStatus};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Reconciliation {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub platform: String,
    /// `daily` or `owner`.
    pub trigger: String,
    pub days: i32,
    pub started_at: DateTime<Utc>,
    pub found: i32,
    pub already: i32,
    pub recovered: i32,
    pub unmapped: i32,
    pub error: Option<String>,
}

/// What one run found, before it is recorded.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counts {
    pub found: i32,
    pub already: i32,
    pub recovered: i32,
    pub unmapped: i32,
}

pub async fn record(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    trigger: &str,
    days: i32,
    counts: &Counts,
    error: Option<&str>,
) -> AppResult<Reconciliation> {
    Ok(sqlx::query_as(
        "INSERT INTO sales_reconciliations (id, tenant_id, platform, trigger, days, found, already, recovered, unmapped, error)
         VALUES ($1, $2, 'hotmart', $3, $4, $5, $6, $7, $8, $9)
         RETURNING id, tenant_id, platform, trigger, days, started_at, found, already, recovered, unmapped, error",
    )
    .bind(new_id())
    .bind(tenant_id)
    .bind(trigger)
    .bind(days)
    .bind(counts.found)
    .bind(counts.already)
    .bind(counts.recovered)
    .bind(counts.unmapped)
    .bind(error.map(|e| e.chars().take(500).collect::<String>()))
    .fetch_one(conn)
    .await?)
}

/// The tenant's latest run, if any.
pub async fn latest(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Option<Reconciliation>> {
    Ok(sqlx::query_as(
        "SELECT id, tenant_id, platform, trigger, days, started_at, found, already, recovered, unmapped, error
           FROM sales_reconciliations WHERE tenant_id = $1 AND platform = 'hotmart'
          ORDER BY started_at DESC LIMIT 1",
    )
    .bind(tenant_id)
    .fetch_optional(conn)
    .await?)
}

/// Which robot sells each Hotmart product: the robot whose webhook URL
/// received that product's latest event.
pub async fn robots_by_product(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<HashMap<String, Uuid>> {
    let rows: Vec<(String, Uuid)> = sqlx::query_as(
        "SELECT DISTINCT ON (sale_event->>'productId') sale_event->>'productId', robot_id
           FROM hotmart_inbox
          WHERE tenant_id = $1 AND platform = 'hotmart' AND robot_id IS NOT NULL AND NOT is_test
            AND sale_event->>'productId' IS NOT NULL
          ORDER BY sale_event->>'productId', received_at DESC",
    )
    .bind(tenant_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().collect())
}

/// How far each of these platform sales already is here (absent: never seen).
pub async fn sale_statuses(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    origin: Origin,
    transactions: &[String],
) -> AppResult<HashMap<String, SaleStatus>> {
    let rows: Vec<(String, SaleStatus)> = sqlx::query_as(
        "SELECT external_id, status FROM tenant_sales WHERE tenant_id = $1 AND origin = $2 AND external_id = ANY($3)",
    )
    .bind(tenant_id)
    .bind(origin)
    .bind(transactions)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().collect())
}

/// Tenants with Hotmart API credentials whose last run (any trigger) started
/// more than `every` ago, or never ran: the daily run's work. Worker scope.
pub async fn due_tenants(conn: &mut PgConnection, every: chrono::Duration) -> AppResult<Vec<Uuid>> {
    Ok(sqlx::query_scalar(
        "SELECT t.id FROM tenants t
          WHERE t.hotmart_api_credentials IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM sales_reconciliations r
                             WHERE r.tenant_id = t.id AND r.platform = 'hotmart' AND r.started_at > now() - $1)
          ORDER BY t.id",
    )
    .bind(every)
    .fetch_all(conn)
    .await?)
}
