//! The audit log: every create, update and delete by an admin or an owner,
//! written with the change in the same transaction. Callers pass only the
//! fields a person may see: never secrets, keys or password hashes.

use std::net::IpAddr;

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::{Map, Value};
use sqlx::types::ipnetwork::IpNetwork;
use sqlx::{PgConnection, Postgres, QueryBuilder};
use uuid::Uuid;

use super::listing::{fetch_page, push_day_range, Listing, Narrow};
use crate::domain::error::AppResult;
use crate::domain::ids::new_id;
use crate::domain::pagination::{contains_pattern, Page, PageParams};
use crate::infrastructure::db::Actor;

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

/// Records the change from `before` to `after` (JSON objects of the fields
/// a person may see; `Value::Null` for a create or a delete). An update
/// that changed nothing leaves no row.
#[allow(clippy::too_many_arguments)]
pub async fn record_change(
    conn: &mut PgConnection,
    actor: Actor,
    ip: Option<IpAddr>,
    tenant_id: Option<Uuid>,
    action: Action,
    entity: &str,
    entity_id: Uuid,
    before: &Value,
    after: &Value,
) -> AppResult<()> {
    let changes = diff(before, after);
    if action == Action::Update && changes.as_object().is_some_and(Map::is_empty) {
        return Ok(());
    }
    record(conn, Entry { tenant_id, actor, action, entity, entity_id: Some(entity_id), changes, ip }).await
}

/// An audit row as the "Auditoria" screen shows it, with the actor's and
/// tenant's names.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AuditRow {
    pub id: Uuid,
    pub tenant_id: Option<Uuid>,
    pub tenant_name: Option<String>,
    pub actor_kind: String,
    pub actor_id: Option<Uuid>,
    pub actor_name: Option<String>,
    pub action: String,
    pub entity: String,
    pub entity_id: Option<Uuid>,
    pub changes: Value,
    pub ip: Option<IpNetwork>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Default, Clone)]
pub struct AuditFilter {
    pub tenant_id: Option<Uuid>,
    /// Part of the actor's name, username or e-mail.
    pub actor: Option<String>,
    pub entity: Option<String>,
    /// On or after this day (São Paulo).
    pub from: Option<NaiveDate>,
    /// On or before this day (São Paulo).
    pub to: Option<NaiveDate>,
}

/// Newest first.
pub async fn list(conn: &mut PgConnection, filter: &AuditFilter, params: PageParams) -> AppResult<Page<AuditRow>> {
    let actor = contains_pattern(filter.actor.as_deref());
    let listing = Listing {
        columns: "a.id, a.tenant_id, t.name AS tenant_name, a.actor_kind, a.actor_id,
                  COALESCE(u.name, o.name) AS actor_name, a.action, a.entity, a.entity_id, a.changes, a.ip,
                  a.created_at",
        from: "audit_log a",
        joins: " LEFT JOIN tenants t ON t.id = a.tenant_id
                 LEFT JOIN users u ON a.actor_kind = 'admin' AND u.id = a.actor_id
                 LEFT JOIN tenant_owners o ON a.actor_kind = 'owner' AND o.id = a.actor_id",
        filters: |qb: &mut QueryBuilder<Postgres>| {
            if let Some(tenant) = filter.tenant_id {
                qb.push(" AND a.tenant_id = ").push_bind(tenant);
            }
            if let Some(entity) = filter.entity.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
                qb.push(" AND a.entity = ").push_bind(entity.to_string());
            }
            if let Some(p) = &actor {
                qb.push(" AND ((a.actor_kind = 'admin' AND a.actor_id IN (SELECT id FROM users WHERE name ILIKE ");
                qb.push_bind(p.clone()).push(" OR username ILIKE ").push_bind(p.clone()).push("))");
                qb.push(
                    " OR (a.actor_kind = 'owner' AND a.actor_id IN (SELECT id FROM tenant_owners WHERE name ILIKE ",
                );
                qb.push_bind(p.clone()).push(" OR email ILIKE ").push_bind(p.clone()).push(")))");
            }
            push_day_range(qb, "a.created_at", filter.from, filter.to);
        },
        narrow: Narrow::by_filters_if(actor.is_some()),
    };
    fetch_page(conn, listing, params).await
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
