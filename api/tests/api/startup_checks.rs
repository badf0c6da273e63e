use shared::config::Config;
use shared::testing::{fresh_database, TEST_APP_ROLE};
use sqlx::{Connection, PgConnection};

fn superuser_url() -> String {
    std::env::var("TEST_SUPERUSER_URL")
        .unwrap_or_else(|_| "postgres://roboforge_super:roboforge_super@127.0.0.1:5432/postgres".into())
}

#[tokio::test]
async fn the_api_refuses_to_start_when_its_role_could_bypass_rls() {
    let db = fresh_database().await;
    let role = format!("rf_bypass_{}", shared::ids::new_id().simple());
    // Only a superuser may hand out BYPASSRLS; the app itself never needs one.
    let mut superuser = PgConnection::connect(&superuser_url()).await.expect("TEST_SUPERUSER_URL");
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE ROLE {role} NOLOGIN BYPASSRLS")))
        .execute(&mut superuser)
        .await
        .unwrap();

    let config = Config::for_database(db.owner_url.clone(), role.clone());
    let error = api::startup::prepare_database(&config).await.expect_err("must refuse");
    let message = format!("{error:#}");
    assert!(message.contains("Recusando iniciar") && message.contains("BYPASSRLS"), "{message}");

    sqlx::query(sqlx::AssertSqlSafe(format!("DROP OWNED BY {role}; DROP ROLE {role}")))
        .execute(&mut superuser)
        .await
        .ok();
}

#[tokio::test]
async fn the_api_refuses_to_start_as_the_table_owner() {
    let db = fresh_database().await;
    // Name the owner itself as the runtime role: it owns every table.
    let owner: String = sqlx::query_scalar("SELECT current_user::text").fetch_one(&db.owner_pool).await.unwrap();
    let config = Config::for_database(db.owner_url.clone(), owner);
    let error = api::startup::prepare_database(&config).await.expect_err("must refuse");
    assert!(format!("{error:#}").contains("é dono"), "{error:#}");
}

#[tokio::test]
async fn a_correct_setup_starts_and_creates_the_first_admin_once() {
    let db = fresh_database().await;
    let mut config = Config::for_database(db.owner_url.clone(), TEST_APP_ROLE.into());
    config.first_admin.username = Some("chefe".into());
    config.first_admin.password = Some("senha-forte-1".into());
    let pool = api::startup::prepare_database(&config).await.expect("starts");
    api::startup::ensure_first_admin(&pool, &config).await.unwrap();
    api::startup::ensure_first_admin(&pool, &config).await.unwrap();
    let mut tx = shared::db::begin(&pool, shared::db::Scope::Platform).await.unwrap();
    let (count, user): (i64, String) =
        sqlx::query_as("SELECT count(*), max(username) FROM users").fetch_one(&mut *tx).await.unwrap();
    assert_eq!((count, user.as_str()), (1, "chefe"));
}
