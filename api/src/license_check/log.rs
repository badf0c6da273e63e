//! The license-check log, written off the request path and never losing a
//! row. A check pushes its record into a bounded channel without waiting;
//! one task per instance drains it every 100 ms, or at 10,000
//! records, into one `COPY` (`shared::workflows::license_check::log` encodes the rows,
//! `shared::repositories::license_checks` sends them).
//!
//! When the channel is full, or a write fails, the rows go to a local spill
//! file instead (`spill`): a check never waits on the database, and nothing
//! is dropped. The writer loads spilled rows once it has caught up, and the
//! spill files of a process that died are loaded when another starts. Every
//! row carries its id from the moment it is encoded, so loading a file twice
//! still makes one row per check. Stopping the server (`close`) writes what
//! is in memory and loads what was spilled.
//!
//! The same checks are folded in memory per license × account and added to
//! `license_installations` when the log goes quiet for a second, every
//! 10 seconds under steady traffic, or at 20,000 installations: a robot
//! that checks over and over costs one upsert per write, not one per check,
//! which keeps PostgreSQL's share of the two cores small during a launch.

mod spill;

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use shared::infrastructure::db::{self, PgPool, Scope};
use shared::repositories::license_checks;
use shared::workflows::license_check::log as rows;
use shared::workflows::license_check::{CheckRecord, InstallationFolds};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio::time::Instant;

pub use spill::Spill;

/// The most records one write takes: bigger batches cost PostgreSQL less
/// per row (docs/benchmarks.md).
const MAX_BATCH: usize = 10_000;
/// How long records gather before a write when fewer than `MAX_BATCH` wait:
/// short, so PostgreSQL's share of the cores comes in small steady slices
/// rather than bursts the checks would queue behind.
const WRITE_EVERY: Duration = Duration::from_millis(100);
/// About this many bytes of spilled rows per load (some 9,000 rows).
const LOAD_BYTES: usize = 1024 * 1024;
/// After a failed write or load, the database is left alone this long
/// (checks keep spilling meanwhile).
const RETRY_AFTER: Duration = Duration::from_secs(1);
/// Spill files of stopped instances sharing the directory are looked for this often.
const ORPHANS_EVERY: Duration = Duration::from_secs(60);
/// On shutdown, spilled rows are loaded for at most this long; the rest
/// waits on disk for the next start.
const SHUTDOWN_LOAD_BUDGET: Duration = Duration::from_secs(20);
/// The longest installations wait in memory while checks keep arriving.
const INSTALLATIONS_EVERY: Duration = Duration::from_secs(10);
const INSTALLATIONS_MAX: usize = 20_000;

/// How a log is set up (`from_env` for the server; tests choose their own).
#[derive(Debug, Clone)]
pub struct LogSettings {
    /// Records waiting in memory for the writer; past it a check spills.
    pub capacity: usize,
    /// Where spilled rows wait (`LICENSE_LOG_SPILL_DIR`, default
    /// `data/license-check-log`). Instances on one host may share it; it must
    /// survive a restart of the process (not a private /tmp).
    pub spill_dir: PathBuf,
    /// A write that takes longer fails, and its rows spill.
    pub write_timeout: Duration,
}

impl LogSettings {
    pub fn from_config(config: &shared::infrastructure::config::Config) -> Self {
        Self {
            capacity: 50_000,
            spill_dir: config.license_log_spill_dir.clone(),
            write_timeout: Duration::from_secs(30),
        }
    }
}

/// Rows by where they went (for /metrics), counted since this instance started.
#[derive(Debug, Default)]
struct Counters {
    /// From memory straight to the table.
    written: AtomicU64,
    /// To the spill file (or memory, when the disk refused).
    spilled: AtomicU64,
    /// From the spill to the table (a row already there is not counted again).
    loaded: AtomicU64,
}

pub struct LicenseCheckLog {
    sender: mpsc::Sender<CheckRecord>,
    receiver: Mutex<Option<mpsc::Receiver<CheckRecord>>>,
    settings: LogSettings,
    spill: Spill,
    counters: Counters,
    stop: watch::Sender<bool>,
    writer: Mutex<Option<JoinHandle<()>>>,
}

impl LicenseCheckLog {
    pub fn new(config: &shared::infrastructure::config::Config) -> Arc<Self> {
        Self::with_settings(LogSettings::from_config(config))
    }

    pub fn with_settings(settings: LogSettings) -> Arc<Self> {
        let (sender, receiver) = mpsc::channel(settings.capacity);
        Arc::new(Self {
            sender,
            receiver: Mutex::new(Some(receiver)),
            spill: Spill::new(settings.spill_dir.clone()),
            settings,
            counters: Counters::default(),
            stop: watch::Sender::new(false),
            writer: Mutex::new(None),
        })
    }

    /// Logs a check; never waits on the database.
    pub fn record(&self, record: CheckRecord) {
        if let Err(full_or_closed) = self.sender.try_send(record) {
            let record = full_or_closed.into_inner();
            self.spill_records(std::slice::from_ref(&record));
        }
    }

    fn spill_records(&self, records: &[CheckRecord]) {
        let mut encoded = Vec::with_capacity(records.len() * 128);
        for record in records {
            rows::encode(&mut encoded, shared::domain::ids::new_id(), record);
        }
        self.spill_rows(&encoded, records.len() as u64);
    }

    fn spill_rows(&self, encoded: &[u8], count: u64) {
        self.spill.append(encoded, count);
        self.counters.spilled.fetch_add(count, Ordering::Relaxed);
    }

    /// Rows written, spilled and loaded since this instance started (for /metrics).
    pub fn counts(&self) -> [(&'static str, u64); 3] {
        let c = &self.counters;
        [
            ("written", c.written.load(Ordering::Relaxed)),
            ("spilled", c.spilled.load(Ordering::Relaxed)),
            ("loaded", c.loaded.load(Ordering::Relaxed)),
        ]
    }

    /// Starts this instance's writer (once, when the server starts); it first
    /// picks up what a stopped process left in the spill directory.
    pub fn start(self: &Arc<Self>, pool: PgPool) {
        let Some(receiver) = self.receiver.lock().expect("log receiver").take() else { return };
        let writer = Writer {
            log: self.clone(),
            pool,
            receiver,
            stop: self.stop.subscribe(),
            installations: InstallationFolds::default(),
            installations_since: Instant::now(),
            last_record: Instant::now(),
            loading: None,
            maybe_ready: true,
            pause_until: None,
        };
        let handle = tokio::spawn(writer.run());
        *self.writer.lock().expect("log writer") = Some(handle);
    }

    /// Stops the writer after it wrote what is in memory and loaded what was
    /// spilled (within `SHUTDOWN_LOAD_BUDGET`; the rest waits for the next
    /// start). Checks logged after this spill.
    pub async fn close(&self) {
        self.stop.send_replace(true);
        let writer = self.writer.lock().expect("log writer").take();
        match writer {
            Some(writer) => {
                if let Err(error) = writer.await {
                    tracing::error!(%error, "license check log: the writer failed");
                }
            }
            // Never started: what waits in the channel goes to disk.
            None => {
                if let Some(mut receiver) = self.receiver.lock().expect("log receiver").take() {
                    receiver.close();
                    let mut records = Vec::new();
                    while receiver.try_recv().map(|record| records.push(record)).is_ok() {}
                    self.spill_records(&records);
                }
            }
        }
        self.spill.seal();
    }
}

struct Writer {
    log: Arc<LicenseCheckLog>,
    pool: PgPool,
    receiver: mpsc::Receiver<CheckRecord>,
    stop: watch::Receiver<bool>,
    installations: InstallationFolds,
    installations_since: Instant,
    last_record: Instant,
    /// The spill segment being loaded.
    loading: Option<spill::Segment>,
    /// Sealed segments may be waiting in the directory.
    maybe_ready: bool,
    /// The database failed a moment ago: nothing is tried before this.
    pause_until: Option<Instant>,
}

impl Writer {
    async fn run(mut self) {
        let mut batch = Vec::with_capacity(MAX_BATCH);
        let mut orphans_checked = Instant::now();
        self.log.spill.adopt_orphans();
        loop {
            let stopping = self.gather(&mut batch).await;
            if !batch.is_empty() {
                self.last_record = Instant::now();
                self.write(&mut batch).await;
            }
            if stopping {
                break;
            }
            // Caught up with live checks: spilled rows go in, a chunk at a time.
            if self.receiver.len() < self.log.settings.capacity / 2 && !self.paused() {
                self.load_some().await;
            }
            self.write_installations(false).await;
            if orphans_checked.elapsed() >= ORPHANS_EVERY {
                orphans_checked = Instant::now();
                self.maybe_ready |= self.log.spill.adopt_orphans();
            }
            self.log.spill.flush();
        }
        self.shut_down(batch).await;
    }

    /// Takes records until `MAX_BATCH`, the next write time, or the stop;
    /// true when the server stops.
    async fn gather(&mut self, batch: &mut Vec<CheckRecord>) -> bool {
        let now = Instant::now();
        let until = match self.pause_until {
            Some(until) if until > now => until,
            // Spilled rows wait to be loaded: no lingering for a fuller batch.
            _ if self.spill_work() => now,
            _ => now + WRITE_EVERY,
        };
        while batch.len() < MAX_BATCH {
            if self.paused() {
                tokio::select! {
                    _ = tokio::time::sleep_until(until) => return false,
                    _ = self.stop.wait_for(|stop| *stop) => return true,
                }
            }
            let room = MAX_BATCH - batch.len();
            tokio::select! {
                biased;
                _ = self.stop.wait_for(|stop| *stop) => return true,
                received = self.receiver.recv_many(batch, room) => {
                    if received == 0 {
                        return true;
                    }
                }
                _ = tokio::time::sleep_until(until) => return false,
            }
        }
        false
    }

    fn paused(&self) -> bool {
        self.pause_until.is_some_and(|until| until > Instant::now())
    }

    fn pause(&mut self) {
        self.pause_until = Some(Instant::now() + RETRY_AFTER);
    }

    fn spill_work(&self) -> bool {
        self.loading.is_some() || self.maybe_ready || self.log.spill.waiting() > 0
    }

    /// Writes a batch straight to the table; on failure its rows spill,
    /// ids and all, and are loaded later.
    async fn write(&mut self, batch: &mut Vec<CheckRecord>) {
        let records = std::mem::take(batch);
        // Encoding 10,000 rows takes a few milliseconds: off the request threads.
        let encoded = tokio::task::spawn_blocking(move || {
            let mut encoded = Vec::with_capacity(records.len() * 128);
            for record in &records {
                rows::encode(&mut encoded, shared::domain::ids::new_id(), record);
            }
            (records, encoded)
        })
        .await;
        let (records, encoded) = encoded.expect("encoding check rows does not panic");
        let count = records.len() as u64;
        match write_rows(&self.pool, &encoded, self.log.settings.write_timeout).await {
            Ok(written) => {
                self.log.counters.written.fetch_add(written, Ordering::Relaxed);
                records.iter().for_each(|record| self.installations.add(record));
            }
            Err(error) => {
                tracing::warn!(%error, rows = count, "license check log: write failed, rows spilled");
                self.log.spill_rows(&encoded, count);
                self.pause();
            }
        }
        *batch = records;
        batch.clear();
    }

    /// Loads one chunk of spilled rows; false when there was nothing to load.
    async fn load_some(&mut self) -> bool {
        if self.loading.is_none() {
            if let Some((unfiled, count)) = self.log.spill.take_unfiled() {
                let records = decode_all(&unfiled);
                match load_rows(&self.pool, &unfiled, self.log.settings.write_timeout).await {
                    Ok(inserted) => self.loaded(&records, inserted),
                    Err(error) => {
                        tracing::warn!(%error, "license check log: loading rows kept in memory failed");
                        self.log.spill.return_unfiled(unfiled, count);
                        self.pause();
                    }
                }
                return true;
            }
            self.loading = self.log.spill.claim();
            if self.loading.is_none() && self.log.spill.seal() {
                self.loading = self.log.spill.claim();
            }
            self.maybe_ready = self.loading.is_some();
        }
        let Some(segment) = self.loading.as_mut() else { return false };
        let chunk = match segment.next_chunk(LOAD_BYTES) {
            Ok(Some(chunk)) => chunk,
            Ok(None) => {
                self.loading.take().expect("a segment is loading").finish();
                return true;
            }
            Err(error) => {
                tracing::warn!(%error, path = %segment.path().display(), "license check log: cannot read spill segment");
                self.loading = None;
                self.pause();
                return false;
            }
        };
        match load_rows(&self.pool, &chunk.rows, self.log.settings.write_timeout).await {
            Ok(inserted) => self.loaded(&chunk.records, inserted),
            Err(error) => {
                tracing::warn!(%error, "license check log: loading spilled rows failed, tried again shortly");
                self.loading.as_mut().expect("a segment is loading").retry(chunk);
                self.pause();
            }
        }
        true
    }

    /// Counts rows that reached the table from the spill and folds them into
    /// installations (rows that were there already were folded before).
    fn loaded(&mut self, records: &[(uuid::Uuid, CheckRecord)], inserted: Vec<uuid::Uuid>) {
        let skipped = records.len() - inserted.len();
        if skipped > 0 {
            tracing::info!(skipped, "license check log: spilled rows already in the table skipped");
        }
        self.log.counters.loaded.fetch_add(inserted.len() as u64, Ordering::Relaxed);
        let inserted: HashSet<uuid::Uuid> = inserted.into_iter().collect();
        for (id, record) in records {
            if inserted.contains(id) {
                self.installations.add(record);
            }
        }
    }

    async fn write_installations(&mut self, now: bool) {
        let quiet = self.last_record.elapsed() >= Duration::from_secs(1);
        let due = now
            || quiet
            || self.installations_since.elapsed() >= INSTALLATIONS_EVERY
            || self.installations.len() >= INSTALLATIONS_MAX;
        if !due || self.installations.is_empty() {
            return;
        }
        match write_installations(&self.pool, &self.installations).await {
            Ok(()) => self.installations.clear(),
            // Kept and tried again with the next write; past the limit it is given up.
            Err(error) if self.installations.len() < INSTALLATIONS_MAX => {
                tracing::warn!(%error, "license installations: write failed, kept for the next try")
            }
            Err(error) => {
                tracing::warn!(%error, rows = self.installations.len(), "license installations: lost");
                self.installations.clear();
            }
        }
        self.installations_since = Instant::now();
    }

    /// The server stops: what is in memory is written (or spilled), then
    /// spilled rows are loaded while the budget lasts.
    async fn shut_down(mut self, mut batch: Vec<CheckRecord>) {
        self.receiver.close();
        self.pause_until = None;
        loop {
            self.receiver.recv_many(&mut batch, MAX_BATCH).await;
            if batch.is_empty() {
                break;
            }
            self.write(&mut batch).await;
        }
        let deadline = Instant::now() + SHUTDOWN_LOAD_BUDGET;
        self.maybe_ready = true;
        while Instant::now() < deadline {
            if self.paused() {
                tokio::time::sleep_until(self.pause_until.expect("paused")).await;
            }
            if !self.load_some().await {
                break;
            }
        }
        let waiting = self.log.spill.waiting();
        if waiting > 0 || self.loading.is_some() {
            tracing::warn!(waiting, dir = %self.log.spill.dir().display(),
                "license check log: spilled rows left for the next start");
        }
        self.write_installations(true).await;
    }
}

fn decode_all(mut encoded: &[u8]) -> Vec<(uuid::Uuid, CheckRecord)> {
    let mut records = Vec::new();
    while let Some((record, used)) = rows::decode(encoded) {
        records.push(record);
        encoded = &encoded[used..];
    }
    records
}

async fn write_rows(pool: &PgPool, encoded: &[u8], timeout: Duration) -> Result<u64, shared::AppError> {
    let mut tx = db::begin(pool, Scope::worker()).await?;
    let n = license_checks::insert(&mut tx, encoded, timeout).await?;
    tx.commit().await?;
    Ok(n)
}

async fn load_rows(pool: &PgPool, encoded: &[u8], timeout: Duration) -> Result<Vec<uuid::Uuid>, shared::AppError> {
    let mut tx = db::begin(pool, Scope::worker()).await?;
    let inserted = license_checks::insert_skipping_logged(&mut tx, encoded, timeout).await?;
    tx.commit().await?;
    Ok(inserted)
}

async fn write_installations(pool: &PgPool, installations: &InstallationFolds) -> Result<(), shared::AppError> {
    let mut tx = db::begin(pool, Scope::worker()).await?;
    installations.write(&mut tx).await?;
    tx.commit().await?;
    Ok(())
}
