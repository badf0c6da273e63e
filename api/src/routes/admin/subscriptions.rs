//! `/api/subscriptions`: subscriptions of every tenant, for the platform admin.

use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::Value;
use shared::domain::pagination::Page;
use shared::domain::status::{Origin, Recurrence, SubscriptionStatus};
use shared::domain::validation::Validator;
use shared::infrastructure::db::Tx;
use shared::repositories::audit_log::Action;
use shared::repositories::tenant_subscriptions::{self, SubscriptionFields, SubscriptionFilter};
use shared::repositories::{tenant_clients, tenant_sales, tenants};
use shared::{AppError, OrNotFound};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::extractors::{PageQuery, Paging, PathId, SignedInAdmin};
use crate::form_input::{date_field, id_field, money_field, search_term, text_field};
use crate::request_meta::RequestMeta;
use crate::views::licenses::SALE_OF_ANOTHER_TENANT;
use crate::views::sales::{CLIENT_OF_ANOTHER_TENANT, REQUIRED};
use crate::views::subscriptions::{SubscriptionItem, UnknownSubscription, NOT_FOUND};
use crate::{audited, AppState};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SubscriptionListQuery {
    /// Part of the external id or of the client's name or e-mail.
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub tenant_id: Option<Uuid>,
    pub status: Option<SubscriptionStatus>,
    pub recurrence: Option<Recurrence>,
}

fn audited(s: &SubscriptionItem) -> Value {
    let mut value = serde_json::to_value(s).unwrap_or(Value::Null);
    if let Some(map) = value.as_object_mut() {
        for derived in ["id", "tenantName", "clientName", "clientEmail", "createdAt"] {
            map.remove(derived);
        }
    }
    value
}

crate::audited_as!(SubscriptionItem, "subscription", audited);

/// Subscriptions of every tenant, newest first.
#[utoipa::path(operation_id = "listSubscriptions", get, path = "/api/subscriptions", tag = "subscriptions",
    security(("adminSession" = [])), params(PageQuery, SubscriptionListQuery),
    responses((status = 200, body = Page<SubscriptionItem>), AdminErrors))]
pub async fn list(
    admin: SignedInAdmin,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<SubscriptionListQuery>,
) -> ApiResult<Json<Page<SubscriptionItem>>> {
    let filter = SubscriptionFilter {
        client_id: None,
        tenant_id: query.tenant_id,
        status: query.status,
        recurrence: query.recurrence,
        q: search_term(query.q),
    };
    let mut tx = admin.begin().await?;
    let page = tenant_subscriptions::list(&mut tx, &filter, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(SubscriptionItem::from)))
}

/// A subscription as the dialog sends it; empty optional fields as null.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SubscriptionRequest {
    pub tenant_id: Option<String>,
    pub client_id: Option<String>,
    pub sale_id: Option<String>,
    #[schema(max_length = 200)]
    pub external_id: Option<String>,
    pub origin: Option<Origin>,
    #[schema(value_type = Option<String>, example = "97.00")]
    pub amount: Option<Value>,
    pub recurrence: Option<Recurrence>,
    pub status: Option<SubscriptionStatus>,
    pub last_payment_date: Option<String>,
    pub next_billing_date: Option<String>,
    /// When Hotmart (or the seller) last tried to charge.
    pub last_charge_attempt: Option<String>,
    pub cancellation_date: Option<String>,
}

async fn checked_fields(tx: &mut Tx, body: &SubscriptionRequest) -> Result<SubscriptionFields, AppError> {
    let mut v = Validator::new();
    let tenant_id = id_field(&mut v, "tenantId", body.tenant_id.as_deref(), true, REQUIRED);
    let client_id = id_field(&mut v, "clientId", body.client_id.as_deref(), false, "Cliente inválido");
    let sale_id = id_field(&mut v, "saleId", body.sale_id.as_deref(), false, "Venda inválida");
    v.check(body.origin.is_some(), "origin", REQUIRED);
    v.check(body.recurrence.is_some(), "recurrence", REQUIRED);
    v.check(body.status.is_some(), "status", REQUIRED);
    let amount = money_field(&mut v, "amount", body.amount.as_ref());
    v.check(amount.is_some() || body.amount.as_ref().is_some_and(|a| !a.is_null() && a != ""), "amount", REQUIRED);
    let fields = SubscriptionFields {
        tenant_id: tenant_id.unwrap_or_default(),
        client_id,
        sale_id,
        external_id: text_field(&mut v, "externalId", body.external_id.as_deref(), 200, "ID externo longo demais"),
        origin: body.origin.unwrap_or(Origin::Manual),
        amount: amount.unwrap_or_default(),
        recurrence: body.recurrence.unwrap_or(Recurrence::Monthly),
        status: body.status.unwrap_or(SubscriptionStatus::Active),
        last_payment_date: date_field(&mut v, "lastPaymentDate", body.last_payment_date.as_deref()),
        next_billing_date: date_field(&mut v, "nextBillingDate", body.next_billing_date.as_deref()),
        last_charge_attempt: date_field(&mut v, "lastChargeAttempt", body.last_charge_attempt.as_deref()),
        cancellation_date: date_field(&mut v, "cancellationDate", body.cancellation_date.as_deref()),
    };
    v.finish()?;
    if tenants::find(tx, fields.tenant_id).await?.is_none() {
        return Err(AppError::validation_field("tenantId", "Tenant não encontrado"));
    }
    let mut v = Validator::new();
    if let Some(client) = fields.client_id {
        v.check(
            tenant_clients::find(tx, fields.tenant_id, client).await?.is_some(),
            "clientId",
            CLIENT_OF_ANOTHER_TENANT,
        );
    }
    if let Some(sale) = fields.sale_id {
        v.check(tenant_sales::belongs_to(tx, fields.tenant_id, sale).await?, "saleId", SALE_OF_ANOTHER_TENANT);
    }
    v.finish()?;
    Ok(fields)
}

/// Records a subscription.
#[utoipa::path(operation_id = "createSubscription", post, path = "/api/subscriptions", tag = "subscriptions",
    security(("adminSession" = [])), request_body = SubscriptionRequest,
    responses((status = 201, body = SubscriptionItem), AdminErrors))]
pub async fn create(
    admin: SignedInAdmin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<SubscriptionRequest>,
) -> ApiResult<(StatusCode, Json<SubscriptionItem>)> {
    let mut tx = admin.begin().await?;
    let fields = checked_fields(&mut tx, &body).await?;
    let id = tenant_subscriptions::save(&mut tx, None, &fields).await?.or_not_found(NOT_FOUND)?;
    let item: SubscriptionItem = tenant_subscriptions::find_listed(&mut tx, id).await?.or_not_found(NOT_FOUND)?.into();
    admin
        .audit(
            &mut tx,
            meta.ip,
            Some(item.tenant_id),
            Action::Create,
            "subscription",
            id,
            &Value::Null,
            &audited(&item),
        )
        .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(item)))
}

/// Rewrites a subscription with the dialog's fields.
#[utoipa::path(operation_id = "updateSubscription", patch, path = "/api/subscriptions/{id}", tag = "subscriptions",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = SubscriptionRequest,
    responses((status = 200, body = SubscriptionItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn update(
    admin: SignedInAdmin,
    PathId(id, _): PathId<UnknownSubscription>,
    ApiJson(body): ApiJson<SubscriptionRequest>,
) -> ApiResult<Json<SubscriptionItem>> {
    let mut tx = admin.begin().await?;
    let before: SubscriptionItem =
        tenant_subscriptions::find_listed(&mut tx, id).await?.or_not_found(NOT_FOUND)?.into();
    let mut fields = checked_fields(&mut tx, &body).await?;
    // Hotmart's webhooks keep this one: a dialog that does not send it
    // leaves it as it is ("" clears it).
    if body.last_charge_attempt.is_none() {
        fields.last_charge_attempt = before.last_charge_attempt;
    }
    if fields.tenant_id != before.tenant_id {
        return Err(AppError::validation_field("tenantId", "O tenant de uma assinatura não pode ser alterado").into());
    }
    tenant_subscriptions::save(&mut tx, Some(id), &fields).await?.or_not_found(NOT_FOUND)?;
    let after: SubscriptionItem = tenant_subscriptions::find_listed(&mut tx, id).await?.or_not_found(NOT_FOUND)?.into();
    audited::updated(&admin, tx, &before, after).await
}

/// `/api/subscriptions`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(update))
}
