//! What the platform admin allows each tenant beyond the spec's fields: DLL
//! imports in robot sources and the object-storage quota. Platform scope to
//! change; the tenant's own scope may read them.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::mql5::DirectivePolicy;

#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct TenantLimits {
    pub dll_imports_allowed: bool,
    /// None: the platform default (`STORAGE_QUOTA_MB`).
    pub storage_quota_bytes: Option<i64>,
}

impl TenantLimits {
    pub fn directive_policy(self) -> DirectivePolicy {
        DirectivePolicy { allow_dll_imports: self.dll_imports_allowed }
    }

    pub fn quota_bytes(self, platform_default: i64) -> i64 {
        self.storage_quota_bytes.unwrap_or(platform_default)
    }
}

pub async fn find(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Option<TenantLimits>> {
    Ok(sqlx::query_as("SELECT dll_imports_allowed, storage_quota_bytes FROM tenants WHERE id = $1")
        .bind(tenant_id)
        .fetch_optional(conn)
        .await?)
}

/// The tenant's directive policy (the default, refusing DLLs, when the
/// tenant cannot be read).
pub async fn directive_policy(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<DirectivePolicy> {
    Ok(find(conn, tenant_id).await?.map(TenantLimits::directive_policy).unwrap_or_default())
}

/// Sets both limits. Platform scope.
pub async fn update(conn: &mut PgConnection, tenant_id: Uuid, limits: TenantLimits) -> AppResult<Option<TenantLimits>> {
    Ok(sqlx::query_as(
        "UPDATE tenants SET dll_imports_allowed = $2, storage_quota_bytes = $3, updated_at = now()
          WHERE id = $1 RETURNING dll_imports_allowed, storage_quota_bytes",
    )
    .bind(tenant_id)
    .bind(limits.dll_imports_allowed)
    .bind(limits.storage_quota_bytes)
    .fetch_optional(conn)
    .await?)
}
