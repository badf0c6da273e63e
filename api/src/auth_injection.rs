//! The robot injection of `shared`, with the api's pool and secrets.

use shared::domain::mql5::LapsePolicy;
use shared::repositories::tenant_robots::TenantRobot;

pub use shared::workflows::robot_injection::Injected;
use shared::AppError;

use crate::AppState;

/// `source` with the license check wired in for `robot`; a source that
/// cannot take it is refused with a pt-BR reason (422). The api injects
/// code the owner wrote or imported: a lapse stops it, as it always did
/// (only factory robots are generated to keep managing open positions).
pub async fn inject_for_robot(state: &AppState, robot: &TenantRobot, source: &str) -> Result<Injected, AppError> {
    shared::workflows::robot_injection::inject_for_robot(
        &state.pool,
        &state.config.secrets,
        robot,
        source,
        LapsePolicy::Stop,
    )
    .await
}
