//! Server-side sessions. The cookie carries a random 256-bit token; the table
//! keeps only its SHA-256, so reading the table does not yield sessions.

use std::net::IpAddr;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::AppResult;
use crate::portal::Portal;
use crate::secrets::{random_token, sha256};

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

/// The principal of an unexpired session of `portal`, if the token names one.
/// Needs platform scope: the tenant is what this lookup finds out.
pub async fn find_active(conn: &mut PgConnection, portal: Portal, token: &str) -> AppResult<Option<Principal>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        tenant_id: Option<Uuid>,
        admin_user_id: Option<Uuid>,
        owner_id: Option<Uuid>,
        client_id: Option<Uuid>,
        expires_at: DateTime<Utc>,
    }
    let row: Option<Row> = sqlx::query_as(
        "SELECT tenant_id, admin_user_id, owner_id, client_id, expires_at
           FROM sessions WHERE token_hash = $1 AND portal = $2",
    )
    .bind(sha256(token))
    .bind(portal.as_str())
    .fetch_optional(conn)
    .await?;
    let Some(row) = row.filter(|r| r.expires_at > Utc::now()) else { return Ok(None) };
    Ok(match (row.tenant_id, row.admin_user_id, row.owner_id, row.client_id) {
        (None, Some(user_id), None, None) => Some(Principal::Admin { user_id }),
        (Some(tenant_id), None, Some(owner_id), None) => Some(Principal::Owner { tenant_id, owner_id }),
        (Some(tenant_id), None, None, Some(client_id)) => Some(Principal::Client { tenant_id, client_id }),
        _ => None,
    })
}

pub async fn delete(conn: &mut PgConnection, token: &str) -> AppResult<()> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(sha256(token)).execute(conn).await?;
    Ok(())
}
