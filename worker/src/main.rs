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
    let pools = shared::db::prepare_database(&config).await?;
    tracing::info!("workers running; Ctrl+C or SIGTERM to stop");
    worker::run(pools.workers, config, async {
        worker::shutdown_signal().await;
        tracing::info!("shutting down: finishing running jobs");
    })
    .await
}
