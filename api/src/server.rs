//! Assembles the HTTP application and serves it.

use std::future::Future;
use std::net::SocketAddr;

use axum::error_handling::HandleErrorLayer;
use axum::extract::Request;
use axum::http::{header, HeaderName, HeaderValue};
use axum::routing::{get, post};
use axum::{middleware, Router};
use tokio::net::TcpListener;
use tower::ServiceBuilder;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::web_app::WebApp;
use crate::{http_guards, metrics, openapi, routes, AppState};

pub fn app(state: AppState) -> Router {
    // The license check is called by every robot at every start: it gets a
    // lean stack of its own (overload protection and nosniff only — no
    // request-id, trace span, CSP or JSON guard, which a machine endpoint
    // without cookies does not need). Everything else falls through to the
    // full stack below.
    let capacity = state.config.capacity;
    let license_check = Router::new()
        .route(VALIDATE_LICENSE, post(routes::webhooks::validate_license::validate))
        .with_state(state.clone())
        .layer(
            ServiceBuilder::new()
                .layer(HandleErrorLayer::new(http_guards::overloaded))
                .load_shed()
                .concurrency_limit(capacity.max_in_flight)
                .timeout(capacity.request_timeout),
        )
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
        .layer(middleware::from_fn(metrics::record_http));
    license_check.fallback_service(full_stack(state))
}

/// Where robots check their license (also in the OpenAPI document, served by
/// the lean stack).
const VALIDATE_LICENSE: &str = "/api/webhooks/validate-license";

fn full_stack(state: AppState) -> Router {
    let (api, document) = openapi::router_and_document();
    let web = WebApp::load(state.config.web_dist.clone(), &state.config.portal_rules, state.config.serve_api_docs);
    let capacity = state.config.capacity;
    // The document maps every endpoint: served only where configured
    // (`SERVE_API_DOCS`, on with development hosts); elsewhere the route
    // does not exist and the path gets the API's 404 like any unknown one.
    let api = match state.config.serve_api_docs {
        true => {
            let document = axum::Json(document);
            api.route("/api/openapi.json", get(move || async move { document }))
        }
        false => api,
    };
    // Outside /api: not part of the product's API, not in its document.
    api.route("/metrics", get(metrics::scrape))
        .with_state(state.clone())
        .fallback(move |request: Request| web.clone().respond(request))
        .layer(middleware::from_fn(http_guards::require_json_for_writes))
        // Beyond `max_in_flight` requests new ones get 503 at once, and none
        // runs longer than the timeout: a flood degrades into quick refusals.
        .layer(
            ServiceBuilder::new()
                .layer(HandleErrorLayer::new(http_guards::overloaded))
                .load_shed()
                .concurrency_limit(capacity.max_in_flight)
                .timeout(capacity.request_timeout),
        )
        .layer(middleware::from_fn_with_state(state, http_guards::security_headers))
        .layer(
            ServiceBuilder::new()
                // Every request gets an id (or keeps the proxy's), logged in its span
                // and echoed back, so a user's report can be matched to the logs.
                .layer(SetRequestIdLayer::new(REQUEST_ID.clone(), MakeRequestUuid))
                .layer(TraceLayer::new_for_http().make_span_with(|request: &Request| {
                    let id = request.headers().get(&REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
                    tracing::info_span!("request", method = %request.method(), uri = %request.uri().path(), request_id = %id)
                }))
                .layer(PropagateRequestIdLayer::new(REQUEST_ID.clone()))
                .layer(SetResponseHeaderLayer::if_not_present(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
                .layer(SetResponseHeaderLayer::if_not_present(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
                .layer(SetResponseHeaderLayer::if_not_present(
                    header::REFERRER_POLICY,
                    HeaderValue::from_static("strict-origin-when-cross-origin"),
                )),
        )
        .layer(middleware::from_fn(metrics::record_http))
}

static REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Serves until `shutdown` resolves, then finishes in-flight requests and
/// flushes the license-check log.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    state.notifications.start(state.listen_pool.clone(), state.license_check.cache().clone());
    state.license_check.log().start(state.pool.clone());
    let license_log = state.license_check.log().clone();
    axum::serve(listener, app(state).into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(shutdown)
        .await?;
    // Every answered check reaches the log (or its spill) before the process ends.
    license_log.close().await;
    Ok(())
}
