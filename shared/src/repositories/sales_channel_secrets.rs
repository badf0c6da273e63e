//! The secret each signing platform (Kiwify, Eduzz, Asaas) uses for a
//! robot's webhook, sealed with the configured key: the intake needs the
//! secret itself to check an HMAC, so a hash (as for Hotmart's hottok) would
//! not do. Beside it, Asaas's external reference: which of the account's
//! charges are the robot's.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::{unique, AppResult, OnConstraint, UniqueField};
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
    // A row may hold only Asaas's reference (no secret yet): every secret set has a prefix.
    let row: Option<(Option<String>,)> = sqlx::query_as(
        "SELECT secret_prefix FROM sales_channel_secrets
          WHERE tenant_id = $1 AND robot_id = $2 AND platform = $3 AND secret_prefix IS NOT NULL",
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
    let sealed: Option<Option<String>> = sqlx::query_scalar(
        "SELECT sealed_secret FROM sales_channel_secrets WHERE tenant_id = $1 AND robot_id = $2 AND platform = $3",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(platform)
    .fetch_optional(conn)
    .await?;
    Ok(sealed.flatten().and_then(|s| secrets.open(&s)))
}

const REFERENCE_UNIQUE: &[UniqueField] = &[unique(
    "sales_channel_secrets_reference_key",
    "externalReference",
    "Outro robô desta loja já usa esta referência externa",
)];

/// The external reference the owner chose for the robot on `platform`
/// (Asaas), if any. Anonymous scope in the robot's tenant (the intake) or
/// owner scope.
pub async fn reference(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    platform: &str,
) -> AppResult<Option<String>> {
    let reference: Option<Option<String>> = sqlx::query_scalar(
        "SELECT external_reference FROM sales_channel_secrets WHERE tenant_id = $1 AND robot_id = $2 AND platform = $3",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(platform)
    .fetch_optional(conn)
    .await?;
    Ok(reference.flatten())
}

/// Sets the robot's external reference on `platform` (Asaas), keeping its
/// secret. Another robot of the tenant with the same reference is a pt-BR
/// validation error on `externalReference`. Owner scope, after the
/// capability check.
pub async fn set_reference(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    platform: &str,
    reference: &str,
) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO sales_channel_secrets (tenant_id, robot_id, platform, external_reference)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (tenant_id, robot_id, platform)
         DO UPDATE SET external_reference = EXCLUDED.external_reference, updated_at = now()",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(platform)
    .bind(reference)
    .execute(conn)
    .await
    .on_constraint(REFERENCE_UNIQUE)?;
    Ok(())
}
