//! `GET /api/ready`: the balancer sends traffic only to an instance whose
//! database answers at the schema it was built for, whose listener hears
//! revocations and whose object store answers.

use std::sync::Arc;
use std::time::Duration;

use api::{server, AppState};
use reqwest::StatusCode;
use serde_json::Value;
use shared::infrastructure::config::Config;
use shared::infrastructure::db;
use shared::infrastructure::testing::{fresh_database, TestDb, TEST_APP_ROLE};
use tokio::net::TcpListener;

use crate::support::json;

/// Serves `db` with `adjust`ed state; returns the base URL.
async fn serve(db: &TestDb, storage_url: Option<String>, listen_pool: Option<db::PgPool>) -> String {
    let mut config = Config::for_database(db.owner_url.clone(), TEST_APP_ROLE.into());
    config.web_dist = std::env::temp_dir().join("roboforge-no-web-dist");
    if let Some(url) = storage_url {
        config.storage_url = url;
    }
    let mut state = AppState::new(db.app_pool.clone(), Arc::new(config));
    if let Some(pool) = listen_pool {
        state = state.with_listen_pool(pool);
    }
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(server::serve(listener, state, std::future::pending()));
    base
}

async fn ready(base: &str) -> (StatusCode, Value) {
    json(reqwest::get(format!("{base}/api/ready")).await.unwrap()).await
}

/// The answer once the listener had its chance to subscribe (it starts with the server).
async fn settled(base: &str) -> (StatusCode, Value) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let (status, body) = ready(base).await;
        if status == StatusCode::OK || tokio::time::Instant::now() > deadline {
            return (status, body);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn ready_when_database_schema_listener_and_storage_all_answer() {
    let db = fresh_database().await;
    let base = serve(&db, None, None).await;
    let (status, body) = settled(&base).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "ready");
    for part in ["database", "migrations", "listener", "storage"] {
        assert_eq!(body[part], true, "{part}: {body}");
    }
}

#[tokio::test]
async fn not_ready_while_the_listener_cannot_subscribe() {
    let db = fresh_database().await;
    // Nothing listens on port 1: the listener keeps retrying.
    let unreachable = db::listen_pool("postgres://nobody:nothing@127.0.0.1:1/none").unwrap();
    let base = serve(&db, None, Some(unreachable)).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (status, body) = ready(&base).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["status"], "not_ready");
    assert_eq!(body["listener"], false, "{body}");
    assert_eq!(body["database"], true, "{body}");
    // Liveness is another question: the process is up.
    assert_eq!(reqwest::get(format!("{base}/api/health")).await.unwrap().status(), StatusCode::OK);
}

#[tokio::test]
async fn a_rolling_release_keeps_old_instances_ready_but_a_database_behind_the_binary_is_not() {
    let db = fresh_database().await;
    let base = serve(&db, None, None).await;
    assert_eq!(settled(&base).await.0, StatusCode::OK);
    // A newer release migrated the database while this instance still runs:
    // migrations only add, so it stays in rotation until it is replaced.
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
         VALUES (99991231000000, 'from a newer release', true, '\\x00', 1)",
    )
    .execute(&db.owner_pool)
    .await
    .unwrap();
    let (status, body) = ready(&base).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // A database without this binary's newest migration (restored from an
    // older backup, say) is not the schema its queries were written for.
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version >= $1")
        .bind(db::latest_migration())
        .execute(&db.owner_pool)
        .await
        .unwrap();
    let (status, body) = ready(&base).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["migrations"], false, "{body}");
    assert_eq!(body["database"], true, "{body}");
}

#[tokio::test]
async fn not_ready_when_the_object_store_fails() {
    let db = fresh_database().await;
    let place = std::env::temp_dir().join(format!("rf-storage-{}", shared::domain::ids::new_id().simple()));
    std::fs::create_dir(&place).unwrap();
    let base = serve(&db, Some(place.display().to_string()), None).await;
    assert_eq!(settled(&base).await.0, StatusCode::OK, "ready while the directory is there");
    // The volume goes: a regular file where the storage directory was, so every read fails.
    std::fs::remove_dir(&place).unwrap();
    std::fs::write(&place, b"x").unwrap();
    let file = place;
    let (status, body) = ready(&base).await;
    std::fs::remove_file(&file).ok();
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["storage"], false, "{body}");
}
