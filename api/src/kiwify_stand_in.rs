//! Kiwify, as tests and the Chromium journeys meet it: signs Kiwify's
//! payloads the way Kiwify does (the raw body's HMAC-SHA1 under the webhook's
//! token, in the `signature` query parameter of the URL it posts to), so the
//! real verification and the real adapter run. Not used in production.

use shared::domain::sales::adapters::kiwify::signature;

#[derive(Debug, Clone)]
pub struct KiwifyStandIn {
    /// The token of the webhook created in Kiwify's panel (the key it signs with).
    pub token: String,
}

impl KiwifyStandIn {
    pub fn new(token: &str) -> Self {
        Self { token: token.to_string() }
    }

    /// The URL Kiwify calls for `body`: the registered URL with `signature` appended.
    pub fn signed_url(&self, webhook_url: &str, body: &[u8]) -> String {
        let separator = if webhook_url.contains('?') { '&' } else { '?' };
        format!("{webhook_url}{separator}signature={}", signature::sign(&self.token, body))
    }
}
