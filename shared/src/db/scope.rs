use sqlx::{PgConnection, PgPool, Postgres, Transaction};
use uuid::Uuid;

pub type Tx = Transaction<'static, Postgres>;

/// Whose rows a transaction may see. Set with `SET LOCAL` semantics
/// (`set_config(..., true)`), so it ends with the transaction and never leaks
/// to the next user of the pooled connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The platform admin, and platform-wide work that has no tenant yet:
    /// resolving a session or a host to its tenant, housekeeping.
    Platform,
    /// One tenant: its owner, its clients, its jobs.
    Tenant(Uuid),
}

pub async fn begin(pool: &PgPool, scope: Scope) -> Result<Tx, sqlx::Error> {
    let mut tx = pool.begin().await?;
    set_scope(&mut tx, scope).await?;
    Ok(tx)
}

/// Changes the scope of an open transaction: how a request that first had to
/// find out its tenant (platform scope) narrows itself to that tenant.
pub async fn set_scope(conn: &mut PgConnection, scope: Scope) -> Result<(), sqlx::Error> {
    let (tenant, platform) = match scope {
        Scope::Platform => (String::new(), "on"),
        Scope::Tenant(id) => (id.to_string(), "off"),
    };
    sqlx::query("SELECT set_config('app.tenant_id', $1, true), set_config('app.platform_admin', $2, true)")
        .bind(tenant)
        .bind(platform)
        .execute(conn)
        .await?;
    Ok(())
}
