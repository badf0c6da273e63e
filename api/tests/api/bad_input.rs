//! Whatever a user can type or send gets a 4xx with a pt-BR message, never a
//! 500, and changes nothing.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::{json, TestApp};

#[tokio::test]
async fn hostile_bodies_and_queries_get_portuguese_4xx_and_change_nothing() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let long = "x".repeat(5000);
    let cases: Vec<(&str, serde_json::Value)> = vec![
        ("/api/auth/login", json!({"username": long, "password": long})),
        ("/api/auth/login", json!({"username": 42, "password": ["a"]})),
        ("/api/auth/login", json!([])),
        ("/api/tenant-auth/login", json!({"email": "a@b.com", "password": long})),
        ("/api/client-auth/login?tenant=acme.example.com", json!({"email": "a@b.com", "password": long})),
        ("/api/client-auth/login?tenant=%00%27--", json!({"email": "a@b.com", "password": "x"})),
        ("/api/client-auth/login?tenant=a&tenant=b", json!({"email": "a@b.com", "password": "x"})),
        ("/api/client-auth/login-purchase?tenant=acme.example.com", json!({"email": "a@b.com", "purchaseId": long})),
    ];
    for (path, body) in cases {
        let response =
            app.browser().post(app.url(path)).header("x-tenant-secret", "é").json(&body).send().await.unwrap();
        let status = response.status();
        let (_, body) = json(response).await;
        assert!(status.is_client_error(), "{path}: {status} {body}");
        // Our error body (axum's own rejections are English plain text, not JSON).
        let message = body["message"].as_str().unwrap_or_default();
        assert!(!message.is_empty(), "{path}: {body}");
    }
    let (status, body) = json(
        app.browser()
            .post(app.url("/api/client-auth/login?tenant=%00"))
            .json(&json!({"email": "a@b.com", "password": "x"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "O texto enviado contém caracteres inválidos.");
    // A body over the limit is refused before it is read.
    let huge = format!("{{\"username\": \"{}\"}}", "a".repeat(3 * 1024 * 1024));
    let response = app
        .browser()
        .post(app.url("/api/auth/login"))
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .unwrap();
    let (status, body) = json(response).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(body["message"], "O corpo da requisição é grande demais.");
    // Duplicate query parameters: a pt-BR message, not axum's English.
    let (status, body) =
        json(app.browser().get(app.url("/api/public/tenant-branding?tenant=a&tenant=b")).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "Os parâmetros da URL são inválidos.");
    assert_eq!(app.count_sessions().await, 0);
    let _ = acme;
}

#[tokio::test]
async fn an_overlong_password_is_refused_before_hashing() {
    let app = TestApp::spawn().await;
    let (status, body) = json(app.admin_login(&app.browser(), "maria", &"p".repeat(257)).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["password"], "Senha deve ter no máximo 256 caracteres");
}
