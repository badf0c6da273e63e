use sqlx::{PgConnection, PgPool, Postgres, Transaction};
use uuid::Uuid;

pub type Tx = Transaction<'static, Postgres>;

/// The database role a transaction runs as (migration 3). Each is granted
/// only what that kind of caller needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DbRole {
    Anonymous,
    Client,
    Owner,
    PlatformAdmin,
    Worker,
}

impl DbRole {
    pub const ALL: [DbRole; 5] =
        [DbRole::Anonymous, DbRole::Client, DbRole::Owner, DbRole::PlatformAdmin, DbRole::Worker];

    pub fn name(self) -> &'static str {
        match self {
            DbRole::Anonymous => "rf_anonymous",
            DbRole::Client => "rf_client",
            DbRole::Owner => "rf_owner",
            DbRole::PlatformAdmin => "rf_platform_admin",
            DbRole::Worker => "rf_worker",
        }
    }
}

/// Who is acting, for the audit log: written into `app.actor` with every
/// scope, so any statement of the transaction (or a trigger) can name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    Anonymous,
    Admin(Uuid),
    Owner(Uuid),
    Client(Uuid),
    System,
}

impl Actor {
    pub fn kind(self) -> &'static str {
        match self {
            Actor::Anonymous => "anonymous",
            Actor::Admin(_) => "admin",
            Actor::Owner(_) => "owner",
            Actor::Client(_) => "client",
            Actor::System => "system",
        }
    }

    pub fn id(self) -> Option<Uuid> {
        match self {
            Actor::Admin(id) | Actor::Owner(id) | Actor::Client(id) => Some(id),
            Actor::Anonymous | Actor::System => None,
        }
    }
}

/// Whose rows a transaction may see and as which role. Applied with `SET
/// LOCAL` semantics (`set_config(..., true)`), so it ends with the transaction
/// and never leaks to the next user of the pooled connection (and stays
/// compatible with PgBouncer transaction pooling).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope {
    pub role: DbRole,
    pub tenant: Option<Uuid>,
    /// Rows of every tenant (honoured by the policies only for the platform
    /// admin and worker roles).
    pub platform: bool,
    /// A client sees only their own rows inside the tenant.
    pub client: Option<Uuid>,
    pub actor: Actor,
}

impl Scope {
    /// Logins, session lookup, public branding: no tenant known yet.
    pub fn anonymous() -> Self {
        Self { role: DbRole::Anonymous, tenant: None, platform: false, client: None, actor: Actor::Anonymous }
    }

    /// Anonymous work once the tenant is known (a client login on its host).
    pub fn anonymous_in(tenant: Uuid) -> Self {
        Self { tenant: Some(tenant), ..Self::anonymous() }
    }

    pub fn client(tenant: Uuid, client: Uuid) -> Self {
        Self {
            role: DbRole::Client,
            tenant: Some(tenant),
            platform: false,
            client: Some(client),
            actor: Actor::Client(client),
        }
    }

    pub fn owner(tenant: Uuid, owner: Uuid) -> Self {
        Self { role: DbRole::Owner, tenant: Some(tenant), platform: false, client: None, actor: Actor::Owner(owner) }
    }

    pub fn platform_admin(user: Uuid) -> Self {
        Self { role: DbRole::PlatformAdmin, tenant: None, platform: true, client: None, actor: Actor::Admin(user) }
    }

    /// Background work across tenants (housekeeping, startup).
    pub fn worker() -> Self {
        Self { role: DbRole::Worker, tenant: None, platform: true, client: None, actor: Actor::System }
    }

    /// Background work for one tenant (a job carries its tenant id).
    pub fn worker_for(tenant: Uuid) -> Self {
        Self { role: DbRole::Worker, tenant: Some(tenant), platform: false, client: None, actor: Actor::System }
    }
}

pub async fn begin(pool: &PgPool, scope: Scope) -> Result<Tx, sqlx::Error> {
    let mut tx = pool.begin().await?;
    set_scope(&mut tx, scope).await?;
    Ok(tx)
}

/// Changes the scope of an open transaction: role, tenant, client and actor
/// in one round trip.
pub async fn set_scope(conn: &mut PgConnection, scope: Scope) -> Result<(), sqlx::Error> {
    let actor = match scope.actor.id() {
        Some(id) => format!("{}:{id}", scope.actor.kind()),
        None => scope.actor.kind().to_string(),
    };
    sqlx::query(
        "SELECT set_config('role', $1, true), set_config('app.tenant_id', $2, true),
                set_config('app.platform_admin', $3, true), set_config('app.client_id', $4, true),
                set_config('app.actor', $5, true)",
    )
    .bind(scope.role.name())
    .bind(scope.tenant.map(|t| t.to_string()).unwrap_or_default())
    .bind(if scope.platform { "on" } else { "off" })
    .bind(scope.client.map(|c| c.to_string()).unwrap_or_default())
    .bind(actor)
    .execute(conn)
    .await?;
    Ok(())
}
