//! Hotmart's postback (2.0.0, read by `domain::hotmart`) as a neutral event.
//! The kinds keep Hotmart's behaviour: a cancelled purchase is a refund (the
//! money never stayed), a delayed or printed-billet purchase is pending.

use crate::domain::hotmart::{self, EventKind, HotmartEvent, HotmartParseError};
use crate::domain::sales::{Platform, SaleBuyer, SaleEvent, SaleEventKind, SalePurchase, SaleSubscription};

/// Reads one postback body into Hotmart's own event and the neutral one
/// (the intake keeps the first's `raw`, without the hottok, as the payload).
pub fn parse(raw: &[u8]) -> Result<(HotmartEvent, SaleEvent), HotmartParseError> {
    let event = hotmart::parse(raw)?;
    let neutral = neutral(&event);
    Ok((event, neutral))
}

pub fn kind(kind: &EventKind) -> SaleEventKind {
    match kind {
        EventKind::PurchaseApproved | EventKind::PurchaseComplete => SaleEventKind::Approved,
        EventKind::PurchaseRefunded | EventKind::PurchaseCanceled => SaleEventKind::Refunded,
        EventKind::PurchaseChargeback => SaleEventKind::Chargeback,
        EventKind::PurchaseProtest => SaleEventKind::DisputeOpened,
        EventKind::PurchaseDelayed | EventKind::PurchaseBilletPrinted | EventKind::PurchaseExpired => {
            SaleEventKind::Pending
        }
        EventKind::SubscriptionCancellation => SaleEventKind::SubscriptionCancelled,
        EventKind::SwitchPlan => SaleEventKind::PlanSwitched,
        EventKind::UpdateSubscriptionChargeDate => SaleEventKind::SubscriptionRescheduled,
        EventKind::PurchaseOutOfShoppingCart | EventKind::Unknown(_) => SaleEventKind::Ignored,
    }
}

pub fn neutral(event: &HotmartEvent) -> SaleEvent {
    SaleEvent {
        platform: Platform::Hotmart,
        event_id: event.event_id.clone(),
        event_name: event.kind.as_str().to_string(),
        kind: kind(&event.kind),
        is_test: event.is_test,
        occurred_at: event.created_at,
        product_id: event.product_id.clone(),
        offer_code: event.purchase.as_ref().and_then(|p| p.offer_code.clone()),
        purchase: event.purchase.as_ref().map(|p| SalePurchase {
            transaction: p.transaction.clone(),
            status: p.status.clone(),
            amount_paid: p.amount_paid,
            gross_amount: p.gross_amount,
            currency: p.currency.clone(),
            platform_fee: p.hotmart_commission,
            coproducer_commission: p.coproducer_commission,
            affiliate_commission: p.affiliate_commission,
            net_amount: p.net_amount,
            approved_at: p.approved_at,
            ordered_at: p.ordered_at,
            recurrence_number: p.recurrence_number,
            payment_type: p.payment_type.clone(),
            installments: p.installments,
        }),
        buyer: event.buyer.as_ref().map(|b| SaleBuyer {
            email: b.email.clone(),
            name: b.name.clone(),
            phone: b.phone.clone(),
        }),
        subscription: event.subscription.as_ref().map(|s| SaleSubscription {
            code: s.subscriber_code.clone(),
            status: s.status.clone(),
            plan_id: s.plan_id.clone(),
            plan_name: s.plan_name.clone(),
            next_charge_at: s.next_charge_at,
            cancelled_at: s.cancelled_at,
            recurrence_value: s.recurrence_value,
        }),
    }
}

/// One sale of Hotmart's sales history API (`items[]`: `product`, `buyer`,
/// `purchase`) as the neutral event its webhook would have carried, for the
/// reconciliation. Its id names the transaction and its status, so a sale
/// recovered once is a duplicate the next time; None when the item names no
/// transaction or a status that changes nothing.
pub fn from_history(item: &serde_json::Value) -> Option<SaleEvent> {
    let purchase = item.get("purchase")?;
    let transaction = purchase.get("transaction")?.as_str()?.trim();
    let status = purchase.get("status")?.as_str()?.trim().to_ascii_uppercase();
    let kind = match status.as_str() {
        "APPROVED" | "COMPLETE" => SaleEventKind::Approved,
        "REFUNDED" | "CANCELLED" | "PARTIALLY_REFUNDED" => SaleEventKind::Refunded,
        "CHARGEBACK" => SaleEventKind::Chargeback,
        "PROTESTED" | "DISPUTE" => SaleEventKind::DisputeOpened,
        _ => return None,
    };
    if transaction.is_empty() {
        return None;
    }
    let millis = |value: Option<&serde_json::Value>| {
        value.and_then(serde_json::Value::as_i64).and_then(chrono::DateTime::from_timestamp_millis)
    };
    let money = |value: Option<&serde_json::Value>| {
        value
            .and_then(serde_json::Value::as_f64)
            .and_then(rust_decimal::Decimal::from_f64_retain)
            .map(|d| d.round_dp(2))
    };
    let text = |value: Option<&serde_json::Value>| match value? {
        serde_json::Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    let buyer = item.get("buyer");
    let email = text(buyer.and_then(|b| b.get("email"))).map(|e| e.to_lowercase());
    let paid = money(purchase.pointer("/price/value"));
    let fee = money(purchase.pointer("/hotmart_fee/total"));
    Some(SaleEvent {
        platform: Platform::Hotmart,
        event_id: format!("reconciliation:{transaction}:{status}"),
        event_name: format!("HISTORY_{status}"),
        kind,
        is_test: false,
        occurred_at: millis(purchase.get("approved_date")).or_else(|| millis(purchase.get("order_date"))),
        product_id: text(item.pointer("/product/id")),
        offer_code: text(purchase.pointer("/offer/code")),
        purchase: Some(SalePurchase {
            transaction: transaction.to_string(),
            status: Some(status.clone()),
            amount_paid: paid,
            gross_amount: paid,
            currency: text(purchase.pointer("/price/currency_code")),
            platform_fee: fee,
            coproducer_commission: None,
            affiliate_commission: None,
            net_amount: paid.zip(fee).map(|(paid, fee)| paid - fee),
            approved_at: millis(purchase.get("approved_date")),
            ordered_at: millis(purchase.get("order_date")),
            recurrence_number: purchase
                .get("recurrency_number")
                .and_then(serde_json::Value::as_i64)
                .and_then(|n| i32::try_from(n).ok()),
            payment_type: text(purchase.pointer("/payment/type")),
            installments: purchase
                .pointer("/payment/installments_number")
                .and_then(serde_json::Value::as_i64)
                .and_then(|n| i32::try_from(n).ok()),
        }),
        buyer: Some(SaleBuyer { email, name: text(buyer.and_then(|b| b.get("name"))), phone: None }),
        subscription: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hotmart_fixture_reads_into_the_kind_its_effect_had() {
        let approved = include_str!("../../../../tests/fixtures/hotmart/purchase_approved.json");
        let (_, event) = parse(approved.as_bytes()).expect("fixture parses");
        assert_eq!(event.kind, SaleEventKind::Approved);
        assert_eq!(event.platform, Platform::Hotmart);
        assert!(event.purchase.is_some() && event.buyer_email().is_some());
        let stored = serde_json::to_value(&event).expect("serialises");
        assert_eq!(serde_json::from_value::<SaleEvent>(stored).expect("reads back"), event);
        let chargeback = include_str!("../../../../tests/fixtures/hotmart/purchase_chargeback.json");
        assert_eq!(parse(chargeback.as_bytes()).expect("parses").1.kind, SaleEventKind::Chargeback);
    }

    #[test]
    fn a_history_item_reads_as_its_webhook_would_and_its_id_names_transaction_and_status() {
        let item = serde_json::json!({
            "product": {"id": 3_541_212, "name": "Robô Alfa"},
            "buyer": {"name": "Ana Lima", "email": " Ana.Lima@Example.com ", "ucode": "x"},
            "purchase": {"transaction": "HP0001", "status": "COMPLETE", "order_date": 1_764_000_000_000i64,
                         "approved_date": 1_764_000_060_000i64, "price": {"value": 197.9, "currency_code": "BRL"},
                         "hotmart_fee": {"total": 19.79}, "payment": {"type": "PIX", "installments_number": 1},
                         "offer": {"code": "k2x9"}}
        });
        let event = from_history(&item).expect("a sale");
        assert_eq!((event.kind, event.event_id.as_str()), (SaleEventKind::Approved, "reconciliation:HP0001:COMPLETE"));
        assert_eq!(event.buyer_email(), Some("ana.lima@example.com"));
        assert_eq!(event.product_id.as_deref(), Some("3541212"));
        let purchase = event.purchase.expect("purchase");
        assert_eq!(purchase.amount_paid.map(|d| d.to_string()).as_deref(), Some("197.90"));
        assert_eq!(purchase.net_amount.map(|d| d.to_string()).as_deref(), Some("178.11"));
        let mut refunded = item.clone();
        refunded["purchase"]["status"] = "REFUNDED".into();
        assert_eq!(from_history(&refunded).expect("a refund").kind, SaleEventKind::Refunded);
        let mut waiting = item;
        waiting["purchase"]["status"] = "WAITING_PAYMENT".into();
        assert!(from_history(&waiting).is_none(), "a status that changes nothing is not fed");
    }
}
