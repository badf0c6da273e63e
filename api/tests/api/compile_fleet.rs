//! The compile agents' protocol against the real api: registration with a
//! token shown once, long-polled claims woken by NOTIFY, leases that expire
//! and go to another agent, results, revocation. (The compiler-agent binary
//! and the MetaEditor stand-in come with the rest of the fleet issue.)

use std::time::{Duration, Instant};

use base64::Engine;
use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{fake_ex5, join_all, json as read_json, TestApp};

pub(crate) async fn register(app: &TestApp, name: &str) -> (String, String) {
    let (status, body) =
        read_json(app.as_admin().await.post("/api/compile-agents", json!({"name": name, "platform": "wine"})).await)
            .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    (body["agent"]["id"].as_str().unwrap().to_string(), body["token"].as_str().unwrap().to_string())
}

pub(crate) async fn queue_job(app: &TestApp, tenant: Uuid, name: &str) -> Uuid {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    let id = Uuid::now_v7();
    sqlx::query(
        "INSERT INTO compilation_jobs (id, tenant_id, robot_name, source_code) VALUES ($1, $2, $3, 'void OnTick(){}')",
    )
    .bind(id)
    .bind(tenant)
    .bind(name)
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    id
}

/// An agent's call. A result names the hash of the source it compiled, as
/// the real agent does; a test that sends its own `sourceSha256` keeps it.
pub(crate) async fn agent_post(app: &TestApp, token: &str, path: &str, mut body: Value) -> reqwest::Response {
    let job = path.strip_prefix("/api/agents/jobs/").and_then(|rest| rest.strip_suffix("/result"));
    if let (Some(job), Some(fields)) = (job.and_then(|j| Uuid::parse_str(j).ok()), body.as_object_mut()) {
        if !fields.contains_key("sourceSha256") {
            fields.insert("sourceSha256".into(), json!(source_sha256_of(app, job).await));
        }
    }
    app.browser().post(app.url(path)).bearer_auth(token).json(&body).send().await.unwrap()
}

/// The hash the server keeps of a job's source ("" for no such job).
pub(crate) async fn source_sha256_of(app: &TestApp, job: Uuid) -> String {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    let hash: Option<String> = sqlx::query_scalar("SELECT source_sha256 FROM compilation_jobs WHERE id = $1")
        .bind(job)
        .fetch_optional(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    hash.unwrap_or_default()
}

pub(crate) async fn claim(app: &TestApp, token: &str, wait: u32) -> Option<Value> {
    let response =
        agent_post(app, token, "/api/agents/claim", json!({"agentVersion": "test", "waitSeconds": wait})).await;
    match response.status() {
        StatusCode::OK => Some(response.json().await.unwrap()),
        StatusCode::NO_CONTENT => None,
        other => panic!("claim answered {other}"),
    }
}

pub(crate) async fn job_row(app: &TestApp, tenant: Uuid, id: Uuid) -> (String, i32, Option<String>) {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    sqlx::query_as("SELECT status, attempts, error_message FROM compilation_jobs WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await
        .unwrap()
}

pub(crate) async fn expire_leases(app: &TestApp, tenant: Uuid) {
    set_leases(app, tenant, "now() - interval '1 second'").await;
}

/// Moves the end of every running lease of `tenant` to `ends_at` (SQL), as time or an operator would.
async fn set_leases(app: &TestApp, tenant: Uuid, ends_at: &str) {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    let sql = format!("UPDATE compilation_jobs SET lease_expires_at = {ends_at} WHERE status = 'processing'");
    sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
}

/// A job leased to a first agent, and the token of a second agent that wants work.
async fn a_job_leased_to_another_agent(app: &TestApp, tenant: Uuid) -> (Uuid, String, String) {
    let (_, first) = register(app, "a").await;
    let (_, second) = register(app, "b").await;
    let job = queue_job(app, tenant, "Alfa").await;
    claim(app, &first, 0).await.expect("the first agent takes it (lease: 120 s)");
    (job, first, second)
}

#[tokio::test]
async fn a_job_is_leased_heartbeated_and_finished_with_its_ex5() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let (_, token) = register(&app, "wine-1").await;
    assert!(claim(&app, &token, 0).await.is_none(), "an empty queue answers 204");
    let job = queue_job(&app, acme.id, "Robô Alfa").await;
    let leased = claim(&app, &token, 0).await.expect("a job");
    assert_eq!(
        (leased["jobId"].as_str(), leased["robotName"].as_str()),
        (Some(job.to_string().as_str()), Some("Robô Alfa"))
    );
    assert_eq!(leased["sourceCode"], "void OnTick(){}");

    let (status, beat) =
        read_json(agent_post(&app, &token, "/api/agents/heartbeat", json!({"state": "compiling", "jobId": job})).await)
            .await;
    assert_eq!(status, StatusCode::OK);
    assert!(beat["leaseExpiresAt"].is_string(), "the lease is extended");

    let ex5 = base64::engine::general_purpose::STANDARD.encode(fake_ex5(1));
    let result = json!({"success": true, "log": "Result: 0 errors, 0 warnings", "diagnostics": [], "ex5Base64": ex5});
    let done = agent_post(&app, &token, &format!("/api/agents/jobs/{job}/result"), result.clone()).await;
    assert_eq!(done.status(), StatusCode::NO_CONTENT);
    assert_eq!(job_row(&app, acme.id, job).await.0, "completed");
    let again = agent_post(&app, &token, &format!("/api/agents/jobs/{job}/result"), result).await;
    assert_eq!(again.status(), StatusCode::CONFLICT, "a finished job takes no second result");

    let (_, agents) = read_json(app.as_admin().await.get("/api/compile-agents").await).await;
    assert_eq!((agents[0]["jobsDone"].as_i64(), agents[0]["state"].as_str()), (Some(1), Some("idle")));
    assert!(agents[0].get("token").is_none() && agents[0]["tokenPrefix"].as_str().unwrap().starts_with("rfa_"));
}

#[tokio::test]
async fn compile_errors_fail_the_job_with_their_diagnostics() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let (_, token) = register(&app, "win-1").await;
    let job = queue_job(&app, acme.id, "Quebrado").await;
    claim(&app, &token, 0).await.expect("a job");
    let diagnostics = json!([{"file": "Quebrado.mq5", "line": 12, "column": 5, "severity": "error", "code": "256", "message": "'trade' - undeclared identifier"}]);
    let result = json!({"success": false, "log": "Quebrado.mq5(12,5) : error 256: 'trade' - undeclared identifier\nResult: 1 errors", "diagnostics": diagnostics});
    assert_eq!(
        agent_post(&app, &token, &format!("/api/agents/jobs/{job}/result"), result).await.status(),
        StatusCode::NO_CONTENT
    );
    let (status, _, message) = job_row(&app, acme.id, job).await;
    assert_eq!((status.as_str(), message.as_deref()), ("failed", Some("A compilação falhou com 1 erro(s).")));
}

#[tokio::test]
async fn a_waiting_claim_takes_a_job_the_moment_its_lease_runs_out() {
    // An expired lease sends no NOTIFY: the waiting claim sleeps until the soonest lease ends, not on a timer.
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let (job, _, second) = a_job_leased_to_another_agent(&app, acme.id).await;
    set_leases(&app, acme.id, "now() + interval '700 milliseconds'").await;

    let started = std::time::Instant::now();
    let retaken = claim(&app, &second, 20).await.expect("the job comes back within the wait");
    let waited = started.elapsed();
    assert_eq!(retaken["jobId"], job.to_string());
    assert!(waited >= std::time::Duration::from_millis(600), "not before the lease ran out: {waited:?}");
    assert!(waited < std::time::Duration::from_millis(2_000), "right after the lease ran out: {waited:?}");
}

#[tokio::test]
async fn a_lease_shortened_by_hand_is_seen_by_a_waiting_claim_within_ten_seconds() {
    // An operator freeing a stuck job by SQL sends no NOTIFY and moves the expiry the waiter slept towards.
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let (job, _, second) = a_job_leased_to_another_agent(&app, acme.id).await;
    let started = std::time::Instant::now();
    let (retaken, ()) = tokio::join!(claim(&app, &second, 20), async {
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        expire_leases(&app, acme.id).await;
    });
    let waited = started.elapsed();
    assert_eq!(retaken.expect("the job comes back within the wait")["jobId"], job.to_string());
    assert!(waited < std::time::Duration::from_secs(12), "within the 10 s re-check: {waited:?}");
}

#[tokio::test]
async fn an_expired_lease_goes_to_another_agent_and_too_many_fail_the_job() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let (job, first, second) = a_job_leased_to_another_agent(&app, acme.id).await;
    assert!(claim(&app, &second, 0).await.is_none(), "leased: nobody else gets it");

    // The first agent dies; its lease runs out and the second agent finishes the job.
    expire_leases(&app, acme.id).await;
    let retaken = claim(&app, &second, 0).await.expect("the job comes back");
    assert_eq!(retaken["jobId"], job.to_string());
    let late = agent_post(
        &app,
        &first,
        &format!("/api/agents/jobs/{job}/result"),
        json!({"success": false, "log": "", "diagnostics": []}),
    )
    .await;
    assert_eq!(late.status(), StatusCode::CONFLICT, "the dead agent's late result is refused");
    let ex5 = base64::engine::general_purpose::STANDARD.encode(fake_ex5(2));
    let done = agent_post(
        &app,
        &second,
        &format!("/api/agents/jobs/{job}/result"),
        json!({"success": true, "log": "", "diagnostics": [], "ex5Base64": ex5}),
    )
    .await;
    assert_eq!(done.status(), StatusCode::NO_CONTENT);
    assert_eq!(job_row(&app, acme.id, job).await, ("completed".into(), 2, None));

    // A job whose agents keep dying fails with a clear message after three leases.
    let doomed = queue_job(&app, acme.id, "Beta").await;
    for _ in 0..3 {
        claim(&app, &first, 0).await.expect("leased");
        expire_leases(&app, acme.id).await;
    }
    assert!(claim(&app, &first, 0).await.is_none());
    let (status, attempts, message) = job_row(&app, acme.id, doomed).await;
    assert_eq!((status.as_str(), attempts), ("failed", 3));
    assert!(message.unwrap().contains("agentes de compilação"));
}

#[tokio::test]
async fn two_hundred_concurrent_claims_never_share_a_job() {
    // One tenant's jobs, so the per-tenant cap is lifted: this is about exclusivity.
    let app = TestApp::spawn_with(|c| c.compile_jobs_per_tenant = 1000).await;
    let acme = app.tenant("acme").await;
    let mut tokens = Vec::new();
    for i in 0..8 {
        tokens.push(register(&app, &format!("agente-{i}")).await.1);
    }
    for i in 0..50 {
        queue_job(&app, acme.id, &format!("Robô {i}")).await;
    }
    let url = app.url("/api/agents/claim");
    let answers = join_all((0..200).map(|i| {
        let (http, url, token) = (app.browser(), url.clone(), tokens[i % tokens.len()].clone());
        async move {
            let response = http
                .post(url)
                .bearer_auth(token)
                .json(&json!({"agentVersion": "t", "waitSeconds": 0}))
                .send()
                .await
                .unwrap();
            match response.status() {
                StatusCode::OK => Some(response.json::<Value>().await.unwrap()["jobId"].as_str().unwrap().to_string()),
                StatusCode::NO_CONTENT => None,
                other => panic!("claim answered {other}"),
            }
        }
    }))
    .await;
    let mut jobs: Vec<String> = answers.into_iter().flatten().collect();
    let leased = jobs.len();
    jobs.sort();
    jobs.dedup();
    assert_eq!((leased, jobs.len()), (50, 50), "every job leased exactly once");
}

#[tokio::test]
async fn a_waiting_claim_wakes_when_a_job_is_queued() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let (_, token) = register(&app, "espera").await;
    let started = Instant::now();
    let waiting = {
        let (http, url, token) = (app.browser(), app.url("/api/agents/claim"), token.clone());
        tokio::spawn(async move {
            http.post(url)
                .bearer_auth(token)
                .json(&json!({"agentVersion": "t", "waitSeconds": 20}))
                .send()
                .await
                .unwrap()
        })
    };
    tokio::time::sleep(Duration::from_millis(500)).await;
    let job = queue_job(&app, acme.id, "Acordar").await;
    let response = waiting.await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Value>().await.unwrap()["jobId"], job.to_string());
    assert!(started.elapsed() < Duration::from_secs(3), "woken by NOTIFY, not by the timeout: {:?}", started.elapsed());
}

#[tokio::test]
async fn a_revoked_token_is_refused_and_its_job_queued_again() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let (id, token) = register(&app, "revogado").await;
    let job = queue_job(&app, acme.id, "Alfa").await;
    claim(&app, &token, 0).await.expect("a job");
    let (status, revoked) = read_json(app.as_admin().await.delete(&format!("/api/compile-agents/{id}")).await).await;
    assert_eq!((status, revoked["active"].as_bool()), (StatusCode::OK, Some(false)));
    let refused = agent_post(&app, &token, "/api/agents/claim", json!({"agentVersion": "t", "waitSeconds": 0})).await;
    assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(job_row(&app, acme.id, job).await.0, "pending", "its job goes back to the queue");
    let made_up =
        agent_post(&app, "rfa_0000", "/api/agents/claim", json!({"agentVersion": "t", "waitSeconds": 0})).await;
    assert_eq!(made_up.status(), StatusCode::UNAUTHORIZED);
    let (status, body) =
        read_json(app.as_admin().await.post("/api/compile-agents", json!({"name": "revogado"})).await).await;
    assert_eq!(
        (status, body["fields"]["name"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Já existe um agente com este nome"))
    );
}

#[tokio::test]
async fn only_the_lease_holder_can_report_a_result_a_second_valid_token_cannot() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let (_, holder) = register(&app, "detentor").await;
    let (_, other) = register(&app, "intruso").await;
    let job = queue_job(&app, acme.id, "Robô Alvo").await;
    let leased = claim(&app, &holder, 0).await.expect("the holder takes it");
    assert_eq!(leased["jobId"], job.to_string());
    assert!(claim(&app, &other, 0).await.is_none(), "a leased job is not handed to another agent");

    // The other agent, with its own valid token, tries to deliver a trojaned .ex5.
    let forged = json!({"success": true, "log": "Result: 0 errors", "diagnostics": [],
                        "ex5Base64": base64::engine::general_purpose::STANDARD.encode(fake_ex5(66))});
    let refused = agent_post(&app, &other, &format!("/api/agents/jobs/{job}/result"), forged.clone()).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let (status, file): (String, Option<String>) =
        sqlx::query_as("SELECT status, compiled_file_url FROM compilation_jobs WHERE id = $1")
            .bind(job)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    drop(tx);
    assert_eq!((status.as_str(), file), ("processing", None), "nothing of the intruder's was kept");
    // Nor can it give the job back or keep its lease alive.
    let release = agent_post(&app, &other, &format!("/api/agents/jobs/{job}/release"), json!({})).await;
    assert_eq!(release.status(), StatusCode::CONFLICT);

    let genuine = json!({"success": true, "log": "Result: 0 errors", "diagnostics": [],
                         "ex5Base64": base64::engine::general_purpose::STANDARD.encode(fake_ex5(7))});
    let accepted = agent_post(&app, &holder, &format!("/api/agents/jobs/{job}/result"), genuine).await;
    assert_eq!(accepted.status(), StatusCode::NO_CONTENT);
}
