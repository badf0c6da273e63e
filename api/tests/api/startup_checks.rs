//! The api refuses to serve with any database setup whose queries could get
//! past row-level security.

use shared::infrastructure::config::Config;
use shared::infrastructure::db;
use shared::infrastructure::testing::{fresh_database, url_for, TEST_APP_ROLE};
use sqlx::{Connection, PgConnection};

fn superuser_url() -> String {
    std::env::var("TEST_SUPERUSER_URL")
        .unwrap_or_else(|_| "postgres://roboforge_super:roboforge_super@127.0.0.1:5432/postgres".into())
}

async fn superuser() -> PgConnection {
    PgConnection::connect(&superuser_url()).await.expect("TEST_SUPERUSER_URL")
}

/// Creates (as superuser, the only one who may grant these) a login role
/// with `attributes` and the password the app would derive for it, and
/// checks that starting with it as the authenticator is refused.
async fn refused_with_authenticator(attributes: &str, expected: &str) {
    let db = fresh_database().await;
    let role = format!("rf_bad_{}", shared::domain::ids::new_id().simple());
    let (_, password) = db::derived_app_url(&db.owner_url, &role);
    let mut su = superuser().await;
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE ROLE {role} LOGIN NOINHERIT {attributes} PASSWORD '{password}'")))
        .execute(&mut su)
        .await
        .unwrap();
    let config = Config::for_database(db.owner_url.clone(), role.clone());
    let error = api::startup::prepare_database(&config).await.err().expect("must refuse");
    let message = format!("{error:#}");
    assert!(message.contains("Refusing to start") && message.contains(expected), "{message}");
    // The role holds privileges in the test database: revoked there first, or the role cannot be dropped.
    let mut su_on_db = PgConnection::connect(&superuser_url_for(&db.name)).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!("DROP OWNED BY {role}"))).execute(&mut su_on_db).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!("DROP ROLE {role}"))).execute(&mut su).await.unwrap();
}

fn superuser_url_for(database: &str) -> String {
    let base = superuser_url();
    let (prefix, _) = base.rsplit_once('/').unwrap();
    format!("{prefix}/{database}")
}

#[tokio::test]
async fn refuses_an_app_role_with_bypassrls() {
    refused_with_authenticator("BYPASSRLS", "BYPASSRLS").await;
}

#[tokio::test]
async fn refuses_an_app_role_with_createrole() {
    refused_with_authenticator("CREATEROLE", "CREATEROLE").await;
}

#[tokio::test]
async fn refuses_a_superuser_database_url() {
    let db = fresh_database().await;
    let config = Config::for_database(superuser_url_for(&db.name), TEST_APP_ROLE.into());
    let error = api::startup::prepare_database(&config).await.err().expect("must refuse");
    assert!(format!("{error:#}").contains("superuser"), "{error:#}");
    let _ = url_for(&db.name);
}

#[tokio::test]
async fn refuses_the_owner_as_app_role() {
    let db = fresh_database().await;
    let owner: String = sqlx::query_scalar("SELECT current_user::text").fetch_one(&db.owner_pool).await.unwrap();
    let config = Config::for_database(db.owner_url.clone(), owner);
    let error = api::startup::prepare_database(&config).await.err().expect("must refuse");
    assert!(format!("{error:#}").contains("database owner"), "{error:#}");
}

#[tokio::test]
async fn a_principal_role_with_createrole_is_refused() {
    // Inside a transaction that is rolled back, so no other test sees it.
    let mut su = superuser().await;
    let mut tx = su.begin().await.unwrap();
    sqlx::query("ALTER ROLE rf_client CREATEROLE").execute(&mut *tx).await.unwrap();
    let err = db::check_principal_roles(&mut tx).await.expect_err("must refuse");
    assert!(matches!(err, db::RlsBypass::CreateRole(ref r) if r == "rf_client"), "{err}");
    tx.rollback().await.unwrap();
    let mut tx = su.begin().await.unwrap();
    db::check_principal_roles(&mut tx).await.expect("the real roles pass");
}

#[tokio::test]
async fn a_correct_setup_starts_and_creates_the_first_admin_once() {
    let db = fresh_database().await;
    let mut config = Config::for_database(db.owner_url.clone(), TEST_APP_ROLE.into());
    config.first_admin.username = Some("chefe".into());
    config.first_admin.password = Some("senha-forte-1".into());
    let pools = api::startup::prepare_database(&config).await.expect("starts");
    api::startup::ensure_first_admin(&pools.workers, &config).await.unwrap();
    api::startup::ensure_first_admin(&pools.workers, &config).await.unwrap();
    let mut tx =
        shared::infrastructure::db::begin(&pools.requests, shared::infrastructure::db::Scope::worker()).await.unwrap();
    let (count, user): (i64, String) =
        sqlx::query_as("SELECT count(*), max(username) FROM users").fetch_one(&mut *tx).await.unwrap();
    assert_eq!((count, user.as_str()), (1, "chefe"));
}

#[tokio::test]
async fn a_transaction_pooler_without_a_direct_listen_url_is_refused() {
    let db = fresh_database().await;
    let mut config = Config::for_database(db.owner_url.clone(), TEST_APP_ROLE.into());
    config.transaction_pooler = true;
    let error = api::startup::prepare_database(&config).await.err().expect("must refuse");
    let message = format!("{error:#}");
    assert!(message.contains("Refusing to start") && message.contains("DATABASE_LISTEN_URL"), "{message}");
    // Given one, it starts, and the listener's pool is that URL's.
    config.listen_database_url = Some(db.app_url.clone());
    let pools = api::startup::prepare_database(&config).await.expect("starts with a direct listen URL");
    let user: String = sqlx::query_scalar("SELECT current_user::text").fetch_one(&pools.listen).await.unwrap();
    assert_eq!(user, TEST_APP_ROLE);
}
