//! `/api/tenant/manual-sales`: the owner records a sale made outside Hotmart
//! (PIX, bank transfer, anything else). It takes the path a confirmed Hotmart
//! purchase takes (`shared::workflows::sale_lifecycle::record_manual`): the buyer's client
//! found by e-mail or created, a confirmed sale of origin `manual`, an active
//! license, the NEW_SALE notification, and the welcome and confirmation
//! e-mails (`shared::workflows::email::buyer`), all in one transaction.
//!
//! A form sent twice (a double click, a retry after a lost answer) must not
//! sell twice: each submission carries an `Idempotency-Key` the form made,
//! and the same key again answers the first sale without doing anything.

use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use chrono::{DateTime, Duration, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::field_rules;
use shared::domain::owner_permissions::Capability;
use shared::domain::status::PaymentMethod;
use shared::domain::validation::{normalize_email, Validator};
use shared::repositories::audit_log::Action;
use shared::repositories::tenant_robots;
use shared::repositories::tenant_sales;
use shared::workflows::email;
use shared::workflows::sale_lifecycle::{self, Buyer, ManualSale};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, ErrorBody, OwnerErrors};
use crate::extractors::SignedInOwner;
use crate::form_input::{blank_to_none, date_field, id_field, money_field, text_field};
use crate::views::sales::{SaleItem, NOT_FOUND};
use crate::AppState;

pub const ROBOT_REQUIRED: &str = "Robô é obrigatório";
pub const AMOUNT_REQUIRED: &str = "Valor é obrigatório";
pub const AMOUNT_NOT_POSITIVE: &str = "O valor deve ser maior que zero";
pub const METHOD_REQUIRED: &str = "Forma de pagamento é obrigatória";
pub const METHOD_UNKNOWN: &str = "Forma de pagamento inválida: use PIX, transferência ou outro";
pub const DATE_REQUIRED: &str = "Data da venda é obrigatória";
pub const DATE_IN_FUTURE: &str = "A data da venda não pode estar no futuro";
pub const KEY_MISSING: &str =
    "Envio sem identificador (cabeçalho Idempotency-Key). Recarregue a página e registre a venda de novo.";

/// The header a form sends with each submission.
pub const IDEMPOTENCY_HEADER: &str = "idempotency-key";

/// A sale as the owner's "Registrar venda" dialog sends it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ManualSaleRequest {
    #[schema(min_length = 1, max_length = 200)]
    pub buyer_name: Option<String>,
    /// The buyer's client is found by it (or created with it).
    #[schema(format = Email, max_length = 254)]
    pub buyer_email: Option<String>,
    #[schema(max_length = 40)]
    pub buyer_phone: Option<String>,
    /// One of the owner's robots.
    pub robot_id: Option<String>,
    /// In BRL, more than zero, at most two decimals ("297.00", "297,00" or a number).
    #[schema(value_type = String, example = "297.00")]
    pub amount: Option<Value>,
    #[schema(value_type = PaymentMethod)]
    pub payment_method: Option<String>,
    /// The day it was paid (`YYYY-MM-DD`, São Paulo) or an instant; not in the future.
    #[schema(example = "2026-11-20")]
    pub sale_date: Option<String>,
}

/// What the dialog checked, ready to record.
#[derive(Debug)]
struct CheckedSale {
    name: String,
    email: String,
    phone: Option<String>,
    robot_id: Uuid,
    amount: Decimal,
    method: PaymentMethod,
    sale_date: DateTime<Utc>,
}

fn validate(body: &ManualSaleRequest, now: DateTime<Utc>) -> Result<CheckedSale, AppError> {
    let mut v = Validator::new();
    let name = body.buyer_name.as_deref().unwrap_or_default();
    v.rule(&field_rules::PERSON_NAME, "buyerName", name);
    let email = body.buyer_email.as_deref().unwrap_or_default();
    v.rule(&field_rules::EMAIL, "buyerEmail", email);
    let phone =
        text_field(&mut v, "buyerPhone", body.buyer_phone.as_deref(), 40, "Telefone deve ter no máximo 40 caracteres");
    let robot_id = id_field(&mut v, "robotId", body.robot_id.as_deref(), true, ROBOT_REQUIRED);
    let amount = money_field(&mut v, "amount", body.amount.as_ref());
    v.check(!amount_left_out(body), "amount", AMOUNT_REQUIRED);
    v.check(amount.is_none_or(|a| a > Decimal::ZERO), "amount", AMOUNT_NOT_POSITIVE);
    let method_text = blank_to_none(body.payment_method.as_deref());
    let method = method_text.as_deref().and_then(PaymentMethod::parse);
    v.check(method_text.is_some(), "paymentMethod", METHOD_REQUIRED);
    v.check(method_text.is_none() || method.is_some(), "paymentMethod", METHOD_UNKNOWN);
    let sale_date = date_field(&mut v, "saleDate", body.sale_date.as_deref());
    v.check(blank_to_none(body.sale_date.as_deref()).is_some(), "saleDate", DATE_REQUIRED);
    // A minute of leeway for a browser clock a little ahead of ours.
    v.check(sale_date.is_none_or(|d| d <= now + Duration::minutes(1)), "saleDate", DATE_IN_FUTURE);
    v.finish()?;
    Ok(CheckedSale {
        name: name.trim().to_string(),
        email: normalize_email(email),
        phone,
        robot_id: robot_id.expect("validated"),
        amount: amount.expect("validated"),
        method: method.expect("validated"),
        sale_date: sale_date.expect("validated"),
    })
}

/// Whether the amount was left out entirely (blank counts as left out).
fn amount_left_out(body: &ManualSaleRequest) -> bool {
    match &body.amount {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.trim().is_empty(),
        Some(_) => false,
    }
}

/// The submission's key: 8 to 200 letters, digits or `_ . : -` (a UUID fits).
fn idempotency_key(headers: &HeaderMap) -> Result<String, AppError> {
    let key = headers.get(IDEMPOTENCY_HEADER).and_then(|value| value.to_str().ok()).map(str::trim).filter(|key| {
        (8..=200).contains(&key.len())
            && key.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':' | b'-'))
    });
    key.map(str::to_string)
        .ok_or_else(|| AppError::Validation { message: KEY_MISSING.into(), fields: Default::default() })
}

/// What recording the sale did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManualSaleRecorded {
    pub sale: SaleItem,
    /// The license the sale granted (active, no end date).
    pub license_id: Option<Uuid>,
    pub client_id: Option<Uuid>,
    /// The buyer was not a client yet: created without a password, they sign
    /// in with the e-mail and the purchase id (`sale.externalId`) the welcome
    /// e-mail gives them.
    pub client_created: bool,
    /// The same `Idempotency-Key` had recorded this sale already: nothing was
    /// done again (200 instead of 201).
    pub replayed: bool,
    /// Why the buyer's e-mail was recorded and will not arrive (a sending
    /// limit, a suspension, no sender configured), in pt-BR; None when it was
    /// queued to be sent.
    pub email_refusal: Option<String>,
    /// The robot has no active version yet: the buyer has a license but
    /// nothing to download until one is published (pt-BR, with what to do).
    pub robot_warning: Option<String>,
}

/// Why a sale of a robot without an active version needs the owner's attention.
pub const NO_ACTIVE_VERSION: &str = "Este robô ainda não tem versão ativa: o comprador recebeu a licença, mas o \
     download fica indisponível até você publicar uma versão (Robôs → Versões).";

/// Records a sale paid outside Hotmart and gives the buyer access, as a
/// Hotmart purchase does. Send a fresh `Idempotency-Key` per sale (the form
/// makes one when it opens): the same key again answers the first sale with
/// 200; with different data, 409.
#[utoipa::path(operation_id = "tenantRecordManualSale", post, path = "/api/tenant/manual-sales", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    params(("Idempotency-Key" = String, Header, description = "One per submission of the form (a UUID): the same key is the same sale")),
    request_body = ManualSaleRequest,
    responses((status = 201, body = ManualSaleRecorded), (status = 200, body = ManualSaleRecorded),
              (status = 409, body = ErrorBody), OwnerErrors))]
pub async fn record(
    owner: SignedInOwner,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ManualSaleRequest>,
) -> ApiResult<(StatusCode, Json<ManualSaleRecorded>)> {
    owner.require(Capability::ManageSales)?;
    let checked = validate(&body, Utc::now())?;
    let key = idempotency_key(&headers)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let sale = ManualSale {
        tenant_id: tenant,
        buyer: Buyer { email: &checked.email, name: &checked.name, phone: checked.phone.as_deref() },
        robot_id: checked.robot_id,
        amount: checked.amount,
        method: checked.method,
        sale_date: checked.sale_date,
        idempotency_key: &key,
    };
    let recorded = sale_lifecycle::record_manual(&mut tx, sale).await?;
    let robot_warning = (!tenant_robots::has_active_version(&mut tx, tenant, checked.robot_id).await?)
        .then(|| NO_ACTIVE_VERSION.to_string());
    let item: SaleItem = tenant_sales::find_detail(&mut tx, recorded.sale_id).await?.or_not_found(NOT_FOUND)?.0.into();
    let mut email_refusal = None;
    if !recorded.replayed {
        email_refusal = email::buyer::queue(&mut tx, tenant, &recorded.emails).await?.map(|u| u.reason());
        if let (true, Some(client_id)) = (recorded.client_created, recorded.client_id) {
            let client = json!({ "name": checked.name, "email": checked.email, "phone": checked.phone });
            owner.audit(&mut tx, Action::Create, "client", client_id, &Value::Null, &client).await?;
        }
        let audited_sale = json!({ "origin": item.origin, "externalId": item.external_id, "clientId": item.client_id,
                                   "amountPaidByCustomer": item.amount_paid_by_customer, "paymentMethod": item.payment_method,
                                   "saleDate": item.sale_date, "status": item.status, "robotId": checked.robot_id });
        owner.audit(&mut tx, Action::Create, "sale", item.id, &Value::Null, &audited_sale).await?;
        if let Some(license_id) = recorded.license_id {
            let license = json!({ "clientId": recorded.client_id, "robotId": checked.robot_id, "saleId": item.id,
                                  "status": "active", "activationDate": checked.sale_date, "expirationDate": null });
            owner.audit(&mut tx, Action::Create, "license", license_id, &Value::Null, &license).await?;
        }
    }
    tx.commit().await?;
    if let (false, Some(license_id)) = (recorded.replayed, recorded.license_id) {
        crate::personal_builds::queue_for_license(owner.pool(), tenant, license_id).await;
    }
    let status = if recorded.replayed { StatusCode::OK } else { StatusCode::CREATED };
    Ok((
        status,
        Json(ManualSaleRecorded {
            sale: item,
            license_id: recorded.license_id,
            client_id: recorded.client_id,
            client_created: recorded.client_created,
            replayed: recorded.replayed,
            email_refusal,
            robot_warning,
        }),
    ))
}

/// `/api/tenant/manual-sales`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(record))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(amount: Value, date: &str) -> ManualSaleRequest {
        ManualSaleRequest {
            buyer_name: Some("Ana".into()),
            buyer_email: Some(" Ana@Example.com ".into()),
            buyer_phone: None,
            robot_id: Some(Uuid::nil().to_string()),
            amount: Some(amount),
            payment_method: Some("pix".into()),
            sale_date: Some(date.into()),
        }
    }

    #[test]
    fn a_good_sale_is_normalised() {
        let checked = validate(&body(json!("297,50"), "2026-11-20"), Utc::now()).unwrap();
        assert_eq!(checked.email, "ana@example.com");
        assert_eq!(checked.amount, Decimal::new(29750, 2));
        assert_eq!(checked.method, PaymentMethod::Pix);
    }

    #[test]
    fn zero_future_and_missing_values_are_refused_with_their_messages() {
        let fields = |b: ManualSaleRequest| match validate(&b, Utc::now()) {
            Err(AppError::Validation { fields, .. }) => fields,
            other => panic!("{other:?}"),
        };
        assert_eq!(fields(body(json!(0), "2026-11-20"))["amount"], AMOUNT_NOT_POSITIVE);
        assert_eq!(fields(body(json!(""), "2026-11-20"))["amount"], AMOUNT_REQUIRED);
        let tomorrow = (Utc::now() + Duration::days(2)).format("%Y-%m-%d").to_string();
        assert_eq!(fields(body(json!(10), &tomorrow))["saleDate"], DATE_IN_FUTURE);
        let empty = fields(ManualSaleRequest::default());
        assert_eq!(empty["buyerName"], "Nome é obrigatório");
        assert_eq!(empty["buyerEmail"], "E-mail é obrigatório");
        assert_eq!(empty["robotId"], ROBOT_REQUIRED);
        assert_eq!(empty["paymentMethod"], METHOD_REQUIRED);
        assert_eq!(empty["saleDate"], DATE_REQUIRED);
        let mut other = body(json!(10), "2026-11-20");
        other.payment_method = Some("boleto".into());
        assert_eq!(fields(other)["paymentMethod"], METHOD_UNKNOWN);
    }

    #[test]
    fn the_key_is_a_plain_token() {
        let mut headers = HeaderMap::new();
        assert!(idempotency_key(&headers).is_err());
        headers.insert(IDEMPOTENCY_HEADER, "0192f3a4-5b6c-7d8e-9f00-112233445566".parse().unwrap());
        assert!(idempotency_key(&headers).is_ok());
        headers.insert(IDEMPOTENCY_HEADER, "curto".parse().unwrap());
        assert!(idempotency_key(&headers).is_err());
    }
}
