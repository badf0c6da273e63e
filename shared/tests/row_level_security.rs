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

/// Every table without forced row-level security and a policy, anywhere
/// (temporary tables of every session included), is one of the listed
/// exceptions; the license-check log's staging table, the one the issue
/// found, is there only while a worker transaction fills it.
#[tokio::test]
async fn only_the_listed_tables_go_without_forced_rls() {
    use sqlx::Connection;
    let db = fresh_database().await;
    // The staging table exists while the log's writer runs (a temp table of its session).
    let mut writer = db.app_pool.acquire().await.unwrap();
    let mut tx = writer.begin().await.unwrap();
    db::set_scope(&mut tx, Scope::worker()).await.unwrap();
    shared::repositories::license_checks::insert(&mut tx, &[], std::time::Duration::from_secs(5)).await.unwrap();
    // Committed, the table stays for the life of the writer's session: other sessions see it in the catalogue.
    tx.commit().await.unwrap();

    let mut conn = db.owner_pool.acquire().await.unwrap();
    let unforced = db::tables_without_forced_rls(&mut conn).await.unwrap();
    assert!(
        unforced.contains(&"pg_temp.license_checks_incoming".to_string()),
        "the staging table is seen: {unforced:?}"
    );
    let listed: Vec<&str> = db::TABLES_WITHOUT_FORCED_RLS.iter().map(|(name, _)| *name).collect();
    let unlisted: Vec<&String> = unforced.iter().filter(|t| !listed.contains(&t.as_str())).collect();
    assert!(unlisted.is_empty(), "tables without forced RLS that are not listed exceptions: {unlisted:?}");
    for (name, why) in db::TABLES_WITHOUT_FORCED_RLS {
        assert!(why.len() > 40, "{name}: the exception says why");
    }
    // What each exception says about grants, checked: the tenant-facing roles
    // hold none, but for the producers' enqueue into the job queue.
    for (table, role, expected) in [
        ("public._sqlx_migrations", "rf_owner", ""),
        ("public._sqlx_migrations", "rf_worker", ""),
        ("apalis._sqlx_migrations", "rf_worker", ""),
        ("apalis.workers", "rf_owner", ""),
        ("apalis.workers", "rf_client", ""),
        ("apalis.workers", "rf_anonymous", ""),
        ("apalis.jobs", "rf_client", ""),
        ("apalis.jobs", "rf_owner", "SELECT,INSERT"),
        ("apalis.jobs", "rf_anonymous", "SELECT,INSERT"),
        ("public.login_failures", "rf_owner", ""),
        ("public.login_failures", "rf_client", ""),
    ] {
        let held: String = sqlx::query_scalar(
            "SELECT coalesce(string_agg(p, ',' ORDER BY o), '') FROM unnest(
                 ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) WITH ORDINALITY AS x(p, o)
              WHERE has_table_privilege($1, $2, p)",
        )
        .bind(role)
        .bind(table)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
        assert_eq!(held, expected, "{role} on {table}");
    }
    db::verify_runtime_role(&db.app_pool).await.expect("the start-up check accepts the listed exceptions");
    drop(writer);
}

/// A table someone adds without forced RLS stops the api at start, whether
/// or not it has a `tenant_id` column, until it forces RLS with a policy.
#[tokio::test]
async fn a_new_table_without_forced_rls_fails_the_start_up_check() {
    let db = fresh_database().await;
    db::verify_runtime_role(&db.app_pool).await.expect("a migrated database passes");
    sqlx::raw_sql("CREATE TABLE platform_notes (id uuid PRIMARY KEY, note text)")
        .execute(&db.owner_pool)
        .await
        .unwrap();
    let refused = db::verify_runtime_role(&db.app_pool).await.expect_err("an unlisted table without RLS");
    assert!(matches!(&refused, db::RlsBypass::TableNotForced(t) if t == "public.platform_notes"), "{refused}");

    sqlx::raw_sql("ALTER TABLE platform_notes ENABLE ROW LEVEL SECURITY").execute(&db.owner_pool).await.unwrap();
    let refused = db::verify_runtime_role(&db.app_pool).await.expect_err("enabled but not forced");
    assert!(matches!(refused, db::RlsBypass::TableNotForced(_)), "{refused}");
    sqlx::raw_sql("ALTER TABLE platform_notes FORCE ROW LEVEL SECURITY").execute(&db.owner_pool).await.unwrap();
    let refused = db::verify_runtime_role(&db.app_pool).await.expect_err("forced but without a policy");
    assert!(matches!(refused, db::RlsBypass::TableNotForced(_)), "{refused}");
    sqlx::raw_sql("CREATE POLICY platform_admin ON platform_notes TO rf_platform_admin USING (true)")
        .execute(&db.owner_pool)
        .await
        .unwrap();
    db::verify_runtime_role(&db.app_pool).await.expect("forced with a policy");
}

/// Why the staging table needs no RLS, checked: no tenant-facing role can
/// read it, even on the very connection whose worker transaction made it,
/// and it keeps no row past that transaction.
#[tokio::test]
async fn the_license_log_staging_table_is_reachable_by_no_tenant_facing_role() {
    use sqlx::Connection;
    let db = fresh_database().await;
    let a = tenant(&db.app_pool, "a.example.com").await;
    let mut conn = db.app_pool.acquire().await.unwrap();
    let mut tx = conn.begin().await.unwrap();
    db::set_scope(&mut tx, Scope::worker()).await.unwrap();
    shared::repositories::license_checks::insert(&mut tx, &[], std::time::Duration::from_secs(5)).await.unwrap();
    let owner: String = sqlx::query_scalar(
        "SELECT pg_get_userbyid(relowner)::text FROM pg_class WHERE oid = 'license_checks_incoming'::regclass",
    )
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    assert_eq!(owner, "rf_worker");
    sqlx::query(
        "INSERT INTO license_checks_incoming (id, tenant_id, valid, code, checked_at) VALUES ($1, $2, false, 'X', now())",
    )
    .bind(Uuid::now_v7())
    .bind(a)
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();

    for scope in
        [Scope::owner(a, Uuid::nil()), Scope::client(a, Uuid::nil()), Scope::anonymous_in(a), Scope::anonymous()]
    {
        let mut tx = conn.begin().await.unwrap();
        db::set_scope(&mut tx, scope).await.unwrap();
        let denied = sqlx::query_scalar::<_, i64>("SELECT count(*) FROM license_checks_incoming")
            .fetch_one(&mut *tx)
            .await
            .unwrap_err();
        assert!(denied.to_string().contains("permission denied"), "{denied}");
    }
    let grants: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM pg_class c, aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a
          WHERE c.oid = 'license_checks_incoming'::regclass AND a.grantee <> c.relowner",
    )
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    assert_eq!(grants, 0, "no role but its owner holds a grant on it");
    let mut tx = conn.begin().await.unwrap();
    db::set_scope(&mut tx, Scope::worker()).await.unwrap();
    let left: i64 =
        sqlx::query_scalar("SELECT count(*) FROM license_checks_incoming").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(left, 0, "ON COMMIT DELETE ROWS");
}
