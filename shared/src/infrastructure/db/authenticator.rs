use sqlx::{Connection, PgConnection, PgPool};

use super::catalog_race::retry_catalog_race;
use super::runtime_role::{is_code, quote_literal};
use super::{derived_app_url, ensure_runtime_role, quote_ident, set_runtime_role_password, url_user};

/// Why the authenticator could not be prepared.
#[derive(Debug, thiserror::Error)]
pub enum AuthenticatorError {
    #[error(
        "role {role:?} is the authenticator of database {database:?} on this cluster, with another password: \
         changing it would lock that database's running instances out. Give this database its own role \
         (leave DATABASE_APP_ROLE unset: it defaults to <database>_app) or set DATABASE_APP_URL"
    )]
    InUseElsewhere { role: String, database: String },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// What the authenticator's comment says when a database claims it.
const CLAIM_PREFIX: &str = "roboforge authenticator of database ";

/// The URL the app logs in with. Production gives `DATABASE_APP_URL` (the
/// authenticator's own credentials) and this only makes sure the role has its
/// memberships; local setups give only the owner's URL, and the authenticator
/// gets a password derived from it.
///
/// Roles are cluster-wide. A role is claimed (its comment names the
/// database) by the database that created it or last set its password, and
/// its password is never rewritten for another database while the claiming
/// database exists: that would fail every new connection of the instances
/// serving it.
pub async fn prepare_authenticator(
    owner: &PgPool,
    owner_url: &str,
    app_url: Option<&str>,
    role: &str,
) -> Result<String, AuthenticatorError> {
    if let Some(app_url) = app_url {
        let role = url_user(app_url).unwrap_or_else(|| role.to_string());
        ensure_runtime_role(owner, &role, None).await?;
        return Ok(app_url.to_string());
    }
    let (url, password) = derived_app_url(owner_url, role);
    ensure_runtime_role(owner, role, Some(&password)).await?;
    let database: String = sqlx::query_scalar("SELECT current_database()::text").fetch_one(owner).await?;
    let claimed_by = claiming_database(owner, role).await?;
    // Check first: a password that already works is left alone.
    match PgConnection::connect(&url).await {
        Ok(conn) => {
            conn.close().await.ok();
            if claimed_by.is_none() {
                claim(owner, role, &database).await?;
            }
        }
        Err(e) if is_code(&e, "28P01") || is_code(&e, "28000") => {
            if let Some(other) = claimed_by.filter(|other| *other != database) {
                if database_exists(owner, &other).await? {
                    return Err(AuthenticatorError::InUseElsewhere { role: role.into(), database: other });
                }
            }
            set_runtime_role_password(owner, role, &password).await?;
            claim(owner, role, &database).await?;
        }
        Err(e) => return Err(e.into()),
    }
    Ok(url)
}

/// The database named in the role's comment, when one claimed it.
async fn claiming_database(owner: &PgPool, role: &str) -> Result<Option<String>, sqlx::Error> {
    let comment: Option<String> =
        sqlx::query_scalar("SELECT shobj_description(oid, 'pg_authid') FROM pg_roles WHERE rolname = $1")
            .bind(role)
            .fetch_optional(owner)
            .await?
            .flatten();
    Ok(comment.and_then(|c| c.strip_prefix(CLAIM_PREFIX).map(str::to_string)))
}

async fn claim(owner: &PgPool, role: &str, database: &str) -> Result<(), sqlx::Error> {
    let sql =
        format!("COMMENT ON ROLE {} IS {}", quote_ident(role), quote_literal(&format!("{CLAIM_PREFIX}{database}")));
    retry_catalog_race(|| {
        let sql = sql.clone();
        async move { sqlx::query(sqlx::AssertSqlSafe(sql)).execute(owner).await.map(|_| ()) }
    })
    .await
}

async fn database_exists(owner: &PgPool, database: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
        .bind(database)
        .fetch_one(owner)
        .await
}
