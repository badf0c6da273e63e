//! Owner and client sessions end when unused for their idle timeout
//! (`OWNER_IDLE_MINUTES`, default 8 h; `CLIENT_IDLE_MINUTES`, default 24 h),
//! not only at the 7-day absolute limit; a session in use keeps going, and
//! marking it as seen writes at most once a minute.

use reqwest::StatusCode;
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{Caller, TestApp};

/// Sets when `tenant`'s one `portal` session was last used, as if that long
/// had passed (the anonymous role may touch `last_seen_at`, and only that).
async fn last_used(app: &TestApp, portal: &str, tenant: Uuid, ago: &str) {
    let mut tx = db::begin(&app.db.app_pool, Scope::anonymous()).await.unwrap();
    let updated =
        sqlx::query("UPDATE sessions SET last_seen_at = now() - $1::interval WHERE portal = $2 AND tenant_id = $3")
            .bind(ago)
            .bind(portal)
            .bind(tenant)
            .execute(&mut *tx)
            .await
            .unwrap();
    assert_eq!(updated.rows_affected(), 1, "one {portal} session of the tenant");
    tx.commit().await.unwrap();
}

async fn seconds_since_seen(app: &TestApp, portal: &str) -> Vec<f64> {
    let mut tx = db::begin(&app.db.app_pool, Scope::anonymous()).await.unwrap();
    sqlx::query_scalar(
        "SELECT extract(epoch FROM now() - last_seen_at)::float8 FROM sessions WHERE portal = $1 ORDER BY 1",
    )
    .bind(portal)
    .fetch_all(&mut *tx)
    .await
    .unwrap()
}

#[tokio::test]
async fn an_owner_session_idle_past_eight_hours_is_over_and_one_in_use_keeps_working() {
    let app = TestApp::spawn().await;
    let idle = app.tenant("ociosa").await;
    let busy = app.tenant("ativa").await;
    let idle_owner = app.owner_of(&idle).await;
    let busy_owner = app.owner_of(&busy).await;
    last_used(&app, "tenant", idle.id, "8 hours 1 minute").await;
    last_used(&app, "tenant", busy.id, "7 hours 50 minutes").await;

    assert_eq!(idle_owner.get("/api/tenant-auth/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(idle_owner.get("/api/tenant/clients").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(busy_owner.get("/api/tenant-auth/me").await.status(), StatusCode::OK);
    // Used just now: the clock starts again, so it outlives the idle one's age.
    let seen = seconds_since_seen(&app, "tenant").await;
    assert!(seen[0] < 5.0, "the session in use was marked as seen: {seen:?}");
    assert_eq!(busy_owner.get("/api/tenant/clients").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_client_session_idle_past_a_day_is_over_and_one_in_use_keeps_working() {
    let app = TestApp::spawn().await;
    let idle = app.tenant("ociosa").await;
    let busy = app.tenant("ativa").await;
    let idle_client = app.client_of(&idle).await;
    let busy_client = app.client_of(&busy).await;
    last_used(&app, "client", idle.id, "24 hours 1 minute").await;
    last_used(&app, "client", busy.id, "23 hours 50 minutes").await;

    assert_eq!(idle_client.get("/api/client-auth/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(busy_client.get("/api/client-auth/me").await.status(), StatusCode::OK);
    let seen = seconds_since_seen(&app, "client").await;
    assert!(seen[0] < 5.0, "the session in use was marked as seen: {seen:?}");
}

#[tokio::test]
async fn the_idle_timeouts_are_configuration() {
    let app = TestApp::spawn_with(|c| {
        c.owner_idle_timeout = std::time::Duration::from_secs(1);
        c.client_idle_timeout = std::time::Duration::from_secs(1);
    })
    .await;
    let shop = app.tenant("loja").await;
    let owner = app.owner_of(&shop).await;
    let client = app.client_of(&shop).await;
    assert_eq!(owner.get("/api/tenant-auth/me").await.status(), StatusCode::OK);
    assert_eq!(client.get("/api/client-auth/me").await.status(), StatusCode::OK);
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    assert_eq!(owner.get("/api/tenant-auth/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(client.get("/api/client-auth/me").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_session_in_use_is_marked_as_seen_at_most_once_a_minute() {
    let app = TestApp::spawn().await;
    let shop = app.tenant("loja").await;
    let owner: Caller = app.owner_of(&shop).await;
    last_used(&app, "tenant", shop.id, "30 seconds").await;
    for _ in 0..3 {
        assert_eq!(owner.get("/api/tenant-auth/me").await.status(), StatusCode::OK);
    }
    let seen = seconds_since_seen(&app, "tenant").await;
    assert!(seen[0] >= 30.0, "no write within the minute: {seen:?}");
    last_used(&app, "tenant", shop.id, "61 seconds").await;
    assert_eq!(owner.get("/api/tenant-auth/me").await.status(), StatusCode::OK);
    let seen = seconds_since_seen(&app, "tenant").await;
    assert!(seen[0] < 5.0, "marked once the minute passed: {seen:?}");
}

#[tokio::test]
async fn a_cookie_without_the_tenant_key_does_not_keep_an_owner_session_alive() {
    let app = TestApp::spawn().await;
    let shop = app.tenant("loja").await;
    let owner = app.owner_of(&shop).await;
    last_used(&app, "tenant", shop.id, "2 hours").await;
    let cookie_only = Caller { tenant_secret: Some("chave-errada".into()), ..owner };
    assert_eq!(cookie_only.get("/api/tenant-auth/me").await.status(), StatusCode::UNAUTHORIZED);
    let seen = seconds_since_seen(&app, "tenant").await;
    assert!(seen[0] >= 7000.0, "a caller without the key marks nothing: {seen:?}");
}
