//! The e-mail pipeline against a local stand-in of the Resend API (real
//! HTTP, Resend's request shape), driving the real job.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode as AxumStatus};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};
use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, Scope};
use shared::workflows::email::EmailTemplate;
use shared::workflows::jobs::SendEmail;
use uuid::Uuid;
use worker::email::Sent;

use crate::support::{TenantFixture, TestApp};

/// What the stand-in received, and what it answers next (200 when the script is empty).
#[derive(Clone, Default)]
pub(crate) struct Resend {
    pub(crate) received: Arc<Mutex<Vec<(HeaderMap, Value)>>>,
    script: Arc<Mutex<VecDeque<u16>>>,
}

async fn emails(
    State(resend): State<Resend>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (AxumStatus, Json<Value>) {
    let status = resend.script.lock().unwrap().pop_front().unwrap_or(200);
    resend.received.lock().unwrap().push((headers, body));
    let code = AxumStatus::from_u16(status).unwrap();
    if code.is_success() {
        (code, Json(json!({"id": format!("re_{}", Uuid::now_v7().simple())})))
    } else {
        (code, Json(json!({"statusCode": status, "name": "error", "message": "scripted failure"})))
    }
}

pub(crate) async fn stand_in(script: &[u16]) -> (String, Resend) {
    let resend = Resend::default();
    resend.script.lock().unwrap().extend(script.iter().copied());
    let app = Router::new().route("/emails", post(emails)).with_state(resend.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, resend)
}

pub(crate) fn config(app: &TestApp, base: &str, platform_key: Option<&str>) -> Config {
    let mut config =
        Config::for_database(app.db.owner_url.clone(), shared::infrastructure::testing::TEST_APP_ROLE.into());
    config.email.resend_api_base = base.into();
    config.email.resend_api_key = platform_key.map(str::to_string);
    config
}

pub(crate) async fn give_key(app: &TestApp, tenant: &TenantFixture, key: &str, domain: &str) {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    shared::repositories::tenants::set_resend_api_key(&mut tx, &app.secrets, tenant.id, Some(key)).await.unwrap();
    sqlx::query("UPDATE tenants SET resend_domain = $2, display_name = 'Loja Acme' WHERE id = $1")
        .bind(tenant.id)
        .bind(domain)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

async fn queue(app: &TestApp, tenant: &TenantFixture, template: EmailTemplate, vars: &[(&str, &str)]) -> SendEmail {
    let vars: BTreeMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant.id)).await.unwrap();
    let id =
        shared::workflows::email::queue(&mut tx, tenant.id, template, "comprador@example.com", &vars).await.unwrap().id;
    tx.commit().await.unwrap();
    SendEmail { tenant_id: tenant.id, outbox_id: id }
}

async fn outbox(app: &TestApp, tenant: Uuid) -> Value {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    sqlx::query_scalar(
        "SELECT coalesce(json_agg(json_build_object('status', status, 'attempts', attempts, 'provider', provider_id,
                'error', last_error, 'template', template) ORDER BY created_at), '[]') FROM email_outbox",
    )
    .fetch_one(&mut *tx)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_message_goes_out_with_the_tenants_key_domain_and_escaped_variables() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    give_key(&app, &acme, "re_tenant_key", "acme.com.br").await;
    let (base, resend) = stand_in(&[]).await;
    let job = queue(
        &app,
        &acme,
        EmailTemplate::Welcome,
        &[("clientName", "Ana <b>"), ("tenantName", "Loja Acme"), ("purchaseId", "HP123")],
    )
    .await;
    let config = config(&app, &base, Some("re_platform_key"));
    assert_eq!(worker::email::send(&app.db.worker_pool, &config, &job).await.unwrap(), Sent::Sent);
    assert_eq!(worker::email::send(&app.db.worker_pool, &config, &job).await.unwrap(), Sent::AlreadyDone, "sent once");

    let received = resend.received.lock().unwrap().clone();
    assert_eq!(received.len(), 1);
    let (headers, body) = &received[0];
    assert_eq!(headers["authorization"], "Bearer re_tenant_key");
    assert_eq!(headers["idempotency-key"], format!("outbox-{}", job.outbox_id));
    assert_eq!(body["from"], "Loja Acme <noreply@acme.com.br>");
    assert_eq!(body["to"], json!(["comprador@example.com"]));
    assert_eq!(body["subject"], "Bem-vindo(a) à Loja Acme");
    let html = body["html"].as_str().unwrap();
    assert!(html.contains("Olá, Ana &lt;b&gt;!") && html.contains("HP123"), "{html}");
    assert!(!html.contains("{{"));
    let rows = outbox(&app, acme.id).await;
    assert_eq!(rows[0]["status"], "sent");
    assert!(rows[0]["provider"].as_str().unwrap().starts_with("re_"));
}

#[tokio::test]
async fn a_server_error_is_retried_and_a_refusal_is_not() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let (base, resend) = stand_in(&[500, 200, 422]).await;
    let config = config(&app, &base, Some("re_platform_key"));
    let first = queue(&app, &acme, EmailTemplate::SaleConfirmation, &[("amount", "R$ 297,00")]).await;
    assert!(worker::email::send(&app.db.worker_pool, &config, &first).await.is_err(), "500: try again");
    assert_eq!(worker::email::send(&app.db.worker_pool, &config, &first).await.unwrap(), Sent::Sent);
    let second = queue(&app, &acme, EmailTemplate::SaleConfirmation, &[]).await;
    assert_eq!(
        worker::email::send(&app.db.worker_pool, &config, &second).await.unwrap(),
        Sent::Failed,
        "422: no retry"
    );
    let rows = outbox(&app, acme.id).await;
    assert_eq!((rows[0]["status"].as_str(), rows[0]["attempts"].as_i64()), (Some("sent"), Some(2)));
    assert_eq!(rows[1]["status"], "failed");
    assert!(rows[1]["error"].as_str().unwrap().contains("422"));
    let received = resend.received.lock().unwrap().clone();
    assert_eq!(received.len(), 3);
    assert_eq!(received[0].0["idempotency-key"], received[1].0["idempotency-key"], "the retry is the same message");
    assert_eq!(received[0].0["authorization"], "Bearer re_platform_key", "platform key as fallback");
}

#[tokio::test]
async fn without_any_key_the_message_is_recorded_not_sent() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let (base, resend) = stand_in(&[]).await;
    let job = queue(&app, &acme, EmailTemplate::PasswordReset, &[]).await;
    let config = config(&app, &base, None);
    assert_eq!(worker::email::send(&app.db.worker_pool, &config, &job).await.unwrap(), Sent::NotConfigured);
    assert!(resend.received.lock().unwrap().is_empty());
    assert_eq!(outbox(&app, acme.id).await[0]["status"], "not_configured");
}

#[tokio::test]
async fn the_tenants_own_template_replaces_the_default() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    sqlx::query("UPDATE tenants SET email_templates = $2 WHERE id = $1")
        .bind(acme.id)
        .bind(json!({"saleConfirmation": "<p>Valeu, {{clientName}}! Total {{amount}}.</p>"}))
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let (base, resend) = stand_in(&[]).await;
    let job =
        queue(&app, &acme, EmailTemplate::SaleConfirmation, &[("clientName", "Bia"), ("amount", "R$ 10,00")]).await;
    worker::email::send(&app.db.worker_pool, &config(&app, &base, Some("k")), &job).await.unwrap();
    let received = resend.received.lock().unwrap().clone();
    let html = received[0].1["html"].as_str().unwrap();
    // The tenant's text, under the header in its colours (none set: the defaults).
    assert!(html.contains("<p>Valeu, Bia! Total R$ 10,00.</p>"), "{html}");
    assert!(html.contains("data-rf-header style=\"background:#3b82f6;color:#ffffff;"), "{html}");
}

#[tokio::test]
async fn a_hotmart_purchase_queues_the_welcome_and_the_confirmation() {
    let app = TestApp::spawn().await;
    let acme = app.tenant_with_hottok("acme", "hottok-email-123").await;
    let robot = app.robot(&acme, "Scalper Pro").await;
    let posted = app.post_hotmart(robot, "hottok-email-123", "purchase_approved").await;
    assert_eq!(posted.status(), reqwest::StatusCode::OK);
    worker::hotmart::drain(&app.db.worker_pool, acme.id).await.unwrap();
    let rows = outbox(&app, acme.id).await;
    let templates: Vec<&str> = rows.as_array().unwrap().iter().map(|r| r["template"].as_str().unwrap()).collect();
    assert_eq!(templates, ["welcome", "saleConfirmation"]);
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let html: String = sqlx::query_scalar("SELECT html FROM email_outbox WHERE template = 'welcome'")
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert!(
        html.contains("Scalper Pro")
            && html.contains("HP17324518830471")
            && html.contains("comprador.teste@example.com"),
        "{html}"
    );
    let (subject, html): (String, String) =
        sqlx::query_as("SELECT subject, html FROM email_outbox WHERE template = 'saleConfirmation'")
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    // The tenant has no key of its own: the platform's frame names it first (decision 0018).
    assert_eq!(subject, "Loja acme: Compra confirmada: Scalper Pro");
    assert!(html.contains("R$ 297,00") && html.contains("<strong>Scalper Pro</strong>"), "{html}");
}

#[tokio::test]
async fn a_hotmart_subscription_queues_a_complete_subscription_confirmation() {
    let app = TestApp::spawn().await;
    let acme = app.tenant_with_hottok("acme", "hottok-email-123").await;
    let robot = app.robot(&acme, "Scalper Pro").await;
    let posted = app.post_hotmart(robot, "hottok-email-123", "subscription_approved").await;
    assert_eq!(posted.status(), reqwest::StatusCode::OK);
    worker::hotmart::drain(&app.db.worker_pool, acme.id).await.unwrap();
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let html: String = sqlx::query_scalar("SELECT html FROM email_outbox WHERE template = 'subscriptionConfirmation'")
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert!(html.contains("R$ 197,90") && html.contains("(mensal)") && html.contains("02/01/2026"), "{html}");
}

/// Every column of every stored e-mail, as the superuser sees it (past RLS).
async fn everything_stored(app: &TestApp) -> String {
    let base = std::env::var("TEST_SUPERUSER_URL")
        .unwrap_or_else(|_| "postgres://roboforge_super:roboforge_super@127.0.0.1:5432/postgres".into());
    let url = format!("{}/{}", base.rsplit_once('/').unwrap().0, app.db.name);
    let mut su = <sqlx::PgConnection as sqlx::Connection>::connect(&url).await.unwrap();
    let rows: Vec<String> =
        sqlx::query_scalar("SELECT row_to_json(o)::text FROM email_outbox o").fetch_all(&mut su).await.unwrap();
    rows.join("\n")
}

#[tokio::test]
async fn no_stored_email_holds_a_live_reset_token_or_sign_in_code_and_the_sender_still_sends_them() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    give_key(&app, &acme, "re_tenant_key", "acme.com.br").await;
    let http = app.browser();
    let token_of =
        |response: Value| response["resetToken"].as_str().expect("development hosts show the token").to_string();
    let client_token = token_of(
        http.post(app.url(&format!("/api/client-auth/forgot-password?tenant={}", acme.url)))
            .json(&json!({"email": acme.client_email}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap(),
    );
    let owner_asked = http
        .post(app.url(&format!("/api/tenant-auth/forgot-password?tenant={}", acme.url)))
        .json(&json!({"email": acme.owner_email}))
        .send()
        .await
        .unwrap();
    assert_eq!(owner_asked.status(), reqwest::StatusCode::OK);
    // The request is acted on by its job (the answer is the same for anyone).
    worker::password_reset::drain(&app.db.worker_pool, &app.state.config, acme.id).await.unwrap();
    // The owner's link, as the sender will send it (opened from its seal).
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let sealed: String = sqlx::query_scalar("SELECT sealed_html FROM email_outbox WHERE to_address = $1")
        .bind(&acme.owner_email)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    drop(tx);
    let owner_html = app.secrets.open(&sealed).unwrap();
    let at = owner_html.find("token=").expect("a reset link") + "token=".len();
    let owner_token: String = owner_html[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '.').collect();
    let asked = http
        .post(app.url(&format!("/api/client-auth/login-purchase?tenant={}", acme.url)))
        .json(&json!({"email": acme.client_email, "purchaseId": acme.purchase_id}))
        .send()
        .await
        .unwrap();
    assert_eq!(asked.status(), reqwest::StatusCode::ACCEPTED);
    let code = app.last_sign_in_code(acme.id, &acme.client_email).await.expect("a code was e-mailed");

    let stored = everything_stored(&app).await;
    assert_eq!(stored.lines().count(), 3, "{stored}");
    for (what, secret) in [("client reset token", &client_token), ("owner reset token", &owner_token)] {
        assert!(!stored.contains(secret.as_str()), "the {what} is stored in the outbox");
        // Not its hash-free halves either (the token is tenant.random).
        assert!(!stored.contains(secret.rsplit('.').next().unwrap()), "part of the {what} is stored");
    }
    assert!(!stored.contains(&format!(">{code}<")), "the sign-in code is stored: {stored}");
    assert!(stored.contains(shared::workflows::email::REDACTED), "the stored copy says what was removed");

    // The sender still sends the live link and code, then keeps nothing sealed.
    let (base, resend) = stand_in(&[]).await;
    let config = config(&app, &base, None);
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let ids: Vec<Uuid> = sqlx::query_scalar("SELECT id FROM email_outbox").fetch_all(&mut *tx).await.unwrap();
    drop(tx);
    for id in ids {
        let job = SendEmail { tenant_id: acme.id, outbox_id: id };
        assert_eq!(worker::email::send(&app.db.worker_pool, &config, &job).await.unwrap(), Sent::Sent);
    }
    let sent: String =
        resend.received.lock().unwrap().iter().map(|(_, body)| body["html"].as_str().unwrap().to_string()).collect();
    for secret in [&client_token, &owner_token, &code] {
        assert!(sent.contains(secret.as_str()), "the e-mail that went out carries {secret}");
    }
    let after = everything_stored(&app).await;
    assert!(after.contains("\"sealed_html\":null") && !after.contains("\"sealed_html\":\"v1:"), "{after}");
}
