//! Asaas's webhooks (charges by PIX, boleto or card: `PAYMENT_*`; recurring
//! charges: `SUBSCRIPTION_*`) as a neutral event. [`token::verify`] checks the
//! `asaas-access-token` header first; [`parse`] then reads the body once.
//!
//! Asaas has no products: a webhook receives every charge of the account.
//! A charge belongs to a robot when its `externalReference` (which Asaas
//! copies from the subscription to each charge it generates) is the
//! reference the owner chose for the robot. Any other charge is kept as
//! ignored, under an id of its own for this robot, so the robot it does
//! belong to still gets it as new.
//!
//! Every delivery is `{ id, event, dateCreated, payment | subscription }`,
//! and `id` is the event's own id, the same on every retry: it keys the
//! inbox row. A charge's `payment.id` keys the sale; a subscription's charges
//! name it (`payment.subscription`), so each paid charge after the first is a
//! renewal of the same license. Asaas sends the customer as an id only
//! (`cus_…`): the buyer's e-mail is not in the payload.

mod error;
mod fields;
pub mod token;

use serde_json::Value;

pub use error::AsaasParseError;

use crate::domain::sales::{Platform, SaleEvent, SaleEventKind, SalePurchase, SaleSubscription};
use fields::{amount, at, count, moment, text};

/// What each event means. An overdue charge of a subscription is the
/// subscription running late; of a single charge, a sale still pending.
pub fn kind(event: &str, of_subscription: bool) -> SaleEventKind {
    match event.trim().to_ascii_uppercase().as_str() {
        "PAYMENT_CONFIRMED" | "PAYMENT_RECEIVED" | "PAYMENT_RECEIVED_IN_CASH" => SaleEventKind::Approved,
        "PAYMENT_OVERDUE" if of_subscription => SaleEventKind::SubscriptionLate,
        "PAYMENT_CREATED"
        | "PAYMENT_AWAITING_RISK_ANALYSIS"
        | "PAYMENT_AUTHORIZED"
        | "PAYMENT_UPDATED"
        | "PAYMENT_RESTORED"
        | "PAYMENT_OVERDUE" => SaleEventKind::Pending,
        // Money went back, or the charge was removed before it was paid.
        "PAYMENT_REFUNDED" | "PAYMENT_DELETED" | "PAYMENT_RECEIVED_IN_CASH_UNDONE" => SaleEventKind::Refunded,
        "PAYMENT_CHARGEBACK_REQUESTED" => SaleEventKind::Chargeback,
        // The seller contests the chargeback; a reversal on its way means the seller won.
        "PAYMENT_CHARGEBACK_DISPUTE" => SaleEventKind::DisputeOpened,
        "PAYMENT_AWAITING_CHARGEBACK_REVERSAL" => SaleEventKind::DisputeWon,
        "SUBSCRIPTION_INACTIVATED" | "SUBSCRIPTION_DELETED" => SaleEventKind::SubscriptionCancelled,
        "SUBSCRIPTION_UPDATED" => SaleEventKind::SubscriptionRescheduled,
        // A refused card, a partial refund, a viewed boleto, a new
        // subscription (its first paid charge opens it here), anything Asaas
        // adds later.
        _ => SaleEventKind::Ignored,
    }
}

/// Reads one body for the robot whose reference is `reference` (None when
/// the owner has not chosen one: then nothing is the robot's). Returns the
/// payload to keep (as received) and the neutral event. Never panics,
/// whatever the bytes.
pub fn parse(raw: &[u8], reference: Option<&str>) -> Result<(Value, SaleEvent), AsaasParseError> {
    let payload: Value =
        serde_json::from_slice(raw).map_err(|error| AsaasParseError::InvalidJson(error.to_string()))?;
    if !payload.is_object() {
        return Err(AsaasParseError::NotAnObject);
    }
    let event_name = text(at(&payload, &["event"])).ok_or(AsaasParseError::MissingEventType)?;
    let event_id = text(at(&payload, &["id"])).ok_or(AsaasParseError::MissingEventId)?;
    let occurred_at = moment(at(&payload, &["dateCreated"]), "dateCreated")?;
    let payment = at(&payload, &["payment"]);
    let subscription_block = at(&payload, &["subscription"]);
    let sent_reference = payment.or(subscription_block).and_then(|entity| text(at(entity, &["externalReference"])));
    let ours = match (reference.map(str::trim).filter(|r| !r.is_empty()), sent_reference.as_deref()) {
        (Some(expected), Some(sent)) => expected == sent,
        _ => false,
    };
    if !ours {
        return Ok((payload.clone(), not_ours(event_id, event_name, occurred_at, reference)));
    }

    let of_subscription = payment.and_then(|p| text(at(p, &["subscription"]))).is_some();
    let kind = kind(&event_name, of_subscription);
    let ignored = kind == SaleEventKind::Ignored;
    let is_payment_event = event_name.to_ascii_uppercase().starts_with("PAYMENT_");

    let purchase = match payment {
        Some(payment) => read_purchase(payment).or_else(|e| if ignored { Ok(None) } else { Err(e) })?,
        None => None,
    };
    if is_payment_event && !ignored && purchase.is_none() {
        return Err(AsaasParseError::MissingPayment { event: event_name });
    }
    let subscription = match (payment, subscription_block) {
        (Some(payment), _) => text(at(payment, &["subscription"])).map(|code| SaleSubscription {
            code,
            status: None,
            plan_id: None,
            plan_name: None,
            next_charge_at: None,
            cancelled_at: None,
            recurrence_value: None,
        }),
        (None, Some(block)) => {
            read_subscription(block, occurred_at, kind).or_else(|e| if ignored { Ok(None) } else { Err(e) })?
        }
        (None, None) => None,
    };
    let about_subscription = matches!(
        kind,
        SaleEventKind::SubscriptionCancelled | SaleEventKind::SubscriptionRescheduled | SaleEventKind::SubscriptionLate
    );
    if about_subscription && subscription.is_none() {
        return Err(AsaasParseError::MissingSubscription { event: event_name });
    }

    let event = SaleEvent {
        platform: Platform::Asaas,
        event_id,
        event_name,
        kind,
        is_test: false,
        occurred_at: purchase.as_ref().and_then(|p| p.approved_at).or(occurred_at),
        product_id: sent_reference,
        offer_code: None,
        purchase,
        // Asaas names the customer by id only; see the module's note.
        buyer: None,
        subscription,
    };
    Ok((payload, event))
}

/// A charge of the account that is not this robot's: kept, acknowledged,
/// and keyed apart from the copy the robot it belongs to receives.
fn not_ours(
    event_id: String,
    event_name: String,
    occurred_at: Option<chrono::DateTime<chrono::Utc>>,
    reference: Option<&str>,
) -> SaleEvent {
    let reference = reference.map(str::trim).filter(|r| !r.is_empty()).unwrap_or("sem-referencia");
    SaleEvent {
        platform: Platform::Asaas,
        event_id: format!("{event_id}:fora-de:{reference}"),
        event_name,
        kind: SaleEventKind::Ignored,
        is_test: false,
        occurred_at,
        product_id: None,
        offer_code: None,
        purchase: None,
        buyer: None,
        subscription: None,
    }
}

/// `None` when the charge has no id.
fn read_purchase(payment: &Value) -> Result<Option<SalePurchase>, AsaasParseError> {
    let Some(transaction) = text(at(payment, &["id"])) else {
        return Ok(None);
    };
    let value = amount(at(payment, &["value"]), "payment.value")?;
    let net = amount(at(payment, &["netValue"]), "payment.netValue")?;
    Ok(Some(SalePurchase {
        transaction,
        status: text(at(payment, &["status"])),
        amount_paid: value,
        gross_amount: amount(at(payment, &["originalValue"]), "payment.originalValue")?.or(value),
        currency: Some("BRL".into()),
        platform_fee: value.zip(net).map(|(value, net)| value - net),
        coproducer_commission: None,
        affiliate_commission: None,
        net_amount: net,
        approved_at: moment(at(payment, &["confirmedDate"]), "payment.confirmedDate")?
            .or(moment(at(payment, &["paymentDate"]), "payment.paymentDate")?),
        ordered_at: moment(at(payment, &["dateCreated"]), "payment.dateCreated")?,
        recurrence_number: count(at(payment, &["installmentNumber"])),
        payment_type: text(at(payment, &["billingType"])),
        installments: None,
    }))
}

fn read_subscription(
    block: &Value,
    occurred_at: Option<chrono::DateTime<chrono::Utc>>,
    kind: SaleEventKind,
) -> Result<Option<SaleSubscription>, AsaasParseError> {
    let Some(code) = text(at(block, &["id"])) else {
        return Ok(None);
    };
    Ok(Some(SaleSubscription {
        code,
        status: text(at(block, &["status"])),
        plan_id: None,
        plan_name: text(at(block, &["description"])),
        next_charge_at: moment(at(block, &["nextDueDate"]), "subscription.nextDueDate")?,
        cancelled_at: (kind == SaleEventKind::SubscriptionCancelled).then_some(occurred_at).flatten(),
        recurrence_value: amount(at(block, &["value"]), "subscription.value")?,
    }))
}

#[cfg(test)]
mod tests;
