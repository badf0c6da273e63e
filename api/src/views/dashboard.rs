//! The license checks per day both dashboards chart.

use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayChecksItem {
    pub day: NaiveDate,
    pub checks: i64,
    /// Distinct licenses that passed the check that day.
    pub installations: i64,
}
