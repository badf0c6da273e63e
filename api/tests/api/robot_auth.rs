//! The authentication template (admin) and injecting it into an uploaded EA
//! (admin and the owning tenant only).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{Caller, TestApp};

const EA: &str = include_str!("../../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5");

async fn inject(caller: &Caller, robot: &str, body: &'static str) -> reqwest::Response {
    let mut request = caller
        .http
        .post(format!("{}/api/robots/{robot}/inject-auth", caller.base))
        .header("x-requested-with", "fetch")
        .header("content-type", "application/octet-stream")
        .body(body);
    if let Some(secret) = &caller.tenant_secret {
        request = request.header("x-tenant-secret", secret);
    }
    request.send().await.unwrap()
}

#[tokio::test]
async fn the_admin_reads_and_edits_the_template_with_the_spec_rules_and_an_audit_row() {
    let app = TestApp::spawn().await;
    let admin = app.as_admin().await;
    let template: Value = admin.get("/api/robot-auth-template").await.json().await.unwrap();
    assert_eq!(template["name"], "MQL5 Authentication Template");
    // The shipped default names its version (start-up upgrades untouched earlier defaults to it).
    assert_eq!(template["version"], shared::repositories::auth_template::DEFAULT_VERSION);
    let code = template["templateCode"].as_str().unwrap();
    assert!(code.contains("WebRequest") && code.contains("{{TENANT_AUTH_URL}}") && code.contains("5000"));

    let bad = admin
        .patch_json("/api/robot-auth-template", json!({"name": "ab", "templateCode": "curto", "version": " "}))
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let body: Value = bad.json().await.unwrap();
    assert_eq!(body["fields"]["name"], "Nome deve ter pelo menos 3 caracteres");
    assert_eq!(body["fields"]["templateCode"], "Template deve ter pelo menos 10 caracteres");
    assert_eq!(body["fields"]["version"], "Versão é obrigatória");
    let missing = admin.patch_json("/api/robot-auth-template", json!({"templateCode": "// sem variáveis aqui"})).await;
    let body: Value = missing.json().await.unwrap();
    assert!(body["fields"]["templateCode"].as_str().unwrap().contains("{{"), "{body}");

    let unchanged: Value = admin.get("/api/robot-auth-template").await.json().await.unwrap();
    assert_eq!(unchanged["name"], template["name"], "bad input changed nothing");

    let ok = admin.patch_json("/api/robot-auth-template", json!({"name": "Template v2", "version": "2.0.0"})).await;
    assert_eq!(ok.status(), StatusCode::OK);
    let saved: Value = ok.json().await.unwrap();
    assert_eq!((saved["name"].as_str(), saved["version"].as_str()), (Some("Template v2"), Some("2.0.0")));
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker()).await.unwrap();
    let changes: Value = sqlx::query_scalar(
        "SELECT changes FROM audit_log WHERE entity = 'robot_auth_template' AND actor_kind = 'admin'",
    )
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    assert_eq!(changes["name"], json!({"before": "MQL5 Authentication Template", "after": "Template v2"}));
    assert!(changes.get("isActive").is_none(), "only what changed");
}

#[tokio::test]
async fn only_the_admin_touches_the_template() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    for caller in [app.anonymous(), app.owner_of(&acme).await, app.client_of(&acme).await] {
        assert_eq!(caller.get("/api/robot-auth-template").await.status(), StatusCode::UNAUTHORIZED);
        let patch = caller.patch_json("/api/robot-auth-template", json!({"name": "hacked"})).await;
        assert_eq!(patch.status(), StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn injecting_wires_the_check_with_this_tenants_and_robots_values() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Scalper").await.to_string();
    let owner = app.owner_of(&acme).await;
    let response = inject(&owner, &robot, EA).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    let source = body["source"].as_str().unwrap();
    assert!(source.contains("https://acme.example.com/api/webhooks/validate-license"));
    assert!(source.contains(&robot) && source.contains(&acme.id.to_string()));
    assert!(source.contains("RF_OnInit()"), "wired into OnInit");
    assert!(!source.contains("{{"), "no placeholder left");
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker_for(acme.id))
            .await
            .unwrap();
    let key = shared::repositories::tenant_robots::signing_key(&mut tx, &app.secrets, acme.id, robot.parse().unwrap())
        .await
        .unwrap()
        .unwrap();
    let (sealed_private, public): (String, String) =
        sqlx::query_as("SELECT license_private_key, license_public_key FROM tenant_robots WHERE id = $1::uuid")
            .bind(&robot)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    let seed = app.secrets.open(&sealed_private).unwrap();
    assert!(source.contains(&public), "the robot's own public key is embedded");
    assert!(!source.contains(&key), "no shared secret (protocol v1's HMAC key) in the robot");
    assert!(!source.contains(&seed) && !source.contains(&sealed_private), "never the private key");
    let admin = app.as_admin().await;
    assert_eq!(inject(&admin, &robot, EA).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn another_tenant_a_client_or_bad_files_get_nothing() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    let robot = app.robot(&acme, "Scalper").await.to_string();
    let other_owner = app.owner_of(&other).await;
    let response = inject(&other_owner, &robot, EA).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body: Value = response.json().await.unwrap();
    assert!(body.get("source").is_none());
    assert_eq!(inject(&app.client_of(&acme).await, &robot, EA).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(inject(&app.anonymous(), &robot, EA).await.status(), StatusCode::UNAUTHORIZED);

    let owner = app.owner_of(&acme).await;
    let not_an_ea = inject(&owner, &robot, "// apenas um comentário\nint x = 1;").await;
    assert_eq!(not_an_ea.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let message = not_an_ea.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    assert!(message.contains("Expert Advisor"), "{message}");
    assert_eq!(inject(&owner, &robot, "").await.status(), StatusCode::BAD_REQUEST);
    assert_eq!(inject(&owner, "nao-e-uuid", EA).await.status(), StatusCode::NOT_FOUND);
}
