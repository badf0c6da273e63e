//! Connections, migrations, the database roles and scoped transactions.
//!
//! The owner (`DATABASE_URL`) only migrates and manages roles. The app logs
//! in as the authenticator role, which owns nothing and reads nothing by
//! itself; every transaction switches to the role of its caller's principal
//! (`Scope`), so every query is subject to forced row-level security and to
//! that principal's column grants.

mod authenticator;
mod catalog_race;
mod migrate;
mod pool;
mod runtime_role;
mod scope;
mod startup;
#[cfg(feature = "testing")]
pub mod test_databases;

pub use crate::infrastructure::database_url::{default_app_role, url_database, url_user};
pub use authenticator::{prepare_authenticator, AuthenticatorError};
pub use migrate::{latest_migration, migrate};
pub use pool::{connect_app, connect_owner, connect_worker, derived_app_url, listen_pool};
pub use runtime_role::{
    check_principal_roles, ensure_principal_roles, ensure_runtime_role, is_owner_or_member, owner_is_superuser,
    set_runtime_role_password, tables_without_forced_rls, verify_runtime_role, RlsBypass, TABLES_WITHOUT_FORCED_RLS,
};
pub use scope::{begin, set_scope, Actor, DbRole, Scope, Tx};
pub use sqlx::{Error as DbError, PgPool};
pub use startup::{prepare_database, Pools, Statements};

/// Quotes an SQL identifier (role names cannot be bound as parameters).
pub fn quote_ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Serializes, until the transaction ends, every transaction of any process
/// that asks for the same `name` on this database: for work done once per
/// database (the first admin, default rows) by instances that may start at
/// the same moment.
pub async fn lock_for_transaction(conn: &mut sqlx::PgConnection, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 4242))").bind(name).execute(conn).await.map(|_| ())
}

/// Sends `payload` on `channel` (NOTIFY): the listeners hear it when the
/// transaction commits, or at once outside one.
pub async fn notify(conn: &mut sqlx::PgConnection, channel: &str, payload: &str) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, $2)").bind(channel).bind(payload).execute(conn).await.map(|_| ())
}

/// One round trip to the database (health checks).
pub async fn ping(pool: &PgPool) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT 1").execute(pool).await.map(|_| ())
}
