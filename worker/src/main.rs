//! Runs the background workers alone (for deployments that split them from
//! the api: `api serve --no-workers` plus any number of these), with
//! `/metrics` on `METRICS_ADDR` when set.

use std::sync::Arc;

use anyhow::Context;
use shared::infrastructure::config::Config;
use tokio::net::TcpListener;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    if let Err(message) = shared::infrastructure::logging::init_from_env("info,sqlx=warn") {
        eprintln!("{message}");
        return std::process::ExitCode::FAILURE;
    }
    shared::infrastructure::logging::exit_code(run().await)
}

async fn run() -> anyhow::Result<()> {
    let config = Arc::new(Config::from_env()?);
    let metrics_address =
        worker::metrics_endpoint::address(std::env::var("METRICS_ADDR").ok().as_deref()).map_err(anyhow::Error::msg)?;
    let pools = shared::infrastructure::db::prepare_database(&config).await?;
    // The endpoint outlives the shutdown signal: it answers until the running jobs are done.
    let (jobs_done, endpoint_stop) = tokio::sync::oneshot::channel::<()>();
    let endpoint = match metrics_address {
        Some(address) => {
            let listener = TcpListener::bind(address).await.with_context(|| format!("METRICS_ADDR {address}"))?;
            tracing::info!("metrics on http://{address}/metrics");
            let stop = async move {
                let _ = endpoint_stop.await;
            };
            Some(tokio::spawn(worker::metrics_endpoint::serve(listener, config.metrics_token.clone(), stop)))
        }
        None => None,
    };
    tracing::info!("workers running; Ctrl+C or SIGTERM to stop");
    let outcome = worker::run(pools.workers, config, async {
        worker::shutdown_signal().await;
        tracing::info!("shutting down: finishing running jobs");
    })
    .await;
    let _ = jobs_done.send(());
    if let Some(endpoint) = endpoint {
        endpoint.await?.context("the metrics endpoint")?;
    }
    outcome
}
