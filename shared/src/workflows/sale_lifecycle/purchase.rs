//! Events about one charge (approved, renewal, pending, refunded,
//! chargeback, dispute): the sale, the buyer's client, the subscription a
//! first charge opens or a renewal pays forward, and the license.

use chrono::{Duration, Utc};
use sqlx::PgConnection;

use super::access::{extend, follow_dispute, grant_license};
use super::announce::{announce_confirmed, ConfirmedSale};
use super::buyer::{client_of, Buyer};
use super::{origin_of, Processed, StoredEvent, SUBSCRIPTION_GRACE};
use crate::domain::error::{AppError, AppResult};
use crate::domain::money::format_brl;
use crate::domain::sales::SaleEventKind;
use crate::domain::status::{LicenseHold, LicenseStatus, SaleStatus};
use crate::repositories::tenant_sales::{self, PlatformSaleFacts};
use crate::repositories::{licenses, tenant_clients, tenant_subscriptions};
use crate::workflows::email::BuyerEmail;
use crate::workflows::notifications::{self, Notification, NotificationType};

/// How far along a sale is: it never moves back (events arrive out of order).
fn rank(status: SaleStatus) -> u8 {
    match status {
        SaleStatus::Pending => 0,
        SaleStatus::Confirmed => 1,
        SaleStatus::Refunded => 2,
    }
}

/// The sale status an event of this kind asks for.
fn incoming_status(kind: SaleEventKind) -> SaleStatus {
    match kind {
        SaleEventKind::Approved | SaleEventKind::Renewal | SaleEventKind::DisputeWon => SaleStatus::Confirmed,
        SaleEventKind::Refunded | SaleEventKind::Chargeback => SaleStatus::Refunded,
        // A dispute is "not settled": pending, which never undoes a confirmation.
        _ => SaleStatus::Pending,
    }
}

fn grants(kind: SaleEventKind) -> bool {
    incoming_status(kind) == SaleStatus::Confirmed
}

/// Where the sale's dispute stands after this event: open (the license is
/// held) or not. A dispute opens with its event and closes when won; a
/// platform that signals the win by approving the purchase again (Hotmart)
/// closes it with an approval dated after the dispute opened, so the
/// original approval delivered late does not.
async fn dispute_stands(conn: &mut PgConnection, stored: &StoredEvent<'_>, sale_id: uuid::Uuid) -> AppResult<bool> {
    let event = stored.event;
    let at = event.occurred_at.unwrap_or_else(Utc::now);
    let change = match event.kind {
        SaleEventKind::DisputeOpened => Some(("open", at)),
        SaleEventKind::DisputeWon => Some(("won", at)),
        _ => None,
    };
    let (state, since) = tenant_sales::advance_dispute(conn, sale_id, change).await?;
    let approved_after = event.kind == SaleEventKind::Approved
        && event.occurred_at.zip(since).is_some_and(|(approved, opened)| approved > opened);
    if state.as_deref() == Some("open") && approved_after {
        tenant_sales::advance_dispute(conn, sale_id, Some(("won", at))).await?;
        return Ok(false);
    }
    Ok(state.as_deref() == Some("open"))
}

pub(super) async fn apply(conn: &mut PgConnection, stored: &StoredEvent<'_>) -> AppResult<Processed> {
    let (tenant_id, robot_id, event) = (stored.tenant_id, stored.robot_id, stored.event);
    let origin = origin_of(event.platform);
    let purchase = event.purchase.as_ref().ok_or_else(|| AppError::Unprocessable("Evento sem compra".into()))?;
    tenant_sales::lock_sale_key(conn, tenant_id, &format!("transaction:{}", purchase.transaction)).await?;
    let subscription_info = event.subscription.as_ref().filter(|_| grants(event.kind));
    if let Some(info) = subscription_info {
        tenant_sales::lock_sale_key(conn, tenant_id, &format!("subscriber:{}", info.code)).await?;
    }
    let mut emails = Vec::new();

    let buyer = event.buyer.as_ref();
    let email = event.buyer_email();
    let name = buyer.and_then(|b| b.name.clone()).or_else(|| email.map(str::to_string)).unwrap_or_default();
    let client = match email {
        Some(email) => {
            let phone = buyer.and_then(|b| b.phone.as_deref());
            Some(client_of(conn, tenant_id, &Buyer { email, name: &name, phone }).await?)
        }
        None => None,
    };
    let client_id = client.map(|(id, _)| id);

    let existing = tenant_sales::lock_platform(conn, tenant_id, origin, &purchase.transaction).await?;
    let previous = existing.as_ref().map(|s| s.status);
    let incoming = incoming_status(event.kind);
    let status = match previous {
        Some(old) if rank(old) > rank(incoming) => old,
        _ => incoming,
    };
    let revokes = incoming == SaleStatus::Refunded;
    let revoked_at = revokes.then(|| event.occurred_at.unwrap_or_else(Utc::now));
    let facts = PlatformSaleFacts {
        tenant_id,
        origin,
        client_id,
        transaction: &purchase.transaction,
        status,
        amount_paid: purchase.amount_paid,
        gross_amount: purchase.gross_amount,
        platform_fee: purchase.platform_fee,
        coproducer_commission: purchase.coproducer_commission,
        affiliate_commission: purchase.affiliate_commission,
        net_amount: purchase.net_amount,
        currency: purchase.currency.as_deref(),
        sale_date: purchase.approved_at.or(purchase.ordered_at),
        cancellation_date: revoked_at,
        payload: stored.payload,
    };
    let sale = match &existing {
        Some(sale) => tenant_sales::update_platform(conn, sale.id, &facts).await?,
        None => tenant_sales::create_platform(conn, &facts).await?,
    };

    let dispute_open = dispute_stands(conn, stored, sale.id).await? && status == SaleStatus::Confirmed;

    // A chargeback marks the buyer: the owner sees it on the client before
    // selling to them again, whichever platform the money went back through.
    if event.kind == SaleEventKind::Chargeback {
        if let Some(client_id) = client_id.or(sale.client_id) {
            tenant_clients::flag_chargeback(conn, tenant_id, client_id, revoked_at.unwrap_or_else(Utc::now)).await?;
        }
    }

    let amount_text = purchase.amount_paid.map(format_brl).unwrap_or_else(|| "valor não informado".into());
    if status == SaleStatus::Confirmed && previous != Some(SaleStatus::Confirmed) {
        let confirmed = ConfirmedSale {
            summary: format!("{name} — compra {} ({amount_text})", purchase.transaction),
            buyer: client_id.zip(email).map(|(id, email)| (id, email, name.as_str())),
            purchase_id: &purchase.transaction,
            amount: purchase.amount_paid,
            robot_id,
        };
        announce_confirmed(conn, tenant_id, &confirmed, &mut emails).await?;
    }
    if status == SaleStatus::Refunded && previous != Some(SaleStatus::Refunded) && previous.is_some() {
        let message = format!("{name} — compra {} ({amount_text}) reembolsada ou cancelada", purchase.transaction);
        notifications::notify(conn, &Notification::new(tenant_id, NotificationType::Refund, "Reembolso", message))
            .await?;
    }

    // The subscription: created by its first charge, paid forward by renewals.
    let mut renewal_of = None;
    let mut paid_until = None;
    if let (Some(info), Some(client_id)) = (subscription_info, client_id) {
        let next_billing = info.next_charge_at.or_else(|| facts.sale_date.map(|d| d + Duration::days(30)));
        let subscription = match tenant_subscriptions::lock_platform(conn, tenant_id, origin, &info.code).await? {
            None => {
                let created = tenant_subscriptions::create_platform(
                    conn,
                    tenant_subscriptions::NewPlatformSubscription {
                        tenant_id,
                        origin,
                        subscriber_code: &info.code,
                        client_id,
                        sale_id: sale.id,
                        amount: purchase.amount_paid.unwrap_or_default(),
                        last_payment_date: facts.sale_date,
                        next_billing_date: next_billing,
                        payload: stored.payload,
                    },
                )
                .await?;
                if let Some(email) = email {
                    emails.push(BuyerEmail::SubscriptionConfirmation {
                        client_id,
                        email: email.into(),
                        name: name.clone(),
                        subscriber_code: info.code.clone(),
                        amount: created.amount,
                        recurrence: created.recurrence.clone(),
                        next_charge: created.next_billing_date,
                    });
                }
                created
            }
            Some(s) => {
                tenant_subscriptions::record_payment(conn, tenant_id, s.id, facts.sale_date, next_billing).await?
            }
        };
        if subscription.sale_id.is_some_and(|first| first != sale.id) {
            renewal_of = subscription.sale_id;
        }
        paid_until = subscription.next_billing_date.map(|d| d + SUBSCRIPTION_GRACE);
    }

    if let Some(first_sale) = renewal_of {
        if let Some(license) = licenses::lock_by_sale(conn, tenant_id, first_sale).await? {
            extend(conn, &license, paid_until).await?;
            // The late charge is paid: a license held for it runs again.
            if license.hold == Some(LicenseHold::PaymentLate) {
                licenses::set_hold(conn, tenant_id, license.id, None).await?;
            }
        }
        return Ok(Processed { outcome: "renewal", emails });
    }

    // The license follows the sale: active while confirmed, cancelled once refunded.
    let desired = match status {
        SaleStatus::Confirmed => Some(LicenseStatus::Active),
        SaleStatus::Refunded => Some(LicenseStatus::Cancelled),
        SaleStatus::Pending => None,
    };
    let license = licenses::lock_by_sale(conn, tenant_id, sale.id).await?;
    match (license, desired, client_id, robot_id) {
        (None, Some(desired), Some(client_id), Some(robot_id)) => {
            // The access e-mail (how to sign in) goes to a buyer meeting the
            // portal for the first time: created by this event, or created by
            // an earlier one that granted nothing (a printed billet, a PIX
            // not yet paid) and holding no license yet.
            let first_access = match client {
                Some((_, true)) => true,
                Some((id, false)) => !licenses::client_holds_any(conn, tenant_id, id).await?,
                None => false,
            };
            let new_client = email.filter(|_| first_access).map(|email| (email, name.as_str()));
            let license = licenses::NewLicense {
                tenant_id,
                client_id,
                robot_id,
                sale_id: Some(sale.id),
                activation_date: Some(sale.sale_date.unwrap_or_else(Utc::now)),
                expiration_date: paid_until,
                status: desired,
            };
            let granted = grant_license(conn, license, new_client, &purchase.transaction, &mut emails).await?;
            follow_dispute(conn, &granted, dispute_open).await?;
            // Runs in the worker's scope of the tenant (see `process`).
            crate::repositories::license_builds::queue_for_license(conn, tenant_id, granted.id).await?;
        }
        (Some(license), Some(desired), _, _) => {
            if license.status != desired
                && !(license.status == LicenseStatus::Expired && desired == LicenseStatus::Active)
            {
                licenses::set_status(conn, tenant_id, license.id, desired).await?;
            }
            extend(conn, &license, paid_until).await?;
            follow_dispute(conn, &license, dispute_open).await?;
        }
        _ => {}
    }
    let outcome = match (existing.is_some(), status) {
        (_, SaleStatus::Refunded) => "refunded",
        (_, SaleStatus::Pending) => "pending",
        (false, _) => "sale_created",
        (true, _) => "sale_updated",
    };
    Ok(Processed { outcome, emails })
}
