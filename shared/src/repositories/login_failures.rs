//! Login throttling: failed attempts counted per account and per IP over a
//! sliding window. Kept in the database so every api instance sees the same
//! counts.

use std::net::IpAddr;

use sqlx::types::ipnetwork::IpNetwork;
use sqlx::PgConnection;

use crate::config::LoginLimits;
use crate::error::{AppError, AppResult};
use crate::portal::Portal;

pub const TOO_MANY_ATTEMPTS: &str = "Muitas tentativas de login. Aguarde um minuto e tente novamente.";

/// Refuses the attempt (429) when the account or the IP already failed too
/// often inside the window.
pub async fn ensure_allowed(
    conn: &mut PgConnection,
    limits: &LoginLimits,
    account_key: &str,
    ip: Option<IpAddr>,
) -> AppResult<()> {
    let window = limits.window.as_secs_f64();
    let (by_account, by_ip): (i64, i64) = sqlx::query_as(
        "SELECT
            (SELECT count(*) FROM login_failures
              WHERE account_key = $1 AND failed_at > now() - make_interval(secs => $3)),
            (SELECT count(*) FROM login_failures
              WHERE $2::inet IS NOT NULL AND ip = $2 AND failed_at > now() - make_interval(secs => $3))",
    )
    .bind(account_key)
    .bind(ip.map(IpNetwork::from))
    .bind(window)
    .fetch_one(conn)
    .await?;
    if by_account >= limits.per_account || by_ip >= limits.per_ip {
        return Err(AppError::TooManyRequests(TOO_MANY_ATTEMPTS.into()));
    }
    Ok(())
}

pub async fn record(conn: &mut PgConnection, portal: Portal, account_key: &str, ip: Option<IpAddr>) -> AppResult<()> {
    sqlx::query("INSERT INTO login_failures (portal, account_key, ip) VALUES ($1, $2, $3)")
        .bind(portal.as_str())
        .bind(account_key)
        .bind(ip.map(IpNetwork::from))
        .execute(conn)
        .await?;
    Ok(())
}

/// A successful login forgives the account's earlier failures.
pub async fn clear_account(conn: &mut PgConnection, account_key: &str) -> AppResult<()> {
    sqlx::query("DELETE FROM login_failures WHERE account_key = $1").bind(account_key).execute(conn).await?;
    Ok(())
}
