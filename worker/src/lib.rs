//! Background workers on apalis-postgres. `api serve` runs them in-process
//! (one process is the whole platform); the `worker` binary runs them alone
//! next to `api serve --no-workers` instances.

pub mod email;
pub mod factory;
pub mod hotmart;
pub mod housekeeping;
pub mod license_expiry;
pub mod metrics_endpoint;
pub mod password_reset;
mod periodic;
pub mod reconciliation;
pub mod version_announcement;
pub mod wakeup;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use apalis::prelude::*;
use apalis_postgres::{Config as QueueConfig, PostgresStorage};
use shared::infrastructure::config::Config;
use shared::workflows::jobs::{AnnounceVersion, NEW_VERSION_QUEUE};
use shared::workflows::jobs::{
    ExpireLicenses, Housekeeping, ProcessHotmartEvent, RunFactoryStep, SendEmail, EMAIL_QUEUE, FACTORY_QUEUE,
    HOTMART_QUEUE, HOUSEKEEPING_QUEUE, LICENSE_EXPIRY_QUEUE,
};
use shared::workflows::jobs::{ProcessResetRequest, PASSWORD_RESET_QUEUE};
use sqlx::PgPool;
use tower::retry::backoff::ExponentialBackoffMaker;
use tower::retry::backoff::MakeBackoff;
use tower::util::rng::HasherRng;

/// How often workers look for compile jobs no agent has claimed in time.
const STALL_CHECK_EVERY: Duration = Duration::from_secs(30);
/// How often each instance looks for tenants due their daily Hotmart reconciliation.
const RECONCILIATION_CHECK_EVERY: Duration = Duration::from_secs(3600);
/// How often an idle worker looks for jobs when no notification came: a new
/// job wakes its worker at once (`wakeup`), so this only bounds the delay of a
/// job whose notification was lost while the listener reconnected. One
/// indexed query per queue and tick; without it apalis would look only on its
/// 30-second heartbeat.
const POLL_INTERVAL: Duration = Duration::from_secs(1);
/// Sales wait on this queue: a buyer may be starting the robot right now.
const HOTMART_POLL_INTERVAL: Duration = Duration::from_millis(250);
const FACTORY_POLL_INTERVAL: Duration = Duration::from_millis(500);

/// Retries after the first attempt, so that attempts end at the engine's limit.
fn hotmart_retries() -> usize {
    (shared::workflows::sale_lifecycle::MAX_ATTEMPTS - 1) as usize
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
    shared::infrastructure::metrics::observe(
        &shared::infrastructure::metrics::JOB_DURATION,
        &[("queue", queue)],
        started.elapsed(),
    );
    let outcome = if result.is_ok() { "succeeded" } else { "failed" };
    shared::infrastructure::metrics::inc(
        &shared::infrastructure::metrics::JOBS,
        &[("queue", queue), ("outcome", outcome)],
    );
    result
}

/// Runs every worker until `shutdown` resolves, then lets running jobs finish.
/// Each queue runs under its own supervisor: a worker that ends on its own
/// (the database refused it, a connection died mid-poll) is started again
/// after a back-off, so an outage pauses the jobs instead of ending them.
pub async fn run(
    pool: PgPool,
    config: Arc<Config>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    shared::workflows::email::set_platform_policy(shared::workflows::email::PlatformPolicy::from_config(&config.email));
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let scheduler = tokio::spawn(housekeeping::schedule(pool.clone(), config.housekeeping_every, stopped.clone()));
    let expiry_scheduler =
        tokio::spawn(license_expiry::schedule(pool.clone(), config.license_expiry_every, stopped.clone()));
    let reconciler = tokio::spawn(reconciliation::schedule(
        pool.clone(),
        config.clone(),
        RECONCILIATION_CHECK_EVERY,
        stopped.clone(),
    ));
    let stall_watch = tokio::spawn(housekeeping::watch_stalled_jobs(
        pool.clone(),
        config.compile_wait_notice,
        STALL_CHECK_EVERY.min(config.compile_wait_notice).max(Duration::from_secs(1)),
        stopped.clone(),
    ));
    let storage = shared::infrastructure::storage::Storage::open(&config.storage_url)?;
    let wakeups = wakeup::Wakeups::new(&[
        HOUSEKEEPING_QUEUE,
        LICENSE_EXPIRY_QUEUE,
        HOTMART_QUEUE,
        EMAIL_QUEUE,
        FACTORY_QUEUE,
        PASSWORD_RESET_QUEUE,
        NEW_VERSION_QUEUE,
    ]);
    let listener = tokio::spawn(wakeups.clone().listen(pool.clone(), stopped.clone()));

    let queues = vec![
        tokio::spawn(supervise(HOUSEKEEPING_QUEUE, stopped.clone(), {
            let wakeups = wakeups.clone();
            let (pool, files) = (pool.clone(), storage.clone());
            move |name| {
                let (pool, files) = (pool.clone(), files.clone());
                let wakeups = wakeups.clone();
                Monitor::new().register(move |_| {
                    let storage = PostgresStorage::<Housekeeping>::new(&pool)
                        .with_config(QueueConfig::default().queue(HOUSEKEEPING_QUEUE))
                        .poll_with_strategy(wakeups.strategy(HOUSEKEEPING_QUEUE, POLL_INTERVAL));
                    WorkerBuilder::new(name.clone())
                        .backend(storage)
                        .data(pool.clone())
                        .data(files.clone())
                        .build(housekeeping::handle)
                })
            }
        })),
        tokio::spawn(supervise(LICENSE_EXPIRY_QUEUE, stopped.clone(), {
            let wakeups = wakeups.clone();
            let pool = pool.clone();
            move |name| {
                let pool = pool.clone();
                let wakeups = wakeups.clone();
                Monitor::new().register(move |_| {
                    let storage = PostgresStorage::<ExpireLicenses>::new(&pool)
                        .with_config(QueueConfig::default().queue(LICENSE_EXPIRY_QUEUE))
                        .poll_with_strategy(wakeups.strategy(LICENSE_EXPIRY_QUEUE, POLL_INTERVAL));
                    WorkerBuilder::new(name.clone()).backend(storage).data(pool.clone()).build(license_expiry::handle)
                })
            }
        })),
        tokio::spawn(supervise(HOTMART_QUEUE, stopped.clone(), {
            let wakeups = wakeups.clone();
            let pool = pool.clone();
            move |name| {
                // Sales arrive in bursts (a launch): fetch many at once, often,
                // and work on a few in parallel (events of one purchase
                // serialise on their advisory lock).
                let pool = pool.clone();
                let wakeups = wakeups.clone();
                Monitor::new().register(move |_| {
                    let storage = PostgresStorage::<ProcessHotmartEvent>::new(&pool)
                        .with_config(QueueConfig::default().queue(HOTMART_QUEUE).batch_size(100))
                        .poll_with_strategy(wakeups.strategy(HOTMART_QUEUE, HOTMART_POLL_INTERVAL));
                    WorkerBuilder::new(name.clone())
                        .backend(storage)
                        .data(pool.clone())
                        .concurrency(4)
                        .retry(BackoffRetryPolicy::new(hotmart_retries(), retry_backoff()))
                        .build(hotmart::handle)
                })
            }
        })),
        tokio::spawn(supervise(EMAIL_QUEUE, stopped.clone(), {
            let wakeups = wakeups.clone();
            let (pool, config) = (pool.clone(), config.clone());
            move |name| {
                let (pool, config) = (pool.clone(), config.clone());
                let wakeups = wakeups.clone();
                Monitor::new().register(move |_| {
                    let storage = PostgresStorage::<SendEmail>::new(&pool)
                        .with_config(QueueConfig::default().queue(EMAIL_QUEUE).batch_size(50))
                        .poll_with_strategy(wakeups.strategy(EMAIL_QUEUE, POLL_INTERVAL));
                    WorkerBuilder::new(name.clone())
                        .backend(storage)
                        .data(pool.clone())
                        .data(config.clone())
                        .concurrency(4)
                        .retry(BackoffRetryPolicy::new((email::MAX_ATTEMPTS - 1) as usize, retry_backoff()))
                        .build(email::handle)
                })
            }
        })),
        tokio::spawn(supervise(FACTORY_QUEUE, stopped.clone(), {
            let wakeups = wakeups.clone();
            let (pool, config) = (pool.clone(), config.clone());
            move |name| {
                // Model calls take minutes and compiles happen elsewhere: a few
                // steps at once, polled often enough that a page sees progress.
                let (pool, config) = (pool.clone(), config.clone());
                let wakeups = wakeups.clone();
                Monitor::new().register(move |_| {
                    let storage = PostgresStorage::<RunFactoryStep>::new(&pool)
                        .with_config(QueueConfig::default().queue(FACTORY_QUEUE).batch_size(4))
                        .poll_with_strategy(wakeups.strategy(FACTORY_QUEUE, FACTORY_POLL_INTERVAL));
                    WorkerBuilder::new(name.clone())
                        .backend(storage)
                        .data(pool.clone())
                        .data(config.clone())
                        .concurrency(4)
                        // Only database trouble is an error; steps are idempotent.
                        .retry(BackoffRetryPolicy::new(2, retry_backoff()))
                        .build(factory::handle)
                })
            }
        })),
        tokio::spawn(supervise(PASSWORD_RESET_QUEUE, stopped.clone(), {
            let (pool, config) = (pool.clone(), config.clone());
            let wakeups = wakeups.clone();
            move |name| {
                // A person waits for this mail: woken like e-mail.
                let (pool, config) = (pool.clone(), config.clone());
                let wakeups = wakeups.clone();
                Monitor::new().register(move |_| {
                    let storage = PostgresStorage::<ProcessResetRequest>::new(&pool)
                        .with_config(QueueConfig::default().queue(PASSWORD_RESET_QUEUE).batch_size(50))
                        .poll_with_strategy(wakeups.strategy(PASSWORD_RESET_QUEUE, POLL_INTERVAL));
                    WorkerBuilder::new(name.clone())
                        .backend(storage)
                        .data(pool.clone())
                        .data(config.clone())
                        .concurrency(4)
                        .retry(BackoffRetryPolicy::new(5, retry_backoff()))
                        .build(password_reset::handle)
                })
            }
        })),
        tokio::spawn(supervise(NEW_VERSION_QUEUE, stopped.clone(), {
            let pool = pool.clone();
            let wakeups = wakeups.clone();
            move |name| {
                // Each job writes its messages batch by batch: one at a time
                // per worker is plenty, the e-mail queue does the sending.
                let pool = pool.clone();
                let wakeups = wakeups.clone();
                Monitor::new().register(move |_| {
                    let storage = PostgresStorage::<AnnounceVersion>::new(&pool)
                        .with_config(QueueConfig::default().queue(NEW_VERSION_QUEUE).batch_size(10))
                        .poll_with_strategy(wakeups.strategy(NEW_VERSION_QUEUE, POLL_INTERVAL));
                    WorkerBuilder::new(name.clone())
                        .backend(storage)
                        .data(pool.clone())
                        .retry(BackoffRetryPolicy::new(5, retry_backoff()))
                        .build(version_announcement::handle)
                })
            }
        })),
    ];

    shutdown.await;
    let _ = stop.send(true);
    let mut failure = None;
    for queue in queues {
        if let Err(e) = queue.await {
            failure = Some(anyhow::anyhow!("a worker supervisor panicked: {e}"));
        }
    }
    let _ = scheduler.await;
    let _ = expiry_scheduler.await;
    let _ = stall_watch.await;
    let _ = reconciler.await;
    let _ = listener.await;
    failure.map_or(Ok(()), Err)
}

/// Resolves on Ctrl+C or SIGTERM (systemd's stop): `api serve` and the
/// standalone `worker` both finish running work after it.
pub async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("SIGTERM handler");
        tokio::select! { _ = ctrl_c => {}, _ = term.recv() => {} }
    }
    #[cfg(not(unix))]
    let _ = ctrl_c.await;
}

/// Longest pause between two starts of a failing worker.
const MAX_RESTART_DELAY: std::time::Duration = std::time::Duration::from_secs(30);
/// A worker that ran this long before it ended starts again at once (the
/// back-off is for a database that keeps refusing).
const HEALTHY_RUN: std::time::Duration = std::time::Duration::from_secs(60);

/// Runs the monitor `build` gives for `queue` until `stop`, starting it again
/// whenever it ends on its own: 1 s, 2 s, 4 s, ... up to 30 s apart while it
/// keeps failing. Each start has a new worker name: apalis registers a name
/// under a session lock that the old, possibly dead, connection may hold.
async fn supervise(
    queue: &'static str,
    mut stop: tokio::sync::watch::Receiver<bool>,
    build: impl Fn(String) -> Monitor + Send + 'static,
) {
    // Worker names must be unique across processes: apalis registers them.
    let instance = shared::domain::ids::new_id().simple().to_string();
    let mut delay = std::time::Duration::from_secs(1);
    for start in 0u64.. {
        let started = std::time::Instant::now();
        let mut stop_signal = stop.clone();
        let monitor = build(format!("{queue}-{instance}-{start}")).shutdown_timeout(std::time::Duration::from_secs(20));
        let outcome = monitor
            .run_with_signal(async move {
                let _ = stop_signal.wait_for(|s| *s).await;
                Ok(())
            })
            .await;
        if *stop.borrow() {
            return;
        }
        if started.elapsed() >= HEALTHY_RUN {
            delay = std::time::Duration::from_secs(1);
        }
        shared::infrastructure::metrics::inc(&shared::infrastructure::metrics::WORKER_RESTARTS, &[("queue", queue)]);
        tracing::warn!(queue, ?outcome, retry_in = ?delay, "worker stopped on its own; starting it again");
        tokio::select! {
            _ = tokio::time::sleep(delay) => {}
            _ = stop.wait_for(|s| *s) => return,
        }
        delay = (delay * 2).min(MAX_RESTART_DELAY);
    }
}
