//! `GET /metrics` (Prometheus text format) and the middleware that counts
//! and times every HTTP request by its route. Counters live in the
//! process-wide recorder (`shared::infrastructure::metrics`); queue depth, compile jobs and
//! agents are read from the database when scraped, so every instance
//! reports the same fleet-wide gauges.

use std::cell::RefCell;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::Instant;

use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::metrics::{self, gauge_line, header as metric_header, HTTP_DURATION, HTTP_REQUESTS};
use shared::repositories::{compile_jobs, operations};

use crate::api_error::ApiResult;
use crate::AppState;

/// Counts and times the request under its route template (`/api/tenant/
/// clients/:id`, never the raw path: ids would make a series each).
pub async fn record_http(request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().cloned();
    let unmatched_api = route.is_none() && request.uri().path().starts_with("/api/");
    // Any token is a valid method name: anything unusual is one series, "OTHER",
    // so a client cannot grow the registry (or this thread's cache) by inventing methods.
    let method = match *request.method() {
        Method::GET | Method::POST | Method::PUT | Method::PATCH | Method::DELETE | Method::HEAD | Method::OPTIONS => {
            request.method().clone()
        }
        _ => Method::from_bytes(b"OTHER").expect("OTHER is a valid method token"),
    };
    let started = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16();
    let route = match &route {
        Some(path) => path.as_str(),
        None if unmatched_api => "unmatched",
        None => "web",
    };
    // The series' handles are kept per worker thread: the license check
    // answers tens of thousands of requests a second, and a lookup (label
    // strings hashed, the recorder's map) per request was a measurable share of it.
    let elapsed = started.elapsed();
    SERIES.with_borrow_mut(|cache| {
        let key = (method, status);
        if let Some(series) = cache.get(route).and_then(|by_route| by_route.get(&key)) {
            return series.record(elapsed);
        }
        let series = HttpSeries::new(route, &key.0, status);
        series.record(elapsed);
        cache.entry(route.into()).or_default().insert(key, series);
    });
    response
}

/// One route's request counter and latency histogram.
struct HttpSeries {
    requests: metrics::Counter,
    duration: metrics::Histogram,
}

impl HttpSeries {
    fn new(route: &str, method: &Method, status: u16) -> Self {
        // `{id}` written `:id`: braces inside label values trip naive parsers.
        let label = route.replace('{', ":").replace('}', "");
        let (method, status) = (method.as_str(), status.to_string());
        Self {
            requests: metrics::counter(&HTTP_REQUESTS, &[("route", &label), ("method", method), ("status", &status)]),
            duration: metrics::histogram(&HTTP_DURATION, &[("route", &label), ("method", method)]),
        }
    }

    fn record(&self, elapsed: std::time::Duration) {
        self.requests.increment(1);
        self.duration.record(elapsed);
    }
}

/// Route template → (method, status) → its series.
type RouteSeries = HashMap<Box<str>, HashMap<(Method, u16), HttpSeries>>;

thread_local! {
    /// This worker thread's handles (a few hundred at most: routes × methods × statuses).
    static SERIES: RefCell<RouteSeries> = RefCell::new(HashMap::new());
}

/// Whether the caller may read the metrics (`shared::infrastructure::metrics::scrape_allowed`).
fn allowed(state: &AppState, headers: &HeaderMap, peer: Option<SocketAddr>) -> bool {
    let authorization = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
    let forwarded = headers.contains_key("x-forwarded-for") || headers.contains_key(header::FORWARDED);
    metrics::scrape_allowed(state.config.metrics_token.as_deref(), authorization, forwarded, peer)
}

pub async fn scrape(State(state): State<AppState>, request: Request) -> ApiResult<Response> {
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0);
    if !allowed(&state, request.headers(), peer) {
        // Says nothing about what is there.
        return Ok(StatusCode::NOT_FOUND.into_response());
    }
    let mut out = String::with_capacity(16 * 1024);
    metrics::render(&mut out);

    let mut tx = db::begin(&state.pool, Scope::worker()).await?;
    let queues = operations::queue_depth(&mut tx).await?;
    let compile = compile_jobs::count_by_status(&mut tx).await?;
    let agents = operations::connected_agents(&mut tx).await?;
    tx.commit().await?;

    metric_header(&mut out, "roboforge_queue_depth", "Background jobs not done yet, by queue and status.", "gauge");
    for (queue, status, count) in &queues {
        gauge_line(&mut out, "roboforge_queue_depth", &[("queue", queue), ("status", status)], *count as f64);
    }
    metric_header(&mut out, "roboforge_compile_jobs", "Compile jobs, by state.", "gauge");
    for state_name in ["pending", "processing", "completed", "failed"] {
        let count = compile.iter().find(|(s, _)| s == state_name).map_or(0, |(_, c)| *c);
        gauge_line(&mut out, "roboforge_compile_jobs", &[("state", state_name)], count as f64);
    }
    metric_header(
        &mut out,
        "roboforge_compile_agents_connected",
        "Compile agents heard from in the last minute, by state.",
        "gauge",
    );
    for state_name in ["idle", "compiling", "offline"] {
        let count = agents.iter().find(|(s, _)| s == state_name).map_or(0, |(_, c)| *c);
        gauge_line(&mut out, "roboforge_compile_agents_connected", &[("state", state_name)], count as f64);
    }
    metric_header(&mut out, "roboforge_sse_streams_open", "Notification streams open on this instance.", "gauge");
    gauge_line(&mut out, "roboforge_sse_streams_open", &[], state.notifications.open_streams() as f64);
    // Counters kept by this instance's check-log writer (since it started).
    metric_header(
        &mut out,
        "roboforge_license_check_log_rows",
        "License check log rows: written from memory, spilled to disk, loaded from the spill.",
        "counter",
    );
    for (outcome, rows) in state.license_check.log().counts() {
        gauge_line(&mut out, "roboforge_license_check_log_rows", &[("outcome", outcome)], rows as f64);
    }
    metric_header(
        &mut out,
        "roboforge_license_cache_events",
        "This instance's license-check cache: lookups answered from memory (hit) or read (miss), tenant invalidations and full clears.",
        "counter",
    );
    for (event, count) in state.license_check.cache().counts() {
        gauge_line(&mut out, "roboforge_license_cache_events", &[("event", event)], count as f64);
    }

    let mut response = out.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"));
    Ok(response)
}
