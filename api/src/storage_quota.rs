//! The per-tenant storage quota (issue 23): what a tenant keeps in object
//! storage is counted from the store itself (so orphans count until
//! housekeeping removes them), and an upload that would pass the quota is
//! refused before anything is written. Uploads of one tenant take a
//! per-tenant lock from the count to the write, so two at once cannot both
//! take the last room.

use bytes::Bytes;
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::storage::TenantUsage;
use shared::repositories::tenant_limits;
use shared::AppError;
use uuid::Uuid;

use crate::AppState;

/// A tenant's use against its quota.
#[derive(Debug, Clone, Copy)]
pub struct Quota {
    pub usage: TenantUsage,
    pub quota_bytes: i64,
}

pub async fn of(state: &AppState, tenant: Uuid) -> Result<Quota, AppError> {
    let mut tx = db::begin(&state.pool, Scope::worker_for(tenant)).await?;
    let limits = tenant_limits::find(&mut tx, tenant).await?;
    tx.commit().await?;
    quota_with(state, tenant, limits).await
}

async fn quota_with(
    state: &AppState,
    tenant: Uuid,
    limits: Option<tenant_limits::TenantLimits>,
) -> Result<Quota, AppError> {
    let default = state.config.storage_quota_default_bytes;
    let quota_bytes = limits.map_or(default, |l| l.quota_bytes(default));
    Ok(Quota { usage: state.storage.tenant_usage(tenant).await?, quota_bytes })
}

/// Refuses (413, pt-BR) when `incoming` more bytes would pass the quota, or
/// the tenant is already at it.
pub async fn ensure_room(state: &AppState, tenant: Uuid, incoming: u64) -> Result<(), AppError> {
    check(of(state, tenant).await?, incoming)
}

/// Stores `bytes` under `key` when they fit in the tenant's quota.
pub async fn put_within_quota(state: &AppState, tenant: Uuid, key: &str, bytes: Bytes) -> Result<(), AppError> {
    let mut tx = db::begin(&state.pool, Scope::worker_for(tenant)).await?;
    db::lock_for_transaction(&mut tx, &format!("storage-quota:{tenant}")).await?;
    let limits = tenant_limits::find(&mut tx, tenant).await?;
    check(quota_with(state, tenant, limits).await?, bytes.len() as u64)?;
    state.storage.put(key, bytes).await?;
    tx.commit().await?;
    Ok(())
}

fn check(quota: Quota, incoming: u64) -> Result<(), AppError> {
    let limit = u64::try_from(quota.quota_bytes).unwrap_or(0);
    let full = quota.usage.bytes >= limit && incoming == 0;
    if full || quota.usage.bytes.saturating_add(incoming) > limit {
        return Err(AppError::PayloadTooLarge(format!(
            "Limite de armazenamento atingido: {} de {} usados. Remova versões ou arquivos antigos, ou peça ao \
             administrador da plataforma para aumentar o limite.",
            megabytes(quota.usage.bytes),
            megabytes(limit)
        )));
    }
    Ok(())
}

/// `12,5 MB` (pt-BR decimal comma).
pub fn megabytes(bytes: u64) -> String {
    let mb = bytes as f64 / (1024.0 * 1024.0);
    format!("{mb:.1} MB").replace('.', ",")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quota(used: u64, limit: i64) -> Quota {
        Quota { usage: TenantUsage { bytes: used, files: 1 }, quota_bytes: limit }
    }

    #[test]
    fn an_upload_fits_up_to_the_byte_and_not_past_it() {
        assert!(check(quota(90, 100), 10).is_ok());
        let refused = check(quota(90, 100), 11).unwrap_err();
        assert!(
            matches!(refused, AppError::PayloadTooLarge(ref m) if m.starts_with("Limite de armazenamento atingido"))
        );
        assert!(check(quota(100, 100), 0).is_err(), "a full tenant queues nothing");
        assert!(check(quota(99, 100), 0).is_ok());
    }

    #[test]
    fn sizes_read_in_portuguese() {
        assert_eq!(megabytes(13 * 1024 * 1024 / 2), "6,5 MB");
    }
}
