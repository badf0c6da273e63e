use reqwest::StatusCode;
use serde_json::json;

use crate::support::{cookie_value, json, with_cookie, TestApp, PASSWORD};

const COOKIE: &str = "rf_client_session";

#[tokio::test]
async fn client_logs_in_with_email_and_password() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let browser = app.browser();
    let (status, body) = json(
        browser
            .post(app.url(&format!("/api/client-auth/login?tenant={}", acme.url)))
            .json(&json!({"email": acme.client_email, "password": PASSWORD}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["email"], acme.client_email);
    let (status, me) = json(browser.get(app.url("/api/client-auth/me")).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["tenant"]["id"], acme.id.to_string());
}

#[tokio::test]
async fn client_logs_in_with_email_and_purchase_id_after_proving_the_email() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let body = json!({"email": acme.client_email, "purchaseId": acme.purchase_id});
    let first = app.client_login("login-purchase", &acme.id.to_string(), body.clone()).await;
    assert!(cookie_value(&first, COOKIE).is_none(), "no session before the code");
    let (status, sent) = json(first).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{sent}");
    assert_eq!(sent["codeRequired"], true);
    assert!(sent["message"].as_str().unwrap().starts_with("Enviamos um código de 6 dígitos para "), "{sent}");

    let mut wrong = body.clone();
    wrong["code"] = json!("000000");
    let code = app.last_sign_in_code(acme.id, &acme.client_email).await.expect("the code was e-mailed");
    if code == "000000" {
        wrong["code"] = json!("111111");
    }
    let (status, refused) = json(app.client_login("login-purchase", &acme.url, wrong).await).await;
    assert_eq!(
        (status, refused["message"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("Código inválido ou expirado. Peça um novo código."))
    );
    assert_eq!(app.count_sessions().await, 0);

    let mut right = body;
    right["code"] = json!(code);
    let response = app.client_login("login-purchase", &acme.url, right.clone()).await;
    assert!(cookie_value(&response, COOKIE).is_some());
    assert_eq!(response.status(), StatusCode::OK);
    // A code opens one session: used up.
    assert_eq!(app.client_login("login-purchase", &acme.url, right).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_purchase_made_with_someone_elses_email_opens_nothing_of_theirs() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    // The victim: a client with a password, a license and a sale of their own.
    let victim = app.client_of(&acme).await;
    let (_, before) = json(victim.get("/api/client/licenses").await).await;
    // The attacker buys with the victim's e-mail: the sale joins the victim's
    // record, as the Hotmart intake files it (the e-mail is the client's identity).
    let attacker_purchase = "HP-ATACANTE-1";
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker_for(acme.id))
            .await
            .unwrap();
    sqlx::query(
        "INSERT INTO tenant_sales (id, tenant_id, client_id, external_id, origin, net_amount, status, sale_date)
         VALUES (gen_random_uuid(), $1, $2, $3, 'hotmart', 97, 'confirmed', now())",
    )
    .bind(acme.id)
    .bind(acme.client_id)
    .bind(attacker_purchase)
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();

    // The attacker knows the e-mail and their own purchase id, not the mailbox.
    let attacker = app.anonymous();
    let url = app.url(&format!("/api/client-auth/login-purchase?tenant={}", acme.url));
    let ask = json!({"email": acme.client_email, "purchaseId": attacker_purchase});
    assert_eq!(attacker.http.post(&url).json(&ask).send().await.unwrap().status(), StatusCode::ACCEPTED);
    for guess in ["123456", "999999"] {
        let mut with_guess = ask.clone();
        with_guess["code"] = json!(guess);
        let response = attacker.http.post(&url).json(&with_guess).send().await.unwrap();
        assert_ne!(response.status(), StatusCode::OK, "a guessed code opens nothing");
    }
    for path in ["/api/client/licenses", "/api/client/dashboard", "/api/client/subscriptions", "/api/client-auth/me"] {
        let status = attacker.get(path).await.status();
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}: none of the victim's data");
    }
    // The victim's own view is untouched.
    let (_, after) = json(victim.get("/api/client/licenses").await).await;
    assert_eq!(before, after);
    // Whoever holds the mailbox (the victim) signs in with a purchase id as before.
    let mailbox_holder = app.browser();
    let response = app.purchase_login(&mailbox_holder, &acme, &acme.client_email, &acme.purchase_id).await;
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn wrong_credentials_get_the_spec_messages() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let (status, body) =
        json(app.client_login("login", &acme.url, json!({"email": acme.client_email, "password": "errada123"})).await)
            .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], "E-mail ou senha incorretos");
    let (status, body) = json(
        app.client_login("login-purchase", &acme.url, json!({"email": acme.client_email, "purchaseId": "HP-outro"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], "E-mail ou ID de compra inválidos");
    let (status, body) =
        json(app.client_login("login-purchase", &acme.url, json!({"email": "x", "purchaseId": " "})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["email"], "E-mail inválido");
    assert_eq!(body["fields"]["purchaseId"], "ID de compra é obrigatório");
    assert_eq!(app.count_sessions().await, 0);
}

#[tokio::test]
async fn a_client_of_one_tenant_cannot_log_in_at_another() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    let response =
        app.client_login("login", &other.url, json!({"email": acme.client_email, "password": PASSWORD})).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    // Nor with A's purchase id at B.
    let response = app
        .client_login("login-purchase", &other.url, json!({"email": acme.client_email, "purchaseId": acme.purchase_id}))
        .await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_unknown_tenant_is_a_404() {
    let app = TestApp::spawn().await;
    let (status, body) = json(
        app.browser()
            .post(app.url("/api/client-auth/login?tenant=nada.example.com"))
            .json(&json!({"email": "a@b.com", "password": PASSWORD}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Portal não encontrado para este endereço.");
}

#[tokio::test]
async fn client_logout_ends_the_session_and_sessions_do_not_cross_portals() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let response =
        app.client_login("login", &acme.url, json!({"email": acme.client_email, "password": PASSWORD})).await;
    let token = cookie_value(&response, COOKIE).unwrap();
    let raw = reqwest::Client::new();
    // A client session is not an owner session, even with the tenant's key.
    let as_owner = raw
        .get(app.url("/api/tenant-auth/me"))
        .headers(with_cookie("rf_tenant_session", &token))
        .header("x-tenant-secret", &acme.secret)
        .send()
        .await
        .unwrap();
    assert_eq!(as_owner.status(), StatusCode::UNAUTHORIZED);

    let logout = raw
        .post(app.url("/api/client-auth/logout"))
        .headers(with_cookie(COOKIE, &token))
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), StatusCode::NO_CONTENT);
    let me = raw.get(app.url("/api/client-auth/me")).headers(with_cookie(COOKIE, &token)).send().await.unwrap();
    assert_eq!(me.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn public_branding_never_reveals_secrets() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let (status, body) = json(
        app.browser()
            .get(app.url(&format!("/api/public/tenant-branding?secret={}", acme.secret)))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["name"], "Loja acme");
    let text = body.to_string();
    assert!(!text.contains(&acme.secret));
    let (status, _) =
        json(app.browser().get(app.url("/api/public/tenant-branding?secret=nope")).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_suspended_client_or_tenant_loses_its_session_at_once() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let response =
        app.client_login("login", &acme.url, json!({"email": acme.client_email, "password": PASSWORD})).await;
    let token = cookie_value(&response, COOKIE).unwrap();
    let me = || reqwest::Client::new().get(app.url("/api/client-auth/me")).headers(with_cookie(COOKIE, &token)).send();
    assert_eq!(me().await.unwrap().status(), StatusCode::OK);

    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker()).await.unwrap();
    sqlx::query("UPDATE tenants SET status = 'suspended' WHERE id = $1").bind(acme.id).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(me().await.unwrap().status(), StatusCode::UNAUTHORIZED);

    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker()).await.unwrap();
    sqlx::query("UPDATE tenants SET status = 'active' WHERE id = $1").bind(acme.id).execute(&mut *tx).await.unwrap();
    sqlx::query("UPDATE tenant_clients SET status = 'suspended' WHERE tenant_id = $1")
        .bind(acme.id)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(me().await.unwrap().status(), StatusCode::UNAUTHORIZED);
}
