//! Login throttling. Every attempt is *reserved* before the password is
//! checked: one statement, under a per-account advisory lock, counts the
//! recent failures and inserts the attempt only when it is still allowed. So
//! parallel requests cannot slip past the limit, and a hash is only computed
//! for an attempt that was counted. A successful login deletes its
//! reservation (and its pair's earlier failures); a failed one leaves it as
//! the failure record.
//!
//! Limits are per (account, IP) pair, with a looser ceiling per account and
//! one per IP: a third party guessing from elsewhere does not lock the owner
//! out. Kept in the database so every api instance sees the same counts. The
//! per-IP count is not serialised by the lock (it spans accounts): it can
//! overshoot by the number of accounts attacked at the same instant.
//!
//! "IP" is the caller's network (`domain::network::rate_key`): the `ip`
//! column holds it as a masked `inet` (`2001:db8:1:2::/64`,
//! `203.0.113.0/24`, `198.51.100.7/32`), so every address of one /64 (or of
//! one configured IPv4 block) is one caller for the pair and per-IP limits.

use sqlx::types::ipnetwork::IpNetwork;
use sqlx::PgConnection;

use crate::domain::error::{AppError, AppResult};
use crate::domain::network::Network;
use crate::domain::portal::Portal;
use crate::infrastructure::config::LoginLimits;

pub const TOO_MANY_ATTEMPTS: &str = "Muitas tentativas de login. Aguarde um minuto e tente novamente.";

/// A counted attempt.
#[derive(Debug, Clone)]
pub struct Reservation {
    pub id: i64,
    /// Failures (other reservations) on this account inside the window,
    /// from every address: drives the growing delay.
    pub account_failures: i64,
    /// The key it was counted under (the account's, or its trusted device's).
    pub key: String,
    /// Failures from the caller's network inside the window, on any account.
    pub network_failures: i64,
}

/// The caller's network as stored in `login_failures.ip`.
fn stored(network: Option<Network>) -> Option<IpNetwork> {
    network.and_then(|n| IpNetwork::new(n.base, n.prefix).ok())
}

/// The key a trusted device's attempts are counted under: its own, so the
/// failures of strangers (any number of addresses) never reach it, and its
/// own guesses still hit the per-pair limit (a stolen device cookie buys a
/// handful of guesses a minute, no more). OWASP's "device cookies".
pub fn device_key(account_key: &str, device: &str) -> String {
    format!("{account_key}#device:{device}")
}

/// Reserves one attempt, or refuses (429) when the pair, the account or the
/// IP is over its limit. Commit the transaction before checking the password.
pub async fn reserve(
    conn: &mut PgConnection,
    limits: &LoginLimits,
    portal: Portal,
    account_key: &str,
    network: Option<Network>,
    trusted_device: Option<&str>,
) -> AppResult<Reservation> {
    let key = match trusted_device {
        Some(device) => device_key(account_key, device),
        None => account_key.to_string(),
    };
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7311))").bind(&key).execute(&mut *conn).await?;
    // A trusted device answers only to its own pair limit (any address).
    let (per_account, per_ip, pair_ip) = match trusted_device {
        Some(_) => (limits.per_account_and_ip, i64::MAX, None),
        None => (limits.per_account, limits.per_ip, network),
    };
    let (id, account_failures, network_failures): (Option<i64>, i64, i64) = sqlx::query_as(
        "WITH counts AS (
            SELECT count(*) FILTER (WHERE $8 OR ip IS NOT DISTINCT FROM $3) AS pair, count(*) AS account
              FROM login_failures
             WHERE account_key = $2 AND failed_at > now() - make_interval(secs => $4)
         ), by_ip AS (
            SELECT count(*) AS n FROM login_failures
             WHERE $3::inet IS NOT NULL AND ip = $3 AND failed_at > now() - make_interval(secs => $4)
         ), reserved AS (
            INSERT INTO login_failures (portal, account_key, ip)
            SELECT $1, $2, $3 FROM counts, by_ip
             WHERE counts.pair < $5 AND counts.account < $6 AND by_ip.n < $7
            RETURNING id
         )
         SELECT (SELECT id FROM reserved), (SELECT account FROM counts), (SELECT n FROM by_ip)",
    )
    .bind(portal.as_str())
    .bind(&key)
    .bind(stored(network))
    .bind(limits.window.as_secs_f64())
    .bind(limits.per_account_and_ip)
    .bind(per_account)
    .bind(per_ip)
    .bind(pair_ip.is_none() && trusted_device.is_some())
    .fetch_one(&mut *conn)
    .await?;
    match id {
        Some(id) => Ok(Reservation { id, account_failures, key, network_failures }),
        None => Err(AppError::TooManyRequests(TOO_MANY_ATTEMPTS.into())),
    }
}

/// A successful login: its reservation and its own pair's earlier failures
/// are forgiven; other networks' failures on the account still count.
pub async fn forgive(conn: &mut PgConnection, reservation: &Reservation, network: Option<Network>) -> AppResult<()> {
    sqlx::query("DELETE FROM login_failures WHERE id = $1 OR (account_key = $2 AND ip IS NOT DISTINCT FROM $3)")
        .bind(reservation.id)
        .bind(&reservation.key)
        .bind(stored(network))
        .execute(conn)
        .await?;
    Ok(())
}
