//! Background workers on apalis-postgres. `api serve` runs them in-process
//! (one process is the whole platform); the `worker` binary runs them alone
//! next to `api serve --no-workers` instances.

pub mod email;
pub mod factory;
pub mod hotmart;
pub mod housekeeping;

use std::future::Future;
use std::sync::Arc;

use apalis::prelude::*;
use apalis_postgres::{Config as QueueConfig, PostgresStorage};
use shared::config::Config;
use shared::jobs::{
    Housekeeping, ProcessHotmartEvent, RunFactoryStep, SendEmail, EMAIL_QUEUE, FACTORY_QUEUE, HOTMART_QUEUE,
    HOUSEKEEPING_QUEUE,
};
use sqlx::PgPool;
use tower::retry::backoff::ExponentialBackoffMaker;
use tower::retry::backoff::MakeBackoff;
use tower::util::rng::HasherRng;

/// How often an idle worker looks for new jobs. One indexed query per queue
/// and interval; apalis would otherwise wait a whole heartbeat (30 s).
const POLL_INTERVAL: std::time::Duration = std::time::Duration::from_secs(2);
const HOTMART_POLL_INTERVAL: std::time::Duration = std::time::Duration::from_millis(250);
const FACTORY_POLL_INTERVAL: std::time::Duration = std::time::Duration::from_millis(500);

/// Retries after the first attempt, so that attempts end at the engine's limit.
fn hotmart_retries() -> usize {
    (shared::sales_engine::MAX_ATTEMPTS - 1) as usize
}

/// 0.5 s, 1 s, 2 s, ... up to a minute, with jitter.
fn retry_backoff() -> tower::retry::backoff::ExponentialBackoff {
    ExponentialBackoffMaker::new(
        std::time::Duration::from_millis(500),
        std::time::Duration::from_secs(60),
        0.5,
        HasherRng::default(),
    )
    .expect("valid backoff bounds")
    .make_backoff()
}

/// Runs one job, counting its outcome and timing it per queue (/metrics).
pub async fn timed<T, E>(queue: &str, job: impl std::future::Future<Output = Result<T, E>>) -> Result<T, E> {
    let started = std::time::Instant::now();
    let result = job.await;
    let registry = shared::metrics::global();
    registry.observe(&shared::metrics::JOB_DURATION, &[("queue", queue)], started.elapsed());
    let outcome = if result.is_ok() { "succeeded" } else { "failed" };
    registry.inc(&shared::metrics::JOBS, &[("queue", queue), ("outcome", outcome)]);
    result
}

fn poll_every(period: std::time::Duration) -> Strategy {
    Strategy::new().interval(period)
}

/// Runs every worker until `shutdown` resolves, then lets running jobs finish.
pub async fn run(
    pool: PgPool,
    config: Arc<Config>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    // Worker names must be unique across processes: apalis registers them.
    let instance = shared::ids::new_id().simple().to_string();
    let (stop_scheduler, scheduler_stopped) = tokio::sync::watch::channel(false);
    let scheduler = tokio::spawn(housekeeping::schedule(pool.clone(), config.housekeeping_every, scheduler_stopped));

    let storage_pool = pool.clone();
    let hotmart_pool = pool.clone();
    let hotmart_instance = instance.clone();
    let (email_pool, email_instance, email_config) = (pool.clone(), instance.clone(), config.clone());
    let (factory_pool, factory_instance, factory_config) = (pool.clone(), instance.clone(), config.clone());
    let monitor = Monitor::new()
        .register(move |_restarts| {
            let storage = PostgresStorage::<Housekeeping>::new(&storage_pool)
                .with_config(QueueConfig::default().queue(HOUSEKEEPING_QUEUE))
                .poll_with_strategy(poll_every(POLL_INTERVAL));
            WorkerBuilder::new(format!("housekeeping-{instance}"))
                .backend(storage)
                .data(storage_pool.clone())
                .build(housekeeping::handle)
        })
        .register(move |_restarts| {
            // Sales arrive in bursts (a launch): fetch many at once, often, and
            // work on a few in parallel (events of one purchase serialise on
            // their advisory lock).
            let storage = PostgresStorage::<ProcessHotmartEvent>::new(&hotmart_pool)
                .with_config(QueueConfig::default().queue(HOTMART_QUEUE).batch_size(100))
                .poll_with_strategy(poll_every(HOTMART_POLL_INTERVAL));
            WorkerBuilder::new(format!("hotmart-{hotmart_instance}"))
                .backend(storage)
                .data(hotmart_pool.clone())
                .concurrency(4)
                .retry(BackoffRetryPolicy::new(hotmart_retries(), retry_backoff()))
                .build(hotmart::handle)
        })
        .register(move |_restarts| {
            let storage = PostgresStorage::<SendEmail>::new(&email_pool)
                .with_config(QueueConfig::default().queue(EMAIL_QUEUE).batch_size(50))
                .poll_with_strategy(poll_every(POLL_INTERVAL));
            WorkerBuilder::new(format!("email-{email_instance}"))
                .backend(storage)
                .data(email_pool.clone())
                .data(email_config.clone())
                .concurrency(4)
                .retry(BackoffRetryPolicy::new((email::MAX_ATTEMPTS - 1) as usize, retry_backoff()))
                .build(email::handle)
        })
        .register(move |_restarts| {
            // Model calls take minutes and compiles happen elsewhere: a few
            // steps at once, polled often enough that a page sees progress.
            let storage = PostgresStorage::<RunFactoryStep>::new(&factory_pool)
                .with_config(QueueConfig::default().queue(FACTORY_QUEUE).batch_size(4))
                .poll_with_strategy(poll_every(FACTORY_POLL_INTERVAL));
            WorkerBuilder::new(format!("factory-{factory_instance}"))
                .backend(storage)
                .data(factory_pool.clone())
                .data(factory_config.clone())
                .concurrency(4)
                // Only database trouble is an error; steps are idempotent.
                .retry(BackoffRetryPolicy::new(2, retry_backoff()))
                .build(factory::handle)
        })
        .shutdown_timeout(std::time::Duration::from_secs(20));

    let result = monitor
        .run_with_signal(async move {
            shutdown.await;
            let _ = stop_scheduler.send(true);
            Ok(())
        })
        .await;
    let _ = scheduler.await;
    result.map_err(|e| anyhow::anyhow!("workers stopped with an error: {e}"))
}
