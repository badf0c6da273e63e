//! `/api/tenant/robots/{robotId}/installations-by-version`: how many
//! MetaTrader installations run each version of a robot, so the owner sees
//! who is still on an old (or withdrawn) version before and after an update.

use axum::Json;
use serde::Serialize;
use shared::domain::owner_permissions::Capability;
use shared::repositories::robot_versions::{self, VersionInstallations};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiResult, OwnerErrors};
use crate::extractors::{PathId, SignedInOwner};
use crate::views::robots::{find_own, UnknownRobot};
use crate::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionInstallationsItem {
    /// Major.Minor.Patch; null for installations whose running version is
    /// unknown (their check sent no version tag, or one no version has).
    pub version: Option<String>,
    /// Installations (MetaTrader accounts) running it, seen in the last 30 days.
    pub installations: i64,
    /// The owner withdrew this version.
    pub withdrawn: bool,
}

impl From<VersionInstallations> for VersionInstallationsItem {
    fn from(row: VersionInstallations) -> Self {
        Self { version: row.version, installations: row.installations, withdrawn: row.withdrawn }
    }
}

/// Every version of the robot, highest first (none running included), then
/// the unknown-version bucket.
#[utoipa::path(operation_id = "tenantRobotInstallationsByVersion", get,
    path = "/api/tenant/robots/{robotId}/installations-by-version", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("robotId" = Uuid, Path)),
    responses((status = 200, body = Vec<VersionInstallationsItem>), OwnerErrors))]
pub async fn by_version(
    owner: SignedInOwner,
    PathId(robot_id, _): PathId<UnknownRobot>,
) -> ApiResult<Json<Vec<VersionInstallationsItem>>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    find_own(&mut tx, &owner, robot_id).await?;
    let rows = robot_versions::installations_by_version(&mut tx, owner.tenant.id, robot_id).await?;
    tx.commit().await?;
    Ok(Json(rows.into_iter().map(VersionInstallationsItem::from).collect()))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(by_version))
}
