use std::str::FromStr;

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::{json, Value};

use super::*;

macro_rules! fixture {
    ($name:literal) => {
        include_str!(concat!("../../../tests/fixtures/hotmart/", $name, ".json"))
    };
}

const EMAIL: &str = "comprador.teste@example.com";
const SINGLE_TRANSACTION: &str = "HP17324518830471";
const BILLET_TRANSACTION: &str = "HP08563217740952";
const SUBSCRIBER: &str = "SUB7QX4K2M9";

const ALL: [(&str, &str); 16] = [
    ("purchase_approved", fixture!("purchase_approved")),
    ("purchase_complete", fixture!("purchase_complete")),
    ("purchase_refunded", fixture!("purchase_refunded")),
    ("purchase_chargeback", fixture!("purchase_chargeback")),
    ("purchase_canceled", fixture!("purchase_canceled")),
    ("purchase_protest", fixture!("purchase_protest")),
    ("purchase_delayed", fixture!("purchase_delayed")),
    ("purchase_billet_printed", fixture!("purchase_billet_printed")),
    ("purchase_expired", fixture!("purchase_expired")),
    ("subscription_approved", fixture!("subscription_approved")),
    ("subscription_renewal", fixture!("subscription_renewal")),
    ("subscription_cancellation", fixture!("subscription_cancellation")),
    ("switch_plan", fixture!("switch_plan")),
    ("update_subscription_charge_date", fixture!("update_subscription_charge_date")),
    ("test_postback", fixture!("test_postback")),
    ("unknown_event", fixture!("unknown_event")),
];

fn dec(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap()
}

fn utc(text: &str) -> DateTime<Utc> {
    text.parse().unwrap()
}

fn ok(body: &str) -> HotmartEvent {
    parse(body.as_bytes()).unwrap_or_else(|error| panic!("fixture should parse: {error}"))
}

fn purchase(body: &str) -> Purchase {
    ok(body).purchase.expect("purchase")
}

/// A fixture with `edit` applied, as bytes to parse.
fn edited(body: &str, edit: impl FnOnce(&mut Value)) -> Vec<u8> {
    let mut value: Value = serde_json::from_str(body).unwrap();
    edit(&mut value);
    serde_json::to_vec(&value).unwrap()
}

fn set(value: &mut Value, pointer: &str, new: Value) {
    *value.pointer_mut(pointer).unwrap_or_else(|| panic!("{pointer} exists")) = new;
}

fn remove(value: &mut Value, pointer: &str) {
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    value.pointer_mut(parent).unwrap().as_object_mut().unwrap().remove(key).expect("key existed");
}

#[test]
fn every_fixture_parses_with_a_distinct_event_id_and_the_normalised_email() {
    let mut ids = std::collections::HashSet::new();
    for (name, body) in ALL {
        let event = parse(body.as_bytes()).unwrap_or_else(|error| panic!("{name}: {error}"));
        assert!(ids.insert(event.event_id.clone()), "{name}: duplicate event id");
        assert_eq!(event.version.as_deref(), Some("2.0.0"), "{name}");
        assert!(event.created_at.is_some(), "{name}: creation date");
        assert!(event.raw.get("hottok").is_none(), "{name}: hottok left in the stored payload");
        assert_eq!(event.buyer_email(), Some(EMAIL), "{name}");
    }
}

#[test]
fn each_fixture_has_its_kind_and_effect() {
    let refunded = Effect::Revoke { sale_status: SALE_REFUNDED };
    let pending = Effect::Pending { sale_status: SALE_PENDING };
    let expected = [
        (EventKind::PurchaseApproved, Effect::Grant),
        (EventKind::PurchaseComplete, Effect::Grant),
        (EventKind::PurchaseRefunded, refunded),
        (EventKind::PurchaseChargeback, refunded),
        (EventKind::PurchaseCanceled, refunded),
        (EventKind::PurchaseProtest, pending),
        (EventKind::PurchaseDelayed, pending),
        (EventKind::PurchaseBilletPrinted, pending),
        (EventKind::PurchaseExpired, pending),
        (EventKind::PurchaseApproved, Effect::Grant),
        (EventKind::PurchaseApproved, Effect::Grant),
        (EventKind::SubscriptionCancellation, Effect::CancelSubscription),
        (EventKind::SwitchPlan, Effect::UpdateSubscription),
        (EventKind::UpdateSubscriptionChargeDate, Effect::UpdateSubscription),
        (EventKind::PurchaseApproved, Effect::Grant),
        (EventKind::Unknown("CLUB_FIRST_ACCESS".into()), Effect::Ignore),
    ];
    for ((name, body), (kind, effect)) in ALL.iter().zip(expected) {
        let event = ok(body);
        assert_eq!(event.kind, kind, "{name}");
        assert_eq!(event.effect(), effect, "{name}");
        assert_eq!(event.kind.as_str(), name_of(&event.raw), "{name}");
    }
}

fn name_of(raw: &Value) -> &str {
    raw["event"].as_str().unwrap()
}

#[test]
fn sale_statuses_are_only_those_the_migration_allows() {
    let allowed = ["confirmed", "pending", "refunded"];
    for (name, body) in ALL {
        if let Some(status) = ok(body).effect().sale_status() {
            assert!(allowed.contains(&status), "{name}: {status}");
        }
    }
}

#[test]
fn approved_purchase_reads_amounts_to_the_cent_and_dates_from_milliseconds() {
    let event = ok(fixture!("purchase_approved"));
    assert_eq!(event.event_id, "4f15bab7-c46b-4a6e-8bf7-3f8f667e60c7");
    assert_eq!(event.created_at, Some(utc("2025-11-24T13:05:44.318Z")));
    assert_eq!(event.product_id.as_deref(), Some("4895217"));
    assert!(!event.is_test);
    assert_eq!(event.hottok.as_deref(), Some("Q3fR9kLmT2xVb7NwYp4ZsJ8uHcA1dE652093"));
    assert!(event.subscription.is_none());

    let purchase = event.purchase.expect("purchase");
    assert_eq!(purchase.transaction, SINGLE_TRANSACTION);
    assert_eq!(purchase.status.as_deref(), Some("APPROVED"));
    assert_eq!(purchase.amount_paid, Some(dec("297.00")));
    assert_eq!(purchase.gross_amount, Some(dec("297.00")));
    assert_eq!(purchase.currency.as_deref(), Some("BRL"));
    assert_eq!(purchase.hotmart_commission, Some(dec("29.67")));
    assert_eq!(purchase.net_amount, Some(dec("267.33")));
    assert_eq!(purchase.coproducer_commission, None);
    assert_eq!(purchase.affiliate_commission, None);
    assert_eq!(purchase.commission_currency.as_deref(), Some("BRL"));
    assert_eq!(purchase.approved_at, Some(utc("2025-11-24T13:05:42Z")));
    assert_eq!(purchase.ordered_at, Some(utc("2025-11-24T13:05:11Z")));
    assert_eq!(purchase.payment_type.as_deref(), Some("CREDIT_CARD"));
    assert_eq!(purchase.installments, Some(3));
    assert_eq!(purchase.recurrence_number, None);
    assert_eq!(purchase.offer_code.as_deref(), Some("k2m9x7qa"));
    // Scale 2, as numeric(10, 2) and the e-mail templates show it.
    assert_eq!(purchase.amount_paid.unwrap().to_string(), "297.00");
    assert_eq!(purchase.hotmart_commission.unwrap() + purchase.net_amount.unwrap(), dec("297.00"));

    let buyer = event.buyer.expect("buyer");
    assert_eq!(buyer.email.as_deref(), Some(EMAIL));
    assert_eq!(buyer.name.as_deref(), Some("Comprador Teste da Silva"));
    assert_eq!(buyer.phone.as_deref(), Some("11987654321"));
}

#[test]
fn later_events_of_a_single_purchase_name_the_same_transaction() {
    for body in [
        fixture!("purchase_complete"),
        fixture!("purchase_protest"),
        fixture!("purchase_refunded"),
        fixture!("purchase_chargeback"),
    ] {
        let purchase = purchase(body);
        assert_eq!(purchase.transaction, SINGLE_TRANSACTION);
        assert_eq!(purchase.amount_paid, Some(dec("297.00")));
        assert_eq!(purchase.net_amount, Some(dec("267.33")));
    }
    assert_eq!(purchase(fixture!("purchase_complete")).status.as_deref(), Some("COMPLETED"));
    assert_eq!(purchase(fixture!("purchase_chargeback")).status.as_deref(), Some("CHARGEBACK"));
    assert_eq!(purchase(fixture!("purchase_billet_printed")).transaction, BILLET_TRANSACTION);
    assert_eq!(purchase(fixture!("purchase_expired")).transaction, BILLET_TRANSACTION);
    let billet = purchase(fixture!("purchase_billet_printed"));
    assert_eq!(billet.payment_type.as_deref(), Some("BILLET"));
    assert_eq!(billet.approved_at, None);
    assert_eq!(billet.ordered_at, Some(utc("2025-11-26T14:09:48Z")));
}

#[test]
fn subscription_purchase_splits_commissions_by_source() {
    let event = ok(fixture!("subscription_approved"));
    let purchase = event.purchase.expect("purchase");
    assert_eq!(purchase.transaction, "HP22059813364107");
    assert_eq!(purchase.amount_paid, Some(dec("197.90")));
    assert_eq!(purchase.gross_amount, Some(dec("197.90")));
    assert_eq!(purchase.hotmart_commission, Some(dec("20.59")));
    // Two co-producers: 17.49 + 10.00.
    assert_eq!(purchase.coproducer_commission, Some(dec("27.49")));
    assert_eq!(purchase.affiliate_commission, Some(dec("39.58")));
    assert_eq!(purchase.net_amount, Some(dec("110.24")));
    let split = [purchase.hotmart_commission, purchase.coproducer_commission, purchase.affiliate_commission]
        .into_iter()
        .chain([purchase.net_amount])
        .map(Option::unwrap)
        .sum::<Decimal>();
    assert_eq!(split, dec("197.90"));
    assert_eq!(purchase.recurrence_number, Some(1));
    assert_eq!(purchase.approved_at, Some(utc("2025-12-02T10:00:40Z")));

    let subscription = event.subscription.expect("subscription");
    assert_eq!(subscription.subscriber_code, SUBSCRIBER);
    assert_eq!(subscription.status.as_deref(), Some("ACTIVE"));
    assert_eq!(subscription.plan_id.as_deref(), Some("1129384"));
    assert_eq!(subscription.plan_name.as_deref(), Some("Plano Mensal Scalper Pro"));
    assert_eq!(subscription.next_charge_at, Some(utc("2026-01-02T10:00:00Z")));
    assert_eq!(subscription.cancelled_at, None);
    assert_eq!(event.product_id.as_deref(), Some("4895230"));
}

#[test]
fn renewal_is_the_same_subscriber_with_a_new_transaction() {
    let first = ok(fixture!("subscription_approved"));
    let renewal = ok(fixture!("subscription_renewal"));
    let (first_purchase, renewal_purchase) = (first.purchase.unwrap(), renewal.purchase.unwrap());
    assert_ne!(first_purchase.transaction, renewal_purchase.transaction);
    assert_eq!(renewal_purchase.transaction, "HP22059813364188");
    assert_eq!(renewal_purchase.recurrence_number, Some(2));
    assert_eq!(renewal_purchase.amount_paid, Some(dec("197.90")));
    let (first_sub, renewal_sub) = (first.subscription.unwrap(), renewal.subscription.unwrap());
    assert_eq!(first_sub.subscriber_code, renewal_sub.subscriber_code);
    assert_eq!(renewal_sub.next_charge_at, Some(utc("2026-02-02T10:00:00Z")));
}

#[test]
fn subscription_cancellation_reads_the_subscriber_and_dates() {
    let event = ok(fixture!("subscription_cancellation"));
    assert!(event.purchase.is_none());
    assert_eq!(event.product_id.as_deref(), Some("4895230"));
    let subscription = event.subscription.expect("subscription");
    assert_eq!(subscription.subscriber_code, SUBSCRIBER);
    assert_eq!(subscription.subscription_id.as_deref(), Some("3817462"));
    assert_eq!(subscription.plan_id.as_deref(), Some("1129384"));
    assert_eq!(subscription.cancelled_at, Some(utc("2026-01-15T21:34:50Z")));
    assert_eq!(subscription.next_charge_at, Some(utc("2026-02-02T10:00:00Z")));
    assert_eq!(subscription.recurrence_value, Some(dec("197.90")));
    let buyer = event.buyer.expect("subscriber as buyer");
    assert_eq!(buyer.email.as_deref(), Some(EMAIL));
    assert_eq!(buyer.phone.as_deref(), Some("11987654321"));
}

#[test]
fn switch_plan_takes_the_current_plan() {
    let event = ok(fixture!("switch_plan"));
    assert_eq!(event.product_id.as_deref(), Some("4895230"));
    let subscription = event.subscription.expect("subscription");
    assert_eq!(subscription.subscriber_code, SUBSCRIBER);
    assert_eq!(subscription.plan_id.as_deref(), Some("1129390"));
    assert_eq!(subscription.plan_name.as_deref(), Some("Plano Anual Scalper Pro"));
    assert_eq!(subscription.status.as_deref(), Some("ACTIVE"));
}

#[test]
fn charge_date_update_reads_the_next_charge_as_milliseconds_or_text() {
    let event = ok(fixture!("update_subscription_charge_date"));
    let subscription = event.subscription.expect("subscription");
    assert_eq!(subscription.subscriber_code, SUBSCRIBER);
    assert_eq!(subscription.next_charge_at, Some(utc("2026-02-10T10:00:00Z")));
    assert_eq!(subscription.plan_id.as_deref(), Some("1129384"));

    let iso = edited(fixture!("update_subscription_charge_date"), |v| {
        set(v, "/data/subscription/date_next_charge", json!("2026-02-10T10:00:00.000Z"));
    });
    let next = parse(&iso).unwrap().subscription.unwrap().next_charge_at;
    assert_eq!(next, Some(utc("2026-02-10T10:00:00Z")));
}

#[test]
fn test_postback_is_flagged_and_still_read() {
    let event = ok(fixture!("test_postback"));
    assert!(event.is_test);
    assert_eq!(event.product_id.as_deref(), Some("0"));
    assert_eq!(event.effect(), Effect::Grant);
    let purchase = event.purchase.unwrap();
    assert_eq!(purchase.amount_paid, Some(dec("1500.00")));
    assert_eq!(purchase.hotmart_commission, Some(dec("149.50")));
    assert_eq!(purchase.net_amount, Some(dec("1350.50")));
    assert_eq!(purchase.approved_at, Some(utc("2017-11-27T11:49:06Z")));

    let as_text = edited(fixture!("test_postback"), |v| set(v, "/data/product/id", json!("00000")));
    assert!(parse(&as_text).unwrap().is_test);
    for (name, body) in ALL.iter().filter(|(name, _)| *name != "test_postback") {
        assert!(!ok(body).is_test, "{name}");
    }
}

#[test]
fn unknown_event_is_kept_by_name_and_ignored() {
    let event = ok(fixture!("unknown_event"));
    assert_eq!(event.kind, EventKind::Unknown("CLUB_FIRST_ACCESS".into()));
    assert_eq!(event.kind.as_str(), "CLUB_FIRST_ACCESS");
    assert_eq!(event.kind.to_string(), "CLUB_FIRST_ACCESS");
    assert_eq!(event.effect(), Effect::Ignore);
    // Club events spell the date `creationDate`.
    assert_eq!(event.created_at, Some(utc("2025-11-24T13:20:31.845Z")));
    assert!(event.purchase.is_none());
}

#[test]
fn event_names_round_trip_and_ignore_case_and_spaces() {
    let kinds = [
        EventKind::PurchaseApproved,
        EventKind::PurchaseComplete,
        EventKind::PurchaseCanceled,
        EventKind::PurchaseRefunded,
        EventKind::PurchaseChargeback,
        EventKind::PurchaseProtest,
        EventKind::PurchaseDelayed,
        EventKind::PurchaseBilletPrinted,
        EventKind::PurchaseExpired,
        EventKind::PurchaseOutOfShoppingCart,
        EventKind::SubscriptionCancellation,
        EventKind::SwitchPlan,
        EventKind::UpdateSubscriptionChargeDate,
    ];
    for kind in kinds {
        assert_eq!(EventKind::from_name(kind.as_str()), kind);
    }
    assert_eq!(EventKind::from_name(" purchase_approved "), EventKind::PurchaseApproved);
    let body = edited(fixture!("purchase_refunded"), |v| set(v, "/event", json!("Purchase_Refunded")));
    assert_eq!(parse(&body).unwrap().kind, EventKind::PurchaseRefunded);
}

#[test]
fn amounts_round_half_away_from_zero_to_two_places() {
    let cases = [
        (json!(10.005), "10.01"),
        (json!(0.125), "0.13"),
        (json!(-2.675), "-2.68"),
        (json!(7), "7.00"),
        (json!(29.67), "29.67"),
        (json!(0.1), "0.10"),
        (json!("99.995"), "100.00"),
        (json!(" 1.5E2 "), "150.00"),
        (json!(1e-7), "0.00"),
        (json!(12345678.91), "12345678.91"),
    ];
    for (value, expected) in cases {
        let body = edited(fixture!("purchase_approved"), |v| set(v, "/data/purchase/price/value", value.clone()));
        let paid = parse(&body).unwrap().purchase.unwrap().amount_paid.unwrap();
        assert_eq!(paid.to_string(), expected, "{value}");
    }
}

#[test]
fn dates_accept_numeric_text_and_whole_float_milliseconds() {
    let cases = [json!("1763989542000"), json!(1.763989542e12), json!("2025-11-24T13:05:42Z")];
    for value in cases {
        let body = edited(fixture!("purchase_approved"), |v| set(v, "/data/purchase/approved_date", value.clone()));
        let approved = parse(&body).unwrap().purchase.unwrap().approved_at;
        assert_eq!(approved, Some(utc("2025-11-24T13:05:42Z")), "{value}");
    }
    let null_date = edited(fixture!("purchase_approved"), |v| set(v, "/data/purchase/approved_date", Value::Null));
    assert_eq!(parse(&null_date).unwrap().purchase.unwrap().approved_at, None);
}

#[test]
fn absent_commission_list_leaves_commissions_unknown() {
    let body = edited(fixture!("purchase_approved"), |v| remove(v, "/data/commissions"));
    let purchase = parse(&body).unwrap().purchase.unwrap();
    assert_eq!(purchase.amount_paid, Some(dec("297.00")));
    assert_eq!((purchase.hotmart_commission, purchase.net_amount, purchase.commission_currency), (None, None, None));
}

#[test]
fn malformed_bodies_are_errors() {
    let cases: [(&[u8], HotmartParseError); 5] = [
        (b"[]", HotmartParseError::NotAnObject),
        (b"null", HotmartParseError::NotAnObject),
        (b"{}", HotmartParseError::MissingEventId),
        (br#"{"id": "  ", "event": "PURCHASE_APPROVED"}"#, HotmartParseError::MissingEventId),
        (br#"{"id": "abc"}"#, HotmartParseError::MissingEventType),
    ];
    for (body, expected) in cases {
        assert_eq!(parse(body), Err(expected), "{}", String::from_utf8_lossy(body));
    }
    for body in [&b""[..], b"{", b"not json", b"\xff\xfe", br#"{"id": "a",}"#] {
        assert!(matches!(parse(body), Err(HotmartParseError::InvalidJson(_))), "{}", String::from_utf8_lossy(body));
    }
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(matches!(parse(deep.as_bytes()), Err(HotmartParseError::InvalidJson(_))));
}

#[test]
fn an_event_missing_what_its_effect_needs_is_an_error() {
    let no_id = edited(fixture!("purchase_approved"), |v| remove(v, "/id"));
    assert_eq!(parse(&no_id), Err(HotmartParseError::MissingEventId));

    for (body, event) in [
        (fixture!("purchase_approved"), "PURCHASE_APPROVED"),
        (fixture!("purchase_refunded"), "PURCHASE_REFUNDED"),
        (fixture!("purchase_expired"), "PURCHASE_EXPIRED"),
    ] {
        let no_transaction = edited(body, |v| remove(v, "/data/purchase/transaction"));
        assert_eq!(parse(&no_transaction), Err(HotmartParseError::MissingTransaction { event: event.into() }));
        let no_purchase = edited(body, |v| remove(v, "/data/purchase"));
        assert_eq!(parse(&no_purchase), Err(HotmartParseError::MissingTransaction { event: event.into() }));
    }

    let no_email = edited(fixture!("purchase_approved"), |v| set(v, "/data/buyer/email", json!("   ")));
    assert_eq!(parse(&no_email), Err(HotmartParseError::MissingBuyerEmail { event: "PURCHASE_APPROVED".into() }));
    // A refund finds the sale by transaction; it does not need the e-mail.
    let refund_without_buyer = edited(fixture!("purchase_refunded"), |v| remove(v, "/data/buyer"));
    assert!(parse(&refund_without_buyer).unwrap().buyer.is_none());

    let no_subscriber = edited(fixture!("subscription_cancellation"), |v| remove(v, "/data/subscriber/code"));
    let expected = HotmartParseError::MissingSubscriberCode { event: "SUBSCRIPTION_CANCELLATION".into() };
    assert_eq!(parse(&no_subscriber), Err(expected));
    let no_code = edited(fixture!("switch_plan"), |v| remove(v, "/data/subscription/subscriber_code"));
    assert!(matches!(parse(&no_code), Err(HotmartParseError::MissingSubscriberCode { .. })));
}

#[test]
fn wrongly_shaped_fields_are_errors_except_in_ignored_events() {
    let edits: [(&str, Value, &str); 6] = [
        ("/data/purchase/price/value", json!("R$ 297,00"), "data.purchase.price.value"),
        ("/data/purchase/price/value", json!({"amount": 297}), "data.purchase.price.value"),
        ("/data/purchase/approved_date", json!("ontem"), "data.purchase.approved_date"),
        ("/data/purchase/approved_date", json!(9.9e18), "data.purchase.approved_date"),
        ("/data/purchase/payment/installments_number", json!(3.5), "data.purchase.payment.installments_number"),
        ("/data/commissions", json!({"source": "PRODUCER"}), "data.commissions"),
    ];
    for (pointer, value, field) in edits {
        let body = edited(fixture!("purchase_approved"), |v| set(v, pointer, value.clone()));
        assert!(
            matches!(parse(&body), Err(HotmartParseError::InvalidField { field: f, .. }) if f == field),
            "{pointer} = {value}: {:?}",
            parse(&body)
        );
        let ignored = edited(fixture!("purchase_approved"), |v| {
            set(v, pointer, value.clone());
            set(v, "/event", json!("PURCHASE_OUT_OF_SHOPPING_CART"));
        });
        let event = parse(&ignored).unwrap();
        assert_eq!(event.effect(), Effect::Ignore);
        assert!(event.purchase.is_none());
    }
    let data_not_object = edited(fixture!("purchase_approved"), |v| set(v, "/data", json!("x")));
    assert!(matches!(parse(&data_not_object), Err(HotmartParseError::InvalidField { field: "data", .. })));
}

#[test]
fn errors_read_in_portuguese() {
    assert_eq!(HotmartParseError::MissingEventId.to_string(), "Evento da Hotmart sem id");
    assert_eq!(
        HotmartParseError::MissingTransaction { event: "PURCHASE_APPROVED".into() }.to_string(),
        "Evento PURCHASE_APPROVED da Hotmart sem código da transação (data.purchase.transaction)"
    );
    let error = parse(b"{").unwrap_err();
    assert!(error.to_string().starts_with("Evento da Hotmart com JSON inválido: "), "{error}");
    let boxed: Box<dyn std::error::Error> = Box::new(HotmartParseError::NotAnObject);
    assert_eq!(boxed.to_string(), "Evento da Hotmart não é um objeto JSON");
}

#[test]
fn debug_output_hides_the_hottok() {
    let event = ok(fixture!("purchase_approved"));
    let printed = format!("{event:?}");
    assert!(!printed.contains("Q3fR9kLmT2xVb7NwYp4ZsJ8uHcA1dE652093"), "{printed}");
    assert!(printed.contains("<redacted>"));
}

#[test]
fn truncated_bodies_never_panic() {
    for (name, body) in ALL {
        let bytes = body.as_bytes();
        let complete = body.trim_end().len();
        for end in 0..bytes.len() {
            let result = parse(&bytes[..end]);
            if end < complete {
                assert!(result.is_err(), "{name}: prefix of {end} bytes parsed");
            }
        }
    }
}

#[test]
fn corrupted_bodies_never_panic() {
    // xorshift: reproducible without a dependency.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    const NOISE: &[u8] = b"{}[]\",:0123456789.-eE nulltruefalse\\\x00\xff";
    for (_, body) in ALL {
        for _ in 0..300 {
            let mut bytes = body.as_bytes().to_vec();
            for _ in 0..1 + next() % 4 {
                let at = (next() % bytes.len() as u64) as usize;
                match next() % 3 {
                    0 => bytes[at] = NOISE[(next() % NOISE.len() as u64) as usize],
                    1 => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, NOISE[(next() % NOISE.len() as u64) as usize]),
                }
            }
            let _ = parse(&bytes);
        }
    }
}

#[test]
fn the_body_hottok_is_read_alone_and_only_from_a_json_object() {
    assert_eq!(body_hottok(br#"{"id":"x","hottok":" abc ","data":{"a":[1,2]}}"#).as_deref(), Some("abc"));
    assert_eq!(body_hottok(br#"{"id":"x"}"#), None);
    assert_eq!(body_hottok(br#"{"hottok":"  "}"#), None);
    assert_eq!(body_hottok(br#"{"hottok":12}"#), None, "not a string");
    assert_eq!(body_hottok(br#"{"hottok":"a","hottok":"b"}"#), None, "given twice");
    assert_eq!(body_hottok(br#"{"hottok":"abc","id":"#), None, "not JSON");
    assert_eq!(body_hottok(b"[]"), None);
    assert_eq!(body_hottok(br#"{"data":{"hottok":"nested"}}"#), None, "top level only");
}
