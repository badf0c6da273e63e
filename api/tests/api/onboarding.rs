//! The dashboard's checklist ticks from real state (issue 35), for the
//! owner's own tenant only.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{json as read_json, Caller, TestApp};

async fn steps(owner: &Caller) -> (Value, Vec<(String, bool)>) {
    let (status, body) = read_json(owner.get("/api/tenant/onboarding").await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let steps = body["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["key"].as_str().unwrap().to_string(), s["done"].as_bool().unwrap()))
        .collect();
    (body, steps)
}

fn done(steps: &[(String, bool)], key: &str) -> bool {
    steps.iter().find(|(k, _)| k == key).unwrap_or_else(|| panic!("no step {key}: {steps:?}")).1
}

#[tokio::test]
async fn each_step_ticks_when_its_data_exists_and_the_portal_mark_survives_a_brand_save() {
    let app = TestApp::spawn_with(|config| config.email.resend_api_key = None).await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    // A fresh tenant as the admin made it: nothing done.
    app.sql_in(acme.id, "UPDATE tenants SET display_name = NULL, logo_url = NULL, theme_colors = NULL").await;
    // (The fixture comes with a sale and its license.)
    app.sql_in(acme.id, "DELETE FROM tenant_client_robots").await;
    app.sql_in(acme.id, "DELETE FROM tenant_sales").await;
    let (body, before) = steps(&owner).await;
    assert_eq!(
        before.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(),
        ["branding", "sender", "robot", "activeVersion", "salesChannel", "firstSale", "portalShared"]
    );
    assert!(before.iter().all(|(_, d)| !d), "{before:?}");
    assert_eq!((body["complete"].as_bool(), body["mailDelivery"].as_str()), (Some(false), Some("none")));
    assert!(body["portalUrl"].as_str().unwrap().contains(&format!("/client/login?tenant={}", acme.id)), "{body}");
    assert!(body["ownerPortalUrl"].as_str().unwrap().ends_with("/tenant/login"), "{body}");

    let robot = app.robot(&acme, "Robô Alfa").await;
    assert!(done(&steps(&owner).await.1, "robot") && !done(&steps(&owner).await.1, "activeVersion"));
    app.sql_in(acme.id, &format!("UPDATE tenant_robots SET active_version = '1.0.0' WHERE id = '{robot}'")).await;
    assert!(done(&steps(&owner).await.1, "activeVersion"));

    let saved = owner
        .patch_json(
            "/api/tenant/settings",
            json!({"displayName": "Robôs do João", "settings": {"contactEmail": "joao@acme.com"}}),
        )
        .await;
    assert!(saved.status().is_success(), "{}", saved.text().await.unwrap());
    assert!(done(&steps(&owner).await.1, "branding"));

    app.sql_in(
        acme.id,
        &format!(
            "INSERT INTO tenant_sales (id, tenant_id, client_id, origin, net_amount, status, sale_date)
             VALUES (gen_random_uuid(), '{}', '{}', 'manual', 497, 'confirmed', now())",
            acme.id, acme.client_id
        ),
    )
    .await;
    let now = steps(&owner).await.1;
    assert!(done(&now, "firstSale") && !done(&now, "salesChannel"), "a manual sale is no sales channel: {now:?}");

    assert_eq!(owner.post("/api/tenant/onboarding/portal-shared", json!({})).await.status(), StatusCode::NO_CONTENT);
    assert!(done(&steps(&owner).await.1, "portalShared"));
    // Saving the brand again keeps the mark.
    let saved = owner.patch_json("/api/tenant/settings", json!({"displayName": "Robôs do João"})).await;
    assert!(saved.status().is_success());
    assert!(done(&steps(&owner).await.1, "portalShared"), "a brand save must not untick it");
}

#[tokio::test]
async fn another_tenant_s_owner_reads_only_their_own_checklist_and_support_cannot_mark() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    app.robot(&acme, "Só da Acme").await;
    let theirs = app.owner_of(&other).await;
    let (_, other_steps) = steps(&theirs).await;
    assert!(!done(&other_steps, "robot"), "Acme's robot ticks nothing for another tenant: {other_steps:?}");
    assert_eq!(theirs.post("/api/tenant/onboarding/portal-shared", json!({})).await.status(), StatusCode::NO_CONTENT);
    let (_, acme_steps) = steps(&app.owner_of(&acme).await).await;
    assert!(!done(&acme_steps, "portalShared"), "another tenant's mark is theirs: {acme_steps:?}");
    let support = app.owner_with_role(&acme, shared::domain::status::OwnerRole::Support).await;
    assert_eq!(support.post("/api/tenant/onboarding/portal-shared", json!({})).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.anonymous().get("/api/tenant/onboarding").await.status(), StatusCode::UNAUTHORIZED);
}
