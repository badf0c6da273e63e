//! What a sale event does, whichever platform sent it. The platform's
//! adapter (`domain::sales::adapters`) read its payload at intake into a
//! [`SaleEvent`]; this turns the event into sales, clients, licenses,
//! subscriptions, personal builds, notifications and buyer e-mails. Runs
//! inside one transaction scoped to the robot's tenant (the job's), so an
//! event is applied entirely or not at all, and under an advisory lock per
//! purchase transaction and per subscriber, so two events of one purchase
//! never interleave.
//!
//! Order independence: a sale's status only moves forward
//! (pending → confirmed → refunded), amounts and dates already known are kept
//! unless an event carries them, and a license exists for every sale that
//! reached confirmed or refunded, its status following the sale's. So
//! refunded-then-approved ends exactly like approved-then-refunded: one sale,
//! one license.
//!
//! Subscriptions: the first charge creates the subscription and the license;
//! a renewal (another transaction of the same subscription) records its own
//! sale and extends the license of the first. Subscription licenses run until
//! the next charge date plus [`SUBSCRIPTION_GRACE`]; a cancellation ends the
//! license at the end of the paid period.
//!
//! Manual sales ([`record_manual`]) take the same steps a platform purchase
//! takes once it is confirmed ([`client_of`], `announce`, `access`), so both
//! origins give the buyer the same access and the same e-mails.

mod access;
mod announce;
mod buyer;
mod intake;
mod manual;
mod purchase;
mod subscription;

use chrono::Duration;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::sales::{Platform, SaleEvent, SaleEventKind};
use crate::domain::status::Origin;
use crate::repositories::tenant_robots;
use crate::workflows::email::BuyerEmail;

pub use buyer::{client_of, Buyer};
pub use intake::{store_event, Intake};
pub use manual::{
    manual_purchase_id, record_manual, ManualSale, ManualSaleRecorded, IDEMPOTENCY_KEY_REUSED,
    MANUAL_SALE_ROBOT_UNKNOWN,
};

/// Retries before an event is marked failed (visible to the admin, replayable).
pub const MAX_ATTEMPTS: i32 = 8;

/// A late card payment does not cut the robot off at once.
pub const SUBSCRIPTION_GRACE: Duration = Duration::days(3);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Processed {
    /// What happened, in a word (kept on the inbox row).
    pub outcome: &'static str,
    pub emails: Vec<BuyerEmail>,
}

impl Processed {
    fn just(outcome: &'static str) -> Self {
        Self { outcome, emails: Vec::new() }
    }
}

/// One stored event, as the lifecycle needs it.
pub struct StoredEvent<'a> {
    pub tenant_id: Uuid,
    /// The robot whose webhook URL received it (None once the robot is deleted).
    pub robot_id: Option<Uuid>,
    pub event: &'a SaleEvent,
    /// The body as received (credentials removed): kept on the sale.
    pub payload: &'a serde_json::Value,
}

/// The sale's `origin` for a platform.
pub fn origin_of(platform: Platform) -> Origin {
    match platform {
        Platform::Hotmart => Origin::Hotmart,
        Platform::Kiwify => Origin::Kiwify,
        Platform::Eduzz => Origin::Eduzz,
        Platform::Asaas => Origin::Asaas,
    }
}

/// Applies one stored event. Call in a `Scope::worker_for(tenant_id)`
/// transaction; notifications go out when it commits.
pub async fn process(conn: &mut PgConnection, stored: &StoredEvent<'_>) -> AppResult<Processed> {
    if let Some(robot_id) = stored.robot_id {
        tenant_robots::mark_webhook_verified(conn, stored.tenant_id, robot_id).await?;
    }
    if stored.event.is_test {
        return Ok(Processed::just("test"));
    }
    match stored.event.kind {
        SaleEventKind::Approved
        | SaleEventKind::Renewal
        | SaleEventKind::Pending
        | SaleEventKind::Refunded
        | SaleEventKind::Chargeback
        | SaleEventKind::DisputeOpened
        | SaleEventKind::DisputeWon => purchase::apply(conn, stored).await,
        SaleEventKind::SubscriptionCancelled => subscription::cancel(conn, stored).await,
        SaleEventKind::PlanSwitched | SaleEventKind::SubscriptionRescheduled => {
            subscription::reschedule(conn, stored).await
        }
        SaleEventKind::SubscriptionLate => subscription::late(conn, stored).await,
        SaleEventKind::Ignored => Ok(Processed::just("ignored")),
    }
}
