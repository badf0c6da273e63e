//! A sale as the admin and owner see it, and the messages the sale forms share.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Serialize;
use serde_json::Value;
use shared::domain::status::{Origin, PaymentMethod, SaleStatus};
use shared::repositories::tenant_sales::SaleListRow;
use utoipa::ToSchema;
use uuid::Uuid;

pub const NOT_FOUND: &str = "Venda não encontrada";
crate::not_found_as!(UnknownSale, NOT_FOUND);

pub const REQUIRED: &str = "Campo obrigatório";

pub const CLIENT_OF_ANOTHER_TENANT: &str = "O cliente selecionado não pertence ao tenant escolhido.";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaleItem {
    pub id: Uuid,
    pub external_id: Option<String>,
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub client_id: Option<Uuid>,
    pub client_name: Option<String>,
    pub client_email: Option<String>,
    pub origin: Origin,
    #[schema(value_type = Option<String>, example = "197.00")]
    pub amount_paid_by_customer: Option<Decimal>,
    #[schema(value_type = Option<String>, example = "197.00")]
    pub gross_amount: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    pub hotmart_commission: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    pub coproducer_commission: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    pub affiliate_commission: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    pub other_fees: Option<Decimal>,
    #[schema(value_type = Option<String>)]
    pub net_amount: Option<Decimal>,
    pub original_currency: String,
    #[schema(value_type = Option<String>)]
    pub exchange_rate: Option<Decimal>,
    pub sale_date: Option<DateTime<Utc>>,
    pub cancellation_date: Option<DateTime<Utc>>,
    pub status: SaleStatus,
    pub created_at: DateTime<Utc>,
    /// How a manual sale was paid (pix, transferencia, outro); null for Hotmart's.
    pub payment_method: Option<PaymentMethod>,
}

impl From<SaleListRow> for SaleItem {
    fn from(s: SaleListRow) -> Self {
        Self {
            id: s.id,
            external_id: s.external_id,
            tenant_id: s.tenant_id,
            tenant_name: s.tenant_name,
            client_id: s.client_id,
            client_name: s.client_name,
            client_email: s.client_email,
            origin: s.origin,
            amount_paid_by_customer: s.amount_paid_by_customer,
            gross_amount: s.gross_amount,
            hotmart_commission: s.hotmart_commission,
            coproducer_commission: s.coproducer_commission,
            affiliate_commission: s.affiliate_commission,
            other_fees: s.other_fees,
            net_amount: s.net_amount,
            original_currency: s.original_currency,
            exchange_rate: s.exchange_rate,
            sale_date: s.sale_date,
            cancellation_date: s.cancellation_date,
            status: s.status,
            created_at: s.created_at,
            payment_method: s.payment_method,
        }
    }
}

/// A sale with the provider's original payload.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaleDetail {
    #[serde(flatten)]
    pub sale: SaleItem,
    /// The Hotmart postback as received; for a sale an owner recorded, what
    /// they typed (buyer, robot, amount, method, date).
    pub original_payload: Option<Value>,
}

/// Where a sale came from, as a buyer reads it.
pub fn platform_label(origin: Origin) -> &'static str {
    match origin {
        Origin::Hotmart => "Hotmart",
        Origin::Kiwify => "Kiwify",
        Origin::Eduzz => "Eduzz",
        Origin::Asaas => "Asaas",
        // Recorded by the seller by hand (PIX, transfer...).
        Origin::Manual => "Venda direta",
    }
}
