use reqwest::StatusCode;

use crate::support::TestApp;

#[tokio::test]
async fn serves_files_spa_routes_and_json_404s_for_unknown_api_paths() {
    let dist = std::env::temp_dir().join(format!("rf-dist-{}", shared::domain::ids::new_id().simple()));
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(dist.join("index.html"), "<meta name=\"rf-platform-domain\" content=\"__RF_PLATFORM_DOMAIN__\"><meta name=\"rf-dev-hosts\" content=\"__RF_DEV_HOSTS__\">SPA")
        .unwrap();
    std::fs::write(dist.join("assets/app-1a2b.js"), "console.log(1)").unwrap();
    std::fs::create_dir_all(dist.join("api-docs")).unwrap();
    std::fs::write(dist.join("api-docs/index.html"), "DOCS").unwrap();
    let app = TestApp::spawn_with(|c| {
        c.web_dist = dist.clone();
        c.portal_rules = shared::domain::portal::PortalRules::new("localhost".into(), vec!["qa.example.com".into()]);
    })
    .await;

    for path in ["/", "/tenant/login", "/client/login", "/tenants"] {
        let response = reqwest::get(app.url(path)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let html = response.text().await.unwrap();
        assert!(html.contains("content=\"localhost\"") && html.contains("SPA"), "{path}: {html}");
        assert!(html.contains("content=\"qa.example.com\""), "{path}: dev hosts handed to the web app");
    }
    let asset = reqwest::get(app.url("/assets/app-1a2b.js")).await.unwrap();
    assert_eq!(asset.status(), StatusCode::OK);
    assert!(asset.headers()["cache-control"].to_str().unwrap().contains("immutable"));

    // The API reference page is a directory index, not the SPA.
    assert_eq!(reqwest::get(app.url("/api-docs/")).await.unwrap().text().await.unwrap(), "DOCS");
    assert_eq!(reqwest::get(app.url("/api-docs")).await.unwrap().text().await.unwrap(), "DOCS", "redirect followed");

    let missing = reqwest::get(app.url("/api/nao-existe")).await.unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let body: serde_json::Value = missing.json().await.unwrap();
    assert_eq!(body["message"], "Rota não encontrada");
}

#[tokio::test]
async fn responses_carry_a_request_id_and_security_headers() {
    let app = TestApp::spawn().await;
    let response = reqwest::get(app.url("/api/health")).await.unwrap();
    let headers = response.headers();
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["x-frame-options"], "DENY");
    assert!(!headers["x-request-id"].to_str().unwrap().is_empty());
    let echoed =
        reqwest::Client::new().get(app.url("/api/health")).header("x-request-id", "abc-123").send().await.unwrap();
    assert_eq!(echoed.headers()["x-request-id"], "abc-123", "a proxy's id is kept");
}

/// A built web app with what a build ships beside the SPA: Vite's manifest
/// and the API reference page.
fn built_dist() -> std::path::PathBuf {
    let dist = std::env::temp_dir().join(format!("rf-dist-{}", shared::domain::ids::new_id().simple()));
    std::fs::create_dir_all(dist.join(".vite")).unwrap();
    std::fs::create_dir_all(dist.join("api-docs")).unwrap();
    std::fs::write(dist.join("index.html"), "SPA").unwrap();
    std::fs::write(
        dist.join(".vite/manifest.json"),
        r#"{"src/main.tsx":{"file":"assets/main-1a2b.js","isEntry":true}}"#,
    )
    .unwrap();
    std::fs::write(dist.join("api-docs/index.html"), "DOCS").unwrap();
    dist
}

#[tokio::test]
async fn a_production_host_serves_no_manifest_no_api_reference_and_no_openapi_document() {
    let dist = built_dist();
    // Production: no development host, docs not switched on.
    let app = TestApp::spawn_with(|c| {
        c.web_dist = dist.clone();
        c.portal_rules = shared::domain::portal::PortalRules::new("roboforge.example".into(), vec![]);
        c.serve_api_docs = false;
    })
    .await;
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let paths = [
        "/.vite/manifest.json",
        "/.vite/",
        "/.vite",
        "/%2evite/manifest.json",
        "/assets/%2E%2E/.vite/manifest.json",
        "/api-docs/",
        "/api-docs",
        "/api-docs/init.js",
        "/api%2Ddocs/",
        "/api/openapi.json",
    ];
    for path in paths {
        let response = browser.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let body = response.text().await.unwrap();
        assert!(!body.contains("isEntry") && !body.contains("DOCS") && !body.contains("openapi"), "{path}: {body}");
    }
    // The app itself is still there.
    assert_eq!(reqwest::get(app.url("/tenant/login")).await.unwrap().text().await.unwrap(), "SPA");
    assert_eq!(reqwest::get(app.url("/api/health")).await.unwrap().status(), StatusCode::OK);
}

#[tokio::test]
async fn where_the_reference_is_switched_on_it_is_served_and_the_manifest_never_is() {
    let dist = built_dist();
    let app = TestApp::spawn_with(|c| {
        c.web_dist = dist.clone();
        c.serve_api_docs = true;
    })
    .await;
    assert_eq!(reqwest::get(app.url("/api-docs/")).await.unwrap().text().await.unwrap(), "DOCS");
    let document = reqwest::get(app.url("/api/openapi.json")).await.unwrap();
    assert_eq!(document.status(), StatusCode::OK);
    assert!(document.text().await.unwrap().contains("\"openapi\""));
    // The build's manifest is for scripts/check-bundle.mjs, which reads the file: no host serves it.
    for path in ["/.vite/manifest.json", "/.vite/"] {
        assert_eq!(reqwest::get(app.url(path)).await.unwrap().status(), StatusCode::NOT_FOUND, "{path}");
    }
}
