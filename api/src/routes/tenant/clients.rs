//! `/api/tenant/clients`: the owner's clients, a client's whole story
//! (licenses, subscriptions, sales, installations) and re-sending the
//! welcome e-mail for one of their robots.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::owner_permissions::Capability;
use shared::domain::pagination::{Page, PageParams};
use shared::domain::status::{ClientStatus, SaleStatus};
use shared::repositories::audit_log::{self, Action};
use shared::repositories::licenses::{self, LicenseFilter};
use shared::repositories::tenant_clients::{self, ClientChanges, ClientFilter};
use shared::repositories::tenant_sales::{self, SaleFilter};
use shared::repositories::tenant_subscriptions::{self, SubscriptionFilter};
use shared::repositories::{client_portal, installations, sessions, tenant_robots};
use shared::workflows::email;
use shared::workflows::email::BuyerEmail;
use shared::{AppError, OrNotFound};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiQuery, ApiResult, ErrorBody, OwnerErrors};
use crate::extractors::{PageQuery, Paging, PathId, SignedInOwner};
use crate::form_input::{id_field, search_term};
use crate::request_meta::RequestMeta;
use crate::views::clients::{audited, validate, ClientItem, ClientRequest, UnknownClient, NOT_FOUND};
use crate::views::licenses::{InstallationItem, OwnerLicenseItem};
use crate::views::sales::SaleItem;
use crate::views::subscriptions::SubscriptionItem;
use crate::{audited, AppState};

/// How many rows of each kind the client page shows.
const DETAIL_ROWS: u32 = 100;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OwnerClientListQuery {
    /// Part of the name or e-mail.
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub status: Option<ClientStatus>,
}

/// The owner's clients, newest first.
#[utoipa::path(operation_id = "tenantListClients", get, path = "/api/tenant/clients", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(PageQuery, OwnerClientListQuery),
    responses((status = 200, body = Page<ClientItem>), OwnerErrors))]
pub async fn list(
    owner: SignedInOwner,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<OwnerClientListQuery>,
) -> ApiResult<Json<Page<ClientItem>>> {
    owner.require(Capability::ViewClients)?;
    let filter = ClientFilter { tenant_id: Some(owner.tenant.id), status: query.status, q: search_term(query.q) };
    let mut tx = owner.begin().await?;
    let page = tenant_clients::list(&mut tx, &filter, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(ClientItem::from)))
}

/// A client as the owner's dialog sends it; on edit a blank `password`
/// keeps the current one.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct OwnerClientRequest {
    #[schema(min_length = 1, max_length = 200)]
    pub name: Option<String>,
    #[schema(format = Email, max_length = 254)]
    pub email: Option<String>,
    #[schema(max_length = 40)]
    pub phone: Option<String>,
    #[schema(min_length = 6, max_length = 256)]
    pub password: Option<String>,
    pub status: Option<ClientStatus>,
}

impl OwnerClientRequest {
    fn as_admin_form(&self) -> ClientRequest {
        ClientRequest {
            tenant_id: None,
            name: self.name.clone(),
            email: self.email.clone(),
            phone: self.phone.clone(),
            password: self.password.clone(),
            status: self.status,
        }
    }
}

/// The client, checked to be of the owner's tenant.
async fn find_own(
    tx: &mut shared::infrastructure::db::Tx,
    owner: &SignedInOwner,
    id: Uuid,
) -> Result<ClientItem, AppError> {
    tenant_clients::find_listed(tx, id)
        .await?
        .filter(|c| c.client.tenant_id == owner.tenant.id)
        .map(ClientItem::from)
        .or_not_found(NOT_FOUND)
}

/// Creates a client of the owner's tenant.
#[utoipa::path(operation_id = "tenantCreateClient", post, path = "/api/tenant/clients", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), request_body = OwnerClientRequest,
    responses((status = 201, body = ClientItem), OwnerErrors))]
pub async fn create(
    State(state): State<AppState>,
    owner: SignedInOwner,
    ApiJson(body): ApiJson<OwnerClientRequest>,
) -> ApiResult<(StatusCode, Json<ClientItem>)> {
    owner.require(Capability::ManageClients)?;
    let checked = validate(&body.as_admin_form(), true, false)?;
    let password_hash = state.hasher.hash(checked.password.expect("validated")).await?;
    let mut tx = owner.begin().await?;
    let client = tenant_clients::create(
        &mut tx,
        tenant_clients::NewTenantClient {
            tenant_id: owner.tenant.id,
            name: checked.name.expect("validated"),
            email: checked.email.expect("validated"),
            phone: checked.phone,
            password_hash: Some(password_hash),
            status: body.status.unwrap_or(ClientStatus::Active),
        },
    )
    .await?;
    let item = find_own(&mut tx, &owner, client.id).await?;
    audited::created(&owner, tx, item).await
}

/// Changes a client of the owner's tenant. A new password or a status other
/// than active ends the client's sessions.
#[utoipa::path(operation_id = "tenantUpdateClient", patch, path = "/api/tenant/clients/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = OwnerClientRequest, responses((status = 200, body = ClientItem), OwnerErrors))]
pub async fn update(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownClient>,
    ApiJson(body): ApiJson<OwnerClientRequest>,
) -> ApiResult<Json<ClientItem>> {
    owner.require(Capability::ManageClients)?;
    // The client must be this tenant's before any input is judged or hashed.
    let mut tx = owner.begin().await?;
    let before = find_own(&mut tx, &owner, id).await?;
    tx.commit().await?;
    let checked = validate(&body.as_admin_form(), false, false)?;
    let password_hash = match checked.password {
        Some(password) => Some(state.hasher.hash(password).await?),
        None => None,
    };
    let mut tx = owner.begin().await?;
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
    let after = find_own(&mut tx, &owner, id).await?;
    let mut diff_after = audited(&after);
    if body.password.as_deref().is_some_and(|p| !p.trim().is_empty()) {
        diff_after["password"] = json!("*** (alterada)");
    }
    owner.audit(&mut tx, Action::Update, "client", id, &audited(&before), &diff_after).await?;
    tx.commit().await?;
    Ok(Json(after))
}

/// Everything about one client.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientDetails {
    pub client: ClientItem,
    /// Their licenses (robots), newest first.
    pub licenses: Vec<OwnerLicenseItem>,
    pub subscriptions: Vec<SubscriptionItem>,
    /// Sales history, newest first.
    pub sales: Vec<SaleItem>,
    /// The MetaTrader accounts that ran their licenses, most recent first.
    pub installations: Vec<InstallationItem>,
    /// Robot files they downloaded, newest first.
    pub downloads: Vec<DownloadItem>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DownloadItem {
    pub license_id: Option<Uuid>,
    pub robot_name: Option<String>,
    pub version: String,
    pub downloaded_at: chrono::DateTime<chrono::Utc>,
}

/// A client with their licenses, subscriptions, sales and installations.
#[utoipa::path(operation_id = "tenantClientDetails", get, path = "/api/tenant/clients/{id}/details", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = ClientDetails), OwnerErrors))]
pub async fn details(owner: SignedInOwner, PathId(id, _): PathId<UnknownClient>) -> ApiResult<Json<ClientDetails>> {
    owner.require(Capability::ViewClients)?;
    let tenant = owner.tenant.id;
    let rows = PageParams::new(Some(1), Some(DETAIL_ROWS));
    let mut tx = owner.begin().await?;
    let client = find_own(&mut tx, &owner, id).await?;
    let license_filter = LicenseFilter { tenant_id: Some(tenant), client_id: Some(id), ..LicenseFilter::default() };
    let license_rows = licenses::list(&mut tx, &license_filter, rows).await?.items;
    let licenses = OwnerLicenseItem::with_usage(&mut tx, tenant, license_rows).await?;
    let subscription_filter =
        SubscriptionFilter { tenant_id: Some(tenant), client_id: Some(id), ..SubscriptionFilter::default() };
    let subscriptions = tenant_subscriptions::list(&mut tx, &subscription_filter, rows).await?.items;
    let sale_filter = SaleFilter { tenant_id: Some(tenant), client_id: Some(id), ..SaleFilter::default() };
    let sales = tenant_sales::list(&mut tx, &sale_filter, rows).await?.items;
    let installations = installations::of_client(&mut tx, tenant, id).await?;
    let downloads = client_portal::downloads_of(&mut tx, tenant, id).await?;
    tx.commit().await?;
    Ok(Json(ClientDetails {
        client,
        licenses,
        subscriptions: subscriptions.into_iter().map(SubscriptionItem::from).collect(),
        sales: sales.into_iter().map(SaleItem::from).collect(),
        installations: installations.into_iter().map(InstallationItem::from).collect(),
        downloads: downloads
            .into_iter()
            .map(|d| DownloadItem {
                license_id: d.license_id,
                robot_name: d.robot_name,
                version: d.version,
                downloaded_at: d.downloaded_at,
            })
            .collect(),
    }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SendClientEmailRequest {
    /// The robot the welcome e-mail is about.
    pub robot_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SentEmail {
    pub message: String,
}

/// Sends the client the welcome e-mail (the tenant's template) for one of
/// the tenant's robots, through the e-mail outbox.
#[utoipa::path(operation_id = "tenantSendClientEmail", post, path = "/api/tenant/clients/{id}/send-email",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = SendClientEmailRequest,
    responses((status = 202, body = SentEmail), (status = 429, body = ErrorBody), OwnerErrors))]
pub async fn send_email(
    owner: SignedInOwner,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownClient>,
    ApiJson(body): ApiJson<SendClientEmailRequest>,
) -> ApiResult<(StatusCode, Json<SentEmail>)> {
    owner.require(Capability::ManageClients)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let client = find_own(&mut tx, &owner, id).await?;
    let mut v = shared::domain::validation::Validator::new();
    let robot_id = id_field(&mut v, "robotId", body.robot_id.as_deref(), true, "Selecione um robô");
    v.finish()?;
    let robot_id = robot_id.expect("validated");
    if tenant_robots::find(&mut tx, tenant, robot_id).await?.is_none() {
        return Err(AppError::validation_field("robotId", "Robô não encontrado").into());
    }
    // The purchase id the client logs in with: their newest confirmed sale.
    let sale_filter = SaleFilter {
        tenant_id: Some(tenant),
        client_id: Some(id),
        status: Some(SaleStatus::Confirmed),
        ..SaleFilter::default()
    };
    let purchase_id = tenant_sales::list(&mut tx, &sale_filter, PageParams::new(Some(1), Some(1)))
        .await?
        .items
        .into_iter()
        .find_map(|s| s.external_id)
        .unwrap_or_default();
    let welcome = BuyerEmail::Welcome {
        client_id: id,
        email: client.email.clone(),
        name: client.name.clone(),
        purchase_id,
        robot_id: Some(robot_id),
    };
    let undelivered = email::buyer::queue(&mut tx, tenant, &[welcome]).await?;
    let refusal = match &undelivered {
        Some(email::Undelivered::Refused(reason)) => Some(reason.clone()),
        _ => None,
    };
    audit_log::record(
        &mut tx,
        audit_log::Entry {
            tenant_id: Some(tenant),
            actor: owner.scope().actor,
            action: Action::Update,
            entity: "client_email",
            entity_id: Some(id),
            changes: json!({ "template": "welcome", "robotId": robot_id, "to": client.email,
                             "refused": refusal }),
            ip: meta.ip,
        },
    )
    .await?;
    // A refused message stays recorded (the owner sees it and why) even
    // though the answer is an error: commit first.
    tx.commit().await?;
    if let Some(reason) = refusal {
        return Err(AppError::TooManyRequests(reason).into());
    }
    // Recorded either way; the answer says whether it will go out.
    let message = match undelivered {
        Some(not_sent) => not_sent.reason(),
        None => format!("E-mail na fila de envio para {}", client.email),
    };
    Ok((StatusCode::ACCEPTED, Json(SentEmail { message })))
}

/// `/api/tenant/clients`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(update))
        .routes(routes!(details))
        .routes(routes!(send_email))
}
