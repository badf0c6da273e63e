use reqwest::StatusCode;
use serde_json::Value;

use crate::support::TestApp;

#[tokio::test]
async fn the_admin_lists_tenants_paginated_searched_and_filtered() {
    let app = TestApp::spawn().await;
    for slug in ["alfa", "beta", "gama"] {
        app.tenant(slug).await;
    }
    let admin = app.as_admin().await;

    let page: Value = admin.get("/api/tenants?pageSize=2").await.json().await.unwrap();
    assert_eq!((page["total"].as_i64(), page["page"].as_i64(), page["pageSize"].as_i64()), (Some(3), Some(1), Some(2)));
    let names: Vec<&str> = page["items"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Loja gama", "Loja beta"], "newest first");
    let second: Value = admin.get("/api/tenants?pageSize=2&page=2").await.json().await.unwrap();
    assert_eq!(second["items"][0]["name"], "Loja alfa");

    let search: Value = admin.get("/api/tenants?q=BETA.example").await.json().await.unwrap();
    assert_eq!(search["total"], 1);
    assert_eq!(search["items"][0]["url"], "beta.example.com");
    let item = &search["items"][0];
    assert_eq!(item["secretPrefix"].as_str().unwrap().len(), 12, "only a prefix of the key");
    assert!(item.get("secretHash").is_none());

    // A `%` in the search is a character, not a wildcard.
    let literal: Value = admin.get("/api/tenants?q=%25").await.json().await.unwrap();
    assert_eq!(literal["total"], 0);
    let suspended: Value = admin.get("/api/tenants?status=suspended").await.json().await.unwrap();
    assert_eq!(suspended["total"], 0);

    let bad = admin.get("/api/tenants?status=deleted").await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let bad = admin.get("/api/tenants?page=-1").await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn only_the_platform_admin_lists_tenants() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    for caller in [app.anonymous(), app.owner_of(&acme).await, app.client_of(&acme).await] {
        let response = caller.get("/api/tenants").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        let body: Value = response.json().await.unwrap();
        assert!(body.get("items").is_none(), "nothing learned: {body}");
    }
}

#[tokio::test]
async fn the_admin_creates_edits_and_deletes_a_tenant_with_audit_rows() {
    let app = TestApp::spawn().await;
    let admin = app.as_admin().await;
    let key = "a".repeat(64);
    let created = admin
        .post(
            "/api/tenants",
            serde_json::json!({"name": "Robôs do João", "url": "https://robosdojoao.com.br", "secretHash": key,
                               "hotmartWebhookSecret": "hottok-123456", "status": "active"}),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let tenant: Value = created.json().await.unwrap();
    assert_eq!(tenant["secretPrefix"], "aaaaaaaaaaaa");
    assert_eq!(tenant["hotmartConfigured"], true);
    assert!(tenant.get("secretHash").is_none() && tenant.get("hotmartWebhookSecret").is_none());
    let id = tenant["id"].as_str().unwrap().to_string();

    // Only the hash is stored: the key logs an owner in only as itself.
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker()).await.unwrap();
    let stored: String = sqlx::query_scalar("SELECT secret_hash FROM tenants WHERE id = $1::uuid")
        .bind(&id)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert_eq!(stored, shared::infrastructure::secrets::sha256_hex(&key));
    drop(tx);

    let same_url = admin
        .post("/api/tenants", serde_json::json!({"name": "Outro", "url": "robosdojoao.com.br", "secretHash": "b".repeat(64), "status": "active"}))
        .await;
    assert_eq!(same_url.status(), StatusCode::BAD_REQUEST);
    assert_eq!(same_url.json::<Value>().await.unwrap()["fields"]["url"], "Já existe um tenant com esta URL");

    let edited = admin
        .patch_json(
            &format!("/api/tenants/{id}"),
            serde_json::json!({"name": "Robôs do João Ltda", "status": "suspended", "secretHash": ""}),
        )
        .await;
    assert_eq!(edited.status(), StatusCode::OK);
    let edited: Value = edited.json().await.unwrap();
    assert_eq!((edited["name"].as_str(), edited["status"].as_str()), (Some("Robôs do João Ltda"), Some("suspended")));
    assert_eq!(edited["secretPrefix"], "aaaaaaaaaaaa", "a blank key keeps the current one");

    assert_eq!(admin.delete(&format!("/api/tenants/{id}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(admin.delete(&format!("/api/tenants/{id}")).await.status(), StatusCode::NOT_FOUND);
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker()).await.unwrap();
    let actions: Vec<String> =
        sqlx::query_scalar("SELECT action FROM audit_log WHERE entity = 'tenant' ORDER BY created_at")
            .fetch_all(&mut *tx)
            .await
            .unwrap();
    assert_eq!(actions, ["delete"], "the tenant's own history went with it; the deletion stays on record");
    let changes: Value =
        sqlx::query_scalar("SELECT changes FROM audit_log WHERE action = 'delete'").fetch_one(&mut *tx).await.unwrap();
    assert!(!changes.to_string().contains(&key), "never the key");
}

#[tokio::test]
async fn bad_tenant_input_gets_the_spec_messages_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let admin = app.as_admin().await;
    let response =
        admin.post("/api/tenants", serde_json::json!({"secretHash": "curta", "url": "sem espaço.com"})).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["fields"]["name"], "Nome é obrigatório");
    assert_eq!(body["fields"]["status"], "Status é obrigatório");
    assert_eq!(body["fields"]["secretHash"], "Secret hash deve ter pelo menos 16 caracteres");
    assert_eq!(body["fields"]["url"], "URL inválida");
    let list: Value = admin.get("/api/tenants").await.json().await.unwrap();
    assert_eq!(list["total"], 0);
    let missing =
        admin.patch_json(&format!("/api/tenants/{}", uuid::Uuid::now_v7()), serde_json::json!({"name": "X"})).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn deleting_a_tenant_removes_everything_it_owns_in_one_go() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    app.tenant("other").await;
    let robot = app.robot(&acme, "Robô").await;
    // A license check logged against the tenant (the log has no foreign key to cascade through).
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker()).await.unwrap();
    let check = shared::workflows::license_check::CheckRecord {
        tenant_id: acme.id,
        robot_id: Some(robot),
        license_id: None,
        email: "quem@exemplo.com".into(),
        account: Some(123),
        ip: None,
        valid: false,
        code: shared::workflows::license_check::CheckCode::NotFound,
        checked_at: chrono::Utc::now(),
        server: None,
        trade_mode: None,
        company: None,
        terminal_build: None,
        robot_version: None,
    };
    let mut row = Vec::new();
    shared::workflows::license_check::log::encode(&mut row, uuid::Uuid::now_v7(), &check);
    shared::repositories::license_checks::insert(&mut tx, &row, std::time::Duration::from_secs(10)).await.unwrap();
    tx.commit().await.unwrap();
    let admin = app.as_admin().await;
    assert_eq!(admin.delete(&format!("/api/tenants/{}", acme.id)).await.status(), StatusCode::NO_CONTENT);
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker()).await.unwrap();
    let left: Vec<i64> = sqlx::query_scalar(
        "SELECT count(*) FROM tenant_owners UNION ALL SELECT count(*) FROM tenant_clients
         UNION ALL SELECT count(*) FROM tenant_sales UNION ALL SELECT count(*) FROM tenant_robots
         UNION ALL SELECT count(*) FROM license_checks",
    )
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    assert_eq!(left, [1, 1, 1, 0, 0], "only the other tenant's owner, client and sale remain; the log is gone");
}
