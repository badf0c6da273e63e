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
}
