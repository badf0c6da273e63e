//! `/api/tenant-owners`: the platform admin's view of every tenant's owners.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::pagination::Page;
use shared::domain::status::OwnerRole;
use shared::domain::validation::Validator;
use shared::repositories::audit_log::{self, Action};
use shared::repositories::tenant_owners::{self, OwnerChanges, OwnerFilter, OwnerListRow};
use shared::repositories::{sessions, tenants};
use shared::{AppError, OrNotFound};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::extractors::{PageQuery, Paging, PathId, SignedInAdmin};
use crate::form_input::search_term;
use crate::request_meta::RequestMeta;
use crate::views::people::{check_person, CheckedPerson, PersonInput};
use crate::AppState;

pub const NOT_FOUND: &str = "Owner não encontrado";
crate::not_found_as!(UnknownOwner, NOT_FOUND);

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OwnerListQuery {
    /// Part of the name or e-mail.
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub tenant_id: Option<Uuid>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnerItem {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub role: OwnerRole,
    pub is_active: bool,
    pub email_verified: bool,
    pub created_at: DateTime<Utc>,
}

impl From<OwnerListRow> for OwnerItem {
    fn from(r: OwnerListRow) -> Self {
        let o = r.owner;
        Self {
            id: o.id,
            tenant_id: o.tenant_id,
            tenant_name: r.tenant_name,
            name: o.name,
            email: o.email,
            phone: o.phone,
            role: o.role,
            is_active: o.is_active,
            email_verified: o.email_verified,
            created_at: r.created_at,
        }
    }
}

/// What the audit log keeps of an owner (never the password).
fn audited(o: &OwnerItem) -> Value {
    json!({ "tenantId": o.tenant_id, "name": o.name, "email": o.email, "phone": o.phone, "role": o.role,
            "isActive": o.is_active })
}

/// Owners of every tenant, newest first.
#[utoipa::path(operation_id = "listTenantOwners", get, path = "/api/tenant-owners", tag = "tenant-owners",
    security(("adminSession" = [])), params(PageQuery, OwnerListQuery),
    responses((status = 200, body = Page<OwnerItem>), AdminErrors))]
pub async fn list(
    admin: SignedInAdmin,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<OwnerListQuery>,
) -> ApiResult<Json<Page<OwnerItem>>> {
    let filter = OwnerFilter { tenant_id: query.tenant_id, q: search_term(query.q) };
    let mut tx = admin.begin().await?;
    let page = tenant_owners::list(&mut tx, &filter, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(OwnerItem::from)))
}

/// An owner as the dialog sends it. On edit a blank `password` keeps the
/// current one.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct OwnerRequest {
    pub tenant_id: Option<String>,
    #[schema(min_length = 1, max_length = 200)]
    pub name: Option<String>,
    #[schema(format = Email, max_length = 254)]
    pub email: Option<String>,
    #[schema(max_length = 40)]
    pub phone: Option<String>,
    /// At least 6 characters; required to create, blank keeps it on edit.
    #[schema(min_length = 6, max_length = 256)]
    pub password: Option<String>,
    pub role: Option<OwnerRole>,
    pub is_active: Option<bool>,
}

fn validate(body: &OwnerRequest, creating: bool) -> Result<CheckedPerson, AppError> {
    let mut v = Validator::new();
    let input = PersonInput {
        tenant_id: body.tenant_id.as_deref(),
        name: body.name.as_deref(),
        email: body.email.as_deref(),
        phone: body.phone.as_deref(),
        password: body.password.as_deref(),
    };
    let checked = check_person(&mut v, input, creating, true);
    v.check(!creating || body.role.is_some(), "role", "Selecione a função");
    v.finish()?;
    Ok(checked)
}

async fn ensure_tenant(tx: &mut shared::infrastructure::db::Tx, tenant_id: Uuid) -> Result<(), AppError> {
    match tenants::find(tx, tenant_id).await? {
        Some(_) => Ok(()),
        None => Err(AppError::validation_field("tenantId", "Tenant não encontrado")),
    }
}

/// Creates an owner for a tenant.
#[utoipa::path(operation_id = "createTenantOwner", post, path = "/api/tenant-owners", tag = "tenant-owners",
    security(("adminSession" = [])), request_body = OwnerRequest,
    responses((status = 201, body = OwnerItem), AdminErrors))]
pub async fn create(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<OwnerRequest>,
) -> ApiResult<(StatusCode, Json<OwnerItem>)> {
    let checked = validate(&body, true)?;
    let tenant_id = checked.tenant_id.expect("validated");
    let password_hash = state.hasher.hash(checked.password.expect("validated")).await?;
    let mut tx = admin.begin().await?;
    ensure_tenant(&mut tx, tenant_id).await?;
    let owner = tenant_owners::create(
        &mut tx,
        tenant_owners::NewTenantOwner {
            tenant_id,
            name: checked.name.expect("validated"),
            email: checked.email.expect("validated"),
            phone: checked.phone,
            password_hash,
            role: body.role.unwrap_or(OwnerRole::Admin),
            is_active: body.is_active.unwrap_or(true),
        },
    )
    .await?;
    let item: OwnerItem = tenant_owners::find_listed(&mut tx, owner.id).await?.or_not_found(NOT_FOUND)?.into();
    let actor = admin.scope().actor;
    audit_log::record_change(
        &mut tx,
        actor,
        meta.ip,
        Some(tenant_id),
        Action::Create,
        "tenant_owner",
        item.id,
        &Value::Null,
        &audited(&item),
    )
    .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(item)))
}

/// Changes an owner. A new password, deactivation or another tenant ends
/// their sessions.
#[utoipa::path(operation_id = "updateTenantOwner", patch, path = "/api/tenant-owners/{id}", tag = "tenant-owners",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = OwnerRequest,
    responses((status = 200, body = OwnerItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn update(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownOwner>,
    ApiJson(body): ApiJson<OwnerRequest>,
) -> ApiResult<Json<OwnerItem>> {
    let checked = validate(&body, false)?;
    let password_hash = match checked.password {
        Some(password) => Some(state.hasher.hash(password).await?),
        None => None,
    };
    let mut tx = admin.begin().await?;
    let before: OwnerItem = tenant_owners::find_listed(&mut tx, id).await?.or_not_found(NOT_FOUND)?.into();
    if let Some(tenant_id) = checked.tenant_id {
        ensure_tenant(&mut tx, tenant_id).await?;
    }
    let ends_sessions = password_hash.is_some()
        || body.is_active == Some(false)
        || checked.tenant_id.is_some_and(|t| t != before.tenant_id);
    if ends_sessions {
        // Sessions name the owner's tenant: they go before the owner moves.
        sessions::end_for_owner(&mut tx, id).await?;
    }
    let changes = OwnerChanges {
        tenant_id: checked.tenant_id,
        name: checked.name,
        email: checked.email,
        phone: body.phone.as_ref().map(|_| checked.phone),
        password_hash,
        role: body.role,
        is_active: body.is_active,
    };
    tenant_owners::update(&mut tx, id, changes).await?.or_not_found(NOT_FOUND)?;
    let after: OwnerItem = tenant_owners::find_listed(&mut tx, id).await?.or_not_found(NOT_FOUND)?.into();
    let mut diff_after = audited(&after);
    if body.password.as_deref().is_some_and(|p| !p.trim().is_empty()) {
        diff_after["password"] = json!("*** (alterada)");
    }
    admin
        .audit(
            &mut tx,
            meta.ip,
            Some(after.tenant_id),
            Action::Update,
            "tenant_owner",
            id,
            &audited(&before),
            &diff_after,
        )
        .await?;
    tx.commit().await?;
    Ok(Json(after))
}

/// `/api/tenant-owners`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(update))
}
