//! The Kiwify adapter on the fixtures built from Kiwify's public payloads
//! (`api/tests/fixtures/kiwify/`, one per event kind).

use rust_decimal::Decimal;

use super::*;

macro_rules! fixture {
    ($name:literal) => {
        include_str!(concat!("../../../../../../api/tests/fixtures/kiwify/", $name, ".json"))
    };
}

fn read(body: &str) -> SaleEvent {
    parse(body.as_bytes()).expect("the fixture parses").1
}

#[test]
fn every_fixture_reads_into_its_kind() {
    let cases = [
        (fixture!("order_approved"), SaleEventKind::Approved),
        (fixture!("order_refunded"), SaleEventKind::Refunded),
        (fixture!("chargeback"), SaleEventKind::Chargeback),
        (fixture!("subscription_renewed"), SaleEventKind::Renewal),
        (fixture!("subscription_late"), SaleEventKind::SubscriptionLate),
        (fixture!("subscription_canceled"), SaleEventKind::SubscriptionCancelled),
    ];
    for (body, kind) in cases {
        let event = read(body);
        assert_eq!(event.kind, kind, "{}", event.event_name);
        assert_eq!(event.platform, Platform::Kiwify);
        assert!(event.subscription.is_some(), "{}", event.event_name);
    }
}

#[test]
fn an_approved_order_gives_amounts_in_reais_the_buyer_and_the_subscription() {
    let event = read(fixture!("order_approved"));
    assert_eq!(event.event_id, "9f2c1a7e-5b1d-4e63-9a51-2d7c0f4e8b11:order_approved");
    let purchase = event.purchase.as_ref().expect("a purchase");
    assert_eq!(purchase.transaction, "9f2c1a7e-5b1d-4e63-9a51-2d7c0f4e8b11");
    assert_eq!(purchase.amount_paid, Some(Decimal::new(9700, 2)));
    assert_eq!(purchase.platform_fee, Some(Decimal::new(899, 2)));
    assert_eq!(purchase.net_amount, Some(Decimal::new(8801, 2)));
    assert_eq!(purchase.currency.as_deref(), Some("BRL"));
    // "2030-01-15 10:31" is Brasília time.
    assert_eq!(purchase.approved_at.map(|d| d.to_rfc3339()).as_deref(), Some("2030-01-15T13:31:00+00:00"));
    assert_eq!(event.buyer_email(), Some("mariana.kiwi@example.com"));
    let subscription = event.subscription.as_ref().expect("a subscription");
    assert_eq!(subscription.code, "5a6b7c8d-2222-4e3f-9a0b-1c2d3e4f5a6b");
    assert_eq!(subscription.next_charge_at.map(|d| d.to_rfc3339()).as_deref(), Some("2031-02-15T13:31:00+00:00"));
}

#[test]
fn a_renewal_is_a_new_order_of_the_same_subscription() {
    let first = read(fixture!("order_approved"));
    let renewal = read(fixture!("subscription_renewed"));
    assert_ne!(first.purchase.unwrap().transaction, renewal.purchase.unwrap().transaction);
    assert_eq!(first.subscription.unwrap().code, renewal.subscription.unwrap().code);
}

#[test]
fn what_cannot_be_recorded_is_refused_with_its_reason() {
    assert!(matches!(parse(b"not json"), Err(KiwifyParseError::InvalidJson(_))));
    assert_eq!(parse(b"[1]").unwrap_err(), KiwifyParseError::NotAnObject);
    assert_eq!(parse(br#"{"order_id":"x"}"#).unwrap_err(), KiwifyParseError::MissingEventType);
    assert_eq!(parse(br#"{"webhook_event_type":"order_approved"}"#).unwrap_err(), KiwifyParseError::MissingOrderId);
    let no_email = br#"{"webhook_event_type":"order_approved","order_id":"x","Customer":{"full_name":"A"}}"#;
    assert!(matches!(parse(no_email), Err(KiwifyParseError::MissingBuyerEmail { .. })));
    let late = br#"{"webhook_event_type":"subscription_late","order_id":"x"}"#;
    assert!(matches!(parse(late), Err(KiwifyParseError::MissingSubscription { .. })));
    let bad_amount =
        br#"{"webhook_event_type":"order_refunded","order_id":"x","Commissions":{"charge_amount":"9,70"}}"#;
    assert!(matches!(
        parse(bad_amount),
        Err(KiwifyParseError::InvalidField { field: "Commissions.charge_amount", .. })
    ));
    // An abandoned cart (no order) is kept and ignored.
    let cart = parse(br#"{"webhook_event_type":"carrinho_abandonado","id":"c1"}"#).expect("kept").1;
    assert_eq!(cart.kind, SaleEventKind::Ignored);
}

#[test]
fn the_neutral_event_reads_back_from_its_stored_form() {
    let event = read(fixture!("subscription_renewed"));
    let stored = serde_json::to_value(&event).expect("serialises");
    assert_eq!(serde_json::from_value::<SaleEvent>(stored).expect("reads back"), event);
}
