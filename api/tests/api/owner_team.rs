//! The tenant admin's team (issue 24): an invited owner sets a password by
//! the e-mailed link, which verifies the e-mail, and gets only their role's
//! screens; roles change and deactivation ends sessions; the last active
//! admin stays (even when two admins demote each other at once); the
//! security key rotates and ends every owner session; only admins manage
//! the team, and nothing crosses tenants.

use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::domain::status::OwnerRole;

use crate::support::{json as read_json, Caller, TenantFixture, TestApp};
use crate::tenant_password_reset::{sealed_mails, token_in};

async fn invite(owner: &Caller, name: &str, email: &str, role: &str) -> (StatusCode, Value) {
    read_json(owner.post("/api/tenant/team", json!({"name": name, "email": email, "role": role})).await).await
}

async fn login(app: &TestApp, tenant: &TenantFixture, email: &str, password: &str) -> (StatusCode, Caller) {
    let caller = app.anonymous();
    let response = caller
        .http
        .post(app.url("/api/tenant-auth/login"))
        .header("x-tenant-secret", &tenant.secret)
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap();
    (response.status(), Caller { tenant_secret: Some(tenant.secret.clone()), ..caller })
}

#[tokio::test]
async fn an_invited_support_owner_accepts_by_the_link_is_verified_and_sees_no_settings() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let admin = app.owner_of(&acme).await;
    for (body, field) in [
        (json!({"name": "", "email": "a@example.com", "role": "support"}), "name"),
        (json!({"name": "Ana", "email": "não-é-email", "role": "support"}), "email"),
        (json!({"name": "Ana", "email": "a@example.com"}), "role"),
    ] {
        let (status, error) = read_json(admin.post("/api/tenant/team", body).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
        assert!(error["fields"][field].is_string(), "{error}");
    }
    let (status, member) = invite(&admin, "Ana Suporte", "Ana@Example.com", "support").await;
    assert_eq!(status, StatusCode::CREATED, "{member}");
    assert_eq!((member["invitationPending"].as_bool(), member["emailVerified"].as_bool()), (Some(true), Some(false)));
    let (status, again) = invite(&admin, "Ana", "ana@example.com", "admin").await;
    assert_eq!(
        (status, again["fields"]["email"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Já existe um usuário da equipe com este e-mail"))
    );

    let mails = sealed_mails(&app, acme.id, "ownerInvitation", "ana@example.com").await;
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("Suporte") && mails[0].contains("/tenant/convite?token="), "{}", mails[0]);
    let (status, _) = login(&app, &acme, "ana@example.com", "senha-da-ana").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "no password until the invitation is accepted");
    let accepted = app
        .browser()
        .post(app.url("/api/tenant-auth/reset-password"))
        .json(&json!({"token": token_in(&mails[0]), "newPassword": "senha-da-ana"}))
        .send()
        .await
        .unwrap();
    assert_eq!(accepted.status(), StatusCode::OK);
    let (status, ana) = login(&app, &acme, "ana@example.com", "senha-da-ana").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(ana.get("/api/tenant/settings").await.status(), StatusCode::FORBIDDEN);
    assert_eq!(ana.get("/api/tenant/clients").await.status(), StatusCode::OK);
    assert_eq!(ana.get("/api/tenant/team").await.status(), StatusCode::FORBIDDEN, "only admins manage the team");

    let (_, team) = read_json(admin.get("/api/tenant/team").await).await;
    let ana_row = team.as_array().unwrap().iter().find(|m| m["email"] == "ana@example.com").unwrap().clone();
    assert_eq!((ana_row["emailVerified"].as_bool(), ana_row["invitationPending"].as_bool()), (Some(true), Some(false)));
    let resend =
        admin.post(&format!("/api/tenant/team/{}/resend-invitation", ana_row["id"].as_str().unwrap()), json!({})).await;
    assert_eq!(resend.status(), StatusCode::CONFLICT, "an accepted invitation is not sent again");

    // The platform admin's owner list shows the verified e-mail.
    let (_, owners) =
        read_json(app.as_admin().await.get(&format!("/api/tenant-owners?tenantId={}", acme.id)).await).await;
    let listed = serde_json::to_string(&owners).unwrap();
    assert!(listed.contains("ana@example.com"), "{listed}");
}

#[tokio::test]
async fn deactivation_ends_sessions_and_the_last_admin_stays_even_when_two_demote_each_other() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let admin = app.owner_of(&acme).await;
    let support = app.owner_with_role(&acme, OwnerRole::Support).await;
    let (_, team) = read_json(admin.get("/api/tenant/team").await).await;
    let id_of = |role: &str| -> String {
        team.as_array().unwrap().iter().find(|m| m["role"] == role).unwrap()["id"].as_str().unwrap().to_string()
    };
    let (first_admin, support_id) = (id_of("admin"), id_of("support"));
    assert_eq!(support.get("/api/tenant/clients").await.status(), StatusCode::OK);
    let (status, changed) =
        read_json(admin.patch_json(&format!("/api/tenant/team/{support_id}"), json!({"active": false})).await).await;
    assert_eq!((status, changed["active"].as_bool()), (StatusCode::OK, Some(false)));
    assert_eq!(support.get("/api/tenant/clients").await.status(), StatusCode::UNAUTHORIZED, "their session ended");

    let (status, error) =
        read_json(admin.patch_json(&format!("/api/tenant/team/{first_admin}"), json!({"role": "financial"})).await)
            .await;
    assert_eq!(status, StatusCode::CONFLICT, "{error}");
    assert!(error["message"].as_str().unwrap().starts_with("A conta precisa de pelo menos um administrador ativo"));

    // A second admin; each demotes the other at the same moment: one wins.
    let (_, second) = invite(&admin, "Bruno", "bruno@example.com", "admin").await;
    let second_id = second["id"].as_str().unwrap().to_string();
    let other = app.owner_of(&acme).await;
    let (demote_second, demote_first) =
        (format!("/api/tenant/team/{second_id}"), format!("/api/tenant/team/{first_admin}"));
    let (a, b) = tokio::join!(
        admin.patch_json(&demote_second, json!({"role": "support"})),
        other.patch_json(&demote_first, json!({"role": "support"}))
    );
    let mut statuses = vec![a.status(), b.status()];
    statuses.sort();
    assert_eq!(statuses, vec![StatusCode::OK, StatusCode::CONFLICT]);
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker_for(acme.id))
            .await
            .unwrap();
    let admins: i64 = sqlx::query_scalar("SELECT count(*) FROM tenant_owners WHERE role = 'admin' AND is_active")
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert_eq!(admins, 1, "exactly one admin is left");
}

#[tokio::test]
async fn rotating_the_key_shows_it_once_and_every_owner_signs_in_again_with_it() {
    let app = TestApp::spawn().await;
    let (acme, beta) = (app.tenant("acme").await, app.tenant("beta").await);
    let admin = app.owner_of(&acme).await;
    let financial = app.owner_with_role(&acme, OwnerRole::Financial).await;
    assert_eq!(financial.post("/api/tenant/security-key/rotate", json!({})).await.status(), StatusCode::FORBIDDEN);
    for (who, caller) in
        [("anonymous", app.anonymous()), ("a client", app.client_of(&acme).await), ("the admin", app.as_admin().await)]
    {
        let status = caller.post("/api/tenant/security-key/rotate", json!({})).await.status();
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{who}");
    }
    let beta_owner = app.owner_of(&beta).await;
    let (status, rotated) = read_json(admin.post("/api/tenant/security-key/rotate", json!({})).await).await;
    assert_eq!(status, StatusCode::OK);
    let key = rotated["securityKey"].as_str().unwrap().to_string();
    assert_eq!(key.len(), 64);
    assert_eq!(admin.get("/api/tenant/clients").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(financial.get("/api/tenant/sales").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(beta_owner.get("/api/tenant/clients").await.status(), StatusCode::OK, "another tenant is untouched");
    let (status, _) = login(&app, &acme, &acme.owner_email, crate::support::PASSWORD).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the old key no longer opens the portal");
    let with_new_key = TenantFixture { secret: key, ..acme.clone() };
    let (status, _) = login(&app, &with_new_key, &acme.owner_email, crate::support::PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
    let (_, log) = read_json(
        app.as_admin().await.get(&format!("/api/audit-log?entity=tenant_security_key&tenantId={}", acme.id)).await,
    )
    .await;
    assert!(serde_json::to_string(&log).unwrap().contains("nova chave"), "audited");
}
