//! The owner's forgotten-password flow: a link by e-mail (through the
//! outbox), single use, expiring, and an answer that never tells whether the
//! e-mail belongs to an owner.

use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{join_all, json as read_json, TenantFixture, TestApp};

async fn forgot(app: &TestApp, tenant: &TenantFixture, email: &str) -> (StatusCode, Value) {
    let response = app
        .browser()
        .post(app.url(&format!("/api/tenant-auth/forgot-password?tenant={}", tenant.url)))
        .json(&json!({ "email": email }))
        .send()
        .await
        .unwrap();
    // The request only queues its job (the same work for anyone): run it, as
    // the worker would within moments.
    worker::password_reset::drain(&app.db.worker_pool, &app.state.config, tenant.id).await.unwrap();
    read_json(response).await
}

async fn reset(app: &TestApp, token: &str, password: &str) -> (StatusCode, Value) {
    let response = app
        .browser()
        .post(app.url("/api/tenant-auth/reset-password"))
        .json(&json!({ "token": token, "newPassword": password }))
        .send()
        .await
        .unwrap();
    read_json(response).await
}

/// The owner reset e-mails queued for `to`, newest first (their HTML as the
/// sender sends it: the outbox keeps the link sealed). Owners get the
/// platform's own text, never the tenant's editable `passwordReset`.
async fn reset_mails(app: &TestApp, tenant: Uuid, to: &str) -> Vec<String> {
    sealed_mails(app, tenant, "ownerPasswordReset", to).await
}

/// The e-mails of `template` queued for `to`, newest first, opened.
pub(crate) async fn sealed_mails(app: &TestApp, tenant: Uuid, template: &str, to: &str) -> Vec<String> {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    let rows: Vec<(String, Option<String>)> = sqlx::query_as(
        "SELECT html, sealed_html FROM email_outbox WHERE template = $2 AND to_address = $1
          ORDER BY created_at DESC",
    )
    .bind(to)
    .bind(template)
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    rows.into_iter()
        .map(|(stored, sealed)| {
            assert!(!stored.contains("token="), "the stored message has no live link: {stored}");
            app.state.config.secrets.open(&sealed.expect("sealed for the sender")).expect("opens with SECRETS_KEY")
        })
        .collect()
}

/// The token of the link in a reset e-mail.
pub(crate) fn token_in(html: &str) -> String {
    let start = html.find("token=").expect("a reset link") + "token=".len();
    html[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '.').collect()
}

async fn owner_login(app: &TestApp, tenant: &TenantFixture, password: &str) -> StatusCode {
    app.browser()
        .post(app.url("/api/tenant-auth/login"))
        .header("x-tenant-secret", &tenant.secret)
        .json(&json!({ "email": tenant.owner_email, "password": password }))
        .send()
        .await
        .unwrap()
        .status()
}

#[tokio::test]
async fn the_answer_is_the_same_whether_or_not_the_email_is_an_owners() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let known = forgot(&app, &acme, &acme.owner_email).await;
    let unknown = forgot(&app, &acme, "ninguem@example.com").await;
    assert_eq!(known.0, StatusCode::OK);
    assert_eq!(known, unknown, "same status and body for a stranger");
    assert_eq!(reset_mails(&app, acme.id, &acme.owner_email).await.len(), 1);
    assert!(reset_mails(&app, acme.id, "ninguem@example.com").await.is_empty());
    // A client's e-mail is not an owner's: no link either.
    forgot(&app, &acme, &acme.client_email).await;
    assert!(reset_mails(&app, acme.id, &acme.client_email).await.is_empty());
}

#[tokio::test]
async fn a_bad_email_is_refused_in_portuguese_and_sends_nothing() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let (status, body) = forgot(&app, &acme, "sem-arroba").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["email"], "E-mail inválido");
    let (status, body) = forgot(&app, &acme, "  ").await;
    assert_eq!((status, body["fields"]["email"].as_str()), (StatusCode::BAD_REQUEST, Some("E-mail é obrigatório")));
}

#[tokio::test]
async fn the_link_sets_a_new_password_once_and_ends_the_sessions() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let signed_in = app.owner_of(&acme).await;
    assert_eq!(signed_in.get("/api/tenant-auth/me").await.status(), StatusCode::OK);

    forgot(&app, &acme, &acme.owner_email).await;
    let mails = reset_mails(&app, acme.id, &acme.owner_email).await;
    assert!(mails[0].contains("/tenant/reset-password?token="), "a link to the owner portal: {}", mails[0]);
    let token = token_in(&mails[0]);

    let (status, body) = reset(&app, &token, "123").await;
    assert_eq!(
        (status, body["fields"]["newPassword"].as_str()),
        (StatusCode::BAD_REQUEST, Some("A senha deve ter pelo menos 6 caracteres"))
    );
    let (status, body) = reset(&app, "", "segredo-novo").await;
    assert_eq!(body["fields"]["token"], "Token de recuperação não encontrado", "{status}");

    let (status, _) = reset(&app, &token, "segredo-novo").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(signed_in.get("/api/tenant-auth/me").await.status(), StatusCode::UNAUTHORIZED, "old sessions end");
    assert_eq!(owner_login(&app, &acme, "segredo-novo").await, StatusCode::OK);
    assert_eq!(owner_login(&app, &acme, crate::support::PASSWORD).await, StatusCode::UNAUTHORIZED);

    let (status, body) = reset(&app, &token, "outra-senha").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a token works once");
    assert!(body["message"].as_str().unwrap().contains("inválido ou expirado"));
    assert_eq!(owner_login(&app, &acme, "segredo-novo").await, StatusCode::OK);
}

#[tokio::test]
async fn two_resets_with_one_token_at_once_succeed_once() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    forgot(&app, &acme, &acme.owner_email).await;
    let token = token_in(&reset_mails(&app, acme.id, &acme.owner_email).await[0]);
    let url = app.url("/api/tenant-auth/reset-password");
    let statuses = join_all((0..4).map(|i| {
        let (http, url, token) = (app.browser(), url.clone(), token.clone());
        async move {
            let body = json!({ "token": token, "newPassword": format!("senha-nova-{i}") });
            http.post(url).json(&body).send().await.unwrap().status()
        }
    }))
    .await;
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{statuses:?}");
}

#[tokio::test]
async fn an_expired_or_foreign_token_is_refused() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let beta = app.tenant("beta").await;
    forgot(&app, &acme, &acme.owner_email).await;
    let token = token_in(&reset_mails(&app, acme.id, &acme.owner_email).await[0]);

    // The same random part presented as another tenant's token finds nothing.
    let (_, random) = token.split_once('.').unwrap();
    let (status, _) = reset(&app, &format!("{}.{random}", beta.id.simple()), "segredo-novo").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    sqlx::query("UPDATE tenant_owners SET reset_token_expiry = now() - interval '1 second' WHERE tenant_id = $1")
        .bind(acme.id)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let (status, body) = reset(&app, &token, "segredo-novo").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["token"], "Link de redefinição inválido ou expirado. Solicite um novo.");
    assert_eq!(owner_login(&app, &acme, crate::support::PASSWORD).await, StatusCode::OK, "password unchanged");
}

#[tokio::test]
async fn a_second_request_within_a_minute_sends_no_second_mail() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    forgot(&app, &acme, &acme.owner_email).await;
    let (status, _) = forgot(&app, &acme, &acme.owner_email).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(reset_mails(&app, acme.id, &acme.owner_email).await.len(), 1);
}
