use sqlx::{PgConnection, PgPool};

use super::catalog_race::retry_catalog_race;
use super::{quote_ident, DbRole};

/// Makes sure the authenticator role exists as a login role that owns nothing,
/// inherits nothing and is a member of the principal roles (it reaches their
/// rights only through `SET LOCAL ROLE`). Idempotent and safe when many
/// processes, on one database or several, run it at once: every step checks
/// first, and a step that loses a race to a twin is looked at again
/// ([`retry_catalog_race`]). Runs as the owner, which needs CREATEROLE, not
/// superuser.
pub async fn ensure_runtime_role(owner: &PgPool, role: &str, password: Option<&str>) -> Result<(), sqlx::Error> {
    retry_catalog_race(|| ensure_runtime_role_once(owner, role, password)).await
}

async fn ensure_runtime_role_once(owner: &PgPool, role: &str, password: Option<&str>) -> Result<(), sqlx::Error> {
    let q = quote_ident(role);
    let existing: Option<(bool, bool)> =
        sqlx::query_as("SELECT rolcanlogin, rolinherit FROM pg_roles WHERE rolname = $1")
            .bind(role)
            .fetch_optional(owner)
            .await?;
    match existing {
        None => {
            let password = password.map(|p| format!(" PASSWORD {}", quote_literal(p))).unwrap_or_default();
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "CREATE ROLE {q} LOGIN NOINHERIT NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE{password}"
            )))
            .execute(owner)
            .await?;
        }
        // A role from an older layout (NOLOGIN, or inheriting its grants).
        Some((can_login, inherits)) if !can_login || inherits => {
            sqlx::query(sqlx::AssertSqlSafe(format!("ALTER ROLE {q} LOGIN NOINHERIT"))).execute(owner).await?;
        }
        Some(_) => {}
    }
    for principal in DbRole::ALL {
        let member: bool = sqlx::query_scalar("SELECT pg_has_role($1, $2, 'MEMBER')")
            .bind(role)
            .bind(principal.name())
            .fetch_one(owner)
            .await?;
        if !member {
            sqlx::query(sqlx::AssertSqlSafe(format!("GRANT {} TO {q}", principal.name()))).execute(owner).await?;
        }
    }
    // The authenticator itself holds no data rights (an older layout granted
    // them directly): everything goes through a principal role.
    sqlx::query(sqlx::AssertSqlSafe(format!("REVOKE ALL ON ALL TABLES IN SCHEMA public, apalis FROM {q}")))
        .execute(owner)
        .await?;
    Ok(())
}

/// Creates the principal roles (cluster-wide, NOLOGIN, nothing but what the
/// migrations grant them in each database) before the migrations run, so
/// that two databases migrating at once never race on them: the migration
/// that first made them only catches one of the codes such a race gives.
pub async fn ensure_principal_roles(owner: &PgPool) -> Result<(), sqlx::Error> {
    for principal in DbRole::ALL {
        retry_catalog_race(|| async move {
            let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)")
                .bind(principal.name())
                .fetch_one(owner)
                .await?;
            if !exists {
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "CREATE ROLE {} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT",
                    quote_ident(principal.name())
                )))
                .execute(owner)
                .await?;
            }
            Ok(())
        })
        .await?;
    }
    Ok(())
}

/// Sets the authenticator's password (the local setup derives it from the
/// owner URL; production supplies DATABASE_APP_URL and never calls this).
pub async fn set_runtime_role_password(owner: &PgPool, role: &str, password: &str) -> Result<(), sqlx::Error> {
    retry_catalog_race(|| async move {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "ALTER ROLE {} PASSWORD {}",
            quote_ident(role),
            quote_literal(password)
        )))
        .execute(owner)
        .await
        .map(|_| ())
    })
    .await
}

/// Why the app must not serve with this database setup.
#[derive(Debug, thiserror::Error)]
pub enum RlsBypass {
    #[error("role {0:?} is a superuser: row-level security would be ignored")]
    Superuser(String),
    #[error("role {0:?} has BYPASSRLS: row-level security would be ignored")]
    BypassRls(String),
    #[error("role {0:?} has CREATEROLE: it could grant itself any role")]
    CreateRole(String),
    #[error("role {role:?} owns (or is a member of the owner of) {object}: it could turn row-level security off")]
    OwnsTables { role: String, object: String },
    #[error("principal role {0:?} is missing (migrations not applied?)")]
    MissingRole(String),
    #[error(
        "table {0} does not have row-level security enabled and forced with a policy, and is not one of the listed \
         exceptions (infrastructure::db::TABLES_WITHOUT_FORCED_RLS)"
    )]
    TableNotForced(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Checks, on a connection of the app pool, that none of its queries can get
/// past row-level security: the login (session) user and every principal role
/// it can switch to are neither superuser, nor BYPASSRLS, nor CREATEROLE, nor
/// members of any table's owner or the database's owner; and every table
/// forces RLS with a policy but the listed exceptions
/// ([`TABLES_WITHOUT_FORCED_RLS`]). The api refuses to start when this fails.
pub async fn verify_runtime_role(app: &PgPool) -> Result<(), RlsBypass> {
    // One transaction: behind a transaction pooler every statement outside
    // one may land on another server connection.
    let mut tx = app.begin().await?;
    let session_user: String = sqlx::query_scalar("SELECT session_user::text").fetch_one(&mut *tx).await?;
    check_role(&mut tx, &session_user).await?;
    check_principal_roles(&mut tx).await?;
    check_tables(&mut tx).await
}

/// The principal-role half of [`verify_runtime_role`], on any connection.
pub async fn check_principal_roles(conn: &mut PgConnection) -> Result<(), RlsBypass> {
    for principal in DbRole::ALL {
        check_role(conn, principal.name()).await?;
    }
    Ok(())
}

async fn check_role(conn: &mut PgConnection, role: &str) -> Result<(), RlsBypass> {
    let attributes: Option<(bool, bool, bool)> =
        sqlx::query_as("SELECT rolsuper, rolbypassrls, rolcreaterole FROM pg_roles WHERE rolname = $1")
            .bind(role)
            .fetch_optional(&mut *conn)
            .await?;
    let Some((superuser, bypass, create_role)) = attributes else {
        return Err(RlsBypass::MissingRole(role.into()));
    };
    if superuser {
        return Err(RlsBypass::Superuser(role.into()));
    }
    if bypass {
        return Err(RlsBypass::BypassRls(role.into()));
    }
    if create_role {
        return Err(RlsBypass::CreateRole(role.into()));
    }
    let owned: Option<String> = sqlx::query_scalar(
        "SELECT object FROM (
            SELECT 'table ' || c.oid::regclass::text AS object, c.relowner AS owner FROM pg_class c
             WHERE c.relnamespace IN (SELECT oid FROM pg_namespace WHERE nspname IN ('public', 'apalis'))
               AND c.relkind IN ('r', 'p', 'v', 'm')
            UNION ALL
            SELECT 'database ' || d.datname, d.datdba FROM pg_database d WHERE d.datname = current_database()
         ) o
         WHERE pg_has_role($1, o.owner, 'MEMBER')
         LIMIT 1",
    )
    .bind(role)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(object) = owned {
        return Err(RlsBypass::OwnsTables { role: role.into(), object });
    }
    Ok(())
}

async fn check_tables(conn: &mut PgConnection) -> Result<(), RlsBypass> {
    let unforced = tables_without_forced_rls(conn).await?;
    match unforced.into_iter().find(|table| !is_listed_exception(table)) {
        Some(table) => Err(RlsBypass::TableNotForced(table)),
        None => Ok(()),
    }
}

/// The tables that may go without forced row-level security, each with why.
/// Every other table, in any schema (temporary ones included), must have RLS
/// enabled and forced and at least one policy, or the api refuses to start.
/// Names are `schema.table`; every session's temporary schema is `pg_temp`.
pub const TABLES_WITHOUT_FORCED_RLS: &[(&str, &str)] = &[
    (
        "public._sqlx_migrations",
        "the migration ledger: no tenant data, and no principal role holds any grant on it (revoked from all)",
    ),
    (
        "apalis._sqlx_migrations",
        "the job queue's migration ledger: no tenant data, and no principal role holds any grant on it",
    ),
    (
        "apalis.workers",
        "the job library's registry of worker processes (ids and heartbeats, no tenant data); only rf_worker \
         holds grants on it",
    ),
    (
        "apalis.jobs",
        "the job queue, read and written by the job library's own SQL as rf_worker, which sees every tenant \
         anyway. Payloads hold ids only (workflows::jobs), never secrets. rf_owner, rf_anonymous and \
         rf_platform_admin hold SELECT and INSERT so that a request enqueues inside its own transaction \
         (repositories::job_queue::enqueue, the one statement the app runs on it as those roles)",
    ),
    (
        "public.login_failures",
        "the login throttle: written before any tenant is known (portal, the key an attempt is counted under, \
         IP), no tenant column; only rf_anonymous (the sign-in service) and the platform roles hold grants on it, \
         never rf_owner or rf_client",
    ),
    (
        "pg_temp.license_checks_incoming",
        "the license-check log's staging table (repositories::license_checks::stage): a TEMP table, so only the \
         session that made it can see it at all; owned by rf_worker, the role that writes the log and already \
         sees every tenant, with no grant to any other role; ON COMMIT DELETE ROWS, so it holds rows only inside \
         the worker transaction that copies them into license_checks (which forces RLS)",
    ),
];

fn is_listed_exception(table: &str) -> bool {
    TABLES_WITHOUT_FORCED_RLS.iter().any(|(listed, _)| *listed == table)
}

/// Every table (any schema but the system's, temporary tables of every
/// session included) without row-level security enabled and forced, or
/// without a policy, as `schema.table` (`pg_temp.x` for a temporary one).
pub async fn tables_without_forced_rls(conn: &mut PgConnection) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT DISTINCT CASE WHEN n.nspname LIKE 'pg\\_temp\\_%' THEN 'pg_temp' ELSE n.nspname::text END
                || '.' || c.relname::text
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE c.relkind IN ('r', 'p')
            AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%'
            AND (NOT (c.relrowsecurity AND c.relforcerowsecurity)
                 OR NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid))
          ORDER BY 1",
    )
    .fetch_all(conn)
    .await
}

pub(super) fn quote_literal(value: &str) -> String {
    format!("'{}'", value.replace('\'', "''"))
}

pub(super) fn is_code(err: &sqlx::Error, code: &str) -> bool {
    matches!(err, sqlx::Error::Database(db) if db.code().as_deref() == Some(code))
}

/// Whether the connection's user (the owner) is a superuser.
pub async fn owner_is_superuser(owner: &PgPool) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetch_one(owner).await
}

/// Whether `role` is the owner (the connection's user) or can act as it.
pub async fn is_owner_or_member(owner: &PgPool, role: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT $1 = current_user::text
             OR (EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AND pg_has_role($1, current_user, 'MEMBER'))",
    )
    .bind(role)
    .fetch_one(owner)
    .await
}
