//! The buyers a robot's updates are for: clients (active) holding an active
//! or trial license of it that has not ended. One row per client, however
//! many licenses of the robot they hold. Owner or worker scope.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct RobotBuyer {
    pub client_id: Uuid,
    pub name: String,
    pub email: String,
}

/// Every current buyer of the robot, in a stable order (by client id).
pub async fn current(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid) -> AppResult<Vec<RobotBuyer>> {
    Ok(sqlx::query_as(
        "SELECT DISTINCT c.id AS client_id, c.name, c.email
           FROM tenant_client_robots l
           JOIN tenant_clients c ON c.tenant_id = l.tenant_id AND c.id = l.client_id
          WHERE l.tenant_id = $1 AND l.robot_id = $2
            AND l.status IN ('active', 'trial')
            AND (l.expiration_date IS NULL OR l.expiration_date > now())
            AND c.status = 'active'
          ORDER BY c.id",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .fetch_all(conn)
    .await?)
}
