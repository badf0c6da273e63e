//! Facts about the caller that auth needs: IP (for throttling and the session
//! record), user agent, host.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::{HOST, USER_AGENT};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use shared::domain::network::{self, Network};
use shared::repositories::sessions::SessionMeta;

use crate::api_error::ApiError;
use crate::AppState;

pub const TENANT_SECRET_HEADER: &str = "x-tenant-secret";

#[derive(Debug, Clone)]
pub struct RequestMeta {
    pub ip: Option<IpAddr>,
    /// The network every per-address limit counts this caller by (its /64,
    /// or its IPv4 address or block: `domain::network::rate_key`).
    pub network: Option<Network>,
    pub user_agent: Option<String>,
    pub host: String,
    /// The tenant security key sent in `X-Tenant-Secret`.
    pub tenant_secret: Option<String>,
    /// True on development hosts, where cookies go without `Secure`.
    pub dev_host: bool,
    /// The request's `Cookie` headers, joined (device cookies are read from it).
    pub cookies: Option<String>,
}

impl RequestMeta {
    pub fn session_meta(&self) -> SessionMeta {
        SessionMeta { ip: self.ip, user_agent: self.user_agent.clone() }
    }

    pub fn secure_cookies(&self) -> bool {
        !self.dev_host
    }
}

/// Behind `proxies` reverse proxies, each appending the address it received
/// the request from to X-Forwarded-For, the client is the `proxies`-th entry
/// from the right: everything to its left was written by the client and can
/// be forged. None without proxies or with fewer entries than proxies.
pub fn client_ip_behind_proxies(headers: &HeaderMap, proxies: usize) -> Option<IpAddr> {
    if proxies == 0 {
        return None;
    }
    let entries: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    let index = entries.len().checked_sub(proxies)?;
    entries[index].parse().ok()
}

impl FromRequestParts<AppState> for RequestMeta {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let header = |name| parts.headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        let proxies = state.config.trust_proxy;
        let forwarded = client_ip_behind_proxies(&parts.headers, proxies);
        // A proxy that sets X-Forwarded-Host replaces any the client sent.
        let host = header("x-forwarded-host")
            .filter(|_| proxies > 0)
            .and_then(|v| v.rsplit(',').next().map(|h| h.trim().to_string()))
            .or_else(|| header(HOST.as_str()))
            .or_else(|| parts.uri.host().map(str::to_string))
            .unwrap_or_default();
        let ip = forwarded.or(peer);
        Ok(RequestMeta {
            ip,
            network: ip.map(|ip| network::rate_key(ip, state.config.rate_limit_ipv4_prefix)),
            user_agent: header(USER_AGENT.as_str()),
            dev_host: state.config.portal_rules.is_dev_host(&host),
            host,
            tenant_secret: header(TENANT_SECRET_HEADER).map(|s| s.trim().to_string()).filter(|s| !s.is_empty()),
            cookies: {
                let all: Vec<&str> =
                    parts.headers.get_all(axum::http::header::COOKIE).iter().filter_map(|v| v.to_str().ok()).collect();
                (!all.is_empty()).then(|| all.join("; "))
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", v.parse().unwrap());
        }
        h
    }

    #[test]
    fn takes_the_nth_address_from_the_right() {
        let h = with(&["6.6.6.6, 203.0.113.9"]);
        assert_eq!(client_ip_behind_proxies(&h, 1), Some("203.0.113.9".parse().unwrap()));
        assert_eq!(client_ip_behind_proxies(&h, 2), Some("6.6.6.6".parse().unwrap()));
        assert_eq!(client_ip_behind_proxies(&h, 3), None);
        assert_eq!(client_ip_behind_proxies(&h, 0), None);
        let split = with(&["6.6.6.6", "203.0.113.9"]);
        assert_eq!(client_ip_behind_proxies(&split, 1), Some("203.0.113.9".parse().unwrap()));
    }
}
