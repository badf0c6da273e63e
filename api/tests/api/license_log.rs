//! The license-check log never loses a row: flooded far past its channel
//! while the table is locked, every check still ends in the table exactly
//! once; a stopped server writes everything first; spill files a crashed
//! process left are loaded at the next start, once.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use api::license_check::log::{LicenseCheckLog, LogSettings, Spill};
use chrono::Utc;
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::testing::{fresh_database, TestDb};
use shared::repositories::license_checks;
use shared::workflows::license_check::{log as rows, CheckCode, CheckRecord};
use uuid::Uuid;

const CAPACITY: usize = 64;

struct Setup {
    db: TestDb,
    tenant: Uuid,
    spill_dir: PathBuf,
}

impl Drop for Setup {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.spill_dir);
    }
}

async fn setup() -> Setup {
    let db = fresh_database().await;
    let tenant = shared::infrastructure::testing::create_tenant(&db.app_pool, "acme.example").await;
    let spill_dir = std::env::temp_dir().join(format!("rf-check-log-test-{}", Uuid::now_v7()));
    Setup { db, tenant, spill_dir }
}

impl Setup {
    fn log(&self) -> Arc<LicenseCheckLog> {
        LicenseCheckLog::with_settings(LogSettings {
            capacity: CAPACITY,
            spill_dir: self.spill_dir.clone(),
            write_timeout: Duration::from_millis(300),
        })
    }

    /// The check of `account` (each test's checks have distinct accounts).
    fn record(&self, account: u64) -> CheckRecord {
        CheckRecord {
            tenant_id: self.tenant,
            robot_id: Some(Uuid::from_u128(7)),
            license_id: Some(Uuid::from_u128(1)),
            email: format!("buyer{account}@example.com"),
            account: Some(account),
            ip: Some("203.0.113.7".parse().unwrap()),
            valid: true,
            code: CheckCode::Ok,
            checked_at: Utc::now(),
            server: None,
            trade_mode: None,
            company: None,
            terminal_build: None,
            robot_version: None,
        }
    }

    /// (rows, distinct accounts, lowest, highest) in the log.
    async fn logged(&self) -> (i64, i64, Option<i64>, Option<i64>) {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker()).await.unwrap();
        let counts = sqlx::query_as(
            "SELECT count(*), count(DISTINCT account_number), min(account_number::bigint), max(account_number::bigint)
               FROM license_checks",
        )
        .fetch_one(&mut *tx)
        .await
        .unwrap();
        tx.commit().await.unwrap();
        counts
    }

    async fn installation_checks(&self) -> (i64, Option<i64>) {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker()).await.unwrap();
        let counts = sqlx::query_as("SELECT count(*), sum(checks)::bigint FROM license_installations")
            .fetch_one(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        counts
    }

    async fn wait_for_rows(&self, rows: i64) {
        for _ in 0..300 {
            if self.logged().await.0 >= rows {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the log never reached {rows} rows: {:?}", self.logged().await);
    }

    /// Segment files still waiting in the spill directory.
    fn segments(&self) -> Vec<String> {
        files(&self.spill_dir).into_iter().filter(|name| name.ends_with(".open") || name.ends_with(".rows")).collect()
    }

    /// Holds a lock on the log's table that every insert waits for.
    async fn lock_the_table(&self) -> sqlx::Transaction<'static, sqlx::Postgres> {
        let mut lock = self.db.owner_pool.begin().await.unwrap();
        sqlx::query("LOCK TABLE license_checks IN SHARE MODE").execute(&mut *lock).await.unwrap();
        lock
    }

    /// `accounts` checks recorded from four tasks at once, as request threads would.
    async fn flood(&self, log: &Arc<LicenseCheckLog>, accounts: std::ops::RangeInclusive<u64>) {
        let records: Vec<CheckRecord> = accounts.map(|account| self.record(account)).collect();
        let tasks: Vec<_> = records
            .chunks(records.len().div_ceil(4))
            .map(|chunk| {
                let (log, chunk) = (log.clone(), chunk.to_vec());
                tokio::spawn(async move {
                    for (i, record) in chunk.into_iter().enumerate() {
                        log.record(record);
                        if i % 100 == 0 {
                            tokio::task::yield_now().await;
                        }
                    }
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap();
        }
    }
}

fn files(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut names: Vec<String> = entries.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

fn count(log: &LicenseCheckLog, outcome: &str) -> u64 {
    log.counts().into_iter().find(|(name, _)| *name == outcome).unwrap().1
}

const FLOOD: u64 = 5_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_while_the_table_is_locked_ends_with_every_check_in_the_log_once() {
    let s = setup().await;
    let log = s.log();
    log.start(s.db.app_pool.clone());
    let lock = s.lock_the_table().await;

    s.flood(&log, 1..=FLOOD).await;
    // Writes time out behind the lock (their rows spill too) while the flood overflows the channel.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(s.logged().await.0, 0, "nothing got past the lock");
    assert_eq!(count(&log, "written"), 0);
    assert!(count(&log, "spilled") >= FLOOD - CAPACITY as u64, "the overflow spilled: {:?}", log.counts());
    assert!(!s.segments().is_empty(), "spilled rows wait on disk");

    lock.rollback().await.unwrap();
    s.wait_for_rows(FLOOD as i64).await;
    // Whatever is still on its way would land now.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let expected = (FLOOD as i64, FLOOD as i64, Some(1), Some(FLOOD as i64));
    assert_eq!(s.logged().await, expected, "every check once: rows, distinct accounts, lowest, highest");
    assert_eq!(count(&log, "written") + count(&log, "loaded"), FLOOD, "{:?}", log.counts());

    log.close().await;
    assert_eq!(s.logged().await, expected);
    assert_eq!(s.installation_checks().await, (FLOOD as i64, Some(FLOOD as i64)), "each check folded once");
    assert_eq!(s.segments(), Vec::<String>::new(), "loaded segments are removed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_writes_what_is_in_memory_and_loads_what_spilled_before_returning() {
    let s = setup().await;
    let log = s.log();
    log.start(s.db.app_pool.clone());
    let lock = s.lock_the_table().await;
    s.flood(&log, 1..=2_000).await;
    let unlock = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(500)).await;
        lock.rollback().await.unwrap();
    });
    // Stops while the table is still locked: close waits for it and writes everything.
    log.close().await;
    unlock.await.unwrap();
    assert_eq!(s.logged().await, (2_000, 2_000, Some(1), Some(2_000)), "no polling: close returned after all of it");
    assert_eq!(s.segments(), Vec::<String>::new());

    // A check logged after the stop spills, and the next start loads it.
    log.record(s.record(2_001));
    log.close().await;
    assert_eq!(s.segments().len(), 1, "{:?}", files(&s.spill_dir));
    let next = s.log();
    next.start(s.db.app_pool.clone());
    s.wait_for_rows(2_001).await;
    next.close().await;
    assert_eq!(s.logged().await, (2_001, 2_001, Some(1), Some(2_001)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spill_files_a_crashed_process_left_are_loaded_at_start_exactly_once() {
    let s = setup().await;
    let encode = |accounts: std::ops::RangeInclusive<u64>| {
        let mut encoded = Vec::new();
        for account in accounts {
            rows::encode(&mut encoded, Uuid::now_v7(), &s.record(account));
        }
        encoded
    };

    // A process that died while spilling: its segment is still `.open`, its
    // lock gone with it, and its last row was cut short.
    let crashed = Spill::new(s.spill_dir.clone());
    crashed.append(&encode(1..=300), 300);
    crashed.flush();
    drop(crashed);
    let open = s.spill_dir.join(&s.segments()[0]);
    let torn = encode(301..=301);
    std::fs::OpenOptions::new().append(true).open(&open).unwrap().write_all(&torn[..torn.len() / 2]).unwrap();

    // A process that died while loading a sealed segment: its first rows were
    // committed, the file not yet removed.
    let loading = Spill::new(s.spill_dir.clone());
    let sealed = encode(401..=600);
    loading.append(&sealed, 200);
    assert!(loading.seal());
    drop(loading);
    let first_hundred = {
        let mut at = 0;
        for _ in 0..100 {
            at += rows::decode(&sealed[at..]).unwrap().1;
        }
        &sealed[..at]
    };
    let mut tx = db::begin(&s.db.app_pool, Scope::worker()).await.unwrap();
    assert_eq!(license_checks::insert(&mut tx, first_hundred, Duration::from_secs(10)).await.unwrap(), 100);
    tx.commit().await.unwrap();
    assert_eq!(s.segments().len(), 2, "{:?}", files(&s.spill_dir));

    let log = s.log();
    log.start(s.db.app_pool.clone());
    s.wait_for_rows(500).await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    log.close().await;
    let (rows_logged, accounts, _, _) = s.logged().await;
    assert_eq!((rows_logged, accounts), (500, 500), "300 + 200 checks, each once");
    assert_eq!(count(&log, "loaded"), 400, "the 100 already in the table are not counted again");
    assert_eq!(s.installation_checks().await, (400, Some(400)), "only rows this start added are folded");
    assert_eq!(s.segments(), Vec::<String>::new(), "{:?}", files(&s.spill_dir));
    assert!(
        files(&s.spill_dir).iter().any(|name| name.ends_with(".unreadable")),
        "the torn row is set aside for a person, not guessed at: {:?}",
        files(&s.spill_dir)
    );

    // Starting again finds nothing more to load.
    let again = s.log();
    again.start(s.db.app_pool.clone());
    tokio::time::sleep(Duration::from_millis(500)).await;
    again.close().await;
    assert_eq!(s.logged().await.0, 500);
    assert_eq!(count(&again, "loaded"), 0);
}
