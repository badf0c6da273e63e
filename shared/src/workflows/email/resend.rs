//! The Resend HTTP API (`POST {base}/emails`), as Resend documents it:
//! bearer key, JSON `{ from, to: [..], subject, html }`, answer `{ id }`.
//! The outbox id goes in `Idempotency-Key`, so a retry after a lost answer
//! is not a second e-mail.

use serde::Deserialize;
use serde_json::json;

#[derive(Debug)]
pub struct SendError {
    /// A rate limit, a server error or no answer: try again later.
    pub retryable: bool,
    pub message: String,
}

impl std::fmt::Display for SendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SendError {}

pub struct Message<'a> {
    pub from: &'a str,
    pub to: &'a str,
    pub subject: &'a str,
    pub html: &'a str,
    pub idempotency_key: &'a str,
}

/// Sends one message; Resend's id on success.
pub async fn send(http: &reqwest::Client, base: &str, key: &str, message: &Message<'_>) -> Result<String, SendError> {
    #[derive(Deserialize)]
    struct Sent {
        id: String,
    }
    let response = http
        .post(format!("{}/emails", base.trim_end_matches('/')))
        .bearer_auth(key)
        .header("Idempotency-Key", message.idempotency_key)
        .json(&json!({ "from": message.from, "to": [message.to], "subject": message.subject, "html": message.html }))
        .send()
        .await
        .map_err(|e| SendError { retryable: true, message: format!("Resend unreachable: {e}") })?;
    let status = response.status();
    if status.is_success() {
        let sent: Sent = response
            .json()
            .await
            .map_err(|e| SendError { retryable: false, message: format!("unexpected Resend answer: {e}") })?;
        return Ok(sent.id);
    }
    let body = response.text().await.unwrap_or_default();
    Err(SendError {
        retryable: status.as_u16() == 429 || status.is_server_error(),
        message: format!("Resend answered {status}: {}", body.chars().take(500).collect::<String>()),
    })
}
