//! A local stand-in for Hotmart's API, for tests and the Chromium journeys:
//! real HTTP speaking Hotmart's OAuth and subscriptions protocol.
//!
//! - `POST /security/oauth/token?grant_type=client_credentials&client_id=..&client_secret=..`
//!   checks `Authorization: Basic <token>` against a registered credential and
//!   answers `{ access_token, token_type: "bearer", expires_in, scope, jti }`,
//!   else 401 `{ error: "invalid_client", error_description }`;
//! - `POST /payments/api/v1/subscriptions/{subscriber_code}/cancel` checks
//!   `Authorization: Bearer <token>` (a token it issued), reads
//!   `{ "send_mail": bool }` and cancels a subscription registered for that
//!   credential: 200 with the subscription, 401 `invalid_token`, 404
//!   `not_found`, or 400 when it is already cancelled.
//!
//! - `GET /payments/api/v1/sales/history?start_date=..&end_date=..&transaction_status=..&max_results=..&page_token=..`
//!   (Bearer) answers the producer's sales in the window, `{ items, page_info }`,
//!   paged by `next_page_token`; without `transaction_status` only APPROVED and
//!   COMPLETE ones, as Hotmart does.
//!
//! Failures can be scripted. Every request is recorded for assertions. Not
//! used in production.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};

/// One request the stand-in received.
#[derive(Debug, Clone)]
pub struct Received {
    pub path: String,
    /// The `Authorization` header as sent.
    pub authorization: Option<String>,
    pub query: HashMap<String, String>,
    pub body: Value,
}

/// A scripted answer to the next cancel call: an HTTP status and Hotmart's
/// `{ error, error_description }`.
#[derive(Debug, Clone)]
pub struct ScriptedError {
    pub status: u16,
    pub error: String,
    pub description: String,
}

#[derive(Default)]
struct Inner {
    /// client id -> (client secret, basic token)
    credentials: HashMap<String, (String, String)>,
    /// access token -> client id
    tokens: HashMap<String, String>,
    /// (client id, subscriber code) -> status
    subscriptions: HashMap<(String, String), String>,
    script: VecDeque<ScriptedError>,
    received: Vec<Received>,
    /// client id -> the producer's sales, as the history API lists them
    sales: HashMap<String, Vec<Value>>,
}

#[derive(Clone)]
pub struct HotmartStandIn {
    /// Both bases (auth and API) point here.
    pub base_url: String,
    inner: Arc<Mutex<Inner>>,
}

impl HotmartStandIn {
    /// Serves on a free loopback port.
    pub async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind the Hotmart stand-in");
        Self::serve(listener)
    }

    pub fn serve(listener: tokio::net::TcpListener) -> Self {
        let address = listener.local_addr().expect("local address");
        let stand_in = Self { base_url: format!("http://{address}"), inner: Arc::default() };
        let app = Router::new()
            .route("/security/oauth/token", post(token))
            .route("/payments/api/v1/subscriptions/{code}/cancel", post(cancel))
            .route("/payments/api/v1/sales/history", axum::routing::get(sales_history))
            .with_state(stand_in.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.ok() });
        stand_in
    }

    fn state(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().expect("stand-in state")
    }

    /// A producer's credential, as "Credenciais Developers" would issue it.
    pub fn register_credentials(&self, client_id: &str, client_secret: &str, basic: &str) {
        self.state().credentials.insert(client_id.into(), (client_secret.into(), basic.into()));
    }

    /// One sale of that producer in Hotmart's sales history (an item as the
    /// history API lists it: `product`, `buyer`, `purchase`).
    pub fn add_sale(&self, client_id: &str, item: Value) {
        self.state().sales.entry(client_id.into()).or_default().push(item);
    }

    /// An active subscription of that producer.
    pub fn add_subscription(&self, client_id: &str, subscriber_code: &str) {
        self.state().subscriptions.insert((client_id.into(), subscriber_code.into()), "ACTIVE".into());
    }

    /// The subscription's status (`ACTIVE`, `CANCELLED_BY_SELLER`), if known.
    pub fn subscription_status(&self, client_id: &str, subscriber_code: &str) -> Option<String> {
        self.state().subscriptions.get(&(client_id.to_string(), subscriber_code.to_string())).cloned()
    }

    /// The next cancel call answers this error instead.
    pub fn fail_next_cancel(&self, status: u16, error: &str, description: &str) {
        self.state().script.push_back(ScriptedError { status, error: error.into(), description: description.into() });
    }

    /// Every request received so far, oldest first.
    pub fn received(&self) -> Vec<Received> {
        self.state().received.clone()
    }

    /// The tokens issued so far, with the client id each was issued to.
    pub fn issued_tokens(&self) -> HashMap<String, String> {
        self.state().tokens.clone()
    }
}

fn hotmart_error(status: StatusCode, error: &str, description: &str) -> Response {
    (status, Json(json!({ "error": error, "error_description": description }))).into_response()
}

fn authorization(headers: &HeaderMap) -> Option<String> {
    headers.get("authorization").and_then(|v| v.to_str().ok()).map(str::to_string)
}

async fn token(
    State(stand_in): State<HotmartStandIn>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let authorization = authorization(&headers);
    let mut state = stand_in.state();
    state.received.push(Received {
        path: "/security/oauth/token".into(),
        authorization: authorization.clone(),
        query: query.clone(),
        body: Value::Null,
    });
    if query.get("grant_type").map(String::as_str) != Some("client_credentials") {
        return hotmart_error(StatusCode::BAD_REQUEST, "unsupported_grant_type", "Unsupported grant type");
    }
    let client_id = query.get("client_id").cloned().unwrap_or_default();
    let accepted = state.credentials.get(&client_id).is_some_and(|(secret, basic)| {
        query.get("client_secret") == Some(secret) && authorization.as_deref() == Some(&format!("Basic {basic}"))
    });
    if !accepted {
        return hotmart_error(StatusCode::UNAUTHORIZED, "invalid_client", "Bad client credentials");
    }
    let access_token = format!("H4-{}", uuid::Uuid::now_v7().simple());
    state.tokens.insert(access_token.clone(), client_id);
    Json(json!({
        "access_token": access_token,
        "token_type": "bearer",
        "expires_in": 86_400,
        "scope": "read write",
        "jti": uuid::Uuid::now_v7().to_string(),
    }))
    .into_response()
}

async fn cancel(
    State(stand_in): State<HotmartStandIn>,
    Path(code): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> Response {
    let authorization = authorization(&headers);
    let body = body.map(|Json(b)| b).unwrap_or(Value::Null);
    let mut state = stand_in.state();
    state.received.push(Received {
        path: format!("/payments/api/v1/subscriptions/{code}/cancel"),
        authorization: authorization.clone(),
        query: HashMap::new(),
        body: body.clone(),
    });
    let token = authorization.as_deref().and_then(|a| a.strip_prefix("Bearer ")).unwrap_or_default();
    let Some(client_id) = state.tokens.get(token).cloned() else {
        return hotmart_error(StatusCode::UNAUTHORIZED, "invalid_token", "Invalid access token");
    };
    if !body.get("send_mail").is_none_or(Value::is_boolean) {
        return hotmart_error(StatusCode::BAD_REQUEST, "invalid_parameter", "send_mail must be a boolean");
    }
    if let Some(scripted) = state.script.pop_front() {
        let status = StatusCode::from_u16(scripted.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        return hotmart_error(status, &scripted.error, &scripted.description);
    }
    match state.subscriptions.get_mut(&(client_id, code.clone())) {
        None => hotmart_error(StatusCode::NOT_FOUND, "not_found", "Subscription not found"),
        Some(status) if status != "ACTIVE" => hotmart_error(
            StatusCode::BAD_REQUEST,
            "SUBSCRIPTION_ALREADY_CANCELED_OR_OVERDUE",
            "The subscription is already canceled or overdue",
        ),
        Some(status) => {
            *status = "CANCELLED_BY_SELLER".into();
            Json(json!({
                "status": "CANCELLED_BY_SELLER",
                "subscriber_code": code,
                "creation_date": "2026-10-01 12:00:00",
                "current_recurrence": 2,
                "interval_type_between_charges": "MONTH",
                "interval_between_charges": 1,
            }))
            .into_response()
        }
    }
}

/// Items per page at most, whatever the caller asks (Hotmart's limit is 50;
/// small here so every reconciliation follows `next_page_token`).
const HISTORY_PAGE: usize = 2;

async fn sales_history(
    State(stand_in): State<HotmartStandIn>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let authorization = authorization(&headers);
    let mut state = stand_in.state();
    state.received.push(Received {
        path: "/payments/api/v1/sales/history".into(),
        authorization: authorization.clone(),
        query: query.clone(),
        body: Value::Null,
    });
    let token = authorization.as_deref().and_then(|a| a.strip_prefix("Bearer ")).unwrap_or_default();
    let Some(client_id) = state.tokens.get(token).cloned() else {
        return hotmart_error(StatusCode::UNAUTHORIZED, "invalid_token", "Invalid access token");
    };
    let millis = |key: &str| query.get(key).and_then(|v| v.parse::<i64>().ok());
    let (start, end) = (millis("start_date").unwrap_or(i64::MIN), millis("end_date").unwrap_or(i64::MAX));
    let wanted: Vec<&str> = match query.get("transaction_status") {
        Some(status) => vec![status.as_str()],
        None => vec!["APPROVED", "COMPLETE"],
    };
    let matching: Vec<Value> = state
        .sales
        .get(&client_id)
        .into_iter()
        .flatten()
        .filter(|item| {
            let date = item["purchase"]["order_date"].as_i64().unwrap_or(0);
            (start..=end).contains(&date) && wanted.contains(&item["purchase"]["status"].as_str().unwrap_or(""))
        })
        .cloned()
        .collect();
    let size = query.get("max_results").and_then(|v| v.parse().ok()).unwrap_or(HISTORY_PAGE).clamp(1, HISTORY_PAGE);
    let from: usize =
        query.get("page_token").and_then(|t| t.strip_prefix("p")).and_then(|t| t.parse().ok()).unwrap_or(0);
    let page: Vec<Value> = matching.iter().skip(from).take(size).cloned().collect();
    let next = (from + size < matching.len()).then(|| format!("p{}", from + size));
    Json(json!({
        "items": page,
        "page_info": { "total_results": matching.len(), "results_per_page": size, "next_page_token": next },
    }))
    .into_response()
}
