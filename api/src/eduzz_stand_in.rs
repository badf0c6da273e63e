//! Eduzz, as tests and the Chromium journeys meet it: signs Eduzz's payloads
//! the way Eduzz's Developer Hub does (the raw body's HMAC-SHA256 under the
//! webhook's secret, in the `x-signature` header), so the real verification
//! and the real adapter run. Not used in production.

use shared::domain::sales::adapters::eduzz::signature;

#[derive(Debug, Clone)]
pub struct EduzzStandIn {
    /// The secret chosen for the webhook in Eduzz's panel (the key it signs with).
    pub secret: String,
}

impl EduzzStandIn {
    pub fn new(secret: &str) -> Self {
        Self { secret: secret.to_string() }
    }

    /// The headers Eduzz sends with `body`.
    pub fn headers(&self, body: &[u8]) -> Vec<(&'static str, String)> {
        vec![("content-type", "application/json".into()), ("x-signature", signature::sign(&self.secret, body))]
    }
}
