//! `POST /api/webhooks/resend`: Resend's delivery events for the platform's
//! account (decision 0018). Resend signs with Svix: `svix-id`,
//! `svix-timestamp` and `svix-signature` (`v1,<base64>` entries, space
//! separated), the signature an HMAC-SHA256 of `id.timestamp.body` under the
//! base64 secret after `whsec_` (RESEND_WEBHOOK_SECRET). The signature is
//! checked before the body is read; a timestamp more than five minutes off
//! is refused (a replay). `email.bounced` and `email.complained` are recorded
//! against the message Resend sent, once per svix-id; other events are
//! acknowledged and ignored.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use base64::Engine;
use hmac::{KeyInit, Mac};
use serde::{Deserialize, Serialize};
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::secrets::constant_time_eq;
use shared::repositories::email_reports::{self, Recorded};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiResult, ErrorBody};
use crate::AppState;

pub const BAD_SIGNATURE: &str = "Assinatura do webhook inválida";
/// Svix's own tolerance.
const TOLERANCE_SECONDS: i64 = 5 * 60;

/// The answer Resend gets.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResendReceipt {
    pub received: bool,
    /// This svix-id had been recorded before: nothing changed.
    pub duplicate: bool,
    /// What was recorded: `bounced`, `complained`, or null (ignored).
    pub recorded: Option<String>,
}

/// Whether `signatures` (the svix-signature header) holds a valid `v1`
/// signature of `id.timestamp.body` under `secret` (`whsec_<base64>`).
pub fn verify(secret: &str, id: &str, timestamp: &str, body: &[u8], signatures: &str) -> bool {
    let encoded = secret.trim().strip_prefix("whsec_").unwrap_or(secret.trim());
    let Ok(key) = base64::engine::general_purpose::STANDARD.decode(encoded) else { return false };
    let Ok(mut mac) = <hmac::Hmac<sha2::Sha256> as KeyInit>::new_from_slice(&key) else { return false };
    mac.update(id.as_bytes());
    mac.update(b".");
    mac.update(timestamp.as_bytes());
    mac.update(b".");
    mac.update(body);
    let expected = base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes());
    signatures
        .split_whitespace()
        .filter_map(|entry| entry.strip_prefix("v1,"))
        .any(|given| constant_time_eq(given, &expected))
}

#[derive(Deserialize)]
struct Event {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    data: EventData,
}

#[derive(Deserialize, Default)]
struct EventData {
    #[serde(default)]
    email_id: Option<String>,
    #[serde(default)]
    bounce: Option<serde_json::Value>,
}

/// Receives one Resend webhook delivery.
#[utoipa::path(operation_id = "resendWebhook", post, path = "/api/webhooks/resend", tag = "webhooks",
    params(("svix-id" = String, Header, description = "The delivery's id (the same on a retry)"),
           ("svix-timestamp" = String, Header, description = "Seconds since the epoch"),
           ("svix-signature" = String, Header, description = "`v1,<base64>` entries, space separated")),
    request_body(content = serde_json::Value, description = "A Resend event (`email.bounced`, `email.complained`, …)",
                 content_type = "application/json"),
    responses((status = 200, body = ResendReceipt), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn receive(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> ApiResult<Json<ResendReceipt>> {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim).unwrap_or_default();
    let (id, timestamp, signatures) = (header("svix-id"), header("svix-timestamp"), header("svix-signature"));
    let unsigned = || AppError::Unauthorized(BAD_SIGNATURE.into());
    let secret = state.config.email.webhook_secret.as_deref().filter(|s| !s.trim().is_empty()).ok_or_else(unsigned)?;
    if id.is_empty() || !verify(secret, id, timestamp, &body, signatures) {
        return Err(unsigned().into());
    }
    let sent_at: i64 = timestamp.parse().map_err(|_| unsigned())?;
    if (chrono::Utc::now().timestamp() - sent_at).abs() > TOLERANCE_SECONDS {
        return Err(unsigned().into());
    }
    let event: Event =
        serde_json::from_slice(&body).map_err(|_| AppError::validation_field("body", "Evento do Resend ilegível"))?;
    let kind = match event.kind.as_str() {
        "email.bounced" => "bounced",
        "email.complained" => "complained",
        _ => return Ok(Json(ResendReceipt { received: true, duplicate: false, recorded: None })),
    };
    let Some(email_id) = event.data.email_id.filter(|e| !e.trim().is_empty()) else {
        return Ok(Json(ResendReceipt { received: true, duplicate: false, recorded: None }));
    };
    let detail = event.data.bounce.as_ref().and_then(|b| b.get("message")).and_then(|m| m.as_str()).map(str::to_string);
    // The signature proved Resend is speaking; its message id is the key
    // across tenants, so the lookup runs in platform scope.
    let mut tx = db::begin(&state.pool, Scope::worker()).await?;
    let outcome = email_reports::record_delivery_event(&mut tx, id, email_id.trim(), kind, detail.as_deref()).await?;
    tx.commit().await?;
    tracing::info!(svix_id = id, kind, outcome = ?outcome, "resend webhook");
    Ok(Json(ResendReceipt {
        received: true,
        duplicate: outcome == Recorded::Duplicate,
        recorded: (outcome == Recorded::Recorded).then(|| kind.to_string()),
    }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(receive))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Svix's documented example (docs.svix.com, "Verifying manually").
    #[test]
    fn svixs_example_verifies_and_a_changed_byte_does_not() {
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let (id, ts, body) = ("msg_p5jXN8AQM9LWM0D4loKWxJek", "1614265330", br#"{"test": 2432232314}"#);
        let signature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
        assert!(verify(secret, id, ts, body, signature));
        assert!(verify(secret, id, ts, body, &format!("v1,bm90IGl0 {signature}")), "any of the listed signatures");
        assert!(!verify(secret, id, ts, br#"{"test": 2432232315}"#, signature));
        assert!(!verify(secret, "msg_other", ts, body, signature));
        assert!(!verify("whsec_b3RoZXI=", id, ts, body, signature));
        assert!(!verify(secret, id, ts, body, "v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="));
    }
}
