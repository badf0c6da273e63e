//! The Asaas adapter on the fixtures built from Asaas's public payloads
//! (`api/tests/fixtures/asaas/`, one per event kind).

use rust_decimal::Decimal;

use super::*;

const REFERENCE: &str = "robo-tendencia-mensal";

macro_rules! fixture {
    ($name:literal) => {
        include_str!(concat!("../../../../../../api/tests/fixtures/asaas/", $name, ".json"))
    };
}

fn read(body: &str) -> SaleEvent {
    parse(body.as_bytes(), Some(REFERENCE)).expect("the fixture parses").1
}

#[test]
fn every_fixture_reads_into_its_kind() {
    let cases = [
        (fixture!("payment_created"), SaleEventKind::Pending),
        (fixture!("payment_confirmed"), SaleEventKind::Approved),
        (fixture!("payment_received_renewal"), SaleEventKind::Approved),
        (fixture!("payment_overdue"), SaleEventKind::SubscriptionLate),
        (fixture!("payment_refunded"), SaleEventKind::Refunded),
        (fixture!("payment_chargeback_requested"), SaleEventKind::Chargeback),
        (fixture!("payment_chargeback_dispute"), SaleEventKind::DisputeOpened),
        (fixture!("payment_awaiting_chargeback_reversal"), SaleEventKind::DisputeWon),
        (fixture!("subscription_updated"), SaleEventKind::SubscriptionRescheduled),
        (fixture!("subscription_inactivated"), SaleEventKind::SubscriptionCancelled),
        (fixture!("payment_other_reference"), SaleEventKind::Ignored),
    ];
    for (body, kind) in cases {
        let event = read(body);
        assert_eq!(event.kind, kind, "{}", event.event_name);
        assert_eq!(event.platform, Platform::Asaas);
        assert!(!event.is_test, "{}", event.event_name);
    }
}

#[test]
fn a_confirmed_charge_gives_amounts_in_reais_and_the_subscription() {
    let event = read(fixture!("payment_confirmed"));
    assert_eq!(event.event_id, "evt_7d3e9a1b5c2f8e4d6a0b1c3e5f7a9b2d&210045903");
    let purchase = event.purchase.as_ref().expect("a purchase");
    assert_eq!(purchase.transaction, "pay_4x7k2m9q1w3e");
    assert_eq!(purchase.amount_paid, Some(Decimal::new(14990, 2)));
    assert_eq!(purchase.net_amount, Some(Decimal::new(14492, 2)));
    assert_eq!(purchase.platform_fee, Some(Decimal::new(498, 2)));
    assert_eq!(purchase.payment_type.as_deref(), Some("CREDIT_CARD"));
    // "2030-03-10" is a date in Brasília.
    assert_eq!(purchase.approved_at.map(|d| d.to_rfc3339()).as_deref(), Some("2030-03-10T03:00:00+00:00"));
    assert_eq!(event.subscription.as_ref().map(|s| s.code.as_str()), Some("sub_8kq2w5mz1v7rj4tn"));
    assert_eq!(event.product_id.as_deref(), Some(REFERENCE));
    assert!(event.buyer.is_none(), "Asaas names the customer by id only");
}

#[test]
fn a_renewal_is_a_new_charge_of_the_same_subscription() {
    let first = read(fixture!("payment_confirmed"));
    let renewal = read(fixture!("payment_received_renewal"));
    assert_ne!(first.purchase.unwrap().transaction, renewal.purchase.unwrap().transaction);
    assert_eq!(first.subscription.unwrap().code, renewal.subscription.unwrap().code);
}

#[test]
fn a_subscription_event_reads_its_next_charge_and_value() {
    let updated = read(fixture!("subscription_updated"));
    let subscription = updated.subscription.expect("a subscription");
    assert_eq!(subscription.next_charge_at.map(|d| d.to_rfc3339()).as_deref(), Some("2031-06-15T03:00:00+00:00"));
    assert_eq!(subscription.recurrence_value, Some(Decimal::new(15990, 2)));
    let inactivated = read(fixture!("subscription_inactivated")).subscription.expect("a subscription");
    assert!(inactivated.cancelled_at.is_some());
}

#[test]
fn a_charge_of_another_reference_is_kept_apart_and_ignored() {
    let body = fixture!("payment_confirmed").as_bytes();
    let ours = parse(body, Some(REFERENCE)).unwrap().1;
    for other in [Some("outro-robo"), None, Some("  ")] {
        let theirs = parse(body, other).unwrap().1;
        assert_eq!(theirs.kind, SaleEventKind::Ignored, "{other:?}");
        assert!(theirs.purchase.is_none());
        assert_ne!(theirs.event_id, ours.event_id, "the robot it belongs to still gets it as new");
    }
    // The reference is the owner's exact text (trimmed on our side only).
    assert_eq!(parse(body, Some(" robo-tendencia-mensal ")).unwrap().1.kind, SaleEventKind::Approved);
    assert_eq!(parse(body, Some("ROBO-TENDENCIA-MENSAL")).unwrap().1.kind, SaleEventKind::Ignored);
}

#[test]
fn what_cannot_be_recorded_is_refused_with_its_reason() {
    assert!(matches!(parse(b"not json", None), Err(AsaasParseError::InvalidJson(_))));
    assert_eq!(parse(b"[1]", None).unwrap_err(), AsaasParseError::NotAnObject);
    assert_eq!(parse(br#"{"id":"e"}"#, None).unwrap_err(), AsaasParseError::MissingEventType);
    assert_eq!(parse(br#"{"event":"PAYMENT_RECEIVED"}"#, None).unwrap_err(), AsaasParseError::MissingEventId);
    let no_payment = br#"{"id":"e","event":"PAYMENT_RECEIVED","payment":{"externalReference":"r"}}"#;
    assert!(matches!(parse(no_payment, Some("r")), Err(AsaasParseError::MissingPayment { .. })));
    let no_subscription = br#"{"id":"e","event":"SUBSCRIPTION_DELETED","subscription":{"externalReference":"r"}}"#;
    assert!(matches!(parse(no_subscription, Some("r")), Err(AsaasParseError::MissingSubscription { .. })));
    let bad_amount =
        br#"{"id":"e","event":"PAYMENT_RECEIVED","payment":{"id":"p","externalReference":"r","value":"9,70"}}"#;
    assert!(matches!(parse(bad_amount, Some("r")), Err(AsaasParseError::InvalidField { field: "payment.value", .. })));
}

#[test]
fn the_neutral_event_reads_back_from_its_stored_form() {
    let event = read(fixture!("payment_received_renewal"));
    let stored = serde_json::to_value(&event).expect("serialises");
    assert_eq!(serde_json::from_value::<SaleEvent>(stored).expect("reads back"), event);
}
