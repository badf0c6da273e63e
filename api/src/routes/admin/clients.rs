//! `/api/clients`: the platform admin's view of every tenant's clients.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use shared::domain::pagination::Page;
use shared::domain::status::ClientStatus;
use shared::repositories::audit_log::Action;
use shared::repositories::tenant_clients::{self, ClientChanges, ClientFilter};
use shared::repositories::{sessions, tenants};
use shared::{AppError, OrNotFound};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::extractors::{PageQuery, Paging, PathId, SignedInAdmin};
use crate::form_input::search_term;
use crate::request_meta::RequestMeta;
use crate::views::clients::{audited, validate, ClientItem, ClientRequest, UnknownClient, NOT_FOUND};
use crate::{audited, AppState};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ClientListQuery {
    /// Part of the name or e-mail.
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub tenant_id: Option<Uuid>,
    pub status: Option<ClientStatus>,
}

/// Clients of every tenant, newest first.
#[utoipa::path(operation_id = "listClients", get, path = "/api/clients", tag = "clients",
    security(("adminSession" = [])), params(PageQuery, ClientListQuery),
    responses((status = 200, body = Page<ClientItem>), AdminErrors))]
pub async fn list(
    admin: SignedInAdmin,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<ClientListQuery>,
) -> ApiResult<Json<Page<ClientItem>>> {
    let filter = ClientFilter { tenant_id: query.tenant_id, status: query.status, q: search_term(query.q) };
    let mut tx = admin.begin().await?;
    let page = tenant_clients::list(&mut tx, &filter, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(ClientItem::from)))
}

/// Creates a client of a tenant.
#[utoipa::path(operation_id = "createClient", post, path = "/api/clients", tag = "clients",
    security(("adminSession" = [])), request_body = ClientRequest,
    responses((status = 201, body = ClientItem), AdminErrors))]
pub async fn create(
    State(state): State<AppState>,
    admin: SignedInAdmin,
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
    let item: ClientItem = tenant_clients::find_listed(&mut tx, client.id).await?.or_not_found(NOT_FOUND)?.into();
    audited::created(&admin, tx, item).await
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
    PathId(id, _): PathId<UnknownClient>,
    ApiJson(body): ApiJson<ClientRequest>,
) -> ApiResult<Json<ClientItem>> {
    let checked = validate(&body, false, true)?;
    let password_hash = match checked.password {
        Some(password) => Some(state.hasher.hash(password).await?),
        None => None,
    };
    let mut tx = admin.begin().await?;
    let before: ClientItem = tenant_clients::find_listed(&mut tx, id).await?.or_not_found(NOT_FOUND)?.into();
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
    tenant_clients::update(&mut tx, id, changes).await?.or_not_found(NOT_FOUND)?;
    let after: ClientItem = tenant_clients::find_listed(&mut tx, id).await?.or_not_found(NOT_FOUND)?.into();
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
