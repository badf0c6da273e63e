//! Forced row-level security, checked the only way that proves anything: as
//! the runtime role the app's queries run as.

use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::testing::{
    create_client as client, create_tenant as tenant, fresh_database, TEST_APP_ROLE,
};
use shared::repositories::tenant_clients;
use uuid::Uuid;

#[tokio::test]
async fn runtime_role_cannot_bypass_rls() {
    let db = fresh_database().await;
    let (user, superuser, bypass): (String, bool, bool) =
        sqlx::query_as("SELECT current_user::text, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user")
            .fetch_one(&db.app_pool)
            .await
            .unwrap();
    assert_eq!(user, TEST_APP_ROLE);
    assert!(!superuser && !bypass);
    let owned: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM pg_class WHERE relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)",
    )
    .fetch_one(&db.app_pool)
    .await
    .unwrap();
    assert_eq!(owned, 0, "the runtime role owns no relation");
    db::verify_runtime_role(&db.app_pool).await.expect("verification passes");
}

#[tokio::test]
async fn every_tenant_owned_table_forces_rls() {
    let db = fresh_database().await;
    let tables: Vec<(String, bool, bool)> = sqlx::query_as(
        "SELECT c.relname::text, c.relrowsecurity, c.relforcerowsecurity FROM pg_class c
           JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id'
          WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' ORDER BY 1",
    )
    .fetch_all(&db.owner_pool)
    .await
    .unwrap();
    assert!(tables.len() >= 15, "found only {} tenant-owned tables", tables.len());
    for (name, enabled, forced) in tables {
        assert!(enabled && forced, "{name} must have RLS enabled and forced");
    }
}

#[tokio::test]
async fn tenant_scope_sees_only_its_own_rows() {
    let db = fresh_database().await;
    let a = tenant(&db.app_pool, "a.example.com").await;
    let b = tenant(&db.app_pool, "b.example.com").await;
    client(&db.app_pool, a, "ana@a.com").await;
    let b_client = client(&db.app_pool, b, "bia@b.com").await;

    let mut tx = db::begin(&db.app_pool, Scope::owner(a, Uuid::nil())).await.unwrap();
    // No WHERE clause at all: only the policy stands between A and B.
    let emails: Vec<String> = sqlx::query_scalar("SELECT email FROM tenant_clients").fetch_all(&mut *tx).await.unwrap();
    assert_eq!(emails, vec!["ana@a.com".to_string()]);
    let tenants_seen: i64 = sqlx::query_scalar("SELECT count(*) FROM tenants").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(tenants_seen, 1);
    assert!(tenant_clients::find(&mut tx, b, b_client).await.unwrap().is_none());
    let users = sqlx::query_scalar::<_, i64>("SELECT count(*) FROM users").fetch_one(&mut *tx).await.unwrap_err();
    assert!(users.to_string().contains("permission denied"), "platform admins are invisible to a tenant: {users}");
}

#[tokio::test]
async fn tenant_scope_cannot_write_another_tenants_rows() {
    let db = fresh_database().await;
    let a = tenant(&db.app_pool, "a.example.com").await;
    let b = tenant(&db.app_pool, "b.example.com").await;
    let b_client = client(&db.app_pool, b, "bia@b.com").await;

    let mut tx = db::begin(&db.app_pool, Scope::owner(a, Uuid::nil())).await.unwrap();
    let insert = sqlx::query("INSERT INTO tenant_clients (id, tenant_id, name, email) VALUES ($1, $2, 'X', 'x@b.com')")
        .bind(Uuid::now_v7())
        .bind(b)
        .execute(&mut *tx)
        .await
        .unwrap_err();
    assert!(insert.to_string().contains("row-level security"), "{insert}");
    drop(tx);

    let mut tx = db::begin(&db.app_pool, Scope::owner(a, Uuid::nil())).await.unwrap();
    let updated = sqlx::query("UPDATE tenant_clients SET name = 'hacked' WHERE id = $1")
        .bind(b_client)
        .execute(&mut *tx)
        .await
        .unwrap();
    assert_eq!(updated.rows_affected(), 0);
    let deleted = sqlx::query("DELETE FROM tenants WHERE id = $1").bind(b).execute(&mut *tx).await.unwrap_err();
    assert!(deleted.to_string().contains("permission denied"), "{deleted}");
}

#[tokio::test]
async fn a_license_cannot_point_at_another_tenants_client() {
    let db = fresh_database().await;
    let a = tenant(&db.app_pool, "a.example.com").await;
    let b = tenant(&db.app_pool, "b.example.com").await;
    let b_client = client(&db.app_pool, b, "bia@b.com").await;

    // Even with platform scope (RLS out of the way), the composite foreign key
    // refuses a license of tenant A that names B's client.
    let mut tx = db::begin(&db.app_pool, Scope::worker()).await.unwrap();
    let err = sqlx::query("INSERT INTO tenant_client_robots (id, tenant_id, client_id) VALUES ($1, $2, $3)")
        .bind(Uuid::now_v7())
        .bind(a)
        .bind(b_client)
        .execute(&mut *tx)
        .await
        .unwrap_err();
    match err {
        sqlx::Error::Database(e) => assert_eq!(e.code().as_deref(), Some("23503"), "foreign key violation"),
        other => panic!("unexpected {other}"),
    }
}

#[tokio::test]
async fn no_scope_sees_nothing() {
    let db = fresh_database().await;
    let a = tenant(&db.app_pool, "a.example.com").await;
    client(&db.app_pool, a, "ana@a.com").await;
    // Outside a scoped transaction the connection is the authenticator, which
    // holds no rights at all.
    let mut conn = db.app_pool.acquire().await.unwrap();
    let err = sqlx::query_scalar::<_, i64>("SELECT count(*) FROM tenant_clients").fetch_one(&mut *conn).await;
    assert!(err.unwrap_err().to_string().contains("permission denied"));
    // A pooled connection that once had a tenant set reads '' afterwards: the
    // NULLIF in the policies must turn that into "no tenant", not an error.
    let mut tx = db::begin(&db.app_pool, Scope::anonymous()).await.unwrap();
    let seen: i64 = sqlx::query_scalar("SELECT count(*) FROM tenant_sales").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(seen, 0);
}

#[tokio::test]
async fn deleting_a_tenant_cascades_and_deleting_a_client_nulls_references() {
    let db = fresh_database().await;
    let a = tenant(&db.app_pool, "a.example.com").await;
    let c = client(&db.app_pool, a, "ana@a.com").await;
    let mut tx = db::begin(&db.app_pool, Scope::owner(a, Uuid::nil())).await.unwrap();
    let sale = shared::repositories::tenant_sales::create_manual(
        &mut tx,
        shared::repositories::tenant_sales::NewManualSale {
            tenant_id: a,
            client_id: Some(c),
            external_id: Some("T1".into()),
            gross_amount: None,
            net_amount: None,
        },
    )
    .await
    .unwrap();
    sqlx::query("DELETE FROM tenant_clients WHERE id = $1").bind(c).execute(&mut *tx).await.unwrap();
    let client_ref: Option<Uuid> = sqlx::query_scalar("SELECT client_id FROM tenant_sales WHERE id = $1")
        .bind(sale)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert_eq!(client_ref, None);
    tx.commit().await.unwrap();

    let mut tx = db::begin(&db.app_pool, Scope::worker()).await.unwrap();
    sqlx::query("DELETE FROM tenants WHERE id = $1").bind(a).execute(&mut *tx).await.unwrap();
    let sales: i64 = sqlx::query_scalar("SELECT count(*) FROM tenant_sales").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(sales, 0);
}

#[tokio::test]
async fn every_tenant_owned_table_has_the_tenant_policy_for_reads_and_writes() {
    let db = fresh_database().await;
    // Structural guard for tables the behavioural tests above do not touch:
    // each one's policies must compare tenant_id with the NULLIF'd setting,
    // for reading (USING) and for writing (WITH CHECK).
    let rows: Vec<(String, Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT c.relname::text, p.qual, p.with_check FROM pg_class c
           JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id'
           LEFT JOIN pg_policies p ON p.schemaname = 'public' AND p.tablename = c.relname
                                   AND p.policyname = 'tenant_isolation'
          WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' ORDER BY 1",
    )
    .fetch_all(&db.owner_pool)
    .await
    .unwrap();
    assert!(!rows.is_empty());
    for (table, using, check) in rows {
        for (what, expr) in [("USING", using), ("WITH CHECK", check)] {
            let expr = expr.unwrap_or_else(|| panic!("{table} has no {what} policy expression"));
            assert!(
                expr.contains("tenant_id = (NULLIF(current_setting('app.tenant_id'::text, true), ''::text))::uuid"),
                "{table} {what}: {expr}"
            );
        }
    }
}

#[tokio::test]
async fn the_platform_policy_applies_to_the_platform_roles_alone() {
    let db = fresh_database().await;
    // Decision 0009: the policies that open every tenant name their roles
    // (the platform admin; the worker, with the platform flag), so a tenant
    // principal that sets app.platform_admin gains nothing.
    type PolicyRow = (String, Option<String>, Vec<String>, Option<String>, Vec<String>);
    let rows: Vec<PolicyRow> = sqlx::query_as(
        "SELECT c.relname::text, w.qual, w.roles::text[], a.qual, a.roles::text[] FROM pg_class c
           JOIN pg_attribute att ON att.attrelid = c.oid AND att.attname = 'tenant_id'
           LEFT JOIN pg_policies w ON w.schemaname = 'public' AND w.tablename = c.relname
                                   AND w.policyname = 'platform_scope'
           LEFT JOIN pg_policies a ON a.schemaname = 'public' AND a.tablename = c.relname
                                   AND a.policyname = 'platform_admin'
          WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' ORDER BY 1",
    )
    .fetch_all(&db.owner_pool)
    .await
    .unwrap();
    assert!(!rows.is_empty());
    for (table, worker_qual, worker_roles, admin_qual, admin_roles) in rows {
        let worker_qual = worker_qual.unwrap_or_else(|| panic!("{table} has no platform_scope policy"));
        assert_eq!(worker_qual, "(current_setting('app.platform_admin'::text, true) = 'on'::text)", "{table}");
        assert_eq!(worker_roles, ["rf_worker"], "{table}");
        assert_eq!(admin_qual.as_deref(), Some("true"), "{table}");
        assert_eq!(admin_roles, ["rf_platform_admin"], "{table}");
    }
    let tenant_roles: Vec<Vec<String>> = sqlx::query_scalar(
        "SELECT roles::text[] FROM pg_policies WHERE schemaname = 'public' AND policyname = 'tenant_isolation'",
    )
    .fetch_all(&db.owner_pool)
    .await
    .unwrap();
    assert!(!tenant_roles.is_empty());
    assert!(tenant_roles.iter().all(|roles| !roles.iter().any(|r| r == "rf_platform_admin" || r == "public")));
}
