//! The foundation tried as an attacker would: races on the login limit,
//! third parties locking a user out, forged proxy headers, floods, hosts a
//! client can forge, forms from other sites.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;
use shared::domain::portal::PortalRules;

use crate::support::{join_all, set_cookie_header, TestApp, PASSWORD};

#[tokio::test]
async fn twenty_concurrent_wrong_logins_let_at_most_five_through() {
    let app = TestApp::spawn().await;
    app.admin("maria", PASSWORD).await;
    let attempts = (0..20).map(|_| {
        let browser = app.browser();
        let url = app.url("/api/auth/login");
        async move {
            browser
                .post(url)
                .json(&json!({"username": "maria", "password": "errada123"}))
                .send()
                .await
                .unwrap()
                .status()
        }
    });
    let statuses = join_all(attempts).await;
    let unauthorized = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    let throttled = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    assert!(unauthorized <= 5, "{unauthorized} attempts got past the limit: {statuses:?}");
    assert_eq!(unauthorized + throttled, 20, "{statuses:?}");
}

/// Posts an owner login as if from `ip` (behind one trusted proxy).
async fn owner_login_from(app: &TestApp, ip: &str, email: &str, secret: &str, password: &str) -> StatusCode {
    app.browser()
        .post(app.url("/api/tenant-auth/login"))
        .header("x-tenant-secret", secret)
        .header("x-forwarded-for", ip)
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
        .status()
}

#[tokio::test]
async fn a_third_party_guessing_from_elsewhere_cannot_lock_the_owner_out() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = 1).await;
    let acme = app.tenant("acme").await;
    for attacker in ["198.51.100.1", "198.51.100.2", "198.51.100.3"] {
        for _ in 0..5 {
            let status = owner_login_from(&app, attacker, &acme.owner_email, &acme.secret, "chute123").await;
            assert_eq!(status, StatusCode::UNAUTHORIZED);
        }
        let status = owner_login_from(&app, attacker, &acme.owner_email, &acme.secret, PASSWORD).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "the guessing address is stopped, right password or not");
    }
    let owner = owner_login_from(&app, "203.0.113.7", &acme.owner_email, &acme.secret, PASSWORD).await;
    assert_eq!(owner, StatusCode::OK, "the owner, from their own address, still gets in");
}

#[tokio::test]
async fn a_forged_x_forwarded_for_does_not_evade_the_per_ip_limit() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = 1).await;
    let acme = app.tenant("acme").await;
    let mut statuses = Vec::new();
    for i in 0..7 {
        // The client writes whatever it likes on the left; the proxy appends the real address.
        let forged = format!("10.0.0.{i}, 192.0.2.{i}, 203.0.113.50");
        statuses.push(owner_login_from(&app, &forged, &acme.owner_email, &acme.secret, "chute123").await);
    }
    assert_eq!(&statuses[..5], &[StatusCode::UNAUTHORIZED; 5]);
    assert_eq!(&statuses[5..], &[StatusCode::TOO_MANY_REQUESTS; 2], "{statuses:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_answers_within_a_second_while_two_hundred_logins_run() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = 1).await;
    let acme = app.tenant("acme").await;
    let flood: Vec<_> = (0..200)
        .map(|i| {
            let (browser, url) = (app.browser(), app.url("/api/client-auth/login"));
            let tenant = acme.url.clone();
            async move {
                browser
                    .post(format!("{url}?tenant={tenant}"))
                    .header("x-forwarded-for", format!("198.18.{}.{}", i / 250, i % 250))
                    .json(&json!({"email": format!("c{i}@x.com"), "password": "qualquer-coisa"}))
                    .send()
                    .await
                    .unwrap()
                    .status()
            }
        })
        .collect();
    let flood = tokio::spawn(join_all(flood));
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut slowest = Duration::ZERO;
    for _ in 0..5 {
        let started = Instant::now();
        let health = reqwest::get(app.url("/api/health")).await.unwrap();
        assert_eq!(health.status(), StatusCode::OK);
        slowest = slowest.max(started.elapsed());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let statuses = flood.await.unwrap();
    assert!(slowest < Duration::from_secs(1), "health took {slowest:?} during the flood");
    assert!(
        statuses.iter().all(|s| matches!(s.as_u16(), 401 | 429 | 503)),
        "a flood degrades into refusals, never errors: {statuses:?}"
    );
}

#[tokio::test]
async fn without_development_hosts_localhost_is_just_another_host() {
    let app = TestApp::spawn_with(|c| c.portal_rules = PortalRules::new("roboforge.com.br".into(), vec![])).await;
    let acme = app.tenant("acme").await;
    // `?tenant=` is development behaviour: on a production setup it names nothing.
    let response = app
        .browser()
        .post(app.url(&format!("/api/client-auth/login?tenant={}", acme.url)))
        .header("host", "localhost")
        .json(&json!({"email": acme.client_email, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    // Branding by key neither.
    let branding = app
        .browser()
        .get(app.url(&format!("/api/public/tenant-branding?secret={}", acme.secret)))
        .header("host", "localhost")
        .send()
        .await
        .unwrap();
    assert_eq!(branding.status(), StatusCode::NOT_FOUND);
    // On the tenant's own host the login works, with a Secure cookie and HSTS.
    let response = app
        .browser()
        .post(app.url("/api/client-auth/login"))
        .header("host", &acme.url)
        .json(&json!({"email": acme.client_email, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let cookie = set_cookie_header(&response, "rf_client_session").unwrap();
    assert!(cookie.contains("Secure"), "{cookie}");
    assert!(response.headers().contains_key("strict-transport-security"));
}

#[tokio::test]
async fn security_headers_on_pages_and_api() {
    let app = TestApp::spawn_with(|c| c.portal_rules = PortalRules::new("roboforge.com.br".into(), vec![])).await;
    for path in ["/", "/api/health"] {
        let response = app.browser().get(app.url(path)).header("host", "roboforge.com.br").send().await.unwrap();
        let h = response.headers();
        let csp = h.get("content-security-policy").unwrap().to_str().unwrap();
        let script_src = csp.split(';').find(|d| d.trim().starts_with("script-src")).unwrap_or_default();
        assert_eq!(script_src.trim(), "script-src 'self'", "no inline script: {path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"));
        assert_eq!(h.get("x-content-type-options").unwrap(), "nosniff");
        assert!(h.get("strict-transport-security").unwrap().to_str().unwrap().contains("max-age="));
        if path.starts_with("/api/") {
            assert_eq!(h.get("cache-control").unwrap(), "no-store", "{path}");
        }
    }
    // Development hosts are plain http: no HSTS there.
    let dev = TestApp::spawn().await;
    let response = dev.browser().get(dev.url("/api/health")).send().await.unwrap();
    assert!(!response.headers().contains_key("strict-transport-security"));
}

#[tokio::test]
async fn purchase_login_needs_a_confirmed_sale_and_a_sane_length() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let body = json!({"email": acme.client_email, "purchaseId": acme.purchase_id});
    // A confirmed sale: the first step sends the e-mail code.
    assert_eq!(app.client_login("login-purchase", &acme.url, body.clone()).await.status(), StatusCode::ACCEPTED);

    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker_for(acme.id))
            .await
            .unwrap();
    sqlx::query("UPDATE tenant_sales SET status = 'refunded' WHERE client_id = $1")
        .bind(acme.client_id)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(app.client_login("login-purchase", &acme.url, body).await.status(), StatusCode::UNAUTHORIZED);

    let long = json!({"email": acme.client_email, "purchaseId": "9".repeat(129)});
    let response = app.client_login("login-purchase", &acme.url, long).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["fields"]["purchaseId"], "ID de compra deve ter no máximo 128 caracteres");
}

#[tokio::test]
async fn an_idle_admin_session_expires() {
    let app = TestApp::spawn_with(|c| c.admin_idle_timeout = Duration::from_secs(1)).await;
    let admin = app.as_admin().await;
    assert_eq!(admin.get("/api/auth/me").await.status(), StatusCode::OK);
    tokio::time::sleep(Duration::from_millis(2100)).await;
    assert_eq!(admin.get("/api/auth/me").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn signed_in_callers_reach_their_own_portal_only() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    let owner = app.owner_of(&acme).await;
    let client = app.client_of(&acme).await;
    assert_eq!(owner.get("/api/tenant-auth/me").await.status(), StatusCode::OK);
    assert_eq!(client.get("/api/client-auth/me").await.status(), StatusCode::OK);
    assert_eq!(owner.get("/api/auth/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(client.get("/api/tenant-auth/me").await.status(), StatusCode::UNAUTHORIZED);
    let wrong_key = crate::support::Caller { tenant_secret: Some(other.secret.clone()), ..owner };
    assert_eq!(wrong_key.get("/api/tenant-auth/me").await.status(), StatusCode::UNAUTHORIZED);
    let response = app.anonymous().post("/api/users", json!({})).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let admin = app.as_admin().await;
    assert_eq!(admin.delete("/api/auth/me").await.status(), StatusCode::METHOD_NOT_ALLOWED);
}

/// An admin login from `ip` (behind one trusted proxy) with `browser`'s cookies.
async fn admin_login_from(app: &TestApp, browser: &reqwest::Client, ip: &str, password: &str) -> StatusCode {
    browser
        .post(app.url("/api/auth/login"))
        .header("x-forwarded-for", ip)
        .json(&json!({"username": "chefe", "password": password}))
        .send()
        .await
        .unwrap()
        .status()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_addresses_cannot_lock_the_admin_out_of_a_device_that_signed_in_before() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = 1).await;
    app.admin("chefe", PASSWORD).await;
    let laptop = app.browser();
    assert_eq!(admin_login_from(&app, &laptop, "203.0.113.10", PASSWORD).await, StatusCode::OK, "signed in once");

    // 120 wrong guesses from 60 addresses, two each, ten at a time.
    let mut statuses = Vec::new();
    for batch in 0..12 {
        let guesses: Vec<_> = (batch * 10..batch * 10 + 10)
            .map(|i| {
                let app_url = app.url("/api/auth/login");
                let ip = format!("198.51.{}.{}", 100 + i / 2 / 250, (i / 2) % 250 + 1);
                async move {
                    reqwest::Client::new()
                        .post(app_url)
                        .header("x-forwarded-for", ip)
                        .json(&json!({"username": "chefe", "password": "chute-errado"}))
                        .send()
                        .await
                        .unwrap()
                        .status()
                }
            })
            .collect();
        statuses.extend(join_all(guesses).await);
    }
    // Every guess refused: wrong (401), throttled (429) or shed while the login slots were busy (503).
    let refused = [StatusCode::UNAUTHORIZED, StatusCode::TOO_MANY_REQUESTS, StatusCode::SERVICE_UNAVAILABLE];
    assert!(statuses.iter().all(|s| refused.contains(s)), "{statuses:?}");
    assert!(statuses.contains(&StatusCode::TOO_MANY_REQUESTS), "the account's ceiling was reached: {statuses:?}");

    // Strangers stay throttled, even with the right password...
    let stranger = app.browser();
    assert_eq!(admin_login_from(&app, &stranger, "192.0.2.77", PASSWORD).await, StatusCode::TOO_MANY_REQUESTS);
    // ...the admin's own device still signs in, from a new address too.
    assert_eq!(
        admin_login_from(&app, &laptop, "192.0.2.200", "senha-errada").await,
        StatusCode::UNAUTHORIZED,
        "a typo on the trusted device is a plain refusal, not a lock-out"
    );
    assert_eq!(admin_login_from(&app, &laptop, "192.0.2.200", PASSWORD).await, StatusCode::OK);
    // A device cookie is this account's only: carried to another account, it trusts nothing.
    app.admin("outro", PASSWORD).await;
    let cookie = laptop
        .post(app.url("/api/auth/login"))
        .header("x-forwarded-for", "192.0.2.200")
        .json(&json!({"username": "chefe", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    let device = crate::support::set_cookie_header(&cookie, "rf_admin_device").expect("a device cookie");
    assert!(device.contains("HttpOnly") && device.contains("Max-Age="), "{device}");
    let value = device.split(';').next().unwrap().to_string();
    for i in 0..6 {
        let status = reqwest::Client::new()
            .post(app.url("/api/auth/login"))
            .header("x-forwarded-for", "192.0.2.99")
            .header("cookie", &value)
            .json(&json!({"username": "outro", "password": format!("errada-{i}")}))
            .send()
            .await
            .unwrap()
            .status();
        let expected = if i < 5 { StatusCode::UNAUTHORIZED } else { StatusCode::TOO_MANY_REQUESTS };
        assert_eq!(status, expected, "attempt {i} on another account with chefe's device cookie");
    }
}
