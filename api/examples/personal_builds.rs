//! Load generator for bench/personal-builds.sh (issue 26): the demo owner
//! imports a robot (compiled by a simulated agent through the real protocol),
//! then records N manual sales of it at once (C at a time, through the real
//! endpoint): each license queues its personal build. Reports how long the
//! sales took and how many builds they queued, the claim latency with the
//! builds waiting, and — the point — how many builds an owner's import
//! waits behind: the agent holds a build, the owner imports, the agent
//! finishes its build and claims again, and that claim must be the import.
//!
//!   cargo run --release --example personal_builds -- <base url> <database url> <owner email> <password> <tenant key> [N] [C]

use std::sync::Arc;
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{json, Value};
use sqlx::postgres::PgPoolOptions;

const EA: &str = include_str!("../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5");

struct Agent {
    http: reqwest::Client,
    base: String,
    token: String,
}

/// A job as a claim leases it.
struct Leased {
    id: String,
    robot_name: String,
    source_sha256: String,
    personal: bool,
}

impl Agent {
    async fn claim(&self) -> (Option<Leased>, Duration) {
        let started = Instant::now();
        let response = self
            .http
            .post(format!("{}/api/agents/claim", self.base))
            .bearer_auth(&self.token)
            .json(&json!({"agentVersion": "bench", "waitSeconds": 0}))
            .send()
            .await
            .expect("claim");
        let elapsed = started.elapsed();
        if response.status().as_u16() == 204 {
            return (None, elapsed);
        }
        assert_eq!(response.status().as_u16(), 200, "claim");
        let job: Value = response.json().await.unwrap();
        let text = |field: &str| job[field].as_str().unwrap_or_default().to_string();
        let personal = text("sourceCode").contains("#define RF_BUILD_MARK");
        (
            Some(Leased {
                id: text("jobId"),
                robot_name: text("robotName"),
                source_sha256: text("sourceSha256"),
                personal,
            }),
            elapsed,
        )
    }

    async fn finish(&self, job: &Leased, seed: u32) {
        let ex5: Vec<u8> = (0..4096u32).map(|i| ((i + seed) * 7919 % 251) as u8 | 0x80).collect();
        let result = json!({"success": true, "log": "Result: 0 errors, 0 warnings", "diagnostics": [],
                            "ex5Base64": base64::engine::general_purpose::STANDARD.encode(ex5),
                            "sourceSha256": job.source_sha256});
        let response = self
            .http
            .post(format!("{}/api/agents/jobs/{}/result", self.base, job.id))
            .bearer_auth(&self.token)
            .json(&result)
            .send()
            .await
            .expect("result");
        assert_eq!(response.status().as_u16(), 204, "result of {}", job.id);
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (base, database, email, password, key) = (&args[1], &args[2], &args[3], &args[4], &args[5]);
    let n: usize = args.get(6).and_then(|v| v.parse().ok()).unwrap_or(1000);
    let concurrency: usize = args.get(7).and_then(|v| v.parse().ok()).unwrap_or(16);
    let db = PgPoolOptions::new().max_connections(2).connect(database).await.expect("database");
    let count = |sql: &'static str| {
        let db = db.clone();
        async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(&db).await.unwrap() }
    };

    let owner = reqwest::Client::builder().cookie_store(true).build().unwrap();
    let login = owner
        .post(format!("{base}/api/tenant-auth/login"))
        .header("x-tenant-secret", key)
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap();
    assert!(login.status().is_success(), "owner login: {}", login.status());
    let owner_post = |path: String, body: Value, idempotency: Option<String>| {
        let owner = owner.clone();
        let key = key.clone();
        let base = base.clone();
        async move {
            let mut request = owner.post(format!("{base}{path}")).header("x-tenant-secret", key).json(&body);
            if let Some(idempotency) = idempotency {
                request = request.header("idempotency-key", idempotency);
            }
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };

    // The agent (admin API) and the robot it compiles from source.
    let admin = reqwest::Client::builder().cookie_store(true).build().unwrap();
    let admin_login = admin
        .post(format!("{base}/api/auth/login"))
        .json(&json!({"username": std::env::var("ADMIN_USERNAME").unwrap(), "password": std::env::var("ADMIN_PASSWORD").unwrap()}))
        .send()
        .await
        .unwrap();
    assert!(admin_login.status().is_success());
    let registered: Value = admin
        .post(format!("{base}/api/compile-agents"))
        .json(&json!({"name": "bench-pessoal", "platform": "wine"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let agent =
        Agent { http: reqwest::Client::new(), base: base.clone(), token: registered["token"].as_str().unwrap().into() };
    let (status, import) = owner_post(
        "/api/tenant/compilation-jobs".into(),
        json!({"robotName": "Robô do Bench", "sourceCode": EA, "fileName": "bench.mq5"}),
        None,
    )
    .await;
    assert_eq!(status, 201, "import: {import}");
    let robot = import["robotId"].as_str().unwrap().to_string();
    let (job, _) = agent.claim().await;
    agent.finish(&job.expect("the import"), 0).await;
    sqlx::query("UPDATE tenant_robots SET active = true WHERE id = $1::uuid").bind(&robot).execute(&db).await.unwrap();

    // N sales at once (C in flight), each a new buyer.
    let started = Instant::now();
    let sales = Arc::new(tokio::sync::Semaphore::new(concurrency));
    let mut tasks = Vec::with_capacity(n);
    for i in 0..n {
        let permit = sales.clone().acquire_owned().await.unwrap();
        let body = json!({"buyerName": format!("Comprador {i}"), "buyerEmail": format!("comprador{i}@bench.test"),
                          "robotId": robot, "amount": "297.00", "paymentMethod": "pix", "saleDate": "2026-11-20"});
        let post = owner_post("/api/tenant/manual-sales".into(), body, Some(uuid::Uuid::now_v7().to_string()));
        tasks.push(tokio::spawn(async move {
            let (status, body) = post.await;
            drop(permit);
            assert_eq!(status, 201, "sale: {body}");
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let sales_took = started.elapsed();
    let builds = count("SELECT count(*) FROM license_builds").await;
    let jobs =
        count("SELECT count(*) FROM compilation_jobs WHERE source = 'personal-build' AND status = 'pending'").await;
    println!(
        "{n} manual sales ({concurrency} at a time) in {:.1} s ({:.0} sales/s): {builds} builds queued, {jobs} build jobs pending",
        sales_took.as_secs_f64(),
        n as f64 / sales_took.as_secs_f64()
    );

    // The agent works through builds: claim latency with ~N waiting.
    let mut latencies = Vec::new();
    for seed in 1..=50 {
        let (job, took) = agent.claim().await;
        let job = job.expect("a build");
        assert!(job.personal, "only builds wait");
        latencies.push(took);
        agent.finish(&job, seed).await;
    }
    latencies.sort();
    println!(
        "claim with ~{} builds waiting: p50 {:.2} ms, p99 {:.2} ms",
        jobs - 50,
        percentile(&latencies, 0.5).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3
    );

    // The agent holds a build; the owner imports; the next claim must be the import.
    let (in_flight, _) = agent.claim().await;
    let in_flight = in_flight.expect("a build in flight");
    let queued_at = Instant::now();
    let (status, second) = owner_post(
        "/api/tenant/compilation-jobs".into(),
        json!({"robotName": "Importação Urgente", "sourceCode": EA, "fileName": "urgente.mq5"}),
        None,
    )
    .await;
    assert_eq!(status, 201, "second import: {second}");
    agent.finish(&in_flight, 999).await;
    let mut builds_before = 1; // the one in flight when the import arrived
    loop {
        let (job, _) = agent.claim().await;
        let job = job.expect("work");
        if job.robot_name == "Importação Urgente" {
            println!(
                "owner's import with {} builds waiting: claimed after {builds_before} build(s) (the one already compiling), {:.1} ms after it was queued",
                jobs - 51,
                queued_at.elapsed().as_secs_f64() * 1e3
            );
            assert_eq!(builds_before, 1, "an import waits behind at most the compile in flight");
            break;
        }
        builds_before += 1;
        agent.finish(&job, 1000 + builds_before).await;
        assert!(builds_before < 10, "the import is still behind builds");
    }
}
