//! Opening the database for serving: refuse a superuser owner, migrate as
//! the owner, make sure the authenticator role exists with nothing but its
//! memberships in the principal roles, open the request and worker pools as
//! the authenticator, and refuse to go on if any of their queries could
//! bypass row-level security. Shared by `api` and the `worker` binary.

use anyhow::Context;

use crate::config::Config;
use crate::db::{self, PgPool};

/// The advisory lock key that serializes the startup of processes sharing a
/// database (advisory locks are per database).
const STARTUP_LOCK: i64 = 0x5246_5354_4152_5400;

/// The app's two pools: requests and background jobs never wait on each other.
#[derive(Clone)]
pub struct Pools {
    pub requests: PgPool,
    pub workers: PgPool,
}

pub async fn prepare_database(config: &Config) -> anyhow::Result<Pools> {
    let owner =
        db::connect_owner(&config.database_url, 2).await.context("cannot connect to the database (DATABASE_URL)")?;
    let owner_is_superuser: bool =
        db::owner_is_superuser(&owner).await.context("cannot inspect the DATABASE_URL role")?;
    if owner_is_superuser {
        anyhow::bail!(
            "Refusing to start: DATABASE_URL logs in as a superuser. Use a role that owns the database and has \
             CREATEROLE, nothing more (see docs/operations.md)"
        );
    }
    // One process at a time per database from here to the authenticator: two
    // instances started together then do these steps one after the other
    // (the second finds everything done). Roles are cluster-wide, so these
    // steps also tolerate races with other databases on their own.
    let mut startup_lock = owner.acquire().await.context("cannot connect to the database (DATABASE_URL)")?;
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(STARTUP_LOCK)
        .execute(&mut *startup_lock)
        .await
        .context("cannot take the startup lock")?;
    db::migrate(&owner).await.context("failed to apply the migrations")?;
    let app_role = config.app_database_url.as_deref().and_then(db::url_user).unwrap_or_else(|| config.app_role.clone());
    if db::is_owner_or_member(&owner, &app_role).await? {
        anyhow::bail!(
            "Refusing to start: the app role {app_role:?} is the database owner (or a member of it); it could \
             turn row-level security off"
        );
    }
    let app_url =
        db::prepare_authenticator(&owner, &config.database_url, config.app_database_url.as_deref(), &app_role)
            .await
            .with_context(|| format!("failed to prepare the app role {app_role:?} (the owner needs CREATEROLE)"))?;
    sqlx::query("SELECT pg_advisory_unlock($1)").bind(STARTUP_LOCK).execute(&mut *startup_lock).await?;
    drop(startup_lock);
    owner.close().await;

    let capacity = &config.capacity;
    let requests = db::connect_app(&app_url, capacity.request_pool_size, std::time::Duration::from_secs(5))
        .await
        .context("cannot open the request pool as the app role")?;
    if let Err(reason) = db::verify_runtime_role(&requests).await {
        anyhow::bail!("Refusing to start: queries could bypass row-level security: {reason}");
    }
    let workers = db::connect_worker(&app_url, capacity.worker_pool_size)
        .await
        .context("cannot open the worker pool as the app role")?;
    Ok(Pools { requests, workers })
}
