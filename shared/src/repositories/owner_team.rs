//! The tenant's team as its admin owner manages it: invitations, roles,
//! deactivation and the security key. Worker scope for the tenant (the api
//! checks the acting owner's role first, docs/owner-roles.md).

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::{unique, AppError, AppResult, OnConstraint, ANY_UNIQUE};
use crate::domain::ids::new_id;
use crate::domain::status::OwnerRole;

pub const EMAIL_TAKEN: &str = "Já existe um usuário da equipe com este e-mail";
pub const LAST_ADMIN: &str =
    "A conta precisa de pelo menos um administrador ativo. Promova outra pessoa antes de mudar este perfil.";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TeamMember {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub role: OwnerRole,
    pub is_active: bool,
    pub email_verified: bool,
    pub invited_at: Option<DateTime<Utc>>,
    pub invitation_accepted_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl TeamMember {
    /// Invited and not yet accepted (no password of their own).
    pub fn invitation_pending(&self) -> bool {
        self.invited_at.is_some() && self.invitation_accepted_at.is_none()
    }
}

const MEMBER: &str = "id, name, email, role, is_active, email_verified, invited_at, invitation_accepted_at, created_at";

pub async fn list(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Vec<TeamMember>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {MEMBER} FROM tenant_owners WHERE tenant_id = $1 ORDER BY is_active DESC, name, id"
    )))
    .bind(tenant_id)
    .fetch_all(conn)
    .await?)
}

pub async fn find(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<TeamMember>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {MEMBER} FROM tenant_owners WHERE tenant_id = $1 AND id = $2"
    )))
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

pub struct Invitation<'a> {
    pub tenant_id: Uuid,
    pub name: &'a str,
    pub email: &'a str,
    pub role: OwnerRole,
    /// A hash of a password nobody knows: the invitee sets theirs by the link.
    pub unusable_password_hash: &'a str,
    /// The owner who invited; None when the platform admin did (a new
    /// tenant's first owner).
    pub invited_by: Option<Uuid>,
}

pub async fn invite(conn: &mut PgConnection, invitation: Invitation<'_>) -> AppResult<TeamMember> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "INSERT INTO tenant_owners (id, tenant_id, name, email, password, role, is_active, invited_at, invited_by)
         VALUES ($1, $2, $3, $4, $5, $6, true, now(), $7) RETURNING {MEMBER}"
    )))
    .bind(new_id())
    .bind(invitation.tenant_id)
    .bind(invitation.name)
    .bind(invitation.email)
    .bind(invitation.unusable_password_hash)
    .bind(invitation.role)
    .bind(invitation.invited_by)
    .fetch_one(conn)
    .await
    .on_constraint(&[unique(ANY_UNIQUE, "email", EMAIL_TAKEN)])
}

/// Changes a member's role and whether they may sign in. Refuses (409) a
/// change that would leave the tenant without an active admin: the
/// tenant's owners are locked first, so two admins demoting each other at
/// once cannot both pass. None: no such member.
pub async fn update(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    role: OwnerRole,
    is_active: bool,
) -> AppResult<Option<TeamMember>> {
    if other_active_admins(conn, tenant_id, id).await? == 0 && !(role == OwnerRole::Admin && is_active) {
        return Err(AppError::Conflict(LAST_ADMIN.into()));
    }
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE tenant_owners SET role = $3, is_active = $4 WHERE tenant_id = $1 AND id = $2 RETURNING {MEMBER}"
    )))
    .bind(tenant_id)
    .bind(id)
    .bind(role)
    .bind(is_active)
    .fetch_optional(conn)
    .await?)
}

/// Active admins of the tenant other than `id`, counted with every owner
/// row of the tenant locked: two changes at once see each other's result.
async fn other_active_admins(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<i64> {
    sqlx::query("SELECT id FROM tenant_owners WHERE tenant_id = $1 ORDER BY id FOR UPDATE")
        .bind(tenant_id)
        .execute(&mut *conn)
        .await?;
    Ok(sqlx::query_scalar(
        "SELECT count(*) FROM tenant_owners WHERE tenant_id = $1 AND id <> $2 AND role = 'admin' AND is_active",
    )
    .bind(tenant_id)
    .bind(id)
    .fetch_one(conn)
    .await?)
}

/// Removes an owner from the team (their sessions go by cascade); refused
/// (409) for the last active admin. False: no such owner.
pub async fn delete(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<bool> {
    if other_active_admins(conn, tenant_id, id).await? == 0 {
        return Err(AppError::Conflict(LAST_ADMIN.into()));
    }
    let deleted = sqlx::query("DELETE FROM tenant_owners WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(deleted.rows_affected() == 1)
}

/// Replaces the tenant's security key (stored as its hash and prefix) and
/// ends every owner session of the tenant: each was opened with the old key.
pub async fn rotate_security_key(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    key_hash: &str,
    prefix: &str,
) -> AppResult<()> {
    sqlx::query("UPDATE tenants SET secret_hash = $2, secret_prefix = $3, updated_at = now() WHERE id = $1")
        .bind(tenant_id)
        .bind(key_hash)
        .bind(prefix)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM sessions WHERE tenant_id = $1 AND portal = 'tenant'")
        .bind(tenant_id)
        .execute(conn)
        .await?;
    Ok(())
}
