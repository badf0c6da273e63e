//! The audit log: every create, update and delete by an admin or an owner,
//! written with the change in the same transaction. Callers pass only the
//! fields a person may see: never secrets, keys or password hashes.

use std::net::IpAddr;

use serde_json::{Map, Value};
use sqlx::types::ipnetwork::IpNetwork;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::db::Actor;
use crate::error::AppResult;
use crate::ids::new_id;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Create,
    Update,
    Delete,
}

impl Action {
    fn as_str(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Update => "update",
            Action::Delete => "delete",
        }
    }
}

/// The fields that differ between `before` and `after` (JSON objects), as
/// `{ field: { before, after } }`.
pub fn diff(before: &Value, after: &Value) -> Value {
    let empty = Map::new();
    let (b, a) = (before.as_object().unwrap_or(&empty), after.as_object().unwrap_or(&empty));
    let mut changes = Map::new();
    for key in b.keys().chain(a.keys()) {
        let (old, new) = (b.get(key).unwrap_or(&Value::Null), a.get(key).unwrap_or(&Value::Null));
        if old != new && !changes.contains_key(key) {
            changes.insert(key.clone(), serde_json::json!({ "before": old, "after": new }));
        }
    }
    Value::Object(changes)
}

pub struct Entry<'a> {
    pub tenant_id: Option<Uuid>,
    pub actor: Actor,
    pub action: Action,
    pub entity: &'a str,
    pub entity_id: Option<Uuid>,
    pub changes: Value,
    pub ip: Option<IpAddr>,
}

pub async fn record(conn: &mut PgConnection, entry: Entry<'_>) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO audit_log (id, tenant_id, actor_kind, actor_id, action, entity, entity_id, changes, ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(new_id())
    .bind(entry.tenant_id)
    .bind(entry.actor.kind())
    .bind(entry.actor.id())
    .bind(entry.action.as_str())
    .bind(entry.entity)
    .bind(entry.entity_id)
    .bind(entry.changes)
    .bind(entry.ip.map(IpNetwork::from))
    .execute(conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_lists_changed_fields_only() {
        let before = serde_json::json!({"name": "A", "version": "1.0.0"});
        let after = serde_json::json!({"name": "B", "version": "1.0.0", "isActive": true});
        assert_eq!(
            diff(&before, &after),
            serde_json::json!({"name": {"before": "A", "after": "B"}, "isActive": {"before": null, "after": true}})
        );
    }
}
