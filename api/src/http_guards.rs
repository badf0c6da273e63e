//! Rules every response and every state-changing request follow, applied
//! once around the whole router.

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use shared::AppError;

use crate::api_error::ApiError;
use crate::AppState;

/// No inline script anywhere (the web app and /api-docs load files only);
/// inline styles are allowed for the UI kit's computed positions.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const HSTS: &str = "max-age=31536000; includeSubDomains";

/// CSP everywhere, HSTS on production hosts (development hosts are plain
/// http), and `Cache-Control: no-store` on the API: its answers are personal.
pub async fn security_headers(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default().to_string();
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    // A response with a policy of its own (a public sales page, a stored
    // image) keeps it: those are stricter than the app's.
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    }
    if !state.config.portal_rules.is_dev_host(&host) {
        headers.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(HSTS));
    }
    if api && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

pub const JSON_REQUIRED: &str = "Envie a requisição como JSON (Content-Type: application/json).";

/// A state-changing API request must be JSON, or carry `X-Requested-With`
/// (file uploads): an HTML form on another site can send neither without a
/// CORS preflight, so it cannot forge a request with the user's cookies.
pub async fn require_json_for_writes(request: Request, next: Next) -> Response {
    let writes = !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if writes && request.uri().path().starts_with("/api/") {
        let headers = request.headers();
        let json = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if !json && !headers.contains_key("x-requested-with") {
            let mut response = ApiError(AppError::Unprocessable(JSON_REQUIRED.into())).into_response();
            *response.status_mut() = StatusCode::UNSUPPORTED_MEDIA_TYPE;
            return response;
        }
    }
    next.run(request).await
}

pub const BUSY: &str = "O servidor está ocupado. Tente novamente em alguns segundos.";
pub const TOO_SLOW: &str = "A requisição demorou demais. Tente novamente.";

/// Load shedding and the request timeout end here: 503 with a pt-BR body,
/// never a dropped connection or a 500.
pub async fn overloaded(error: tower::BoxError) -> Response {
    let message = if error.is::<tower::timeout::error::Elapsed>() { TOO_SLOW } else { BUSY };
    ApiError(AppError::Unavailable(message.into())).into_response()
}
