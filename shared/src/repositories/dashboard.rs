//! The dashboards' figures, computed from the rows themselves. Months are
//! calendar months in São Paulo time, where the tenants do business. With a
//! tenant the figures are that tenant's (the owner's dashboard); without,
//! the platform's (the admin's; RLS decides what a scope may see either way).

use chrono::{DateTime, NaiveDate, Utc};
use rust_decimal::Decimal;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::status::{Origin, SaleStatus, TenantStatus};

/// Performance alerts name tenants older than this whose last 30 days of
/// confirmed sales are below [`ALERT_MONTHLY_REVENUE`].
pub const ALERT_MIN_AGE_DAYS: i32 = 90;
pub const ALERT_MONTHLY_REVENUE: Decimal = Decimal::from_parts(3000, 0, 0, false, 0);

/// Counts now, and what was added in this and the previous month.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Figures {
    pub total_tenants: i64,
    pub active_tenants: i64,
    pub tenants_this_month: i64,
    pub tenants_last_month: i64,
    pub total_clients: i64,
    pub clients_this_month: i64,
    pub clients_last_month: i64,
    pub total_robots: i64,
    pub robots_this_month: i64,
    pub robots_last_month: i64,
    pub sales_this_month: i64,
    pub sales_last_month: i64,
    pub revenue_this_month: Decimal,
    pub revenue_last_month: Decimal,
    pub active_subscriptions: i64,
    pub subscriptions_this_month: i64,
    pub subscriptions_last_month: i64,
}

/// `$1`: the tenant or NULL. `m0`/`m1`: starts of this and last month.
const FIGURES: &str = "
WITH m AS (
    SELECT (date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo') AS m0,
           ((date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') - interval '1 month')
               AT TIME ZONE 'America/Sao_Paulo') AS m1
), sales AS (
    SELECT count(*) FILTER (WHERE s.sale_date >= m.m0) AS this_count,
           count(*) FILTER (WHERE s.sale_date < m.m0) AS last_count,
           COALESCE(sum(s.gross_amount) FILTER (WHERE s.sale_date >= m.m0), 0) AS this_revenue,
           COALESCE(sum(s.gross_amount) FILTER (WHERE s.sale_date < m.m0), 0) AS last_revenue
      FROM tenant_sales s, m
     WHERE s.sale_date >= m.m1 AND s.status = 'confirmed' AND ($1::uuid IS NULL OR s.tenant_id = $1)
)
SELECT
    (SELECT count(*) FROM tenants WHERE $1::uuid IS NULL OR id = $1) AS total_tenants,
    (SELECT count(*) FROM tenants WHERE status = 'active' AND ($1::uuid IS NULL OR id = $1)) AS active_tenants,
    (SELECT count(*) FROM tenants, m WHERE created_at >= m.m0 AND ($1::uuid IS NULL OR id = $1)) AS tenants_this_month,
    (SELECT count(*) FROM tenants, m WHERE created_at >= m.m1 AND created_at < m.m0 AND ($1::uuid IS NULL OR id = $1))
        AS tenants_last_month,
    (SELECT count(*) FROM tenant_clients WHERE $1::uuid IS NULL OR tenant_id = $1) AS total_clients,
    (SELECT count(*) FROM tenant_clients, m WHERE created_at >= m.m0 AND ($1::uuid IS NULL OR tenant_id = $1))
        AS clients_this_month,
    (SELECT count(*) FROM tenant_clients, m
      WHERE created_at >= m.m1 AND created_at < m.m0 AND ($1::uuid IS NULL OR tenant_id = $1)) AS clients_last_month,
    (SELECT count(*) FROM tenant_robots WHERE $1::uuid IS NULL OR tenant_id = $1) AS total_robots,
    (SELECT count(*) FROM tenant_robots, m WHERE created_at >= m.m0 AND ($1::uuid IS NULL OR tenant_id = $1))
        AS robots_this_month,
    (SELECT count(*) FROM tenant_robots, m
      WHERE created_at >= m.m1 AND created_at < m.m0 AND ($1::uuid IS NULL OR tenant_id = $1)) AS robots_last_month,
    sales.this_count AS sales_this_month, sales.last_count AS sales_last_month,
    sales.this_revenue AS revenue_this_month, sales.last_revenue AS revenue_last_month,
    (SELECT count(*) FROM tenant_subscriptions WHERE status = 'active' AND ($1::uuid IS NULL OR tenant_id = $1))
        AS active_subscriptions,
    (SELECT count(*) FROM tenant_subscriptions, m WHERE created_at >= m.m0 AND ($1::uuid IS NULL OR tenant_id = $1))
        AS subscriptions_this_month,
    (SELECT count(*) FROM tenant_subscriptions, m
      WHERE created_at >= m.m1 AND created_at < m.m0 AND ($1::uuid IS NULL OR tenant_id = $1)) AS subscriptions_last_month
FROM sales";

pub async fn figures(conn: &mut PgConnection, tenant_id: Option<Uuid>) -> AppResult<Figures> {
    Ok(sqlx::query_as(FIGURES).bind(tenant_id).fetch_one(conn).await?)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RecentTenant {
    pub id: Uuid,
    pub name: String,
    pub url: String,
    pub status: TenantStatus,
    pub created_at: DateTime<Utc>,
}

pub async fn recent_tenants(conn: &mut PgConnection, limit: i64) -> AppResult<Vec<RecentTenant>> {
    Ok(sqlx::query_as(
        "SELECT id, name, url, status, created_at FROM tenants ORDER BY created_at DESC, id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RecentSale {
    pub id: Uuid,
    pub external_id: Option<String>,
    pub tenant_name: String,
    pub client_name: Option<String>,
    pub origin: Origin,
    pub gross_amount: Option<Decimal>,
    pub status: SaleStatus,
    pub sale_date: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

pub async fn recent_sales(conn: &mut PgConnection, tenant_id: Option<Uuid>, limit: i64) -> AppResult<Vec<RecentSale>> {
    Ok(sqlx::query_as(
        "SELECT s.id, s.external_id, t.name AS tenant_name, c.name AS client_name, s.origin, s.gross_amount, s.status,
                s.sale_date, s.created_at
           FROM tenant_sales s JOIN tenants t ON t.id = s.tenant_id
           LEFT JOIN tenant_clients c ON c.tenant_id = s.tenant_id AND c.id = s.client_id
          WHERE $1::uuid IS NULL OR s.tenant_id = $1
          ORDER BY s.created_at DESC, s.id DESC LIMIT $2",
    )
    .bind(tenant_id)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// A tenant selling below the alert threshold.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PerformanceAlert {
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub created_at: DateTime<Utc>,
    /// Confirmed sales of the last 30 days.
    pub revenue_last_30_days: Decimal,
}

pub async fn performance_alerts(conn: &mut PgConnection, limit: i64) -> AppResult<Vec<PerformanceAlert>> {
    Ok(sqlx::query_as(
        "SELECT t.id AS tenant_id, t.name AS tenant_name, t.created_at, r.revenue AS revenue_last_30_days
           FROM tenants t
           CROSS JOIN LATERAL (
               SELECT COALESCE(sum(s.gross_amount), 0) AS revenue FROM tenant_sales s
                WHERE s.tenant_id = t.id AND s.sale_date >= now() - interval '30 days' AND s.status = 'confirmed'
           ) r
          WHERE t.status = 'active' AND t.created_at < now() - make_interval(days => $1) AND r.revenue < $2
          ORDER BY r.revenue, t.name LIMIT $3",
    )
    .bind(ALERT_MIN_AGE_DAYS)
    .bind(ALERT_MONTHLY_REVENUE)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// Confirmed revenue of one calendar month.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MonthRevenue {
    /// First day of the month.
    pub month: NaiveDate,
    pub revenue: Decimal,
    pub sales: i64,
}

/// The last 12 months, oldest first, months without sales included.
pub async fn revenue_by_month(conn: &mut PgConnection, tenant_id: Option<Uuid>) -> AppResult<Vec<MonthRevenue>> {
    Ok(sqlx::query_as(
        "WITH months AS (
             SELECT generate_series(date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') - interval '11 months',
                                    date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo'),
                                    interval '1 month') AS local_start
         ), totals AS (
             SELECT date_trunc('month', s.sale_date AT TIME ZONE 'America/Sao_Paulo') AS local_start,
                    sum(s.gross_amount) AS revenue, count(*) AS sales
               FROM tenant_sales s
              WHERE s.status = 'confirmed' AND ($1::uuid IS NULL OR s.tenant_id = $1)
                AND s.sale_date >= (SELECT min(local_start) FROM months) AT TIME ZONE 'America/Sao_Paulo'
              GROUP BY 1
         )
         SELECT m.local_start::date AS month, COALESCE(t.revenue, 0) AS revenue, COALESCE(t.sales, 0) AS sales
           FROM months m LEFT JOIN totals t USING (local_start) ORDER BY m.local_start",
    )
    .bind(tenant_id)
    .fetch_all(conn)
    .await?)
}

/// License checks of one day: how many, and how many distinct licenses
/// passed (the installations running that day).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DayChecks {
    pub day: NaiveDate,
    pub checks: i64,
    pub installations: i64,
}

/// The last 30 days, oldest first, days without checks included.
pub async fn license_checks_by_day(conn: &mut PgConnection, tenant_id: Option<Uuid>) -> AppResult<Vec<DayChecks>> {
    Ok(sqlx::query_as(
        "WITH days AS (
             SELECT generate_series((now() AT TIME ZONE 'America/Sao_Paulo')::date - 29,
                                    (now() AT TIME ZONE 'America/Sao_Paulo')::date, interval '1 day')::date AS day
         ), totals AS (
             SELECT (c.checked_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, count(*) AS checks,
                    count(DISTINCT c.license_id) FILTER (WHERE c.valid) AS installations
               FROM license_checks c
              WHERE c.checked_at >= ((SELECT min(day) FROM days)::timestamp AT TIME ZONE 'America/Sao_Paulo')
                AND ($1::uuid IS NULL OR c.tenant_id = $1)
              GROUP BY 1
         )
         SELECT d.day, COALESCE(t.checks, 0) AS checks, COALESCE(t.installations, 0) AS installations
           FROM days d LEFT JOIN totals t USING (day) ORDER BY d.day",
    )
    .bind(tenant_id)
    .fetch_all(conn)
    .await?)
}

/// Confirmed sales of one day.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DayRevenue {
    pub day: NaiveDate,
    pub revenue: Decimal,
    pub sales: i64,
}

/// One tenant's last 30 days, oldest first, days without sales included.
pub async fn revenue_by_day(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Vec<DayRevenue>> {
    Ok(sqlx::query_as(
        "WITH days AS (
             SELECT generate_series((now() AT TIME ZONE 'America/Sao_Paulo')::date - 29,
                                    (now() AT TIME ZONE 'America/Sao_Paulo')::date, interval '1 day')::date AS day
         ), totals AS (
             SELECT (s.sale_date AT TIME ZONE 'America/Sao_Paulo')::date AS day,
                    sum(s.gross_amount) AS revenue, count(*) AS sales
               FROM tenant_sales s
              WHERE s.tenant_id = $1 AND s.status = 'confirmed'
                AND s.sale_date >= ((SELECT min(day) FROM days)::timestamp AT TIME ZONE 'America/Sao_Paulo')
              GROUP BY 1
         )
         SELECT d.day, COALESCE(t.revenue, 0) AS revenue, COALESCE(t.sales, 0) AS sales
           FROM days d LEFT JOIN totals t USING (day) ORDER BY d.day",
    )
    .bind(tenant_id)
    .fetch_all(conn)
    .await?)
}

/// Licenses of one tenant that are active now.
pub async fn active_licenses(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<i64> {
    Ok(sqlx::query_scalar(
        "SELECT count(*) FROM tenant_client_robots
          WHERE tenant_id = $1 AND status IN ('active', 'trial')
            AND (expiration_date IS NULL OR expiration_date > now())",
    )
    .bind(tenant_id)
    .fetch_one(conn)
    .await?)
}

/// Whether the tenant is older than [`ALERT_MIN_AGE_DAYS`].
pub async fn tenant_is_established(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<bool> {
    Ok(sqlx::query_scalar("SELECT created_at < now() - make_interval(days => $2) FROM tenants WHERE id = $1")
        .bind(tenant_id)
        .bind(ALERT_MIN_AGE_DAYS)
        .fetch_optional(conn)
        .await?
        .unwrap_or(false))
}

/// One tenant's confirmed sales of the last 30 days (a rolling window: the
/// performance alert must not fire on the first day of every month).
pub async fn revenue_last_30_days(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Decimal> {
    Ok(sqlx::query_scalar(
        "SELECT COALESCE(sum(gross_amount), 0) FROM tenant_sales
          WHERE tenant_id = $1 AND status = 'confirmed' AND sale_date >= now() - interval '30 days'",
    )
    .bind(tenant_id)
    .fetch_one(conn)
    .await?)
}
