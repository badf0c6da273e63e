//! `GET /api/tenant/stats`: the owner's dashboard.

use axum::Json;
use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::Serialize;
use shared::domain::money::format_brl;
use shared::domain::owner_permissions::Capability;
use shared::repositories::dashboard::{self, ALERT_MONTHLY_REVENUE};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiResult, OwnerErrors};
use crate::extractors::SignedInOwner;
use crate::views::dashboard::DayChecksItem;
use crate::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct PerformanceAlert {
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayRevenueItem {
    pub day: NaiveDate,
    #[schema(value_type = String, example = "197.00")]
    pub revenue: Decimal,
    pub sales: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantStats {
    pub total_clients: i64,
    /// Active or trial licenses that have not expired.
    pub active_licenses: i64,
    /// Confirmed sales of this calendar month (São Paulo), gross.
    #[schema(value_type = String, example = "1970.00")]
    pub monthly_revenue: Decimal,
    pub total_robots: i64,
    /// Present when the tenant is older than 90 days and its confirmed sales
    /// of the last 30 days are below R$ 3.000.
    pub performance_alert: Option<PerformanceAlert>,
    /// Confirmed sales per day, last 30 days, oldest first.
    pub revenue_by_day: Vec<DayRevenueItem>,
    /// License checks and active installations per day, last 30 days.
    pub license_checks_by_day: Vec<DayChecksItem>,
}

/// The four cards, the performance alert and the two charts.
#[utoipa::path(operation_id = "tenantStats", get, path = "/api/tenant/stats", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = TenantStats), OwnerErrors))]
pub async fn stats(owner: SignedInOwner) -> ApiResult<Json<TenantStats>> {
    owner.require(Capability::ViewDashboard)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let figures = dashboard::figures(&mut tx, Some(tenant)).await?;
    let active_licenses = dashboard::active_licenses(&mut tx, tenant).await?;
    let established = dashboard::tenant_is_established(&mut tx, tenant).await?;
    let last_30_days = dashboard::revenue_last_30_days(&mut tx, tenant).await?;
    let days = dashboard::revenue_by_day(&mut tx, tenant).await?;
    let checks = dashboard::license_checks_by_day(&mut tx, Some(tenant)).await?;
    tx.commit().await?;
    let performance_alert = (established && last_30_days < ALERT_MONTHLY_REVENUE).then(|| PerformanceAlert {
        message: format!(
            "Atenção: suas vendas confirmadas nos últimos 30 dias somam {}, abaixo da meta de {} por mês. \
                 Divulgue seus robôs e acompanhe suas campanhas para recuperar o ritmo.",
            format_brl(last_30_days),
            format_brl(ALERT_MONTHLY_REVENUE)
        ),
    });
    Ok(Json(TenantStats {
        total_clients: figures.total_clients,
        active_licenses,
        monthly_revenue: figures.revenue_this_month,
        total_robots: figures.total_robots,
        performance_alert,
        revenue_by_day: days
            .into_iter()
            .map(|d| DayRevenueItem { day: d.day, revenue: d.revenue, sales: d.sales })
            .collect(),
        license_checks_by_day: checks
            .into_iter()
            .map(|d| DayChecksItem { day: d.day, checks: d.checks, installations: d.installations })
            .collect(),
    }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(stats))
}
