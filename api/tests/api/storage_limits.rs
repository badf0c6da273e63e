//! What the platform admin sets per tenant (issue 23): the storage quota,
//! checked before an upload is accepted (two at once cannot both take the
//! last room) and shown to the owner; housekeeping removing objects no row
//! uses, with a report; DLL imports allowed per tenant, and the buyers' page
//! saying so.

use std::time::Duration;

use bytes::Bytes;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};

use crate::compile_fleet::{agent_post, claim, register};
use crate::compile_imports::import;
use crate::support::{json as read_json, Caller, Part, TenantFixture, TestApp};

const EA: &str = include_str!("../../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5");

/// A storage directory of this test's own: usage and housekeeping list
/// everything under it, which the shared test directory would mix up.
fn private_storage() -> String {
    std::env::temp_dir().join(format!("roboforge-test-storage-{}", uuid::Uuid::now_v7())).to_string_lossy().into_owned()
}

/// An `.ex5`-like file of `size` bytes (binary, not text).
fn ex5_of(size: usize, seed: u8) -> Vec<u8> {
    (0..size).map(|i| ((i as u64 * 7919 + u64::from(seed)) % 251) as u8).collect()
}

async fn upload_version(owner: &Caller, robot: uuid::Uuid, version: &str, bytes: &[u8]) -> (StatusCode, Value) {
    read_json(
        owner
            .send_multipart(
                Method::POST,
                &format!("/api/tenant/robots/{robot}/versions/upload"),
                &[Part::File { field: "file", name: "r.ex5", bytes }, Part::Text { field: "version", value: version }],
            )
            .await,
    )
    .await
}

async fn set_limits(app: &TestApp, tenant: &TenantFixture, body: Value) -> (StatusCode, Value) {
    read_json(app.as_admin().await.put_json(&format!("/api/tenants/{}/limits", tenant.id), body).await).await
}

#[tokio::test]
async fn an_upload_past_the_quota_is_refused_in_portuguese_and_two_at_once_cannot_both_take_the_last_room() {
    let app = TestApp::spawn_with(|c| c.storage_url = private_storage()).await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Robô Cota").await;

    for (quota, message) in [(json!(0), "Informe um limite"), (json!(2_000_000), "Informe um limite")] {
        let (status, error) = set_limits(&app, &acme, json!({"storageQuotaMb": quota})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(error["fields"]["storageQuotaMb"].as_str().unwrap().starts_with(message), "{error}");
    }
    let (status, limits) = set_limits(&app, &acme, json!({"storageQuotaMb": 1})).await;
    assert_eq!((status, limits["storageQuotaBytes"].as_i64()), (StatusCode::OK, Some(1024 * 1024)));

    let (status, first) = upload_version(&owner, robot, "1.0.0", &ex5_of(600_000, 1)).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    let (status, usage) = read_json(owner.get("/api/tenant/storage").await).await;
    assert_eq!(
        (status, usage["usedBytes"].as_u64(), usage["quotaBytes"].as_i64()),
        (StatusCode::OK, Some(600_000), Some(1024 * 1024))
    );

    let (status, refused) = upload_version(&owner, robot, "1.1.0", &ex5_of(600_000, 2)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{refused}");
    assert!(
        refused["message"].as_str().unwrap().starts_with("Limite de armazenamento atingido: 0,6 MB de 1,0 MB"),
        "{refused}"
    );
    let (_, versions) = read_json(owner.get(&format!("/api/tenant/robots/{robot}/versions")).await).await;
    assert_eq!(versions["versions"].as_array().unwrap().len(), 1, "no version for the refused file");
    let (_, usage) = read_json(owner.get("/api/tenant/storage").await).await;
    assert_eq!(usage["usedBytes"].as_u64(), Some(600_000), "nothing of the refused file was stored");

    // 400 KB left: two 300 KB uploads at once, one fits.
    let second = app.owner_of(&acme).await;
    let (file_a, file_b) = (ex5_of(300_000, 3), ex5_of(300_000, 4));
    let (a, b) =
        tokio::join!(upload_version(&owner, robot, "2.0.0", &file_a), upload_version(&second, robot, "2.1.0", &file_b));
    let mut statuses = vec![a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, vec![StatusCode::CREATED, StatusCode::PAYLOAD_TOO_LARGE], "{a:?} {b:?}");

    // A tenant at its quota queues no import either.
    set_limits(&app, &acme, json!({"storageQuotaMb": 1})).await;
    let (_, usage) = read_json(owner.get("/api/tenant/storage").await).await;
    assert_eq!(usage["usedBytes"].as_u64(), Some(900_000));
    let (status, _) = set_limits(&app, &acme, json!({"storageQuotaMb": null})).await;
    assert_eq!(status, StatusCode::OK, "back to the platform default");
    let (_, usage) = read_json(owner.get("/api/tenant/storage").await).await;
    assert_eq!(usage["quotaBytes"].as_i64(), Some(1024 * 1024 * 1024));
}

#[tokio::test]
async fn a_full_tenant_cannot_queue_an_import() {
    let app = TestApp::spawn_with(|c| {
        c.storage_url = private_storage();
        c.storage_quota_default_bytes = 500_000;
    })
    .await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Cheio").await;
    let (status, _) = upload_version(&owner, robot, "1.0.0", &ex5_of(500_000, 1)).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, refused) = import(&owner, "Novo", EA, "Novo.mq5").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{refused}");
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let jobs: i64 = sqlx::query_scalar("SELECT count(*) FROM compilation_jobs").fetch_one(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(jobs, 0, "nothing queued");
}

#[tokio::test]
async fn housekeeping_removes_objects_no_row_uses_reports_them_and_keeps_every_file_in_use() {
    let app = TestApp::spawn_with(|c| c.storage_url = private_storage()).await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Robô Limpo").await;
    let (status, _) = upload_version(&owner, robot, "1.0.0", &ex5_of(10_000, 1)).await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, logo) = read_json(
        owner
            .send_multipart(
                Method::POST,
                "/api/tenant/settings/logo/upload",
                &[Part::File { field: "file", name: "l.png", bytes: PNG }],
            )
            .await,
    )
    .await;
    assert!(logo["logoUrl"].is_string(), "{logo}");
    // A file a sales page links to is in use too.
    let linked = shared::infrastructure::storage::new_key(acme.id, "robot-logos", "png");
    app.state.storage.put(&linked, Bytes::from_static(PNG)).await.unwrap();
    let link = format!("/api/public/files/{}", linked.trim_start_matches("tenants/"));
    let saved = owner
        .patch_json(
            &format!("/api/tenant/robots/{robot}/sales-page"),
            json!({"htmlSection1": format!("<p><img src=\"{link}\"></p>")}),
        )
        .await;
    assert!(saved.status().is_success(), "{}", saved.status());
    // Two orphans: a replaced file whose delete failed, a deleted tenant's file.
    let orphan = shared::infrastructure::storage::new_key(acme.id, "versions", "ex5");
    app.state.storage.put(&orphan, Bytes::from(ex5_of(1234, 9))).await.unwrap();
    let gone_tenant = shared::infrastructure::storage::new_key(uuid::Uuid::now_v7(), "logos", "png");
    app.state.storage.put(&gone_tenant, Bytes::from_static(PNG)).await.unwrap();
    let before = app.state.storage.tenant_usage(acme.id).await.unwrap();

    let report = shared::workflows::orphans::remove_orphans(&app.db.worker_pool, &app.state.storage, Duration::ZERO)
        .await
        .unwrap();
    let mut removed: Vec<&str> = report.removed.iter().map(|o| o.key.as_str()).collect();
    removed.sort();
    let mut expected = vec![orphan.as_str(), gone_tenant.as_str()];
    expected.sort();
    assert_eq!(removed, expected);
    assert_eq!(report.bytes, 1234 + PNG.len() as u64);
    let after = app.state.storage.tenant_usage(acme.id).await.unwrap();
    assert_eq!(
        (after.files, after.bytes),
        (before.files - 1, before.bytes - 1234),
        "only the orphan left acme's storage"
    );
    assert!(app.state.storage.read(&linked).await.unwrap().is_some(), "a linked file stays");
    let (_, page) =
        read_json(app.as_admin().await.get(&format!("/api/audit-log?entity=stored_file&tenantId={}", acme.id)).await)
            .await;
    let logged = serde_json::to_string(&page).unwrap();
    assert!(logged.contains(&orphan), "the removal is reported in the audit log: {logged}");

    // Objects younger than the grace are left alone (an upload before its row commits).
    let fresh = shared::infrastructure::storage::new_key(acme.id, "versions", "ex5");
    app.state.storage.put(&fresh, Bytes::from(ex5_of(10, 1))).await.unwrap();
    let report = shared::workflows::orphans::remove_orphans(
        &app.db.worker_pool,
        &app.state.storage,
        shared::workflows::orphans::GRACE,
    )
    .await
    .unwrap();
    assert!(report.removed.is_empty());
    assert!(app.state.storage.read(&fresh).await.unwrap().is_some());
}

pub(crate) const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

#[tokio::test]
async fn a_dll_import_needs_the_admins_allowance_and_then_the_buyers_page_says_so() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let source = format!("#import \"kernel32.dll\"\nuint GetTickCount();\n#import\n{EA}");
    let (status, refused) = import(&owner, "Robô DLL", &source, "dll.mq5").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");

    let (status, limits) = set_limits(&app, &acme, json!({"dllImportsAllowed": true})).await;
    assert_eq!((status, limits["dllImportsAllowed"].as_bool()), (StatusCode::OK, Some(true)));
    let (status, job) = import(&owner, "Robô DLL", &source, "dll.mq5").await;
    assert_eq!(status, StatusCode::CREATED, "{job}");
    let (_, token) = register(&app, "wine-dll").await;
    let leased = claim(&app, &token, 0).await.unwrap();
    assert_eq!(leased["dllImportsAllowed"], true, "the agent's own check follows the allowance");
    let result = json!({"success": true, "log": "Result: 0 errors, 0 warnings", "diagnostics": [],
                        "ex5Base64": base64::Engine::encode(&base64::engine::general_purpose::STANDARD, ex5_of(5000, 3))});
    let done =
        agent_post(&app, &token, &format!("/api/agents/jobs/{}/result", leased["jobId"].as_str().unwrap()), result)
            .await;
    assert_eq!(done.status(), StatusCode::NO_CONTENT);
    let robot = job["robotId"].as_str().unwrap();
    let (_, versions) = read_json(owner.get(&format!("/api/tenant/robots/{robot}/versions")).await).await;
    assert_eq!(versions["versions"][0]["loadsDll"], true);
    // Only a published page is public (issue 35's storefront).
    let publish = owner.patch_json(&format!("/api/tenant/robots/{robot}/sales-page"), json!({"published": true})).await;
    assert_eq!(publish.status(), StatusCode::OK);
    let page = app
        .browser()
        .get(app.url(&format!("/api/public/robots/{robot}/sales-page?tenant={}", acme.url)))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("Este robô carrega uma DLL."), "{page}");

    // Other tenants' robots say nothing of the kind, and their imports stay refused.
    let other = app.tenant("other").await;
    let (status, _) = import(&app.owner_of(&other).await, "Robô DLL", &source, "dll.mq5").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_deleted_tenants_files_leave_storage_after_the_delete_commits() {
    let app = TestApp::spawn_with(|c| c.storage_url = private_storage()).await;
    let (acme, other) = (app.tenant("acme").await, app.tenant("other").await);
    for tenant in [&acme, &other] {
        let robot = app.robot(tenant, "Robô").await;
        let (status, _) = upload_version(&app.owner_of(tenant).await, robot, "1.0.0", &ex5_of(2000, 1)).await;
        assert_eq!(status, StatusCode::CREATED);
    }
    assert_eq!(app.state.storage.tenant_usage(acme.id).await.unwrap().files, 1);
    let deleted = app.as_admin().await.delete(&format!("/api/tenants/{}", acme.id)).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.state.storage.tenant_usage(acme.id).await.unwrap().files, 0, "the deleted tenant's files are gone");
    assert_eq!(app.state.storage.tenant_usage(other.id).await.unwrap().files, 1, "another tenant's stay");
}
