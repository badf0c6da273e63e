//! Which portal a request belongs to (spec 01, "Portal selection").
//!
//! - the platform's root domain (or `admin.`/`www.` on it): admin master portal;
//! - `admin.<tenant domain>`: that tenant's owner portal;
//! - any other host: the client portal of the tenant with that domain;
//! - on development hosts (only those named in DEV_HOSTS, never by default:
//!   a Host header is the caller's to forge) the path decides: `/tenant...` is
//!   the owner portal, `/client...` the client portal, anything else admin.
//!
//! The web app applies the same rules (web/src/lib/portal.ts).

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Portal {
    Admin,
    Tenant,
    Client,
}

impl Portal {
    pub fn as_str(self) -> &'static str {
        match self {
            Portal::Admin => "admin",
            Portal::Tenant => "tenant",
            Portal::Client => "client",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    pub portal: Portal,
    /// Route prefix on development hosts ("/tenant", "/client"), else "".
    pub base_path: &'static str,
}

#[derive(Debug, Clone)]
pub struct PortalRules {
    platform_domain: String,
    dev_hosts: Vec<String>,
}

impl PortalRules {
    pub fn new(platform_domain: String, dev_hosts: Vec<String>) -> Self {
        Self { platform_domain: platform_domain.trim().to_lowercase(), dev_hosts }
    }

    pub fn platform_domain(&self) -> &str {
        &self.platform_domain
    }

    /// The DEV_HOSTS list, also handed to the web app.
    pub fn dev_hosts(&self) -> &[String] {
        &self.dev_hosts
    }

    /// Whether development behaviour is on at all (some DEV_HOSTS given).
    pub fn development(&self) -> bool {
        !self.dev_hosts.is_empty()
    }

    /// A host named in DEV_HOSTS, or a subdomain of one.
    pub fn is_dev_host(&self, host: &str) -> bool {
        let host = bare_host(host);
        self.dev_hosts.iter().any(|h| host == *h || host.ends_with(&format!(".{h}")))
    }

    pub fn select(&self, host: &str, path: &str) -> Selection {
        if self.is_dev_host(host) {
            return if has_prefix(path, "/tenant") {
                Selection { portal: Portal::Tenant, base_path: "/tenant" }
            } else if has_prefix(path, "/client") {
                Selection { portal: Portal::Client, base_path: "/client" }
            } else {
                Selection { portal: Portal::Admin, base_path: "" }
            };
        }
        let host = bare_host(host);
        let root = &self.platform_domain;
        let portal = if host == *root || host == format!("admin.{root}") || host == format!("www.{root}") {
            Portal::Admin
        } else if host.starts_with("admin.") {
            Portal::Tenant
        } else {
            Portal::Client
        };
        Selection { portal, base_path: "" }
    }

    /// The tenant domain a production host names for `portal`: the host itself
    /// for the client portal, the host minus `admin.` for the owner portal.
    /// None on development hosts and on the platform's own hosts.
    pub fn tenant_domain(&self, host: &str, portal: Portal) -> Option<String> {
        if self.is_dev_host(host) || self.select(host, "/").portal == Portal::Admin {
            return None;
        }
        let host = bare_host(host);
        match portal {
            Portal::Client => Some(host),
            Portal::Tenant => host.strip_prefix("admin.").map(str::to_string),
            Portal::Admin => None,
        }
    }
}

fn has_prefix(path: &str, prefix: &str) -> bool {
    path == prefix || path.starts_with(&format!("{prefix}/")) || path.starts_with(&format!("{prefix}?"))
}

/// Lower-cased host without port, IPv6 brackets or trailing dot.
pub fn bare_host(host: &str) -> String {
    let host = host.trim().to_lowercase();
    let host = match host.rsplit_once(':') {
        Some((name, port)) if !name.contains(':') && port.chars().all(|c| c.is_ascii_digit()) => name.to_string(),
        _ => host,
    };
    let host = host.trim_end_matches('.').to_string();
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or_default().to_string();
    }
    host
}

/// The bare domain of a tenant `url` as stored in `tenants.domain`: no scheme,
/// port, path or trailing dot, lower-cased. Mirrors the generated column.
pub fn domain_of_url(url: &str) -> String {
    let url = url.trim();
    let without_scheme = match url.find("://") {
        Some(i) if url[..i].chars().all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c)) => &url[i + 3..],
        _ => url,
    };
    without_scheme.split([':', '/', '?', '#']).next().unwrap_or_default().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> PortalRules {
        PortalRules::new("roboforge.com.br".into(), vec!["localhost".into(), "127.0.0.1".into(), "::1".into()])
    }

    #[test]
    fn production_hosts() {
        let r = rules();
        assert_eq!(r.select("roboforge.com.br", "/tenants").portal, Portal::Admin);
        assert_eq!(r.select("admin.roboforge.com.br", "/").portal, Portal::Admin);
        assert_eq!(r.select("admin.acme.com:443", "/login").portal, Portal::Tenant);
        assert_eq!(r.select("acme.com", "/tenant/login").portal, Portal::Client);
        assert_eq!(r.select("acme.com", "/").base_path, "");
    }

    #[test]
    fn development_hosts_follow_the_path() {
        let r = rules();
        assert_eq!(
            r.select("localhost:8080", "/tenant/login"),
            Selection { portal: Portal::Tenant, base_path: "/tenant" }
        );
        assert_eq!(r.select("127.0.0.1", "/client"), Selection { portal: Portal::Client, base_path: "/client" });
        assert_eq!(r.select("[::1]:8080", "/tenants").portal, Portal::Admin);
        assert_eq!(r.select("demo.localhost", "/client/x").portal, Portal::Client);
        assert_eq!(r.select("localhost", "/tenantsx").portal, Portal::Admin);
        assert_eq!(r.select("localhost.:8080", "/client").portal, Portal::Client);
    }

    #[test]
    fn extra_development_hosts() {
        let r = PortalRules::new("roboforge.com.br".into(), vec!["acme.dev".into()]);
        assert_eq!(r.select("staging.acme.dev", "/client/login").base_path, "/client");
        assert_eq!(r.select("acme.dev:3000", "/tenant").portal, Portal::Tenant);
        assert_eq!(bare_host("Acme.COM.:443"), "acme.com");
    }

    #[test]
    fn no_development_host_unless_configured() {
        let r = PortalRules::new("roboforge.com.br".into(), vec![]);
        assert!(!r.development());
        assert!(!r.is_dev_host("localhost:8080"));
        assert_eq!(r.select("localhost", "/tenant/login").portal, Portal::Client);
        assert_eq!(r.tenant_domain("localhost", Portal::Client).as_deref(), Some("localhost"));
    }

    #[test]
    fn tenant_domains() {
        let r = rules();
        assert_eq!(r.tenant_domain("admin.acme.com", Portal::Tenant).as_deref(), Some("acme.com"));
        assert_eq!(r.tenant_domain("acme.com", Portal::Client).as_deref(), Some("acme.com"));
        assert_eq!(r.tenant_domain("localhost:8080", Portal::Client), None);
        assert_eq!(r.tenant_domain("roboforge.com.br", Portal::Client), None);
    }

    #[test]
    fn url_domains() {
        assert_eq!(domain_of_url("https://Loja.Acme.com:8443/x"), "loja.acme.com");
        assert_eq!(domain_of_url("acme.com/"), "acme.com");
    }
}
