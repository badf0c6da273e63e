//! Hotmart postbacks (version 2.0.0): [`parse`] turns the body Hotmart posts
//! into a [`HotmartEvent`], and [`EventKind::effect`] says what the event does
//! to the sale, license and subscription.
//!
//! Parsing is pure (no database, no clock), so the webhook job reaches the same
//! answer on every retry and replay. Hotmart leaves out whatever does not apply
//! to an event, so absent and `null` fields are `None`; only what the event's
//! effect cannot do without is required (a purchase's transaction, the buyer
//! e-mail of a grant, the subscriber code of a subscription event). A field
//! that is present with the wrong shape is an error, except in events that are
//! ignored anyway, so nothing is recorded from a payload half understood.

mod error;
mod fields;
mod kind;

#[cfg(test)]
mod tests;

use std::fmt;

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::Value;

pub use error::HotmartParseError;
pub use kind::{Effect, EventKind, SALE_CONFIRMED, SALE_PENDING, SALE_REFUNDED};

use fields::{at, count, instant, money, text};

/// One postback, read.
#[derive(Clone, PartialEq)]
pub struct HotmartEvent {
    /// Hotmart's event `id`: the inbox key that makes redelivery harmless.
    pub event_id: String,
    pub kind: EventKind,
    pub version: Option<String>,
    /// The body's `hottok`, when Hotmart sent it there rather than in the
    /// `X-HOTMART-HOTTOK` header. It is a credential: it is taken out of
    /// [`HotmartEvent::raw`] and hidden from `Debug`.
    pub hottok: Option<String>,
    /// `creation_date` (epoch milliseconds; club events spell it `creationDate`).
    pub created_at: Option<DateTime<Utc>>,
    /// `data.product.id` (or `data.subscription.product.id` in subscription events).
    pub product_id: Option<String>,
    /// Hotmart's "send test" postback, recognisable by product id 0: recorded as
    /// a test, never granting anything.
    pub is_test: bool,
    pub purchase: Option<Purchase>,
    pub buyer: Option<Buyer>,
    pub subscription: Option<SubscriptionInfo>,
    /// The whole payload as received, minus `hottok`, for `original_payload`.
    pub raw: Value,
}

impl HotmartEvent {
    pub fn effect(&self) -> Effect {
        self.kind.effect()
    }

    /// The buyer's e-mail, trimmed and lower-cased.
    pub fn buyer_email(&self) -> Option<&str> {
        self.buyer.as_ref()?.email.as_deref()
    }
}

impl fmt::Debug for HotmartEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HotmartEvent")
            .field("event_id", &self.event_id)
            .field("kind", &self.kind)
            .field("version", &self.version)
            .field("hottok", &self.hottok.as_ref().map(|_| "<redacted>"))
            .field("created_at", &self.created_at)
            .field("product_id", &self.product_id)
            .field("is_test", &self.is_test)
            .field("purchase", &self.purchase)
            .field("buyer", &self.buyer)
            .field("subscription", &self.subscription)
            .finish_non_exhaustive()
    }
}

/// `data.purchase` with `data.commissions`, in the sale's terms. Amounts are
/// exact to the cent (scale 2). A commission is `None` when Hotmart reported
/// none of that source, and the sum of all entries of its source otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Purchase {
    /// `transaction` (e.g. `HP17324518830471`): the sale's external id.
    pub transaction: String,
    /// Hotmart's purchase status as sent (`APPROVED`, `COMPLETED`, `REFUNDED`, ...).
    pub status: Option<String>,
    /// `price.value`: what the buyer paid.
    pub amount_paid: Option<Decimal>,
    /// `full_price.value`.
    pub gross_amount: Option<Decimal>,
    /// `price.currency_value`, else `full_price.currency_value`.
    pub currency: Option<String>,
    /// Commissions of source `MARKETPLACE`.
    pub hotmart_commission: Option<Decimal>,
    /// Commissions of source `COPRODUCER`.
    pub coproducer_commission: Option<Decimal>,
    /// Commissions of source `AFFILIATE`.
    pub affiliate_commission: Option<Decimal>,
    /// Commissions of source `PRODUCER`: what the tenant receives.
    pub net_amount: Option<Decimal>,
    /// The commissions' `currency_value`: the producer's currency, which differs
    /// from [`Purchase::currency`] when the buyer paid in another one.
    pub commission_currency: Option<String>,
    pub approved_at: Option<DateTime<Utc>>,
    pub ordered_at: Option<DateTime<Utc>>,
    /// Which charge of a subscription this is: 1 for the first, 2+ for renewals.
    pub recurrence_number: Option<i32>,
    /// `payment.type` (`CREDIT_CARD`, `BILLET`, `PIX`, ...).
    pub payment_type: Option<String>,
    pub installments: Option<i32>,
    pub offer_code: Option<String>,
}

/// The person who bought (`data.buyer`; in subscription events `data.subscriber`
/// or `data.subscription.user`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Buyer {
    /// Trimmed and lower-cased, the way clients are keyed everywhere.
    pub email: Option<String>,
    pub name: Option<String>,
    pub phone: Option<String>,
}

/// The subscription an event is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionInfo {
    /// `subscriber.code` (`data.subscription.subscriber_code` in `SWITCH_PLAN`):
    /// the subscription's external id, stable across renewals.
    pub subscriber_code: String,
    /// Hotmart's numeric subscription id, sent by `SUBSCRIPTION_CANCELLATION`.
    pub subscription_id: Option<String>,
    /// Hotmart's status as sent (`ACTIVE`, `CANCELLED_BY_CUSTOMER`, ...).
    pub status: Option<String>,
    /// In `SWITCH_PLAN`, the plan marked `current` (the one switched to).
    pub plan_name: Option<String>,
    pub plan_id: Option<String>,
    pub next_charge_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
    /// `actual_recurrence_value` of a cancellation: the amount of each charge.
    pub recurrence_value: Option<Decimal>,
}

/// The body's top-level `hottok` (a non-empty string), read without
/// building the rest: the webhook authenticates with it when the header is
/// missing, before [`parse`] reads anything else. None for a body that is not
/// a JSON object, a hottok that is not a string, or one given twice.
/// Hotmart's own test postback (2.0.0; product id 0), which the owner's
/// "enviar evento de teste" replays with a fresh id.
pub const TEST_POSTBACK: &str = include_str!("../../../tests/fixtures/hotmart/test_postback.json");

pub fn body_hottok(raw: &[u8]) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct OnlyHottok<'a> {
        #[serde(default, borrow)]
        hottok: Option<std::borrow::Cow<'a, str>>,
    }
    let only: OnlyHottok = serde_json::from_slice(raw).ok()?;
    let hottok = only.hottok?;
    let trimmed = hottok.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

/// Reads one postback body. Never panics, whatever the bytes.
pub fn parse(raw: &[u8]) -> Result<HotmartEvent, HotmartParseError> {
    let mut payload: Value =
        serde_json::from_slice(raw).map_err(|error| HotmartParseError::InvalidJson(error.to_string()))?;
    let root = payload.as_object_mut().ok_or(HotmartParseError::NotAnObject)?;
    let hottok = text(root.remove("hottok").as_ref());

    let event_id = text(at(&payload, &["id"])).ok_or(HotmartParseError::MissingEventId)?;
    let kind = EventKind::from_name(&text(at(&payload, &["event"])).ok_or(HotmartParseError::MissingEventType)?);
    let effect = kind.effect();
    let version = text(at(&payload, &["version"]));
    let created_at = match at(&payload, &["creation_date"]) {
        Some(value) => instant(Some(value), "creation_date")?,
        None => instant(at(&payload, &["creationDate"]), "creationDate")?,
    };

    let empty = Value::Null;
    let data = match payload.get("data") {
        None | Some(Value::Null) => &empty,
        Some(data @ Value::Object(_)) => data,
        Some(_) => return Err(HotmartParseError::InvalidField { field: "data", reason: "não é um objeto" }),
    };

    let product_id = text(at(data, &["product", "id"])).or_else(|| text(at(data, &["subscription", "product", "id"])));
    // The test postback sends 0; club events have been seen with "00000".
    let is_test = product_id.as_deref().is_some_and(|id| id.chars().all(|c| c == '0'));

    // A malformed section of an event we ignore must not fail its job.
    let lenient = effect == Effect::Ignore;
    let purchase = read_purchase(data).or_else(|error| if lenient { Ok(None) } else { Err(error) })?;
    let subscription = read_subscription(data).or_else(|error| if lenient { Ok(None) } else { Err(error) })?;
    let buyer = read_buyer(data);

    let event_name = || kind.as_str().to_string();
    if effect.needs_transaction() && purchase.is_none() {
        return Err(HotmartParseError::MissingTransaction { event: event_name() });
    }
    if effect == Effect::Grant && buyer.as_ref().and_then(|b| b.email.as_ref()).is_none() {
        return Err(HotmartParseError::MissingBuyerEmail { event: event_name() });
    }
    if effect.needs_subscriber() && subscription.is_none() {
        return Err(HotmartParseError::MissingSubscriberCode { event: event_name() });
    }

    Ok(HotmartEvent {
        event_id,
        kind,
        version,
        hottok,
        created_at,
        product_id,
        is_test,
        purchase,
        buyer,
        subscription,
        raw: payload,
    })
}

/// `None` when there is no `data.purchase` or it has no transaction.
fn read_purchase(data: &Value) -> Result<Option<Purchase>, HotmartParseError> {
    let Some(purchase) = at(data, &["purchase"]) else {
        return Ok(None);
    };
    let Some(transaction) = text(at(purchase, &["transaction"])) else {
        return Ok(None);
    };
    let commissions = read_commissions(data)?;
    Ok(Some(Purchase {
        transaction,
        status: text(at(purchase, &["status"])),
        amount_paid: money(at(purchase, &["price", "value"]), "data.purchase.price.value")?,
        gross_amount: money(at(purchase, &["full_price", "value"]), "data.purchase.full_price.value")?,
        currency: text(at(purchase, &["price", "currency_value"]))
            .or_else(|| text(at(purchase, &["full_price", "currency_value"]))),
        hotmart_commission: commissions.marketplace,
        coproducer_commission: commissions.coproducer,
        affiliate_commission: commissions.affiliate,
        net_amount: commissions.producer,
        commission_currency: commissions.currency,
        approved_at: instant(at(purchase, &["approved_date"]), "data.purchase.approved_date")?,
        ordered_at: instant(at(purchase, &["order_date"]), "data.purchase.order_date")?,
        recurrence_number: count(at(purchase, &["recurrence_number"]), "data.purchase.recurrence_number")?,
        payment_type: text(at(purchase, &["payment", "type"])),
        installments: count(
            at(purchase, &["payment", "installments_number"]),
            "data.purchase.payment.installments_number",
        )?,
        offer_code: text(at(purchase, &["offer", "code"])),
    }))
}

#[derive(Default)]
struct Commissions {
    marketplace: Option<Decimal>,
    producer: Option<Decimal>,
    coproducer: Option<Decimal>,
    affiliate: Option<Decimal>,
    currency: Option<String>,
}

/// Sums `data.commissions` by source; sources this model has no column for are skipped.
fn read_commissions(data: &Value) -> Result<Commissions, HotmartParseError> {
    const FIELD: &str = "data.commissions";
    let mut sums = Commissions::default();
    let entries = match at(data, &["commissions"]) {
        None => return Ok(sums),
        Some(Value::Array(entries)) => entries,
        Some(_) => return Err(HotmartParseError::InvalidField { field: FIELD, reason: "não é uma lista" }),
    };
    for entry in entries {
        if !entry.is_object() {
            return Err(HotmartParseError::InvalidField { field: FIELD, reason: "item não é um objeto" });
        }
        let Some(value) = money(at(entry, &["value"]), "data.commissions.value")? else {
            continue;
        };
        let source = text(at(entry, &["source"])).map(|s| s.to_ascii_uppercase());
        let slot = match source.as_deref() {
            Some("MARKETPLACE") => &mut sums.marketplace,
            Some("PRODUCER") => &mut sums.producer,
            Some("COPRODUCER") => &mut sums.coproducer,
            Some("AFFILIATE") => &mut sums.affiliate,
            _ => continue,
        };
        let total = slot
            .unwrap_or(Decimal::ZERO)
            .checked_add(value)
            .ok_or(HotmartParseError::InvalidField { field: FIELD, reason: "soma das comissões fora do intervalo" })?;
        *slot = Some(total);
        if sums.currency.is_none() {
            sums.currency = text(at(entry, &["currency_value"]));
        }
    }
    Ok(sums)
}

fn read_buyer(data: &Value) -> Option<Buyer> {
    let person = ["buyer", "subscriber"]
        .iter()
        .find_map(|key| at(data, &[*key]))
        .or_else(|| at(data, &["subscription", "user"]))
        .or_else(|| at(data, &["user"]))?;
    let email = text(at(person, &["email"])).map(|email| email.to_lowercase());
    let name = text(at(person, &["name"]));
    let phone = text(at(person, &["checkout_phone"])).or_else(|| subscriber_phone(person));
    (email.is_some() || name.is_some() || phone.is_some()).then_some(Buyer { email, name, phone })
}

/// `data.subscriber.phone` of subscription events: `{dddCell, cell, dddPhone, phone}`.
fn subscriber_phone(person: &Value) -> Option<String> {
    let phone = at(person, &["phone"])?;
    [("dddCell", "cell"), ("dddPhone", "phone")].iter().find_map(|(area, number)| {
        let number = text(at(phone, &[number]))?;
        Some(format!("{}{number}", text(at(phone, &[area])).unwrap_or_default()))
    })
}

/// `None` when the event names no subscriber.
fn read_subscription(data: &Value) -> Result<Option<SubscriptionInfo>, HotmartParseError> {
    let subscriber_code = text(at(data, &["subscription", "subscriber", "code"]))
        .or_else(|| text(at(data, &["subscriber", "code"])))
        .or_else(|| text(at(data, &["subscription", "subscriber_code"])));
    let Some(subscriber_code) = subscriber_code else {
        return Ok(None);
    };
    let plan = current_plan(data)
        .or_else(|| at(data, &["subscription", "plan"]))
        .or_else(|| at(data, &["plan"]))
        .unwrap_or(&Value::Null);
    let next_charge_at = match at(data, &["date_next_charge"]) {
        Some(value) => instant(Some(value), "data.date_next_charge")?,
        None => match at(data, &["subscription", "date_next_charge"]) {
            Some(value) => instant(Some(value), "data.subscription.date_next_charge")?,
            None => instant(at(data, &["purchase", "date_next_charge"]), "data.purchase.date_next_charge")?,
        },
    };
    Ok(Some(SubscriptionInfo {
        subscriber_code,
        subscription_id: text(at(data, &["subscription", "id"])),
        status: text(at(data, &["subscription", "status"])),
        plan_name: text(at(plan, &["name"])),
        plan_id: text(at(plan, &["id"])),
        next_charge_at,
        cancelled_at: instant(at(data, &["cancellation_date"]), "data.cancellation_date")?,
        recurrence_value: money(at(data, &["actual_recurrence_value"]), "data.actual_recurrence_value")?,
    }))
}

/// `SWITCH_PLAN` lists the old and the new plan in `data.plans`; the new one is `current`.
fn current_plan(data: &Value) -> Option<&Value> {
    at(data, &["plans"])?.as_array()?.iter().find(|plan| at(plan, &["current"]) == Some(&Value::Bool(true)))
}
