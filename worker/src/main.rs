//! Runs the background workers alone (for deployments that split them from
//! the api: `api serve --no-workers` plus any number of these).

use std::sync::Arc;

use shared::config::Config;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    if let Err(message) = shared::logging::init_from_env("info,sqlx=warn") {
        eprintln!("{message}");
        return std::process::ExitCode::FAILURE;
    }
    shared::logging::exit_code(run().await)
}

async fn run() -> anyhow::Result<()> {
    let config = Arc::new(Config::from_env()?);
    let pools = shared::db::prepare_database(&config).await?;
    tracing::info!("workers running; Ctrl+C or SIGTERM to stop");
    worker::run(pools.workers, config, async {
        worker::shutdown_signal().await;
        tracing::info!("shutting down: finishing running jobs");
    })
    .await
}
