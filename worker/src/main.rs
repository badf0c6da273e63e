//! Runs the background workers alone (for deployments that split them from
//! the api: `api serve --no-workers` plus any number of these).

use std::sync::Arc;

use shared::config::Config;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .init();
    let config = Arc::new(Config::from_env()?);
    let owner = shared::db::connect_owner(&config.database_url, 2).await?;
    shared::db::migrate(&owner).await?;
    shared::db::ensure_runtime_role(&owner, &config.app_role).await?;
    owner.close().await;
    let pool = shared::db::connect_app(&config.database_url, &config.app_role, 10).await?;
    if let Err(reason) = shared::db::verify_runtime_role(&pool).await {
        anyhow::bail!("Recusando iniciar: {reason}");
    }
    tracing::info!("workers running; Ctrl+C to stop");
    worker::run(pool, config, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}
