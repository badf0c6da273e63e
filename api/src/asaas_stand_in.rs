//! Asaas, as tests and the Chromium journeys meet it: posts Asaas's payloads
//! the way Asaas does (JSON, with the webhook's `authToken` in the
//! `asaas-access-token` header), so the real check and the real adapter run.
//! Not used in production.

#[derive(Debug, Clone)]
pub struct AsaasStandIn {
    /// The auth token the owner set on the webhook in Asaas's panel.
    pub token: String,
}

impl AsaasStandIn {
    pub fn new(token: &str) -> Self {
        Self { token: token.to_string() }
    }

    /// The headers Asaas sends with every delivery.
    pub fn headers(&self) -> Vec<(&'static str, String)> {
        vec![("content-type", "application/json".into()), ("asaas-access-token", self.token.clone())]
    }
}
