//! The secret each signing platform (Kiwify) uses for a robot's webhook,
//! sealed with the configured key: the intake needs the secret itself to
//! check an HMAC, so a hash (as for Hotmart's hottok) would not do.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::infrastructure::crypto::SecretBox;
use crate::infrastructure::secrets::short_prefix;

/// Stores (sealed) the robot's secret for `platform`, replacing any before.
/// Owner scope, after the capability check.
pub async fn set(
    conn: &mut PgConnection,
    secrets: &SecretBox,
    tenant_id: Uuid,
    robot_id: Uuid,
    platform: &str,
    secret: &str,
) -> AppResult<()> {
    // The parameters again, not EXCLUDED: reading EXCLUDED.sealed_secret needs
    // SELECT on the column, which the owner's role must never have.
    sqlx::query(
        "INSERT INTO sales_channel_secrets (tenant_id, robot_id, platform, sealed_secret, secret_prefix)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (tenant_id, robot_id, platform)
         DO UPDATE SET sealed_secret = $4, secret_prefix = $5, updated_at = now()",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(platform)
    .bind(secrets.seal(secret))
    .bind(short_prefix(secret))
    .execute(conn)
    .await?;
    Ok(())
}

/// Whether the robot has a secret for `platform`, and its first characters. Owner scope.
pub async fn prefix(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    platform: &str,
) -> AppResult<Option<Option<String>>> {
    let row: Option<(Option<String>,)> = sqlx::query_as(
        "SELECT secret_prefix FROM sales_channel_secrets WHERE tenant_id = $1 AND robot_id = $2 AND platform = $3",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(platform)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|(prefix,)| prefix))
}

/// The robot's secret for `platform` in clear, to check a delivery's
/// signature. Anonymous scope in the robot's tenant (the intake).
pub async fn open(
    conn: &mut PgConnection,
    secrets: &SecretBox,
    tenant_id: Uuid,
    robot_id: Uuid,
    platform: &str,
) -> AppResult<Option<String>> {
    let sealed: Option<String> = sqlx::query_scalar(
        "SELECT sealed_secret FROM sales_channel_secrets WHERE tenant_id = $1 AND robot_id = $2 AND platform = $3",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(platform)
    .fetch_optional(conn)
    .await?;
    Ok(sealed.and_then(|s| secrets.open(&s)))
}
