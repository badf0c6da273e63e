//! `/api/compile-pools`: the platform admin's agent pools (decision 0014).
//! The default pool serves every tenant not listed in another pool; a pool
//! made here serves only its listed tenants, whose jobs then reach no other
//! agents.

use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::validation::{char_len, Validator};
use shared::repositories::audit_log::Action;
use shared::repositories::compile_pools::{self, Pool, DEFAULT_POOL};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiResult, ErrorBody};
use crate::extractors::{PathId, SignedInAdmin};
use crate::form_input::blank_to_none;
use crate::request_meta::RequestMeta;
use crate::{audited, AppState};

pub const NOT_FOUND: &str = "Pool não encontrado";
crate::not_found_as!(UnknownPool, NOT_FOUND);
const DEFAULT_POOL_SERVES_ALL: &str = "O pool padrão atende todos os tenants que não estão em outro pool.";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolTenant {
    pub id: Uuid,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolItem {
    pub id: Uuid,
    pub name: String,
    /// The default pool: serves every tenant not listed in another pool.
    pub serves_all_tenants: bool,
    /// The tenants it serves (empty for the default pool).
    pub tenants: Vec<PoolTenant>,
    /// Active agents in it.
    pub agent_count: i64,
    pub created_at: DateTime<Utc>,
}

impl From<Pool> for PoolItem {
    fn from(p: Pool) -> Self {
        let tenants = p.tenant_ids.into_iter().zip(p.tenant_names).map(|(id, name)| PoolTenant { id, name }).collect();
        Self {
            id: p.id,
            name: p.name,
            serves_all_tenants: p.serves_all_tenants,
            tenants,
            agent_count: p.agent_count,
            created_at: p.created_at,
        }
    }
}

fn audited(p: &PoolItem) -> Value {
    json!({ "name": p.name, "tenantIds": p.tenants.iter().map(|t| t.id).collect::<Vec<_>>() })
}

crate::audited_as!(PoolItem, "compile_pool", audited, tenant_of_caller);

#[utoipa::path(operation_id = "listCompilePools", get, path = "/api/compile-pools", tag = "agents",
    security(("adminSession" = [])), responses((status = 200, body = Vec<PoolItem>), AdminErrors))]
pub async fn list(admin: SignedInAdmin) -> ApiResult<Json<Vec<PoolItem>>> {
    let mut tx = admin.begin().await?;
    let pools = compile_pools::list(&mut tx).await?;
    tx.commit().await?;
    Ok(Json(pools.into_iter().map(PoolItem::from).collect()))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PoolRequest {
    #[schema(min_length = 1, max_length = 100)]
    pub name: Option<String>,
    /// The tenants the pool serves (at least one for a new pool).
    pub tenant_ids: Option<Vec<String>>,
}

struct CheckedPool {
    name: Option<String>,
    tenant_ids: Option<Vec<Uuid>>,
}

fn validate(body: &PoolRequest, creating: bool) -> Result<CheckedPool, AppError> {
    let mut v = Validator::new();
    let name = blank_to_none(body.name.as_deref());
    if creating || body.name.is_some() {
        v.check(name.is_some(), "name", "Nome é obrigatório");
    }
    v.check(name.as_deref().is_none_or(|n| char_len(n) <= 100), "name", "Nome deve ter no máximo 100 caracteres");
    let ids: Option<Vec<Option<Uuid>>> =
        body.tenant_ids.as_ref().map(|ids| ids.iter().map(|i| Uuid::parse_str(i.trim()).ok()).collect());
    v.check(ids.as_ref().is_none_or(|ids| ids.iter().all(Option::is_some)), "tenantIds", "Tenant inválido");
    v.check(ids.as_ref().is_none_or(|ids| ids.len() <= 1000), "tenantIds", "Tenants demais");
    if creating {
        v.check(ids.as_ref().is_some_and(|ids| !ids.is_empty()), "tenantIds", "Escolha pelo menos um tenant");
    }
    v.finish()?;
    let mut tenant_ids: Option<Vec<Uuid>> = ids.map(|ids| ids.into_iter().flatten().collect());
    if let Some(ids) = tenant_ids.as_mut() {
        ids.sort();
        ids.dedup();
    }
    Ok(CheckedPool { name, tenant_ids })
}

async fn check_tenants_exist(tx: &mut shared::infrastructure::db::Tx, ids: Option<&[Uuid]>) -> Result<(), AppError> {
    if let Some(ids) = ids {
        if compile_pools::count_tenants(tx, ids).await? != ids.len() as i64 {
            return Err(AppError::validation_field("tenantIds", "Tenant não encontrado"));
        }
    }
    Ok(())
}

/// Makes a pool that serves only the given tenants.
#[utoipa::path(operation_id = "createCompilePool", post, path = "/api/compile-pools", tag = "agents",
    security(("adminSession" = [])), request_body = PoolRequest,
    responses((status = 201, body = PoolItem), AdminErrors))]
pub async fn create(
    admin: SignedInAdmin,
    ApiJson(body): ApiJson<PoolRequest>,
) -> ApiResult<(StatusCode, Json<PoolItem>)> {
    let checked = validate(&body, true)?;
    let tenant_ids = checked.tenant_ids.unwrap_or_default();
    let mut tx = admin.begin().await?;
    check_tenants_exist(&mut tx, Some(&tenant_ids)).await?;
    let pool: PoolItem =
        compile_pools::create(&mut tx, checked.name.as_deref().expect("validated"), &tenant_ids).await?.into();
    audited::created(&admin, tx, pool).await
}

/// Renames a pool or replaces the tenants it serves.
#[utoipa::path(operation_id = "updateCompilePool", patch, path = "/api/compile-pools/{id}", tag = "agents",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = PoolRequest,
    responses((status = 200, body = PoolItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn update(
    admin: SignedInAdmin,
    PathId(id, _): PathId<UnknownPool>,
    ApiJson(body): ApiJson<PoolRequest>,
) -> ApiResult<Json<PoolItem>> {
    let checked = validate(&body, false)?;
    if id == DEFAULT_POOL && checked.tenant_ids.is_some() {
        return Err(AppError::validation_field("tenantIds", DEFAULT_POOL_SERVES_ALL).into());
    }
    if checked.tenant_ids.as_ref().is_some_and(Vec::is_empty) {
        return Err(AppError::validation_field("tenantIds", "Escolha pelo menos um tenant").into());
    }
    let mut tx = admin.begin().await?;
    let before: PoolItem = compile_pools::find(&mut tx, id).await?.or_not_found(NOT_FOUND)?.into();
    check_tenants_exist(&mut tx, checked.tenant_ids.as_deref()).await?;
    let after: PoolItem = compile_pools::update(&mut tx, id, checked.name.as_deref(), checked.tenant_ids.as_deref())
        .await?
        .or_not_found(NOT_FOUND)?
        .into();
    audited::updated(&admin, tx, &before, after).await
}

/// Deletes a pool without active agents; its tenants go back to the default pool.
#[utoipa::path(operation_id = "deleteCompilePool", delete, path = "/api/compile-pools/{id}", tag = "agents",
    security(("adminSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 204), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), AdminErrors))]
pub async fn delete(
    admin: SignedInAdmin,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownPool>,
) -> ApiResult<StatusCode> {
    if id == DEFAULT_POOL {
        return Err(AppError::Conflict(DEFAULT_POOL_SERVES_ALL.into()).into());
    }
    let mut tx = admin.begin().await?;
    let before: PoolItem = compile_pools::find(&mut tx, id).await?.or_not_found(NOT_FOUND)?.into();
    if !compile_pools::delete(&mut tx, id).await? {
        return Err(AppError::NotFound(NOT_FOUND.into()).into());
    }
    admin.audit(&mut tx, meta.ip, None, Action::Delete, "compile_pool", id, &audited(&before), &Value::Null).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(update, delete))
}
