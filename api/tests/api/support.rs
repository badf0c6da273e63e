use std::sync::Arc;

use api::{server, AppState};
use reqwest::header::{HeaderMap, HeaderValue, COOKIE};
use reqwest::{Client, Response, StatusCode};
use serde_json::Value;
use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::passwords;
use shared::infrastructure::testing::{fresh_database, TestDb, TEST_APP_ROLE};
use shared::repositories::admin_users;
use shared::workflows::seed::TenantSeed;
use tokio::net::TcpListener;
use uuid::Uuid;

pub const PASSWORD: &str = "segredo123";

pub struct TestApp {
    pub base: String,
    pub db: TestDb,
    /// The app's key for secrets at rest (robot signing keys, API keys).
    pub secrets: shared::infrastructure::crypto::SecretBox,
    /// The server's state (its configuration and file storage).
    pub state: AppState,
}

/// A tenant with one owner, one client and one sale (purchase id) of that client.
#[derive(Clone)]
pub struct TenantFixture {
    pub id: Uuid,
    pub url: String,
    pub secret: String,
    pub owner_email: String,
    pub client_email: String,
    pub purchase_id: String,
    pub client_id: Uuid,
}

/// Someone calling the API (crates.io's `RequestHelper` idea): keeps its
/// cookies, and an owner also sends the tenant's security key.
/// Ids of one row of each kind a tenant owns ([`TestApp::rows_of`]).
#[derive(Debug, Clone, Copy)]
pub struct TenantRows {
    pub owner: Uuid,
    pub client: Uuid,
    pub robot: Uuid,
    pub sale: Uuid,
    pub license: Uuid,
    pub subscription: Uuid,
}

pub struct Caller {
    pub base: String,
    pub http: Client,
    pub tenant_secret: Option<String>,
}

impl Caller {
    fn with_headers(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        match &self.tenant_secret {
            Some(secret) => request.header("x-tenant-secret", secret),
            None => request,
        }
    }

    pub async fn get(&self, path: &str) -> Response {
        self.with_headers(self.http.get(format!("{}{path}", self.base))).send().await.unwrap()
    }

    pub async fn post(&self, path: &str, body: Value) -> Response {
        self.with_headers(self.http.post(format!("{}{path}", self.base))).json(&body).send().await.unwrap()
    }

    pub async fn put(&self, path: &str, body: Value) -> Response {
        self.with_headers(self.http.put(format!("{}{path}", self.base))).json(&body).send().await.unwrap()
    }

    pub async fn patch_json(&self, path: &str, body: Value) -> Response {
        self.with_headers(self.http.patch(format!("{}{path}", self.base))).json(&body).send().await.unwrap()
    }

    pub async fn put_json(&self, path: &str, body: Value) -> Response {
        self.with_headers(self.http.put(format!("{}{path}", self.base))).json(&body).send().await.unwrap()
    }

    /// A multipart form (file uploads send `X-Requested-With`, as the web app does).
    pub async fn send_multipart(&self, method: reqwest::Method, path: &str, parts: &[Part<'_>]) -> Response {
        let (content_type, body) = multipart_body(parts);
        self.with_headers(self.http.request(method, format!("{}{path}", self.base)))
            .header("content-type", content_type)
            .header("x-requested-with", "test")
            .body(body)
            .send()
            .await
            .unwrap()
    }

    pub async fn delete(&self, path: &str) -> Response {
        self.with_headers(self.http.delete(format!("{}{path}", self.base)))
            .header("x-requested-with", "test")
            .send()
            .await
            .unwrap()
    }
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(|_| {}).await
    }

    pub async fn spawn_with(adjust: impl FnOnce(&mut Config)) -> Self {
        let db = fresh_database().await;
        let mut config = Config::for_database(db.owner_url.clone(), TEST_APP_ROLE.into());
        config.web_dist = std::env::temp_dir().join("roboforge-no-web-dist");
        // The pool below has 8 connections, not the default 20.
        config.capacity.request_pool_size = 8;
        adjust(&mut config);
        let secrets = config.secrets.clone();
        api::startup::seed_defaults(&db.worker_pool).await.unwrap();
        let state = AppState::new(db.app_pool.clone(), Arc::new(config));
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(server::serve(listener, state.clone(), std::future::pending()));
        TestApp { base, db, secrets, state }
    }

    /// Another api instance on the same database, with its own pool, listener
    /// and streams (as a second process behind a load balancer would be).
    pub async fn second_instance(&self) -> String {
        let mut config = Config::for_database(self.db.owner_url.clone(), TEST_APP_ROLE.into());
        config.web_dist = std::env::temp_dir().join("roboforge-no-web-dist");
        config.capacity.request_pool_size = 8;
        let pool = db::connect_app(&self.db.app_url, 8, std::time::Duration::from_secs(10), db::Statements::Cached)
            .await
            .unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(server::serve(listener, AppState::new(pool, Arc::new(config)), std::future::pending()));
        base
    }

    /// A browser-like client: keeps cookies between calls.
    pub fn browser(&self) -> Client {
        Client::builder().cookie_store(true).build().unwrap()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub async fn admin(&self, username: &str, password: &str) -> Uuid {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker()).await.unwrap();
        let user = admin_users::create(
            &mut tx,
            admin_users::NewAdminUser {
                username: username.into(),
                password_hash: passwords::hash(password.into()).await.unwrap(),
                email: format!("{username}@example.com"),
                name: format!("Admin {username}"),
            },
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
        user.id
    }

    /// A tenant with one owner, one client and one sale: the same seed builder
    /// `api seed-demo` uses.
    pub async fn tenant(&self, slug: &str) -> TenantFixture {
        self.seed(TenantSeed::example(slug, PASSWORD)).await
    }

    /// A tenant whose Hotmart hottok is `hottok`.
    pub async fn tenant_with_hottok(&self, slug: &str, hottok: &str) -> TenantFixture {
        self.seed(TenantSeed { hotmart_webhook_secret: Some(hottok.into()), ..TenantSeed::example(slug, PASSWORD) })
            .await
    }

    async fn seed(&self, seed: TenantSeed) -> TenantFixture {
        let seeded = seed.create(&self.db.app_pool).await.unwrap();
        TenantFixture {
            id: seeded.tenant_id,
            url: seed.url,
            secret: seed.security_key,
            owner_email: seed.owner_email,
            client_email: seed.client_email,
            purchase_id: seed.purchase_id,
            client_id: seeded.client_id,
        }
    }

    /// One value read as the worker in `tenant`'s scope.
    pub async fn scalar_in<T>(&self, tenant: Uuid, sql: &str) -> T
    where
        T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
    {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
        let value = sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(&mut *tx).await.unwrap();
        tx.commit().await.unwrap();
        value
    }

    /// Runs `statement` as the worker in `tenant`'s scope, then waits a moment:
    /// the change reaches the instance's license cache by NOTIFY after commit.
    pub async fn sql_in(&self, tenant: Uuid, statement: &str) {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(statement.to_string())).execute(&mut *tx).await.unwrap();
        tx.commit().await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    }

    /// A robot with the spec's first-use binding (robots created by owners
    /// now default to the portal policy: [`TestApp::robot_with_policy`]).
    pub async fn robot(&self, tenant: &TenantFixture, name: &str) -> Uuid {
        self.robot_with_policy(tenant, name, "first_use").await
    }

    /// A robot whose licenses get their account by `policy` (first_use or portal).
    pub async fn robot_with_policy(&self, tenant: &TenantFixture, name: &str, policy: &str) -> Uuid {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(tenant.id)).await.unwrap();
        let robot = shared::repositories::tenant_robots::create(
            &mut tx,
            &self.secrets,
            shared::repositories::tenant_robots::NewTenantRobot {
                tenant_id: tenant.id,
                name: name.into(),
                description: None,
                logo_url: None,
                active: true,
                file_path: None,
                version: None,
            },
        )
        .await
        .unwrap();
        sqlx::query("UPDATE tenant_robots SET binding_policy = $2 WHERE id = $1")
            .bind(robot.id)
            .bind(policy)
            .execute(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        robot.id
    }

    /// The purchase-id sign-in's two steps for `browser`: asks for the code,
    /// reads it from the e-mail as the sender would send it (the outbox keeps
    /// it sealed), and signs in with it. Returns the second step's response.
    pub async fn purchase_login(
        &self,
        browser: &Client,
        tenant: &TenantFixture,
        email: &str,
        purchase_id: &str,
    ) -> Response {
        let url = self.url(&format!("/api/client-auth/login-purchase?tenant={}", tenant.url));
        let body = serde_json::json!({"email": email, "purchaseId": purchase_id});
        let first = browser.post(&url).json(&body).send().await.unwrap();
        if first.status() != StatusCode::ACCEPTED {
            return first;
        }
        let Some(code) = self.last_sign_in_code(tenant.id, email).await else { return first };
        let mut with_code = body;
        with_code["code"] = serde_json::json!(code);
        browser.post(&url).json(&with_code).send().await.unwrap()
    }

    /// The code in the newest sign-in e-mail to `email`, opened as the sender does.
    pub async fn last_sign_in_code(&self, tenant: Uuid, email: &str) -> Option<String> {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
        let sealed: Option<Option<String>> = sqlx::query_scalar(
            "SELECT sealed_html FROM email_outbox WHERE template = 'signInCode' AND to_address = $1
              ORDER BY created_at DESC LIMIT 1",
        )
        .bind(email)
        .fetch_optional(&mut *tx)
        .await
        .unwrap();
        let html = self.secrets.open(&sealed??)?;
        let at = html.find("letter-spacing:6px\">")? + "letter-spacing:6px\">".len();
        Some(html[at..at + 6].to_string())
    }

    /// One row of each kind a tenant owns, for tests that need their ids:
    /// the seeded owner, client and sale, plus a license of `robot` and a
    /// subscription.
    pub async fn rows_of(&self, tenant: &TenantFixture, robot: Uuid) -> TenantRows {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(tenant.id)).await.unwrap();
        let owner: Uuid = sqlx::query_scalar("SELECT id FROM tenant_owners WHERE tenant_id = $1 AND email = $2")
            .bind(tenant.id)
            .bind(&tenant.owner_email)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
        let sale: Uuid = sqlx::query_scalar("SELECT id FROM tenant_sales WHERE tenant_id = $1 AND external_id = $2")
            .bind(tenant.id)
            .bind(&tenant.purchase_id)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
        let license: Uuid = sqlx::query_scalar(
            "INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, sale_id, status, activation_date)
             VALUES (gen_random_uuid(), $1, $2, $3, $4, 'active', now()) RETURNING id",
        )
        .bind(tenant.id)
        .bind(tenant.client_id)
        .bind(robot)
        .bind(sale)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
        let subscription: Uuid = sqlx::query_scalar(
            "INSERT INTO tenant_subscriptions (id, tenant_id, client_id, sale_id, amount)
             VALUES (gen_random_uuid(), $1, $2, $3, 97.00) RETURNING id",
        )
        .bind(tenant.id)
        .bind(tenant.client_id)
        .bind(sale)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
        tx.commit().await.unwrap();
        TenantRows { owner, client: tenant.client_id, robot, sale, license, subscription }
    }

    /// Posts the Hotmart fixture `name` (shared/tests/fixtures/hotmart) to
    /// `robot`'s webhook URL with `hottok`.
    pub async fn post_hotmart(&self, robot: impl std::fmt::Display, hottok: &str, name: &str) -> Response {
        self.browser()
            .post(self.url(&format!("/api/webhooks/hotmart/robot/{robot}")))
            .header("x-hotmart-hottok", hottok)
            .header("content-type", "application/json")
            .body(hotmart_fixture(name))
            .send()
            .await
            .unwrap()
    }

    /// Someone with no session at all.
    pub fn anonymous(&self) -> Caller {
        Caller { base: self.base.clone(), http: self.browser(), tenant_secret: None }
    }

    /// A signed-in platform admin (created on the way).
    pub async fn as_admin(&self) -> Caller {
        let username = format!("admin{}", &Uuid::now_v7().simple().to_string()[24..]);
        self.admin(&username, PASSWORD).await;
        let caller = self.anonymous();
        let response = self.admin_login(&caller.http, &username, PASSWORD).await;
        assert_eq!(response.status(), StatusCode::OK, "admin login");
        caller
    }

    /// The signed-in owner of `tenant`, sending its security key on every call.
    pub async fn owner_of(&self, tenant: &TenantFixture) -> Caller {
        let caller = self.anonymous();
        let response = self.owner_login(&caller.http, &tenant.owner_email, &tenant.secret).await;
        assert_eq!(response.status(), StatusCode::OK, "owner login");
        Caller { tenant_secret: Some(tenant.secret.clone()), ..caller }
    }

    /// The owner of `tenant` signed in, holding only the session cookie: no
    /// tenant pass (decision 0022) and no key unless the test adds one.
    pub async fn owner_session_only(&self, tenant: &TenantFixture) -> Caller {
        let response = self.owner_login(&Client::new(), &tenant.owner_email, &tenant.secret).await;
        assert_eq!(response.status(), StatusCode::OK, "owner login");
        let session = response
            .headers()
            .get_all(reqwest::header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find_map(|v| v.strip_prefix("rf_tenant_session="))
            .and_then(|v| v.split(';').next())
            .expect("a session cookie")
            .to_string();
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(reqwest::header::COOKIE, format!("rf_tenant_session={session}").parse().unwrap());
        let http = Client::builder().default_headers(headers).build().unwrap();
        Caller { base: self.base.clone(), http, tenant_secret: None }
    }

    /// A second owner of `tenant` with `role`, signed in.
    pub async fn owner_with_role(&self, tenant: &TenantFixture, role: shared::domain::status::OwnerRole) -> Caller {
        let email = format!("{}.{}@example.com", format!("{role:?}").to_lowercase(), tenant.id.simple());
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(tenant.id)).await.unwrap();
        shared::repositories::tenant_owners::create(
            &mut tx,
            shared::repositories::tenant_owners::NewTenantOwner {
                tenant_id: tenant.id,
                name: format!("{role:?}"),
                email: email.clone(),
                phone: None,
                password_hash: passwords::hash(PASSWORD.into()).await.unwrap(),
                role,
                is_active: true,
            },
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
        let caller = self.anonymous();
        let response = self.owner_login(&caller.http, &email, &tenant.secret).await;
        assert_eq!(response.status(), StatusCode::OK, "owner login as {role:?}");
        Caller { tenant_secret: Some(tenant.secret.clone()), ..caller }
    }

    /// The signed-in client of `tenant`.
    pub async fn client_of(&self, tenant: &TenantFixture) -> Caller {
        let caller = self.anonymous();
        let response = caller
            .http
            .post(self.url(&format!("/api/client-auth/login?tenant={}", tenant.url)))
            .json(&serde_json::json!({"email": tenant.client_email, "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "client login");
        caller
    }

    /// Posts an admin login with `browser` (so its cookies are kept or sent).
    pub async fn admin_login(&self, browser: &Client, username: &str, password: &str) -> Response {
        browser
            .post(self.url("/api/auth/login"))
            .json(&serde_json::json!({"username": username, "password": password}))
            .send()
            .await
            .unwrap()
    }

    /// Posts the owner login of `tenant` with `secret` as the security key.
    pub async fn owner_login(&self, browser: &Client, email: &str, secret: &str) -> Response {
        browser
            .post(self.url("/api/tenant-auth/login"))
            .header("x-tenant-secret", secret)
            .json(&serde_json::json!({"email": email, "password": PASSWORD}))
            .send()
            .await
            .unwrap()
    }

    /// Posts a client login (`login` or `login-purchase`) for the tenant named by `tenant`.
    pub async fn client_login(&self, kind: &str, tenant: &str, body: Value) -> Response {
        self.browser()
            .post(self.url(&format!("/api/client-auth/{kind}?tenant={tenant}")))
            .json(&body)
            .send()
            .await
            .unwrap()
    }

    pub async fn count_sessions(&self) -> i64 {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker()).await.unwrap();
        sqlx::query_scalar("SELECT count(*) FROM sessions").fetch_one(&mut *tx).await.unwrap()
    }
}

/// The value of `name` in the response's Set-Cookie headers.
pub fn cookie_value(response: &Response, name: &str) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix(&format!("{name}=")).map(|rest| rest.split(';').next().unwrap_or("").to_string()))
        .filter(|v| !v.is_empty())
}

pub fn set_cookie_header(response: &Response, name: &str) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&format!("{name}=")))
        .map(str::to_string)
}

pub fn with_cookie(name: &str, value: &str) -> HeaderMap {
    let mut h = HeaderMap::new();
    h.insert(COOKIE, HeaderValue::from_str(&format!("{name}={value}")).unwrap());
    h
}

pub async fn json(response: Response) -> (StatusCode, Value) {
    let status = response.status();
    let body = response.json::<Value>().await.unwrap_or(Value::Null);
    (status, body)
}

/// Runs every future at once (each on its own task) and collects the results in order.
pub async fn join_all<F>(futures: impl IntoIterator<Item = F>) -> Vec<F::Output>
where
    F: std::future::Future + Send + 'static,
    F::Output: Send + 'static,
{
    let handles: Vec<_> = futures.into_iter().map(tokio::spawn).collect();
    let mut out = Vec::with_capacity(handles.len());
    for handle in handles {
        out.push(handle.await.expect("task"));
    }
    out
}

/// A realistic Hotmart 2.0.0 payload from shared/tests/fixtures/hotmart.
pub fn hotmart_fixture(name: &str) -> String {
    let path = format!("{}/../shared/tests/fixtures/hotmart/{name}.json", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

/// One field of a multipart form: a file (with its name) or a text.
pub enum Part<'a> {
    File { field: &'a str, name: &'a str, bytes: &'a [u8] },
    Text { field: &'a str, value: &'a str },
}

/// A multipart/form-data body written by hand (the protocol, not a client
/// library's idea of it), with its Content-Type.
pub fn multipart_body(parts: &[Part<'_>]) -> (String, Vec<u8>) {
    let boundary = "----roboforge-test-boundary-7d1f";
    let mut body = Vec::new();
    for part in parts {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        match part {
            Part::File { field, name, bytes } => {
                body.extend_from_slice(
                    format!("Content-Disposition: form-data; name=\"{field}\"; filename=\"{name}\"\r\n").as_bytes(),
                );
                body.extend_from_slice(b"Content-Type: application/octet-stream\r\n\r\n");
                body.extend_from_slice(bytes);
            }
            Part::Text { field, value } => {
                body.extend_from_slice(format!("Content-Disposition: form-data; name=\"{field}\"\r\n\r\n").as_bytes());
                body.extend_from_slice(value.as_bytes());
            }
        }
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// Bytes that pass for a compiled robot (binary, no known foreign format).
pub fn fake_ex5(seed: u32) -> Vec<u8> {
    (0..4096u32).map(|i| ((i + seed) * 7919 % 251) as u8).collect()
}

/// Opens `caller`'s notification stream on the instance at `base`.
pub async fn open_stream(caller: &Caller, base: &str) -> Response {
    let mut request = caller.http.get(format!("{base}/api/notifications/stream"));
    if let Some(secret) = &caller.tenant_secret {
        request = request.header("x-tenant-secret", secret);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    response
}

/// Reads the stream until an event named `name` arrives (its data, parsed)
/// or `within` passes.
pub async fn next_event(stream: &mut Response, name: &str, within: std::time::Duration) -> Option<Value> {
    let deadline = std::time::Instant::now() + within;
    let marker = format!("event: {name}\ndata: ");
    let mut text = String::new();
    loop {
        let left = deadline.checked_duration_since(std::time::Instant::now())?;
        match tokio::time::timeout(left, stream.chunk()).await {
            Ok(Ok(Some(bytes))) => text.push_str(&String::from_utf8_lossy(&bytes)),
            _ => return None,
        }
        if let Some(start) = text.find(&marker) {
            let rest = &text[start + marker.len()..];
            if let Some(end) = rest.find('\n') {
                return Some(serde_json::from_str(&rest[..end]).unwrap());
            }
        }
    }
}
