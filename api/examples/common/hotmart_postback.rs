//! The Hotmart 2.0.0 PURCHASE_APPROVED postback the bench probes post: one
//! shape for every bench, so they measure the same intake path.

use serde_json::{json, Value};

/// A purchase of the demo product by `email`, as event `event_id` with
/// Hotmart transaction `transaction`; `sequence` orders the events' dates.
pub fn purchase_approved(event_id: &str, email: &str, name: &str, transaction: &str, sequence: usize) -> Value {
    json!({
        "id": event_id,
        "creation_date": 1763989542000u64 + sequence as u64,
        "event": "PURCHASE_APPROVED",
        "version": "2.0.0",
        "data": {
            "product": {"id": 4895217, "name": "Scalper Pro MT5"},
            "buyer": {"email": email, "name": name},
            "purchase": {
                "transaction": transaction,
                "status": "APPROVED",
                "approved_date": 1763989542000u64,
                "price": {"value": 297.0, "currency_value": "BRL"},
                "full_price": {"value": 297.0, "currency_value": "BRL"}
            },
            "commissions": [
                {"source": "MARKETPLACE", "value": 29.67, "currency_value": "BRL"},
                {"source": "PRODUCER", "value": 267.33, "currency_value": "BRL"}
            ]
        }
    })
}
