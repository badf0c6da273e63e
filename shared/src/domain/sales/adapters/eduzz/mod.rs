//! Eduzz's Developer Hub webhook (`myeduzz.invoice_*` for each invoice,
//! `myeduzz.contract_*` for subscriptions, which Eduzz calls contracts) as a
//! neutral event. [`signature::verify`] runs on the raw body first; [`parse`]
//! then reads it once.
//!
//! Every delivery is `{ id, event, sentDate, data }`, and `id` is the event's
//! own id, the same on every retry: it keys the inbox row. An invoice's
//! `data.id` keys the sale; a subscription's invoices name their contract
//! (`data.contract.id`), so each paid invoice of a contract after the first
//! is a renewal of the same license. Eduzz sends a `ping` when the owner
//! activates the webhook: recorded as a test, granting nothing.

mod error;
mod fields;
pub mod signature;

use serde_json::Value;

pub use error::EduzzParseError;

use crate::domain::sales::{Platform, SaleBuyer, SaleEvent, SaleEventKind, SalePurchase, SaleSubscription};
use fields::{amount, at, count, email, first, moment, text};

/// The event's name without its application (`myeduzz.invoice_paid` is
/// `invoice_paid`), lower-cased.
fn short_name(event: &str) -> String {
    let event = event.trim().to_ascii_lowercase();
    event.rsplit('.').next().unwrap_or_default().to_string()
}

/// Eduzz's activation ping (and any event it names a test).
fn is_ping(event: &str) -> bool {
    matches!(short_name(event).as_str(), "ping" | "test" | "teste")
}

/// What each invoice or contract event means. A contract event whose name
/// says only that it changed (`contract_updated`) means what its status says.
pub fn kind(event: &str, contract_status: Option<&str>, change_type: Option<&str>) -> SaleEventKind {
    match short_name(event).as_str() {
        "invoice_paid" => SaleEventKind::Approved,
        "invoice_refunded" | "invoice_canceled" | "invoice_cancelled" => SaleEventKind::Refunded,
        "invoice_chargeback" => SaleEventKind::Chargeback,
        // The buyer asked for the money back; the producer may still contest it.
        "invoice_waiting_refund" => SaleEventKind::DisputeOpened,
        "invoice_opened"
        | "invoice_waiting_payment"
        | "invoice_processing"
        | "invoice_overdue"
        | "invoice_expired"
        | "invoice_recovering"
        | "invoice_scheduled"
        | "invoice_negotiated" => SaleEventKind::Pending,
        "contract_canceled" | "contract_cancelled" => SaleEventKind::SubscriptionCancelled,
        "contract_delayed" | "contract_late" => SaleEventKind::SubscriptionLate,
        "contract_changed" if change_type.is_some_and(|c| c.to_ascii_lowercase().contains("plan")) => {
            SaleEventKind::PlanSwitched
        }
        "contract_updated" | "contract_status_updated" | "status_updated" | "contract_changed" => {
            match contract_status.map(str::to_ascii_lowercase).as_deref() {
                Some("canceled" | "cancelled" | "finished") => SaleEventKind::SubscriptionCancelled,
                Some("late" | "defaulter" | "suspended") => SaleEventKind::SubscriptionLate,
                Some(_) => SaleEventKind::SubscriptionRescheduled,
                None => SaleEventKind::Ignored,
            }
        }
        // A refused card, an abandoned cart, a new contract (its first paid
        // invoice opens the subscription), anything Eduzz adds later.
        _ => SaleEventKind::Ignored,
    }
}

/// Reads one body: the payload to keep (as received) and the neutral event.
/// Never panics, whatever the bytes.
pub fn parse(raw: &[u8]) -> Result<(Value, SaleEvent), EduzzParseError> {
    let payload: Value =
        serde_json::from_slice(raw).map_err(|error| EduzzParseError::InvalidJson(error.to_string()))?;
    if !payload.is_object() {
        return Err(EduzzParseError::NotAnObject);
    }
    let event_name = text(at(&payload, &["event"])).ok_or(EduzzParseError::MissingEventType)?;
    let sent_at = moment(at(&payload, &["sentDate"]), "sentDate")?;
    if is_ping(&event_name) {
        return Ok((payload.clone(), ping(&payload, event_name, sent_at)));
    }
    let event_id = text(at(&payload, &["id"])).ok_or(EduzzParseError::MissingEventId)?;
    let data = at(&payload, &["data"]).unwrap_or(&Value::Null);
    let contract = at(data, &["contract"]).unwrap_or(&Value::Null);
    let kind =
        kind(&event_name, text(at(contract, &["status"])).as_deref(), text(at(data, &["changeType"])).as_deref());
    let ignored = kind == SaleEventKind::Ignored;
    let about_invoice = short_name(&event_name).starts_with("invoice_");

    let buyer = read_buyer(data);
    let grants = matches!(kind, SaleEventKind::Approved | SaleEventKind::Renewal);
    if grants && buyer.as_ref().and_then(|b| b.email.as_ref()).is_none() {
        return Err(EduzzParseError::MissingBuyerEmail { event: event_name });
    }
    let purchase = match (about_invoice, text(at(data, &["id"]))) {
        (true, Some(invoice)) => Some(read_purchase(data, invoice)).transpose(),
        (true, None) if !ignored => return Err(EduzzParseError::MissingInvoiceId { event: event_name }),
        _ => Ok(None),
    };
    let purchase = purchase.or_else(|e| if ignored { Ok(None) } else { Err(e) })?;
    let subscription = read_subscription(data).or_else(|e| if ignored { Ok(None) } else { Err(e) })?;
    let about_subscription = matches!(
        kind,
        SaleEventKind::SubscriptionCancelled
            | SaleEventKind::SubscriptionLate
            | SaleEventKind::SubscriptionRescheduled
            | SaleEventKind::PlanSwitched
    );
    if about_subscription && subscription.is_none() {
        return Err(EduzzParseError::MissingContract { event: event_name });
    }
    let occurred_at = purchase.as_ref().and_then(|p| p.approved_at).or(sent_at);

    let event = SaleEvent {
        platform: Platform::Eduzz,
        event_id,
        event_name,
        kind,
        is_test: false,
        occurred_at,
        product_id: text(first(data, &["items"]).and_then(|item| at(item, &["productId"])))
            .or_else(|| text(first(data, &["products"]).and_then(|product| at(product, &["id"])))),
        offer_code: None,
        purchase,
        buyer,
        subscription,
    };
    Ok((payload, event))
}

/// The activation ping: kept as a test, keyed by its id (or when it was sent).
fn ping(payload: &Value, event_name: String, sent_at: Option<chrono::DateTime<chrono::Utc>>) -> SaleEvent {
    let event_id = text(at(payload, &["id"]))
        .unwrap_or_else(|| format!("ping:{}", sent_at.map(|d| d.to_rfc3339()).unwrap_or_default()));
    SaleEvent {
        platform: Platform::Eduzz,
        event_id,
        event_name,
        kind: SaleEventKind::Ignored,
        is_test: true,
        occurred_at: sent_at,
        product_id: None,
        offer_code: None,
        purchase: None,
        buyer: None,
        subscription: None,
    }
}

fn read_purchase(data: &Value, invoice: String) -> Result<SalePurchase, EduzzParseError> {
    let price = amount(at(data, &["price", "value"]), "data.price.value")?;
    let paid = amount(at(data, &["paid", "value"]), "data.paid.value")?;
    Ok(SalePurchase {
        transaction: invoice,
        status: text(at(data, &["status"])),
        amount_paid: paid.or(price),
        gross_amount: price,
        currency: text(at(data, &["paid", "currency"])).or_else(|| text(at(data, &["price", "currency"]))),
        platform_fee: None,
        coproducer_commission: None,
        affiliate_commission: None,
        net_amount: None,
        approved_at: moment(at(data, &["paidAt"]), "data.paidAt")?,
        ordered_at: moment(at(data, &["createdAt"]), "data.createdAt")?,
        recurrence_number: count(at(data, &["contract", "recurrence", "currentInstallment"])),
        payment_type: text(at(data, &["paymentMethod"])),
        installments: count(at(data, &["installments"])),
    })
}

/// Who gets access: the student when the invoice names one (who studies may
/// not be who pays), else the buyer; a contract names its customer.
fn read_buyer(data: &Value) -> Option<SaleBuyer> {
    ["student", "buyer", "customer"].iter().find_map(|who| {
        let person = at(data, &[who])?;
        let email = email(at(person, &["email"]));
        email.as_ref()?;
        let phone = text(at(person, &["cellphone"])).or_else(|| text(at(person, &["phone"]))).or_else(|| {
            let phone = at(person, &["phone"])?;
            let parts = ["countryCode", "areaCode", "number"].map(|part| text(at(phone, &[part])));
            let digits: Option<Vec<String>> = parts.into_iter().collect();
            digits.map(|digits| format!("+{}", digits.concat()))
        });
        Some(SaleBuyer { email, name: text(at(person, &["name"])), phone })
    })
}

/// `None` when the event names no contract.
fn read_subscription(data: &Value) -> Result<Option<SaleSubscription>, EduzzParseError> {
    let contract = at(data, &["contract"]).unwrap_or(&Value::Null);
    let Some(code) = text(at(contract, &["id"])) else {
        return Ok(None);
    };
    let recurrence = at(contract, &["recurrence"]).unwrap_or(&Value::Null);
    let product = first(data, &["products"]).unwrap_or(&Value::Null);
    let status = text(at(contract, &["status"]));
    let cancelled = status.as_deref().is_some_and(|s| matches!(s, "canceled" | "cancelled" | "finished"));
    let updated_at = moment(at(contract, &["updatedAt"]), "data.contract.updatedAt")?;
    Ok(Some(SaleSubscription {
        code,
        status,
        plan_id: text(at(product, &["plan", "id"])),
        plan_name: text(at(product, &["plan", "name"])),
        next_charge_at: moment(at(recurrence, &["nextDue"]), "data.contract.recurrence.nextDue")?,
        cancelled_at: if cancelled { updated_at } else { None },
        recurrence_value: amount(at(recurrence, &["price", "value"]), "data.contract.recurrence.price.value")?,
    }))
}

#[cfg(test)]
mod tests;
