//! Load generator for bench/compile-queue.sh: registers A simulated compile
//! agents (admin API), lets them long-poll an empty queue, queues N jobs in
//! one statement, and has the agents drain them through the real protocol
//! (claim → result with an .ex5). Reports claim latency, jobs per second,
//! and what A idle agents cost the database while they wait.
//!
//!   cargo run --release --example compile_queue -- <base url> <database url> <admin user> <admin password> [N] [A] [idle seconds]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{json, Value};
use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;

struct Agent {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Agent {
    /// One claim: the leased job id (None: the wait ended empty) and how long it took.
    async fn claim(&self, wait: u32) -> (Option<String>, Duration) {
        let started = Instant::now();
        let response = self
            .http
            .post(format!("{}/api/agents/claim", self.base))
            .bearer_auth(&self.token)
            .json(&json!({"agentVersion": "bench", "waitSeconds": wait}))
            .send()
            .await
            .expect("claim");
        let elapsed = started.elapsed();
        match response.status().as_u16() {
            200 => (response.json::<Value>().await.unwrap()["jobId"].as_str().map(str::to_string), elapsed),
            204 => (None, elapsed),
            other => panic!("claim answered {other}"),
        }
    }

    async fn finish(&self, job: &str, ex5: &str) {
        let result =
            json!({"success": true, "log": "Result: 0 errors, 0 warnings", "diagnostics": [], "ex5Base64": ex5});
        let response = self
            .http
            .post(format!("{}/api/agents/jobs/{job}/result", self.base))
            .bearer_auth(&self.token)
            .json(&result)
            .send()
            .await
            .expect("result");
        assert_eq!(response.status().as_u16(), 204, "result of {job}");
    }
}

async fn register_agents(base: &str, user: &str, password: &str, count: usize) -> Vec<Agent> {
    let admin = reqwest::Client::builder().cookie_store(true).build().unwrap();
    let login = admin
        .post(format!("{base}/api/auth/login"))
        .json(&json!({"username": user, "password": password}))
        .send()
        .await
        .unwrap();
    assert!(login.status().is_success(), "admin login: {}", login.status());
    let mut agents = Vec::new();
    for i in 0..count {
        let registered: Value = admin
            .post(format!("{base}/api/compile-agents"))
            .json(&json!({"name": format!("bench-{i}-{}", std::process::id()), "platform": "wine"}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let http = reqwest::Client::builder().pool_max_idle_per_host(2).build().unwrap();
        agents.push(Agent { http, base: base.to_string(), token: registered["token"].as_str().unwrap().to_string() });
    }
    agents
}

/// Transactions committed and rows read by the whole database so far.
async fn database_activity(db: &PgPool) -> (i64, i64) {
    // Statistics reach pg_stat_database about once a second.
    sqlx::query("SELECT pg_stat_clear_snapshot()").execute(db).await.unwrap();
    sqlx::query_as(
        "SELECT xact_commit + xact_rollback, tup_returned + tup_fetched FROM pg_stat_database
          WHERE datname = current_database()",
    )
    .fetch_one(db)
    .await
    .unwrap()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (base, db_url, user, password) = (&args[0], &args[1], &args[2], &args[3]);
    let jobs: usize = args.get(4).and_then(|v| v.parse().ok()).unwrap_or(1000);
    let agent_count: usize = args.get(5).and_then(|v| v.parse().ok()).unwrap_or(8);
    let idle_seconds: u64 = args.get(6).and_then(|v| v.parse().ok()).unwrap_or(30);
    let db = PgPoolOptions::new().max_connections(2).connect(db_url).await.expect("database");
    let agents: Vec<Arc<Agent>> =
        register_agents(base, user, password, agent_count).await.into_iter().map(Arc::new).collect();
    let ex5: Arc<str> = base64::engine::general_purpose::STANDARD
        .encode((0..4096u32).map(|i| (i * 7919 % 251) as u8).collect::<Vec<u8>>())
        .into();

    // 1. Idle: every agent long-polls an empty queue.
    let idle = Duration::from_secs(idle_seconds);
    let (tx_before, rows_before) = database_activity(&db).await;
    let idle_started = Instant::now();
    let idle_claims = Arc::new(AtomicUsize::new(0));
    let waiting: Vec<_> = agents
        .iter()
        .map(|agent| {
            let (agent, claims) = (agent.clone(), idle_claims.clone());
            tokio::spawn(async move {
                while idle_started.elapsed() < idle {
                    let wait = (idle.saturating_sub(idle_started.elapsed()).as_secs() as u32).clamp(1, 25);
                    let (job, _) = agent.claim(wait).await;
                    assert!(job.is_none(), "the queue was empty");
                    claims.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    for task in waiting {
        task.await.unwrap();
    }
    let idle_elapsed = idle_started.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let (tx_after, rows_after) = database_activity(&db).await;
    println!(
        "idle: {agent_count} agents waiting {idle_elapsed:.0} s made {} claim requests; database: {:.1} transactions/s, {:.0} rows read/s (the whole database, this measurement's own queries included)",
        idle_claims.load(Ordering::Relaxed),
        (tx_after - tx_before) as f64 / idle_elapsed,
        (rows_after - rows_before) as f64 / idle_elapsed
    );

    // 2. Drain: agents wait, N jobs arrive in one statement, agents drain them.
    let done = Arc::new(AtomicUsize::new(0));
    let drain_started = Arc::new(std::sync::Mutex::new(None::<Instant>));
    let workers: Vec<_> = agents
        .iter()
        .map(|agent| {
            let (agent, done, ex5) = (agent.clone(), done.clone(), ex5.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut first_wait = None;
                while done.load(Ordering::Relaxed) < jobs {
                    let (job, took) = agent.claim(5).await;
                    let Some(job) = job else { continue };
                    if first_wait.is_none() {
                        first_wait = Some(took);
                    } else {
                        latencies.push(took);
                    }
                    agent.finish(&job, &ex5).await;
                    done.fetch_add(1, Ordering::Relaxed);
                }
                latencies
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let tenant: uuid::Uuid =
        sqlx::query_scalar("SELECT id FROM tenants ORDER BY created_at LIMIT 1").fetch_one(&db).await.unwrap();
    let queued = Instant::now();
    *drain_started.lock().unwrap() = Some(queued);
    sqlx::query(
        "INSERT INTO compilation_jobs (id, tenant_id, robot_name, source_code)
         SELECT gen_random_uuid(), $1, 'Bench ' || g, 'void OnTick() {}' FROM generate_series(1, $2) g",
    )
    .bind(tenant)
    .bind(jobs as i32)
    .execute(&db)
    .await
    .unwrap();
    let mut latencies: Vec<Duration> = Vec::new();
    for worker in workers {
        latencies.extend(worker.await.unwrap());
    }
    let elapsed = queued.elapsed().as_secs_f64();
    latencies.sort();
    let completed: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM compilation_jobs WHERE status = 'completed' AND robot_name LIKE 'Bench %'",
    )
    .fetch_one(&db)
    .await
    .unwrap();
    let leased_twice: i64 =
        sqlx::query_scalar("SELECT count(*) FROM compilation_jobs WHERE robot_name LIKE 'Bench %' AND attempts > 1")
            .fetch_one(&db)
            .await
            .unwrap();
    println!(
        "drain: {jobs} jobs through {agent_count} agents in {elapsed:.2} s = {:.0} jobs/s; claim latency with work waiting p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {completed} completed, {leased_twice} leased twice",
        jobs as f64 / elapsed,
        percentile(&latencies, 0.50).as_secs_f64() * 1000.0,
        percentile(&latencies, 0.99).as_secs_f64() * 1000.0,
        latencies.last().unwrap().as_secs_f64() * 1000.0,
    );
}
