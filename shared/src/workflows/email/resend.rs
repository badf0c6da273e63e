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

/// One DNS record Resend asks for (SPF's MX and TXT, DKIM's TXT).
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct DomainRecord {
    /// `SPF`, `DKIM`, `DMARC`, …
    #[serde(default)]
    pub record: String,
    #[serde(default)]
    pub name: String,
    #[serde(default, rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub value: String,
    /// `verified`, `pending`, `not_started`, `failed`, …
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub priority: Option<i64>,
}

/// A sending domain as Resend's domains API describes it.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Domain {
    pub id: String,
    pub name: String,
    /// `verified`, `pending`, `not_started`, `failed`, `temporary_failure`.
    pub status: String,
    #[serde(default)]
    pub records: Vec<DomainRecord>,
}

/// The account's domain called `name` (case-insensitive), with its records
/// (`GET /domains`, then `GET /domains/{id}`); None when the account has no
/// such domain.
pub async fn find_domain(base: &str, key: &str, name: &str) -> Result<Option<Domain>, SendError> {
    let http = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(10))
        .build()
        .map_err(|e| SendError { retryable: false, message: e.to_string() })?;
    let http = &http;
    #[derive(Deserialize)]
    struct List {
        #[serde(default)]
        data: Vec<Domain>,
    }
    let base = base.trim_end_matches('/');
    let list: List = get_json(http, &format!("{base}/domains"), key).await?;
    let Some(found) = list.data.into_iter().find(|d| d.name.eq_ignore_ascii_case(name.trim())) else {
        return Ok(None);
    };
    let detailed: Domain = get_json(http, &format!("{base}/domains/{}", found.id), key).await?;
    Ok(Some(detailed))
}

async fn get_json<T: serde::de::DeserializeOwned>(
    http: &reqwest::Client,
    url: &str,
    key: &str,
) -> Result<T, SendError> {
    let response = http
        .get(url)
        .bearer_auth(key)
        .send()
        .await
        .map_err(|e| SendError { retryable: true, message: format!("Resend unreachable: {e}") })?;
    let status = response.status();
    if !status.is_success() {
        return Err(SendError {
            retryable: status.as_u16() == 429 || status.is_server_error(),
            message: format!("Resend answered {status}"),
        });
    }
    response.json().await.map_err(|e| SendError { retryable: false, message: format!("unexpected Resend answer: {e}") })
}
