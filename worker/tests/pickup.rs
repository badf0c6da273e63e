//! Every queue starts a job soon after the transaction that queued it
//! commits, even when its workers have been idle: a paid sale must become a
//! license while the buyer waits (issue 33: jobs used to start only on
//! apalis' 30-second heartbeat).

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::Utc;
use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::testing::{fresh_database, TEST_APP_ROLE};
use shared::repositories::job_queue;
use shared::workflows::jobs::{
    ExpireLicenses, FactoryStep, Housekeeping, ProcessHotmartEvent, RunFactoryStep, SendEmail, EMAIL_QUEUE,
    FACTORY_QUEUE, HOTMART_QUEUE, HOUSEKEEPING_QUEUE, LICENSE_EXPIRY_QUEUE,
};
use uuid::Uuid;

/// From commit to a worker claiming the job.
const PICKUP_WITHIN: Duration = Duration::from_secs(1);

/// Queues `job` on `queue` in its own transaction and returns the job's id
/// and the instant the transaction committed.
async fn enqueue<J: serde::Serialize>(pool: &sqlx::PgPool, queue: &str, job: &J) -> (String, Instant) {
    let key = Uuid::now_v7().to_string();
    let mut tx = db::begin(pool, Scope::worker()).await.unwrap();
    assert!(job_queue::enqueue(&mut tx, queue, job, Some(&key)).await.unwrap());
    let id: String = sqlx::query_scalar("SELECT id FROM apalis.jobs WHERE idempotency_key = $1")
        .bind(&key)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    (id, Instant::now())
}

/// How long after `committed` a worker claimed job `id` (lock_by set).
async fn claimed_after(pool: &sqlx::PgPool, id: &str, committed: Instant) -> Duration {
    loop {
        let claimed: Option<String> =
            sqlx::query_scalar("SELECT lock_by FROM apalis.jobs WHERE id = $1").bind(id).fetch_one(pool).await.unwrap();
        if claimed.is_some() {
            return committed.elapsed();
        }
        assert!(committed.elapsed() < Duration::from_secs(40), "job {id} not claimed in 40 s");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn every_queue_claims_a_new_job_within_a_second_of_its_commit() {
    let db = fresh_database().await;
    let pool = db.worker_pool.clone();
    let mut config = Config::for_database(db.owner_url.clone(), TEST_APP_ROLE.into());
    config.housekeeping_every = Duration::from_secs(3600);
    config.license_expiry_every = Duration::from_secs(3600);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let workers = tokio::spawn(worker::run(pool.clone(), Arc::new(config), async move {
        let _ = stopped.await;
    }));
    // Let the workers register, run the schedulers' first jobs and go idle.
    tokio::time::sleep(Duration::from_secs(3)).await;

    let now = Utc::now();
    let (tenant_id, unknown) = (Uuid::now_v7(), Uuid::now_v7());
    let mut slow = Vec::new();
    // Twice per queue, a few seconds apart: a poll that fires once at start
    // and never again fails the second round.
    for round in 0..2 {
        let jobs = [
            (HOTMART_QUEUE, enqueue(&pool, HOTMART_QUEUE, &ProcessHotmartEvent { tenant_id, inbox_id: unknown }).await),
            (EMAIL_QUEUE, enqueue(&pool, EMAIL_QUEUE, &SendEmail { tenant_id, outbox_id: unknown }).await),
            (
                FACTORY_QUEUE,
                enqueue(
                    &pool,
                    FACTORY_QUEUE,
                    &RunFactoryStep { tenant_id, version_id: unknown, step: FactoryStep::Review, attempt: round },
                )
                .await,
            ),
            (HOUSEKEEPING_QUEUE, enqueue(&pool, HOUSEKEEPING_QUEUE, &Housekeeping { requested_at: now }).await),
            (LICENSE_EXPIRY_QUEUE, enqueue(&pool, LICENSE_EXPIRY_QUEUE, &ExpireLicenses { requested_at: now }).await),
        ];
        for (queue, (id, committed)) in &jobs {
            let after = claimed_after(&pool, id, *committed).await;
            eprintln!("round {round}: {queue} claimed {after:?} after commit");
            if after > PICKUP_WITHIN {
                slow.push(format!("{queue} (round {round}): {after:?}"));
            }
        }
        tokio::time::sleep(Duration::from_secs(4)).await;
    }
    assert!(slow.is_empty(), "jobs claimed later than {PICKUP_WITHIN:?} after their commit: {slow:?}");

    stop.send(()).unwrap();
    let finished = tokio::time::timeout(Duration::from_secs(30), workers).await;
    assert!(matches!(finished, Ok(Ok(Ok(())))), "workers stop gracefully: {finished:?}");
}
