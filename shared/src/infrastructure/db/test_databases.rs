//! The SQL of the test databases (feature `testing`): a template migrated
//! once per migration set, cloned for every test. Each runs on an admin
//! connection to the cluster (`TEST_DATABASE_URL`), outside any scope.

use sqlx::PgConnection;

use super::quote_ident;

/// Holds the cluster-wide lock under which templates are made, waiting for
/// it first: parallel test processes wait for the first one instead of
/// racing to build the same template.
pub async fn lock_templates(admin: &mut PgConnection) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_advisory_lock(774411)").execute(admin).await.map(|_| ())
}

pub async fn unlock_templates(admin: &mut PgConnection) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_advisory_unlock(774411)").execute(admin).await.map(|_| ())
}

pub async fn exists(admin: &mut PgConnection, name: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)").bind(name).fetch_one(admin).await
}

pub async fn drop_if_exists(admin: &mut PgConnection, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {}", quote_ident(name))))
        .execute(admin)
        .await
        .map(|_| ())
}

pub async fn create(admin: &mut PgConnection, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {}", quote_ident(name)))).execute(admin).await.map(|_| ())
}

/// A new database `name`, a copy of `template` (a fraction of a second).
pub async fn create_from_template(admin: &mut PgConnection, name: &str, template: &str) -> Result<(), sqlx::Error> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "CREATE DATABASE {} TEMPLATE {}",
        quote_ident(name),
        quote_ident(template)
    )))
    .execute(admin)
    .await
    .map(|_| ())
}

/// Publishes a finished template under its final name in one step.
pub async fn rename(admin: &mut PgConnection, from: &str, to: &str) -> Result<(), sqlx::Error> {
    sqlx::query(sqlx::AssertSqlSafe(format!("ALTER DATABASE {} RENAME TO {}", quote_ident(from), quote_ident(to))))
        .execute(admin)
        .await
        .map(|_| ())
}
