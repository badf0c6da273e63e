//! Server-side sessions. The cookie carries a random 256-bit token; the table
//! keeps only its SHA-256, so reading the table does not yield sessions.

use std::net::IpAddr;
use std::time::Duration;

use chrono::Utc;
use sqlx::postgres::PgRow;
use sqlx::{PgConnection, Row};
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::portal::Portal;
use crate::infrastructure::secrets::{random_token, sha256};
use crate::repositories::admin_users::AdminUser;
use crate::repositories::tenant_clients::TenantClient;
use crate::repositories::tenant_owners::TenantOwner;
use crate::repositories::tenants::TenantSummary;

macro_rules! tenant_columns {
    () => {
        "t.id AS t_id, t.name AS t_name, t.url AS t_url, t.display_name AS t_display_name,
         t.logo_url AS t_logo_url, t.favicon_url AS t_favicon_url, t.status AS t_status"
    };
}

/// Who a session belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Principal {
    Admin { user_id: Uuid },
    Owner { tenant_id: Uuid, owner_id: Uuid },
    Client { tenant_id: Uuid, client_id: Uuid },
}

#[derive(Debug, Clone)]
pub struct SessionMeta {
    pub ip: Option<IpAddr>,
    pub user_agent: Option<String>,
}

/// Creates a session and returns the token to put in the cookie.
pub async fn create(
    conn: &mut PgConnection,
    principal: Principal,
    meta: &SessionMeta,
    ttl: Duration,
) -> AppResult<String> {
    let token = random_token();
    let (portal, tenant_id, admin_id, owner_id, client_id) = match principal {
        Principal::Admin { user_id } => (Portal::Admin, None, Some(user_id), None, None),
        Principal::Owner { tenant_id, owner_id } => (Portal::Tenant, Some(tenant_id), None, Some(owner_id), None),
        Principal::Client { tenant_id, client_id } => (Portal::Client, Some(tenant_id), None, None, Some(client_id)),
    };
    let expires_at = Utc::now() + chrono::Duration::from_std(ttl).unwrap_or(chrono::Duration::days(7));
    sqlx::query(
        "INSERT INTO sessions (token_hash, portal, tenant_id, admin_user_id, owner_id, client_id, ip, user_agent, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(sha256(&token))
    .bind(portal.as_str())
    .bind(tenant_id)
    .bind(admin_id)
    .bind(owner_id)
    .bind(client_id)
    .bind(meta.ip.map(sqlx::types::ipnetwork::IpNetwork::from))
    .bind(meta.user_agent.as_deref().map(|ua| ua.chars().take(512).collect::<String>()))
    .bind(expires_at)
    .execute(conn)
    .await?;
    Ok(token)
}

/// A live admin session's user (active only), in one statement. A session
/// unused for `idle` is over; a used one is marked as seen (at most once a
/// minute, so most requests write nothing). Anonymous scope.
pub async fn find_admin_session(conn: &mut PgConnection, token: &str, idle: Duration) -> AppResult<Option<AdminUser>> {
    Ok(sqlx::query_as(
        "WITH touched AS (
            UPDATE sessions SET last_seen_at = now()
             WHERE token_hash = $1 AND portal = 'admin' AND expires_at > now()
               AND last_seen_at > now() - make_interval(secs => $2)
               AND last_seen_at < now() - interval '1 minute'
         )
         SELECT u.id, u.username, u.email, u.name, u.role, u.is_active, u.created_at
           FROM sessions s
           JOIN users u ON u.id = s.admin_user_id AND u.is_active
          WHERE s.token_hash = $1 AND s.portal = 'admin' AND s.expires_at > now()
            AND s.last_seen_at > now() - make_interval(secs => $2)",
    )
    .bind(sha256(token))
    .bind(idle.as_secs_f64())
    .fetch_optional(conn)
    .await?)
}

pub async fn delete(conn: &mut PgConnection, token: &str) -> AppResult<()> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(sha256(token)).execute(conn).await?;
    Ok(())
}

/// A live owner session with everything the request needs, found in one
/// query: the tenant (active), the owner (active) and the SHA-256 of the
/// tenant's security key for the caller to compare in constant time.
/// A session unused for `idle` is over; a used one is marked as seen (at
/// most once a minute), and only by a caller whose key hash is
/// `secret_hash`: a cookie alone keeps nothing alive. Anonymous scope.
pub async fn find_owner_session(
    conn: &mut PgConnection,
    token: &str,
    secret_hash: &str,
    idle: Duration,
) -> AppResult<Option<OwnerSession>> {
    let row = sqlx::query(concat!(
        "WITH touched AS (
            UPDATE sessions SET last_seen_at = now()
             WHERE token_hash = $1 AND portal = 'tenant' AND expires_at > now()
               AND last_seen_at > now() - make_interval(secs => $2)
               AND last_seen_at < now() - interval '1 minute'
               AND EXISTS (SELECT 1 FROM tenants t WHERE t.id = sessions.tenant_id AND t.secret_hash = $3)
         )
         SELECT ",
        tenant_columns!(),
        ", t.secret_hash, o.id AS o_id, o.tenant_id AS o_tenant_id, o.name AS o_name, o.email AS o_email,
                o.phone AS o_phone, o.role AS o_role, o.is_active AS o_is_active, o.email_verified AS o_email_verified
           FROM sessions s
           JOIN tenants t ON t.id = s.tenant_id AND t.status = 'active'
           JOIN tenant_owners o ON o.tenant_id = s.tenant_id AND o.id = s.owner_id AND o.is_active
          WHERE s.token_hash = $1 AND s.portal = 'tenant' AND s.expires_at > now()
            AND s.last_seen_at > now() - make_interval(secs => $2)"
    ))
    .bind(sha256(token))
    .bind(idle.as_secs_f64())
    .bind(secret_hash)
    .fetch_optional(conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(OwnerSession {
        tenant: tenant_from(&row)?,
        secret_hash: row.try_get("secret_hash")?,
        owner: TenantOwner {
            id: row.try_get("o_id")?,
            tenant_id: row.try_get("o_tenant_id")?,
            name: row.try_get("o_name")?,
            email: row.try_get("o_email")?,
            phone: row.try_get("o_phone")?,
            role: row.try_get("o_role")?,
            is_active: row.try_get("o_is_active")?,
            email_verified: row.try_get("o_email_verified")?,
        },
    }))
}

/// A live client session with its tenant (active) and client (active), in one
/// query. A session unused for `idle` is over; a used one is marked as seen
/// (at most once a minute). Anonymous scope.
pub async fn find_client_session(
    conn: &mut PgConnection,
    token: &str,
    idle: Duration,
) -> AppResult<Option<ClientSession>> {
    let row = sqlx::query(concat!(
        "WITH touched AS (
            UPDATE sessions SET last_seen_at = now()
             WHERE token_hash = $1 AND portal = 'client' AND expires_at > now()
               AND last_seen_at > now() - make_interval(secs => $2)
               AND last_seen_at < now() - interval '1 minute'
         )
         SELECT ",
        tenant_columns!(),
        ", c.id AS c_id, c.tenant_id AS c_tenant_id, c.name AS c_name, c.email AS c_email, c.phone AS c_phone,
                c.status AS c_status, c.last_login AS c_last_login, c.created_at AS c_created_at
           FROM sessions s
           JOIN tenants t ON t.id = s.tenant_id AND t.status = 'active'
           JOIN tenant_clients c ON c.tenant_id = s.tenant_id AND c.id = s.client_id AND c.status = 'active'
          WHERE s.token_hash = $1 AND s.portal = 'client' AND s.expires_at > now()
            AND s.last_seen_at > now() - make_interval(secs => $2)"
    ))
    .bind(sha256(token))
    .bind(idle.as_secs_f64())
    .fetch_optional(conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(ClientSession {
        tenant: tenant_from(&row)?,
        client: TenantClient {
            id: row.try_get("c_id")?,
            tenant_id: row.try_get("c_tenant_id")?,
            name: row.try_get("c_name")?,
            email: row.try_get("c_email")?,
            phone: row.try_get("c_phone")?,
            status: row.try_get("c_status")?,
            last_login: row.try_get("c_last_login")?,
            created_at: row.try_get("c_created_at")?,
        },
    }))
}

pub struct OwnerSession {
    pub tenant: TenantSummary,
    pub owner: TenantOwner,
    /// SHA-256 (hex) of the tenant's security key, to compare with the hash
    /// of `X-Tenant-Secret`.
    pub secret_hash: String,
}

pub struct ClientSession {
    pub tenant: TenantSummary,
    pub client: TenantClient,
}

fn tenant_from(row: &PgRow) -> Result<TenantSummary, sqlx::Error> {
    Ok(TenantSummary {
        id: row.try_get("t_id")?,
        name: row.try_get("t_name")?,
        url: row.try_get("t_url")?,
        display_name: row.try_get("t_display_name")?,
        logo_url: row.try_get("t_logo_url")?,
        favicon_url: row.try_get("t_favicon_url")?,
        status: row.try_get("t_status")?,
    })
}

/// Ends every session of an owner (password changed, deactivated or moved
/// to another tenant). Platform scope.
pub async fn end_for_owner(conn: &mut PgConnection, owner_id: Uuid) -> AppResult<()> {
    sqlx::query("DELETE FROM sessions WHERE owner_id = $1").bind(owner_id).execute(conn).await?;
    Ok(())
}

/// Ends every session of a client (password changed or no longer active).
pub async fn end_for_client(conn: &mut PgConnection, client_id: Uuid) -> AppResult<()> {
    sqlx::query("DELETE FROM sessions WHERE client_id = $1").bind(client_id).execute(conn).await?;
    Ok(())
}

/// Ends every session of a client but `keep` (the token of the browser that
/// changed the password stays signed in). Anonymous scope.
pub async fn end_other_for_client(conn: &mut PgConnection, client_id: Uuid, keep: &str) -> AppResult<()> {
    sqlx::query("DELETE FROM sessions WHERE client_id = $1 AND token_hash <> $2")
        .bind(client_id)
        .bind(sha256(keep))
        .execute(conn)
        .await?;
    Ok(())
}
