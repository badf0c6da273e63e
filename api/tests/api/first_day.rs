//! A reseller's first day without outside help (issue 35), from the owner's
//! screens: Hotmart set up per robot (URL, hottok, a test event, a log of
//! what arrived and what was refused), a one-time access link for a buyer
//! e-mail cannot reach (single use, a day, audited), each person's e-mail
//! log with an honest resend, and a sale of a robot with nothing to
//! download flagged. Another tenant's owner learns nothing of any of it.

use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{json as read_json, Caller, TenantFixture, TestApp};

fn fixture(name: &str) -> Value {
    let path = format!("{}/../shared/tests/fixtures/hotmart/{name}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

async fn channel(owner: &Caller, robot: Uuid) -> Value {
    let (status, body) =
        read_json(owner.get(&format!("/api/tenant/robots/{robot}/sales-channels/hotmart")).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn postback(app: &TestApp, robot: Uuid, hottok: Option<&str>, body: &Value) -> StatusCode {
    let mut request = app.browser().post(app.url(&format!("/api/webhooks/hotmart/robot/{robot}")));
    if let Some(hottok) = hottok {
        request = request.header("x-hotmart-hottok", hottok);
    }
    request.json(body).send().await.unwrap().status()
}

async fn audit_rows(app: &TestApp, tenant: &TenantFixture, entity: &str) -> Vec<Value> {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    let rows: Vec<Value> = sqlx::query_scalar(
        "SELECT to_jsonb(a) FROM audit_log a WHERE tenant_id = $1 AND entity = $2 ORDER BY created_at",
    )
    .bind(tenant.id)
    .bind(entity)
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    rows
}

#[tokio::test]
async fn the_owner_sets_up_hotmart_sends_a_test_event_and_sees_refusals_in_the_log() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Scalper").await;

    let first = channel(&owner, robot).await;
    assert_eq!(first["hottokConfigured"], false);
    assert!(first["webhookUrl"].as_str().unwrap().ends_with(&format!("/api/webhooks/hotmart/robot/{robot}")));
    assert_eq!((first["events"].as_array().unwrap().len(), first["lastEventAt"].is_null()), (0, true));

    // A postback before the hottok is set is refused, and the owner sees why.
    assert_eq!(postback(&app, robot, Some("qualquer"), &fixture("purchase_approved")).await, StatusCode::UNAUTHORIZED);
    let refused = channel(&owner, robot).await;
    assert_eq!(refused["refusals"][0]["reason"], "not_configured", "{refused}");

    for (bad, field) in [(json!({"hottok": ""}), "hottok"), (json!({"hottok": "com espaço"}), "hottok")] {
        let (status, error) = read_json(owner.put("/api/tenant/sales-channels/hotmart/hottok", bad).await).await;
        assert_eq!((status, error["fields"][field].is_string()), (StatusCode::BAD_REQUEST, true), "{error}");
    }
    assert_eq!(channel(&owner, robot).await["hottokConfigured"], false, "bad input changed nothing");
    let (status, saved) =
        read_json(owner.put("/api/tenant/sales-channels/hotmart/hottok", json!({"hottok": "hottok-da-acme"})).await)
            .await;
    assert_eq!((status, saved["hottokPrefix"].as_str()), (StatusCode::OK, Some("hott")), "{saved}");
    let audited = serde_json::to_string(&audit_rows(&app, &acme, "tenant_hotmart").await).unwrap();
    assert!(audited.contains("***") && !audited.contains("hottok-da-acme"), "{audited}");

    // The test event goes through the intake and the job: received, no sale.
    let (status, sent) = read_json(
        owner.post(&format!("/api/tenant/robots/{robot}/sales-channels/hotmart/test-event"), json!({})).await,
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{sent}");
    worker::hotmart::drain(&app.db.worker_pool, acme.id).await.unwrap();
    let after_test = channel(&owner, robot).await;
    let event = &after_test["events"][0];
    assert_eq!((event["eventId"].as_str(), event["isTest"].as_bool()), (sent["eventId"].as_str(), Some(true)));
    assert_eq!(event["status"], "processed");
    assert!(event["detail"].as_str().unwrap().starts_with("Evento de teste recebido"), "{event}");
    assert!(after_test["lastEventAt"].is_string());

    // Hotmart's postback with the right hottok, then again (a redelivery).
    let purchase = fixture("purchase_approved");
    assert_eq!(postback(&app, robot, Some("hottok-da-acme"), &purchase).await, StatusCode::OK);
    assert_eq!(postback(&app, robot, Some("hottok-da-acme"), &purchase).await, StatusCode::OK);
    // A stranger's postbacks with a wrong hottok: one counted row, not a row each.
    for _ in 0..3 {
        assert_eq!(postback(&app, robot, Some("errado"), &purchase).await, StatusCode::UNAUTHORIZED);
    }
    let mut without_hottok = purchase.clone();
    without_hottok.as_object_mut().unwrap().remove("hottok");
    assert_eq!(postback(&app, robot, None, &without_hottok).await, StatusCode::UNAUTHORIZED);
    worker::hotmart::drain(&app.db.worker_pool, acme.id).await.unwrap();
    let log = channel(&owner, robot).await;
    let real = log["events"].as_array().unwrap().iter().find(|e| e["isTest"] == false).unwrap().clone();
    assert_eq!((real["duplicates"].as_i64(), real["status"].as_str()), (Some(1), Some("processed")), "{real}");
    let count_of = |reason: &str| {
        log["refusals"].as_array().unwrap().iter().find(|r| r["reason"] == reason).map(|r| r["count"].as_i64().unwrap())
    };
    assert_eq!((count_of("wrong_hottok"), count_of("missing_hottok")), (Some(3), Some(1)), "{log}");
    let wrong = log["refusals"].as_array().unwrap().iter().find(|r| r["reason"] == "wrong_hottok").unwrap();
    assert!(wrong["detail"].as_str().unwrap().starts_with("Recusado: hottok diferente"), "{wrong}");

    // Another tenant's owner: the robot does not exist for them.
    let stranger = app.owner_of(&other).await;
    let (status, body) =
        read_json(stranger.get(&format!("/api/tenant/robots/{robot}/sales-channels/hotmart")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(!body.to_string().contains("hott"), "{body}");
    let test_path = format!("/api/tenant/robots/{robot}/sales-channels/hotmart/test-event");
    assert_eq!(stranger.post(&test_path, json!({})).await.status(), StatusCode::NOT_FOUND);
    // And the database itself keeps other's scope away from acme's refusals.
    let mut tx = db::begin(&app.db.app_pool, Scope::owner(other.id, Uuid::now_v7())).await.unwrap();
    let seen: i64 =
        sqlx::query_scalar("SELECT count(*) FROM sales_channel_refusals").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(seen, 0, "forced RLS: no row of another tenant");
}

#[tokio::test]
async fn an_access_link_signs_the_buyer_in_once_within_a_day_and_is_audited() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    let owner = app.owner_of(&acme).await;
    let path = format!("/api/tenant/clients/{}/access-link", acme.client_id);

    let (status, made) = read_json(owner.post(&path, json!({})).await).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let link = made["link"].as_str().unwrap().to_string();
    assert!(link.contains("/client/acesso?token="), "{link}");
    let token = link.split("token=").nth(1).unwrap().to_string();
    assert!(made["expiresAt"].is_string());

    let buyer = app.anonymous();
    let (status, session) = read_json(buyer.post("/api/client-auth/access-link", json!({"token": token})).await).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["email"].as_str(), Some(acme.client_email.as_str()));
    assert_eq!(buyer.get("/api/client/licenses").await.status(), StatusCode::OK, "signed in");

    // The attacker who saw the link afterwards: spent.
    let (status, again) =
        read_json(app.anonymous().post("/api/client-auth/access-link", json!({"token": token})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(again["fields"]["token"].as_str().unwrap().starts_with("Link de acesso inválido"), "{again}");
    // Made up, or another tenant's prefix on a real-looking token: nothing.
    for forged in [String::new(), "abc".into(), format!("{}.{}", other.id.simple(), "0".repeat(64))] {
        let status = app.anonymous().post("/api/client-auth/access-link", json!({"token": forged})).await.status();
        assert_eq!(status, StatusCode::BAD_REQUEST, "{forged}");
    }

    // Expired after a day.
    let (_, second) = read_json(owner.post(&path, json!({})).await).await;
    let second_token = second["link"].as_str().unwrap().split("token=").nth(1).unwrap().to_string();
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    sqlx::query("UPDATE client_access_links SET expires_at = now() - interval '1 second' WHERE used_at IS NULL")
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let status = app.anonymous().post("/api/client-auth/access-link", json!({"token": second_token})).await.status();
    assert_eq!(status, StatusCode::BAD_REQUEST, "expired");

    // Made and used, both in the audit log, never with the token.
    let rows = audit_rows(&app, &acme, "client_access_link").await;
    let text = serde_json::to_string(&rows).unwrap();
    assert_eq!(rows.len(), 3, "two made, one used: {text}");
    assert!(text.contains("usedBy") && !text.contains(&token[33..]), "{text}");

    // Another tenant's owner cannot make one for acme's client.
    let stranger = app.owner_of(&other).await;
    assert_eq!(stranger.post(&path, json!({})).await.status(), StatusCode::NOT_FOUND);
    // The database refuses other's scope a look at acme's links.
    let mut tx = db::begin(&app.db.app_pool, Scope::owner(other.id, Uuid::now_v7())).await.unwrap();
    let seen: i64 = sqlx::query_scalar("SELECT count(*) FROM client_access_links").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(seen, 0);
}

#[tokio::test]
async fn the_e_mail_log_tells_what_happened_and_resends_honestly() {
    let app = TestApp::spawn_with(|config| config.email.resend_api_key = None).await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Sem Versão").await;

    let response = owner
        .http
        .post(format!("{}/api/tenant/manual-sales", owner.base))
        .header("x-tenant-secret", owner.tenant_secret.as_deref().unwrap())
        .header("idempotency-key", Uuid::now_v7().to_string())
        .json(&json!({"buyerName": "Maria", "buyerEmail": "maria@example.com", "robotId": robot, "amount": "497,00",
                      "paymentMethod": "pix", "saleDate": sao_paulo_today()}))
        .send()
        .await
        .unwrap();
    let (status, recorded) = read_json(response).await;
    assert_eq!(status, StatusCode::CREATED, "{recorded}");
    assert!(recorded["robotWarning"].as_str().unwrap().starts_with("Este robô ainda não tem versão ativa"));
    let client = recorded["clientId"].as_str().unwrap().to_string();

    let (status, log) = read_json(owner.get(&format!("/api/tenant/clients/{client}/emails")).await).await;
    assert_eq!(status, StatusCode::OK, "{log}");
    let first = log.as_array().unwrap().iter().find(|m| m["kind"] == "Boas-vindas (acesso)").expect("the welcome");
    assert_eq!(first["status"], "not_configured", "nothing was or will be sent: {first}");
    assert_eq!(first["statusLabel"], "Não enviado: remetente não configurado");
    assert_eq!(first["canResend"], true);

    let (status, resent) =
        read_json(owner.post(&format!("/api/tenant/emails/{}/resend", first["id"].as_str().unwrap()), json!({})).await)
            .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{resent}");
    assert_eq!(resent["status"], "not_configured", "never 'sent' without a sender: {resent}");
    let (_, log) = read_json(owner.get(&format!("/api/tenant/clients/{client}/emails")).await).await;
    assert_eq!(log.as_array().unwrap().len(), 3, "the resend is a message of its own");

    // A message that carried a one-time secret is not copied.
    let (_, member) = read_json(
        owner.post("/api/tenant/team", json!({"name": "Ana", "email": "ana@example.com", "role": "support"})).await,
    )
    .await;
    let (status, member_log) =
        read_json(owner.get(&format!("/api/tenant/team/{}/emails", member["id"].as_str().unwrap())).await).await;
    assert_eq!(status, StatusCode::OK, "{member_log}");
    assert_eq!(
        (member_log[0]["kind"].as_str(), member_log[0]["canResend"].as_bool()),
        (Some("Convite para a equipe"), Some(false))
    );
    let status = owner
        .post(&format!("/api/tenant/emails/{}/resend", member_log[0]["id"].as_str().unwrap()), json!({}))
        .await
        .status();
    assert_eq!(status, StatusCode::CONFLICT);

    // Another tenant's owner: not found, nothing learnt.
    let stranger = app.owner_of(&other).await;
    let (status, body) = read_json(stranger.get(&format!("/api/tenant/clients/{client}/emails")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(!body.to_string().contains("maria@example.com"));
    let status = stranger
        .post(&format!("/api/tenant/emails/{}/resend", first["id"].as_str().unwrap()), json!({}))
        .await
        .status();
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// Today in São Paulo (UTC−3, no daylight saving since 2019), the day a
/// manual sale's date is read in: UTC's date is already tomorrow there from 21:00.
fn sao_paulo_today() -> String {
    (chrono::Utc::now() - chrono::Duration::hours(3)).format("%Y-%m-%d").to_string()
}
