//! Turns a stored Hotmart event into sales, clients, licenses and
//! subscriptions. Runs inside one transaction scoped to the robot's tenant
//! (the job's), so an event is applied entirely or not at all, and under an
//! advisory lock per purchase transaction and per subscriber, so two events of
//! one purchase never interleave.
//!
//! Order independence: a sale's status only moves forward
//! (pending → confirmed → refunded), amounts and dates already known are kept
//! unless an event carries them, and a license exists for every sale that
//! reached confirmed or refunded, its status following the sale's. So
//! REFUNDED-then-APPROVED ends exactly like APPROVED-then-REFUNDED, and
//! COMPLETE-then-APPROVED like APPROVED-then-COMPLETE: one sale, one license.
//!
//! Subscriptions: the first charge creates the subscription and the license;
//! a renewal (another transaction of the same subscriber) records its own sale
//! and extends the license of the first. Subscription licenses run until the
//! next charge date plus [`SUBSCRIPTION_GRACE`]; a cancellation ends the
//! license at the end of the paid period.
//!
//! Manual sales ([`record_manual`]: an owner typing a PIX or a transfer) take
//! the same steps a Hotmart purchase takes once it is confirmed — the
//! buyer's client found or created by e-mail ([`client_of`]), the NEW_SALE
//! notification and sale confirmation ([`announce_confirmed`]), the license
//! and the welcome for a new client ([`grant_license`]) — so both origins
//! give the buyer the same access and the same e-mails.

use chrono::{DateTime, Duration, Utc};
use rust_decimal::Decimal;
use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::{AppError, AppResult};
use crate::domain::hotmart::{self, Effect, HotmartEvent};
use crate::domain::status::{LicenseStatus, PaymentMethod, SaleStatus};
use crate::repositories::hotmart_inbox::InboxEvent;
use crate::repositories::tenant_sales::{self, HotmartSaleFacts, RecordedSale};
use crate::repositories::{licenses, tenant_clients, tenant_robots, tenant_subscriptions};
use crate::workflows::notifications::{self, Notification, NotificationType};

/// Retries before an event is marked failed (visible to the admin, replayable).
pub const MAX_ATTEMPTS: i32 = 8;

/// A late card payment does not cut the robot off at once.
pub const SUBSCRIPTION_GRACE: Duration = Duration::days(3);

/// A message to the buyer that processing asks for (sent by the e-mail
/// pipeline in the same transaction).
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

/// Applies one stored event. Call in a `Scope::worker_for(inbox.tenant_id)`
/// transaction; notifications go out when it commits.
pub async fn process(conn: &mut PgConnection, inbox: &InboxEvent) -> AppResult<Processed> {
    let raw = serde_json::to_vec(&inbox.payload).map_err(AppError::internal)?;
    let event = hotmart::parse(&raw).map_err(|e| AppError::Unprocessable(e.to_string()))?;
    if let Some(robot_id) = inbox.robot_id {
        tenant_robots::mark_webhook_verified(conn, inbox.tenant_id, robot_id).await?;
    }
    if event.is_test {
        return Ok(Processed::just("test"));
    }
    match event.effect() {
        Effect::Grant | Effect::Revoke { .. } | Effect::Pending { .. } => {
            purchase(conn, inbox.tenant_id, inbox.robot_id, &event).await
        }
        Effect::CancelSubscription => cancel_subscription(conn, inbox.tenant_id, &event).await,
        Effect::UpdateSubscription => update_subscription(conn, inbox.tenant_id, &event).await,
        Effect::Ignore => Ok(Processed::just("ignored")),
    }
}

fn rank(status: SaleStatus) -> u8 {
    match status {
        SaleStatus::Pending => 0,
        SaleStatus::Confirmed => 1,
        SaleStatus::Refunded => 2,
    }
}

fn event_sale_status(effect: Effect) -> SaleStatus {
    match effect {
        Effect::Grant => SaleStatus::Confirmed,
        Effect::Revoke { .. } => SaleStatus::Refunded,
        _ => SaleStatus::Pending,
    }
}

async fn purchase(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Option<Uuid>,
    event: &HotmartEvent,
) -> AppResult<Processed> {
    let purchase = event.purchase.as_ref().ok_or_else(|| AppError::Unprocessable("Evento sem compra".into()))?;
    let effect = event.effect();
    tenant_sales::lock_sale_key(conn, tenant_id, &format!("transaction:{}", purchase.transaction)).await?;
    let subscription_info = event.subscription.as_ref().filter(|_| effect == Effect::Grant);
    if let Some(info) = subscription_info {
        tenant_sales::lock_sale_key(conn, tenant_id, &format!("subscriber:{}", info.subscriber_code)).await?;
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

    let existing = tenant_sales::lock_hotmart(conn, tenant_id, &purchase.transaction).await?;
    let previous = existing.as_ref().map(|s| s.status);
    let incoming = event_sale_status(effect);
    let status = match previous {
        Some(old) if rank(old) > rank(incoming) => old,
        _ => incoming,
    };
    let revoked_at = matches!(effect, Effect::Revoke { .. }).then(|| event.created_at.unwrap_or_else(Utc::now));
    let facts = HotmartSaleFacts {
        tenant_id,
        client_id,
        transaction: &purchase.transaction,
        status,
        amount_paid: purchase.amount_paid,
        gross_amount: purchase.gross_amount,
        hotmart_commission: purchase.hotmart_commission,
        coproducer_commission: purchase.coproducer_commission,
        affiliate_commission: purchase.affiliate_commission,
        net_amount: purchase.net_amount,
        currency: purchase.currency.as_deref(),
        sale_date: purchase.approved_at.or(purchase.ordered_at),
        cancellation_date: revoked_at,
        payload: &event.raw,
    };
    let sale = match &existing {
        Some(sale) => tenant_sales::update_hotmart(conn, sale.id, &facts).await?,
        None => tenant_sales::create_hotmart(conn, &facts).await?,
    };

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
        let subscription = match tenant_subscriptions::lock_hotmart(conn, tenant_id, &info.subscriber_code).await? {
            None => {
                let created = tenant_subscriptions::create_hotmart(
                    conn,
                    tenant_subscriptions::NewHotmartSubscription {
                        tenant_id,
                        subscriber_code: &info.subscriber_code,
                        client_id,
                        sale_id: sale.id,
                        amount: purchase.amount_paid.unwrap_or_default(),
                        last_payment_date: facts.sale_date,
                        next_billing_date: next_billing,
                        payload: &event.raw,
                    },
                )
                .await?;
                if let Some(email) = email {
                    emails.push(BuyerEmail::SubscriptionConfirmation {
                        client_id,
                        email: email.into(),
                        name: name.clone(),
                        subscriber_code: info.subscriber_code.clone(),
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
            let new_client = match (client, email) {
                (Some((_, true)), Some(email)) => Some((email, name.as_str())),
                _ => None,
            };
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

/// Moves a license's end forward (never back: events arrive out of order).
/// A license that ran past its end (the expiry job marked it expired) and is
/// paid again runs again.
async fn extend(conn: &mut PgConnection, license: &licenses::License, until: Option<DateTime<Utc>>) -> AppResult<()> {
    if let Some(until) = until {
        if license.expiration_date.is_none_or(|current| current < until) {
            licenses::set_expiration(conn, license.tenant_id, license.id, Some(until)).await?;
            let lapsed = license.expiration_date.is_some_and(|end| end <= Utc::now());
            if license.status == LicenseStatus::Expired && lapsed && until > Utc::now() {
                licenses::set_status(conn, license.tenant_id, license.id, LicenseStatus::Active).await?;
            }
        }
    }
    Ok(())
}

/// Who a sale names as its buyer.
#[derive(Debug, Clone, Copy)]
pub struct Buyer<'a> {
    /// Normalised (trimmed, lower case): clients are unique by e-mail in a tenant.
    pub email: &'a str,
    pub name: &'a str,
    pub phone: Option<&'a str>,
}

/// The buyer's client in the tenant, found by e-mail or created without a
/// password (they sign in with the purchase id): its id and whether this
/// sale created it.
pub async fn client_of(conn: &mut PgConnection, tenant_id: Uuid, buyer: &Buyer<'_>) -> AppResult<(Uuid, bool)> {
    tenant_clients::find_or_create_by_email(conn, tenant_id, buyer.email, buyer.name, buyer.phone).await
}

/// A sale that just reached confirmed, whatever its origin.
struct ConfirmedSale<'a> {
    /// One line for the owner's notification bell.
    summary: String,
    /// The buyer's client, e-mail and name, when the sale names one.
    buyer: Option<(Uuid, &'a str, &'a str)>,
    purchase_id: &'a str,
    amount: Option<Decimal>,
    robot_id: Option<Uuid>,
}

/// What every confirmed sale does: the tenant hears NEW_SALE, the buyer
/// gets the sale confirmation.
async fn announce_confirmed(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    sale: &ConfirmedSale<'_>,
    emails: &mut Vec<BuyerEmail>,
) -> AppResult<()> {
    let notification = Notification::new(tenant_id, NotificationType::NewSale, "Nova venda", sale.summary.clone());
    notifications::notify(conn, &notification).await?;
    if let Some((client_id, email, name)) = sale.buyer {
        emails.push(BuyerEmail::SaleConfirmation {
            client_id,
            email: email.into(),
            name: name.into(),
            purchase_id: sale.purchase_id.into(),
            amount: sale.amount,
            robot_id: sale.robot_id,
        });
    }
    Ok(())
}

/// The license a sale grants. A client the sale created (`new_client`: its
/// e-mail and name) gets the access e-mail first in line: how to sign in
/// with the e-mail and `purchase_id`.
async fn grant_license(
    conn: &mut PgConnection,
    license: licenses::NewLicense,
    new_client: Option<(&str, &str)>,
    purchase_id: &str,
    emails: &mut Vec<BuyerEmail>,
) -> AppResult<licenses::License> {
    let granted = licenses::create(conn, license).await?;
    if let (Some((email, name)), LicenseStatus::Active) = (new_client, granted.status) {
        let client_id = granted.client_id.expect("a license is created with its client");
        emails.insert(
            0,
            BuyerEmail::Welcome {
                client_id,
                email: email.into(),
                name: name.into(),
                purchase_id: purchase_id.into(),
                robot_id: granted.robot_id,
            },
        );
    }
    Ok(granted)
}

/// A sale an owner records by hand (paid by PIX, transfer or otherwise).
pub struct ManualSale<'a> {
    pub tenant_id: Uuid,
    pub buyer: Buyer<'a>,
    pub robot_id: Uuid,
    pub amount: Decimal,
    pub method: PaymentMethod,
    pub sale_date: DateTime<Utc>,
    /// The form's key: the same key again is the same sale.
    pub idempotency_key: &'a str,
}

impl ManualSale<'_> {
    /// What was typed, normalised: kept as the sale's payload and compared
    /// when the same key comes again.
    fn payload(&self) -> serde_json::Value {
        json!({
            "buyer": { "name": self.buyer.name, "email": self.buyer.email, "phone": self.buyer.phone },
            "robotId": self.robot_id,
            "amount": format!("{:.2}", self.amount),
            "paymentMethod": self.method,
            "saleDate": self.sale_date,
        })
    }
}

/// What recording a manual sale did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManualSaleRecorded {
    pub sale_id: Uuid,
    /// None only when a replayed sale's license or client was deleted since.
    pub license_id: Option<Uuid>,
    pub client_id: Option<Uuid>,
    pub client_created: bool,
    /// The key had recorded this sale already: nothing new was done.
    pub replayed: bool,
    pub emails: Vec<BuyerEmail>,
}

pub const MANUAL_SALE_ROBOT_UNKNOWN: &str = "Robô não encontrado";
pub const IDEMPOTENCY_KEY_REUSED: &str =
    "Esta chave de envio já registrou outra venda. Recarregue a página e registre a venda de novo.";

/// Records a manual sale: the buyer's client (found by e-mail or created),
/// a confirmed sale of origin `manual`, an active license of the robot with
/// no end, the NEW_SALE notification, and the e-mails a Hotmart purchase
/// sends (returned for `email::buyer::queue` in the same transaction).
/// Under a lock per idempotency key: the same key again, even at the same
/// moment, returns the first sale (`replayed`), or 409 when what was typed
/// differs. A robot of another tenant is not found (404) and nothing is made.
pub async fn record_manual(conn: &mut PgConnection, sale: ManualSale<'_>) -> AppResult<ManualSaleRecorded> {
    let tenant_id = sale.tenant_id;
    tenant_sales::lock_sale_key(conn, tenant_id, &format!("manual-sale:{}", sale.idempotency_key)).await?;
    let payload = sale.payload();
    if let Some(first) = tenant_sales::find_by_idempotency_key(conn, tenant_id, sale.idempotency_key).await? {
        if first.original_payload.as_ref() != Some(&payload) {
            return Err(AppError::Conflict(IDEMPOTENCY_KEY_REUSED.into()));
        }
        let license = licenses::lock_by_sale(conn, tenant_id, first.id).await?;
        return Ok(ManualSaleRecorded {
            sale_id: first.id,
            license_id: license.map(|l| l.id),
            client_id: first.client_id,
            client_created: false,
            replayed: true,
            emails: Vec::new(),
        });
    }
    if tenant_robots::find(conn, tenant_id, sale.robot_id).await?.is_none() {
        return Err(AppError::NotFound(MANUAL_SALE_ROBOT_UNKNOWN.into()));
    }
    let (client_id, client_created) = client_of(conn, tenant_id, &sale.buyer).await?;
    let purchase_id = manual_purchase_id();
    let recorded = RecordedSale {
        tenant_id,
        client_id,
        external_id: &purchase_id,
        amount: sale.amount,
        method: sale.method,
        sale_date: sale.sale_date,
        idempotency_key: sale.idempotency_key,
        payload: &payload,
    };
    let sale_id = tenant_sales::create_recorded(conn, &recorded).await?;
    let mut emails = Vec::new();
    let confirmed = ConfirmedSale {
        summary: format!(
            "{} — venda manual {purchase_id} ({}, {})",
            sale.buyer.name,
            format_brl(sale.amount),
            sale.method.label()
        ),
        buyer: Some((client_id, sale.buyer.email, sale.buyer.name)),
        purchase_id: &purchase_id,
        amount: Some(sale.amount),
        robot_id: Some(sale.robot_id),
    };
    announce_confirmed(conn, tenant_id, &confirmed, &mut emails).await?;
    let license = licenses::NewLicense {
        tenant_id,
        client_id,
        robot_id: sale.robot_id,
        sale_id: Some(sale_id),
        activation_date: Some(sale.sale_date),
        expiration_date: None,
        status: LicenseStatus::Active,
    };
    let new_client = client_created.then_some((sale.buyer.email, sale.buyer.name));
    let license = grant_license(conn, license, new_client, &purchase_id, &mut emails).await?;
    Ok(ManualSaleRecorded {
        sale_id,
        license_id: Some(license.id),
        client_id: Some(client_id),
        client_created,
        replayed: false,
        emails,
    })
}

/// A manual sale's purchase id, as the buyer types it to sign in:
/// `MAN-` and 10 characters no one confuses (no 0/O, 1/I/L).
pub fn manual_purchase_id() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    let mut rng = rand::rng();
    let code: String = (0..10).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect();
    format!("MAN-{code}")
}

fn subscriber_of(event: &HotmartEvent) -> AppResult<&hotmart::SubscriptionInfo> {
    event.subscription.as_ref().ok_or_else(|| AppError::Unprocessable("Evento sem assinante".into()))
}

async fn cancel_subscription(conn: &mut PgConnection, tenant_id: Uuid, event: &HotmartEvent) -> AppResult<Processed> {
    let info = subscriber_of(event)?;
    tenant_sales::lock_sale_key(conn, tenant_id, &format!("subscriber:{}", info.subscriber_code)).await?;
    let Some(subscription) = tenant_subscriptions::lock_hotmart(conn, tenant_id, &info.subscriber_code).await? else {
        return Ok(Processed::just("unknown_subscription"));
    };
    let already = subscription.status == crate::domain::status::SubscriptionStatus::Cancelled;
    let cancelled_at = info.cancelled_at.or(event.created_at).unwrap_or_else(Utc::now);
    let subscription = tenant_subscriptions::cancel(conn, tenant_id, subscription.id, cancelled_at).await?;
    // The license runs to the end of what was paid for, then expires.
    let paid_until = info.next_charge_at.or(subscription.next_billing_date).unwrap_or(cancelled_at);
    if let Some(sale_id) = subscription.sale_id {
        if let Some(license) = licenses::lock_by_sale(conn, tenant_id, sale_id).await? {
            licenses::set_expiration(conn, tenant_id, license.id, Some(paid_until)).await?;
        }
    }
    if !already {
        let who = event.buyer.as_ref().and_then(|b| b.name.clone().or(b.email.clone())).unwrap_or_default();
        let message = format!(
            "{who} — assinatura {} cancelada; acesso até {}",
            info.subscriber_code,
            paid_until.format("%d/%m/%Y")
        );
        let n = Notification::new(tenant_id, NotificationType::SubscriptionCancelled, "Assinatura cancelada", message);
        notifications::notify(conn, &n).await?;
    }
    Ok(Processed::just("subscription_cancelled"))
}

async fn update_subscription(conn: &mut PgConnection, tenant_id: Uuid, event: &HotmartEvent) -> AppResult<Processed> {
    let info = subscriber_of(event)?;
    tenant_sales::lock_sale_key(conn, tenant_id, &format!("subscriber:{}", info.subscriber_code)).await?;
    let Some(subscription) = tenant_subscriptions::lock_hotmart(conn, tenant_id, &info.subscriber_code).await? else {
        return Ok(Processed::just("unknown_subscription"));
    };
    let subscription =
        tenant_subscriptions::reschedule(conn, tenant_id, subscription.id, info.next_charge_at, info.recurrence_value)
            .await?;
    if subscription.status == crate::domain::status::SubscriptionStatus::Active {
        if let Some(sale_id) = subscription.sale_id {
            if let Some(license) = licenses::lock_by_sale(conn, tenant_id, sale_id).await? {
                extend(conn, &license, subscription.next_billing_date.map(|d| d + SUBSCRIPTION_GRACE)).await?;
            }
        }
    }
    Ok(Processed::just("subscription_updated"))
}

/// `R$ 1.234,56`.
pub fn format_brl(amount: Decimal) -> String {
    let text = format!("{:.2}", amount.round_dp(2));
    let (int, frac) = text.split_once('.').unwrap_or((&text, "00"));
    let (sign, digits) = int.strip_prefix('-').map(|d| ("-", d)).unwrap_or(("", int));
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push('.');
        }
        grouped.push(c);
    }
    format!("{sign}R$ {grouped},{frac}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brl_formatting() {
        assert_eq!(format_brl(Decimal::new(29700, 2)), "R$ 297,00");
        assert_eq!(format_brl(Decimal::new(123456789, 2)), "R$ 1.234.567,89");
        assert_eq!(format_brl(Decimal::new(5, 1)), "R$ 0,50");
    }
}
