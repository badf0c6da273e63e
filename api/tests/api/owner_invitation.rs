//! Owners get in by invitation, never by a key passed by hand (issue 35,
//! decision 0022): the platform admin creates a tenant and invites its first
//! owner in one request; the owner accepts by the link, is signed in, and
//! their browser keeps a tenant pass that stands for the security key; the
//! owner invites a member, who gets in the same way. From the attacker's
//! side: a forged pass, another tenant's pass, a pass after the key rotated,
//! a forgotten-password link used as an invitation and a spent invitation
//! all get nothing.

use std::sync::Arc;

use reqwest::cookie::{CookieStore as _, Jar};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use uuid::Uuid;

use crate::support::{json as read_json, Caller, TestApp};
use crate::tenant_password_reset::token_in;

/// A browser of its own (a cookie jar we can read), no key header.
struct Browser {
    caller: Caller,
    jar: Arc<Jar>,
}

impl std::ops::Deref for Browser {
    type Target = Caller;
    fn deref(&self) -> &Caller {
        &self.caller
    }
}

fn fresh_browser(app: &TestApp) -> Browser {
    let jar = Arc::new(Jar::default());
    let http = Client::builder().cookie_provider(jar.clone()).build().unwrap();
    Browser { caller: Caller { base: app.url(""), http, tenant_secret: None }, jar }
}

/// The pass cookie's value the browser holds for the API, if any.
fn pass_cookie(browser: &Browser, app: &TestApp) -> Option<String> {
    let url = app.url("/api/tenant-auth/me").parse().unwrap();
    let header = browser.jar.cookies(&url)?;
    header.to_str().unwrap().split("; ").find_map(|c| c.strip_prefix("rf_tenant_pass=")).map(str::to_string)
}

async fn accept(browser: &Caller, link: &str, password: &str) -> (StatusCode, Value) {
    read_json(
        browser
            .post("/api/tenant-auth/accept-invitation", json!({"token": token_in(link), "newPassword": password}))
            .await,
    )
    .await
}

async fn login_without_key(browser: &Caller, email: &str, password: &str) -> (StatusCode, Value) {
    read_json(browser.post("/api/tenant-auth/login", json!({"email": email, "password": password})).await).await
}

#[tokio::test]
async fn the_admin_creates_a_tenant_with_its_owner_who_accepts_signs_in_without_the_key_and_invites_a_member() {
    let app = TestApp::spawn().await;
    let admin = app.as_admin().await;
    let (status, created) = read_json(
        admin
            .post(
                "/api/tenants",
                json!({"name": "Robôs do João", "url": "robosdojoao.com.br", "secretHash": "c".repeat(64),
                       "status": "active", "ownerName": "João Silva", "ownerEmail": "Joao@Example.com"}),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let invitation = &created["ownerInvitation"];
    assert_eq!(invitation["email"], "joao@example.com");
    let link = invitation["inviteLink"].as_str().unwrap().to_string();
    assert!(link.contains("/tenant/convite?token="), "{link}");
    assert!(created["ownerPortalUrl"].as_str().unwrap().ends_with("/tenant/login"), "{created}");
    let tenant_id = created["id"].as_str().unwrap();
    assert!(created["clientPortalUrl"].as_str().unwrap().ends_with(&format!("/client/login?tenant={tenant_id}")));

    // The admin chose no password: the owner cannot sign in before accepting.
    let joao = fresh_browser(&app);
    let (status, _) = login_without_key(&joao, "joao@example.com", "senha-do-joao").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "no key and no pass: the key is asked for");

    let (status, session) = accept(&joao, &link, "senha-do-joao").await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(
        (session["user"]["email"].as_str(), session["user"]["role"].as_str()),
        (Some("joao@example.com"), Some("admin"))
    );
    // Signed in at once, with no X-Tenant-Secret anywhere.
    assert_eq!(joao.get("/api/tenant-auth/me").await.status(), StatusCode::OK);
    let (_, device) = read_json(joao.get("/api/tenant-auth/device").await).await;
    assert_eq!((device["keyNeeded"].as_bool(), device["tenantName"].as_str()), (Some(false), Some("Robôs do João")));
    let (status, again) = accept(&fresh_browser(&app), &link, "outra-senha").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "an invitation works once: {again}");
    assert!(again["fields"]["token"].as_str().unwrap().starts_with("Convite inválido"));

    // Signed out, the same browser signs in with e-mail and password only.
    assert_eq!(joao.post("/api/tenant-auth/logout", json!({})).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(joao.get("/api/tenant-auth/me").await.status(), StatusCode::UNAUTHORIZED);
    let (status, body) = login_without_key(&joao, "joao@example.com", "senha-do-joao").await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // João invites Ana; the answer carries the link (no sender configured yet).
    let (status, member) = read_json(
        joao.post("/api/tenant/team", json!({"name": "Ana", "email": "ana@example.com", "role": "support"})).await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{member}");
    assert!(member["emailNotSent"].as_str().unwrap().contains("remetente não configurado"), "{member}");
    let ana = fresh_browser(&app);
    let (status, session) = accept(&ana, member["inviteLink"].as_str().unwrap(), "senha-da-ana").await;
    assert_eq!((status, session["user"]["role"].as_str()), (StatusCode::OK, Some("support")));
    assert_eq!(ana.get("/api/tenant/clients").await.status(), StatusCode::OK);

    // The audit log has the tenant, its first owner and the accepted invitation.
    let (_, log) = read_json(admin.get(&format!("/api/audit-log?tenantId={tenant_id}&pageSize=50")).await).await;
    let text = log.to_string();
    assert!(text.contains("tenant_owner") && text.contains("criada ao aceitar o convite"), "{text}");
}

#[tokio::test]
async fn a_pass_cannot_be_forged_moved_to_another_tenant_or_outlive_a_key_rotation() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    let owner = app.owner_of(&acme).await;
    let (_, member) = read_json(
        owner.post("/api/tenant/team", json!({"name": "Bia", "email": "bia@example.com", "role": "admin"})).await,
    )
    .await;
    let bia = fresh_browser(&app);
    let (status, _) = accept(&bia, member["inviteLink"].as_str().unwrap(), "senha-da-bia").await;
    assert_eq!(status, StatusCode::OK);
    let pass = pass_cookie(&bia, &app).expect("the answer set the pass");

    // Forged: the tenant's id with a made-up tag.
    let forged = format!("rf_tenant_pass={}.{}", acme.id.simple(), "ab".repeat(32));
    let status = raw_login(&app, &forged, "bia@example.com", "senha-da-bia").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a forged pass proves nothing");
    // Moved: acme's tag under another tenant's id.
    let tag = pass.split_once('.').unwrap().1;
    let moved = format!("rf_tenant_pass={}.{tag}", other.id.simple());
    assert_eq!(raw_login(&app, &moved, &other.owner_email, crate::support::PASSWORD).await, StatusCode::UNAUTHORIZED);
    // The real pass works.
    let real = format!("rf_tenant_pass={pass}");
    assert_eq!(raw_login(&app, &real, "bia@example.com", "senha-da-bia").await, StatusCode::OK);

    // The key rotates: every session ends and every pass is void.
    let (status, _) = read_json(owner.post("/api/tenant/security-key/rotate", json!({})).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bia.get("/api/tenant-auth/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(raw_login(&app, &real, "bia@example.com", "senha-da-bia").await, StatusCode::UNAUTHORIZED);
    let (_, device) = read_json(bia.get("/api/tenant-auth/device").await).await;
    assert_eq!(device["keyNeeded"].as_bool(), Some(true));
}

#[tokio::test]
async fn a_forgotten_password_link_is_not_an_invitation() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let digest_token = format!("{}.{}", acme.id.simple(), Uuid::now_v7().simple());
    // A token issued by the forgotten-password flow for an owner who was never invited.
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::anonymous_in(acme.id))
            .await
            .unwrap();
    let owner_id: Uuid = sqlx::query_scalar("SELECT id FROM tenant_owners WHERE tenant_id = $1 LIMIT 1")
        .bind(acme.id)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    let issued = shared::repositories::reset_tokens::issue(
        &mut tx,
        shared::repositories::reset_tokens::Account::Owner,
        acme.id,
        owner_id,
        &shared::infrastructure::secrets::sha256_hex(&digest_token),
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    assert!(issued);
    let browser = fresh_browser(&app);
    let (status, body) = read_json(
        browser
            .post("/api/tenant-auth/accept-invitation", json!({"token": digest_token, "newPassword": "nova-senha"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(pass_cookie(&browser, &app).is_none(), "no pass for a reset link");
}

/// A login with exactly this `Cookie` header and no key.
async fn raw_login(app: &TestApp, cookie: &str, email: &str, password: &str) -> StatusCode {
    Client::new()
        .post(app.url("/api/tenant-auth/login"))
        .header("cookie", cookie)
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
        .status()
}
