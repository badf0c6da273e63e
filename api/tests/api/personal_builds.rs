//! Personal builds (issue 26, decision 0015): each license of a robot whose
//! source the platform holds gets its own `.ex5`, compiled on the fleet with
//! the license id and a random mark injected; builds wait behind every
//! import and factory compile in the fair claim.

use base64::Engine;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::compile_fleet::{agent_post, claim, queue_job, register};
use crate::compile_imports::import;
use crate::support::{fake_ex5, json as read_json, Caller, Part, TestApp};

const EA: &str = include_str!("../../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5");

fn compiled(seed: u32) -> Value {
    let ex5 = base64::engine::general_purpose::STANDARD.encode(fake_ex5(seed));
    json!({"success": true, "log": "Result: 0 errors, 0 warnings", "diagnostics": [], "ex5Base64": ex5})
}

async fn post_result(app: &TestApp, token: &str, job: &Value, seed: u32) {
    let path = format!("/api/agents/jobs/{}/result", job["jobId"].as_str().unwrap());
    let done = agent_post(app, token, &path, compiled(seed)).await;
    assert_eq!(done.status(), StatusCode::NO_CONTENT);
}

/// An imported robot compiled by `token`'s agent: its first version is active.
async fn imported_robot(app: &TestApp, owner: &Caller, token: &str) -> Uuid {
    let (status, job) = import(owner, "Robô Pessoal", EA, "Robo_Pessoal.mq5").await;
    assert_eq!(status, StatusCode::CREATED, "{job}");
    let leased = claim(app, token, 0).await.expect("the import");
    post_result(app, token, &leased, 1).await;
    job["robotId"].as_str().unwrap().parse().unwrap()
}

async fn new_license(owner: &Caller, robot: Uuid, email: &str) -> Uuid {
    let (status, client) = read_json(
        owner
            .post(
                "/api/tenant/clients",
                json!({"name": format!("Cliente {email}"), "email": email, "password": "senha-forte-123"}),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{client}");
    let (status, license) = read_json(
        owner
            .post("/api/tenant/licenses", json!({"clientId": client["id"], "robotId": robot, "status": "active"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{license}");
    license["id"].as_str().unwrap().parse().unwrap()
}

/// (status, build mark, file sha256) of each build of `license`.
async fn builds_of(app: &TestApp, tenant: Uuid, license: Uuid) -> Vec<(String, String, Option<String>)> {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    let rows = sqlx::query_as(
        "SELECT status, build_mark, file_sha256 FROM license_builds WHERE license_id = $1 ORDER BY created_at",
    )
    .bind(license)
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    rows
}

#[tokio::test]
async fn each_license_gets_its_own_build_marked_with_it_and_compiled_on_the_fleet() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let (_, token) = register(&app, "pessoal-1").await;
    let robot = imported_robot(&app, &owner, &token).await;
    let (ana, bia) =
        (new_license(&owner, robot, "ana@example.com").await, new_license(&owner, robot, "bia@example.com").await);

    let mut seen = Vec::new();
    for seed in [11, 12] {
        let job = claim(&app, &token, 0).await.expect("a personal build");
        let source = job["sourceCode"].as_str().unwrap();
        assert!(source.contains("#define RF_LICENSE_ID"), "the license is injected");
        assert!(source.contains("#define RF_BUILD_MARK"), "the mark is injected");
        seen.push(source.to_string());
        post_result(&app, &token, &job, seed).await;
    }
    assert!(claim(&app, &token, 0).await.is_none(), "one build per license");
    for (license, other) in [(ana, bia), (bia, ana)] {
        let builds = builds_of(&app, acme.id, license).await;
        assert_eq!(builds.len(), 1, "{builds:?}");
        let (status, mark, sha) = &builds[0];
        assert_eq!(status, "ready");
        assert_eq!(mark.len(), 32);
        let source = seen.iter().find(|s| s.contains(&license.to_string())).expect("its own source");
        assert!(source.contains(mark.as_str()) && !source.contains(&other.to_string()));
        let other_sha = builds_of(&app, acme.id, other).await[0].2.clone();
        assert_ne!(sha, &other_sha, "two buyers, two different files");
    }

    // Activating the same version again queues nothing new (one live build per license and version).
    let again =
        owner.patch_json(&format!("/api/tenant/robots/{robot}/active-version"), json!({"version": "1.0.0"})).await;
    assert_eq!(again.status(), StatusCode::OK);
    assert!(claim(&app, &token, 0).await.is_none(), "no duplicate build");
}

#[tokio::test]
async fn a_thousand_queued_personal_builds_do_not_get_ahead_of_a_later_import() {
    let app = TestApp::spawn_with(|c| c.compile_jobs_per_tenant = 1000).await;
    let (a, b) = (app.tenant("tenant-a").await, app.tenant("tenant-b").await);
    let (_, token) = register(&app, "um").await;
    // B has 1,000 personal builds waiting (as 1,000 sales at once would queue).
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(b.id)).await.unwrap();
    sqlx::query(
        "INSERT INTO compilation_jobs (id, tenant_id, robot_name, source, source_code, created_at)
         SELECT gen_random_uuid(), $1, 'Build ' || n, 'personal-build', 'void OnTick(){}',
                now() - interval '1 hour' + n * interval '1 millisecond'
           FROM generate_series(1, 1000) n",
    )
    .bind(b.id)
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let first = claim(&app, &token, 0).await.unwrap();
    assert!(first["robotName"].as_str().unwrap().starts_with("Build"), "alone, builds are served");

    // Later, imports of both tenants arrive: they go before every remaining build.
    queue_job(&app, a.id, "Import A").await;
    queue_job(&app, b.id, "Import B").await;
    let mut next = Vec::new();
    for _ in 0..3 {
        next.push(claim(&app, &token, 0).await.unwrap()["robotName"].as_str().unwrap().to_string());
    }
    assert_eq!(next[..2].iter().filter(|n| n.starts_with("Import")).count(), 2, "{next:?}");
    assert!(next[2].starts_with("Build"), "{next:?}");
}

#[tokio::test]
async fn personal_builds_are_invisible_to_other_tenants() {
    let app = TestApp::spawn().await;
    let (acme, beta) = (app.tenant("acme").await, app.tenant("beta").await);
    let owner = app.owner_of(&acme).await;
    let (_, token) = register(&app, "pessoal-rls").await;
    let robot = imported_robot(&app, &owner, &token).await;
    new_license(&owner, robot, "ana@example.com").await;
    for scope in [Scope::worker_for(beta.id), Scope::owner(beta.id, Uuid::now_v7())] {
        let mut tx = db::begin(&app.db.app_pool, scope).await.unwrap();
        let seen: i64 = sqlx::query_scalar("SELECT count(*) FROM license_builds").fetch_one(&mut *tx).await.unwrap();
        assert_eq!(seen, 0, "another tenant sees no builds or marks");
        tx.commit().await.unwrap();
    }
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let own: i64 = sqlx::query_scalar("SELECT count(*) FROM license_builds").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(own, 1);
}

async fn check(app: &TestApp, body: Value) -> Value {
    let response = app.browser().post(app.url("/api/webhooks/validate-license")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

#[tokio::test]
async fn a_personal_build_checks_without_an_email_names_its_license_and_a_revoked_one_fails() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let (_, token) = register(&app, "pessoal-check").await;
    let robot = imported_robot(&app, &owner, &token).await;
    app.sql_in(
        acme.id,
        &format!("UPDATE tenant_robots SET active = true, binding_policy = 'first_use' WHERE id = '{robot}'"),
    )
    .await;
    let (ana, bia) =
        (new_license(&owner, robot, "ana@example.com").await, new_license(&owner, robot, "bia@example.com").await);
    for seed in [21, 22] {
        let job = claim(&app, &token, 0).await.expect("a personal build");
        post_result(&app, &token, &job, seed).await;
    }
    let mark_of = |builds: Vec<(String, String, Option<String>)>| builds[0].1.clone();
    let (ana_mark, bia_mark) =
        (mark_of(builds_of(&app, acme.id, ana).await), mark_of(builds_of(&app, acme.id, bia).await));
    let body = |license: Uuid, mark: &str, account: u64| {
        json!({"licenseId": license, "buildMark": mark, "mtAccount": account, "robotId": robot, "tenantId": acme.id,
               "nonce": "n1", "protocol": 2})
    };

    let answer = check(&app, body(ana, &ana_mark, 5001)).await;
    assert_eq!((answer["valid"].as_bool(), answer["code"].as_str()), (Some(true), Some("OK")), "{answer}");
    assert_eq!(answer["licenseId"], ana.to_string(), "the answer names its license");
    assert!(answer["signature"].as_str().is_some_and(|s| s.len() == 128));
    let answer = check(&app, body(bia, &bia_mark, 5002)).await;
    assert_eq!((answer["valid"].as_bool(), answer["licenseId"].as_str()), (Some(true), Some(bia.to_string().as_str())));
    // Account binding as today: Ana's build on another account is refused.
    let other = check(&app, body(ana, &ana_mark, 9999)).await;
    assert_eq!((other["valid"].as_bool(), other["code"].as_str()), (Some(false), Some("NOT_RECOGNIZED")));
    assert!(other.get("licenseId").is_none(), "a refusal names nothing");
    // A mark that is not this license's build (Bia's mark with Ana's license) names nobody.
    let swapped = check(&app, body(ana, &bia_mark, 5001)).await;
    assert_eq!((swapped["valid"].as_bool(), swapped["code"].as_str()), (Some(false), Some("NOT_RECOGNIZED")));
    // A malformed mark is an invalid request; without an e-mail or a build, too.
    let bad = check(&app, body(ana, "xyz", 5001)).await;
    assert_eq!(bad["code"], "INVALID_REQUEST");
    let neither = check(&app, json!({"mtAccount": 5001, "robotId": robot, "tenantId": acme.id})).await;
    assert_eq!(neither["code"], "INVALID_REQUEST");

    // Ana's build leaks and is revoked: its next check fails, Bia's still passes.
    app.sql_in(
        acme.id,
        &format!("UPDATE license_builds SET status = 'revoked', revoked_at = now() WHERE license_id = '{ana}'"),
    )
    .await;
    let revoked = check(&app, body(ana, &ana_mark, 5001)).await;
    assert_eq!(
        (revoked["valid"].as_bool(), revoked["code"].as_str()),
        (Some(false), Some("BUILD_REVOKED")),
        "{revoked}"
    );
    let still = check(&app, body(bia, &bia_mark, 5002)).await;
    assert_eq!(still["valid"], true, "{still}");
}

#[tokio::test]
async fn the_download_gives_the_personal_build_shows_progress_meanwhile_and_falls_back_after_the_wait() {
    let app = TestApp::spawn_with(|c| c.personal_build_wait_seconds = 2).await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let (_, token) = register(&app, "pessoal-download").await;
    let robot = imported_robot(&app, &owner, &token).await;
    app.sql_in(acme.id, &format!("UPDATE tenant_robots SET active = true WHERE id = '{robot}'")).await;
    let license_for_client = || async {
        let (status, license) = read_json(
            owner
                .post("/api/tenant/licenses", json!({"clientId": acme.client_id, "robotId": robot, "status": "active"}))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{license}");
        license["id"].as_str().unwrap().to_string()
    };
    let license = license_for_client().await;
    let client = app.client_of(&acme).await;
    let path = format!("/api/client/download/{license}");

    let (status, progress) = read_json(client.get(&path).await).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{progress}");
    assert_eq!(
        (progress["message"].as_str(), progress["status"].as_str()),
        (Some("Preparando sua cópia pessoal…"), Some("queued"))
    );

    let job = claim(&app, &token, 0).await.expect("the build");
    post_result(&app, &token, &job, 31).await;
    let ready = client.get(&path).await;
    assert_eq!(ready.status(), StatusCode::OK);
    assert_eq!(ready.bytes().await.unwrap().to_vec(), fake_ex5(31), "the personal build");
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let (downloads, with_ip): (i64, i64) =
        sqlx::query_as("SELECT count(*), count(ip) FROM license_build_downloads").fetch_one(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!((downloads, with_ip), (1, 1), "the download is recorded with its IP");

    // A second license whose build nobody compiles: after the wait, the shared file.
    let waiting = license_for_client().await;
    let path = format!("/api/client/download/{waiting}");
    assert_eq!(client.get(&path).await.status(), StatusCode::ACCEPTED);
    tokio::time::sleep(std::time::Duration::from_millis(2_100)).await;
    let shared_file = client.get(&path).await;
    assert_eq!(shared_file.status(), StatusCode::OK);
    assert_eq!(shared_file.bytes().await.unwrap().to_vec(), fake_ex5(1), "the shared build after the wait");
}

async fn trace(owner: &Caller, robot: Uuid, name: &str, bytes: &[u8]) -> (StatusCode, Value) {
    let parts = [Part::File { field: "file", name, bytes }];
    read_json(owner.send_multipart(Method::POST, &format!("/api/tenant/robots/{robot}/leak-trace"), &parts).await).await
}

#[tokio::test]
async fn a_leaked_build_is_traced_to_its_buyer_and_revoking_it_fails_only_that_build() {
    let app = TestApp::spawn().await;
    let (acme, beta) = (app.tenant("acme").await, app.tenant("beta").await);
    let owner = app.owner_of(&acme).await;
    let (_, token) = register(&app, "pessoal-vazamento").await;
    let robot = imported_robot(&app, &owner, &token).await;
    app.sql_in(
        acme.id,
        &format!("UPDATE tenant_robots SET active = true, binding_policy = 'first_use' WHERE id = '{robot}'"),
    )
    .await;
    // The fixture's client (who can sign in and download) and another buyer.
    let (status, license) = read_json(
        owner
            .post("/api/tenant/licenses", json!({"clientId": acme.client_id, "robotId": robot, "status": "active"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{license}");
    let leaker: Uuid = license["id"].as_str().unwrap().parse().unwrap();
    let other = new_license(&owner, robot, "bia@example.com").await;
    for seed in [41, 42] {
        let job = claim(&app, &token, 0).await.expect("a personal build");
        post_result(&app, &token, &job, seed).await;
    }
    let client = app.client_of(&acme).await;
    let downloaded = client.get(&format!("/api/client/download/{leaker}")).await;
    assert_eq!(downloaded.status(), StatusCode::OK);
    let leaked = downloaded.bytes().await.unwrap().to_vec();

    // Found on a forum: traced by its hash to the buyer, with the download history.
    let (status, traced) = trace(&owner, robot, "Robo_Pirata.ex5", &leaked).await;
    assert_eq!(status, StatusCode::OK, "{traced}");
    assert_eq!(traced["licenseId"], leaker.to_string());
    assert_eq!(traced["clientEmail"], acme.client_email.as_str());
    assert_eq!(traced["downloads"].as_array().unwrap().len(), 1, "{traced}");
    assert!(traced["downloads"][0]["ip"].as_str().is_some());
    let build_id = traced["buildId"].as_str().unwrap().to_string();
    let mark = traced["buildMark"].as_str().unwrap().to_string();

    // A file changed after the download (so its hash is new) is traced by the mark in its bytes.
    let mut altered = fake_ex5(77);
    altered.extend(format!("\"{mark}\"").encode_utf16().flat_map(|u| u.to_le_bytes()));
    let (status, by_mark) = trace(&owner, robot, "outro.ex5", &altered).await;
    assert_eq!((status, by_mark["buildId"].as_str()), (StatusCode::OK, Some(build_id.as_str())), "{by_mark}");

    // Bad input: a clear pt-BR 4xx.
    let (status, unknown) = trace(&owner, robot, "x.ex5", &fake_ex5(99)).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{unknown}");
    assert!(unknown["message"].as_str().unwrap().contains("Nenhuma cópia pessoal"));
    let (status, not_ex5) = trace(&owner, robot, "x.ex5", b"MZ not a robot at all").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{not_ex5}");
    assert_eq!(not_ex5["fields"]["file"], "O arquivo enviado não é um .ex5.");
    // Another tenant's owner learns nothing, whatever the file.
    let beta_owner = app.owner_of(&beta).await;
    let (status, _) = trace(&beta_owner, robot, "x.ex5", &leaked).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let refused =
        beta_owner.post(&format!("/api/tenant/licenses/{leaker}/builds/revoke"), json!({"buildId": build_id})).await;
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);

    // The owner revokes the leaked build (audited): its next check fails, the other buyer's passes.
    let (ana_mark, bia_mark) = (mark, builds_of(&app, acme.id, other).await[0].1.clone());
    let body = |license: Uuid, mark: &str, account: u64| json!({"licenseId": license, "buildMark": mark, "mtAccount": account, "robotId": robot, "tenantId": acme.id, "protocol": 2});
    assert_eq!(check(&app, body(leaker, &ana_mark, 7001)).await["valid"], true);
    assert_eq!(check(&app, body(other, &bia_mark, 7002)).await["valid"], true);
    let (status, revoked) = read_json(
        owner.post(&format!("/api/tenant/licenses/{leaker}/builds/revoke"), json!({"buildId": build_id})).await,
    )
    .await;
    assert_eq!((status, revoked["status"].as_str()), (StatusCode::OK, Some("revoked")), "{revoked}");
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let answer = check(&app, body(leaker, &ana_mark, 7001)).await;
    assert_eq!((answer["valid"].as_bool(), answer["code"].as_str()), (Some(false), Some("BUILD_REVOKED")), "{answer}");
    assert_eq!(check(&app, body(other, &bia_mark, 7002)).await["valid"], true, "the other buyer is unaffected");
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let audited: i64 =
        sqlx::query_scalar("SELECT count(*) FROM audit_log WHERE entity = 'license_build' AND entity_id = $1::uuid")
            .bind(&build_id)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(audited, 1);

    // Who is still on the shared file: nobody once both builds are ready; a new license is.
    let (status, shared_list) =
        read_json(owner.get(&format!("/api/tenant/robots/{robot}/shared-build-clients")).await).await;
    assert_eq!(status, StatusCode::OK);
    let listed: Vec<&str> =
        shared_list["items"].as_array().unwrap().iter().map(|i| i["licenseId"].as_str().unwrap()).collect();
    assert!(!listed.contains(&other.to_string().as_str()), "{shared_list}");
    let late = new_license(&owner, robot, "caio@example.com").await;
    let (_, shared_list) =
        read_json(owner.get(&format!("/api/tenant/robots/{robot}/shared-build-clients")).await).await;
    let late_row =
        shared_list["items"].as_array().unwrap().iter().find(|i| i["licenseId"] == late.to_string()).cloned();
    assert_eq!(late_row.map(|r| r["clientEmail"].clone()), Some(json!("caio@example.com")), "{shared_list}");
}
