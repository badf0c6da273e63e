//! The provider-neutral sale event: what a platform said happened, in the
//! lifecycle's terms. Serialised into the inbox row (`sale_event`), so its
//! field names are a stored format: add fields as `Option`, never rename.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Where an event came from; also the sale's `origin`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Platform {
    Hotmart,
    Kiwify,
    Eduzz,
    Asaas,
}

impl Platform {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Hotmart => "hotmart",
            Self::Kiwify => "kiwify",
            Self::Eduzz => "eduzz",
            Self::Asaas => "asaas",
        }
    }

    /// As the owner reads it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Hotmart => "Hotmart",
            Self::Kiwify => "Kiwify",
            Self::Eduzz => "Eduzz",
            Self::Asaas => "Asaas",
        }
    }
}

/// What the event means for the buyer's access, whatever the platform calls it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SaleEventKind {
    /// Paid: grant (a renewal when the subscription's first sale is another).
    Approved,
    /// A charge of a running subscription was paid: extend its license.
    Renewal,
    /// Not paid (yet): a printed billet, an overdue or expired payment.
    Pending,
    /// Money went back, or the platform voided the order: revoke.
    Refunded,
    /// The card holder's bank took the money back: revoke and flag the buyer.
    Chargeback,
    /// The buyer opened a dispute (a refund request the seller contests).
    DisputeOpened,
    /// The dispute ended in the seller's favour.
    DisputeWon,
    /// Access runs to the end of the paid period.
    SubscriptionCancelled,
    /// A charge of the subscription failed and is overdue.
    SubscriptionLate,
    /// The buyer moved to another plan.
    PlanSwitched,
    /// The next charge date (or the charge amount) changed.
    SubscriptionRescheduled,
    /// Stored and acknowledged, nothing else (abandoned carts, club events).
    Ignored,
}

/// One event, read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaleEvent {
    pub platform: Platform,
    /// The inbox key: the same event delivered again has the same id.
    pub event_id: String,
    /// The platform's own name for the event (PURCHASE_APPROVED, order_approved…).
    pub event_name: String,
    pub kind: SaleEventKind,
    /// The platform's test delivery: recorded, never granting anything.
    pub is_test: bool,
    pub occurred_at: Option<DateTime<Utc>>,
    /// The platform's product id, and the offer (price) within it.
    pub product_id: Option<String>,
    pub offer_code: Option<String>,
    pub purchase: Option<SalePurchase>,
    pub buyer: Option<SaleBuyer>,
    pub subscription: Option<SaleSubscription>,
}

impl SaleEvent {
    /// The buyer's e-mail, trimmed and lower-cased by the adapter.
    pub fn buyer_email(&self) -> Option<&str> {
        self.buyer.as_ref()?.email.as_deref()
    }
}

/// One charge: amounts exact to the cent (scale 2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SalePurchase {
    /// The platform's id of this charge: the sale's external id (one sale per id).
    pub transaction: String,
    /// The platform's status as sent.
    pub status: Option<String>,
    /// What the buyer paid.
    pub amount_paid: Option<Decimal>,
    pub gross_amount: Option<Decimal>,
    pub currency: Option<String>,
    /// What the platform kept.
    pub platform_fee: Option<Decimal>,
    pub coproducer_commission: Option<Decimal>,
    pub affiliate_commission: Option<Decimal>,
    /// What the seller receives.
    pub net_amount: Option<Decimal>,
    pub approved_at: Option<DateTime<Utc>>,
    pub ordered_at: Option<DateTime<Utc>>,
    /// Which charge of a subscription this is (1 the first), when the platform says.
    pub recurrence_number: Option<i32>,
    pub payment_type: Option<String>,
    pub installments: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaleBuyer {
    /// Trimmed and lower-cased, the way clients are keyed everywhere.
    pub email: Option<String>,
    pub name: Option<String>,
    pub phone: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaleSubscription {
    /// The subscription's id at the platform, stable across renewals.
    pub code: String,
    pub status: Option<String>,
    pub plan_id: Option<String>,
    pub plan_name: Option<String>,
    pub next_charge_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
    /// The amount of each charge, when the event says it.
    pub recurrence_value: Option<Decimal>,
}
