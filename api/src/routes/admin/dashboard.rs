//! `/api/dashboard/*`: the platform admin's dashboard, from real rows.

use axum::Json;
use chrono::{DateTime, NaiveDate, Utc};
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;
use serde::Serialize;
use shared::domain::status::{Origin, SaleStatus, TenantStatus};
use shared::repositories::dashboard::{self, Figures};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiResult};
use crate::extractors::SignedInAdmin;
use crate::views::dashboard::DayChecksItem;
use crate::AppState;

/// Change against the previous month, in percent (rounded to one decimal);
/// None when the previous month had nothing to compare with.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Trends {
    /// New tenants this month vs. last month.
    pub tenants: Option<f64>,
    /// New clients this month vs. last month.
    pub clients: Option<f64>,
    /// New robots this month vs. last month.
    pub robots: Option<f64>,
    /// Confirmed sales this month vs. last month.
    pub sales: Option<f64>,
    /// Confirmed revenue this month vs. last month.
    pub revenue: Option<f64>,
    /// New subscriptions this month vs. last month.
    pub subscriptions: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardStats {
    pub total_tenants: i64,
    pub active_tenants: i64,
    pub total_clients: i64,
    pub total_robots: i64,
    /// Confirmed sales this calendar month (São Paulo).
    pub monthly_sales: i64,
    /// Their gross amount, BRL.
    #[schema(value_type = String, example = "1234.50")]
    pub monthly_revenue: Decimal,
    pub active_subscriptions: i64,
    pub trends: Trends,
}

fn trend(current: Decimal, previous: Decimal) -> Option<f64> {
    if previous.is_zero() {
        return None;
    }
    ((current - previous) * Decimal::ONE_HUNDRED / previous).round_dp(1).to_f64()
}

fn count_trend(current: i64, previous: i64) -> Option<f64> {
    trend(Decimal::from(current), Decimal::from(previous))
}

impl From<Figures> for DashboardStats {
    fn from(f: Figures) -> Self {
        Self {
            total_tenants: f.total_tenants,
            active_tenants: f.active_tenants,
            total_clients: f.total_clients,
            total_robots: f.total_robots,
            monthly_sales: f.sales_this_month,
            monthly_revenue: f.revenue_this_month,
            active_subscriptions: f.active_subscriptions,
            trends: Trends {
                tenants: count_trend(f.tenants_this_month, f.tenants_last_month),
                clients: count_trend(f.clients_this_month, f.clients_last_month),
                robots: count_trend(f.robots_this_month, f.robots_last_month),
                sales: count_trend(f.sales_this_month, f.sales_last_month),
                revenue: trend(f.revenue_this_month, f.revenue_last_month),
                subscriptions: count_trend(f.subscriptions_this_month, f.subscriptions_last_month),
            },
        }
    }
}

/// The seven cards, with month-over-month trends.
#[utoipa::path(operation_id = "dashboardStats", get, path = "/api/dashboard/stats", tag = "dashboard",
    security(("adminSession" = [])), responses((status = 200, body = DashboardStats), AdminErrors))]
pub async fn stats(admin: SignedInAdmin) -> ApiResult<Json<DashboardStats>> {
    let mut tx = admin.begin().await?;
    let figures = dashboard::figures(&mut tx, None).await?;
    tx.commit().await?;
    Ok(Json(figures.into()))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentTenantItem {
    pub id: Uuid,
    pub name: String,
    pub url: String,
    pub status: TenantStatus,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentSaleItem {
    pub id: Uuid,
    pub external_id: Option<String>,
    pub tenant_name: String,
    pub client_name: Option<String>,
    pub origin: Origin,
    #[schema(value_type = Option<String>)]
    pub gross_amount: Option<Decimal>,
    pub status: SaleStatus,
    pub sale_date: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PerformanceAlertItem {
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub created_at: DateTime<Utc>,
    #[schema(value_type = String)]
    pub revenue_last_30_days: Decimal,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthRevenueItem {
    /// First day of the month.
    pub month: NaiveDate,
    #[schema(value_type = String)]
    pub revenue: Decimal,
    pub sales: i64,
}

/// Everything on the dashboard besides the cards.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardActivity {
    /// The five newest tenants.
    pub recent_tenants: Vec<RecentTenantItem>,
    /// The five newest sales.
    pub recent_sales: Vec<RecentSaleItem>,
    /// Active tenants older than 90 days with less than R$ 3.000 confirmed
    /// in the last 30 days (at most 10, weakest first).
    pub performance_alerts: Vec<PerformanceAlertItem>,
    /// The last 12 months, oldest first.
    pub revenue_by_month: Vec<MonthRevenueItem>,
    /// The last 30 days, oldest first.
    pub license_checks_by_day: Vec<DayChecksItem>,
}

/// Recent tenants and sales, performance alerts and the two charts.
#[utoipa::path(operation_id = "dashboardActivity", get, path = "/api/dashboard/activity", tag = "dashboard",
    security(("adminSession" = [])), responses((status = 200, body = DashboardActivity), AdminErrors))]
pub async fn activity(admin: SignedInAdmin) -> ApiResult<Json<DashboardActivity>> {
    let mut tx = admin.begin().await?;
    let recent_tenants = dashboard::recent_tenants(&mut tx, 5).await?;
    let recent_sales = dashboard::recent_sales(&mut tx, None, 5).await?;
    let alerts = dashboard::performance_alerts(&mut tx, 10).await?;
    let months = dashboard::revenue_by_month(&mut tx, None).await?;
    let days = dashboard::license_checks_by_day(&mut tx, None).await?;
    tx.commit().await?;
    Ok(Json(DashboardActivity {
        recent_tenants: recent_tenants
            .into_iter()
            .map(|t| RecentTenantItem {
                id: t.id,
                name: t.name,
                url: t.url,
                status: t.status,
                created_at: t.created_at,
            })
            .collect(),
        recent_sales: recent_sales
            .into_iter()
            .map(|s| RecentSaleItem {
                id: s.id,
                external_id: s.external_id,
                tenant_name: s.tenant_name,
                client_name: s.client_name,
                origin: s.origin,
                gross_amount: s.gross_amount,
                status: s.status,
                sale_date: s.sale_date,
                created_at: s.created_at,
            })
            .collect(),
        performance_alerts: alerts
            .into_iter()
            .map(|a| PerformanceAlertItem {
                tenant_id: a.tenant_id,
                tenant_name: a.tenant_name,
                created_at: a.created_at,
                revenue_last_30_days: a.revenue_last_30_days,
            })
            .collect(),
        revenue_by_month: months
            .into_iter()
            .map(|m| MonthRevenueItem { month: m.month, revenue: m.revenue, sales: m.sales })
            .collect(),
        license_checks_by_day: days
            .into_iter()
            .map(|d| DayChecksItem { day: d.day, checks: d.checks, installations: d.installations })
            .collect(),
    }))
}

/// `/api/dashboard/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(stats)).routes(routes!(activity))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trends_compare_with_last_month() {
        assert_eq!(count_trend(12, 10), Some(20.0));
        assert_eq!(count_trend(5, 10), Some(-50.0));
        assert_eq!(count_trend(3, 0), None);
        assert_eq!(trend(Decimal::new(1500, 0), Decimal::new(1000, 0)), Some(50.0));
    }
}
