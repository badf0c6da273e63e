use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::PgPool;

use super::startup::Statements;
use super::{quote_ident, DbRole};
use crate::infrastructure::secrets::sha256_hex;

pub async fn connect_owner(url: &str, max_connections: u32) -> Result<PgPool, sqlx::Error> {
    PgPoolOptions::new().max_connections(max_connections).acquire_timeout(Duration::from_secs(10)).connect(url).await
}

/// The request pool: connections log in as the authenticator, which can read
/// nothing until a transaction switches to its principal's role
/// (`db::begin`). A `RESET ROLE` returns to the authenticator, not the owner.
pub async fn connect_app(
    url: &str,
    max_connections: u32,
    acquire_timeout: Duration,
    statements: Statements,
) -> Result<PgPool, sqlx::Error> {
    let mut options: PgConnectOptions = url.parse()?;
    if statements == Statements::Uncached {
        options = options.statement_cache_capacity(0);
    }
    PgPoolOptions::new().max_connections(max_connections).acquire_timeout(acquire_timeout).connect_with(options).await
}

/// The listener's pool: one direct connection, opened when it first listens.
pub fn listen_pool(url: &str) -> Result<PgPool, sqlx::Error> {
    PgPoolOptions::new().max_connections(1).acquire_timeout(Duration::from_secs(10)).connect_lazy(url)
}

/// The workers' pool, separate from the requests' so a burst of jobs cannot
/// starve requests (nor the reverse). The queue library queries the pool
/// directly, so its connections hold the worker role for the whole session.
pub async fn connect_worker(url: &str, max_connections: u32) -> Result<PgPool, sqlx::Error> {
    let set_role = format!("SET ROLE {}", quote_ident(DbRole::Worker.name()));
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(30))
        .after_connect(move |conn, _meta| {
            let set_role = sqlx::AssertSqlSafe(set_role.clone());
            Box::pin(async move {
                sqlx::query(set_role).execute(conn).await?;
                Ok(())
            })
        })
        .connect(url)
        .await
}

/// The authenticator's URL and password when only the owner's URL is given
/// (local setups): same server and database, the authenticator's name, and a
/// password derived from the owner's credentials and server (never from the
/// database name, so every database of a cluster agrees on it). Whoever can
/// compute it already holds the owner's password.
pub fn derived_app_url(owner_url: &str, role: &str) -> (String, String) {
    let (scheme, rest) = owner_url.split_once("://").unwrap_or(("postgres", owner_url));
    let (userinfo, location) = match rest.rsplit_once('@') {
        Some((userinfo, location)) => (userinfo, location),
        None => ("", rest),
    };
    let server = location.split(['/', '?']).next().unwrap_or_default();
    let password = sha256_hex(&format!("roboforge-authenticator|{role}|{userinfo}@{server}"))[..40].to_string();
    (format!("{scheme}://{role}:{password}@{location}"), password)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infrastructure::database_url::{default_app_role, url_database, url_user};

    #[test]
    fn derived_url_keeps_server_and_database_and_ignores_the_database_for_the_password() {
        let (url, password) = derived_app_url("postgres://owner:pw@127.0.0.1:5433/roboforge?sslmode=disable", "app");
        assert_eq!(url, format!("postgres://app:{password}@127.0.0.1:5433/roboforge?sslmode=disable"));
        let (_, other_db) = derived_app_url("postgres://owner:pw@127.0.0.1:5433/rf_test_1", "app");
        assert_eq!(password, other_db);
        let (_, other_owner) = derived_app_url("postgres://owner:other@127.0.0.1:5433/roboforge", "app");
        assert_ne!(password, other_owner);
        assert_eq!(url_user(&url).as_deref(), Some("app"));
    }

    #[test]
    fn each_database_gets_its_own_authenticator_name() {
        assert_eq!(default_app_role("postgres://o:p@127.0.0.1:5432/roboforge"), "roboforge_app");
        assert_eq!(default_app_role("postgres://o:p@h/rf_test_ab12?sslmode=disable"), "rf_test_ab12_app");
        assert_eq!(default_app_role("postgres://o:p@h/Minha-Base"), "minha_base_app");
        let long_a = default_app_role(&format!("postgres://h/{}a", "x".repeat(60)));
        let long_b = default_app_role(&format!("postgres://h/{}b", "x".repeat(60)));
        assert!(long_a.len() <= 63 && long_b.len() <= 63, "{long_a}");
        assert_ne!(long_a, long_b, "names cut to fit stay distinct");
        assert_eq!(url_database("postgres://o:p@h:1/db?x=1").as_deref(), Some("db"));
        assert_eq!(url_database("postgres://o:p@h:1"), None);
    }
}
