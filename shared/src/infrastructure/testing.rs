//! Test databases: each test gets a fresh database cloned from a template that
//! is migrated once per migration set. Cloning takes a fraction of a second;
//! migrating from scratch for every test would not.
//!
//! `TEST_DATABASE_URL` names a role with CREATEDB and CREATEROLE (not a
//! superuser: the tests run the way production does) and any database on the
//! cluster, e.g. `postgres://roboforge:roboforge@127.0.0.1:5432/postgres`.

use sqlx::{Connection, PgConnection, PgPool};

use crate::infrastructure::db::{self, test_databases};

/// The runtime role of every test database (roles are cluster-wide).
pub const TEST_APP_ROLE: &str = "roboforge_test_app";

pub struct TestDb {
    pub name: String,
    /// Connection URL of the owner role on this database.
    pub owner_url: String,
    /// Connects as the owner: for fixtures that need to look past RLS checks
    /// only by the owner's rights (FORCE RLS still applies to it).
    pub owner_pool: PgPool,
    /// Connects as the authenticator, exactly as the app's request pool does.
    pub app_pool: PgPool,
    /// The authenticator's connection URL on this database.
    pub app_url: String,
    /// Connects as the authenticator holding the worker role, like the
    /// app's worker pool (the job queue queries it directly).
    pub worker_pool: PgPool,
}

pub fn admin_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://roboforge:roboforge@127.0.0.1:5432/postgres".into())
}

/// `admin_url()` with its database replaced by `database`.
pub fn url_for(database: &str) -> String {
    let base = admin_url();
    let (prefix, rest) = base.rsplit_once('/').expect("TEST_DATABASE_URL has a database path");
    let query = rest.split_once('?').map(|(_, q)| format!("?{q}")).unwrap_or_default();
    format!("{prefix}/{database}{query}")
}

pub async fn fresh_database() -> TestDb {
    let template = ensure_template().await;
    let name = format!("rf_test_{}", crate::domain::ids::new_id().simple());
    let mut admin = PgConnection::connect(&admin_url()).await.expect("connect TEST_DATABASE_URL");
    test_databases::create_from_template(&mut admin, &name, &template).await.expect("clone the template database");
    admin.close().await.ok();
    let owner_url = url_for(&name);
    let owner_pool = db::connect_owner(&owner_url, 4).await.expect("owner pool");
    // The authenticator is cluster-wide and check-first: cheap to confirm per test.
    let app_url =
        db::prepare_authenticator(&owner_pool, &owner_url, None, TEST_APP_ROLE).await.expect("authenticator role");
    let app_pool = db::connect_app(&app_url, 8, std::time::Duration::from_secs(10), db::Statements::Cached)
        .await
        .expect("app pool (authenticator)");
    let worker_pool = db::connect_worker(&app_url, 4).await.expect("worker pool");
    TestDb { name, owner_url, owner_pool, app_pool, app_url, worker_pool }
}

/// Creates `rf_tpl_<hash of the migrations>` once, under an advisory lock so
/// that parallel test processes wait for the first one instead of racing.
async fn ensure_template() -> String {
    let mut digest: u64 = 0xcbf29ce484222325;
    let queue_migrations = apalis_postgres::PostgresStorage::<()>::migrations();
    for m in sqlx::migrate!("../migrations").iter().chain(queue_migrations.iter()) {
        for b in m.checksum.iter().chain(m.version.to_le_bytes().iter()) {
            digest = (digest ^ *b as u64).wrapping_mul(0x100000001b3);
        }
    }
    let template = format!("rf_tpl_{digest:016x}");
    let mut admin = PgConnection::connect(&admin_url()).await.expect("connect TEST_DATABASE_URL");
    test_databases::lock_templates(&mut admin).await.expect("lock");
    let exists = test_databases::exists(&mut admin, &template).await.expect("query pg_database");
    if !exists {
        let building = format!("{template}_building");
        test_databases::drop_if_exists(&mut admin, &building).await.expect("drop");
        test_databases::create(&mut admin, &building).await.expect("create");
        let owner = db::connect_owner(&url_for(&building), 2).await.expect("connect template");
        db::migrate(&owner).await.expect("migrate template");
        owner.close().await;
        test_databases::rename(&mut admin, &building, &template).await.expect("publish template");
    }
    test_databases::unlock_templates(&mut admin).await.expect("unlock");
    admin.close().await.ok();
    template
}

/// Fixture: an active tenant at `url` with a random security key.
pub async fn create_tenant(pool: &PgPool, url: &str) -> uuid::Uuid {
    use crate::repositories::tenants;
    let mut tx = db::begin(pool, db::Scope::worker()).await.expect("begin");
    let tenant = tenants::create(
        &mut tx,
        tenants::NewTenant {
            name: format!("Tenant {url}"),
            url: url.into(),
            security_key: crate::infrastructure::secrets::random_token(),
            hotmart_webhook_secret: None,
            status: crate::domain::status::TenantStatus::Active,
            logo_url: None,
            theme_colors: None,
            settings: None,
        },
    )
    .await
    .expect("create tenant");
    tx.commit().await.expect("commit");
    tenant.id
}

/// Fixture: a client of `tenant_id` without a password.
pub async fn create_client(pool: &PgPool, tenant_id: uuid::Uuid, email: &str) -> uuid::Uuid {
    use crate::repositories::tenant_clients;
    let mut tx = db::begin(pool, db::Scope::worker_for(tenant_id)).await.expect("begin");
    let client = tenant_clients::create(
        &mut tx,
        tenant_clients::NewTenantClient {
            tenant_id,
            name: "C".into(),
            email: email.into(),
            phone: None,
            password_hash: None,
            status: crate::domain::status::ClientStatus::Active,
        },
    )
    .await
    .expect("create client");
    tx.commit().await.expect("commit");
    client.id
}
