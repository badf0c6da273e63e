//! The postback's `event` field and what each one does to the tenant's rows.

use std::fmt;

/// `tenant_sales.status` values (the migration's CHECK allows exactly
/// `confirmed`, `pending`, `refunded`; `status::SaleStatus` mirrors them).
/// Plain strings here so this module does not pull in sqlx.
pub const SALE_CONFIRMED: &str = "confirmed";
pub const SALE_PENDING: &str = "pending";
pub const SALE_REFUNDED: &str = "refunded";

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum EventKind {
    PurchaseApproved,
    PurchaseComplete,
    PurchaseCanceled,
    PurchaseRefunded,
    PurchaseChargeback,
    PurchaseProtest,
    PurchaseDelayed,
    PurchaseBilletPrinted,
    PurchaseExpired,
    PurchaseOutOfShoppingCart,
    SubscriptionCancellation,
    SwitchPlan,
    UpdateSubscriptionChargeDate,
    /// Any other event (club access, module completed, events Hotmart adds
    /// later), with the name exactly as sent.
    Unknown(String),
}

/// What processing an event does. The processor owns the rows; this only says
/// which way they move, so every event kind is decided in one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Confirm the sale, create or extend the license (and the subscription
    /// when the event carries one).
    Grant,
    /// Set the sale to `sale_status` and cancel the license it granted.
    Revoke { sale_status: &'static str },
    /// Keep the sale in step with `sale_status` without granting access.
    Pending { sale_status: &'static str },
    /// Cancel the subscription; its license runs until the paid period ends.
    CancelSubscription,
    /// Plan or next charge date changed.
    UpdateSubscription,
    /// Stored and acknowledged, nothing else.
    Ignore,
}

impl Effect {
    /// The `tenant_sales.status` this effect leaves the sale in, if it touches the sale.
    pub fn sale_status(&self) -> Option<&'static str> {
        match self {
            Self::Grant => Some(SALE_CONFIRMED),
            Self::Revoke { sale_status } | Self::Pending { sale_status } => Some(sale_status),
            Self::CancelSubscription | Self::UpdateSubscription | Self::Ignore => None,
        }
    }

    /// Whether the event is about one purchase transaction (and so must carry it).
    pub fn needs_transaction(&self) -> bool {
        matches!(self, Self::Grant | Self::Revoke { .. } | Self::Pending { .. })
    }

    /// Whether the event is about a subscription (and so must carry the subscriber code).
    pub fn needs_subscriber(&self) -> bool {
        matches!(self, Self::CancelSubscription | Self::UpdateSubscription)
    }
}

impl EventKind {
    /// Reads Hotmart's event name; surrounding spaces and letter case do not
    /// matter, an unrecognised name is kept verbatim in [`EventKind::Unknown`].
    pub fn from_name(name: &str) -> Self {
        match name.trim().to_ascii_uppercase().as_str() {
            "PURCHASE_APPROVED" => Self::PurchaseApproved,
            "PURCHASE_COMPLETE" => Self::PurchaseComplete,
            "PURCHASE_CANCELED" => Self::PurchaseCanceled,
            "PURCHASE_REFUNDED" => Self::PurchaseRefunded,
            "PURCHASE_CHARGEBACK" => Self::PurchaseChargeback,
            "PURCHASE_PROTEST" => Self::PurchaseProtest,
            "PURCHASE_DELAYED" => Self::PurchaseDelayed,
            "PURCHASE_BILLET_PRINTED" => Self::PurchaseBilletPrinted,
            "PURCHASE_EXPIRED" => Self::PurchaseExpired,
            "PURCHASE_OUT_OF_SHOPPING_CART" => Self::PurchaseOutOfShoppingCart,
            "SUBSCRIPTION_CANCELLATION" => Self::SubscriptionCancellation,
            "SWITCH_PLAN" => Self::SwitchPlan,
            "UPDATE_SUBSCRIPTION_CHARGE_DATE" => Self::UpdateSubscriptionChargeDate,
            _ => Self::Unknown(name.to_string()),
        }
    }

    /// Hotmart's name for the event (the original text for an unknown one).
    pub fn as_str(&self) -> &str {
        match self {
            Self::PurchaseApproved => "PURCHASE_APPROVED",
            Self::PurchaseComplete => "PURCHASE_COMPLETE",
            Self::PurchaseCanceled => "PURCHASE_CANCELED",
            Self::PurchaseRefunded => "PURCHASE_REFUNDED",
            Self::PurchaseChargeback => "PURCHASE_CHARGEBACK",
            Self::PurchaseProtest => "PURCHASE_PROTEST",
            Self::PurchaseDelayed => "PURCHASE_DELAYED",
            Self::PurchaseBilletPrinted => "PURCHASE_BILLET_PRINTED",
            Self::PurchaseExpired => "PURCHASE_EXPIRED",
            Self::PurchaseOutOfShoppingCart => "PURCHASE_OUT_OF_SHOPPING_CART",
            Self::SubscriptionCancellation => "SUBSCRIPTION_CANCELLATION",
            Self::SwitchPlan => "SWITCH_PLAN",
            Self::UpdateSubscriptionChargeDate => "UPDATE_SUBSCRIPTION_CHARGE_DATE",
            Self::Unknown(name) => name,
        }
    }

    pub fn effect(&self) -> Effect {
        match self {
            Self::PurchaseApproved | Self::PurchaseComplete => Effect::Grant,
            // The sales CHECK has no `cancelled` or `chargeback`: money that went
            // back to the buyer (refund, chargeback) and a purchase Hotmart voided
            // (declined card, cancelled order) all end as `refunded`, i.e. "not
            // revenue"; the event name stays in the stored payload for the detail.
            Self::PurchaseRefunded | Self::PurchaseChargeback | Self::PurchaseCanceled => {
                Effect::Revoke { sale_status: SALE_REFUNDED }
            }
            // A refund request (protest), an overdue payment (delayed) and a
            // printed billet are all "not paid (yet)".
            Self::PurchaseProtest | Self::PurchaseDelayed | Self::PurchaseBilletPrinted => {
                Effect::Pending { sale_status: SALE_PENDING }
            }
            // The CHECK has no `expired` either: an expired billet or PIX was never
            // paid, which `pending` says without claiming money came and went.
            Self::PurchaseExpired => Effect::Pending { sale_status: SALE_PENDING },
            Self::SubscriptionCancellation => Effect::CancelSubscription,
            Self::SwitchPlan | Self::UpdateSubscriptionChargeDate => Effect::UpdateSubscription,
            // An abandoned cart has no transaction and nothing to grant.
            Self::PurchaseOutOfShoppingCart | Self::Unknown(_) => Effect::Ignore,
        }
    }
}

impl fmt::Display for EventKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
