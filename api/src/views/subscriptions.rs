//! A subscription as the admin and owner see it.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Serialize;
use shared::domain::status::{Origin, Recurrence, SubscriptionStatus};
use shared::repositories::tenant_subscriptions::SubscriptionListRow;
use utoipa::ToSchema;
use uuid::Uuid;

pub const NOT_FOUND: &str = "Assinatura não encontrada";
crate::not_found_as!(UnknownSubscription, NOT_FOUND);

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionItem {
    pub id: Uuid,
    pub external_id: Option<String>,
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub client_id: Option<Uuid>,
    pub client_name: Option<String>,
    pub client_email: Option<String>,
    pub sale_id: Option<Uuid>,
    pub origin: Origin,
    #[schema(value_type = String, example = "97.00")]
    pub amount: Decimal,
    pub recurrence: Recurrence,
    pub status: SubscriptionStatus,
    pub last_payment_date: Option<DateTime<Utc>>,
    pub next_billing_date: Option<DateTime<Utc>>,
    pub last_charge_attempt: Option<DateTime<Utc>>,
    pub cancellation_date: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// When the client asked, in the portal, to cancel a subscription only
    /// Hotmart can stop (it stays active until cancelled there).
    pub cancellation_requested_at: Option<DateTime<Utc>>,
    /// Hotmart's answer when the portal asked it to cancel: its status
    /// (e.g. `CANCELLED_BY_SELLER`) or error code, its message and when.
    pub hotmart_cancel_status: Option<String>,
    pub hotmart_cancel_message: Option<String>,
    pub hotmart_cancel_at: Option<DateTime<Utc>>,
}

impl From<SubscriptionListRow> for SubscriptionItem {
    fn from(s: SubscriptionListRow) -> Self {
        Self {
            id: s.id,
            external_id: s.external_id,
            tenant_id: s.tenant_id,
            tenant_name: s.tenant_name,
            client_id: s.client_id,
            client_name: s.client_name,
            client_email: s.client_email,
            sale_id: s.sale_id,
            origin: s.origin,
            amount: s.amount,
            recurrence: s.recurrence,
            status: s.status,
            last_payment_date: s.last_payment_date,
            next_billing_date: s.next_billing_date,
            last_charge_attempt: s.last_charge_attempt,
            cancellation_date: s.cancellation_date,
            created_at: s.created_at,
            cancellation_requested_at: s.cancellation_requested_at,
            hotmart_cancel_status: s.hotmart_cancel_status,
            hotmart_cancel_message: s.hotmart_cancel_message,
            hotmart_cancel_at: s.hotmart_cancel_at,
        }
    }
}
