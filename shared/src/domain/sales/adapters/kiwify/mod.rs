//! Kiwify's webhook (the product sales webhook: `order_approved`,
//! `subscription_renewed`, …) as a neutral event. [`signature::verify`] runs
//! on the raw body first; [`parse`] then reads it once.
//!
//! Kiwify sends no event id: a delivery is keyed by its order and event type
//! (`<order_id>:<webhook_event_type>`), so a redelivery of the same event is
//! the same inbox row. Each subscription charge is its own order, so a
//! renewal is a new sale of the same subscription (`subscription_id`).

mod error;
mod fields;
pub mod signature;

use serde_json::Value;

pub use error::KiwifyParseError;

use crate::domain::sales::{Platform, SaleBuyer, SaleEvent, SaleEventKind, SalePurchase, SaleSubscription};
use fields::{at, cents, count, instant, text};

/// What each `webhook_event_type` means. The panel's Portuguese trigger
/// names are accepted too, as Kiwify's API lists them.
pub fn kind(event_type: &str) -> SaleEventKind {
    match event_type.trim().to_ascii_lowercase().as_str() {
        "order_approved" | "compra_aprovada" => SaleEventKind::Approved,
        "subscription_renewed" => SaleEventKind::Renewal,
        "order_refunded" | "compra_reembolsada" => SaleEventKind::Refunded,
        "chargeback" => SaleEventKind::Chargeback,
        "subscription_late" => SaleEventKind::SubscriptionLate,
        "subscription_canceled" | "subscription_cancelled" => SaleEventKind::SubscriptionCancelled,
        "billet_created" | "pix_created" | "boleto_gerado" | "pix_gerado" => SaleEventKind::Pending,
        // A refused card, an abandoned cart, anything Kiwify adds later.
        _ => SaleEventKind::Ignored,
    }
}

/// Reads one body: the payload to keep (as received) and the neutral event.
/// Never panics, whatever the bytes.
pub fn parse(raw: &[u8]) -> Result<(Value, SaleEvent), KiwifyParseError> {
    let payload: Value =
        serde_json::from_slice(raw).map_err(|error| KiwifyParseError::InvalidJson(error.to_string()))?;
    if !payload.is_object() {
        return Err(KiwifyParseError::NotAnObject);
    }
    let event_name = text(at(&payload, &["webhook_event_type"])).ok_or(KiwifyParseError::MissingEventType)?;
    let kind = kind(&event_name);
    let ignored = kind == SaleEventKind::Ignored;
    let order_id = text(at(&payload, &["order_id"]));
    let order_id = match (order_id, ignored) {
        (Some(id), _) => id,
        // An abandoned cart has no order: kept, keyed by what it has.
        (None, true) => text(at(&payload, &["id"])).unwrap_or_else(|| "sem-pedido".into()),
        (None, false) => return Err(KiwifyParseError::MissingOrderId),
    };

    let buyer = read_buyer(&payload);
    let grants = matches!(kind, SaleEventKind::Approved | SaleEventKind::Renewal);
    if grants && buyer.as_ref().and_then(|b| b.email.as_ref()).is_none() {
        return Err(KiwifyParseError::MissingBuyerEmail { event: event_name });
    }
    let subscription = read_subscription(&payload).or_else(|e| if ignored { Ok(None) } else { Err(e) })?;
    let about_subscription =
        matches!(kind, SaleEventKind::Renewal | SaleEventKind::SubscriptionLate | SaleEventKind::SubscriptionCancelled);
    if about_subscription && subscription.is_none() {
        return Err(KiwifyParseError::MissingSubscription { event: event_name });
    }
    let purchase = read_purchase(&payload, &order_id).or_else(|e| if ignored { Ok(None) } else { Err(e) })?;
    let occurred_at = instant(at(&payload, &["updated_at"]), "updated_at")
        .or_else(|e| if ignored { Ok(None) } else { Err(e) })?
        .or(purchase.as_ref().and_then(|p| p.approved_at.or(p.ordered_at)));

    let event = SaleEvent {
        platform: Platform::Kiwify,
        event_id: format!("{order_id}:{}", event_name.to_ascii_lowercase()),
        event_name,
        kind,
        is_test: false,
        occurred_at,
        product_id: text(at(&payload, &["Product", "product_id"])),
        offer_code: text(at(&payload, &["Product", "product_offer_id"])),
        purchase,
        buyer,
        subscription,
    };
    Ok((payload, event))
}

fn read_purchase(payload: &Value, order_id: &str) -> Result<Option<SalePurchase>, KiwifyParseError> {
    let commissions = at(payload, &["Commissions"]).unwrap_or(&Value::Null);
    Ok(Some(SalePurchase {
        transaction: order_id.to_string(),
        status: text(at(payload, &["order_status"])),
        amount_paid: cents(at(commissions, &["charge_amount"]), "Commissions.charge_amount")?,
        gross_amount: cents(at(commissions, &["product_base_price"]), "Commissions.product_base_price")?,
        currency: text(at(commissions, &["currency"]))
            .or_else(|| text(at(commissions, &["product_base_price_currency"]))),
        platform_fee: cents(at(commissions, &["kiwify_fee"]), "Commissions.kiwify_fee")?,
        coproducer_commission: None,
        affiliate_commission: None,
        net_amount: cents(at(commissions, &["my_commission"]), "Commissions.my_commission")?,
        approved_at: instant(at(payload, &["approved_date"]), "approved_date")?,
        ordered_at: instant(at(payload, &["created_at"]), "created_at")?,
        recurrence_number: None,
        payment_type: text(at(payload, &["payment_method"])),
        installments: count(at(payload, &["installments"])),
    }))
}

fn read_buyer(payload: &Value) -> Option<SaleBuyer> {
    let customer = at(payload, &["Customer"])?;
    let email = text(at(customer, &["email"])).map(|email| email.to_lowercase());
    let name = text(at(customer, &["full_name"])).or_else(|| text(at(customer, &["first_name"])));
    let phone = text(at(customer, &["mobile"]));
    (email.is_some() || name.is_some() || phone.is_some()).then_some(SaleBuyer { email, name, phone })
}

/// `None` when the event names no subscription.
fn read_subscription(payload: &Value) -> Result<Option<SaleSubscription>, KiwifyParseError> {
    let block = at(payload, &["Subscription"]).unwrap_or(&Value::Null);
    let Some(code) = text(at(payload, &["subscription_id"])).or_else(|| text(at(block, &["id"]))) else {
        return Ok(None);
    };
    Ok(Some(SaleSubscription {
        code,
        status: text(at(block, &["status"])),
        plan_id: text(at(block, &["plan", "id"])),
        plan_name: text(at(block, &["plan", "name"])),
        next_charge_at: instant(at(block, &["next_payment"]), "Subscription.next_payment")?,
        cancelled_at: instant(at(block, &["canceled_at"]), "Subscription.canceled_at")?,
        recurrence_value: None,
    }))
}

#[cfg(test)]
mod tests;
