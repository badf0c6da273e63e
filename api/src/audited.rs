//! The end of every audited save: record the change in the audit log in the
//! same transaction, commit, answer. Handlers write
//! `audited::created(&admin, tx, item)` instead of repeating audit → commit →
//! `(201, Json)` (or the before/after pair of an update) by hand; the log row
//! and the change commit together or not at all.

use axum::http::StatusCode;
use axum::Json;
use serde_json::Value;
use shared::infrastructure::db::Tx;
use shared::repositories::audit_log::Action;
use shared::AppError;
use uuid::Uuid;

use crate::api_error::ApiResult;
use crate::extractors::{SignedInAdmin, SignedInOwner};

/// A row as its screens show it, and what the audit log keeps of it.
pub trait Audited {
    /// The `entity` of its audit rows ("client", "robot", ...).
    const ENTITY: &'static str;
    fn audit_id(&self) -> Uuid;
    /// The tenant the row belongs to (an owner's rows are always their own).
    fn audit_tenant(&self) -> Option<Uuid>;
    /// The fields the log keeps (names and values, never secrets).
    fn audit_snapshot(&self) -> Value;
}

/// One audit row: what happened to which row, before and after.
pub struct Change<'a> {
    pub tenant_id: Option<Uuid>,
    pub action: Action,
    pub entity: &'a str,
    pub id: Uuid,
    pub before: &'a Value,
    pub after: &'a Value,
}

impl<'a> Change<'a> {
    fn of<T: Audited>(item: &T, action: Action, before: &'a Value, after: &'a Value) -> Self {
        Change { tenant_id: item.audit_tenant(), action, entity: T::ENTITY, id: item.audit_id(), before, after }
    }
}

/// Whoever changes rows: the platform admin or a tenant owner.
pub trait Auditor {
    fn record(&self, tx: &mut Tx, change: Change<'_>)
        -> impl std::future::Future<Output = Result<(), AppError>> + Send;
}

impl Auditor for SignedInAdmin {
    async fn record(&self, tx: &mut Tx, c: Change<'_>) -> Result<(), AppError> {
        self.audit(tx, self.ip, c.tenant_id, c.action, c.entity, c.id, c.before, c.after).await
    }
}

impl Auditor for SignedInOwner {
    /// An owner's changes are always in their own tenant.
    async fn record(&self, tx: &mut Tx, c: Change<'_>) -> Result<(), AppError> {
        self.audit(tx, c.action, c.entity, c.id, c.before, c.after).await
    }
}

/// Logs `item` as created, commits, answers 201 with it.
pub async fn created<T: Audited>(by: &impl Auditor, mut tx: Tx, item: T) -> ApiResult<(StatusCode, Json<T>)> {
    let snapshot = item.audit_snapshot();
    by.record(&mut tx, Change::of(&item, Action::Create, &Value::Null, &snapshot)).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(item)))
}

/// Logs the change from `before` to `after` (only the fields that differ),
/// commits, answers 200 with `after`.
pub async fn updated<T: Audited>(by: &impl Auditor, tx: Tx, before: &T, after: T) -> ApiResult<Json<T>> {
    let snapshot = after.audit_snapshot();
    updated_as(by, tx, before, after, snapshot).await
}

/// [`updated`] with the logged `after` adjusted by the caller (a changed
/// password is logged as "*** (alterada)", never as its hash).
pub async fn updated_as<T: Audited>(
    by: &impl Auditor,
    mut tx: Tx,
    before: &T,
    after: T,
    snapshot: Value,
) -> ApiResult<Json<T>> {
    let previous = before.audit_snapshot();
    by.record(&mut tx, Change::of(&after, Action::Update, &previous, &snapshot)).await?;
    tx.commit().await?;
    Ok(Json(after))
}

/// `audited_as!(ClientItem, "client", audited)`: `ClientItem` is logged as
/// entity "client" with the snapshot `audited(&item)`, under its
/// `tenant_id`; add `, tenant_of_caller` for rows without that field (an
/// owner's rows are their tenant's; a pool belongs to no tenant).
#[macro_export]
macro_rules! audited_as {
    ($item:ty, $entity:literal, $snapshot:path) => {
        impl $crate::audited::Audited for $item {
            const ENTITY: &'static str = $entity;
            fn audit_id(&self) -> uuid::Uuid {
                self.id
            }
            fn audit_tenant(&self) -> Option<uuid::Uuid> {
                Some(self.tenant_id)
            }
            fn audit_snapshot(&self) -> serde_json::Value {
                $snapshot(self)
            }
        }
    };
    ($item:ty, $entity:literal, $snapshot:path, tenant_of_caller) => {
        impl $crate::audited::Audited for $item {
            const ENTITY: &'static str = $entity;
            fn audit_id(&self) -> uuid::Uuid {
                self.id
            }
            fn audit_tenant(&self) -> Option<uuid::Uuid> {
                None
            }
            fn audit_snapshot(&self) -> serde_json::Value {
                $snapshot(self)
            }
        }
    };
}
