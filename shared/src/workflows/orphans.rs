//! The housekeeping pass over object storage: objects no row refers to any
//! more (a replace whose delete failed, an upload whose row never
//! committed, a deleted tenant's files) are removed, and each removal is
//! written to the audit log so the admin sees what went and why.

use std::time::Duration;

use sqlx::PgPool;

use crate::domain::error::AppResult;
use crate::infrastructure::db::{self, Actor, Scope};
use crate::infrastructure::storage::{Storage, StoredObject};
use crate::repositories::{audit_log, stored_files};

/// An object younger than this is left alone: uploads store the file before
/// the row that names it commits.
pub const GRACE: Duration = Duration::from_secs(3600);
/// Keys checked per query.
const BATCH: usize = 500;

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct OrphanReport {
    pub removed: Vec<StoredObject>,
    pub bytes: u64,
}

/// Removes every tenant object older than `grace` that nothing refers to.
pub async fn remove_orphans(pool: &PgPool, storage: &Storage, grace: Duration) -> AppResult<OrphanReport> {
    let cutoff = chrono::Utc::now() - chrono::Duration::from_std(grace).unwrap_or_default();
    let candidates: Vec<StoredObject> =
        storage.list_under("tenants").await?.into_iter().filter(|o| o.last_modified < cutoff).collect();
    let mut report = OrphanReport::default();
    for batch in candidates.chunks(BATCH) {
        let keys: Vec<String> = batch.iter().map(|o| o.key.clone()).collect();
        let mut tx = db::begin(pool, Scope::worker()).await?;
        let used = stored_files::in_use(&mut tx, &keys).await?;
        tx.commit().await?;
        for object in batch.iter().filter(|o| !used.contains(&o.key)) {
            storage.delete(&object.key).await?;
            record(pool, object).await?;
            report.bytes += object.size;
            report.removed.push(object.clone());
        }
    }
    Ok(report)
}

/// The audit log's line for a removed object (under its tenant when the
/// tenant still exists).
async fn record(pool: &PgPool, object: &StoredObject) -> AppResult<()> {
    let tenant = object.key.split('/').nth(1).and_then(|t| t.parse::<uuid::Uuid>().ok());
    let mut tx = db::begin(pool, Scope::worker()).await?;
    let tenant = match tenant {
        Some(id) => crate::repositories::tenants::find(&mut tx, id).await?.map(|t| t.id),
        None => None,
    };
    let changes = serde_json::json!({
        "key": { "before": object.key, "after": null },
        "sizeBytes": { "before": object.size, "after": null },
        "reason": { "before": null, "after": "arquivo órfão (nenhum registro o usa)" },
    });
    let entry = audit_log::Entry {
        tenant_id: tenant,
        actor: Actor::System,
        action: audit_log::Action::Delete,
        entity: "stored_file",
        entity_id: None,
        changes,
        ip: None,
    };
    audit_log::record(&mut tx, entry).await?;
    tx.commit().await?;
    Ok(())
}
