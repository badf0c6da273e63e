//! The facts a check is decided on, read through the repository in one
//! indexed query (the hot path of every robot's start, on a cache miss).

use sqlx::PgConnection;

use super::CheckRequest;
use crate::domain::error::AppResult;
use crate::repositories::license_checks;

pub use crate::repositories::license_checks::CheckFacts;

/// The robot (in the tenant it claims), the client by e-mail and the license
/// chosen by the rule in [`super`]; for a personal build, the license it
/// names. None when the robot is not the tenant's. Anonymous scope narrowed
/// to the tenant.
pub async fn load(conn: &mut PgConnection, request: &CheckRequest) -> AppResult<Option<CheckFacts>> {
    match &request.build {
        Some(build) => {
            license_checks::facts_by_build(
                conn,
                request.tenant_id,
                request.robot_id,
                build.license_id,
                &build.build_mark,
                request.terminal.version_tag.as_deref(),
            )
            .await
        }
        None => {
            license_checks::facts_by_email(
                conn,
                request.tenant_id,
                request.robot_id,
                &request.email,
                request.account,
                request.terminal.version_tag.as_deref(),
            )
            .await
        }
    }
}
