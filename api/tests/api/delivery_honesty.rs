//! The owner is told what really happened to an e-mail (issue 35): on a
//! reseller's first day there is no Resend key, the tenant's nor the
//! platform's, and a manual sale, an invitation or a welcome sent by hand
//! must say "não enviado: remetente não configurado" instead of "enviamos".

use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{json as read_json, Caller, TenantFixture, TestApp};

const NOT_SENT: &str = "não enviado: remetente não configurado";

fn brasilia_today() -> String {
    let brasilia = chrono::FixedOffset::west_opt(3 * 3600).unwrap();
    chrono::Utc::now().with_timezone(&brasilia).format("%Y-%m-%d").to_string()
}

async fn manual_sale(owner: &Caller, robot: Uuid, buyer: &str) -> Value {
    let response = owner
        .http
        .post(format!("{}/api/tenant/manual-sales", owner.base))
        .header("x-tenant-secret", owner.tenant_secret.as_deref().unwrap())
        .header("idempotency-key", Uuid::now_v7().to_string())
        .json(&json!({"buyerName": "Maria", "buyerEmail": buyer, "robotId": robot, "amount": "497,00",
                      "paymentMethod": "pix", "saleDate": brasilia_today()}))
        .send()
        .await
        .unwrap();
    let (status, recorded) = read_json(response).await;
    assert_eq!(status, StatusCode::CREATED, "{recorded}");
    recorded
}

async fn delivery(owner: &Caller) -> String {
    let (status, settings) = read_json(owner.get("/api/tenant/email-settings").await).await;
    assert_eq!(status, StatusCode::OK, "{settings}");
    settings["delivery"].as_str().unwrap().to_string()
}

async fn give_own_key(app: &TestApp, tenant: &TenantFixture) {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    shared::repositories::tenants::set_resend_api_key(&mut tx, &app.secrets, tenant.id, Some("re_own_key"))
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn with_no_sender_anywhere_every_send_says_it_was_not_sent_and_why() {
    let app = TestApp::spawn_with(|config| config.email.resend_api_key = None).await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Robô Alfa").await;
    assert_eq!(delivery(&owner).await, "none", "the E-mails page can say nothing is delivered");

    let recorded = manual_sale(&owner, robot, "maria@example.com").await;
    let refusal = recorded["emailRefusal"].as_str().unwrap_or_default();
    assert!(refusal.contains(NOT_SENT), "the sale stands, the e-mail is said not sent: {recorded}");

    let (status, invited) = read_json(
        owner
            .post("/api/tenant/team", json!({"name": "Sérgio", "email": "sergio@example.com", "role": "support"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{invited}");
    assert!(invited["emailNotSent"].as_str().unwrap_or_default().contains(NOT_SENT), "{invited}");
    let path = format!("/api/tenant/team/{}/resend-invitation", invited["id"].as_str().unwrap());
    let (status, again) = read_json(owner.post(&path, json!({})).await).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert!(again["emailNotSent"].as_str().unwrap_or_default().contains(NOT_SENT), "{again}");

    let client = recorded["clientId"].as_str().unwrap();
    let (status, sent) =
        read_json(owner.post(&format!("/api/tenant/clients/{client}/send-email"), json!({"robotId": robot})).await)
            .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{sent}");
    assert!(sent["message"].as_str().unwrap_or_default().contains(NOT_SENT), "{sent}");

    // A listed member carries no delivery note: it belongs to one answer.
    let (_, team) = read_json(owner.get("/api/tenant/team").await).await;
    assert!(team.as_array().unwrap().iter().all(|m| m.get("emailNotSent").is_none()), "{team}");
}

#[tokio::test]
async fn with_the_platform_s_key_or_the_tenant_s_own_the_mail_is_queued_and_said_so() {
    let app = TestApp::spawn_with(|config| config.email.resend_api_key = Some("re_platform_key".into())).await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Robô Alfa").await;
    assert_eq!(delivery(&owner).await, "platform");
    let recorded = manual_sale(&owner, robot, "joao@example.com").await;
    assert_eq!(recorded["emailRefusal"], Value::Null, "{recorded}");
    let (_, invited) = read_json(
        owner.post("/api/tenant/team", json!({"name": "Ana", "email": "ana@example.com", "role": "support"})).await,
    )
    .await;
    assert!(invited.get("emailNotSent").is_none(), "{invited}");
    give_own_key(&app, &acme).await;
    assert_eq!(delivery(&owner).await, "own");
}
