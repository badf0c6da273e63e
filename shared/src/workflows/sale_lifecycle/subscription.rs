//! Events about a running subscription: cancelled (access to the end of the
//! paid period), plan switched or rescheduled (the end follows the next
//! charge), late (the owner is told; access is kept or held, as the owner chose).

use sqlx::PgConnection;

use super::access::extend;
use super::{origin_of, Processed, StoredEvent, SUBSCRIPTION_GRACE};
use crate::domain::error::{AppError, AppResult};
use crate::domain::sales::SaleSubscription;
use crate::domain::status::{LatePayment, LicenseHold, SubscriptionStatus};
use crate::repositories::tenant_subscriptions::{self, Subscription};
use crate::repositories::{licenses, tenant_robots, tenant_sales};
use crate::workflows::notifications::{self, Notification, NotificationType};

fn subscriber_of<'a>(stored: &'a StoredEvent<'_>) -> AppResult<&'a SaleSubscription> {
    stored.event.subscription.as_ref().ok_or_else(|| AppError::Unprocessable("Evento sem assinante".into()))
}

/// The event's subscription, locked; None when it was never opened here.
async fn locked(conn: &mut PgConnection, stored: &StoredEvent<'_>) -> AppResult<Option<Subscription>> {
    let info = subscriber_of(stored)?;
    tenant_sales::lock_sale_key(conn, stored.tenant_id, &format!("subscriber:{}", info.code)).await?;
    tenant_subscriptions::lock_platform(conn, stored.tenant_id, origin_of(stored.event.platform), &info.code).await
}

fn buyer_label(stored: &StoredEvent<'_>) -> String {
    stored.event.buyer.as_ref().and_then(|b| b.name.clone().or(b.email.clone())).unwrap_or_default()
}

pub(super) async fn cancel(conn: &mut PgConnection, stored: &StoredEvent<'_>) -> AppResult<Processed> {
    let tenant_id = stored.tenant_id;
    let info = subscriber_of(stored)?;
    let Some(subscription) = locked(conn, stored).await? else {
        return Ok(Processed::just("unknown_subscription"));
    };
    let already = subscription.status == SubscriptionStatus::Cancelled;
    let cancelled_at = info.cancelled_at.or(stored.event.occurred_at).unwrap_or_else(chrono::Utc::now);
    let subscription = tenant_subscriptions::cancel(conn, tenant_id, subscription.id, cancelled_at).await?;
    // The license runs to the end of what was paid for, then expires.
    let paid_until = info.next_charge_at.or(subscription.next_billing_date).unwrap_or(cancelled_at);
    if let Some(sale_id) = subscription.sale_id {
        if let Some(license) = licenses::lock_by_sale(conn, tenant_id, sale_id).await? {
            licenses::set_expiration(conn, tenant_id, license.id, Some(paid_until)).await?;
        }
    }
    if !already {
        let message = format!(
            "{} — assinatura {} cancelada; acesso até {}",
            buyer_label(stored),
            info.code,
            paid_until.format("%d/%m/%Y")
        );
        let n = Notification::new(tenant_id, NotificationType::SubscriptionCancelled, "Assinatura cancelada", message);
        notifications::notify(conn, &n).await?;
    }
    Ok(Processed::just("subscription_cancelled"))
}

pub(super) async fn reschedule(conn: &mut PgConnection, stored: &StoredEvent<'_>) -> AppResult<Processed> {
    let tenant_id = stored.tenant_id;
    let info = subscriber_of(stored)?;
    let Some(subscription) = locked(conn, stored).await? else {
        return Ok(Processed::just("unknown_subscription"));
    };
    let subscription =
        tenant_subscriptions::reschedule(conn, tenant_id, subscription.id, info.next_charge_at, info.recurrence_value)
            .await?;
    if subscription.status == SubscriptionStatus::Active {
        if let Some(sale_id) = subscription.sale_id {
            if let Some(license) = licenses::lock_by_sale(conn, tenant_id, sale_id).await? {
                extend(conn, &license, subscription.next_billing_date.map(|d| d + SUBSCRIPTION_GRACE)).await?;
            }
        }
    }
    Ok(Processed::just("subscription_updated"))
}

/// A charge is overdue. The license already ends at the paid date plus
/// [`SUBSCRIPTION_GRACE`], so keeping access is the default: the owner is
/// told, and the buyer's access ends by itself if no payment follows. A
/// robot whose owner chose to suspend holds the license at once
/// (PAYMENT_OVERDUE) until the next paid charge lifts the hold.
pub(super) async fn late(conn: &mut PgConnection, stored: &StoredEvent<'_>) -> AppResult<Processed> {
    let tenant_id = stored.tenant_id;
    let info = subscriber_of(stored)?;
    let Some(subscription) = locked(conn, stored).await? else {
        return Ok(Processed::just("unknown_subscription"));
    };
    let license = match subscription.sale_id {
        Some(sale_id) => licenses::lock_by_sale(conn, tenant_id, sale_id).await?,
        None => None,
    };
    let policy = match license.as_ref().and_then(|l| l.robot_id) {
        Some(robot_id) => tenant_robots::find(conn, tenant_id, robot_id).await?.map(|r| r.late_payment),
        None => None,
    };
    let held = match (&license, policy) {
        (Some(license), Some(LatePayment::Suspend)) if license.hold.is_none() => {
            licenses::set_hold(conn, tenant_id, license.id, Some(LicenseHold::PaymentLate)).await?;
            true
        }
        (Some(license), _) => license.hold == Some(LicenseHold::PaymentLate),
        (None, _) => false,
    };
    let what = if held { "licença suspensa até o pagamento" } else { "acesso mantido até o fim do período pago" };
    let message = format!("{} — assinatura {} com pagamento atrasado; {what}", buyer_label(stored), info.code);
    let n = Notification::new(tenant_id, NotificationType::SubscriptionCancelled, "Pagamento atrasado", message);
    notifications::notify(conn, &n).await?;
    Ok(Processed::just(if held { "subscription_late_suspended" } else { "subscription_late" }))
}
