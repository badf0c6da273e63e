//! The compile fleet's second pass (issue 23): agents belong to pools and
//! claim only their pool's tenants' jobs; tenants take turns in the queue
//! under a per-tenant cap; a result must answer the source its job gave out,
//! and the version it becomes records the job, the source's hash and the
//! file's hash (with an audit row); a job no agent claims alerts the admin once.

use std::time::Duration;

use base64::Engine;
use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::compile_fleet::{agent_post, claim, job_row, queue_job, register};
use crate::compile_imports::import;
use crate::support::{fake_ex5, json as read_json, TestApp};

const EA: &str = include_str!("../../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5");

fn compiled(seed: u32) -> Value {
    let ex5 = base64::engine::general_purpose::STANDARD.encode(fake_ex5(seed));
    json!({"success": true, "log": "Result: 0 errors, 0 warnings", "diagnostics": [], "ex5Base64": ex5})
}

async fn register_in_pool(app: &TestApp, name: &str, pool: &str) -> String {
    let (status, body) = read_json(
        app.as_admin()
            .await
            .post("/api/compile-agents", json!({"name": name, "platform": "wine", "poolId": pool}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["agent"]["poolId"], pool);
    body["token"].as_str().unwrap().to_string()
}

async fn create_pool(app: &TestApp, name: &str, tenants: &[Uuid]) -> Value {
    let (status, pool) =
        read_json(app.as_admin().await.post("/api/compile-pools", json!({"name": name, "tenantIds": tenants})).await)
            .await;
    assert_eq!(status, StatusCode::CREATED, "{pool}");
    pool
}

#[tokio::test]
async fn a_pool_restricted_token_claims_only_its_tenants_jobs_and_the_shared_pool_never_sees_them() {
    let app = TestApp::spawn().await;
    let (acme, beta) = (app.tenant("acme").await, app.tenant("beta").await);
    let pool = create_pool(&app, "Dedicado Acme", &[acme.id]).await;
    assert_eq!(
        (pool["servesAllTenants"].as_bool(), pool["tenants"][0]["id"].as_str()),
        (Some(false), Some(acme.id.to_string().as_str()))
    );
    let dedicated = register_in_pool(&app, "acme-1", pool["id"].as_str().unwrap()).await;
    let (_, shared_agent) = register(&app, "shared-1").await;

    let beta_job = queue_job(&app, beta.id, "Beta").await;
    assert!(claim(&app, &dedicated, 0).await.is_none(), "the dedicated token cannot take another tenant's job");
    assert_eq!(job_row(&app, beta.id, beta_job).await.0, "pending");

    let acme_job = queue_job(&app, acme.id, "Acme").await;
    let leased = claim(&app, &shared_agent, 0).await.expect("the shared agent takes Beta's job");
    assert_eq!(leased["jobId"], beta_job.to_string());
    assert!(claim(&app, &shared_agent, 0).await.is_none(), "Acme is served by its own pool only");
    let leased = claim(&app, &dedicated, 0).await.expect("the dedicated agent takes Acme's job");
    assert_eq!(leased["jobId"], acme_job.to_string());

    // Another pool's agent cannot report for a job it does not hold either.
    let forged = agent_post(&app, &shared_agent, &format!("/api/agents/jobs/{acme_job}/result"), compiled(1)).await;
    assert_eq!(forged.status(), StatusCode::CONFLICT);
    assert_eq!(job_row(&app, acme.id, acme_job).await.0, "processing");

    // Once the pool is deleted (no agents left), Acme goes back to the shared pool.
    let admin = app.as_admin().await;
    let pool_id = pool["id"].as_str().unwrap();
    let busy = admin.delete(&format!("/api/compile-pools/{pool_id}")).await;
    assert_eq!(busy.status(), StatusCode::CONFLICT, "a pool with active agents stays");
    let agents: Value = admin.get("/api/compile-agents").await.json().await.unwrap();
    let dedicated_id = agents.as_array().unwrap().iter().find(|a| a["name"] == "acme-1").unwrap()["id"].clone();
    admin.delete(&format!("/api/compile-agents/{}", dedicated_id.as_str().unwrap())).await;
    assert_eq!(admin.delete(&format!("/api/compile-pools/{pool_id}")).await.status(), StatusCode::NO_CONTENT);
    let leased = claim(&app, &shared_agent, 0).await.expect("the revoked agent's job is back for the shared pool");
    assert_eq!(leased["jobId"], acme_job.to_string());
}

#[tokio::test]
async fn pools_refuse_bad_input_in_portuguese_and_an_agent_moves_between_pools() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let admin = app.as_admin().await;
    for (body, field, message) in [
        (json!({"name": "", "tenantIds": [acme.id]}), "name", "Nome é obrigatório"),
        (json!({"name": "X", "tenantIds": []}), "tenantIds", "Escolha pelo menos um tenant"),
        (json!({"name": "X", "tenantIds": ["nope"]}), "tenantIds", "Tenant inválido"),
        (json!({"name": "X", "tenantIds": [Uuid::now_v7()]}), "tenantIds", "Tenant não encontrado"),
    ] {
        let (status, error) = read_json(admin.post("/api/compile-pools", body).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
        assert_eq!(error["fields"][field], message, "{error}");
    }
    let pool = create_pool(&app, "Dedicado", &[acme.id]).await;
    let (status, error) =
        read_json(admin.post("/api/compile-pools", json!({"name": "Dedicado", "tenantIds": [acme.id]})).await).await;
    assert_eq!(
        (status, error["fields"]["name"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Já existe um pool com este nome"))
    );
    let pools: Value = admin.get("/api/compile-pools").await.json().await.unwrap();
    let default = pools.as_array().unwrap().iter().find(|p| p["servesAllTenants"] == true).unwrap()["id"].clone();
    let (status, _) = read_json(
        admin
            .patch_json(&format!("/api/compile-pools/{}", default.as_str().unwrap()), json!({"tenantIds": [acme.id]}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "the default pool serves everyone");
    assert_eq!(
        admin.delete(&format!("/api/compile-pools/{}", default.as_str().unwrap())).await.status(),
        StatusCode::CONFLICT
    );

    let (agent_id, token) = register(&app, "movel").await;
    let (status, moved) =
        read_json(admin.patch_json(&format!("/api/compile-agents/{agent_id}"), json!({"poolId": pool["id"]})).await)
            .await;
    assert_eq!((status, &moved["poolId"]), (StatusCode::OK, &pool["id"]));
    let job = queue_job(&app, acme.id, "Acme").await;
    assert_eq!(claim(&app, &token, 0).await.expect("now it serves Acme")["jobId"], job.to_string());
}

#[tokio::test]
async fn tenants_take_turns_so_one_tenants_backlog_does_not_starve_the_others() {
    let app = TestApp::spawn_with(|c| c.compile_jobs_per_tenant = 1000).await;
    let (a, b, c) = (app.tenant("tenant-a").await, app.tenant("tenant-b").await, app.tenant("tenant-c").await);
    let (_, token) = register(&app, "um").await;
    for i in 0..30 {
        queue_job(&app, a.id, &format!("A{i}")).await;
    }
    // A has been served before B and C arrive.
    for _ in 0..3 {
        let job = claim(&app, &token, 0).await.unwrap();
        assert!(job["robotName"].as_str().unwrap().starts_with('A'));
        agent_post(&app, &token, &format!("/api/agents/jobs/{}/result", job["jobId"].as_str().unwrap()), compiled(1))
            .await;
    }
    queue_job(&app, b.id, "B").await;
    queue_job(&app, c.id, "C").await;
    let mut next = Vec::new();
    for _ in 0..3 {
        let job = claim(&app, &token, 0).await.unwrap();
        next.push(job["robotName"].as_str().unwrap().to_string());
        agent_post(&app, &token, &format!("/api/agents/jobs/{}/result", job["jobId"].as_str().unwrap()), compiled(1))
            .await;
    }
    assert!(next.contains(&"B".to_string()) && next.contains(&"C".to_string()), "B and C within 3 claims: {next:?}");
}

#[tokio::test]
async fn one_tenant_has_at_most_the_cap_in_progress_while_others_still_get_agents() {
    let app = TestApp::spawn_with(|c| c.compile_jobs_per_tenant = 2).await;
    let (a, b) = (app.tenant("tenant-a").await, app.tenant("tenant-b").await);
    let mut tokens = Vec::new();
    for i in 0..4 {
        tokens.push(register(&app, &format!("agente-{i}")).await.1);
    }
    for i in 0..10 {
        queue_job(&app, a.id, &format!("A{i}")).await;
    }
    // Four agents claim at once: A's cap lets two through.
    let claims = tokio::join!(
        claim(&app, &tokens[0], 0),
        claim(&app, &tokens[1], 0),
        claim(&app, &tokens[2], 0),
        claim(&app, &tokens[3], 0)
    );
    let claimed = [claims.0, claims.1, claims.2, claims.3];
    assert_eq!(claimed.iter().flatten().count(), 2, "A's third job waits for one of its two to finish");
    queue_job(&app, b.id, "B").await;
    let mut b_taken = false;
    for token in &tokens {
        if let Some(job) = claim(&app, token, 0).await {
            assert_eq!(job["robotName"], "B", "only B's job is claimable while A is at its cap");
            b_taken = true;
            break;
        }
    }
    assert!(b_taken, "an agent is free for B");
}

#[tokio::test]
async fn a_result_must_answer_its_jobs_source_and_the_version_records_the_job_and_both_hashes() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let (_, token) = register(&app, "wine-hash").await;
    let (status, job) = import(&owner, "Robô Hash", EA, "Robo_Hash.mq5").await;
    assert_eq!(status, StatusCode::CREATED, "{job}");
    let leased = claim(&app, &token, 0).await.unwrap();
    let job_id = leased["jobId"].as_str().unwrap().to_string();
    let given = leased["sourceSha256"].as_str().unwrap().to_string();
    assert_eq!(
        given,
        shared::infrastructure::secrets::sha256_hex_of(leased["sourceCode"].as_str().unwrap().as_bytes())
    );
    assert_eq!(leased["dllImportsAllowed"], false);

    // A result for other source (a swapped file) is refused and changes nothing.
    let mut swapped = compiled(5);
    swapped["sourceSha256"] = json!(shared::infrastructure::secrets::sha256_hex_of(b"void OnTick(){ /* trojan */ }"));
    let (status, error) =
        read_json(agent_post(&app, &token, &format!("/api/agents/jobs/{job_id}/result"), swapped).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error["message"].as_str().unwrap().contains("hash do código-fonte"), "{error}");
    assert_eq!(job_row(&app, acme.id, job_id.parse().unwrap()).await.0, "processing");

    let mut genuine = compiled(6);
    genuine["sourceSha256"] = json!(given);
    let done = agent_post(&app, &token, &format!("/api/agents/jobs/{job_id}/result"), genuine).await;
    assert_eq!(done.status(), StatusCode::NO_CONTENT);
    let robot = job["robotId"].as_str().unwrap();
    let (_, versions) = read_json(owner.get(&format!("/api/tenant/robots/{robot}/versions")).await).await;
    let version = &versions["versions"][0];
    let file_hash = shared::infrastructure::secrets::sha256_hex_of(&fake_ex5(6));
    assert_eq!(
        (version["compileJobId"].as_str(), version["sourceSha256"].as_str(), version["sha256"].as_str()),
        (Some(job_id.as_str()), Some(given.as_str()), Some(file_hash.as_str()))
    );
    assert_eq!(version["loadsDll"], false);

    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    let audited: Value = sqlx::query_scalar(
        "SELECT changes FROM audit_log WHERE entity = 'compiled_file' AND entity_id = $1 AND tenant_id = $2",
    )
    .bind(job_id.parse::<Uuid>().unwrap())
    .bind(acme.id)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(audited["ex5Sha256"]["after"], file_hash.as_str());
    assert_eq!(audited["sourceSha256"]["after"], given.as_str());
    assert_eq!(audited["robotVersionId"]["after"], version["id"]);
}

#[tokio::test]
async fn a_job_no_agent_claims_alerts_the_admin_once_and_the_fleet_screen_shows_the_wait() {
    let app = TestApp::spawn_with(|c| c.compile_wait_notice = Duration::from_secs(1)).await;
    let acme = app.tenant("acme").await;
    let job = queue_job(&app, acme.id, "Parado").await;
    app.sql_in(
        acme.id,
        &format!("UPDATE compilation_jobs SET created_at = now() - interval '5 seconds' WHERE id = '{job}'"),
    )
    .await;
    // Two workers' passes at once raise one alert.
    let mut passes = Vec::new();
    for _ in 0..2 {
        let pool = app.db.worker_pool.clone();
        passes.push(tokio::spawn(async move {
            let mut tx = db::begin(&pool, Scope::worker()).await.unwrap();
            let raised =
                shared::repositories::compile_queue::alert_stalled_jobs(&mut tx, Duration::from_secs(1)).await.unwrap();
            tx.commit().await.unwrap();
            raised.len()
        }));
    }
    let mut raised = 0;
    for pass in passes {
        raised += pass.await.unwrap();
    }
    assert_eq!(raised, 1, "one alert for one job");
    let mut tx = db::begin(&app.db.worker_pool, Scope::worker()).await.unwrap();
    let again = shared::repositories::compile_queue::alert_stalled_jobs(&mut tx, Duration::from_secs(1)).await.unwrap();
    tx.commit().await.unwrap();
    assert!(again.is_empty(), "a later pass does not alert again");

    let admin = app.as_admin().await;
    let (status, queue) = read_json(admin.get("/api/compile-queue").await).await;
    assert_eq!(status, StatusCode::OK);
    let row = &queue["tenants"][0];
    assert_eq!((row["tenantId"].as_str(), row["pending"].as_i64()), (Some(acme.id.to_string().as_str()), Some(1)));
    assert!(row["oldestWaitSeconds"].as_i64().unwrap() >= 5, "{row}");
    let alert = &queue["alerts"][0];
    assert_eq!(alert["subjectId"], job.to_string());
    assert!(alert["message"].as_str().unwrap().starts_with("Nenhum agente de compilação pegou o job de Parado"));
    let ack =
        admin.post(&format!("/api/platform-alerts/{}/acknowledge", alert["id"].as_str().unwrap()), json!({})).await;
    assert_eq!(ack.status(), StatusCode::NO_CONTENT);
    let (_, queue) = read_json(admin.get("/api/compile-queue").await).await;
    assert!(queue["alerts"].as_array().unwrap().is_empty());
    assert_eq!(job_row(&app, acme.id, job).await.0, "pending", "the job keeps its place");
}

#[tokio::test]
async fn the_worker_raises_the_stall_alert_on_its_own() {
    let app = TestApp::spawn_with(|c| c.compile_wait_notice = Duration::from_secs(1)).await;
    let acme = app.tenant("acme").await;
    let job = queue_job(&app, acme.id, "Esquecido").await;
    let config = {
        let mut c = (*app.state.config).clone();
        c.compile_wait_notice = Duration::from_secs(1);
        std::sync::Arc::new(c)
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let worker = tokio::spawn(worker::run(app.db.worker_pool.clone(), config, async move {
        let _ = stopped.await;
    }));
    let admin = app.as_admin().await;
    let mut seen = None;
    for _ in 0..50 {
        let (_, queue) = read_json(admin.get("/api/compile-queue").await).await;
        if let Some(alert) = queue["alerts"].as_array().and_then(|a| a.first()).cloned() {
            seen = Some(alert);
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let _ = stop.send(());
    let _ = tokio::time::timeout(Duration::from_secs(30), worker).await;
    assert_eq!(seen.expect("the worker alerted within 10 s")["subjectId"], job.to_string());
}

#[tokio::test]
async fn deleting_a_pool_while_an_agent_registers_into_it_ends_one_way_or_the_other_never_in_a_500() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let admin = app.as_admin().await;
    for round in 0..8 {
        let pool = create_pool(&app, &format!("Corrida {round}"), &[acme.id]).await;
        let pool_id = pool["id"].as_str().unwrap().to_string();
        let (agent, pool_path) =
            (json!({"name": format!("corrida-{round}"), "poolId": pool_id}), format!("/api/compile-pools/{pool_id}"));
        let (registered, deleted) = tokio::join!(admin.post("/api/compile-agents", agent), admin.delete(&pool_path));
        let outcome = (registered.status(), deleted.status());
        assert!(
            outcome == (StatusCode::CREATED, StatusCode::CONFLICT)
                || outcome == (StatusCode::BAD_REQUEST, StatusCode::NO_CONTENT),
            "round {round}: {outcome:?}"
        );
    }
}
