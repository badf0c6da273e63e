//! Opening the database for serving: refuse a superuser owner, migrate as
//! the owner, make sure the authenticator role exists with nothing but its
//! memberships in the principal roles, open the request and worker pools as
//! the authenticator, and refuse to go on if any of their queries could
//! bypass row-level security. Shared by `api` and the `worker` binary.

use anyhow::Context;

use crate::infrastructure::config::Config;
use crate::infrastructure::db::{self, PgPool};

/// The advisory lock key that serializes the startup of processes sharing a
/// database (advisory locks are per database).
const STARTUP_LOCK: i64 = 0x5246_5354_4152_5400;

/// The app's pools: requests and background jobs never wait on each other,
/// and the listener has a direct connection of its own.
#[derive(Clone)]
pub struct Pools {
    pub requests: PgPool,
    pub workers: PgPool,
    /// One connection, opened by the listener when it starts (lazily).
    pub listen: PgPool,
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
    let direct_url = direct_url(config, &app_url)?;
    let statements = if config.transaction_pooler { Statements::Uncached } else { Statements::Cached };
    let requests = db::connect_app(&app_url, capacity.request_pool_size, std::time::Duration::from_secs(5), statements)
        .await
        .context("cannot open the request pool as the app role")?;
    if let Err(reason) = db::verify_runtime_role(&requests).await {
        anyhow::bail!("Refusing to start: queries could bypass row-level security: {reason}");
    }
    let workers = db::connect_worker(&direct_url, capacity.worker_pool_size)
        .await
        .context("cannot open the worker pool as the app role (DATABASE_LISTEN_URL)")?;
    let listen = db::listen_pool(&direct_url).context("invalid DATABASE_LISTEN_URL")?;
    Ok(Pools { requests, workers, listen })
}

/// How the request pool's connections prepare statements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Statements {
    /// Prepared once per connection and reused (a direct connection).
    Cached,
    /// Prepared again in every transaction: a transaction pooler hands each
    /// transaction to any server connection (PgBouncer before 1.21 does not
    /// carry prepared statements across them).
    Uncached,
}

/// The direct URL for the listener and the job queue. Behind a transaction
/// pooler LISTEN silently hears nothing once its transaction ends and a
/// session `SET ROLE` would leak to other clients, so one must be given.
fn direct_url(config: &Config, app_url: &str) -> anyhow::Result<String> {
    match (&config.listen_database_url, config.transaction_pooler) {
        (Some(url), _) => Ok(url.clone()),
        (None, false) => Ok(app_url.to_string()),
        (None, true) => anyhow::bail!(
            "Refusing to start: DATABASE_POOLER=transaction needs DATABASE_LISTEN_URL, a direct connection to \
             PostgreSQL as the app role (LISTEN and the job queue cannot go through a transaction pooler; see \
             docs/scaling.md)"
        ),
    }
}
