//! `/api/audit-log`: the "Auditoria" screen — who changed what, when.

use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared::domain::pagination::Page;
use shared::repositories::audit_log::{self, AuditFilter, AuditRow};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiQuery, ApiResult};
use crate::extractors::{PageQuery, Paging, SignedInAdmin};
use crate::form_input::{day_filter, search_term};
use crate::AppState;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditListQuery {
    pub tenant_id: Option<Uuid>,
    /// Part of the actor's name, username or e-mail.
    #[param(max_length = 200)]
    pub actor: Option<String>,
    /// tenant, tenant_owner, robot, client, license, sale, subscription, …
    #[param(max_length = 60)]
    pub entity: Option<String>,
    /// On or after this day (YYYY-MM-DD).
    pub from: Option<String>,
    /// On or before this day (YYYY-MM-DD).
    pub to: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditItem {
    pub id: Uuid,
    pub tenant_id: Option<Uuid>,
    pub tenant_name: Option<String>,
    /// admin, owner, client, system or anonymous.
    pub actor_kind: String,
    pub actor_id: Option<Uuid>,
    pub actor_name: Option<String>,
    /// create, update or delete.
    pub action: String,
    pub entity: String,
    pub entity_id: Option<Uuid>,
    /// `{ field: { before, after } }`; never secrets or password hashes.
    pub changes: Value,
    pub ip: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<AuditRow> for AuditItem {
    fn from(r: AuditRow) -> Self {
        Self {
            id: r.id,
            tenant_id: r.tenant_id,
            tenant_name: r.tenant_name,
            actor_kind: r.actor_kind,
            actor_id: r.actor_id,
            actor_name: r.actor_name,
            action: r.action,
            entity: r.entity,
            entity_id: r.entity_id,
            changes: r.changes,
            ip: r.ip.map(|ip| ip.ip().to_string()),
            created_at: r.created_at,
        }
    }
}

/// The audit log, newest first.
#[utoipa::path(operation_id = "listAuditLog", get, path = "/api/audit-log", tag = "audit",
    security(("adminSession" = [])), params(PageQuery, AuditListQuery),
    responses((status = 200, body = Page<AuditItem>), AdminErrors))]
pub async fn list(
    admin: SignedInAdmin,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<AuditListQuery>,
) -> ApiResult<Json<Page<AuditItem>>> {
    let filter = AuditFilter {
        tenant_id: query.tenant_id,
        actor: search_term(query.actor),
        entity: query.entity.map(|e| e.chars().take(60).collect()),
        from: day_filter(query.from.as_deref(), "from")?,
        to: day_filter(query.to.as_deref(), "to")?,
    };
    let mut tx = admin.begin().await?;
    let page = audit_log::list(&mut tx, &filter, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(AuditItem::from)))
}

/// `/api/audit-log`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}
