//! `/api/client-robots`: licenses (client × robot) of every tenant, for the
//! platform admin.

use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::pagination::Page;
use shared::domain::status::LicenseStatus;
use shared::domain::validation::Validator;
use shared::infrastructure::db::Tx;
use shared::repositories::audit_log::Action;
use shared::repositories::licenses::{self, LicenseFields, LicenseFilter, LicenseListRow};
use shared::repositories::{tenant_clients, tenant_robots, tenant_sales, tenants};
use shared::{AppError, OrNotFound};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::extractors::{PageQuery, Paging, PathId, SignedInAdmin};
use crate::form_input::{date_field, day_filter, id_field, search_term, text_field};
use crate::request_meta::RequestMeta;
use crate::views::licenses::{UnknownLicense, NOT_FOUND, SALE_OF_ANOTHER_TENANT};
use crate::{audited, AppState};

pub const CLIENT_OF_ANOTHER_TENANT: &str = "O cliente selecionado não pertence ao tenant escolhido.";
pub const ROBOT_OF_ANOTHER_TENANT: &str = "O robô selecionado não pertence ao tenant escolhido.";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LicenseListQuery {
    /// Part of the client's name or e-mail, or of the robot's name.
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub tenant_id: Option<Uuid>,
    pub status: Option<LicenseStatus>,
    /// Activated on or after this day (YYYY-MM-DD); licenses never
    /// activated are then left out.
    pub from: Option<String>,
    /// Activated on or before this day (YYYY-MM-DD); idem.
    pub to: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LicenseItem {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub client_id: Option<Uuid>,
    /// None when the client was deleted ('Cliente não encontrado').
    pub client_name: Option<String>,
    pub client_email: Option<String>,
    pub robot_id: Option<Uuid>,
    /// None when the robot was deleted ('Robô não encontrado').
    pub robot_name: Option<String>,
    pub sale_id: Option<Uuid>,
    pub activation_date: Option<DateTime<Utc>>,
    pub expiration_date: Option<DateTime<Utc>>,
    pub status: LicenseStatus,
    pub account_number: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<LicenseListRow> for LicenseItem {
    fn from(r: LicenseListRow) -> Self {
        let l = r.license;
        Self {
            id: l.id,
            tenant_id: l.tenant_id,
            tenant_name: r.tenant_name,
            client_id: l.client_id,
            client_name: r.client_name,
            client_email: r.client_email,
            robot_id: l.robot_id,
            robot_name: r.robot_name,
            sale_id: l.sale_id,
            activation_date: l.activation_date,
            expiration_date: l.expiration_date,
            status: l.status,
            account_number: l.account_number,
            created_at: l.created_at,
        }
    }
}

fn audited(l: &LicenseItem) -> Value {
    json!({ "tenantId": l.tenant_id, "clientId": l.client_id, "robotId": l.robot_id, "saleId": l.sale_id,
            "activationDate": l.activation_date, "expirationDate": l.expiration_date, "status": l.status,
            "accountNumber": l.account_number })
}

crate::audited_as!(LicenseItem, "license", audited);

/// Licenses of every tenant, newest first.
#[utoipa::path(operation_id = "listLicenses", get, path = "/api/client-robots", tag = "licenses",
    security(("adminSession" = [])), params(PageQuery, LicenseListQuery),
    responses((status = 200, body = Page<LicenseItem>), AdminErrors))]
pub async fn list(
    admin: SignedInAdmin,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<LicenseListQuery>,
) -> ApiResult<Json<Page<LicenseItem>>> {
    let filter = LicenseFilter {
        client_id: None,
        tenant_id: query.tenant_id,
        status: query.status,
        q: search_term(query.q),
        activated_from: day_filter(query.from.as_deref(), "from")?,
        activated_to: day_filter(query.to.as_deref(), "to")?,
    };
    let mut tx = admin.begin().await?;
    let page = licenses::list(&mut tx, &filter, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(LicenseItem::from)))
}

/// A license as the dialog sends it: every field, empty optional ones as
/// null.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct LicenseRequest {
    pub tenant_id: Option<String>,
    pub client_id: Option<String>,
    pub robot_id: Option<String>,
    pub sale_id: Option<String>,
    /// ISO date or date-time; null for none.
    pub activation_date: Option<String>,
    /// ISO date or date-time; null for no end.
    pub expiration_date: Option<String>,
    pub status: Option<LicenseStatus>,
    /// The MetaTrader account number (digits); null until the client binds one.
    #[schema(max_length = 20)]
    pub account_number: Option<String>,
}

/// Checks the fields, then that the client, robot and sale belong to the
/// chosen tenant (the composite foreign keys refuse it too).
async fn checked_fields(tx: &mut Tx, body: &LicenseRequest) -> Result<LicenseFields, AppError> {
    let mut v = Validator::new();
    let tenant_id = id_field(&mut v, "tenantId", body.tenant_id.as_deref(), true, "Selecione um tenant");
    let client_id = id_field(&mut v, "clientId", body.client_id.as_deref(), true, "Selecione um cliente");
    let robot_id = id_field(&mut v, "robotId", body.robot_id.as_deref(), true, "Selecione um robô");
    let sale_id = id_field(&mut v, "saleId", body.sale_id.as_deref(), false, "Venda inválida");
    let activation_date = date_field(&mut v, "activationDate", body.activation_date.as_deref());
    let expiration_date = date_field(&mut v, "expirationDate", body.expiration_date.as_deref());
    if let (Some(start), Some(end)) = (activation_date, expiration_date) {
        v.check(end >= start, "expirationDate", "A expiração deve ser depois da ativação");
    }
    v.check(body.status.is_some(), "status", "Campo obrigatório");
    let account_number = text_field(
        &mut v,
        "accountNumber",
        body.account_number.as_deref(),
        20,
        "Conta MT deve ter no máximo 20 dígitos",
    );
    v.check(
        account_number.as_deref().is_none_or(|a| a.chars().all(|c| c.is_ascii_digit())),
        "accountNumber",
        "Conta MT deve conter apenas números",
    );
    v.finish()?;
    let (tenant_id, client_id, robot_id) =
        (tenant_id.expect("validated"), client_id.expect("validated"), robot_id.expect("validated"));

    if tenants::find(tx, tenant_id).await?.is_none() {
        return Err(AppError::validation_field("tenantId", "Tenant não encontrado"));
    }
    let mut v = Validator::new();
    v.check(tenant_clients::find(tx, tenant_id, client_id).await?.is_some(), "clientId", CLIENT_OF_ANOTHER_TENANT);
    v.check(tenant_robots::find(tx, tenant_id, robot_id).await?.is_some(), "robotId", ROBOT_OF_ANOTHER_TENANT);
    if let Some(sale) = sale_id {
        v.check(tenant_sales::belongs_to(tx, tenant_id, sale).await?, "saleId", SALE_OF_ANOTHER_TENANT);
    }
    v.finish()?;
    Ok(LicenseFields {
        tenant_id,
        client_id,
        robot_id,
        sale_id,
        activation_date,
        expiration_date,
        status: body.status.expect("validated"),
        account_number,
    })
}

/// Creates a license.
#[utoipa::path(operation_id = "createLicense", post, path = "/api/client-robots", tag = "licenses",
    security(("adminSession" = [])), request_body = LicenseRequest,
    responses((status = 201, body = LicenseItem), AdminErrors))]
pub async fn create(
    admin: SignedInAdmin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<LicenseRequest>,
) -> ApiResult<(StatusCode, Json<LicenseItem>)> {
    let mut tx = admin.begin().await?;
    let fields = checked_fields(&mut tx, &body).await?;
    let id = licenses::save(&mut tx, None, &fields).await?.or_not_found(NOT_FOUND)?;
    let item: LicenseItem = licenses::find_listed(&mut tx, id).await?.or_not_found(NOT_FOUND)?.into();
    admin
        .audit(&mut tx, meta.ip, Some(item.tenant_id), Action::Create, "license", id, &Value::Null, &audited(&item))
        .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(item)))
}

/// Rewrites a license with the dialog's fields.
#[utoipa::path(operation_id = "updateLicense", patch, path = "/api/client-robots/{id}", tag = "licenses",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = LicenseRequest,
    responses((status = 200, body = LicenseItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn update(
    admin: SignedInAdmin,
    PathId(id, _): PathId<UnknownLicense>,
    ApiJson(body): ApiJson<LicenseRequest>,
) -> ApiResult<Json<LicenseItem>> {
    let mut tx = admin.begin().await?;
    let before: LicenseItem = licenses::find_listed(&mut tx, id).await?.or_not_found(NOT_FOUND)?.into();
    let fields = checked_fields(&mut tx, &body).await?;
    licenses::save(&mut tx, Some(id), &fields).await?.or_not_found(NOT_FOUND)?;
    let after: LicenseItem = licenses::find_listed(&mut tx, id).await?.or_not_found(NOT_FOUND)?.into();
    audited::updated(&admin, tx, &before, after).await
}

/// `/api/client-robots`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(update))
}
