//! Cluster-wide objects (roles, memberships, role passwords) are shared by
//! every database and every process on the cluster, and PostgreSQL has no
//! `CREATE ROLE IF NOT EXISTS`. Advisory locks are per database, so they
//! cannot serialize two databases creating the same role. What does work:
//! check, act, and when a concurrent twin got there first (a duplicate, or a
//! catalog tuple updated under us), look again and carry on.

use std::future::Future;
use std::time::Duration;

use super::runtime_role::is_code;

/// The codes a catalog race surfaces as, depending on the moment it is
/// caught: `23505` (unique index of `pg_authid`/`pg_auth_members`), `42710`
/// (duplicate object, when the other creation committed before our check),
/// `XX000` ("tuple concurrently updated"), `40001` and `40P01`.
pub(super) fn is_catalog_race(err: &sqlx::Error) -> bool {
    ["23505", "42710", "XX000", "40001", "40P01"].iter().any(|code| is_code(err, code))
}

/// Runs `attempt` (which must check before it acts) until it succeeds, or
/// fails with anything but a catalog race, or races 20 times in a row.
pub(super) async fn retry_catalog_race<F, Fut, T>(mut attempt: F) -> Result<T, sqlx::Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, sqlx::Error>>,
{
    let mut tries = 0u32;
    loop {
        match attempt().await {
            Err(e) if is_catalog_race(&e) && tries < 20 => {
                tries += 1;
                // Jittered, so twins that collided do not collide again.
                let jitter = u64::from(rand::random::<u8>() % 25);
                tokio::time::sleep(Duration::from_millis(5 * u64::from(tries) + jitter)).await;
            }
            other => return other,
        }
    }
}
