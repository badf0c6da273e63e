//! Hotmart's REST API, as far as RoboForge calls it: cancelling a
//! subscription with the tenant's own credentials (developers.hotmart.com,
//! "Autenticação de Aplicativo" and "Cancelar assinatura"):
//!
//! 1. `POST {auth}/security/oauth/token?grant_type=client_credentials&client_id=..&client_secret=..`
//!    with `Authorization: Basic <token>` answers `{ access_token, token_type, expires_in }`;
//! 2. `POST {api}/payments/api/v1/subscriptions/{subscriber_code}/cancel` with
//!    `Authorization: Bearer <access_token>` and `{ "send_mail": true }` answers
//!    the subscription (`{ status, subscriber_code, ... }`).
//!
//! Errors come as `{ error, error_description }` with a 4xx (the request is
//! wrong: bad credentials, unknown or already cancelled subscription) or a
//! 5xx (Hotmart is unwell). Tokens live 24 h; a cancellation is rare enough
//! that each one asks for a fresh token rather than keeping one around.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::infrastructure::config::HotmartApiConfig;

/// A tenant's credentials from Hotmart's "Credenciais Developers" (stored
/// sealed, as one JSON value).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Credentials {
    pub client_id: String,
    pub client_secret: String,
    /// The "Basic" token Hotmart shows, without the `Basic ` prefix.
    pub basic: String,
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credentials").field("client_id", &self.client_id).finish_non_exhaustive()
    }
}

impl Credentials {
    /// Trims what an owner pasted; the Basic token loses a `Basic ` prefix
    /// copied with it.
    pub fn new(client_id: &str, client_secret: &str, basic: &str) -> Self {
        let basic = basic.trim();
        let basic = match basic.split_once(char::is_whitespace) {
            Some((scheme, token)) if scheme.eq_ignore_ascii_case("basic") => token.trim(),
            None if basic.eq_ignore_ascii_case("basic") => "",
            _ => basic,
        };
        Self { client_id: client_id.trim().into(), client_secret: client_secret.trim().into(), basic: basic.into() }
    }
}

/// Hotmart's answer to a successful cancel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cancelled {
    /// The subscription's status as Hotmart reports it (e.g. `CANCELLED_BY_SELLER`).
    pub status: String,
    /// A one-line account of the answer, for the owner.
    pub message: String,
}

/// Why a call did not cancel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Hotmart answered and said no: its error code (`invalid_client`,
    /// `not_found`, `SUBSCRIPTION_ALREADY_CANCELED_OR_OVERDUE`, ...) and description.
    Refused { http_status: u16, error: String, description: String },
    /// No usable answer: unreachable, too slow, a 5xx or a body we cannot read.
    Unavailable(String),
}

impl Failure {
    /// The code recorded on the subscription.
    pub fn code(&self) -> &str {
        match self {
            Failure::Refused { error, .. } => error,
            Failure::Unavailable(_) => "unavailable",
        }
    }

    /// The message recorded on the subscription (for the owner; the client
    /// gets a pt-BR sentence instead).
    pub fn message(&self) -> String {
        match self {
            Failure::Refused { http_status, error, description } if description.is_empty() => {
                format!("HTTP {http_status}: {error}")
            }
            Failure::Refused { http_status, description, .. } => format!("HTTP {http_status}: {description}"),
            Failure::Unavailable(why) => why.clone(),
        }
    }
}

/// A subscriber code as Hotmart writes them (letters and digits); anything
/// else is never put in a URL.
pub fn is_subscriber_code(code: &str) -> bool {
    (1..=64).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

pub struct HotmartApi {
    http: reqwest::Client,
    api_base: String,
    auth_base: String,
}

impl HotmartApi {
    pub fn new(config: &HotmartApiConfig) -> Result<Self, reqwest::Error> {
        Ok(Self {
            http: reqwest::Client::builder().timeout(config.timeout).build()?,
            api_base: config.api_base.trim_end_matches('/').to_string(),
            auth_base: config.auth_base.trim_end_matches('/').to_string(),
        })
    }

    /// A client-credentials access token.
    pub async fn access_token(&self, credentials: &Credentials) -> Result<String, Failure> {
        #[derive(Deserialize)]
        struct Token {
            access_token: String,
        }
        let url = reqwest::Url::parse_with_params(
            &format!("{}/security/oauth/token", self.auth_base),
            [
                ("grant_type", "client_credentials"),
                ("client_id", credentials.client_id.as_str()),
                ("client_secret", credentials.client_secret.as_str()),
            ],
        )
        .map_err(|e| Failure::Unavailable(format!("HOTMART_AUTH_BASE inválida: {e}")))?;
        let response = self
            .http
            .post(url)
            .header(reqwest::header::AUTHORIZATION, format!("Basic {}", credentials.basic))
            .send()
            .await
            .map_err(|e| Failure::Unavailable(format!("Hotmart (autenticação) sem resposta: {e}")))?;
        let (status, body) = read(response).await?;
        if !status.is_success() {
            return Err(refusal(status, &body));
        }
        let token: Token = serde_json::from_value(body)
            .map_err(|e| Failure::Unavailable(format!("resposta de token inesperada da Hotmart: {e}")))?;
        Ok(token.access_token)
    }

    /// Cancels one subscription (Hotmart e-mails the subscriber when
    /// `send_mail`).
    pub async fn cancel_subscription(
        &self,
        credentials: &Credentials,
        subscriber_code: &str,
        send_mail: bool,
    ) -> Result<Cancelled, Failure> {
        if !is_subscriber_code(subscriber_code) {
            return Err(Failure::Refused {
                http_status: 0,
                error: "invalid_subscriber_code".into(),
                description: "código de assinante inválido; nada foi enviado à Hotmart".into(),
            });
        }
        let token = self.access_token(credentials).await?;
        let url = format!("{}/payments/api/v1/subscriptions/{subscriber_code}/cancel", self.api_base);
        let response = self
            .http
            .post(url)
            .bearer_auth(token)
            .json(&json!({ "send_mail": send_mail }))
            .send()
            .await
            .map_err(|e| Failure::Unavailable(format!("Hotmart sem resposta: {e}")))?;
        let (status, body) = read(response).await?;
        // A list-style answer names a failed subscription with an `error`
        // even under 200: that is a refusal too.
        if !status.is_success() || body.get("error").is_some_and(|e| !e.is_null()) {
            return Err(refusal(status, &body));
        }
        let hotmart_status = body.get("status").and_then(Value::as_str).unwrap_or("CANCELLED").to_string();
        Ok(Cancelled {
            message: format!("Hotmart confirmou o cancelamento (status {hotmart_status})."),
            status: hotmart_status,
        })
    }
}

/// Pages read at most per status in one reconciliation (a producer selling
/// more than this many sales a window is asked again the next day).
const MAX_HISTORY_PAGES: usize = 50;

impl HotmartApi {
    /// The producer's sales ordered between `start` and `end` with this
    /// `transaction_status` (None: Hotmart's default, APPROVED and COMPLETE),
    /// every page followed: the items as Hotmart lists them.
    pub async fn sales_history(
        &self,
        credentials: &Credentials,
        start: chrono::DateTime<chrono::Utc>,
        end: chrono::DateTime<chrono::Utc>,
        status: Option<&str>,
    ) -> Result<Vec<Value>, Failure> {
        let token = self.access_token(credentials).await?;
        let mut items = Vec::new();
        let mut page_token: Option<String> = None;
        for _ in 0..MAX_HISTORY_PAGES {
            let mut params = vec![
                ("start_date", start.timestamp_millis().to_string()),
                ("end_date", end.timestamp_millis().to_string()),
                ("max_results", "50".to_string()),
            ];
            if let Some(status) = status {
                params.push(("transaction_status", status.to_string()));
            }
            if let Some(next) = &page_token {
                params.push(("page_token", next.clone()));
            }
            let url =
                reqwest::Url::parse_with_params(&format!("{}/payments/api/v1/sales/history", self.api_base), &params)
                    .map_err(|e| Failure::Unavailable(format!("HOTMART_API_BASE inválida: {e}")))?;
            let response = self
                .http
                .get(url)
                .bearer_auth(&token)
                .send()
                .await
                .map_err(|e| Failure::Unavailable(format!("Hotmart sem resposta: {e}")))?;
            let (http_status, body) = read(response).await?;
            if !http_status.is_success() {
                return Err(refusal(http_status, &body));
            }
            items.extend(body.get("items").and_then(Value::as_array).cloned().unwrap_or_default());
            page_token = body
                .pointer("/page_info/next_page_token")
                .and_then(Value::as_str)
                .filter(|t| !t.is_empty())
                .map(str::to_string);
            if page_token.is_none() {
                break;
            }
        }
        Ok(items)
    }
}

/// The status and the JSON body (Null when empty); a 5xx is never a refusal.
async fn read(response: reqwest::Response) -> Result<(reqwest::StatusCode, Value), Failure> {
    let status = response.status();
    let text = response.text().await.map_err(|e| Failure::Unavailable(format!("resposta interrompida: {e}")))?;
    if status.is_server_error() {
        return Err(Failure::Unavailable(format!(
            "Hotmart respondeu {status}: {}",
            text.chars().take(300).collect::<String>()
        )));
    }
    let body =
        if text.trim().is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap_or(Value::String(text)) };
    Ok((status, body))
}

fn refusal(status: reqwest::StatusCode, body: &Value) -> Failure {
    let text = |key: &str| body.get(key).and_then(Value::as_str).unwrap_or_default().chars().take(500).collect();
    let error: String = text("error");
    Failure::Refused {
        http_status: status.as_u16(),
        error: if error.is_empty() { format!("http_{}", status.as_u16()) } else { error },
        description: text("error_description"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_basic_prefix_and_spaces_are_dropped() {
        let c = Credentials::new(" id ", " secret\n", "Basic  dGVzdDp0ZXN0 ");
        assert_eq!(
            (c.client_id.as_str(), c.client_secret.as_str(), c.basic.as_str()),
            ("id", "secret", "dGVzdDp0ZXN0")
        );
        assert_eq!(Credentials::new("a", "b", "dGVzdA==").basic, "dGVzdA==");
        assert_eq!(Credentials::new("a", "b", "basic x").basic, "x");
        assert_eq!(Credentials::new("a", "b", "Basic ").basic, "");
    }

    #[test]
    fn the_secret_never_shows_in_debug_output() {
        let c = Credentials::new("client-1", "super-secret", "basic-token");
        let shown = format!("{c:?}");
        assert!(shown.contains("client-1") && !shown.contains("super-secret") && !shown.contains("basic-token"));
    }

    #[test]
    fn only_plain_subscriber_codes_reach_a_url() {
        assert!(is_subscriber_code("SUB7QX4K2M9"));
        for bad in ["", "../x", "a/b", "a?b", "a b", &"A".repeat(65)] {
            assert!(!is_subscriber_code(bad), "{bad}");
        }
    }
}
