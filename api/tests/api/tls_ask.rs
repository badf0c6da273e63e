//! Caddy's on-demand TLS `ask`: certificates only for the hosts the platform
//! serves.

use reqwest::StatusCode;
use shared::portal::PortalRules;

use crate::support::TestApp;

#[tokio::test]
async fn only_the_platform_and_its_tenants_hosts_may_get_a_certificate() {
    let app = TestApp::spawn_with(|c| {
        c.portal_rules = PortalRules::new("roboforge.com.br".into(), vec!["127.0.0.1".into()]);
    })
    .await;
    let acme = app.tenant("acme").await;
    let anonymous = app.anonymous();
    let ask = |domain: &str| {
        let path = format!("/api/public/tls-ask?domain={}", urlencode(domain));
        let anonymous = &anonymous;
        async move { anonymous.get(&path).await.status() }
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
    assert_eq!(anonymous.get("/api/public/tls-ask").await.status(), StatusCode::NOT_FOUND, "no domain at all");
}

fn urlencode(value: &str) -> String {
    value
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b".-_".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}
