//! `/api/clients`: the platform admin's view of every tenant's clients.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::pagination::{Page, PageParams};
use shared::repositories::audit_log::Action;
use shared::repositories::tenant_clients::{self, ClientChanges, ClientFilter, ClientListRow};
use shared::repositories::{sessions, tenants};
use shared::status::ClientStatus;
use shared::validation::{char_len, is_email, normalize_email, Validator, MAX_PASSWORD_CHARS, PASSWORD_TOO_LONG};
use shared::AppError;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::extractors::SignedInAdmin;
use crate::form_input::{blank_to_none, id_field, path_id, search_term, text_field};
use crate::request_meta::RequestMeta;
use crate::AppState;

pub const NOT_FOUND: &str = "Cliente não encontrado";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ClientListQuery {
    #[param(minimum = 1)]
    pub page: Option<u32>,
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<u32>,
    /// Part of the name or e-mail.
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub tenant_id: Option<Uuid>,
    pub status: Option<ClientStatus>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientItem {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub status: ClientStatus,
    pub registration_date: DateTime<Utc>,
    pub last_login: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<ClientListRow> for ClientItem {
    fn from(r: ClientListRow) -> Self {
        let c = r.client;
        Self {
            id: c.id,
            tenant_id: c.tenant_id,
            tenant_name: r.tenant_name,
            name: c.name,
            email: c.email,
            phone: c.phone,
            status: c.status,
            registration_date: r.registration_date,
            last_login: c.last_login,
            created_at: c.created_at,
        }
    }
}

pub(crate) fn audited(c: &ClientItem) -> Value {
    json!({ "name": c.name, "email": c.email, "phone": c.phone, "status": c.status })
}

/// Clients of every tenant, newest first.
#[utoipa::path(operation_id = "listClients", get, path = "/api/clients", tag = "clients",
    security(("adminSession" = [])), params(ClientListQuery),
    responses((status = 200, body = Page<ClientItem>), AdminErrors))]
pub async fn list(
    admin: SignedInAdmin,
    ApiQuery(query): ApiQuery<ClientListQuery>,
) -> ApiResult<Json<Page<ClientItem>>> {
    let filter = ClientFilter { tenant_id: query.tenant_id, status: query.status, q: search_term(query.q) };
    let mut tx = admin.begin().await?;
    let page = tenant_clients::list(&mut tx, &filter, PageParams::new(query.page, query.page_size)).await?;
    tx.commit().await?;
    Ok(Json(page.map(ClientItem::from)))
}

/// A client as the dialog sends it. The tenant is set at creation; on edit
/// a blank `password` keeps the current one.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClientRequest {
    pub tenant_id: Option<String>,
    #[schema(min_length = 1, max_length = 200)]
    pub name: Option<String>,
    #[schema(format = Email, max_length = 254)]
    pub email: Option<String>,
    #[schema(max_length = 40)]
    pub phone: Option<String>,
    /// At least 6 characters; blank keeps the current one on edit.
    #[schema(min_length = 6, max_length = 256)]
    pub password: Option<String>,
    pub status: Option<ClientStatus>,
}

pub(crate) struct CheckedClient {
    pub tenant_id: Option<Uuid>,
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub password: Option<String>,
}

/// Checks a client form. `tenant_required`: the admin picks the tenant on
/// creation; an owner's clients are always of their own tenant.
pub(crate) fn validate(body: &ClientRequest, creating: bool, tenant_required: bool) -> Result<CheckedClient, AppError> {
    let mut v = Validator::new();
    let tenant_id =
        id_field(&mut v, "tenantId", body.tenant_id.as_deref(), creating && tenant_required, "Selecione um tenant");
    let name = blank_to_none(body.name.as_deref());
    if creating || body.name.is_some() {
        v.check(name.is_some(), "name", "Nome é obrigatório");
        v.check(name.as_deref().is_none_or(|n| char_len(n) <= 200), "name", "Nome deve ter no máximo 200 caracteres");
    }
    let email = blank_to_none(body.email.as_deref());
    if creating || body.email.is_some() {
        v.check(email.is_some(), "email", "E-mail é obrigatório");
        v.check(email.as_deref().is_none_or(|e| is_email(e) && char_len(e) <= 254), "email", "Email inválido");
    }
    let phone = text_field(&mut v, "phone", body.phone.as_deref(), 40, "Telefone deve ter no máximo 40 caracteres");
    let password = body.password.clone().filter(|p| !p.trim().is_empty());
    v.check(!creating || password.is_some(), "password", "Senha é obrigatória");
    v.check(password.as_deref().is_none_or(|p| char_len(p) >= 6), "password", "Senha deve ter no mínimo 6 caracteres");
    v.check(password.as_deref().is_none_or(|p| char_len(p) <= MAX_PASSWORD_CHARS), "password", PASSWORD_TOO_LONG);
    v.finish()?;
    Ok(CheckedClient { tenant_id, name, email: email.map(|e| normalize_email(&e)), phone, password })
}

/// Creates a client of a tenant.
#[utoipa::path(operation_id = "createClient", post, path = "/api/clients", tag = "clients",
    security(("adminSession" = [])), request_body = ClientRequest,
    responses((status = 201, body = ClientItem), AdminErrors))]
pub async fn create(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<ClientRequest>,
) -> ApiResult<(StatusCode, Json<ClientItem>)> {
    let checked = validate(&body, true, true)?;
    let tenant_id = checked.tenant_id.expect("validated");
    let password_hash = state.hasher.hash(checked.password.expect("validated")).await?;
    let mut tx = admin.begin().await?;
    if tenants::find(&mut tx, tenant_id).await?.is_none() {
        return Err(AppError::validation_field("tenantId", "Tenant não encontrado").into());
    }
    let client = tenant_clients::create(
        &mut tx,
        tenant_clients::NewTenantClient {
            tenant_id,
            name: checked.name.expect("validated"),
            email: checked.email.expect("validated"),
            phone: checked.phone,
            password_hash: Some(password_hash),
            status: body.status.unwrap_or(ClientStatus::Active),
        },
    )
    .await?;
    let item: ClientItem = tenant_clients::find_listed(&mut tx, client.id)
        .await?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?
        .into();
    admin
        .audit(&mut tx, meta.ip, Some(tenant_id), Action::Create, "client", item.id, &Value::Null, &audited(&item))
        .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(item)))
}

/// Changes a client. A new password or a status other than active ends
/// their sessions.
#[utoipa::path(operation_id = "updateClient", patch, path = "/api/clients/{id}", tag = "clients",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = ClientRequest,
    responses((status = 200, body = ClientItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn update(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    meta: RequestMeta,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ClientRequest>,
) -> ApiResult<Json<ClientItem>> {
    let id = path_id(&id, NOT_FOUND)?;
    let checked = validate(&body, false, true)?;
    let password_hash = match checked.password {
        Some(password) => Some(state.hasher.hash(password).await?),
        None => None,
    };
    let not_found = || AppError::NotFound(NOT_FOUND.into());
    let mut tx = admin.begin().await?;
    let before: ClientItem = tenant_clients::find_listed(&mut tx, id).await?.ok_or_else(not_found)?.into();
    if checked.tenant_id.is_some_and(|t| t != before.tenant_id) {
        return Err(AppError::validation_field("tenantId", "O tenant de um cliente não pode ser alterado").into());
    }
    if password_hash.is_some() || body.status.is_some_and(|s| s != ClientStatus::Active) {
        sessions::end_for_client(&mut tx, id).await?;
    }
    let changes = ClientChanges {
        name: checked.name,
        email: checked.email,
        phone: body.phone.as_ref().map(|_| checked.phone),
        password_hash,
        status: body.status,
    };
    tenant_clients::update(&mut tx, id, changes).await?.ok_or_else(not_found)?;
    let after: ClientItem = tenant_clients::find_listed(&mut tx, id).await?.ok_or_else(not_found)?.into();
    let mut diff_after = audited(&after);
    if body.password.as_deref().is_some_and(|p| !p.trim().is_empty()) {
        diff_after["password"] = json!("*** (alterada)");
    }
    admin
        .audit(&mut tx, meta.ip, Some(after.tenant_id), Action::Update, "client", id, &audited(&before), &diff_after)
        .await?;
    tx.commit().await?;
    Ok(Json(after))
}

/// `/api/clients`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(update))
}
