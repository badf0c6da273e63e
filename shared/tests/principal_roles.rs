//! Database roles per principal, checked as the real roles on the app's own
//! connections: what a client's or owner's transaction can read and change,
//! and what is left after `RESET ROLE`.

use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::testing::{create_client, create_tenant, fresh_database, TEST_APP_ROLE};
use uuid::Uuid;

/// Runs `sql` in a fresh transaction of `scope`; the error text, if any.
async fn try_sql(pool: &sqlx::PgPool, scope: Scope, sql: &str) -> Result<(), String> {
    let mut tx = db::begin(pool, scope).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(sql.to_string())).execute(&mut *tx).await.map(|_| ()).map_err(|e| e.to_string())
}

#[tokio::test]
async fn reset_role_falls_back_to_the_authenticator_which_can_read_nothing() {
    let db = fresh_database().await;
    let tenant = create_tenant(&db.app_pool, "a.example.com").await;
    let mut tx = db::begin(&db.app_pool, Scope::client(tenant, Uuid::now_v7())).await.unwrap();
    let as_client: String = sqlx::query_scalar("SELECT current_user::text").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(as_client, "rf_client");
    sqlx::query("RESET ROLE").execute(&mut *tx).await.unwrap();
    let after: String = sqlx::query_scalar("SELECT current_user::text").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(after, TEST_APP_ROLE, "RESET ROLE gives the authenticator, not the owner");
    let owner: String =
        sqlx::query_scalar("SELECT datdba::regrole::text FROM pg_database WHERE datname = current_database()")
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    assert_ne!(after, owner);
    let read = sqlx::query_scalar::<_, i64>("SELECT count(*) FROM tenants").fetch_one(&mut *tx).await;
    assert!(read.unwrap_err().to_string().contains("permission denied"));
    drop(tx);
    let become_owner = try_sql(&db.app_pool, Scope::anonymous(), &format!("SET ROLE \"{owner}\"")).await;
    assert!(become_owner.unwrap_err().contains("permission denied"), "the authenticator cannot become the owner");
}

#[tokio::test]
async fn a_client_cannot_read_tenant_secrets_or_any_password_hash_nor_update_its_tenant() {
    let db = fresh_database().await;
    let tenant = create_tenant(&db.app_pool, "a.example.com").await;
    let client = create_client(&db.app_pool, tenant, "ana@a.com").await;
    let scope = Scope::client(tenant, client);
    for sql in [
        "SELECT secret_hash FROM tenants",
        "SELECT resend_api_key FROM tenants",
        "SELECT hotmart_webhook_secret FROM tenants",
        "SELECT hotmart_api_credentials FROM tenants",
        "SELECT * FROM tenants",
        "SELECT password FROM tenant_clients",
        "SELECT reset_token FROM tenant_clients",
        "SELECT password FROM tenant_owners",
        "SELECT email FROM tenant_owners",
        "SELECT password FROM users",
        "SELECT license_signing_key FROM tenant_robots",
        "UPDATE tenants SET name = 'x'",
        "UPDATE tenants SET status = 'active'",
        "DELETE FROM tenant_clients",
    ] {
        let result = try_sql(&db.app_pool, scope, sql).await;
        assert!(result.as_ref().is_err_and(|e| e.contains("permission denied")), "{sql}: {result:?}");
    }
    // What a client does need still works.
    try_sql(&db.app_pool, scope, "SELECT id, name, display_name, status FROM tenants").await.unwrap();
    try_sql(&db.app_pool, scope, "SELECT id, name, email FROM tenant_clients").await.unwrap();
}

#[tokio::test]
async fn an_owner_reads_no_hashes_and_cannot_change_its_status_or_keys() {
    let db = fresh_database().await;
    let tenant = create_tenant(&db.app_pool, "a.example.com").await;
    let scope = Scope::owner(tenant, Uuid::now_v7());
    for sql in [
        "SELECT secret_hash FROM tenants",
        "SELECT resend_api_key FROM tenants",
        "SELECT hotmart_api_credentials FROM tenants",
        "SELECT password FROM tenant_clients",
        "SELECT password FROM tenant_owners",
        "SELECT * FROM users",
        "UPDATE tenants SET status = 'active'",
        "UPDATE tenants SET secret_hash = 'x'",
        "UPDATE tenants SET url = 'evil.com'",
    ] {
        let result = try_sql(&db.app_pool, scope, sql).await;
        assert!(result.as_ref().is_err_and(|e| e.contains("permission denied")), "{sql}: {result:?}");
    }
    try_sql(&db.app_pool, scope, "UPDATE tenants SET display_name = 'Minha Loja'").await.unwrap();
    try_sql(&db.app_pool, scope, "SELECT resend_configured, secret_prefix FROM tenants").await.unwrap();
    try_sql(&db.app_pool, scope, "SELECT hotmart_api_configured, hotmart_api_client_prefix FROM tenants")
        .await
        .unwrap();
}

#[tokio::test]
async fn a_client_sees_only_its_own_rows_even_when_it_claims_platform_scope() {
    let db = fresh_database().await;
    let tenant = create_tenant(&db.app_pool, "a.example.com").await;
    let other_tenant = create_tenant(&db.app_pool, "b.example.com").await;
    let ana = create_client(&db.app_pool, tenant, "ana@a.com").await;
    let bia = create_client(&db.app_pool, tenant, "bia@a.com").await;
    create_client(&db.app_pool, other_tenant, "caio@b.com").await;
    let mut tx = db::begin(&db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    for (client, external) in [(ana, "T-ANA"), (bia, "T-BIA")] {
        sqlx::query("INSERT INTO tenant_sales (id, tenant_id, client_id, external_id) VALUES ($1, $2, $3, $4)")
            .bind(Uuid::now_v7())
            .bind(tenant)
            .bind(client)
            .bind(external)
            .execute(&mut *tx)
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();

    let mut tx = db::begin(&db.app_pool, Scope::client(tenant, ana)).await.unwrap();
    // An injected statement that claims the platform flag gains nothing.
    sqlx::query("SELECT set_config('app.platform_admin', 'on', true)").execute(&mut *tx).await.unwrap();
    let sales: Vec<String> =
        sqlx::query_scalar("SELECT external_id FROM tenant_sales").fetch_all(&mut *tx).await.unwrap();
    assert_eq!(sales, vec!["T-ANA".to_string()]);
    let clients: Vec<String> =
        sqlx::query_scalar("SELECT email FROM tenant_clients").fetch_all(&mut *tx).await.unwrap();
    assert_eq!(clients, vec!["ana@a.com".to_string()]);
    let tenants: i64 = sqlx::query_scalar("SELECT count(*) FROM tenants").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(tenants, 1);
}

#[tokio::test]
async fn private_keys_and_sign_in_codes_are_no_principals_business_and_clients_see_their_own_installations() {
    let db = fresh_database().await;
    let tenant = create_tenant(&db.app_pool, "a.example.com").await;
    let ana = create_client(&db.app_pool, tenant, "ana@a.com").await;
    let bia = create_client(&db.app_pool, tenant, "bia@a.com").await;
    for (scope, who) in [(Scope::client(tenant, ana), "client"), (Scope::owner(tenant, Uuid::now_v7()), "owner")] {
        for sql in [
            "SELECT license_private_key FROM tenant_robots",
            "SELECT signin_code_hash FROM tenant_clients",
            "UPDATE tenant_robots SET license_public_key = NULL",
        ] {
            let result = try_sql(&db.app_pool, scope, sql).await;
            assert!(result.as_ref().is_err_and(|e| e.contains("permission denied")), "{who}: {sql}: {result:?}");
        }
    }
    let mut tx = db::begin(&db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    let robot: Uuid = sqlx::query_scalar(
        "INSERT INTO tenant_robots (id, tenant_id, name, license_signing_key) VALUES ($1, $2, 'R', 'k') RETURNING id",
    )
    .bind(Uuid::now_v7())
    .bind(tenant)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    for (client, account) in [(ana, "111"), (bia, "222")] {
        let license = Uuid::now_v7();
        sqlx::query("INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, status) VALUES ($1, $2, $3, $4, 'active')")
            .bind(license)
            .bind(tenant)
            .bind(client)
            .bind(robot)
            .execute(&mut *tx)
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO license_installations (tenant_id, license_id, account_number, robot_id, first_seen, last_seen,
                                               last_valid, last_code, checks, state_since)
             VALUES ($1, $2, $3, $4, now(), now(), true, 'OK', 1, now())",
        )
        .bind(tenant)
        .bind(license)
        .bind(account)
        .bind(robot)
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    let mut tx = db::begin(&db.app_pool, Scope::client(tenant, ana)).await.unwrap();
    let seen: Vec<String> =
        sqlx::query_scalar("SELECT account_number FROM license_installations").fetch_all(&mut *tx).await.unwrap();
    assert_eq!(seen, vec!["111".to_string()], "ana sees her installation, not bia's");
    let state: String =
        sqlx::query_scalar("SELECT installation_state(last_valid, last_seen, 86400) FROM license_installations")
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    assert_eq!(state, "valid");
}
