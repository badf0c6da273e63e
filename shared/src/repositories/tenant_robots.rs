//! Robots. Each robot has a license signing key, generated here at creation
//! and stored encrypted: it only ever leaves inside injected source and is
//! read back by the license check to sign its answers.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::crypto::SecretBox;
use crate::error::AppResult;
use crate::ids::new_id;
use crate::secrets::random_token;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TenantRobot {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub name: String,
    pub logo_url: Option<String>,
    pub description: Option<String>,
    pub platform: String,
    pub version: String,
    pub active_version: Option<String>,
    pub active: bool,
    pub webhook_verified_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct NewTenantRobot {
    pub tenant_id: Uuid,
    pub name: String,
    pub description: Option<String>,
    pub logo_url: Option<String>,
    pub active: bool,
}

macro_rules! columns {
    () => {
        "id, tenant_id, name, logo_url, description, platform, version, active_version, active, webhook_verified_at, created_at"
    };
}

/// Creates a robot with a fresh signing key (32 random bytes, 64 hex
/// characters, sealed). Owner, platform or worker scope.
pub async fn create(conn: &mut PgConnection, secrets: &SecretBox, new: NewTenantRobot) -> AppResult<TenantRobot> {
    Ok(sqlx::query_as(concat!(
        "INSERT INTO tenant_robots (id, tenant_id, name, description, logo_url, active, license_signing_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ",
        columns!()
    ))
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(new.name.trim())
    .bind(&new.description)
    .bind(&new.logo_url)
    .bind(new.active)
    .bind(secrets.seal(&random_token()))
    .fetch_one(conn)
    .await?)
}

pub async fn find(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<TenantRobot>> {
    Ok(sqlx::query_as(concat!("SELECT ", columns!(), " FROM tenant_robots WHERE tenant_id = $1 AND id = $2"))
        .bind(tenant_id)
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// The robot's signing key in clear (64 hex characters). Worker or platform
/// scope (and the license check's): never owners or clients.
pub async fn signing_key(
    conn: &mut PgConnection,
    secrets: &SecretBox,
    tenant_id: Uuid,
    id: Uuid,
) -> AppResult<Option<String>> {
    let sealed: Option<String> =
        sqlx::query_scalar("SELECT license_signing_key FROM tenant_robots WHERE tenant_id = $1 AND id = $2")
            .bind(tenant_id)
            .bind(id)
            .fetch_optional(conn)
            .await?;
    Ok(sealed.and_then(|s| secrets.open(&s)))
}

/// Records that the robot's webhook received a valid postback.
pub async fn mark_webhook_verified(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<()> {
    sqlx::query("UPDATE tenant_robots SET webhook_verified_at = now() WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// A robot of any tenant, by id (platform scope).
pub async fn find_any(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<TenantRobot>> {
    Ok(sqlx::query_as(concat!("SELECT ", columns!(), " FROM tenant_robots WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// The tenant's oldest robot (demo data).
pub async fn first(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Option<TenantRobot>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM tenant_robots WHERE tenant_id = $1 ORDER BY created_at LIMIT 1"
    ))
    .bind(tenant_id)
    .fetch_optional(conn)
    .await?)
}
