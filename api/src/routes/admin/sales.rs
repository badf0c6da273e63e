//! `/api/sales`: sales of every tenant, for the platform admin. Hotmart's
//! arrive through the webhook; manual ones are typed here.

use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::Value;
use shared::domain::pagination::Page;
use shared::domain::status::{Origin, SaleStatus};
use shared::domain::validation::Validator;
use shared::infrastructure::db::Tx;
use shared::repositories::audit_log::Action;
use shared::repositories::tenant_sales::{self, SaleFields, SaleFilter};
use shared::repositories::{tenant_clients, tenants};
use shared::{AppError, OrNotFound};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::extractors::{PageQuery, Paging, PathId, SignedInAdmin};
use crate::form_input::{date_field, id_field, money_field, rate_field, search_term, text_field};
use crate::request_meta::RequestMeta;
use crate::views::sales::{SaleDetail, SaleItem, UnknownSale, CLIENT_OF_ANOTHER_TENANT, NOT_FOUND, REQUIRED};
use crate::{audited, AppState};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SaleListQuery {
    /// Part of the external id.
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub tenant_id: Option<Uuid>,
    pub status: Option<SaleStatus>,
    pub origin: Option<Origin>,
}

fn audited(s: &SaleItem) -> Value {
    let mut value = serde_json::to_value(s).unwrap_or(Value::Null);
    if let Some(map) = value.as_object_mut() {
        for derived in ["id", "tenantName", "clientName", "clientEmail", "createdAt"] {
            map.remove(derived);
        }
    }
    value
}

crate::audited_as!(SaleItem, "sale", audited);

/// Sales of every tenant, newest first.
#[utoipa::path(operation_id = "listSales", get, path = "/api/sales", tag = "sales",
    security(("adminSession" = [])), params(PageQuery, SaleListQuery),
    responses((status = 200, body = Page<SaleItem>), AdminErrors))]
pub async fn list(
    admin: SignedInAdmin,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<SaleListQuery>,
) -> ApiResult<Json<Page<SaleItem>>> {
    let filter = SaleFilter {
        tenant_id: query.tenant_id,
        status: query.status,
        origin: query.origin,
        q: search_term(query.q),
        ..SaleFilter::default()
    };
    let mut tx = admin.begin().await?;
    let page = tenant_sales::list(&mut tx, &filter, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(SaleItem::from)))
}

/// One sale with the provider's original payload.
#[utoipa::path(operation_id = "getSale", get, path = "/api/sales/{id}", tag = "sales",
    security(("adminSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = SaleDetail), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn detail(admin: SignedInAdmin, PathId(id, _): PathId<UnknownSale>) -> ApiResult<Json<SaleDetail>> {
    let mut tx = admin.begin().await?;
    let (sale, payload) = tenant_sales::find_detail(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
    tx.commit().await?;
    Ok(Json(SaleDetail { sale: sale.into(), original_payload: payload }))
}

/// A sale as the dialog sends it: every field; empty optional ones as null.
/// Amounts are decimal strings or numbers with at most two decimals.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SaleRequest {
    pub tenant_id: Option<String>,
    pub client_id: Option<String>,
    #[schema(max_length = 200)]
    pub external_id: Option<String>,
    pub origin: Option<Origin>,
    pub status: Option<SaleStatus>,
    #[schema(value_type = Option<String>, example = "197.00")]
    pub amount_paid_by_customer: Option<Value>,
    #[schema(value_type = Option<String>, example = "197.00")]
    pub gross_amount: Option<Value>,
    #[schema(value_type = Option<String>)]
    pub hotmart_commission: Option<Value>,
    #[schema(value_type = Option<String>)]
    pub coproducer_commission: Option<Value>,
    #[schema(value_type = Option<String>)]
    pub affiliate_commission: Option<Value>,
    #[schema(value_type = Option<String>)]
    pub other_fees: Option<Value>,
    #[schema(value_type = Option<String>)]
    pub net_amount: Option<Value>,
    /// Three-letter code; default BRL.
    #[schema(max_length = 3)]
    pub original_currency: Option<String>,
    #[schema(value_type = Option<String>, example = "1.000000")]
    pub exchange_rate: Option<Value>,
    /// ISO date or date-time; empty: now (create) or none.
    pub sale_date: Option<String>,
    pub cancellation_date: Option<String>,
}

async fn checked_fields(tx: &mut Tx, body: &SaleRequest) -> Result<SaleFields, AppError> {
    let mut v = Validator::new();
    let tenant_id = id_field(&mut v, "tenantId", body.tenant_id.as_deref(), true, REQUIRED);
    let client_id = id_field(&mut v, "clientId", body.client_id.as_deref(), false, "Cliente inválido");
    v.check(body.origin.is_some(), "origin", REQUIRED);
    v.check(body.status.is_some(), "status", REQUIRED);
    let external_id = text_field(&mut v, "externalId", body.external_id.as_deref(), 200, "ID externo longo demais");
    let currency = text_field(&mut v, "originalCurrency", body.original_currency.as_deref(), 3, "Moeda inválida")
        .map(|c| c.to_uppercase());
    v.check(
        currency.as_deref().is_none_or(|c| c.len() == 3 && c.chars().all(|ch| ch.is_ascii_alphabetic())),
        "originalCurrency",
        "Moeda inválida (use o código de 3 letras, ex.: BRL)",
    );
    let fields = SaleFields {
        tenant_id: tenant_id.unwrap_or_default(),
        client_id,
        external_id,
        origin: body.origin.unwrap_or(Origin::Manual),
        amount_paid_by_customer: money_field(&mut v, "amountPaidByCustomer", body.amount_paid_by_customer.as_ref()),
        gross_amount: money_field(&mut v, "grossAmount", body.gross_amount.as_ref()),
        hotmart_commission: money_field(&mut v, "hotmartCommission", body.hotmart_commission.as_ref()),
        coproducer_commission: money_field(&mut v, "coproducerCommission", body.coproducer_commission.as_ref()),
        affiliate_commission: money_field(&mut v, "affiliateCommission", body.affiliate_commission.as_ref()),
        other_fees: money_field(&mut v, "otherFees", body.other_fees.as_ref()),
        net_amount: money_field(&mut v, "netAmount", body.net_amount.as_ref()),
        original_currency: currency.unwrap_or_else(|| "BRL".into()),
        exchange_rate: rate_field(&mut v, "exchangeRate", body.exchange_rate.as_ref()),
        sale_date: date_field(&mut v, "saleDate", body.sale_date.as_deref()),
        cancellation_date: date_field(&mut v, "cancellationDate", body.cancellation_date.as_deref()),
        status: body.status.unwrap_or(SaleStatus::Confirmed),
    };
    v.finish()?;
    if tenants::find(tx, fields.tenant_id).await?.is_none() {
        return Err(AppError::validation_field("tenantId", "Tenant não encontrado"));
    }
    if let Some(client) = fields.client_id {
        if tenant_clients::find(tx, fields.tenant_id, client).await?.is_none() {
            return Err(AppError::validation_field("clientId", CLIENT_OF_ANOTHER_TENANT));
        }
    }
    Ok(fields)
}

/// Records a sale.
#[utoipa::path(operation_id = "createSale", post, path = "/api/sales", tag = "sales",
    security(("adminSession" = [])), request_body = SaleRequest,
    responses((status = 201, body = SaleItem), AdminErrors))]
pub async fn create(
    admin: SignedInAdmin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<SaleRequest>,
) -> ApiResult<(StatusCode, Json<SaleItem>)> {
    let mut tx = admin.begin().await?;
    let fields = checked_fields(&mut tx, &body).await?;
    let id = tenant_sales::save(&mut tx, None, &fields).await?.or_not_found(NOT_FOUND)?;
    let item: SaleItem = tenant_sales::find_detail(&mut tx, id).await?.or_not_found(NOT_FOUND)?.0.into();
    admin
        .audit(&mut tx, meta.ip, Some(item.tenant_id), Action::Create, "sale", id, &Value::Null, &audited(&item))
        .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(item)))
}

/// Rewrites a sale with the dialog's fields (the provider's payload stays).
#[utoipa::path(operation_id = "updateSale", patch, path = "/api/sales/{id}", tag = "sales",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = SaleRequest,
    responses((status = 200, body = SaleItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn update(
    admin: SignedInAdmin,
    PathId(id, _): PathId<UnknownSale>,
    ApiJson(body): ApiJson<SaleRequest>,
) -> ApiResult<Json<SaleItem>> {
    let mut tx = admin.begin().await?;
    let before: SaleItem = tenant_sales::find_detail(&mut tx, id).await?.or_not_found(NOT_FOUND)?.0.into();
    let fields = checked_fields(&mut tx, &body).await?;
    if fields.tenant_id != before.tenant_id {
        return Err(AppError::validation_field("tenantId", "O tenant de uma venda não pode ser alterado").into());
    }
    tenant_sales::save(&mut tx, Some(id), &fields).await?.or_not_found(NOT_FOUND)?;
    let after: SaleItem = tenant_sales::find_detail(&mut tx, id).await?.or_not_found(NOT_FOUND)?.0.into();
    audited::updated(&admin, tx, &before, after).await
}

/// `/api/sales`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(detail, update))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Utc;
    use rust_decimal::Decimal;
    use serde_json::json;
    use shared::domain::status::PaymentMethod;

    #[test]
    fn audit_keeps_fields_not_names() {
        let item = SaleItem {
            id: Uuid::nil(),
            external_id: Some("HP1".into()),
            tenant_id: Uuid::nil(),
            tenant_name: "T".into(),
            client_id: None,
            client_name: Some("C".into()),
            client_email: None,
            origin: Origin::Manual,
            amount_paid_by_customer: None,
            gross_amount: Some(Decimal::new(19700, 2)),
            hotmart_commission: None,
            coproducer_commission: None,
            affiliate_commission: None,
            other_fees: None,
            net_amount: None,
            original_currency: "BRL".into(),
            exchange_rate: None,
            sale_date: None,
            cancellation_date: None,
            status: SaleStatus::Confirmed,
            created_at: Utc::now(),
            payment_method: Some(PaymentMethod::Pix),
        };
        let value = audited(&item);
        assert_eq!(value["grossAmount"], json!("197.00"));
        assert!(value.get("clientName").is_none() && value.get("createdAt").is_none());
    }
}
