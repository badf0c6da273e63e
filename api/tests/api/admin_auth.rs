use reqwest::StatusCode;
use serde_json::json;

use crate::support::{cookie_value, json, set_cookie_header, with_cookie, TestApp, PASSWORD};

const COOKIE: &str = "rf_admin_session";

#[tokio::test]
async fn login_sets_an_httponly_session_and_me_returns_the_admin() {
    let app = TestApp::spawn().await;
    app.admin("maria", PASSWORD).await;
    let browser = app.browser();

    let response = app.admin_login(&browser, "maria", PASSWORD).await;
    let header = set_cookie_header(&response, COOKIE).expect("session cookie");
    assert!(header.contains("HttpOnly") && header.contains("SameSite=Lax") && header.contains("Path=/"), "{header}");
    let (status, body) = json(response).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["user"]["username"], "maria");
    assert!(body["user"].get("password").is_none(), "never leak the hash");

    let (status, me) = json(browser.get(app.url("/api/auth/me")).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["email"], "maria@example.com");
}

#[tokio::test]
async fn me_without_a_session_is_401() {
    let app = TestApp::spawn().await;
    let (status, body) = json(app.browser().get(app.url("/api/auth/me")).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], "Não autenticado");
}

#[tokio::test]
async fn wrong_password_and_unknown_user_get_the_same_message_and_no_session() {
    let app = TestApp::spawn().await;
    app.admin("maria", PASSWORD).await;
    for (username, password) in [("maria", "errada123"), ("ninguem", PASSWORD)] {
        let response = app.admin_login(&app.browser(), username, password).await;
        assert!(cookie_value(&response, COOKIE).is_none());
        let (status, body) = json(response).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["message"], "Usuário ou senha inválidos");
    }
    assert_eq!(app.count_sessions().await, 0);
}

#[tokio::test]
async fn short_username_and_password_get_the_spec_messages() {
    let app = TestApp::spawn().await;
    let response = app.admin_login(&app.browser(), "ab", "12345").await;
    let (status, body) = json(response).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["username"], "Usuário deve ter no mínimo 3 caracteres");
    assert_eq!(body["fields"]["password"], "Senha deve ter no mínimo 6 caracteres");
    assert_eq!(app.count_sessions().await, 0);
}

#[tokio::test]
async fn malformed_json_gets_a_portuguese_400() {
    let app = TestApp::spawn().await;
    let response = app
        .browser()
        .post(app.url("/api/auth/login"))
        .header("content-type", "application/json")
        .body("{\"username\": ")
        .send()
        .await
        .unwrap();
    let (status, body) = json(response).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "O corpo da requisição não é um JSON válido.");
}

#[tokio::test]
async fn the_sixth_bad_login_in_a_minute_gets_429_even_with_the_right_password() {
    let app = TestApp::spawn().await;
    app.admin("maria", PASSWORD).await;
    let browser = app.browser();
    for attempt in 1..=5 {
        let response = app.admin_login(&browser, "maria", "errada123").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "attempt {attempt}");
    }
    let response = app.admin_login(&browser, "maria", PASSWORD).await;
    assert!(cookie_value(&response, COOKIE).is_none());
    let (status, body) = json(response).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body["message"], "Muitas tentativas de login. Aguarde um minuto e tente novamente.");
}

#[tokio::test]
async fn logout_invalidates_the_session_on_the_server() {
    let app = TestApp::spawn().await;
    app.admin("maria", PASSWORD).await;
    let response = app.admin_login(&app.browser(), "maria", PASSWORD).await;
    let token = cookie_value(&response, COOKIE).unwrap();
    let raw = reqwest::Client::new();

    // A body-less POST that a form could send is refused and ends nothing.
    let forged = raw
        .post(app.url("/api/auth/logout"))
        .headers(with_cookie(COOKIE, &token))
        .header("content-type", "text/plain")
        .body("x")
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(forged.json::<serde_json::Value>().await.unwrap()["message"], api::http_guards::JSON_REQUIRED);
    let me = raw.get(app.url("/api/auth/me")).headers(with_cookie(COOKIE, &token)).send().await.unwrap();
    assert_eq!(me.status(), StatusCode::OK, "the forged logout ended nothing");
    let logout = raw
        .post(app.url("/api/auth/logout"))
        .headers(with_cookie(COOKIE, &token))
        .header("x-requested-with", "fetch")
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), StatusCode::NO_CONTENT);
    assert!(set_cookie_header(&logout, COOKIE).unwrap().contains("Max-Age=0"));
    // Replaying the old cookie (as a thief would) no longer works.
    let me = raw.get(app.url("/api/auth/me")).headers(with_cookie(COOKIE, &token)).send().await.unwrap();
    assert_eq!(me.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.count_sessions().await, 0);
}

#[tokio::test]
async fn login_rotates_the_session_id() {
    let app = TestApp::spawn().await;
    app.admin("maria", PASSWORD).await;
    let raw = reqwest::Client::new();
    let first = app.admin_login(&raw, "maria", PASSWORD).await;
    let old = cookie_value(&first, COOKIE).unwrap();
    let second = raw
        .post(app.url("/api/auth/login"))
        .headers(with_cookie(COOKIE, &old))
        .json(&json!({"username": "maria", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    let new = cookie_value(&second, COOKIE).unwrap();
    assert_ne!(old, new);
    let stale = raw.get(app.url("/api/auth/me")).headers(with_cookie(COOKIE, &old)).send().await.unwrap();
    assert_eq!(stale.status(), StatusCode::UNAUTHORIZED);
    let fresh = raw.get(app.url("/api/auth/me")).headers(with_cookie(COOKIE, &new)).send().await.unwrap();
    assert_eq!(fresh.status(), StatusCode::OK);
}

#[tokio::test]
async fn only_an_admin_registers_admins_and_bad_input_changes_nothing() {
    let app = TestApp::spawn().await;
    app.admin("maria", PASSWORD).await;
    let post_user = |browser: reqwest::Client, body: serde_json::Value| {
        let url = app.url("/api/users");
        async move { json(browser.post(url).json(&body).send().await.unwrap()).await }
    };
    let joao = json!({"username": "joao", "password": PASSWORD, "email": "Joao@X.com", "name": "João"});
    let (status, _) = post_user(app.browser(), joao.clone()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let browser = app.browser();
    app.admin_login(&browser, "maria", PASSWORD).await;
    let (status, body) =
        post_user(browser.clone(), json!({"username": "jo", "password": "1", "email": "nope", "name": ""})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["email"], "E-mail inválido");
    assert_eq!(body["fields"]["name"], "Nome é obrigatório");

    let (status, created) = post_user(browser.clone(), joao).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(created["email"], "joao@x.com");
    let (status, body) =
        post_user(browser, json!({"username": "joao", "password": PASSWORD, "email": "outro@x.com", "name": "João"}))
            .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["username"], "Este nome de usuário já está em uso");
}

#[tokio::test]
async fn another_portals_session_is_not_an_admin_session() {
    let app = TestApp::spawn().await;
    let tenant = app.tenant("acme").await;
    let response = app.owner_login(&app.browser(), &tenant.owner_email, &tenant.secret).await;
    let owner_token = cookie_value(&response, "rf_tenant_session").unwrap();
    let me = reqwest::Client::new()
        .get(app.url("/api/auth/me"))
        .headers(with_cookie(COOKIE, &owner_token))
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn one_ip_guessing_many_accounts_is_throttled_too() {
    let app = TestApp::spawn_with(|c| c.login_limits.per_ip = 3).await;
    let browser = app.browser();
    for user in ["ana", "bia", "caio"] {
        let response = app.admin_login(&browser, user, "errada123").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    let response = app.admin_login(&browser, "duda", "errada123").await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn a_deactivated_admin_loses_the_session_at_once() {
    let app = TestApp::spawn().await;
    let id = app.admin("maria", PASSWORD).await;
    let browser = app.browser();
    app.admin_login(&browser, "maria", PASSWORD).await;
    assert_eq!(browser.get(app.url("/api/auth/me")).send().await.unwrap().status(), StatusCode::OK);
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker()).await.unwrap();
    sqlx::query("UPDATE users SET is_active = false WHERE id = $1").bind(id).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(browser.get(app.url("/api/auth/me")).send().await.unwrap().status(), StatusCode::UNAUTHORIZED);
}
