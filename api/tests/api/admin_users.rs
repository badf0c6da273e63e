//! The admin's "Usuários": list, create, deactivate (sessions end at once),
//! reactivate, set a new password; all audited, never the password. The last
//! active admin cannot be deactivated, even by two admins deactivating each
//! other at the same moment.

use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{join_all, json as read_json, Caller, TestApp, PASSWORD};

/// `username` signed in (a fresh browser).
async fn signed_in(app: &TestApp, username: &str, password: &str) -> Caller {
    let caller = app.anonymous();
    let response = app.admin_login(&caller.http, username, password).await;
    assert_eq!(response.status(), StatusCode::OK, "{username} signs in");
    caller
}

async fn me(caller: &Caller) -> StatusCode {
    caller.get("/api/auth/me").await.status()
}

async fn active_admins(app: &TestApp) -> i64 {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    sqlx::query_scalar("SELECT count(*) FROM users WHERE is_active").fetch_one(&mut *tx).await.unwrap()
}

#[tokio::test]
async fn admins_are_listed_created_deactivated_reactivated_and_given_new_passwords_all_audited() {
    let app = TestApp::spawn().await;
    let admin = app.as_admin().await;
    app.admin("bruna", PASSWORD).await;

    // Bad input: each message, nothing created.
    let (status, body) = read_json(admin.post("/api/users", json!({"username": "ab", "password": "123"})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["username"], "Usuário deve ter no mínimo 3 caracteres");
    assert_eq!(body["fields"]["password"], "Senha deve ter no mínimo 6 caracteres");
    assert_eq!(body["fields"]["email"], "E-mail inválido");
    assert_eq!(body["fields"]["name"], "Nome é obrigatório");
    let taken = json!({"username": "bruna", "password": "segredo456", "email": "outra@example.com", "name": "Outra"});
    let (status, body) = read_json(admin.post("/api/users", taken).await).await;
    assert_eq!(
        (status, body["fields"]["username"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Este nome de usuário já está em uso"))
    );

    let new =
        json!({"username": "carla", "password": "segredo456", "email": "Carla@Example.com", "name": "Carla Dias"});
    let (status, created) = read_json(admin.post("/api/users", new).await).await;
    assert_eq!(status, StatusCode::CREATED);
    let carla: Uuid = created["id"].as_str().unwrap().parse().unwrap();

    let (status, page) = read_json(admin.get("/api/users?q=carla").await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page["total"], 1);
    assert_eq!(page["items"][0]["email"], "carla@example.com");
    assert_eq!(page["items"][0]["isActive"], true);
    let (_, everyone) = read_json(admin.get("/api/users").await).await;
    assert_eq!(everyone["total"], 3);

    // Deactivated: the open session ends at once and signing in is refused.
    let carla_session = signed_in(&app, "carla", "segredo456").await;
    assert_eq!(me(&carla_session).await, StatusCode::OK);
    let (status, body) = read_json(admin.post(&format!("/api/users/{carla}/deactivate"), json!({})).await).await;
    assert_eq!((status, body["isActive"].as_bool()), (StatusCode::OK, Some(false)));
    assert_eq!(me(&carla_session).await, StatusCode::UNAUTHORIZED);
    assert_eq!(app.admin_login(&app.browser(), "carla", "segredo456").await.status(), StatusCode::UNAUTHORIZED);

    // Reactivated: she signs in again.
    let (status, body) = read_json(admin.post(&format!("/api/users/{carla}/reactivate"), json!({})).await).await;
    assert_eq!((status, body["isActive"].as_bool()), (StatusCode::OK, Some(true)));
    let carla_session = signed_in(&app, "carla", "segredo456").await;

    // A new password: checked, then the old one and its sessions are gone.
    let path = format!("/api/users/{carla}/password");
    let (status, body) = read_json(admin.put_json(&path, json!({"password": "123"})).await).await;
    assert_eq!(
        (status, body["fields"]["password"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Senha deve ter no mínimo 6 caracteres"))
    );
    assert_eq!(me(&carla_session).await, StatusCode::OK, "a refused reset changes nothing");
    let (status, _) = read_json(admin.put_json(&path, json!({"password": "nova-senha-789"})).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me(&carla_session).await, StatusCode::UNAUTHORIZED);
    assert_eq!(app.admin_login(&app.browser(), "carla", "segredo456").await.status(), StatusCode::UNAUTHORIZED);
    signed_in(&app, "carla", "nova-senha-789").await;

    // Unknown ids.
    let missing = Uuid::now_v7();
    assert_eq!(
        admin.post(&format!("/api/users/{missing}/deactivate"), json!({})).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(admin.post("/api/users/not-an-id/reactivate", json!({})).await.status(), StatusCode::NOT_FOUND);

    // Everything audited, by whom, and never a password or its hash.
    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    let rows: Vec<(String, Value)> = sqlx::query_as(
        "SELECT action, changes FROM audit_log WHERE entity = 'admin_user' AND entity_id = $1 ORDER BY created_at",
    )
    .bind(carla)
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    let actions: Vec<&str> = rows.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(actions, ["create", "update", "update", "update"], "{rows:?}");
    let all = format!("{rows:?}");
    assert!(all.contains("isActive") && all.contains("redefinida"), "{all}");
    assert!(!all.contains("segredo456") && !all.contains("nova-senha-789") && !all.contains("$argon2"), "{all}");

    // Only admins.
    let acme = app.tenant("acme").await;
    for caller in [app.anonymous(), app.owner_of(&acme).await, app.client_of(&acme).await] {
        assert_eq!(caller.get("/api/users").await.status(), StatusCode::UNAUTHORIZED);
        let status = caller.post(&format!("/api/users/{carla}/deactivate"), json!({})).await.status();
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn the_last_active_admin_cannot_be_deactivated_even_by_two_at_once() {
    let app = TestApp::spawn().await;
    let ana = app.admin("ana", PASSWORD).await;
    let bia = app.admin("bia", PASSWORD).await;

    // Each round: both active, each deactivating the other at the same
    // moment. They take turns on one lock: the first wins, the second finds
    // itself deactivated (its session is over), and one admin stays active.
    for round in 0..5 {
        let (ana_session, bia_session) =
            (signed_in(&app, "ana", PASSWORD).await, signed_in(&app, "bia", PASSWORD).await);
        let attempts = [(ana_session, bia), (bia_session, ana)].map(|(caller, target)| async move {
            caller.post(&format!("/api/users/{target}/deactivate"), json!({})).await.status()
        });
        let statuses = join_all(attempts).await;
        assert_eq!(active_admins(&app).await, 1, "round {round}: {statuses:?}");
        assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "round {round}: {statuses:?}");
        assert!(
            statuses.iter().all(|s| [StatusCode::OK, StatusCode::CONFLICT, StatusCode::UNAUTHORIZED].contains(s)),
            "round {round}: {statuses:?}"
        );
        let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
        sqlx::query("UPDATE users SET is_active = true").execute(&mut *tx).await.unwrap();
        tx.commit().await.unwrap();
    }

    // Two at once deactivating themselves: one may go, never both.
    let sessions = [signed_in(&app, "ana", PASSWORD).await, signed_in(&app, "bia", PASSWORD).await];
    let attempts = sessions.into_iter().zip([ana, bia]).map(|(caller, me)| async move {
        caller.post(&format!("/api/users/{me}/deactivate"), json!({})).await.status()
    });
    let mut statuses = join_all(attempts).await;
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT]);
    assert_eq!(active_admins(&app).await, 1);

    // The last active admin, alone: refused in pt-BR, nothing changes.
    let last = if signed_in_ok(&app, "ana").await { (ana, "ana") } else { (bia, "bia") };
    let session = signed_in(&app, last.1, PASSWORD).await;
    let (status, body) = read_json(session.post(&format!("/api/users/{}/deactivate", last.0), json!({})).await).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::CONFLICT, Some(api::routes::admin::users::LAST_ACTIVE))
    );
    assert_eq!(me(&session).await, StatusCode::OK);
    assert_eq!(active_admins(&app).await, 1);
}

async fn signed_in_ok(app: &TestApp, username: &str) -> bool {
    app.admin_login(&app.browser(), username, PASSWORD).await.status() == StatusCode::OK
}
