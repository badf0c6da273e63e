//! Per-address limits count networks, not addresses (issue 33): every
//! address of one IPv6 /64 is one caller, and so is every address of one
//! IPv4 /24 where the operator asks for it. Each test performs the attack
//! that worked when each exact address had its own limit.

use std::net::IpAddr;

use reqwest::StatusCode;
use serde_json::json;
use shared::infrastructure::config::Config;

use crate::support::{TenantFixture, TestApp};

/// A license check from `ip` as a trusted proxy reports it (`None`: the real peer).
async fn license_check(app: &TestApp, browser: &reqwest::Client, forwarded: Option<&str>) -> StatusCode {
    let mut request = browser.post(app.url("/api/webhooks/validate-license")).json(&json!({
        "email": "quem@x.com", "mtAccount": 1234, "robotId": uuid::Uuid::nil(), "tenantId": uuid::Uuid::nil(), "nonce": "n"
    }));
    if let Some(ip) = forwarded {
        request = request.header("x-forwarded-for", ip);
    }
    request.send().await.unwrap().status()
}

/// A client login with a wrong password for an invented e-mail (so only the
/// per-address limit can stop it).
async fn guess(
    app: &TestApp,
    browser: &reqwest::Client,
    tenant: &TenantFixture,
    forwarded: Option<&str>,
    i: usize,
) -> StatusCode {
    let mut request = browser
        .post(app.url(&format!("/api/client-auth/login?tenant={}", tenant.url)))
        .json(&json!({"email": format!("inventado{i}@x.com"), "password": "chute-errado"}));
    if let Some(ip) = forwarded {
        request = request.header("x-forwarded-for", ip);
    }
    request.send().await.unwrap().status()
}

/// A client whose connections leave from `ip` (any 127.x address is loopback on Linux).
fn from_loopback(ip: &str) -> reqwest::Client {
    reqwest::Client::builder().local_address(ip.parse::<IpAddr>().unwrap()).build().unwrap()
}

fn group_ipv4_by_24(c: &mut Config) {
    c.rate_limit_ipv4_prefix = 24;
}

#[tokio::test]
async fn addresses_in_one_ipv6_64_share_one_license_check_limit() {
    let app = TestApp::spawn_with(|c| {
        c.trust_proxy = 1;
        c.license_checks_per_minute = 5;
    })
    .await;
    let browser = app.browser();
    let mut statuses = Vec::new();
    // Ten addresses of one /64, one check each: the old per-address count saw ten callers.
    for i in 1..=10 {
        statuses.push(license_check(&app, &browser, Some(&format!("2001:db8:1:2::{i:x}"))).await);
    }
    assert_eq!(&statuses[..5], &[StatusCode::OK; 5], "{statuses:?}");
    assert_eq!(&statuses[5..], &[StatusCode::TOO_MANY_REQUESTS; 5], "one /64 is one caller: {statuses:?}");
    // The same /64 written as an IPv4-mapped address or not, another /64 is another caller.
    assert_eq!(license_check(&app, &browser, Some("2001:db8:1:3::1")).await, StatusCode::OK, "another /64");
}

#[tokio::test]
async fn addresses_in_one_ipv6_64_share_one_login_limit() {
    let app = TestApp::spawn_with(|c| {
        c.trust_proxy = 1;
        c.login_limits.per_ip = 5;
    })
    .await;
    let acme = app.tenant("acme").await;
    let browser = app.browser();
    let mut statuses = Vec::new();
    for i in 1..=8 {
        statuses.push(guess(&app, &browser, &acme, Some(&format!("2001:db8:7:7:{i:x}::1")), i).await);
    }
    assert_eq!(&statuses[..5], &[StatusCode::UNAUTHORIZED; 5], "{statuses:?}");
    assert_eq!(&statuses[5..], &[StatusCode::TOO_MANY_REQUESTS; 3], "one /64 is one caller: {statuses:?}");
    let elsewhere = guess(&app, &browser, &acme, Some("2001:db8:7:8::1"), 99).await;
    assert_eq!(elsewhere, StatusCode::UNAUTHORIZED, "another /64 has its own count");
}

#[tokio::test]
async fn with_24_grouping_three_loopback_addresses_share_one_license_check_limit() {
    let app = TestApp::spawn_with(|c| {
        c.license_checks_per_minute = 6;
        group_ipv4_by_24(c);
    })
    .await;
    let mut statuses = Vec::new();
    for ip in ["127.0.0.1", "127.0.0.2", "127.0.0.3"] {
        let browser = from_loopback(ip);
        for _ in 0..4 {
            statuses.push(license_check(&app, &browser, None).await);
        }
    }
    assert_eq!(&statuses[..6], &[StatusCode::OK; 6], "{statuses:?}");
    assert_eq!(&statuses[6..], &[StatusCode::TOO_MANY_REQUESTS; 6], "one /24 is one caller: {statuses:?}");
    assert_eq!(license_check(&app, &from_loopback("127.0.1.1"), None).await, StatusCode::OK, "another /24");
}

#[tokio::test]
async fn with_24_grouping_three_loopback_addresses_share_one_login_limit() {
    let app = TestApp::spawn_with(|c| {
        c.login_limits.per_ip = 6;
        group_ipv4_by_24(c);
    })
    .await;
    let acme = app.tenant("acme").await;
    let mut statuses = Vec::new();
    for (n, ip) in ["127.0.0.1", "127.0.0.2", "127.0.0.3"].into_iter().enumerate() {
        let browser = from_loopback(ip);
        for i in 0..4 {
            statuses.push(guess(&app, &browser, &acme, None, n * 10 + i).await);
        }
    }
    assert_eq!(&statuses[..6], &[StatusCode::UNAUTHORIZED; 6], "{statuses:?}");
    assert_eq!(&statuses[6..], &[StatusCode::TOO_MANY_REQUESTS; 6], "one /24 is one caller: {statuses:?}");
    let elsewhere = guess(&app, &from_loopback("127.0.1.1"), &acme, None, 99).await;
    assert_eq!(elsewhere, StatusCode::UNAUTHORIZED, "another /24 has its own count");
}

#[tokio::test]
async fn by_default_each_ipv4_address_keeps_its_own_limit() {
    let app = TestApp::spawn_with(|c| c.license_checks_per_minute = 2).await;
    for ip in ["127.0.0.1", "127.0.0.2", "127.0.0.3"] {
        let browser = from_loopback(ip);
        assert_eq!(license_check(&app, &browser, None).await, StatusCode::OK, "{ip}");
        assert_eq!(license_check(&app, &browser, None).await, StatusCode::OK, "{ip}");
        assert_eq!(license_check(&app, &browser, None).await, StatusCode::TOO_MANY_REQUESTS, "{ip}");
    }
}

#[tokio::test]
async fn purchase_id_sign_in_codes_are_limited_per_64_too() {
    let app = TestApp::spawn_with(|c| {
        c.trust_proxy = 1;
        c.login_limits.per_ip = 3;
    })
    .await;
    let acme = app.tenant("acme").await;
    let mut statuses = Vec::new();
    for i in 1..=5 {
        let response = app
            .browser()
            .post(app.url(&format!("/api/client-auth/login-purchase?tenant={}", acme.url)))
            .header("x-forwarded-for", format!("2001:db8:9:9::{i:x}"))
            .json(&json!({"email": format!("inventado{i}@x.com"), "purchaseId": format!("HP-{i}")}))
            .send()
            .await
            .unwrap();
        statuses.push(response.status());
    }
    assert_eq!(&statuses[..3], &[StatusCode::UNAUTHORIZED; 3], "{statuses:?}");
    assert_eq!(&statuses[3..], &[StatusCode::TOO_MANY_REQUESTS; 2], "one /64 is one caller: {statuses:?}");
}
