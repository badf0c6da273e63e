use std::sync::Arc;

use api::{server, AppState};
use reqwest::header::{HeaderMap, HeaderValue, COOKIE};
use reqwest::{Client, Response, StatusCode};
use serde_json::Value;
use shared::config::Config;
use shared::db::{self, Scope};
use shared::passwords;
use shared::repositories::{admin_users, tenant_clients, tenant_owners, tenant_sales, tenants};
use shared::testing::{fresh_database, TestDb, TEST_APP_ROLE};
use tokio::net::TcpListener;
use uuid::Uuid;

pub const PASSWORD: &str = "segredo123";

pub struct TestApp {
    pub base: String,
    pub db: TestDb,
}

/// A tenant with one owner, one client and one sale (purchase id) of that client.
pub struct TenantFixture {
    pub id: Uuid,
    pub url: String,
    pub secret: String,
    pub owner_email: String,
    pub client_email: String,
    pub purchase_id: String,
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(|_| {}).await
    }

    pub async fn spawn_with(adjust: impl FnOnce(&mut Config)) -> Self {
        let db = fresh_database().await;
        let mut config = Config::for_database(db.owner_url.clone(), TEST_APP_ROLE.into());
        config.web_dist = std::env::temp_dir().join("roboforge-no-web-dist");
        adjust(&mut config);
        let state = AppState { pool: db.app_pool.clone(), config: Arc::new(config) };
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(server::serve(listener, state, std::future::pending()));
        TestApp { base, db }
    }

    /// A browser-like client: keeps cookies between calls.
    pub fn browser(&self) -> Client {
        Client::builder().cookie_store(true).build().unwrap()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub async fn admin(&self, username: &str, password: &str) -> Uuid {
        let mut tx = db::begin(&self.db.app_pool, Scope::Platform).await.unwrap();
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

    pub async fn tenant(&self, slug: &str) -> TenantFixture {
        let url = format!("{slug}.example.com");
        let secret = shared::secrets::random_token();
        let mut tx = db::begin(&self.db.app_pool, Scope::Platform).await.unwrap();
        let tenant = tenants::create(
            &mut tx,
            tenants::NewTenant {
                name: format!("Loja {slug}"),
                url: url.clone(),
                secret_hash: secret.clone(),
                hotmart_webhook_secret: None,
                status: "active".into(),
            },
        )
        .await
        .unwrap();
        db::set_scope(&mut tx, Scope::Tenant(tenant.id)).await.unwrap();
        let hash = passwords::hash(PASSWORD.into()).await.unwrap();
        let owner_email = format!("dona@{slug}.com");
        tenant_owners::create(
            &mut tx,
            tenant_owners::NewTenantOwner {
                tenant_id: tenant.id,
                name: format!("Dona {slug}"),
                email: owner_email.clone(),
                phone: None,
                password_hash: hash.clone(),
                role: "admin".into(),
            },
        )
        .await
        .unwrap();
        let client_email = format!("cliente@{slug}.com");
        let client = tenant_clients::create(
            &mut tx,
            tenant_clients::NewTenantClient {
                tenant_id: tenant.id,
                name: format!("Cliente {slug}"),
                email: client_email.clone(),
                phone: None,
                password_hash: Some(hash),
            },
        )
        .await
        .unwrap();
        let purchase_id = format!("HP-{slug}-001");
        tenant_sales::create_manual(
            &mut tx,
            tenant_sales::NewManualSale {
                tenant_id: tenant.id,
                client_id: Some(client.id),
                external_id: Some(purchase_id.clone()),
                gross_amount: None,
                net_amount: None,
            },
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
        TenantFixture { id: tenant.id, url, secret, owner_email, client_email, purchase_id }
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
        let mut tx = db::begin(&self.db.app_pool, Scope::Platform).await.unwrap();
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
