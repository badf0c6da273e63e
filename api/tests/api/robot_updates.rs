//! Updates that reach buyers (issue 36): a compiled version keeps the tag its
//! injected check sends; the owner withdraws a version (never the active
//! one) and restores it; publishing a version e-mails each current buyer
//! once ("Nova versão"), unless the owner switched that e-mail off; and the
//! owner sees how many installations run each version.

use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use shared::workflows::jobs::{AnnounceVersion, SendEmail};
use uuid::Uuid;

use crate::compile_fleet::{claim, register};
use crate::compile_imports::{finish, import};
use crate::email::{config, give_key, stand_in};
use crate::support::{fake_ex5, json as read_json, Caller, Part, TenantFixture, TestApp};

const EA: &str = include_str!("../../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5");
const TAG: &str = "3f1c0a9b7d2e4c6f";

async fn upload(owner: &Caller, robot: Uuid, version: &str, notes: Option<&str>) -> Value {
    let bytes = fake_ex5(version.bytes().map(u32::from).sum());
    let mut parts = vec![
        Part::File { field: "file", name: "robo.ex5", bytes: &bytes },
        Part::Text { field: "version", value: version },
    ];
    if let Some(notes) = notes {
        parts.push(Part::Text { field: "notes", value: notes });
    }
    let (status, body) = read_json(
        owner
            .send_multipart(reqwest::Method::POST, &format!("/api/tenant/robots/{robot}/versions/upload"), &parts)
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body
}

async fn activate(owner: &Caller, robot: Uuid, version: &str) -> (StatusCode, Value) {
    read_json(
        owner.patch_json(&format!("/api/tenant/robots/{robot}/active-version"), json!({"version": version})).await,
    )
    .await
}

async fn versions(owner: &Caller, robot: Uuid) -> Value {
    let (status, body) = read_json(owner.get(&format!("/api/tenant/robots/{robot}/versions")).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

fn version_in<'a>(list: &'a Value, number: &str) -> &'a Value {
    list["versions"].as_array().unwrap().iter().find(|v| v["version"] == number).unwrap()
}

/// A client of `tenant` with `status`, holding a license of `robot` with
/// `license_status` ending at `ends` (SQL, or NULL).
async fn buyer(
    app: &TestApp,
    tenant: &TenantFixture,
    robot: Uuid,
    email: &str,
    status: &str,
    license: &str,
    ends: &str,
) {
    app.sql_in(
        tenant.id,
        &format!(
            "WITH c AS (INSERT INTO tenant_clients (id, tenant_id, name, email, status)
                        VALUES (gen_random_uuid(), '{t}', 'Cliente {email}', '{email}', '{status}') RETURNING id)
             INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, status, activation_date, expiration_date)
             SELECT gen_random_uuid(), '{t}', c.id, '{robot}', '{license}', now(), {ends} FROM c",
            t = tenant.id
        ),
    )
    .await;
}

/// A license of `robot` for the tenant's fixture client (active, no end).
async fn fixture_license(app: &TestApp, tenant: &TenantFixture, robot: Uuid) {
    app.sql_in(
        tenant.id,
        &format!(
            "INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, status, activation_date)
             VALUES (gen_random_uuid(), '{}', '{}', '{robot}', 'active', now())",
            tenant.id, tenant.client_id
        ),
    )
    .await;
}

/// The "Nova versão" messages of the tenant's outbox: (to, subject).
async fn new_version_mail(app: &TestApp, tenant: Uuid) -> Vec<(String, String)> {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    let rows = sqlx::query_as(
        "SELECT to_address, subject FROM email_outbox WHERE template = 'newVersion' ORDER BY to_address",
    )
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    rows
}

/// Runs the announcement job of the version, as the worker would.
async fn run_announcement(app: &TestApp, tenant: Uuid, version_id: &str) -> usize {
    let job = AnnounceVersion { tenant_id: tenant, robot_version_id: version_id.parse().unwrap() };
    worker::version_announcement::run(&app.db.worker_pool, &job).await.unwrap()
}

/// Sends every pending message of the tenant's outbox through `config`.
async fn send_pending(app: &TestApp, tenant: Uuid, config: &shared::infrastructure::config::Config) {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    let pending: Vec<Uuid> =
        sqlx::query_scalar("SELECT id FROM email_outbox WHERE status = 'pending'").fetch_all(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    for outbox_id in pending {
        worker::email::send(&app.db.worker_pool, config, &SendEmail { tenant_id: tenant, outbox_id }).await.unwrap();
    }
}

#[tokio::test]
async fn a_compiled_version_keeps_the_tag_its_injected_source_defines() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let (_, token) = register(&app, "wine-tags").await;

    // The injected source carries the tag (the template draws it at
    // injection): the version made from it stores it.
    let (status, job) = import(&owner, "Robô Tag", EA, "tag.mq5").await;
    assert_eq!(status, StatusCode::CREATED, "{job}");
    let robot: Uuid = job["robotId"].as_str().unwrap().parse().unwrap();
    claim(&app, &token, 0).await.expect("queued");
    app.sql_in(
        acme.id,
        &format!(
            "UPDATE compilation_jobs SET source_code = '#define RF_VERSION_TAG \"{TAG}\"' || chr(10) || source_code
              WHERE id = '{}'",
            job["id"].as_str().unwrap()
        ),
    )
    .await;
    finish(&app, &token, job["id"].as_str().unwrap(), true).await;
    let listed = versions(&owner, robot).await;
    assert_eq!(version_in(&listed, "1.0.0")["versionTag"], TAG, "{listed}");

    // Every injection draws its own tag (the v3 template): the next compiled
    // version stores the one its source defines. An uploaded .ex5 has none.
    let (_, second) = import(&owner, "Robô Tag", EA, "outra.mq5").await;
    claim(&app, &token, 0).await.expect("queued");
    finish(&app, &token, second["id"].as_str().unwrap(), true).await;
    let uploaded = upload(&owner, robot, "2.0.0", None).await;
    assert_eq!(uploaded["versionTag"], Value::Null);
    let listed = versions(&owner, robot).await;
    let drawn = version_in(&listed, "1.0.1")["versionTag"].as_str().expect("a tag").to_string();
    assert!(drawn.len() == 16 && drawn != TAG, "{listed}");
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let source: String = sqlx::query_scalar("SELECT source_code FROM compilation_jobs WHERE id = $1")
        .bind(second["id"].as_str().unwrap().parse::<Uuid>().unwrap())
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert!(source.contains(&format!("#define RF_VERSION_TAG \"{drawn}\"")), "the tag its injected source defines");
    assert_eq!(version_in(&listed, "2.0.0")["versionTag"], Value::Null, "{listed}");
}

#[tokio::test]
async fn only_a_version_that_is_not_active_is_withdrawn_and_a_withdrawn_one_is_restored_before_activation() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Robô Alfa").await;
    let first = upload(&owner, robot, "1.0.0", None).await;
    upload(&owner, robot, "1.1.0", None).await;
    let first_id = first["id"].as_str().unwrap();
    let withdraw = format!("/api/tenant/robots/{robot}/versions/{first_id}/withdraw");
    let restore = format!("/api/tenant/robots/{robot}/versions/{first_id}/restore");

    // 1.0.0 is what clients download: another must be activated first.
    let (status, refused) = read_json(owner.post(&withdraw, json!({})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("Ative outra versão antes"), "{refused}");
    assert_eq!(version_in(&versions(&owner, robot).await, "1.0.0")["withdrawnAt"], Value::Null);

    assert_eq!(activate(&owner, robot, "1.1.0").await.0, StatusCode::OK);
    let (status, withdrawn) = read_json(owner.post(&withdraw, json!({})).await).await;
    assert_eq!(status, StatusCode::OK, "{withdrawn}");
    assert!(withdrawn["withdrawnAt"].is_string(), "{withdrawn}");
    assert!(version_in(&versions(&owner, robot).await, "1.0.0")["withdrawnAt"].is_string());

    // A withdrawn version is not activated behind the owner's back.
    let (status, refused) = activate(&owner, robot, "1.0.0").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("Restaure-a"), "{refused}");

    let (status, restored) = read_json(owner.post(&restore, json!({})).await).await;
    assert_eq!(status, StatusCode::OK, "{restored}");
    assert_eq!(restored["withdrawnAt"], Value::Null);
    assert_eq!(activate(&owner, robot, "1.0.0").await.0, StatusCode::OK);

    // Both changes are in the audit log, with the owner as actor.
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let audited: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM audit_log WHERE entity = 'robot_version' AND entity_id = $1::uuid
            AND changes ? 'withdrawnAt'",
    )
    .bind(first_id)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    assert_eq!(audited, 2);

    // Another tenant's owner knows neither the robot nor the version.
    let beta = app.tenant("beta").await;
    let other = app.owner_of(&beta).await;
    assert_eq!(other.post(&withdraw, json!({})).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.post(&restore, json!({})).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn publishing_a_version_emails_each_current_buyer_once() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    give_key(&app, &acme, "re_tenant_key", "acme.com.br").await;
    let (base, resend) = stand_in(&[]).await;
    let mail = config(&app, &base, None);
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Robô Alfa").await;
    upload(&owner, robot, "1.0.0", None).await;
    let next = upload(&owner, robot, "1.1.0", Some("Novo filtro de horário.")).await;

    // Told: the fixture client (two licenses, one e-mail) and a trial.
    fixture_license(&app, &acme, robot).await;
    fixture_license(&app, &acme, robot).await;
    buyer(&app, &acme, robot, "teste@example.com", "active", "trial", "now() + interval '7 days'").await;
    // Not told: an inactive client, a cancelled or expired license, a
    // license past its end, a buyer of another robot.
    buyer(&app, &acme, robot, "inativo@example.com", "inactive", "active", "NULL").await;
    buyer(&app, &acme, robot, "cancelado@example.com", "active", "cancelled", "NULL").await;
    buyer(&app, &acme, robot, "expirado@example.com", "active", "expired", "NULL").await;
    buyer(&app, &acme, robot, "vencido@example.com", "active", "active", "now() - interval '1 day'").await;
    let other_robot = app.robot(&acme, "Robô Beta").await;
    buyer(&app, &acme, other_robot, "outro@example.com", "active", "active", "NULL").await;

    let (status, answer) = activate(&owner, robot, "1.1.0").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["announcement"]["status"], "queued", "{answer}");
    assert_eq!(answer["announcement"]["buyers"], 2, "{answer}");
    assert_eq!(answer["announcement"]["message"], "2 compradores serão avisados por e-mail da nova versão.");

    let version_id = next["id"].as_str().unwrap();
    assert_eq!(run_announcement(&app, acme.id, version_id).await, 2);
    assert_eq!(run_announcement(&app, acme.id, version_id).await, 0, "a retried job queues nothing");
    send_pending(&app, acme.id, &mail).await;
    let received = resend.received.lock().unwrap().clone();
    let mut to: Vec<String> = received.iter().map(|(_, body)| body["to"][0].as_str().unwrap().to_string()).collect();
    to.sort();
    assert_eq!(to, vec![acme.client_email.clone(), "teste@example.com".to_string()]);
    let (_, body) = &received[0];
    assert_eq!(body["subject"], "Nova versão do Robô Alfa: 1.1.0");
    let html = body["html"].as_str().unwrap();
    assert!(html.contains("Novo filtro de horário.") && html.contains("/login"), "{html}");

    // The same version published again, after another: nobody twice.
    assert_eq!(activate(&owner, robot, "1.0.0").await.0, StatusCode::OK);
    let (_, again) = activate(&owner, robot, "1.1.0").await;
    assert_eq!(again["announcement"]["status"], "already_told", "{again}");
    assert_eq!(again["announcement"]["buyers"], 0);
    assert_eq!(run_announcement(&app, acme.id, version_id).await, 0);
    assert_eq!(new_version_mail(&app, acme.id).await.len(), 2);
    send_pending(&app, acme.id, &mail).await;
    // 1.0.0's own announcement went out when it was activated over 1.1.0,
    // but its job never ran here: only 1.1.0's two messages were sent.
    assert_eq!(resend.received.lock().unwrap().len(), 2);
}

#[tokio::test]
async fn a_job_for_a_version_no_longer_active_tells_nobody() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Robô Alfa").await;
    upload(&owner, robot, "1.0.0", None).await;
    let next = upload(&owner, robot, "1.1.0", None).await;
    fixture_license(&app, &acme, robot).await;
    assert_eq!(activate(&owner, robot, "1.1.0").await.1["announcement"]["buyers"], 1);
    // Replaced before the job ran: its buyers hear of the newer one instead.
    assert_eq!(activate(&owner, robot, "1.0.0").await.0, StatusCode::OK);
    assert_eq!(run_announcement(&app, acme.id, next["id"].as_str().unwrap()).await, 0);
    assert!(new_version_mail(&app, acme.id).await.is_empty());
}

#[tokio::test]
async fn a_switched_off_new_version_email_is_never_sent() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Robô Alfa").await;
    upload(&owner, robot, "1.0.0", None).await;
    let next = upload(&owner, robot, "1.1.0", None).await;
    fixture_license(&app, &acme, robot).await;

    let (status, templates) = read_json(owner.get("/api/tenant/email-templates").await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(templates["switchable"], json!(["newVersion"]));
    assert_eq!(templates["switchedOff"], json!([]));
    assert!(templates["templates"]["newVersion"].as_str().unwrap().contains("{{version}}"));

    // Only the update notice may be switched off.
    let (status, refused) =
        read_json(owner.patch_json("/api/tenant/email-templates", json!({"switchedOff": ["welcome"]})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(refused["fields"]["switchedOff"].is_string(), "{refused}");

    let (status, saved) =
        read_json(owner.patch_json("/api/tenant/email-templates", json!({"switchedOff": ["newVersion"]})).await).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["switchedOff"], json!(["newVersion"]));
    // Saving templates without the field keeps the choice.
    let (_, saved) = read_json(
        owner.patch_json("/api/tenant/email-templates", json!({"newVersion": "<p>{{version}} saiu</p>"})).await,
    )
    .await;
    assert_eq!(saved["switchedOff"], json!(["newVersion"]), "{saved}");
    assert_eq!(saved["customized"], json!(["newVersion"]));

    let (_, answer) = activate(&owner, robot, "1.1.0").await;
    assert_eq!(answer["announcement"]["status"], "switched_off", "{answer}");
    assert_eq!(answer["announcement"]["buyers"], 0);
    assert_eq!(run_announcement(&app, acme.id, next["id"].as_str().unwrap()).await, 0);
    assert!(new_version_mail(&app, acme.id).await.is_empty());

    // Switched on again, the next publication tells the buyer.
    let (_, saved) = read_json(owner.patch_json("/api/tenant/email-templates", json!({"switchedOff": []})).await).await;
    assert_eq!(saved["switchedOff"], json!([]));
    assert_eq!(activate(&owner, robot, "1.0.0").await.0, StatusCode::OK);
    let (_, answer) = activate(&owner, robot, "1.1.0").await;
    assert_eq!(answer["announcement"]["buyers"], 1, "{answer}");
    assert_eq!(run_announcement(&app, acme.id, next["id"].as_str().unwrap()).await, 1);
    let told = new_version_mail(&app, acme.id).await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].0, acme.client_email);
    // Through the platform's frame (no key of its own), the subject starts with the tenant's name.
    assert!(told[0].1.ends_with("Nova versão do Robô Alfa: 1.1.0"), "{told:?}");
}

#[tokio::test]
async fn without_a_sender_the_activation_says_the_email_is_not_sent() {
    let app = TestApp::spawn_with(|config| config.email.resend_api_key = None).await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Robô Alfa").await;
    upload(&owner, robot, "1.0.0", None).await;
    upload(&owner, robot, "1.1.0", None).await;
    fixture_license(&app, &acme, robot).await;
    let (_, answer) = activate(&owner, robot, "1.1.0").await;
    assert_eq!(answer["announcement"]["status"], "not_configured", "{answer}");
    assert_eq!(answer["announcement"]["buyers"], 1);
    let message = answer["announcement"]["message"].as_str().unwrap();
    assert!(message.contains("não enviado: remetente não configurado"), "{message}");
}

#[tokio::test]
async fn installations_are_counted_per_version_with_an_unknown_bucket() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Robô Alfa").await;
    let rows = app.rows_of(&acme, robot).await;
    let old = upload(&owner, robot, "1.0.0", None).await;
    upload(&owner, robot, "1.1.0", None).await;
    // 1.1.0 is known to the check by its tag.
    app.sql_in(
        acme.id,
        &format!("UPDATE robot_versions SET version_tag = '{TAG}' WHERE robot_id = '{robot}' AND version = '1.1.0'"),
    )
    .await;
    assert_eq!(activate(&owner, robot, "1.1.0").await.0, StatusCode::OK);
    let withdrawn = owner
        .post(&format!("/api/tenant/robots/{robot}/versions/{}/withdraw", old["id"].as_str().unwrap()), json!({}))
        .await;
    assert_eq!(withdrawn.status(), StatusCode::OK);
    // Accounts seen recently: two on 1.0.0 (by number), one on 1.1.0 (by
    // tag), one unknown; an account last seen 40 days ago is not counted.
    let by_tag = format!("'{TAG}'");
    let installs = [
        ("1001", "'1.0.0'", "now()"),
        ("1002", "'1.0.0'", "now() - interval '2 days'"),
        ("1003", by_tag.as_str(), "now()"),
        ("1004", "NULL", "now()"),
        ("1005", "'1.1.0'", "now() - interval '40 days'"),
    ];
    for (account, version, seen) in installs {
        app.sql_in(
            acme.id,
            &format!(
                "INSERT INTO license_installations (tenant_id, license_id, account_number, robot_id, first_seen,
                                                   last_seen, state_since, last_valid, last_code, checks, robot_version)
                 VALUES ('{}', '{}', '{account}', '{robot}', {seen}, {seen}, {seen}, true, 'OK', 1, {version})",
                acme.id, rows.license
            ),
        )
        .await;
    }

    let (status, counted) =
        read_json(owner.get(&format!("/api/tenant/robots/{robot}/installations-by-version")).await).await;
    assert_eq!(status, StatusCode::OK, "{counted}");
    assert_eq!(
        counted,
        json!([
            {"version": "1.1.0", "installations": 1, "withdrawn": false},
            {"version": "1.0.0", "installations": 2, "withdrawn": true},
            {"version": null, "installations": 1, "withdrawn": false},
        ])
    );
    let listed = versions(&owner, robot).await;
    assert_eq!(version_in(&listed, "1.0.0")["installations"], 2);
    assert_eq!(version_in(&listed, "1.1.0")["installations"], 1);

    let beta = app.tenant("beta").await;
    let other = app.owner_of(&beta).await;
    let response = other.get(&format!("/api/tenant/robots/{robot}/installations-by-version")).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}
