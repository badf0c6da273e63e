//! Assembles the HTTP application and serves it.

use std::future::Future;
use std::net::SocketAddr;

use axum::extract::Request;
use axum::http::{header, HeaderName, HeaderValue};
use axum::routing::get;
use axum::Router;
use tokio::net::TcpListener;
use tower::ServiceBuilder;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::web_app::WebApp;
use crate::{openapi, AppState};

pub fn app(state: AppState) -> Router {
    let (api, document) = openapi::router_and_document();
    let web = WebApp::load(state.config.web_dist.clone(), &state.config.portal_rules);
    let document = axum::Json(document);
    api.route("/api/openapi.json", get(move || async move { document }))
        .with_state(state)
        .fallback(move |request: Request| web.clone().respond(request))
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
}

static REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Serves until `shutdown` resolves, then finishes in-flight requests.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, app(state).into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(shutdown)
        .await
}
