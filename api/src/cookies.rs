//! Session cookies: one name per portal, `HttpOnly; SameSite=Lax`, `Secure`
//! everywhere but development hosts (served over plain http).

use std::time::Duration;

use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue};
use shared::portal::Portal;

pub fn name(portal: Portal) -> &'static str {
    match portal {
        Portal::Admin => "rf_admin_session",
        Portal::Tenant => "rf_tenant_session",
        Portal::Client => "rf_client_session",
    }
}

/// The session token the request carries for `portal`, if any.
pub fn session_token(headers: &HeaderMap, portal: Portal) -> Option<String> {
    let wanted = name(portal);
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, v)| *k == wanted && !v.is_empty())
        .map(|(_, v)| v.to_string())
}

pub fn set_session(portal: Portal, token: &str, ttl: Duration, secure: bool) -> (axum::http::HeaderName, HeaderValue) {
    let secure = if secure { "; Secure" } else { "" };
    let value = format!("{}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{secure}", name(portal), ttl.as_secs());
    (SET_COOKIE, HeaderValue::from_str(&value).expect("token is hex"))
}

pub fn clear_session(portal: Portal, secure: bool) -> (axum::http::HeaderName, HeaderValue) {
    let secure = if secure { "; Secure" } else { "" };
    let value = format!("{}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}", name(portal));
    (SET_COOKIE, HeaderValue::from_str(&value).expect("static"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_portal_cookie_only() {
        let mut h = HeaderMap::new();
        h.insert(COOKIE, HeaderValue::from_static("a=1; rf_client_session=abc; rf_admin_session=xyz"));
        assert_eq!(session_token(&h, Portal::Admin).as_deref(), Some("xyz"));
        assert_eq!(session_token(&h, Portal::Client).as_deref(), Some("abc"));
        assert_eq!(session_token(&h, Portal::Tenant), None);
    }
}
