//! One-time access links an owner copies for a buyer (issue 35): the buyer
//! opens it and is signed in, once, within a day. Only the token's SHA-256
//! is stored.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::ids::new_id;

/// How long a link works.
pub const ACCESS_LINK_HOURS: i32 = 24;

/// Records a new link for the client (owner scope); its id and end.
pub async fn create(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    client_id: Uuid,
    token_digest: &str,
    created_by: Uuid,
) -> AppResult<(Uuid, DateTime<Utc>)> {
    Ok(sqlx::query_as(
        "INSERT INTO client_access_links (id, tenant_id, client_id, token_hash, created_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6))
         RETURNING id, expires_at",
    )
    .bind(new_id())
    .bind(tenant_id)
    .bind(client_id)
    .bind(token_digest)
    .bind(created_by)
    .bind(ACCESS_LINK_HOURS)
    .fetch_one(conn)
    .await?)
}

/// Spends a live, unused link in one statement (two opens at once: one
/// wins); the link's id and its client. Anonymous scope in the tenant.
pub async fn spend(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    token_digest: &str,
    ip: Option<std::net::IpAddr>,
) -> AppResult<Option<(Uuid, Uuid)>> {
    Ok(sqlx::query_as(
        "UPDATE client_access_links SET used_at = now(), used_ip = $3
          WHERE tenant_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now()
          RETURNING id, client_id",
    )
    .bind(tenant_id)
    .bind(token_digest)
    .bind(ip.map(sqlx::types::ipnetwork::IpNetwork::from))
    .fetch_optional(conn)
    .await?)
}
