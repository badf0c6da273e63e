use sqlx::PgPool;

use super::quote_ident;

/// Creates the runtime role when missing and grants it what the app needs:
/// data rights on the tables, never ownership. Idempotent; runs as the owner
/// (which needs CREATEROLE, not superuser).
pub async fn ensure_runtime_role(owner: &PgPool, role: &str) -> Result<(), sqlx::Error> {
    let q = quote_ident(role);
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)")
        .bind(role)
        .fetch_one(owner)
        .await?;
    if !exists {
        let created = sqlx::query(sqlx::AssertSqlSafe(format!(
            "CREATE ROLE {q} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT"
        )))
        .execute(owner)
        .await;
        // Another instance may have created it between our check and now.
        if let Err(e) = created {
            if !is_code(&e, "42710") {
                return Err(e);
            }
        }
    }
    // The owner must be able to SET ROLE to the runtime role.
    let member: bool =
        sqlx::query_scalar("SELECT pg_has_role(current_user, $1, 'MEMBER')").bind(role).fetch_one(owner).await?;
    if !member {
        sqlx::query(sqlx::AssertSqlSafe(format!("GRANT {q} TO CURRENT_USER"))).execute(owner).await?;
    }
    for grant in [
        format!("GRANT USAGE ON SCHEMA public, apalis TO {q}"),
        format!("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {q}"),
        format!("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {q}"),
        format!("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA apalis TO {q}"),
        format!("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA apalis TO {q}"),
        format!("GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA apalis TO {q}"),
        // The app has no business with migration bookkeeping.
        format!("REVOKE ALL ON public._sqlx_migrations, apalis._sqlx_migrations FROM {q}"),
    ] {
        sqlx::query(sqlx::AssertSqlSafe(grant)).execute(owner).await?;
    }
    Ok(())
}

/// Why the app must not serve with the current runtime role.
#[derive(Debug, thiserror::Error)]
pub enum RlsBypass {
    #[error("o papel de execução {0:?} é superusuário: as políticas de RLS seriam ignoradas")]
    Superuser(String),
    #[error("o papel de execução {0:?} tem BYPASSRLS: as políticas de RLS seriam ignoradas")]
    BypassRls(String),
    #[error("o papel de execução {role:?} é dono (ou membro do dono) da tabela {table}: poderia desligar a RLS")]
    OwnsTables { role: String, table: String },
    #[error("a tabela {0} tem tenant_id mas não tem RLS habilitada e forçada")]
    TableNotForced(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Checks, on a connection of the app pool, that its queries cannot bypass
/// row-level security. The api refuses to start when this fails.
pub async fn verify_runtime_role(app: &PgPool) -> Result<(), RlsBypass> {
    let (role, superuser, bypass): (String, bool, bool) =
        sqlx::query_as("SELECT rolname::text, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user")
            .fetch_one(app)
            .await?;
    if superuser {
        return Err(RlsBypass::Superuser(role));
    }
    if bypass {
        return Err(RlsBypass::BypassRls(role));
    }
    let owned: Option<String> = sqlx::query_scalar(
        "SELECT c.oid::regclass::text FROM pg_class c
          WHERE c.relnamespace IN ('public'::regnamespace, 'apalis'::regnamespace)
            AND c.relkind IN ('r', 'p', 'v', 'm')
            AND pg_has_role(current_user, c.relowner, 'MEMBER')
          LIMIT 1",
    )
    .fetch_optional(app)
    .await?;
    if let Some(table) = owned {
        return Err(RlsBypass::OwnsTables { role, table });
    }
    let unforced: Option<String> = sqlx::query_scalar(
        "SELECT c.relname::text FROM pg_class c
           JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
          WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
            AND NOT (c.relrowsecurity AND c.relforcerowsecurity)
          LIMIT 1",
    )
    .fetch_optional(app)
    .await?;
    if let Some(table) = unforced {
        return Err(RlsBypass::TableNotForced(table));
    }
    Ok(())
}

fn is_code(err: &sqlx::Error, code: &str) -> bool {
    matches!(err, sqlx::Error::Database(db) if db.code().as_deref() == Some(code))
}
