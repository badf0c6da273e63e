//! Load generator for bench/compile-queue.sh: registers A simulated compile
//! agents (admin API), lets them long-poll an empty queue, queues N jobs in
//! one statement, and has the agents drain them through the real protocol
//! (claim → result with an .ex5). Reports claim latency, jobs per second,
//! and what A idle agents cost the database while they wait. Then fairness:
//! tenant A queues FAIR_JOBS (200) imports, one agent starts on them, tenants
//! B and C queue one each, and the bench reports at which of the next claims
//! B's and C's jobs were taken (round-robin: within the next 3, not after A's 200).
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
    /// One claim: the leased job (None: the wait ended empty) and how long it took.
    async fn claim(&self, wait: u32) -> (Option<Leased>, Duration) {
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
            200 => {
                let job: Value = response.json().await.unwrap();
                let text = |field: &str| job[field].as_str().unwrap_or_default().to_string();
                (
                    Some(Leased {
                        id: text("jobId"),
                        robot_name: text("robotName"),
                        source_sha256: text("sourceSha256"),
                    }),
                    elapsed,
                )
            }
            204 => (None, elapsed),
            other => panic!("claim answered {other}"),
        }
    }

    async fn finish(&self, job: &Leased, ex5: &str) {
        let result = json!({"success": true, "log": "Result: 0 errors, 0 warnings", "diagnostics": [], "ex5Base64": ex5,
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

/// A job as a claim leases it.
struct Leased {
    id: String,
    robot_name: String,
    source_sha256: String,
}

async fn admin_client(base: &str, user: &str, password: &str) -> reqwest::Client {
    let admin = reqwest::Client::builder().cookie_store(true).build().unwrap();
    let login = admin
        .post(format!("{base}/api/auth/login"))
        .json(&json!({"username": user, "password": password}))
        .send()
        .await
        .unwrap();
    assert!(login.status().is_success(), "admin login: {}", login.status());
    admin
}

/// A new tenant (admin API); its id.
async fn new_tenant(admin: &reqwest::Client, base: &str, name: &str) -> uuid::Uuid {
    let slug = format!("{name}-{}", std::process::id()).to_lowercase();
    let created: Value = admin
        .post(format!("{base}/api/tenants"))
        .json(&json!({"name": slug, "url": format!("{slug}.bench.test"), "secretHash": format!("{slug}-secret-key-0123456789"),
                      "status": "active"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    created["id"].as_str().and_then(|id| id.parse().ok()).unwrap_or_else(|| panic!("tenant {name}: {created}"))
}

async fn queue_jobs(db: &PgPool, tenant: uuid::Uuid, prefix: &str, count: i32) {
    sqlx::query(
        "INSERT INTO compilation_jobs (id, tenant_id, robot_name, source_code, created_at)
         SELECT gen_random_uuid(), $1, $2 || ' ' || g, 'void OnTick() {}', clock_timestamp() FROM generate_series(1, $3) g",
    )
    .bind(tenant)
    .bind(prefix)
    .bind(count)
    .execute(db)
    .await
    .unwrap();
}

/// Tenant A queues `a_jobs`; one agent takes `head_start` of them; B and C
/// queue one each; the agent goes on. Prints at which claim after B's and
/// C's arrival each was taken, then drains the rest.
async fn fairness(base: &str, user: &str, password: &str, db: &PgPool, agent: &Agent, ex5: &str, a_jobs: i32) {
    let admin = admin_client(base, user, password).await;
    let (a, b, c) = (
        new_tenant(&admin, base, "fair-a").await,
        new_tenant(&admin, base, "fair-b").await,
        new_tenant(&admin, base, "fair-c").await,
    );
    queue_jobs(db, a, "FairA", a_jobs).await;
    let head_start = 5;
    for _ in 0..head_start {
        let (job, _) = agent.claim(5).await;
        let job = job.expect("A's job");
        assert!(job.robot_name.starts_with("FairA"), "only A has work yet");
        agent.finish(&job, ex5).await;
    }
    queue_jobs(db, b, "FairB", 1).await;
    queue_jobs(db, c, "FairC", 1).await;
    let mut order = Vec::new();
    let started = Instant::now();
    loop {
        let (job, _) = agent.claim(5).await;
        let Some(job) = job else { break };
        order.push(job.robot_name.clone());
        agent.finish(&job, ex5).await;
    }
    let drained = started.elapsed().as_secs_f64();
    let position = |prefix: &str| order.iter().position(|n| n.starts_with(prefix)).map(|p| p + 1);
    let (b_at, c_at) = (position("FairB"), position("FairC"));
    println!(
        "fairness: tenant A queued {a_jobs} jobs, an agent took {head_start} of them, then B and C queued one each: B's job was claim {} and C's claim {} after they arrived (of {} claims, {:.1} s); A's last job was claim {}",
        b_at.map_or("never".into(), |p| p.to_string()),
        c_at.map_or("never".into(), |p| p.to_string()),
        order.len(),
        drained,
        order.iter().rposition(|n| n.starts_with("FairA")).map_or(0, |p| p + 1),
    );
    assert!(b_at.is_some_and(|p| p <= 3) && c_at.is_some_and(|p| p <= 3), "B and C wait behind A: {order:?}");
}

async fn register_agents(base: &str, user: &str, password: &str, count: usize) -> Vec<Agent> {
    let admin = admin_client(base, user, password).await;
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

    // 3. Fairness: one tenant's 200 imports do not starve two others' one.
    let a_jobs: i32 = args.get(7).and_then(|v| v.parse().ok()).unwrap_or(200);
    fairness(base, user, password, &db, &agents[0], &ex5, a_jobs).await;
}
