//! The standalone worker's `GET /metrics` on `METRICS_ADDR`: this process's
//! job counters and run times (`roboforge_jobs_total`,
//! `roboforge_job_duration_seconds`, `roboforge_worker_restarts_total`) in the
//! Prometheus text format. The fleet-wide gauges (queue depth, compile jobs,
//! agents) stay with the api, whose every instance reports them. Readable as
//! the api's are: with `METRICS_TOKEN` as a bearer, or without one only from
//! this machine and not through a proxy.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tokio::net::TcpListener;

/// `METRICS_ADDR`'s value: an address and port, or nothing (no endpoint).
/// Off unless asked for: several workers on one host would fight over any
/// default port.
pub fn address(value: Option<&str>) -> Result<Option<SocketAddr>, String> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(text) => text
            .parse()
            .map(Some)
            .map_err(|_| format!("METRICS_ADDR={text:?}: an address and port, e.g. 127.0.0.1:9102")),
    }
}

/// Serves `/metrics` on `listener` until `shutdown` resolves.
pub async fn serve(
    listener: TcpListener,
    token: Option<String>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let app = Router::new().route("/metrics", get(scrape)).with_state(Arc::new(token));
    axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(shutdown)
        .await
}

async fn scrape(
    State(token): State<Arc<Option<String>>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let authorization = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
    let forwarded = headers.contains_key("x-forwarded-for") || headers.contains_key(header::FORWARDED);
    if !shared::infrastructure::metrics::scrape_allowed(token.as_deref(), authorization, forwarded, Some(peer)) {
        // Says nothing about what is there.
        return StatusCode::NOT_FOUND.into_response();
    }
    let mut out = String::with_capacity(4 * 1024);
    shared::infrastructure::metrics::render(&mut out);
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], out).into_response()
}

#[cfg(test)]
mod tests {
    use super::address;

    #[test]
    fn the_address_is_optional_and_checked() {
        assert_eq!(address(None), Ok(None));
        assert_eq!(address(Some(" ")), Ok(None));
        assert_eq!(address(Some("127.0.0.1:9102")), Ok(Some("127.0.0.1:9102".parse().unwrap())));
        assert!(address(Some("9102")).unwrap_err().contains("METRICS_ADDR"));
    }
}
