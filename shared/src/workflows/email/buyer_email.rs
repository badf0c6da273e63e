//! The messages to a buyer that a sale, a manual sale or the expiry job ask
//! for. A type of the e-mail workflow, not of any sales platform: the mail
//! and expiry code must not depend on how a sale arrived.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use uuid::Uuid;

/// A message to the buyer (sent by the e-mail pipeline in the caller's
/// transaction, `email::buyer::queue`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuyerEmail {
    /// A client created by this purchase: log in with e-mail + purchase id.
    Welcome { client_id: Uuid, email: String, name: String, purchase_id: String, robot_id: Option<Uuid> },
    SaleConfirmation {
        client_id: Uuid,
        email: String,
        name: String,
        purchase_id: String,
        amount: Option<Decimal>,
        robot_id: Option<Uuid>,
    },
    SubscriptionConfirmation {
        client_id: Uuid,
        email: String,
        name: String,
        subscriber_code: String,
        amount: Decimal,
        /// `tenant_subscriptions.recurrence` (monthly, quarterly, ...).
        recurrence: String,
        next_charge: Option<DateTime<Utc>>,
    },
    /// The license ends soon (sent once per end date by the expiry job).
    LicenseEnding { client_id: Uuid, email: String, name: String, robot_id: Option<Uuid>, ends_at: DateTime<Utc> },
}
