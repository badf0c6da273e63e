//! The job backbone end to end: a housekeeping job queued in PostgreSQL is
//! claimed by a real apalis worker, which purges what has expired and leaves
//! the rest; the workers stop gracefully on shutdown.

use std::sync::Arc;
use std::time::{Duration, Instant};

use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::testing::{create_client, create_tenant, fresh_database, TEST_APP_ROLE};
use shared::repositories::admin_users;
use shared::repositories::sessions::{self, Principal, SessionMeta};

#[tokio::test]
async fn housekeeping_job_purges_expired_sessions_and_reset_tokens() {
    let db = fresh_database().await;
    let pool = db.worker_pool.clone();

    let tenant = create_tenant(&pool, "t.example.com").await;
    let mut tx = db::begin(&pool, Scope::worker()).await.unwrap();
    let admin = admin_users::create(
        &mut tx,
        admin_users::NewAdminUser {
            username: "maria".into(),
            password_hash: "x".into(),
            email: "m@x.com".into(),
            name: "M".into(),
        },
    )
    .await
    .unwrap();
    let meta = SessionMeta { ip: None, user_agent: None };
    let live = sessions::create(&mut tx, Principal::Admin { user_id: admin.id }, &meta, Duration::from_secs(3600))
        .await
        .unwrap();
    let expired = sessions::create(&mut tx, Principal::Admin { user_id: admin.id }, &meta, Duration::from_secs(3600))
        .await
        .unwrap();
    sqlx::query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1")
        .bind(shared::infrastructure::secrets::sha256(&expired))
        .execute(&mut *tx)
        .await
        .unwrap();
    for (email, expiry) in [("velho@t.com", "now() - interval '1 hour'"), ("novo@t.com", "now() + interval '1 hour'")] {
        let client = create_client(&pool, tenant, email).await;
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE tenant_clients SET reset_token = 'hash', reset_token_expiry = {expiry} WHERE id = $1"
        )))
        .bind(client)
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    sqlx::query("INSERT INTO apalis.jobs (job, id, job_type, status, done_at) VALUES ('\\x00', 'old-done', 'x', 'Done', now() - interval '8 days')")
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();

    // Queued once per interval, whoever asks.
    let every = Duration::from_secs(3600);
    assert!(worker::housekeeping::enqueue_for_now(&pool, every).await.unwrap());
    assert!(!worker::housekeeping::enqueue_for_now(&pool, every).await.unwrap());

    let mut config = Config::for_database(db.owner_url.clone(), TEST_APP_ROLE.into());
    config.housekeeping_every = every;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let workers = tokio::spawn(worker::run(pool.clone(), Arc::new(config), async move {
        let _ = stopped.await;
    }));

    let started = Instant::now();
    loop {
        let mut tx = db::begin(&pool, Scope::worker()).await.unwrap();
        let gone = sessions::find_admin_session(&mut tx, &expired, std::time::Duration::from_secs(1800))
            .await
            .unwrap()
            .is_none()
            && !session_row_exists(&mut tx, &expired).await;
        let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM sessions").fetch_one(&mut *tx).await.unwrap();
        // The job is acknowledged just after its handler commits.
        let done: i64 = sqlx::query_scalar("SELECT count(*) FROM apalis.jobs WHERE job_type = $1 AND status = 'Done'")
            .bind(shared::workflows::jobs::HOUSEKEEPING_QUEUE)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
        if gone && rows == 1 && done == 1 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "housekeeping did not run and finish in 60 s");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    let mut tx = db::begin(&pool, Scope::worker()).await.unwrap();
    assert!(
        sessions::find_admin_session(&mut tx, &live, std::time::Duration::from_secs(1800)).await.unwrap().is_some(),
        "live session kept"
    );
    let tokens: Vec<(String, Option<String>)> =
        sqlx::query_as("SELECT email, reset_token FROM tenant_clients ORDER BY email")
            .fetch_all(&mut *tx)
            .await
            .unwrap();
    assert_eq!(tokens, vec![("novo@t.com".into(), Some("hash".into())), ("velho@t.com".into(), None)]);
    let jobs: i64 = sqlx::query_scalar("SELECT count(*) FROM apalis.jobs WHERE job_type = $1")
        .bind(shared::workflows::jobs::HOUSEKEEPING_QUEUE)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert_eq!(jobs, 1, "one job for the interval, however many times it was asked for");
    let old: i64 =
        sqlx::query_scalar("SELECT count(*) FROM apalis.jobs WHERE id = 'old-done'").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(old, 0, "jobs finished over a week ago are dropped");
    drop(tx);

    stop.send(()).unwrap();
    let finished = tokio::time::timeout(Duration::from_secs(30), workers).await;
    assert!(matches!(finished, Ok(Ok(Ok(())))), "workers stop gracefully: {finished:?}");
}

async fn session_row_exists(tx: &mut shared::infrastructure::db::Tx, token: &str) -> bool {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM sessions WHERE token_hash = $1)")
        .bind(shared::infrastructure::secrets::sha256(token))
        .fetch_one(&mut **tx)
        .await
        .unwrap()
}
