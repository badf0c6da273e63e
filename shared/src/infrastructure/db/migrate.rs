use sqlx::PgPool;

/// Applies the job queue's schema (apalis, in schema `apalis` with its own
/// bookkeeping table) and then ours. Runs as the database owner. The
/// principal roles come first, made race-safe across databases (each
/// migrator locks only its own database).
pub async fn migrate(owner: &PgPool) -> Result<(), sqlx::migrate::MigrateError> {
    super::ensure_principal_roles(owner).await?;
    let mut queue = apalis_postgres::PostgresStorage::<()>::migrations();
    queue.create_schema("apalis");
    queue.dangerous_set_table_name("apalis._sqlx_migrations");
    queue.run(owner).await?;

    sqlx::migrate!("../migrations").run(owner).await
}

/// The newest migration this binary carries: a database behind it (or
/// ahead, after a newer release migrated) is not the schema it was built for.
pub fn latest_migration() -> i64 {
    sqlx::migrate!("../migrations").iter().map(|m| m.version).max().unwrap_or_default()
}
