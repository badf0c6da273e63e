//! Session cookies: one name per portal, `HttpOnly; SameSite=Lax`, `Secure`
//! everywhere but development hosts (served over plain http).

use std::time::Duration;

use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue};
use shared::domain::portal::Portal;

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

/// The device cookie of `portal`: set on every successful sign-in, it lets
/// that browser keep signing in to that account while strangers have the
/// account throttled (OWASP's device cookies).
pub fn device_name(portal: Portal) -> &'static str {
    match portal {
        Portal::Admin => "rf_admin_device",
        Portal::Tenant => "rf_tenant_device",
        Portal::Client => "rf_client_device",
    }
}

/// Long-lived: a device stays trusted for half a year of not signing in.
const DEVICE_MAX_AGE_SECONDS: u64 = 180 * 24 * 3600;

/// A cookie's value in a joined `Cookie` header.
pub fn value_in(cookies: Option<&str>, wanted: &str) -> Option<String> {
    cookies?
        .split(';')
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, v)| *k == wanted && !v.is_empty())
        .map(|(_, v)| v.to_string())
}

pub fn set_device(portal: Portal, value: &str, secure: bool) -> (axum::http::HeaderName, HeaderValue) {
    let secure = if secure { "; Secure" } else { "" };
    let value = format!(
        "{}={value}; Path=/api; HttpOnly; SameSite=Strict; Max-Age={DEVICE_MAX_AGE_SECONDS}{secure}",
        device_name(portal)
    );
    (SET_COOKIE, HeaderValue::from_str(&value).expect("device value is hex and a dot"))
}

/// The tenant pass (api::tenant_pass): stands in for the tenant's security
/// key on this browser. Sent to the API only, never readable by scripts.
pub const TENANT_PASS: &str = "rf_tenant_pass";

/// A little over a year: the pass lasts until the key rotates.
const TENANT_PASS_MAX_AGE_SECONDS: u64 = 400 * 24 * 3600;

pub fn set_tenant_pass(value: &str, secure: bool) -> (axum::http::HeaderName, HeaderValue) {
    let secure = if secure { "; Secure" } else { "" };
    let value = format!(
        "{TENANT_PASS}={value}; Path=/api; HttpOnly; SameSite=Strict; Max-Age={TENANT_PASS_MAX_AGE_SECONDS}{secure}"
    );
    (SET_COOKIE, HeaderValue::from_str(&value).expect("pass value is hex and a dot"))
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
