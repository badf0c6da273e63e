//! How stored files are served: public image URLs and private downloads.

use axum::body::Body;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use shared::OrNotFound;

use crate::api_error::ApiResult;
use crate::views::robots::VERSION_NOT_FOUND;
use crate::AppState;

/// The URL a stored public image is served at.
pub fn public_url(key: &str) -> String {
    format!("/api/public/files/{}", key.trim_start_matches("tenants/"))
}

/// A stored robot file as a download: streamed, under `file_name`.
pub async fn file_response(state: &AppState, key: &str, file_name: &str) -> ApiResult<Response> {
    let stored = state.storage.get(key).await?.or_not_found(VERSION_NOT_FOUND)?;
    let mut response = Body::from_stream(stored.bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/octet-stream"));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(stored.size));
    headers.insert(header::CONTENT_DISPOSITION, content_disposition(file_name));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    Ok(response)
}

/// `attachment` with an ASCII fallback name and the UTF-8 one (RFC 6266).
pub fn content_disposition(name: &str) -> HeaderValue {
    let ascii: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || "._- ".contains(c) { c } else { '_' }).collect();
    let encoded: String = name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"._-".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    HeaderValue::from_str(&format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}"))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment"))
}
