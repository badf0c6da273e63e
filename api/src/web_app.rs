//! Serves the built web app (web/dist): real files as they are, every other
//! non-API path as index.html so the SPA router takes over.

use std::path::PathBuf;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use shared::domain::portal::PortalRules;
use shared::AppError;
use tower::ServiceExt;
use tower_http::services::ServeDir;

use crate::api_error::ApiError;

pub struct WebApp {
    dist: PathBuf,
    index: Option<String>,
    /// Whether `/api-docs/` (the API reference) is served (`SERVE_API_DOCS`).
    serve_api_docs: bool,
}

impl WebApp {
    /// Reads index.html once and fills in what the browser needs for portal
    /// selection: the platform domain and the extra development hosts.
    pub fn load(dist: PathBuf, rules: &PortalRules, serve_api_docs: bool) -> Arc<Self> {
        let index = std::fs::read_to_string(dist.join("index.html")).ok().map(|html| {
            html.replace("__RF_PLATFORM_DOMAIN__", &escape_attribute(rules.platform_domain()))
                .replace("__RF_DEV_HOSTS__", &escape_attribute(&rules.dev_hosts().join(",")))
        });
        if index.is_none() {
            tracing::warn!(dist = %dist.display(), "web app not built: run `make run` (or `npm run build` in web/)");
        }
        Arc::new(Self { dist, index, serve_api_docs })
    }

    pub async fn respond(self: Arc<Self>, request: Request) -> Response {
        let path = request.uri().path();
        if path == "/api" || path.starts_with("/api/") || !self.is_public(path) {
            return ApiError(AppError::NotFound("Rota não encontrada".into())).into_response();
        }
        if request.method() != Method::GET && request.method() != Method::HEAD {
            return StatusCode::METHOD_NOT_ALLOWED.into_response();
        }
        if path != "/" && path != "/index.html" {
            let file_request = Request::builder().uri(request.uri().clone()).body(Body::empty()).expect("valid uri");
            let Ok(response) = ServeDir::new(&self.dist).oneshot(file_request).await;
            {
                let status = response.status();
                // Files, directory indexes (/api-docs/) and their redirects.
                if status.is_success() || status.is_redirection() {
                    let mut response = response.map(Body::new);
                    if path.starts_with("/assets/") {
                        // Vite fingerprints asset names: safe to cache forever.
                        response.headers_mut().insert(
                            header::CACHE_CONTROL,
                            HeaderValue::from_static("public, max-age=31536000, immutable"),
                        );
                    }
                    return response;
                }
            }
        }
        match &self.index {
            Some(html) => {
                let mut response = Html(html.clone()).into_response();
                response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
                response
            }
            None => (
                StatusCode::SERVICE_UNAVAILABLE,
                Html("<h1>RoboForge</h1><p>A interface web ainda não foi compilada. Rode <code>make run</code>.</p>"),
            )
                .into_response(),
        }
    }
}

impl WebApp {
    /// Whether `path` may be answered from the build at all. Names starting
    /// with a dot are build tooling, never the product: `.vite/manifest.json`
    /// maps every chunk for `scripts/check-bundle.mjs`, which reads the file.
    /// The API reference only where configured: on production it is a map
    /// for probers. Either answers 404, not the SPA, so nothing looks served.
    fn is_public(&self, path: &str) -> bool {
        // Judged as ServeDir will read it: percent-decoded (`%2e` is a dot).
        let path = percent_decoded(path);
        if path.split('/').any(|segment| segment.starts_with('.')) {
            return false;
        }
        self.serve_api_docs || !(path == "/api-docs" || path.starts_with("/api-docs/"))
    }
}

/// `%XX` sequences decoded (invalid ones kept as written, bytes that are not
/// UTF-8 replaced).
fn percent_decoded(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Configuration goes into an HTML attribute: keep it from closing the quote.
fn escape_attribute(value: &str) -> String {
    value.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}
