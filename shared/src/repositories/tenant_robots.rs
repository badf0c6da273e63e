//! Robots. Each robot has a license signing key, generated here at creation
//! and stored encrypted: it only ever leaves inside injected source and is
//! read back by the license check to sign its answers.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, Postgres, QueryBuilder};
use uuid::Uuid;

use super::listing::{fetch_page, Listing, Narrow};
use crate::domain::error::AppResult;
use crate::domain::ids::new_id;
use crate::domain::pagination::{contains_pattern, Page, PageParams};
use crate::domain::status::LatePayment;
use crate::infrastructure::crypto::SecretBox;
use crate::infrastructure::secrets::random_token;

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
    /// The Ed25519 public key its `.ex5` verifies answers with (64 hex);
    /// None until its first version is built (robots older than protocol v2).
    pub license_public_key: Option<String>,
    /// How long the robot may run while the server cannot be reached.
    pub offline_grace_seconds: i32,
    /// `first_use` or `portal` (see [`BindingPolicy`]).
    pub binding_policy: String,
    /// How long a trial license of this robot runs when no end date is chosen.
    pub trial_days: i32,
    /// What a late subscription charge does to its license: keep or suspend.
    pub late_payment: LatePayment,
}

/// How a license gets its MetaTrader account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BindingPolicy {
    /// The spec's behaviour: the first check binds the account it comes from.
    FirstUse,
    /// The buyer confirms the account in the client portal; checks never bind.
    Portal,
}

impl BindingPolicy {
    pub fn as_str(self) -> &'static str {
        match self {
            BindingPolicy::FirstUse => "first_use",
            BindingPolicy::Portal => "portal",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "first_use" => Some(BindingPolicy::FirstUse),
            "portal" => Some(BindingPolicy::Portal),
            _ => None,
        }
    }
}

/// A trial's length when the owner never chose one, and the bounds they may choose in.
pub const DEFAULT_TRIAL_DAYS: i32 = 7;
pub const TRIAL_DAYS: std::ops::RangeInclusive<i32> = 1..=90;

/// Sets how many days a trial license of the robot runs. False when the
/// tenant has no such robot.
pub async fn set_trial_days(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid, days: i32) -> AppResult<bool> {
    let updated =
        sqlx::query("UPDATE tenant_robots SET trial_days = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2")
            .bind(tenant_id)
            .bind(id)
            .bind(days)
            .execute(conn)
            .await?;
    Ok(updated.rows_affected() == 1)
}

/// The longest offline grace period an owner may set (30 days).
pub const MAX_OFFLINE_GRACE_SECONDS: i32 = 30 * 24 * 3600;

#[derive(Debug, Clone)]
pub struct NewTenantRobot {
    pub tenant_id: Uuid,
    pub name: String,
    pub description: Option<String>,
    pub logo_url: Option<String>,
    pub active: bool,
    pub file_path: Option<String>,
    /// None: the default (1.0.0).
    pub version: Option<String>,
}

macro_rules! columns {
    () => {
        "id, tenant_id, name, logo_url, description, platform, version, active_version, active, webhook_verified_at, created_at,
         license_public_key, offline_grace_seconds, binding_policy, trial_days, late_payment"
    };
}

/// Creates a robot with a fresh signing key (32 random bytes, 64 hex
/// characters, sealed; protocol v1) and a fresh Ed25519 key pair (the seed
/// sealed; protocol v2). Owner, platform or worker scope.
pub async fn create(conn: &mut PgConnection, secrets: &SecretBox, new: NewTenantRobot) -> AppResult<TenantRobot> {
    let pair = crate::infrastructure::license_keys::generate(secrets);
    Ok(sqlx::query_as(concat!(
        "INSERT INTO tenant_robots (id, tenant_id, name, description, logo_url, active, license_signing_key,
                                    file_path, version, license_private_key, license_public_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9, '1.0.0'), $10, $11) RETURNING ",
        columns!()
    ))
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(new.name.trim())
    .bind(&new.description)
    .bind(&new.logo_url)
    .bind(new.active)
    .bind(secrets.seal(&random_token()))
    .bind(&new.file_path)
    .bind(&new.version)
    .bind(&pair.sealed_private_key)
    .bind(&pair.public_key)
    .fetch_one(conn)
    .await?)
}

/// The robot's public key, giving it a key pair first when it has none (a
/// robot from before protocol v2). Of two callers at once, one writes and
/// both get its key. Worker or platform scope.
pub async fn ensure_key_pair(
    conn: &mut PgConnection,
    secrets: &SecretBox,
    tenant_id: Uuid,
    id: Uuid,
) -> AppResult<Option<String>> {
    let pair = crate::infrastructure::license_keys::generate(secrets);
    sqlx::query(
        "UPDATE tenant_robots SET license_private_key = $3, license_public_key = $4
          WHERE tenant_id = $1 AND id = $2 AND license_public_key IS NULL",
    )
    .bind(tenant_id)
    .bind(id)
    .bind(&pair.sealed_private_key)
    .bind(&pair.public_key)
    .execute(&mut *conn)
    .await?;
    Ok(sqlx::query_scalar("SELECT license_public_key FROM tenant_robots WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .fetch_optional(conn)
        .await?
        .flatten())
}

/// The owner's license settings of a robot.
pub async fn set_license_policy(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    offline_grace_seconds: Option<i32>,
    binding_policy: Option<BindingPolicy>,
    late_payment: Option<LatePayment>,
) -> AppResult<Option<TenantRobot>> {
    Ok(sqlx::query_as(concat!(
        "UPDATE tenant_robots SET offline_grace_seconds = COALESCE($3, offline_grace_seconds),
                binding_policy = COALESCE($4, binding_policy), late_payment = COALESCE($5, late_payment),
                updated_at = now()
          WHERE tenant_id = $1 AND id = $2 RETURNING ",
        columns!()
    ))
    .bind(tenant_id)
    .bind(id)
    .bind(offline_grace_seconds)
    .bind(binding_policy.map(BindingPolicy::as_str))
    .bind(late_payment)
    .fetch_optional(conn)
    .await?)
}

/// Offers the robot to clients (a published factory version makes it
/// active at once).
pub async fn set_active(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<()> {
    sqlx::query("UPDATE tenant_robots SET active = true, updated_at = now() WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Whether the robot has an active version; false for no such robot.
pub async fn has_active_version(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<bool> {
    Ok(sqlx::query_scalar("SELECT active_version IS NOT NULL FROM tenant_robots WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .fetch_optional(conn)
        .await?
        .unwrap_or(false))
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

/// The tenant's robot of this name (case and surrounding spaces ignored):
/// an imported `.mq5` becomes a new version of the robot it names. The
/// oldest wins when names repeat.
pub async fn find_by_name(conn: &mut PgConnection, tenant_id: Uuid, name: &str) -> AppResult<Option<TenantRobot>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM tenant_robots WHERE tenant_id = $1 AND lower(name) = lower($2) ORDER BY created_at LIMIT 1"
    ))
    .bind(tenant_id)
    .bind(name.trim())
    .fetch_optional(conn)
    .await?)
}

/// A robot as the admin's list shows it: with its tenant's name and URL
/// (the webhook URL is made from it).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RobotListRow {
    #[sqlx(flatten)]
    pub robot: TenantRobot,
    pub file_path: Option<String>,
    pub tenant_name: String,
    pub tenant_url: String,
}

#[derive(Debug, Default, Clone)]
pub struct RobotFilter {
    pub tenant_id: Option<Uuid>,
    /// Part of the name.
    pub q: Option<String>,
}

const LISTED: &str = "r.id, r.tenant_id, r.name, r.logo_url, r.description, r.platform, r.version, r.active_version,
                      r.active, r.webhook_verified_at, r.created_at, r.license_public_key, r.offline_grace_seconds,
                      r.binding_policy, r.trial_days, r.late_payment, r.file_path, t.name AS tenant_name,
                      t.url AS tenant_url";

/// Robots, newest first.
pub async fn list(conn: &mut PgConnection, filter: &RobotFilter, params: PageParams) -> AppResult<Page<RobotListRow>> {
    let pattern = contains_pattern(filter.q.as_deref());
    let listing = Listing {
        columns: LISTED,
        from: "tenant_robots r",
        joins: " JOIN tenants t ON t.id = r.tenant_id",
        filters: |qb: &mut QueryBuilder<Postgres>| {
            if let Some(tenant) = filter.tenant_id {
                qb.push(" AND r.tenant_id = ").push_bind(tenant);
            }
            if let Some(p) = &pattern {
                qb.push(" AND r.name ILIKE ").push_bind(p.clone());
            }
        },
        narrow: Narrow::by_filters_if(pattern.is_some()),
    };
    fetch_page(conn, listing, params).await
}

pub async fn find_listed(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<RobotListRow>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {LISTED} FROM tenant_robots r JOIN tenants t ON t.id = r.tenant_id WHERE r.id = $1"
    )))
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// What an edit may change (never the tenant); None keeps the current value.
#[derive(Debug, Default)]
pub struct RobotChanges {
    pub name: Option<String>,
    pub logo_url: Option<Option<String>>,
    pub description: Option<Option<String>>,
    pub file_path: Option<Option<String>>,
    pub version: Option<String>,
    pub active: Option<bool>,
}

pub async fn update(conn: &mut PgConnection, id: Uuid, c: RobotChanges) -> AppResult<bool> {
    let updated = sqlx::query(
        "UPDATE tenant_robots SET
            name = COALESCE($2, name),
            logo_url = CASE WHEN $3 THEN $4 ELSE logo_url END,
            description = CASE WHEN $5 THEN $6 ELSE description END,
            file_path = CASE WHEN $7 THEN $8 ELSE file_path END,
            version = COALESCE($9, version),
            active = COALESCE($10, active),
            updated_at = now()
          WHERE id = $1",
    )
    .bind(id)
    .bind(c.name)
    .bind(c.logo_url.is_some())
    .bind(c.logo_url.flatten())
    .bind(c.description.is_some())
    .bind(c.description.flatten())
    .bind(c.file_path.is_some())
    .bind(c.file_path.flatten())
    .bind(c.version)
    .bind(c.active)
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Deletes a robot that nothing sold or licensed refers to, with its
/// versions, sales page and factory projects' link; returns the storage keys
/// of its files (removed by the caller after the commit). `Err(Conflict)`
/// when it has sales or licenses (deactivate it instead). None: no robot.
pub async fn delete_unsold(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<Vec<String>>> {
    let in_use: Option<bool> = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM tenant_client_robots WHERE tenant_id = $1 AND robot_id = $2)
             OR EXISTS (SELECT 1 FROM hotmart_inbox WHERE tenant_id = $1 AND robot_id = $2 AND outcome IS NOT NULL)
           FROM tenant_robots WHERE tenant_id = $1 AND id = $2 FOR UPDATE",
    )
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    match in_use {
        None => return Ok(None),
        Some(true) => return Err(crate::domain::error::AppError::Conflict(ROBOT_IN_USE.into())),
        Some(false) => {}
    }
    let keys: Vec<String> = sqlx::query_scalar(
        "SELECT file_path FROM robot_versions WHERE tenant_id = $1 AND robot_id = $2
         UNION SELECT file_path FROM tenant_robots WHERE tenant_id = $1 AND id = $2 AND file_path IS NOT NULL",
    )
    .bind(tenant_id)
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    sqlx::query("DELETE FROM tenant_robots WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(Some(keys))
}

pub const ROBOT_IN_USE: &str =
    "Este robô tem licenças ou vendas e não pode ser excluído. Desative-o para que deixe de ser vendido.";
