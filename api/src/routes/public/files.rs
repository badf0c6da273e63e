//! `GET /api/public/files/{tenantId}/{kind}/{name}`: the images tenants put
//! on their pages (robot logos, the tenant's logo and favicon). Only those
//! kinds are served here — robot files never are — and each answer carries a
//! policy that keeps even a crafted SVG inert.

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use shared::infrastructure::storage::key_belongs_to;
use shared::{AppError, OrNotFound};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiResult, ErrorBody};
use crate::AppState;

/// The kinds of files that are public by nature.
const PUBLIC_KINDS: [&str; 3] = ["robot-logos", "logos", "favicons"];
const NOT_FOUND: &str = "Arquivo não encontrado";

fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("png") => "image/png",
        Some("jpg") => "image/jpeg",
        Some("webp") => "image/webp",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

/// A stored logo or favicon.
#[utoipa::path(operation_id = "publicFile", get, path = "/api/public/files/{tenantId}/{kind}/{name}", tag = "public",
    params(("tenantId" = Uuid, Path), ("kind" = String, Path), ("name" = String, Path)),
    responses((status = 200, description = "a PNG, JPEG, WEBP or SVG image"), (status = 404, body = ErrorBody)))]
pub async fn file(
    State(state): State<AppState>,
    Path((tenant, kind, name)): Path<(String, String, String)>,
) -> ApiResult<Response> {
    let not_found = || AppError::NotFound(NOT_FOUND.into());
    let tenant = Uuid::parse_str(&tenant).map_err(|_| not_found())?;
    let key = format!("tenants/{tenant}/{kind}/{name}");
    if !PUBLIC_KINDS.contains(&kind.as_str()) || !key_belongs_to(&key, tenant) {
        return Err(not_found().into());
    }
    let stored = state.storage.get(&key).await?.or_not_found(NOT_FOUND)?;
    let mut response = Body::from_stream(stored.bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type(&name)));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(stored.size));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; sandbox"),
    );
    // Keys are never reused: a new upload gets a new key.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
    Ok(response)
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(file))
}
