//! Agent pools (decision 0014): the default pool serves every tenant not
//! listed in another pool; a pool the admin makes serves only the tenants
//! listed for it. Platform scope.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::{unique, AppError, AppResult, OnConstraint, UniqueField};
use crate::domain::ids::new_id;

/// The pool every agent starts in (migration 24).
pub const DEFAULT_POOL: Uuid = Uuid::from_u128(0x0000_0000_0000_7000_8000_0000_0000_0001);
pub const NAME_TAKEN: &str = "Já existe um pool com este nome";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Pool {
    pub id: Uuid,
    pub name: String,
    pub serves_all_tenants: bool,
    pub created_at: DateTime<Utc>,
    /// Active agents in it.
    pub agent_count: i64,
    /// The tenants it serves (empty for a pool serving all).
    pub tenant_ids: Vec<Uuid>,
    pub tenant_names: Vec<String>,
}

const POOL: &str = "SELECT p.id, p.name, p.serves_all_tenants, p.created_at,
       (SELECT count(*) FROM compile_agents a WHERE a.pool_id = p.id AND a.is_active) AS agent_count,
       COALESCE(array_agg(t.id ORDER BY t.name) FILTER (WHERE t.id IS NOT NULL), '{}') AS tenant_ids,
       COALESCE(array_agg(t.name ORDER BY t.name) FILTER (WHERE t.id IS NOT NULL), '{}') AS tenant_names
  FROM compile_agent_pools p
  LEFT JOIN compile_agent_pool_tenants pt ON pt.pool_id = p.id
  LEFT JOIN tenants t ON t.id = pt.tenant_id";

pub async fn list(conn: &mut PgConnection) -> AppResult<Vec<Pool>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!("{POOL} GROUP BY p.id ORDER BY p.serves_all_tenants DESC, p.name")))
        .fetch_all(conn)
        .await?)
}

pub async fn find(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<Pool>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!("{POOL} WHERE p.id = $1 GROUP BY p.id")))
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// How many of `tenant_ids` exist (the caller refuses unknown ones).
pub async fn count_tenants(conn: &mut PgConnection, tenant_ids: &[Uuid]) -> AppResult<i64> {
    Ok(sqlx::query_scalar("SELECT count(*) FROM tenants WHERE id = ANY($1)").bind(tenant_ids).fetch_one(conn).await?)
}

/// Whether the pool exists, holding it (a key-share lock) until the
/// transaction ends: an agent registered into it or moved to it cannot
/// race the pool's deletion (which locks the row for update first).
pub async fn hold(conn: &mut PgConnection, id: Uuid) -> AppResult<bool> {
    Ok(sqlx::query_scalar::<_, Uuid>("SELECT id FROM compile_agent_pools WHERE id = $1 FOR KEY SHARE")
        .bind(id)
        .fetch_optional(conn)
        .await?
        .is_some())
}

/// A pool serving only `tenant_ids`.
pub async fn create(conn: &mut PgConnection, name: &str, tenant_ids: &[Uuid]) -> AppResult<Pool> {
    let id = new_id();
    sqlx::query("INSERT INTO compile_agent_pools (id, name) VALUES ($1, $2)")
        .bind(id)
        .bind(name)
        .execute(&mut *conn)
        .await
        .on_constraint(NAME_UNIQUE)?;
    set_tenants(conn, id, tenant_ids).await?;
    find(conn, id).await?.ok_or_else(|| AppError::internal("the pool just made is gone"))
}

/// Renames a pool and, for a pool that serves only listed tenants, replaces
/// its list. None: no such pool.
pub async fn update(
    conn: &mut PgConnection,
    id: Uuid,
    name: Option<&str>,
    tenant_ids: Option<&[Uuid]>,
) -> AppResult<Option<Pool>> {
    let updated = sqlx::query("UPDATE compile_agent_pools SET name = COALESCE($2, name) WHERE id = $1")
        .bind(id)
        .bind(name)
        .execute(&mut *conn)
        .await
        .on_constraint(NAME_UNIQUE)?;
    if updated.rows_affected() == 0 {
        return Ok(None);
    }
    if let Some(tenant_ids) = tenant_ids {
        set_tenants(conn, id, tenant_ids).await?;
    }
    find(conn, id).await
}

async fn set_tenants(conn: &mut PgConnection, pool: Uuid, tenant_ids: &[Uuid]) -> AppResult<()> {
    sqlx::query("DELETE FROM compile_agent_pool_tenants WHERE pool_id = $1").bind(pool).execute(&mut *conn).await?;
    sqlx::query(
        "INSERT INTO compile_agent_pool_tenants (pool_id, tenant_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING",
    )
    .bind(pool)
    .bind(tenant_ids)
    .execute(conn)
    .await?;
    Ok(())
}

pub const POOL_HAS_AGENTS: &str = "Este pool ainda tem agentes ativos. Mova-os ou revogue-os antes de excluir.";

/// Deletes a pool with no active agents (revoked ones move to the default
/// pool); 409 while it has any. The row is locked first, so an agent being
/// registered into it at the same moment is either counted or refused.
pub async fn delete(conn: &mut PgConnection, id: Uuid) -> AppResult<bool> {
    let locked: Option<Uuid> = sqlx::query_scalar("SELECT id FROM compile_agent_pools WHERE id = $1 FOR UPDATE")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    if locked.is_none() {
        return Ok(false);
    }
    let active: i64 = sqlx::query_scalar("SELECT count(*) FROM compile_agents WHERE pool_id = $1 AND is_active")
        .bind(id)
        .fetch_one(&mut *conn)
        .await?;
    if active > 0 {
        return Err(AppError::Conflict(POOL_HAS_AGENTS.into()));
    }
    sqlx::query("UPDATE compile_agents SET pool_id = $2 WHERE pool_id = $1 AND NOT is_active")
        .bind(id)
        .bind(DEFAULT_POOL)
        .execute(&mut *conn)
        .await?;
    let deleted = sqlx::query("DELETE FROM compile_agent_pools WHERE id = $1").bind(id).execute(conn).await?;
    Ok(deleted.rows_affected() == 1)
}

/// Moves an agent to a pool. None: no such agent.
pub async fn move_agent(conn: &mut PgConnection, agent: Uuid, pool: Uuid) -> AppResult<Option<()>> {
    let moved = sqlx::query("UPDATE compile_agents SET pool_id = $2 WHERE id = $1")
        .bind(agent)
        .bind(pool)
        .execute(conn)
        .await?;
    Ok((moved.rows_affected() == 1).then_some(()))
}

const NAME_UNIQUE: &[UniqueField] = &[unique("compile_agent_pools_name_key", "name", NAME_TAKEN)];
