//! The owner's catalogue: robots with logos, versions in object storage,
//! sales pages, brand settings and e-mail settings. Uploads are judged by
//! their bytes; HTML and SVG come back without anything that could run.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::{fake_ex5, join_all, json as read_json, Caller, Part, TestApp};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

struct Catalog {
    app: TestApp,
    owner: Caller,
    other_owner: Caller,
    robot: String,
    owner_email: String,
    tenant_url: String,
}

async fn catalog() -> Catalog {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let beta = app.tenant("beta").await;
    let owner = app.owner_of(&acme).await;
    let other_owner = app.owner_of(&beta).await;
    let (status, robot) =
        read_json(owner.post("/api/tenant/robots", json!({"name": "Robô Alfa", "description": "Tendência"})).await)
            .await;
    assert_eq!(status, StatusCode::CREATED, "{robot}");
    let robot = robot["id"].as_str().unwrap().to_string();
    Catalog { app, owner, other_owner, robot, owner_email: acme.owner_email.clone(), tenant_url: acme.url }
}

async fn upload_version(c: &Catalog, version: &str, name: &str, bytes: &[u8]) -> (StatusCode, Value) {
    let parts = [
        Part::File { field: "file", name, bytes },
        Part::Text { field: "version", value: version },
        Part::Text { field: "notes", value: "Correções" },
    ];
    read_json(
        c.owner.send_multipart(Method::POST, &format!("/api/tenant/robots/{}/versions/upload", c.robot), &parts).await,
    )
    .await
}

#[tokio::test]
async fn a_png_named_exe_is_stored_as_the_png_it_is() {
    let c = catalog().await;
    let path = format!("/api/tenant/robots/{}/upload-logo", c.robot);
    let (status, body) = read_json(
        c.owner
            .send_multipart(Method::POST, &path, &[Part::File { field: "logo", name: "logo.exe", bytes: PNG }])
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let url = body["logoUrl"].as_str().unwrap();
    assert!(url.ends_with(".png"), "{url}");
    let served = c.app.browser().get(c.app.url(url)).send().await.unwrap();
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);
    let (_, robot) = read_json(c.owner.get(&format!("/api/tenant/robots/{}", c.robot)).await).await;
    assert_eq!(robot["logoUrl"], url);

    let exe = b"MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff\0\0";
    let (status, body) = read_json(
        c.owner
            .send_multipart(Method::POST, &path, &[Part::File { field: "logo", name: "logo.png", bytes: exe }])
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["logo"], "Tipo de arquivo não permitido. Use: PNG, JPEG, SVG ou WEBP");
}

#[tokio::test]
async fn an_svg_with_a_script_is_served_without_it_and_under_a_sandbox() {
    let c = catalog().await;
    let svg = br##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" onload="alert(1)"><script>alert(2)</script><rect width="8" height="8" fill="#10b981"/></svg>"##;
    let (status, body) = read_json(
        c.owner
            .send_multipart(
                Method::POST,
                "/api/tenant/settings/logo/upload",
                &[Part::File { field: "file", name: "logo.svg", bytes: svg }],
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let served = c.app.browser().get(c.app.url(body["logoUrl"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(served.headers()["content-type"], "image/svg+xml");
    assert!(served.headers()["content-security-policy"].to_str().unwrap().contains("sandbox"));
    let text = served.text().await.unwrap();
    assert!(!text.contains("script") && !text.contains("alert") && !text.contains("onload"), "{text}");
    assert!(text.contains("<rect"), "the drawing stays: {text}");
    let (_, settings) = read_json(c.owner.get("/api/tenant/settings").await).await;
    assert_eq!(settings["logoUrl"], body["logoUrl"]);
}

/// Sends a logo upload that announces 20 MB but stops after the first
/// 5 MB + 1 byte of file, and reads the answer: it must come without the
/// rest of the body ever being sent.
#[tokio::test]
async fn an_oversized_logo_is_refused_before_the_body_is_read() {
    let c = catalog().await;
    let secret = c.owner.tenant_secret.clone().unwrap();
    // A session of its own for the raw socket below.
    let login = c.app.owner_login(&c.app.browser(), &c.owner_email, &secret).await;
    let cookie = crate::support::cookie_value(&login, "rf_tenant_session").map(|v| format!("rf_tenant_session={v}"));
    let cookie = cookie.expect("a session cookie");
    let addr = c.app.base.trim_start_matches("http://").to_string();
    let mut socket = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let boundary = "XyZ";
    let head = format!(
        "POST /api/tenant/robots/{}/upload-logo HTTP/1.1\r\nHost: {addr}\r\nCookie: {cookie}\r\nX-Tenant-Secret: {secret}\r\n\
         X-Requested-With: test\r\nContent-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: 20971520\r\n\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"logo\"; filename=\"big.png\"\r\n\r\n",
        c.robot
    );
    socket.write_all(head.as_bytes()).await.unwrap();
    let mut chunk = PNG.to_vec();
    chunk.resize(64 * 1024, 0);
    let mut sent = 0usize;
    let limit = 5 * 1024 * 1024 + 1;
    while sent < limit {
        let n = chunk.len().min(limit - sent);
        if socket.write_all(&chunk[..n]).await.is_err() {
            break; // the server already answered and closed
        }
        sent += n;
    }
    let mut answer = vec![0u8; 4096];
    let read = tokio::time::timeout(Duration::from_secs(10), socket.read(&mut answer)).await;
    let n = read.expect("an answer without the remaining 15 MB").unwrap();
    let text = String::from_utf8_lossy(&answer[..n]);
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    assert!(text.contains("Arquivo muito grande"), "{text}");
}

#[tokio::test]
async fn an_exe_named_ex5_is_refused_and_source_code_too() {
    let c = catalog().await;
    let mut exe = b"MZ\x90\0\x03\0\0\0".to_vec();
    exe.extend_from_slice(&fake_ex5(1));
    let (status, body) = upload_version(&c, "1.0.0", "robo.ex5", &exe).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["file"], "Arquivo inválido: envie o robô compilado (.ex5) ou um .zip");
    let source = b"//+------------------------------------------------------------------+\n#include <Trade/Trade.mqh>\nCTrade trade;\nvoid OnTick(){}\n".repeat(10);
    let (status, _) = upload_version(&c, "1.0.0", "robo.ex5", &source).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (_, versions) = read_json(c.owner.get(&format!("/api/tenant/robots/{}/versions", c.robot)).await).await;
    assert_eq!(versions["versions"].as_array().unwrap().len(), 0, "nothing stored");
}

#[tokio::test]
async fn versions_are_stored_hashed_numbered_once_and_downloaded() {
    let c = catalog().await;
    let (_, empty) = read_json(c.owner.get(&format!("/api/tenant/robots/{}/versions", c.robot)).await).await;
    assert_eq!(empty["suggestedVersion"], "1.0.0");
    let first = fake_ex5(1);
    let (status, v1) = upload_version(&c, "1", "Alfa.ex5", &first).await;
    assert_eq!(status, StatusCode::CREATED, "{v1}");
    assert_eq!((v1["version"].as_str(), v1["active"].as_bool()), (Some("1.0.0"), Some(true)), "the first is active");
    assert_eq!(v1["sha256"], shared::infrastructure::secrets::sha256_hex_of(&first));
    let (status, dup) = upload_version(&c, "1.0.0", "Alfa.ex5", &fake_ex5(2)).await;
    assert_eq!(
        (status, dup["fields"]["version"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Esta versão já foi enviada. Use outro número de versão."))
    );
    let (status, bad) = upload_version(&c, "1.2345", "Alfa.ex5", &fake_ex5(2)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    let (status, v2) = upload_version(&c, "2.1.0", "Alfa v2.ex5", &fake_ex5(2)).await;
    assert_eq!((status, v2["active"].as_bool()), (StatusCode::CREATED, Some(false)));

    let (_, list) = read_json(c.owner.get(&format!("/api/tenant/robots/{}/versions", c.robot)).await).await;
    assert_eq!(list["suggestedVersion"], "3.0.0");
    assert_eq!(list["versions"][0]["version"], "2.1.0", "highest first");

    let download = c.owner.get(&format!("/api/tenant/robots/{}/versions/1.0.0/download", c.robot)).await;
    assert_eq!(download.status(), StatusCode::OK);
    assert!(download.headers()["content-disposition"].to_str().unwrap().contains("Alfa.ex5"));
    assert_eq!(download.bytes().await.unwrap().as_ref(), first.as_slice());

    // Notes by JSON, then the file replaced by multipart.
    let version_path = format!("/api/tenant/robots/{}/versions/{}", c.robot, v2["id"].as_str().unwrap());
    let (status, noted) =
        read_json(c.owner.patch_json(&version_path, json!({"notes": "Novo filtro de tendência"})).await).await;
    assert_eq!((status, noted["notes"].as_str()), (StatusCode::OK, Some("Novo filtro de tendência")));
    let replacement = fake_ex5(3);
    let (status, replaced) = read_json(
        c.owner
            .send_multipart(
                Method::PATCH,
                &version_path,
                &[Part::File { field: "file", name: "Alfa v2b.ex5", bytes: &replacement }],
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{replaced}");
    assert_eq!(replaced["sha256"], shared::infrastructure::secrets::sha256_hex_of(&replacement));
    assert_eq!(replaced["notes"], "Novo filtro de tendência", "notes kept when only the file changes");
    let bytes = c
        .owner
        .get(&format!("/api/tenant/robots/{}/versions/{}/download", c.robot, v2["id"].as_str().unwrap()))
        .await
        .bytes()
        .await
        .unwrap();
    assert_eq!(bytes.as_ref(), replacement.as_slice());
}

#[tokio::test]
async fn ten_concurrent_activations_leave_exactly_one_active_version() {
    let c = catalog().await;
    for (i, version) in ["1.0.0", "2.0.0", "3.0.0"].iter().enumerate() {
        let (status, _) = upload_version(&c, version, "r.ex5", &fake_ex5(i as u32)).await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let url = format!("{}/api/tenant/robots/{}/active-version", c.owner.base, c.robot);
    let secret = c.owner.tenant_secret.clone().unwrap();
    let statuses = join_all((0..10).map(|i| {
        let (http, url, secret) = (c.owner.http.clone(), url.clone(), secret.clone());
        async move {
            let version = ["1.0.0", "2.0.0", "3.0.0"][i % 3];
            http.patch(url)
                .header("x-tenant-secret", secret)
                .json(&json!({"version": version}))
                .send()
                .await
                .unwrap()
                .status()
        }
    }))
    .await;
    assert!(statuses.iter().all(|s| *s == StatusCode::OK), "{statuses:?}");
    let (_, list) = read_json(c.owner.get(&format!("/api/tenant/robots/{}/versions", c.robot)).await).await;
    let active: Vec<&Value> = list["versions"].as_array().unwrap().iter().filter(|v| v["active"] == true).collect();
    assert_eq!(active.len(), 1, "{list}");
    assert_eq!(active[0]["version"], list["activeVersion"]);
    let (status, body) = read_json(
        c.owner
            .patch_json(&format!("/api/tenant/robots/{}/active-version", c.robot), json!({"version": "9.9.9"}))
            .await,
    )
    .await;
    assert_eq!((status, body["fields"]["version"].as_str()), (StatusCode::BAD_REQUEST, Some("Versão não encontrada")));
}

#[tokio::test]
async fn sales_pages_are_stored_without_anything_that_runs() {
    let c = catalog().await;
    let path = format!("/api/tenant/robots/{}/sales-page", c.robot);
    let dirty = json!({
        "htmlSection1": "<h1>Robô Alfa</h1><script>alert(1)</script>",
        "htmlSection2": "<img src=\"https://cdn.example/a.png\" onerror=\"alert(2)\">",
        "htmlSection3": "<a href=\"javascript:alert(3)\">Comprar</a>",
        "htmlSection4": "",
        "published": true
    });
    let (status, saved) = read_json(c.owner.patch_json(&path, dirty).await).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (_, stored) = read_json(c.owner.get(&path).await).await;
    let text = stored.to_string();
    for bad in ["<script", "alert", "onerror", "javascript:"] {
        assert!(!text.contains(bad), "{bad} stored: {text}");
    }
    assert!(stored["htmlSection1"].as_str().unwrap().contains("<h1>Robô Alfa</h1>"));
    assert!(stored["htmlSection4"].is_null());

    let public = c
        .app
        .browser()
        .get(c.app.url(&format!("/api/public/robots/{}/sales-page?tenant={}", c.robot, c.tenant_url)))
        .send()
        .await
        .unwrap();
    assert_eq!(public.status(), StatusCode::OK);
    let policy = public.headers()["content-security-policy"].to_str().unwrap().to_string();
    assert!(policy.starts_with("default-src 'none'") && !policy.contains("script-src"), "{policy}");
    assert!(public.text().await.unwrap().contains("<h1>Robô Alfa</h1>"));
}

#[tokio::test]
async fn settings_validate_colours_and_urls_and_apply_to_branding() {
    let c = catalog().await;
    let bad = json!({"themeColors": {"primary": "azul"}, "fontFamily": "Comic Sans", "settings": {"homepageUrl": "javascript:x", "contactEmail": "x"}});
    let (status, body) = read_json(c.owner.patch_json("/api/tenant/settings", bad).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["themeColors.primary"], "Cor inválida (use formato #RRGGBB)");
    assert_eq!(body["fields"]["fontFamily"], "Fonte não disponível");
    assert_eq!(body["fields"]["settings.homepageUrl"], "URL inválida");
    assert_eq!(body["fields"]["settings.contactEmail"], "E-mail inválido");

    let good = json!({"displayName": "Acme Robôs", "themeColors": {"primary": "10B981", "secondary": "#8b5cf6", "accent": ""},
        "backgroundColors": {"background": "#f8fafc", "sidebar": "#e2e8f0"}, "foregroundColor": "#0f172a", "fontFamily": "Poppins",
        "settings": {"lessonsUrl": "https://aulas.acme.com.br", "themePreset": "emerald"}});
    let (status, saved) = read_json(c.owner.patch_json("/api/tenant/settings", good).await).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["themeColors"]["primary"], "#10b981");
    assert!(saved["themeColors"]["accent"].is_null(), "empty values are null");
    assert_eq!(saved["settings"]["language"], "pt-BR");
    let (_, branding) = read_json(
        c.app
            .browser()
            .get(c.app.url(&format!("/api/public/tenant-branding?tenant={}", c.tenant_url)))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        (branding["primaryColor"].as_str(), branding["customFont"].as_str()),
        (Some("#10b981"), Some("Poppins"))
    );
    // Every colour the portals apply: a light background comes with its dark text.
    assert_eq!(
        [&branding["backgroundColor"], &branding["sidebarColor"], &branding["foregroundColor"]],
        ["#f8fafc", "#e2e8f0", "#0f172a"]
    );
    assert_eq!(branding["displayName"], "Acme Robôs");
}

#[tokio::test]
async fn the_resend_key_is_write_only_and_templates_restore_to_defaults() {
    let c = catalog().await;
    let (_, settings) = read_json(c.owner.get("/api/tenant/email-settings").await).await;
    assert_eq!(settings["hasApiKey"], false);
    let (status, body) = read_json(
        c.owner
            .post("/api/tenant/email-settings/test", json!({"templateType": "welcome", "testEmail": "t@x.com"}))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["fields"]["resendApiKey"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Configure a chave da API do Resend antes de enviar um e-mail de teste."))
    );
    let (status, body) = read_json(
        c.owner
            .patch_json("/api/tenant/email-settings", json!({"resendApiKey": "chave", "resendDomain": "não é domínio"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["resendApiKey"].is_string() && body["fields"]["resendDomain"].is_string());
    let (status, saved) = read_json(
        c.owner
            .patch_json(
                "/api/tenant/email-settings",
                json!({"resendApiKey": "re_live_123", "resendDomain": "Mail.Acme.com.br"}),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((saved["hasApiKey"].as_bool(), saved["resendDomain"].as_str()), (Some(true), Some("mail.acme.com.br")));
    assert!(!saved.to_string().contains("re_live_123"), "the key never comes back");
    let (status, _) = read_json(
        c.owner
            .post("/api/tenant/email-settings/test", json!({"templateType": "welcome", "testEmail": "t@x.com"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED);

    let (_, templates) = read_json(c.owner.get("/api/tenant/email-templates").await).await;
    assert_eq!(templates["customized"].as_array().unwrap().len(), 0);
    assert!(templates["variables"]["welcome"].as_array().unwrap().contains(&json!("robotName")));
    let (status, changed) = read_json(
        c.owner.patch_json("/api/tenant/email-templates", json!({"welcome": "<p>Olá {{clientName}}</p>"})).await,
    )
    .await;
    assert_eq!((status, changed["customized"].clone()), (StatusCode::OK, json!(["welcome"])));
    let (_, defaults) = read_json(c.owner.get("/api/tenant/email-templates/defaults").await).await;
    let (_, restored) =
        read_json(c.owner.patch_json("/api/tenant/email-templates", json!({"welcome": defaults["welcome"]})).await)
            .await;
    assert_eq!(restored["customized"], json!([]));
}

#[tokio::test]
async fn another_tenants_owner_gets_404_for_every_robot_call() {
    let c = catalog().await;
    let (status, _) = upload_version(&c, "1.0.0", "r.ex5", &fake_ex5(1)).await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, list) = read_json(c.owner.get(&format!("/api/tenant/robots/{}/versions", c.robot)).await).await;
    let version_id = list["versions"][0]["id"].as_str().unwrap().to_string();
    let b = &c.other_owner;
    let robot = &c.robot;
    let responses = [
        b.get(&format!("/api/tenant/robots/{robot}")).await,
        b.patch_json(&format!("/api/tenant/robots/{robot}"), json!({"name": "Roubado"})).await,
        b.get(&format!("/api/tenant/robots/{robot}/versions")).await,
        b.get(&format!("/api/tenant/robots/{robot}/versions/1.0.0/download")).await,
        b.patch_json(&format!("/api/tenant/robots/{robot}/active-version"), json!({"version": "1.0.0"})).await,
        b.patch_json(&format!("/api/tenant/robots/{robot}/versions/{version_id}"), json!({"notes": "x"})).await,
        b.get(&format!("/api/tenant/robots/{robot}/sales-page")).await,
        b.patch_json(&format!("/api/tenant/robots/{robot}/sales-page"), json!({"htmlSection1": "x"})).await,
        b.send_multipart(
            Method::POST,
            &format!("/api/tenant/robots/{robot}/upload-logo"),
            &[Part::File { field: "logo", name: "l.png", bytes: PNG }],
        )
        .await,
        b.send_multipart(
            Method::POST,
            &format!("/api/tenant/robots/{robot}/versions/upload"),
            &[
                Part::File { field: "file", name: "r.ex5", bytes: &fake_ex5(9) },
                Part::Text { field: "version", value: "5.0.0" },
            ],
        )
        .await,
    ];
    for response in responses {
        let url = response.url().to_string();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{url}");
    }
    let (_, robot_now) = read_json(c.owner.get(&format!("/api/tenant/robots/{robot}")).await).await;
    assert_eq!(robot_now["name"], "Robô Alfa");
    assert!(robot_now["logoUrl"].is_null());
    // Their settings are their own: B's settings say nothing of A's.
    c.owner.patch_json("/api/tenant/settings", json!({"displayName": "Só da Acme"})).await;
    let (_, b_settings) = read_json(b.get("/api/tenant/settings").await).await;
    assert_ne!(b_settings["displayName"], "Só da Acme");
}

#[tokio::test]
async fn a_replaced_logo_is_removed_from_storage_and_another_tenants_file_is_never_touched() {
    let c = catalog().await;
    let path = format!("/api/tenant/robots/{}/upload-logo", c.robot);
    let upload = |path: String| {
        let owner = &c.owner;
        async move {
            read_json(
                owner
                    .send_multipart(Method::POST, &path, &[Part::File { field: "logo", name: "l.png", bytes: PNG }])
                    .await,
            )
            .await
        }
    };
    let (_, first) = upload(path.clone()).await;
    let first_key = format!("tenants/{}", first["logoUrl"].as_str().unwrap().trim_start_matches("/api/public/files/"));
    assert!(c.app.state.storage.read(&first_key).await.unwrap().is_some());
    let (_, second) = upload(path.clone()).await;
    assert!(c.app.state.storage.read(&first_key).await.unwrap().is_none(), "the old logo is gone");
    let second_url = second["logoUrl"].as_str().unwrap().to_string();
    assert_eq!(c.app.browser().get(c.app.url(&second_url)).send().await.unwrap().status(), StatusCode::OK);

    // The tenant's own logo in settings too.
    let settings = |bytes: &'static [u8]| {
        let owner = &c.owner;
        async move {
            read_json(
                owner
                    .send_multipart(
                        Method::POST,
                        "/api/tenant/settings/logo/upload",
                        &[Part::File { field: "file", name: "l.png", bytes }],
                    )
                    .await,
            )
            .await
        }
    };
    let (_, a) = settings(PNG).await;
    let a_key = format!("tenants/{}", a["logoUrl"].as_str().unwrap().trim_start_matches("/api/public/files/"));
    settings(PNG).await;
    assert!(c.app.state.storage.read(&a_key).await.unwrap().is_none(), "the old tenant logo is gone");
    // A link that is not this tenant's own file is never deleted.
    assert_eq!(
        shared::infrastructure::storage::key_of_public_url("https://cdn.example.com/x.png", uuid::Uuid::now_v7()),
        None
    );
    assert_eq!(
        shared::infrastructure::storage::key_of_public_url(&second_url, uuid::Uuid::now_v7()),
        None,
        "another tenant's file"
    );
}
