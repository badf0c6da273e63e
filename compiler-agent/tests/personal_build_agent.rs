//! Personal builds end to end (issue 26 part 1, decision 0015) with the real
//! compiler-agent and the MetaEditor stand-in: the owner imports a robot and
//! sells it to two buyers; the agent compiles each buyer's own build; each
//! buyer downloads a different file whose check passes without an e-mail and
//! names its license; a leaked file is traced to its buyer and revoking it
//! fails only that build's check; with no agent running, a download falls
//! back to the shared file after the wait.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::testing::{fresh_database, TestDb, TEST_APP_ROLE};
use shared::repositories::compile_fleet;
use shared::workflows::seed::TenantSeed;
use uuid::Uuid;

const EA: &str = include_str!("../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5");
const PASSWORD: &str = "segredo123";

struct Shop {
    base: String,
    db: TestDb,
    seed: TenantSeed,
    tenant: Uuid,
    client: Uuid,
    agent: Option<Child>,
}

impl Drop for Shop {
    fn drop(&mut self) {
        if let Some(agent) = &mut self.agent {
            agent.kill().ok();
        }
    }
}

async fn shop() -> Shop {
    let db = fresh_database().await;
    let mut config = Config::for_database(db.owner_url.clone(), TEST_APP_ROLE.into());
    config.web_dist = std::env::temp_dir().join("roboforge-no-web-dist");
    config.capacity.request_pool_size = 8;
    config.personal_build_wait_seconds = 3;
    let work = std::env::temp_dir().join(format!("rf-personal-test-{}", Uuid::now_v7()));
    config.storage_url = work.join("storage").to_string_lossy().into_owned();
    api::startup::seed_defaults(&db.worker_pool).await.unwrap();
    let seed = TenantSeed::example("loja", PASSWORD);
    let seeded = seed.create(&db.app_pool).await.unwrap();
    let state = api::AppState::new(db.app_pool.clone(), Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(api::server::serve(listener, state, std::future::pending()));

    let mut tx = db::begin(&db.app_pool, Scope::worker()).await.unwrap();
    let (_, token) =
        compile_fleet::register(&mut tx, "pessoal", "wine", shared::repositories::compile_pools::DEFAULT_POOL)
            .await
            .unwrap();
    tx.commit().await.unwrap();
    let agent = Command::new(env!("CARGO_BIN_EXE_compiler-agent"))
        .env("AGENT_API_URL", &base)
        .env("AGENT_TOKEN", &token)
        .env("AGENT_WORK_DIR", work.join("agent"))
        .env("METAEDITOR_PATH", env!("CARGO_BIN_EXE_metaeditor-stand-in"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the agent");
    Shop { base, db, seed, tenant: seeded.tenant_id, client: seeded.client_id, agent: Some(agent) }
}

fn browser() -> Client {
    Client::builder().cookie_store(true).build().unwrap()
}

impl Shop {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn owner(&self) -> Client {
        let http = browser();
        let login = http
            .post(self.url("/api/tenant-auth/login"))
            .header("x-tenant-secret", &self.seed.security_key)
            .json(&json!({"email": self.seed.owner_email, "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        assert_eq!(login.status(), StatusCode::OK);
        http
    }

    async fn owner_post(&self, owner: &Client, path: &str, body: Value) -> (StatusCode, Value) {
        let response = owner
            .post(self.url(path))
            .header("x-tenant-secret", &self.seed.security_key)
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = response.status();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    async fn client_session(&self, email: &str) -> Client {
        let http = browser();
        let login = http
            .post(self.url(&format!("/api/client-auth/login?tenant={}", self.seed.url)))
            .json(&json!({"email": email, "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        assert_eq!(login.status(), StatusCode::OK, "client login {email}");
        http
    }

    async fn worker_query<T: Send + Unpin + for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow>>(
        &self,
        sql: &str,
    ) -> Vec<T> {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(self.tenant)).await.unwrap();
        let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_string())).fetch_all(&mut *tx).await.unwrap();
        tx.commit().await.unwrap();
        rows
    }

    /// Waits until `sql` (one count) reaches `want` (30 s at most).
    async fn wait_count(&self, sql: &str, want: i64) {
        let started = Instant::now();
        loop {
            let rows: Vec<(i64,)> = self.worker_query(sql).await;
            if rows[0].0 == want {
                return;
            }
            assert!(started.elapsed() < Duration::from_secs(30), "{sql}: {} (wanted {want})", rows[0].0);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    async fn check(&self, body: Value) -> Value {
        let response = browser().post(self.url("/api/webhooks/validate-license")).json(&body).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    async fn new_license(&self, owner: &Client, client: Uuid, robot: &str) -> Uuid {
        let (status, license) = self
            .owner_post(
                owner,
                "/api/tenant/licenses",
                json!({"clientId": client, "robotId": robot, "status": "active"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{license}");
        license["id"].as_str().unwrap().parse().unwrap()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_buyers_get_their_own_builds_a_leak_is_traced_and_revoked_and_a_late_build_falls_back() {
    let mut shop = shop().await;
    let owner = shop.owner().await;
    // The owner imports the robot's source; the agent compiles it (the shared file).
    let (status, job) = shop
        .owner_post(
            &owner,
            "/api/tenant/compilation-jobs",
            json!({"robotName": "Robô Pessoal", "sourceCode": EA, "fileName": "pessoal.mq5"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{job}");
    let robot = job["robotId"].as_str().unwrap().to_string();
    shop.wait_count(&format!("SELECT count(*) FROM robot_versions WHERE robot_id = '{robot}'"), 1).await;
    let mut tx = db::begin(&shop.db.app_pool, Scope::worker_for(shop.tenant)).await.unwrap();
    sqlx::query("UPDATE tenant_robots SET active = true, binding_policy = 'first_use' WHERE id = $1::uuid")
        .bind(&robot)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();

    // Two buyers: the seeded client (who signs in) and Bia.
    let (status, bia) = shop
        .owner_post(
            &owner,
            "/api/tenant/clients",
            json!({"name": "Bia", "email": "bia@example.com", "password": PASSWORD}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{bia}");
    let bia: Uuid = bia["id"].as_str().unwrap().parse().unwrap();
    let ana_license = shop.new_license(&owner, shop.client, &robot).await;
    let bia_license = shop.new_license(&owner, bia, &robot).await;
    shop.wait_count("SELECT count(*) FROM license_builds WHERE status = 'ready'", 2).await;

    let download = |session: Client, license: Uuid| {
        let url = shop.url(&format!("/api/client/download/{license}"));
        async move {
            let response = session.get(url).send().await.unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            response.bytes().await.unwrap().to_vec()
        }
    };
    let ana_file = download(shop.client_session(&shop.seed.client_email).await, ana_license).await;
    let bia_file = download(shop.client_session("bia@example.com").await, bia_license).await;
    assert_ne!(ana_file, bia_file, "two buyers, two different .ex5 files");
    let shared: Vec<(String,)> =
        shop.worker_query(&format!("SELECT file_path FROM robot_versions WHERE robot_id = '{robot}'")).await;
    assert!(!shared.is_empty());

    // Each build's check passes without an e-mail and names its license.
    let marks: Vec<(Uuid, String)> = shop.worker_query("SELECT license_id, build_mark FROM license_builds").await;
    let mark_of = |license: Uuid| marks.iter().find(|(l, _)| *l == license).unwrap().1.clone();
    let body = |license: Uuid, account: u64| {
        json!({"licenseId": license, "buildMark": mark_of(license), "mtAccount": account, "robotId": robot,
               "tenantId": shop.tenant, "nonce": "n1", "protocol": 2})
    };
    for (license, account) in [(ana_license, 8001), (bia_license, 8002)] {
        let answer = shop.check(body(license, account)).await;
        assert_eq!(
            (answer["valid"].as_bool(), answer["licenseId"].as_str()),
            (Some(true), Some(license.to_string().as_str())),
            "{answer}"
        );
    }

    // Ana's file is found on a forum: traced to her, with her download.
    let boundary = "rf-limite-de-teste";
    let mut form = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"Robo_Pirata.ex5\"\r\n\
         Content-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    form.extend_from_slice(&ana_file);
    form.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let traced = owner
        .post(shop.url(&format!("/api/tenant/robots/{robot}/leak-trace")))
        .header("x-tenant-secret", &shop.seed.security_key)
        .header("content-type", format!("multipart/form-data; boundary={boundary}"))
        // A form post from a browser page says so (the api's CSRF guard).
        .header("x-requested-with", "test")
        .body(form)
        .send()
        .await
        .unwrap();
    assert_eq!(traced.status(), StatusCode::OK);
    let traced: Value = traced.json().await.unwrap();
    assert_eq!(traced["licenseId"], ana_license.to_string());
    assert_eq!(traced["clientEmail"], shop.seed.client_email.as_str());
    assert_eq!(traced["downloads"].as_array().unwrap().len(), 1, "{traced}");
    let (status, revoked) = shop
        .owner_post(
            &owner,
            &format!("/api/tenant/licenses/{ana_license}/builds/revoke"),
            json!({"buildId": traced["buildId"]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{revoked}");
    tokio::time::sleep(Duration::from_millis(200)).await;
    let answer = shop.check(body(ana_license, 8001)).await;
    assert_eq!((answer["valid"].as_bool(), answer["code"].as_str()), (Some(false), Some("BUILD_REVOKED")), "{answer}");
    assert_eq!(shop.check(body(bia_license, 8002)).await["valid"], true, "the other buyer's build still passes");

    // No agent running: a new license's download shows progress, then the shared file after the wait.
    shop.agent.take().unwrap().kill().unwrap();
    let late = shop.new_license(&owner, bia, &robot).await;
    let bia_session = shop.client_session("bia@example.com").await;
    let url = shop.url(&format!("/api/client/download/{late}"));
    let waiting = bia_session.get(&url).send().await.unwrap();
    assert_eq!(waiting.status(), StatusCode::ACCEPTED);
    let progress: Value = waiting.json().await.unwrap();
    assert_eq!(progress["message"], "Preparando sua cópia pessoal…");
    tokio::time::sleep(Duration::from_millis(3_100)).await;
    let fallback = bia_session.get(&url).send().await.unwrap();
    assert_eq!(fallback.status(), StatusCode::OK);
    let fallback = fallback.bytes().await.unwrap().to_vec();
    assert!(fallback != ana_file && fallback != bia_file, "the shared file, not a personal one");
}
