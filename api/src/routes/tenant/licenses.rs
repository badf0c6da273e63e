//! `/api/tenant/licenses`: the owner's licenses (client × robot), with the
//! installations each one has: the MetaTrader accounts its robot was seen
//! running on, so a license passed around shows itself.

use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::owner_permissions::Capability;
use shared::domain::pagination::Page;
use shared::domain::status::LicenseStatus;
use shared::domain::validation::Validator;
use shared::infrastructure::db::Tx;
use shared::repositories::audit_log::Action;
use shared::repositories::installations;
use shared::repositories::licenses::{self, LicenseFields, LicenseFilter};
use shared::repositories::{tenant_clients, tenant_robots};
use shared::{AppError, OrNotFound};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiQuery, ApiResult, OwnerErrors};
use crate::extractors::{PageQuery, Paging, PathId, SignedInOwner};
use crate::form_input::{date_field, id_field, search_term, text_field};
use crate::views::licenses::{InstallationItem, OwnerLicenseItem, UnknownLicense, NOT_FOUND};
use crate::{audited, AppState};

pub const CLIENT_REQUIRED: &str = "Cliente é obrigatório";
pub const ROBOT_REQUIRED: &str = "Robô é obrigatório";
pub const ACCOUNT_REQUIRED: &str = "Número da conta obrigatório";

fn audited(l: &OwnerLicenseItem) -> Value {
    json!({ "clientId": l.client_id, "robotId": l.robot_id, "status": l.status,
            "accountNumber": l.account_number, "activationDate": l.activation_date,
            "expirationDate": l.expiration_date })
}

crate::audited_as!(OwnerLicenseItem, "license", audited, tenant_of_caller);

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OwnerLicenseListQuery {
    /// Part of the client's name or e-mail, or of the robot's name.
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub status: Option<LicenseStatus>,
    pub client_id: Option<Uuid>,
}

/// The owner's licenses, newest first, with their installation counts.
#[utoipa::path(operation_id = "tenantListLicenses", get, path = "/api/tenant/licenses", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(PageQuery, OwnerLicenseListQuery),
    responses((status = 200, body = Page<OwnerLicenseItem>), OwnerErrors))]
pub async fn list(
    owner: SignedInOwner,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<OwnerLicenseListQuery>,
) -> ApiResult<Json<Page<OwnerLicenseItem>>> {
    owner.require(Capability::ViewLicenses)?;
    let tenant = owner.tenant.id;
    let filter = LicenseFilter {
        tenant_id: Some(tenant),
        client_id: query.client_id,
        status: query.status,
        q: search_term(query.q),
        ..LicenseFilter::default()
    };
    let mut tx = owner.begin().await?;
    let page = licenses::list(&mut tx, &filter, paging).await?;
    let (total, number, size, capped) = (page.total, page.page, page.page_size, page.total_capped);
    let items = OwnerLicenseItem::with_usage(&mut tx, tenant, page.items).await?;
    tx.commit().await?;
    Ok(Json(Page { items, total, page: number, page_size: size, total_capped: capped }))
}

/// The license, checked to be of the owner's tenant.
async fn find_own(tx: &mut Tx, owner: &SignedInOwner, id: Uuid) -> Result<OwnerLicenseItem, AppError> {
    let row = licenses::find_listed(tx, id)
        .await?
        .filter(|l| l.license.tenant_id == owner.tenant.id)
        .or_not_found(NOT_FOUND)?;
    Ok(OwnerLicenseItem::with_usage(tx, owner.tenant.id, vec![row]).await?.remove(0))
}

/// One license with every account it was seen on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnerLicenseDetail {
    pub license: OwnerLicenseItem,
    pub installations: Vec<InstallationItem>,
}

#[utoipa::path(operation_id = "tenantGetLicense", get, path = "/api/tenant/licenses/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = OwnerLicenseDetail), OwnerErrors))]
pub async fn detail(
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownLicense>,
) -> ApiResult<Json<OwnerLicenseDetail>> {
    owner.require(Capability::ViewLicenses)?;
    let mut tx = owner.begin().await?;
    // Installations first: the check-log writer may commit a batch between
    // the two reads, and the license's counts read after them then cover at
    // least the accounts listed (never "0 active" beside two listed).
    let installations = installations::of_license(&mut tx, owner.tenant.id, id).await?;
    let license = find_own(&mut tx, &owner, id).await?;
    tx.commit().await?;
    Ok(Json(OwnerLicenseDetail {
        license,
        installations: installations.into_iter().map(InstallationItem::from).collect(),
    }))
}

/// A license as the owner's dialog sends it. On create: client, robot, an
/// optional account, active (default) or trial, and an optional end date; on
/// edit: client, status, account and the end date (the robot and the
/// activation are fixed).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct OwnerLicenseRequest {
    pub client_id: Option<String>,
    /// Create only; ignored on edit.
    pub robot_id: Option<String>,
    /// On create active (default) or trial; on edit any.
    pub status: Option<LicenseStatus>,
    /// The MetaTrader account number (digits); blank for none.
    #[schema(max_length = 20)]
    pub account_number: Option<String>,
    /// When the license ends: a day (`YYYY-MM-DD`: through that day, São
    /// Paulo) or an instant. Null or blank: no end, except that a trial
    /// always ends — without a date it runs the robot's `trialDays` from
    /// today. Left out on edit: unchanged.
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<String>, example = "2026-12-31")]
    pub expiration_date: Option<Option<String>>,
}

/// A field that was sent (even as null) versus one left out.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

pub const END_NOT_AFTER_START: &str = "A data de expiração deve ser posterior à data de ativação";
pub const END_IN_PAST: &str = "A data de expiração deve estar no futuro";
pub const NEW_LICENSE_STATUS: &str = "Uma nova licença deve ser ativa ou de teste";

/// An end date as typed: a bare day means through the end of that day in
/// São Paulo (what "Expira em 31/12/2026" promises).
fn end_date_field(v: &mut Validator, value: Option<&str>) -> Option<DateTime<Utc>> {
    let at = date_field(v, "expirationDate", value)?;
    let day_only = value.is_some_and(|text| text.trim().len() == "YYYY-MM-DD".len());
    Some(if day_only { at + chrono::Duration::days(1) - chrono::Duration::seconds(1) } else { at })
}

/// A trial without an end date runs the robot's trial length from `now`.
async fn trial_end(tx: &mut Tx, tenant: Uuid, robot_id: Uuid, now: DateTime<Utc>) -> Result<DateTime<Utc>, AppError> {
    let days = tenant_robots::find(tx, tenant, robot_id)
        .await?
        .map(|r| r.trial_days)
        .unwrap_or(tenant_robots::DEFAULT_TRIAL_DAYS);
    Ok(now + chrono::Duration::days(i64::from(days)))
}

fn account_field(v: &mut Validator, value: Option<&str>) -> Option<String> {
    let account = text_field(v, "accountNumber", value, 20, "Conta MT deve ter no máximo 20 dígitos");
    v.check(
        account.as_deref().is_none_or(|a| a.chars().all(|c| c.is_ascii_digit())),
        "accountNumber",
        "Conta MT deve conter apenas números",
    );
    account
}

/// The client must be the owner's: another tenant's id is "not found".
async fn check_client(tx: &mut Tx, tenant_id: Uuid, client_id: Uuid) -> Result<(), AppError> {
    match tenant_clients::find(tx, tenant_id, client_id).await? {
        Some(_) => Ok(()),
        None => Err(AppError::validation_field("clientId", "Cliente não encontrado")),
    }
}

/// Creates an active (or trial) license of the owner's tenant, activated now.
/// A trial without an end date ends after the robot's trial length.
#[utoipa::path(operation_id = "tenantCreateLicense", post, path = "/api/tenant/licenses", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), request_body = OwnerLicenseRequest,
    responses((status = 201, body = OwnerLicenseItem), OwnerErrors))]
pub async fn create(
    owner: SignedInOwner,
    ApiJson(body): ApiJson<OwnerLicenseRequest>,
) -> ApiResult<(StatusCode, Json<OwnerLicenseItem>)> {
    owner.require(Capability::ManageLicenses)?;
    let mut v = Validator::new();
    let client_id = id_field(&mut v, "clientId", body.client_id.as_deref(), true, CLIENT_REQUIRED);
    let robot_id = id_field(&mut v, "robotId", body.robot_id.as_deref(), true, ROBOT_REQUIRED);
    let account_number = account_field(&mut v, body.account_number.as_deref());
    let status = body.status.unwrap_or(LicenseStatus::Active);
    v.check(matches!(status, LicenseStatus::Active | LicenseStatus::Trial), "status", NEW_LICENSE_STATUS);
    let now = Utc::now();
    let chosen_end = end_date_field(&mut v, body.expiration_date.clone().flatten().as_deref());
    v.check(chosen_end.is_none_or(|end| end > now), "expirationDate", END_IN_PAST);
    v.finish()?;
    let (client_id, robot_id) = (client_id.expect("validated"), robot_id.expect("validated"));
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    check_client(&mut tx, tenant, client_id).await?;
    if tenant_robots::find(&mut tx, tenant, robot_id).await?.is_none() {
        return Err(AppError::validation_field("robotId", "Robô não encontrado").into());
    }
    let expiration_date = match (chosen_end, status) {
        (None, LicenseStatus::Trial) => Some(trial_end(&mut tx, tenant, robot_id, now).await?),
        (chosen, _) => chosen,
    };
    let fields = LicenseFields {
        tenant_id: tenant,
        client_id,
        robot_id,
        sale_id: None,
        activation_date: Some(now),
        expiration_date,
        status,
        account_number,
    };
    let id = licenses::save(&mut tx, None, &fields).await?.or_not_found(NOT_FOUND)?;
    let item = find_own(&mut tx, &owner, id).await?;
    owner.audit(&mut tx, Action::Create, "license", id, &Value::Null, &audited(&item)).await?;
    tx.commit().await?;
    crate::personal_builds::queue_for_license(owner.pool(), tenant, id).await;
    Ok((StatusCode::CREATED, Json(item)))
}

/// Changes a license's client, status, account or end date.
#[utoipa::path(operation_id = "tenantUpdateLicense", patch, path = "/api/tenant/licenses/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = OwnerLicenseRequest, responses((status = 200, body = OwnerLicenseItem), OwnerErrors))]
pub async fn update(
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownLicense>,
    ApiJson(body): ApiJson<OwnerLicenseRequest>,
) -> ApiResult<Json<OwnerLicenseItem>> {
    owner.require(Capability::ManageLicenses)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let before = find_own(&mut tx, &owner, id).await?;
    let mut v = Validator::new();
    let client_id = id_field(&mut v, "clientId", body.client_id.as_deref(), true, CLIENT_REQUIRED);
    v.check(body.status.is_some(), "status", "Status é obrigatório");
    let account_number = account_field(&mut v, body.account_number.as_deref());
    let robot_changed = id_field(&mut v, "robotId", body.robot_id.as_deref(), false, "Robô inválido")
        .is_some_and(|r| Some(r) != before.robot_id);
    v.check(!robot_changed, "robotId", "O robô de uma licença não pode ser alterado");
    let chosen_end = match &body.expiration_date {
        None => before.expiration_date,
        Some(text) => end_date_field(&mut v, text.as_deref()),
    };
    let starts = before.activation_date;
    let changed_end = body.expiration_date.is_some() && chosen_end != before.expiration_date;
    v.check(
        !changed_end || chosen_end.zip(starts).is_none_or(|(end, start)| end > start),
        "expirationDate",
        END_NOT_AFTER_START,
    );
    v.finish()?;
    let client_id = client_id.expect("validated");
    let status = body.status.expect("validated");
    check_client(&mut tx, tenant, client_id).await?;
    let Some(robot_id) = before.robot_id else {
        return Err(AppError::validation_field("robotId", "O robô desta licença foi excluído").into());
    };
    let expiration_date = match (chosen_end, status) {
        (None, LicenseStatus::Trial) => Some(trial_end(&mut tx, tenant, robot_id, Utc::now()).await?),
        (chosen, _) => chosen,
    };
    let fields = LicenseFields {
        tenant_id: tenant,
        client_id,
        robot_id,
        sale_id: before.sale_id,
        activation_date: before.activation_date,
        expiration_date,
        status,
        account_number,
    };
    licenses::save(&mut tx, Some(id), &fields).await?.or_not_found(NOT_FOUND)?;
    let after = find_own(&mut tx, &owner, id).await?;
    audited::updated(&owner, tx, &before, after).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SwitchAccountRequest {
    /// The new MetaTrader account number (digits).
    #[schema(max_length = 20)]
    pub account_number: Option<String>,
}

/// Binds the license to another MetaTrader account. The robot's next check
/// from the old account answers ACCOUNT_MISMATCH.
#[utoipa::path(operation_id = "tenantSwitchLicenseAccount", patch, path = "/api/tenant/licenses/{id}/switch-account",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = SwitchAccountRequest, responses((status = 200, body = OwnerLicenseItem), OwnerErrors))]
pub async fn switch_account(
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownLicense>,
    ApiJson(body): ApiJson<SwitchAccountRequest>,
) -> ApiResult<Json<OwnerLicenseItem>> {
    owner.require(Capability::ManageLicenses)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let before = find_own(&mut tx, &owner, id).await?;
    let mut v = Validator::new();
    let account = account_field(&mut v, body.account_number.as_deref());
    v.check(account.is_some(), "accountNumber", ACCOUNT_REQUIRED);
    v.finish()?;
    licenses::set_account(&mut tx, tenant, id, account.as_deref()).await?;
    let after = find_own(&mut tx, &owner, id).await?;
    audited::updated(&owner, tx, &before, after).await
}

/// `/api/tenant/licenses`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(detail, update)).routes(routes!(switch_account))
}
