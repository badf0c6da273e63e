//! Assembles the HTTP application and serves it.

use std::future::Future;
use std::net::SocketAddr;

use axum::extract::Request;
use axum::routing::get;
use axum::Router;
use tokio::net::TcpListener;
use tower_http::trace::TraceLayer;

use crate::web_app::WebApp;
use crate::{openapi, AppState};

pub fn app(state: AppState) -> Router {
    let (api, document) = openapi::router_and_document();
    let web = WebApp::load(state.config.web_dist.clone(), state.config.portal_rules.platform_domain());
    let document = axum::Json(document);
    api.route("/api/openapi.json", get(move || async move { document }))
        .with_state(state)
        .fallback(move |request: Request| web.clone().respond(request))
        .layer(TraceLayer::new_for_http())
}

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
