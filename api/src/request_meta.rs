//! Facts about the caller that auth needs: IP (for throttling and the session
//! record), user agent, host.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::{HOST, USER_AGENT};
use axum::http::request::Parts;
use shared::repositories::sessions::SessionMeta;

use crate::api_error::ApiError;
use crate::AppState;

pub const TENANT_SECRET_HEADER: &str = "x-tenant-secret";

#[derive(Debug, Clone)]
pub struct RequestMeta {
    pub ip: Option<IpAddr>,
    pub user_agent: Option<String>,
    pub host: String,
    /// The tenant security key sent in `X-Tenant-Secret`.
    pub tenant_secret: Option<String>,
    /// True on development hosts, where cookies go without `Secure`.
    pub dev_host: bool,
}

impl RequestMeta {
    pub fn session_meta(&self) -> SessionMeta {
        SessionMeta { ip: self.ip, user_agent: self.user_agent.clone() }
    }

    pub fn secure_cookies(&self) -> bool {
        !self.dev_host
    }
}

impl FromRequestParts<AppState> for RequestMeta {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let header = |name| parts.headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        // Behind a proxy the peer is the proxy; trust its header only when told to.
        let forwarded = if state.config.trust_proxy {
            header("x-forwarded-for").and_then(|v| v.split(',').next().and_then(|ip| ip.trim().parse().ok()))
        } else {
            None
        };
        let host = header("x-forwarded-host")
            .filter(|_| state.config.trust_proxy)
            .or_else(|| header(HOST.as_str()))
            .or_else(|| parts.uri.host().map(str::to_string))
            .unwrap_or_default();
        Ok(RequestMeta {
            ip: forwarded.or(peer),
            user_agent: header(USER_AGENT.as_str()),
            dev_host: state.config.portal_rules.is_dev_host(&host),
            host,
            tenant_secret: header(TENANT_SECRET_HEADER).map(|s| s.trim().to_string()).filter(|s| !s.is_empty()),
        })
    }
}
