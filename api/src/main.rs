//! `api [serve] [--no-workers]` serves the whole platform (workers in-process
//! unless told otherwise); `api migrate` only migrates; `api seed-demo` adds a
//! demo tenant for development; `api openapi` prints the API document.

use std::sync::Arc;

use api::{server, startup, AppState};
use shared::infrastructure::config::Config;
use tokio::net::TcpListener;
use tokio::sync::watch;

mod demo_seed;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    if let Err(message) = shared::infrastructure::logging::init_from_env("info,sqlx=warn,apalis=warn,tower_http=info") {
        eprintln!("{message}");
        return std::process::ExitCode::FAILURE;
    }
    shared::infrastructure::logging::exit_code(run().await)
}

async fn run() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = args.first().map(String::as_str).filter(|a| !a.starts_with("--")).unwrap_or("serve");

    if command == "openapi" {
        print!("{}", api::openapi::document_json());
        return Ok(());
    }
    if command == "field-rules" {
        println!("{}", shared::domain::field_rules::export_json());
        return Ok(());
    }
    let config = Arc::new(Config::from_env()?);
    let pools = startup::prepare_database(&config).await?;
    match command {
        "migrate" => {
            tracing::info!("migrations applied; database roles verified");
            Ok(())
        }
        // A demo tenant has a published key and password: the seed itself
        // refuses a database with real tenants.
        "seed-demo" => demo_seed::run(&pools.workers, &config.secrets, args.iter().any(|a| a == "--force")).await,
        "serve" => serve(config, pools, !args.iter().any(|a| a == "--no-workers")).await,
        other => anyhow::bail!("unknown command {other:?}: use serve, migrate, seed-demo, openapi or field-rules"),
    }
}

async fn serve(config: Arc<Config>, pools: startup::Pools, with_workers: bool) -> anyhow::Result<()> {
    startup::seed_defaults(&pools.workers).await?;
    startup::ensure_first_admin(&pools.workers, &config).await?;
    let (stop_tx, stop_rx) = watch::channel(false);
    tokio::spawn(async move {
        worker::shutdown_signal().await;
        tracing::info!("shutting down: finishing in-flight requests and jobs");
        let _ = stop_tx.send(true);
    });

    let workers = with_workers.then(|| {
        let (pool, config, stop) = (pools.workers.clone(), config.clone(), stopped(stop_rx.clone()));
        tokio::spawn(async move { worker::run(pool, config, stop).await })
    });

    let listener = TcpListener::bind((config.bind_address, config.port)).await?;
    tracing::info!(
        "RoboForge on http://localhost:{} (workers {})",
        config.port,
        if with_workers { "in-process" } else { "off" }
    );
    let state = AppState::new(pools.requests, config).with_listen_pool(pools.listen);
    server::serve(listener, state, stopped(stop_rx)).await?;
    if let Some(workers) = workers {
        workers.await??;
    }
    Ok(())
}

async fn stopped(mut rx: watch::Receiver<bool>) {
    let _ = rx.wait_for(|stop| *stop).await;
}
