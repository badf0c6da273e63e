//! The Eduzz adapter on the fixtures built from Eduzz's public payloads
//! (`api/tests/fixtures/eduzz/`, one per event kind).

use rust_decimal::Decimal;

use super::*;

macro_rules! fixture {
    ($name:literal) => {
        include_str!(concat!("../../../../../../api/tests/fixtures/eduzz/", $name, ".json"))
    };
}

fn read(body: &str) -> SaleEvent {
    parse(body.as_bytes()).expect("the fixture parses").1
}

#[test]
fn every_fixture_reads_into_its_kind() {
    let cases = [
        (fixture!("invoice_paid"), SaleEventKind::Approved),
        (fixture!("invoice_paid_renewal"), SaleEventKind::Approved),
        (fixture!("invoice_waiting_payment"), SaleEventKind::Pending),
        (fixture!("invoice_refunded"), SaleEventKind::Refunded),
        (fixture!("invoice_chargeback"), SaleEventKind::Chargeback),
        (fixture!("invoice_waiting_refund"), SaleEventKind::DisputeOpened),
        (fixture!("contract_updated_late"), SaleEventKind::SubscriptionLate),
        (fixture!("contract_canceled"), SaleEventKind::SubscriptionCancelled),
        (fixture!("contract_plan_changed"), SaleEventKind::PlanSwitched),
    ];
    for (body, kind) in cases {
        let event = read(body);
        assert_eq!(event.kind, kind, "{}", event.event_name);
        assert_eq!(event.platform, Platform::Eduzz);
        assert!(!event.is_test, "{}", event.event_name);
        assert_eq!(event.subscription.as_ref().map(|s| s.code.as_str()), Some("7731045"), "{}", event.event_name);
    }
}

#[test]
fn a_paid_invoice_gives_amounts_in_reais_the_buyer_and_the_contract() {
    let event = read(fixture!("invoice_paid"));
    assert_eq!(event.event_id, "c8x2k4v9q1m7z0p3n6b5w8d1");
    assert_eq!(event.event_name, "myeduzz.invoice_paid");
    let purchase = event.purchase.as_ref().expect("a purchase");
    assert_eq!(purchase.transaction, "98213457");
    assert_eq!(purchase.amount_paid, Some(Decimal::new(19700, 2)));
    assert_eq!(purchase.currency.as_deref(), Some("BRL"));
    assert_eq!(purchase.approved_at.map(|d| d.to_rfc3339()).as_deref(), Some("2030-03-10T12:58:41+00:00"));
    assert_eq!(event.buyer_email(), Some("rafael.eduzz@example.com"));
    assert_eq!(event.product_id.as_deref(), Some("2417765"));
    let subscription = event.subscription.as_ref().expect("a contract");
    assert_eq!(subscription.next_charge_at.map(|d| d.to_rfc3339()).as_deref(), Some("2031-04-10T12:58:41+00:00"));
}

#[test]
fn a_renewal_is_a_new_invoice_of_the_same_contract() {
    let first = read(fixture!("invoice_paid"));
    let renewal = read(fixture!("invoice_paid_renewal"));
    assert_ne!(first.purchase.unwrap().transaction, renewal.purchase.unwrap().transaction);
    assert_eq!(first.subscription.unwrap().code, renewal.subscription.unwrap().code);
}

#[test]
fn the_activation_ping_is_a_test() {
    let ping = read(fixture!("ping"));
    assert!(ping.is_test);
    assert_eq!(ping.kind, SaleEventKind::Ignored);
    assert!(ping.purchase.is_none());
    let bare = parse(br#"{"event":"ping"}"#).expect("a bare ping is still a ping").1;
    assert!(bare.is_test);
}

#[test]
fn contract_events_mean_what_their_status_says() {
    assert_eq!(kind("myeduzz.contract_updated", Some("canceled"), None), SaleEventKind::SubscriptionCancelled);
    assert_eq!(kind("myeduzz.contract_updated", Some("defaulter"), None), SaleEventKind::SubscriptionLate);
    assert_eq!(kind("myeduzz.contract_updated", Some("upToDate"), None), SaleEventKind::SubscriptionRescheduled);
    assert_eq!(kind("myeduzz.contract_created", Some("upToDate"), None), SaleEventKind::Ignored);
    assert_eq!(kind("myeduzz.invoice_refused", None, None), SaleEventKind::Ignored);
    assert_eq!(kind("myeduzz.cart_abandonment", None, None), SaleEventKind::Ignored);
}

#[test]
fn what_cannot_be_recorded_is_refused_with_its_reason() {
    assert!(matches!(parse(b"not json"), Err(EduzzParseError::InvalidJson(_))));
    assert_eq!(parse(b"[1]").unwrap_err(), EduzzParseError::NotAnObject);
    assert_eq!(parse(br#"{"id":"x"}"#).unwrap_err(), EduzzParseError::MissingEventType);
    assert_eq!(parse(br#"{"event":"myeduzz.invoice_paid"}"#).unwrap_err(), EduzzParseError::MissingEventId);
    let no_email = br#"{"id":"e","event":"myeduzz.invoice_paid","data":{"id":"1","buyer":{"name":"A"}}}"#;
    assert!(matches!(parse(no_email), Err(EduzzParseError::MissingBuyerEmail { .. })));
    let no_invoice = br#"{"id":"e","event":"myeduzz.invoice_refunded","data":{}}"#;
    assert!(matches!(parse(no_invoice), Err(EduzzParseError::MissingInvoiceId { .. })));
    let no_contract = br#"{"id":"e","event":"myeduzz.contract_canceled","data":{}}"#;
    assert!(matches!(parse(no_contract), Err(EduzzParseError::MissingContract { .. })));
    let bad_amount = br#"{"id":"e","event":"myeduzz.invoice_refunded","data":{"id":"1","price":{"value":"9,70"}}}"#;
    assert!(matches!(parse(bad_amount), Err(EduzzParseError::InvalidField { field: "data.price.value", .. })));
    // An abandoned cart is kept and ignored.
    let cart = parse(br#"{"id":"c1","event":"myeduzz.cart_abandonment","data":{}}"#).expect("kept").1;
    assert_eq!(cart.kind, SaleEventKind::Ignored);
}

#[test]
fn the_neutral_event_reads_back_from_its_stored_form() {
    let event = read(fixture!("invoice_paid_renewal"));
    let stored = serde_json::to_value(&event).expect("serialises");
    assert_eq!(serde_json::from_value::<SaleEvent>(stored).expect("reads back"), event);
}
