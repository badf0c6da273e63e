//! The license-check log, written off the request path: checks push records
//! into a bounded channel (never waiting), one task per instance drains it
//! every second or every 2,000 rows into a single multi-row INSERT. When the
//! channel is full the record is dropped and counted, never the answer
//! delayed.
//!
//! The same checks are folded in memory per license × account and added to
//! `license_installations` when the log goes quiet for a second, every
//! 10 seconds under steady traffic, or at 20,000 installations: a robot
//! that checks over and over costs one upsert per write, not one per check,
//! which keeps PostgreSQL's share of the two cores small during a launch.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use shared::db::{self, PgPool, Scope};
use shared::license_check::{self, CheckRecord, InstallationFolds};
use tokio::sync::mpsc;

const CAPACITY: usize = 20_000;
const BATCH: usize = 2000;
/// The longest installations wait in memory while checks keep arriving.
const INSTALLATIONS_EVERY: Duration = Duration::from_secs(10);
const INSTALLATIONS_MAX: usize = 20_000;

pub struct LicenseCheckLog {
    sender: mpsc::Sender<CheckRecord>,
    receiver: Mutex<Option<mpsc::Receiver<CheckRecord>>>,
    dropped: AtomicU64,
    written: AtomicU64,
}

impl LicenseCheckLog {
    pub fn new() -> Arc<Self> {
        let (sender, receiver) = mpsc::channel(CAPACITY);
        Arc::new(Self {
            sender,
            receiver: Mutex::new(Some(receiver)),
            dropped: AtomicU64::new(0),
            written: AtomicU64::new(0),
        })
    }

    pub fn record(&self, record: CheckRecord) {
        if self.sender.try_send(record).is_err() {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Records lost to a full channel or a failed write (for /metrics).
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }

    pub fn written(&self) -> u64 {
        self.written.load(Ordering::Relaxed)
    }

    /// Starts this instance's writer (once, when the server starts).
    pub fn start(self: &Arc<Self>, pool: PgPool) {
        let Some(mut receiver) = self.receiver.lock().expect("log receiver").take() else { return };
        let log = self.clone();
        tokio::spawn(async move {
            let mut batch = Vec::with_capacity(BATCH);
            let mut installations = InstallationFolds::default();
            let mut installations_since = Instant::now();
            loop {
                let received =
                    tokio::time::timeout(Duration::from_secs(1), receiver.recv_many(&mut batch, BATCH)).await;
                let stopped = matches!(received, Ok(0)); // every sender is gone: the server stopped
                let quiet = received.is_err() || stopped;
                if !batch.is_empty() {
                    batch.iter().for_each(|record| installations.add(record));
                    match write_checks(&pool, &batch).await {
                        Ok(n) => {
                            log.written.fetch_add(n, Ordering::Relaxed);
                        }
                        Err(error) => {
                            log.dropped.fetch_add(batch.len() as u64, Ordering::Relaxed);
                            tracing::warn!(%error, rows = batch.len(), "license check log: batch lost");
                        }
                    }
                    batch.clear();
                }
                let due = quiet
                    || installations_since.elapsed() >= INSTALLATIONS_EVERY
                    || installations.len() >= INSTALLATIONS_MAX;
                if due && !installations.is_empty() {
                    match write_installations(&pool, &installations).await {
                        Ok(()) => installations.clear(),
                        // Kept and tried again with the next write; past the limit it is given up.
                        Err(error) if installations.len() < INSTALLATIONS_MAX => {
                            tracing::warn!(%error, "license installations: write failed, kept for the next try")
                        }
                        Err(error) => {
                            tracing::warn!(%error, rows = installations.len(), "license installations: lost");
                            installations.clear();
                        }
                    }
                    installations_since = Instant::now();
                }
                if stopped {
                    return;
                }
            }
        });
    }
}

async fn write_checks(pool: &PgPool, batch: &[CheckRecord]) -> Result<u64, shared::AppError> {
    let mut tx = db::begin(pool, Scope::worker()).await?;
    let n = license_check::record_batch(&mut tx, batch).await?;
    tx.commit().await?;
    Ok(n)
}

async fn write_installations(pool: &PgPool, installations: &InstallationFolds) -> Result<(), shared::AppError> {
    let mut tx = db::begin(pool, Scope::worker()).await?;
    installations.write(&mut tx).await?;
    tx.commit().await?;
    Ok(())
}
