//! The messages of the tenant screens, and a tenant's public look (the
//! client login page's and the storefront's).

use serde::Serialize;
use serde_json::Value;
use shared::domain::portal::Portal;
use shared::repositories::tenants::{self, TenantSummary};
use utoipa::ToSchema;

use crate::password_reset::portal_link;
use crate::request_meta::RequestMeta;
use crate::AppState;

pub const NOT_FOUND: &str = "Tenant não encontrado";
crate::not_found_as!(UnknownTenant, NOT_FOUND);

/// Public branding of a tenant (the client login page's look).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantBranding {
    pub name: String,
    pub display_name: Option<String>,
    pub logo_url: Option<String>,
    pub favicon_url: Option<String>,
    pub primary_color: Option<String>,
    pub secondary_color: Option<String>,
    pub accent_color: Option<String>,
    pub background_color: Option<String>,
    pub surface_color: Option<String>,
    /// The sidebar colour (the spec's second branding shape calls it borderColor; both are sent).
    pub border_color: Option<String>,
    pub sidebar_color: Option<String>,
    /// The text colour; the portals derive a readable one from the background when it is absent.
    pub foreground_color: Option<String>,
    pub custom_font: Option<String>,
}

impl From<tenants::TenantBrandingRow> for TenantBranding {
    fn from(b: tenants::TenantBrandingRow) -> Self {
        let pick = |json: &Option<Value>, key: &str| {
            json.as_ref().and_then(|j| j.get(key)).and_then(Value::as_str).map(str::to_string)
        };
        Self {
            primary_color: pick(&b.theme_colors, "primary"),
            secondary_color: pick(&b.theme_colors, "secondary"),
            accent_color: pick(&b.theme_colors, "accent"),
            background_color: pick(&b.background_colors, "background"),
            surface_color: pick(&b.background_colors, "card"),
            border_color: pick(&b.background_colors, "sidebar"),
            sidebar_color: pick(&b.background_colors, "sidebar"),
            foreground_color: b.foreground_color,
            custom_font: b.font_family,
            name: b.name,
            display_name: b.display_name,
            logo_url: b.logo_url,
            favicon_url: b.favicon_url,
        }
    }
}

/// Where a tenant's two portals are: what the owner signs in at and what
/// buyers are sent to. On development hosts, the shared host with the
/// portal's prefix (and `?tenant=` for buyers: the host cannot name it).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PortalAddresses {
    pub owner_portal_url: String,
    pub client_portal_url: String,
}

impl PortalAddresses {
    pub fn of(state: &AppState, meta: &RequestMeta, tenant: &TenantSummary) -> Self {
        let client_page = if meta.dev_host { format!("/login?tenant={}", tenant.id) } else { "/login".to_string() };
        Self {
            owner_portal_url: portal_link(Portal::Tenant, state, meta, tenant, "/login"),
            client_portal_url: portal_link(Portal::Client, state, meta, tenant, &client_page),
        }
    }
}
