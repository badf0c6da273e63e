//! Caddy's on-demand TLS `ask`: certificates only for the hosts the platform
//! serves.

use reqwest::StatusCode;
use shared::domain::portal::PortalRules;

use crate::support::TestApp;

#[tokio::test]
async fn only_the_platform_and_its_tenants_hosts_may_get_a_certificate() {
    let app = TestApp::spawn_with(|c| {
        c.portal_rules = PortalRules::new("roboforge.com.br".into(), vec!["127.0.0.1".into()]);
    })
    .await;
    let acme = app.tenant("acme").await;
    let ask = |domain: &str| {
        let request = app.browser().get(app.url("/api/public/tls-ask")).query(&[("domain", domain)]);
        async move { request.send().await.unwrap().status() }
    };
    for served in [
        acme.url.as_str(),
        &format!("admin.{}", acme.url),
        &format!("ADMIN.{}.:443", acme.url.to_uppercase()),
        "roboforge.com.br",
        "admin.roboforge.com.br",
        "www.roboforge.com.br",
    ] {
        assert_eq!(ask(served).await, StatusCode::OK, "{served}");
    }
    for refused in [
        "evil.example.net",
        "admin.evil.example.net",
        &format!("www.{}", acme.url),
        &format!("x{}", acme.url),
        "127.0.0.1",
        "",
        " ",
    ] {
        assert_eq!(ask(refused).await, StatusCode::NOT_FOUND, "{refused:?}");
    }
    let without_domain = app.browser().get(app.url("/api/public/tls-ask")).send().await.unwrap();
    assert_eq!(without_domain.status(), StatusCode::NOT_FOUND, "no domain at all");
}
