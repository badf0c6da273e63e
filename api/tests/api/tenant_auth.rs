use reqwest::StatusCode;
use serde_json::json;

use crate::support::{cookie_value, json, with_cookie, TestApp, PASSWORD};

const COOKIE: &str = "rf_tenant_session";

#[tokio::test]
async fn owner_logs_in_with_email_password_and_security_key() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let browser = app.browser();
    let response = browser
        .post(app.url("/api/tenant-auth/login"))
        .header("x-tenant-secret", &acme.secret)
        .json(&json!({"email": acme.owner_email.to_uppercase(), "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert!(cookie_value(&response, COOKIE).is_some());
    let (status, body) = json(response).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["email"], acme.owner_email);
    assert_eq!(body["tenant"]["name"], "Loja acme");

    let (status, me) =
        json(browser.get(app.url("/api/tenant-auth/me")).header("x-tenant-secret", &acme.secret).send().await.unwrap())
            .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["tenant"]["id"], acme.id.to_string());
}

#[tokio::test]
async fn owner_cannot_log_in_without_the_right_security_key() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    for key in [shared::infrastructure::secrets::random_token(), other.secret.clone()] {
        let response = app.owner_login(&app.browser(), &acme.owner_email, &key).await;
        assert!(cookie_value(&response, COOKIE).is_none());
        let (status, body) = json(response).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["message"], "Credenciais inválidas. Verifique e-mail, senha e chave de segurança.");
    }
    let (status, body) = json(
        app.browser()
            .post(app.url("/api/tenant-auth/login"))
            .json(&json!({"email": acme.owner_email, "password": PASSWORD}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["securityKey"], "Chave de segurança é obrigatória");
    assert_eq!(app.count_sessions().await, 0);
}

#[tokio::test]
async fn every_owner_call_needs_the_key_of_the_sessions_own_tenant() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    let response = app.owner_login(&app.browser(), &acme.owner_email, &acme.secret).await;
    let token = cookie_value(&response, COOKIE).unwrap();
    let raw = reqwest::Client::new();
    let me = |secret: Option<&str>| {
        let mut request = raw.get(app.url("/api/tenant-auth/me")).headers(with_cookie(COOKIE, &token));
        if let Some(secret) = secret {
            request = request.header("x-tenant-secret", secret.to_string());
        }
        request.send()
    };
    assert_eq!(me(None).await.unwrap().status(), StatusCode::UNAUTHORIZED);
    // A session of A presented with B's key learns nothing about either tenant.
    let (status, body) = json(me(Some(&other.secret)).await.unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body, json!({"message": "Não autenticado"}));
    assert_eq!(me(Some(&acme.secret)).await.unwrap().status(), StatusCode::OK);
}

#[tokio::test]
async fn an_owner_of_one_tenant_cannot_log_in_at_another() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    let response = app.owner_login(&app.browser(), &acme.owner_email, &other.secret).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn owner_logout_ends_the_session_on_the_server() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let response = app.owner_login(&app.browser(), &acme.owner_email, &acme.secret).await;
    let token = cookie_value(&response, COOKIE).unwrap();
    let raw = reqwest::Client::new();
    let logout = raw
        .post(app.url("/api/tenant-auth/logout"))
        .headers(with_cookie(COOKIE, &token))
        .header("x-requested-with", "fetch")
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), StatusCode::NO_CONTENT);
    let me = raw
        .get(app.url("/api/tenant-auth/me"))
        .headers(with_cookie(COOKIE, &token))
        .header("x-tenant-secret", &acme.secret)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn on_a_tenant_host_the_host_names_the_tenant() {
    let app = TestApp::spawn_with(|c| {
        c.portal_rules = shared::domain::portal::PortalRules::new("roboforge.com.br".into(), vec![])
    })
    .await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    let login = |host: String| {
        app.browser()
            .post(app.url("/api/tenant-auth/login"))
            .header("host", host)
            .header("x-tenant-secret", &acme.secret)
            .json(&json!({"email": acme.owner_email, "password": PASSWORD}))
            .send()
    };
    // The owner portal's own host names the tenant for its pages before
    // sign-in too (the login's and the invitation page's look).
    let branding = app
        .browser()
        .get(app.url("/api/public/tenant-branding"))
        .header("host", format!("admin.{}", acme.url))
        .send()
        .await
        .unwrap();
    assert_eq!(branding.status(), StatusCode::OK);
    assert_eq!(branding.json::<serde_json::Value>().await.unwrap()["name"], "Loja acme");
    let response = login(format!("admin.{}", acme.url)).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let cookie = crate::support::set_cookie_header(&response, COOKIE).unwrap();
    assert!(cookie.contains("; Secure"), "production hosts get Secure cookies: {cookie}");
    // The same session is worthless on another tenant's host.
    let token = cookie_value(&response, COOKIE).unwrap();
    let me_at = |host: String| {
        reqwest::Client::new()
            .get(app.url("/api/tenant-auth/me"))
            .header("host", host)
            .headers(with_cookie(COOKIE, &token))
            .header("x-tenant-secret", &acme.secret)
            .send()
    };
    assert_eq!(me_at(format!("admin.{}", acme.url)).await.unwrap().status(), StatusCode::OK);
    assert_eq!(me_at(format!("admin.{}", other.url)).await.unwrap().status(), StatusCode::UNAUTHORIZED);
    // Acme's key and owner at Other's host: refused.
    assert_eq!(login(format!("admin.{}", other.url)).await.unwrap().status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_deactivated_owner_loses_the_session_at_once() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let token = cookie_value(&app.owner_login(&app.browser(), &acme.owner_email, &acme.secret).await, COOKIE).unwrap();
    let me = || {
        reqwest::Client::new()
            .get(app.url("/api/tenant-auth/me"))
            .headers(with_cookie(COOKIE, &token))
            .header("x-tenant-secret", &acme.secret)
            .send()
    };
    assert_eq!(me().await.unwrap().status(), StatusCode::OK);
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker_for(acme.id))
            .await
            .unwrap();
    sqlx::query("UPDATE tenant_owners SET is_active = false").execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(me().await.unwrap().status(), StatusCode::UNAUTHORIZED);
}
