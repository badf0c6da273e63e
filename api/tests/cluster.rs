//! The multi-instance scenarios (docs/scaling.md) against a cluster that
//! `scripts/cluster.sh up` brought up: PostgreSQL, PgBouncer in transaction
//! mode, 3 api instances behind HAProxy, 2 workers, S3 (moto). Everything
//! goes over real HTTP and real engines; the test only reads and seeds the
//! database as its superuser.
//!
//! Ignored in the ordinary run (they need the cluster): `make test-cluster`
//! (scripts/test-cluster.sh) brings one up and runs them one at a time with
//! CLUSTER_DIR set.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::{Client, Response, StatusCode};
use serde_json::{json, Value};
use sqlx::{Connection, PgConnection};
use uuid::Uuid;

const OWNER_EMAIL: &str = "owner@demo.localhost";
const OWNER_PASSWORD: &str = "demo123456";
const TENANT_SECRET: &str = "demo0000000000000000000000000000000000000000000000000000000000ff";
const HOTTOK: &str = "demo-hottok-0000000000";

/// What `scripts/cluster.sh up` wrote in `$CLUSTER_DIR/cluster.env`.
struct Cluster {
    dir: String,
    env: HashMap<String, String>,
    /// Through the balancer.
    url: String,
    /// Each api instance directly (1, 2, 3 at 0, 1, 2).
    apis: Vec<String>,
}

impl Cluster {
    fn open() -> Self {
        let dir = std::env::var("CLUSTER_DIR").expect("CLUSTER_DIR (make test-cluster)");
        let text = std::fs::read_to_string(format!("{dir}/cluster.env")).expect("cluster.env");
        let env: HashMap<String, String> = text
            .lines()
            .filter_map(|line| line.split_once('='))
            .map(|(k, v)| (k.to_string(), v.trim_matches('"').to_string()))
            .collect();
        let apis = env["CLUSTER_API_URLS"].split_whitespace().map(str::to_string).collect();
        Self { url: env["CLUSTER_URL"].clone(), apis, env, dir }
    }

    /// `scripts/cluster.sh <args>` on this cluster.
    async fn ctl(&self, args: &[&str]) {
        let script = format!("{}/../scripts/cluster.sh", env!("CARGO_MANIFEST_DIR"));
        let (dir, owned): (String, Vec<String>) = (self.dir.clone(), args.iter().map(|a| a.to_string()).collect());
        let status = tokio::task::spawn_blocking(move || {
            std::process::Command::new(script).args(&owned).env("CLUSTER_DIR", dir).status()
        })
        .await
        .unwrap()
        .expect("scripts/cluster.sh");
        assert!(status.success(), "scripts/cluster.sh {args:?} failed");
    }

    async fn superuser(&self) -> PgConnection {
        PgConnection::connect(&self.env["CLUSTER_SUPERUSER_URL"]).await.expect("the cluster's superuser")
    }

    /// The demo tenant and its robot (seeded by `cluster.sh up`).
    async fn demo(&self) -> (Uuid, Uuid) {
        let mut db = self.superuser().await;
        sqlx::query_as(
            "SELECT t.id, r.id FROM tenants t JOIN tenant_robots r ON r.tenant_id = t.id
              WHERE t.url = 'demo.localhost' ORDER BY r.created_at LIMIT 1",
        )
        .fetch_one(&mut db)
        .await
        .expect("the demo tenant")
    }

    /// A new client with an active license on the demo robot, bound to its
    /// own account: (license id, client id, e-mail, account).
    async fn new_license(&self) -> (Uuid, Uuid, String, i64) {
        let (tenant, robot) = self.demo().await;
        let mut db = self.superuser().await;
        let (license, client) = (Uuid::now_v7(), Uuid::now_v7());
        let account = 10_000_000 + (rand_u32() % 80_000_000) as i64;
        let email = format!("cluster{}@example.com", client.simple());
        sqlx::query("INSERT INTO tenant_clients (id, tenant_id, name, email) VALUES ($1, $2, 'Cliente Cluster', $3)")
            .bind(client)
            .bind(tenant)
            .bind(&email)
            .execute(&mut db)
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, status, account_number, activation_date)
             VALUES ($1, $2, $3, $4, 'active', $5, now())",
        )
        .bind(license)
        .bind(tenant)
        .bind(client)
        .bind(robot)
        .bind(account.to_string())
        .execute(&mut db)
        .await
        .unwrap();
        (license, client, email, account)
    }

    /// HAProxy's view of each api server: `UP`, `DOWN`, ...
    async fn balancer_view(&self) -> HashMap<String, String> {
        let csv = reqwest::get(&self.env["CLUSTER_STATS_URL"]).await.unwrap().text().await.unwrap();
        csv.lines()
            .map(|line| line.split(',').collect::<Vec<_>>())
            .filter(|f| f.len() > 17 && f[0] == "api" && f[1].starts_with("api"))
            .map(|f| (f[1].to_string(), f[17].to_string()))
            .collect()
    }

    /// Waits until every api instance is ready and the balancer sends to it.
    async fn all_ready(&self, within: Duration) {
        let deadline = Instant::now() + within;
        loop {
            let mut ready = 0;
            for api in &self.apis {
                if let Ok(r) = reqwest::get(format!("{api}/api/ready")).await {
                    ready += usize::from(r.status() == StatusCode::OK);
                }
            }
            let up = self.balancer_view().await.values().filter(|s| s.as_str() == "UP").count();
            if ready == self.apis.len() && up == self.apis.len() {
                return;
            }
            assert!(Instant::now() < deadline, "not every instance ready within {within:?} ({ready} ready, {up} up)");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// The demo owner signed in on `base` (any instance: sessions live in the database).
    async fn owner(&self, base: &str) -> Client {
        let client = Client::builder().cookie_store(true).build().unwrap();
        let response = client
            .post(format!("{base}/api/tenant-auth/login"))
            .header("x-tenant-secret", TENANT_SECRET)
            .json(&json!({"email": OWNER_EMAIL, "password": OWNER_PASSWORD}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "owner login: {}", response.text().await.unwrap_or_default());
        client
    }
}

/// Distinct enough for names within one run (no RNG crate in the tests).
fn rand_u32() -> u32 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    nanos.wrapping_mul(2_654_435_761).wrapping_add(COUNTER.fetch_add(1, Ordering::Relaxed) as u32 * 7919)
}

/// One license check at `base` (protocol 2): whether it was accepted.
async fn check(
    http: &Client,
    base: &str,
    robot: Uuid,
    tenant: Uuid,
    email: &str,
    account: i64,
) -> Result<bool, String> {
    let body = json!({"email": email, "mtAccount": account, "robotId": robot, "tenantId": tenant,
        "nonce": format!("n{}", rand_u32()), "protocol": 2});
    let response = http
        .post(format!("{base}/api/webhooks/validate-license"))
        .json(&body)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = response.status();
    if !status.is_success() {
        return Err(format!("HTTP {status}"));
    }
    let answer: Value = response.json().await.map_err(|e| e.to_string())?;
    Ok(answer["valid"] == true)
}

/// Revokes `license` as the owner on `base`.
async fn revoke(owner: &Client, base: &str, license: Uuid, client: Uuid, account: i64) {
    let response = owner
        .patch(format!("{base}/api/tenant/licenses/{license}"))
        .header("x-tenant-secret", TENANT_SECRET)
        .json(&json!({"clientId": client, "status": "cancelled", "accountNumber": account.to_string()}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK, "revoke: {}", response.text().await.unwrap_or_default());
}

/// Revokes on instance 1 and measures how long until instances 2 and 3
/// (whose caches held the license as valid) refuse it.
async fn revocation_reaches_every_instance(cluster: &Cluster) -> Duration {
    let (tenant, robot) = cluster.demo().await;
    let (license, client, email, account) = cluster.new_license().await;
    let http = Client::new();
    for api in &cluster.apis {
        // Twice: the second answer comes from the instance's cache.
        for _ in 0..2 {
            assert_eq!(check(&http, api, robot, tenant, &email, account).await, Ok(true), "valid first on {api}");
        }
    }
    let owner = cluster.owner(&cluster.apis[0]).await;
    revoke(&owner, &cluster.apis[0], license, client, account).await;
    let revoked_at = Instant::now();
    let mut pending: Vec<&String> = cluster.apis[1..].iter().collect();
    while !pending.is_empty() {
        let mut still = Vec::new();
        for api in pending {
            if check(&http, api, robot, tenant, &email, account).await != Ok(false) {
                still.push(api);
            }
        }
        pending = still;
        assert!(revoked_at.elapsed() < Duration::from_secs(5), "still accepted after 5 s on {pending:?}");
        if !pending.is_empty() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    revoked_at.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs scripts/cluster.sh: run by make test-cluster"]
async fn a_license_revoked_on_one_instance_is_refused_by_the_others_within_two_seconds() {
    let cluster = Cluster::open();
    cluster.all_ready(Duration::from_secs(30)).await;
    let took = revocation_reaches_every_instance(&cluster).await;
    println!("revocation seen by every other instance after {took:?}");
    assert!(took <= Duration::from_secs(2), "took {took:?}");
}

/// A Hotmart 2.0.0 purchase for the demo robot with its own transaction.
fn hotmart_purchase(transaction: &str, email: &str) -> String {
    let path = format!("{}/../shared/tests/fixtures/hotmart/purchase_approved.json", env!("CARGO_MANIFEST_DIR"));
    let mut event: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    event["id"] = json!(Uuid::new_v4().to_string());
    event["data"]["purchase"]["transaction"] = json!(transaction);
    event["data"]["buyer"]["email"] = json!(email);
    event.to_string()
}

async fn post_hotmart(http: &Client, base: &str, robot: Uuid, body: String) -> StatusCode {
    http.post(format!("{base}/api/webhooks/hotmart/robot/{robot}"))
        .header("x-hotmart-hottok", HOTTOK)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .map(|r| r.status())
        .unwrap_or(StatusCode::BAD_GATEWAY)
}

async fn sales_with_prefix(db: &mut PgConnection, prefix: &str) -> (i64, i64) {
    sqlx::query_as("SELECT count(*), count(DISTINCT external_id) FROM tenant_sales WHERE external_id LIKE $1 || '%'")
        .bind(prefix)
        .fetch_one(db)
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs scripts/cluster.sh: run by make test-cluster"]
async fn a_hotmart_sale_processed_by_a_worker_reaches_a_stream_open_on_another_instance() {
    let cluster = Cluster::open();
    cluster.all_ready(Duration::from_secs(30)).await;
    let (_, robot) = cluster.demo().await;
    let owner = cluster.owner(&cluster.apis[1]).await;
    let mut stream = owner
        .get(format!("{}/api/notifications/stream", cluster.apis[1]))
        .header("x-tenant-secret", TENANT_SECRET)
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status(), StatusCode::OK);
    assert!(next_event(&mut stream, "connected", Duration::from_secs(5)).await.is_some());
    let transaction = format!("HPSTREAM{}", rand_u32());
    let email = format!("stream{}@example.com", rand_u32());
    let posted = Instant::now();
    let accepted = post_hotmart(&Client::new(), &cluster.apis[0], robot, hotmart_purchase(&transaction, &email)).await;
    assert!(accepted.is_success(), "webhook intake: {accepted}");
    // Delivery is the point (the time is printed): right after the cluster comes up a worker's first job can
    // wait behind its start-up on a busy machine, which once took longer than 15 s.
    let seen = next_event(&mut stream, "notification", Duration::from_secs(45))
        .await
        .expect("the sale's notification on instance 2's stream");
    println!("NEW_SALE on another instance's stream after {:?}", posted.elapsed());
    assert_eq!(seen["type"], "NEW_SALE", "{seen}");
    let mut db = cluster.superuser().await;
    assert_eq!(sales_with_prefix(&mut db, &transaction).await, (1, 1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs scripts/cluster.sh: run by make test-cluster"]
async fn login_throttling_holds_across_instances() {
    let cluster = Cluster::open();
    cluster.all_ready(Duration::from_secs(30)).await;
    // The throttle per account and address (LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP, 5 by default).
    let limit = 5;
    // One address, as the balancer reports it (TRUST_PROXY=1): the same for every instance.
    let address = format!("203.0.113.{}", rand_u32() % 250 + 1);
    let attempts = (0..20).map(|i| {
        let base = cluster.apis[i % 3].clone();
        let address = address.clone();
        tokio::spawn(async move {
            Client::new()
                .post(format!("{base}/api/auth/login"))
                .header("x-forwarded-for", address)
                .json(&json!({"username": "admin", "password": format!("wrong-{i}")}))
                .send()
                .await
                .unwrap()
                .status()
        })
    });
    let mut statuses = Vec::new();
    for attempt in attempts.collect::<Vec<_>>() {
        statuses.push(attempt.await.unwrap());
    }
    let unauthorized = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    let throttled = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    println!("20 wrong logins over 3 instances: {unauthorized} × 401, {throttled} × 429");
    assert!(unauthorized <= limit, "{unauthorized} wrong passwords were checked: {statuses:?}");
    assert_eq!(unauthorized + throttled, 20, "{statuses:?}");
}

/// A 1×1 PNG.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99, 0x3d,
    0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs scripts/cluster.sh: run by make test-cluster"]
async fn a_file_uploaded_through_one_instance_downloads_through_the_others_from_s3() {
    let cluster = Cluster::open();
    cluster.all_ready(Duration::from_secs(30)).await;
    let owner = cluster.owner(&cluster.apis[0]).await;
    let boundary = "----roboforge-cluster";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"logo.png\"\r\n\
         Content-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(PNG);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let response = owner
        .post(format!("{}/api/tenant/settings/logo/upload", cluster.apis[0]))
        .header("x-tenant-secret", TENANT_SECRET)
        .header("x-requested-with", "cluster-test")
        .header("content-type", format!("multipart/form-data; boundary={boundary}"))
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let uploaded: Value = response.json().await.unwrap();
    let url = uploaded["logoUrl"].as_str().expect("logoUrl").to_string();
    for api in &cluster.apis[1..] {
        let file = reqwest::get(format!("{api}{url}")).await.unwrap();
        assert_eq!(file.status(), StatusCode::OK, "{api}{url}");
        assert_eq!(file.bytes().await.unwrap().as_ref(), PNG, "same bytes through {api}");
    }
    // In the bucket, not on any instance's disk.
    let listing = reqwest::get(format!("{}?list-type=2", cluster.env["CLUSTER_S3_URL"])).await.unwrap();
    let listing = listing.text().await.unwrap();
    let name = url.rsplit('/').next().unwrap();
    assert!(listing.contains(name), "{name} not in the S3 bucket: {listing}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs scripts/cluster.sh: run by make test-cluster"]
async fn a_worker_stopped_with_sigterm_mid_queue_and_restarted_leaves_exactly_500_sales() {
    let cluster = Cluster::open();
    cluster.all_ready(Duration::from_secs(30)).await;
    let (_, robot) = cluster.demo().await;
    let prefix = format!("HPTERM{}X", rand_u32());
    // Queued first, through the balancer (intake only stores and queues).
    let http = Client::new();
    let mut posts = Vec::new();
    for i in 0..500 {
        let (http, url, prefix) = (http.clone(), cluster.url.clone(), prefix.clone());
        posts.push(tokio::spawn(async move {
            let body = hotmart_purchase(&format!("{prefix}{i:04}"), &format!("term{i}.{prefix}@example.com"));
            post_hotmart(&http, &url, robot, body).await
        }));
        if posts.len() % 50 == 0 {
            // 50 at a time: an intake burst, not a denial of service.
            for post in posts.drain(..) {
                assert!(post.await.unwrap().is_success());
            }
        }
    }
    for post in posts {
        assert!(post.await.unwrap().is_success());
    }
    let mut db = cluster.superuser().await;
    // SIGTERM while the queue is being worked through.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (done, _) = sales_with_prefix(&mut db, &prefix).await;
        if done >= 20 {
            assert!(done < 500, "the queue ran out before the worker could be stopped mid-way");
            break;
        }
        assert!(Instant::now() < deadline, "no sale processed in 60 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    cluster.ctl(&["stop", "worker", "1"]).await;
    let (at_stop, _) = sales_with_prefix(&mut db, &prefix).await;
    println!("worker 1 stopped with SIGTERM at {at_stop}/500 sales");
    let log = std::fs::read_to_string(format!("{}/logs/worker1.log", cluster.dir)).unwrap();
    assert!(log.contains("shutting down"), "the worker did not shut down gracefully");
    cluster.ctl(&["start", "worker", "1"]).await;
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (sales, distinct) = sales_with_prefix(&mut db, &prefix).await;
        assert_eq!(sales, distinct, "duplicate sales");
        if sales == 500 {
            break;
        }
        assert!(Instant::now() < deadline, "{sales}/500 sales after 120 s");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Settled: nothing more arrives later either.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(sales_with_prefix(&mut db, &prefix).await, (500, 500));
    let licenses: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM tenant_client_robots l JOIN tenant_sales s ON s.id = l.sale_id
          WHERE s.external_id LIKE $1 || '%'",
    )
    .bind(&prefix)
    .fetch_one(&mut db)
    .await
    .unwrap();
    assert_eq!(licenses, 500, "one license per sale");
}

/// License checks through the balancer from `tasks` loops until `stop`:
/// (answered, failed, failures after `since` as set by the caller).
struct Load {
    answered: Arc<AtomicU64>,
    failed: Arc<AtomicU64>,
    /// Milliseconds since the load began of each failure.
    failures_at: Arc<std::sync::Mutex<Vec<u64>>>,
    started: Instant,
    stop: tokio::sync::watch::Sender<bool>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

async fn start_load(cluster: &Cluster, tasks: usize) -> Load {
    let (tenant, robot) = cluster.demo().await;
    let (_, _, email, account) = cluster.new_license().await;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let started = Instant::now();
    let answered = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let failures_at = Arc::new(std::sync::Mutex::new(Vec::new()));
    let http = Client::builder().timeout(Duration::from_secs(10)).build().unwrap();
    let handles = (0..tasks)
        .map(|_| {
            let (http, url, email) = (http.clone(), cluster.url.clone(), email.clone());
            let (answered, failed, failures_at, stopped) =
                (answered.clone(), failed.clone(), failures_at.clone(), stopped.clone());
            tokio::spawn(async move {
                while !*stopped.borrow() {
                    match check(&http, &url, robot, tenant, &email, account).await {
                        Ok(true) => answered.fetch_add(1, Ordering::Relaxed),
                        _ => {
                            failures_at.lock().unwrap().push(started.elapsed().as_millis() as u64);
                            failed.fetch_add(1, Ordering::Relaxed)
                        }
                    };
                }
            })
        })
        .collect();
    Load { answered, failed, failures_at, started, stop, tasks: handles }
}

impl Load {
    async fn finish(self) -> (u64, u64, Vec<u64>) {
        let _ = self.stop.send(true);
        for task in self.tasks {
            task.await.unwrap();
        }
        let failures = self.failures_at.lock().unwrap().clone();
        (self.answered.load(Ordering::Relaxed), self.failed.load(Ordering::Relaxed), failures)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs scripts/cluster.sh: run by make test-cluster"]
async fn an_api_instance_killed_under_license_check_load_costs_under_one_percent() {
    let cluster = Cluster::open();
    cluster.all_ready(Duration::from_secs(30)).await;
    let load = start_load(&cluster, 16).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    cluster.ctl(&["kill", "api", "2"]).await;
    let killed_at = load.started.elapsed();
    // The balancer notices (two failed readiness checks).
    let deadline = Instant::now() + Duration::from_secs(10);
    while cluster.balancer_view().await.get("api2").map(String::as_str) == Some("UP") {
        assert!(Instant::now() < deadline, "the balancer never marked api2 down");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let noticed_at = load.started.elapsed();
    tokio::time::sleep(Duration::from_secs(4)).await;
    let (answered, failed, failures_at) = load.finish().await;
    let total = answered + failed;
    let after_notice = failures_at.iter().filter(|at| **at > noticed_at.as_millis() as u64 + 100).count();
    println!(
        "SIGKILL of api2 under load: {answered} answered, {failed} failed ({:.3} %), killed at {killed_at:?}, \
         balancer noticed at {noticed_at:?}, {after_notice} failures after that",
        100.0 * failed as f64 / total as f64
    );
    assert!(total > 500, "too little load to judge: {total}");
    assert!((failed as f64) < 0.01 * total as f64, "{failed} of {total} failed");
    assert_eq!(after_notice, 0, "failures after the balancer noticed: {failures_at:?}");
    cluster.ctl(&["start", "api", "2"]).await;
    cluster.all_ready(Duration::from_secs(60)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs scripts/cluster.sh: run by make test-cluster"]
async fn every_process_recovers_from_a_postgresql_restart_and_hears_revocations_again() {
    let cluster = Cluster::open();
    cluster.all_ready(Duration::from_secs(30)).await;
    let load = start_load(&cluster, 8).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let restarting = Instant::now();
    cluster.ctl(&["restart-postgres"]).await;
    // Nobody steps in: the instances reconnect, the listener re-subscribes.
    cluster.all_ready(Duration::from_secs(60)).await;
    let recovered = restarting.elapsed();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (answered, failed, _) = load.finish().await;
    println!("PostgreSQL restart under load: every instance ready again after {recovered:?}; {answered} answered, {failed} failed");
    assert!(answered > 0);
    // The listeners hear again: a revocation after the restart reaches every instance.
    let took = revocation_reaches_every_instance(&cluster).await;
    println!("revocation after the restart seen everywhere after {took:?}");
    assert!(took <= Duration::from_secs(2), "took {took:?}");
    // The workers work again too: a sale after the restart is processed.
    let (_, robot) = cluster.demo().await;
    let transaction = format!("HPAFTER{}", rand_u32());
    let body = hotmart_purchase(&transaction, &format!("after{}@example.com", rand_u32()));
    assert!(post_hotmart(&Client::new(), &cluster.url, robot, body).await.is_success());
    let mut db = cluster.superuser().await;
    let deadline = Instant::now() + Duration::from_secs(60);
    while sales_with_prefix(&mut db, &transaction).await.0 != 1 {
        assert!(Instant::now() < deadline, "no worker processed a sale after the restart");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    cluster.ctl(&["status"]).await;
}

/// Reads the stream until an event named `name` arrives (its data) or `within` passes.
async fn next_event(stream: &mut Response, name: &str, within: Duration) -> Option<Value> {
    let deadline = Instant::now() + within;
    let marker = format!("event: {name}\ndata: ");
    let mut text = String::new();
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        match tokio::time::timeout(left, stream.chunk()).await {
            Ok(Ok(Some(bytes))) => text.push_str(&String::from_utf8_lossy(&bytes)),
            _ => return None,
        }
        if let Some(start) = text.find(&marker) {
            let rest = &text[start + marker.len()..];
            if let Some(end) = rest.find('\n') {
                return serde_json::from_str(&rest[..end]).ok();
            }
        }
    }
}

/// Transactions of two parameterized queries each from 8 connections at
/// once through `url`: how many failed.
async fn statement_failures(url: &str, statements: shared::infrastructure::db::Statements) -> usize {
    let pool = shared::infrastructure::db::connect_app(url, 8, Duration::from_secs(10), statements).await.unwrap();
    let tasks: Vec<_> = (0..8)
        .map(|task| {
            let pool = pool.clone();
            tokio::spawn(async move {
                let mut failures = 0;
                for i in 0..100i32 {
                    let outcome: Result<(), sqlx::Error> = async {
                        let mut tx = pool.begin().await?;
                        let sum: i32 = sqlx::query_scalar("SELECT $1::int + 1").bind(i).fetch_one(&mut *tx).await?;
                        let text: String = sqlx::query_scalar("SELECT $1::text || '!'")
                            .bind(task.to_string())
                            .fetch_one(&mut *tx)
                            .await?;
                        assert_eq!((sum, text), (i + 1, format!("{task}!")), "an answer to another statement");
                        tx.commit().await
                    }
                    .await;
                    failures += usize::from(outcome.is_err());
                }
                failures
            })
        })
        .collect();
    let mut failures = 0;
    for task in tasks {
        failures += task.await.unwrap();
    }
    pool.close().await;
    failures
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs scripts/cluster.sh: run by make test-cluster"]
async fn through_pgbouncer_cached_statements_fail_and_the_pooler_setting_holds() {
    let cluster = Cluster::open();
    let through_pgbouncer = &cluster.env["DATABASE_APP_URL"];
    // sqlx's default (named statements cached per connection): each
    // transaction may land on another server connection, where the name is
    // unknown (or, without the reset query, another statement's).
    let cached = statement_failures(through_pgbouncer, shared::infrastructure::db::Statements::Cached).await;
    println!("through PgBouncer, cached statements: {cached} of 800 transactions failed");
    assert!(cached > 0, "the cache should not survive a transaction pooler");
    // DATABASE_POOLER=transaction: prepared in each transaction, never reused.
    let uncached = statement_failures(through_pgbouncer, shared::infrastructure::db::Statements::Uncached).await;
    assert_eq!(uncached, 0, "through PgBouncer with DATABASE_POOLER=transaction");
}
