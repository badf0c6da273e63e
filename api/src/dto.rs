//! Response shapes shared by several routes. JSON is camelCase.

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use shared::repositories::{admin_users, tenant_clients, tenant_owners, tenants};
use shared::status::OwnerRole;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUser {
    pub id: Uuid,
    pub username: String,
    pub email: String,
    pub name: String,
    pub role: String,
}

impl From<admin_users::AdminUser> for AdminUser {
    fn from(u: admin_users::AdminUser) -> Self {
        Self { id: u.id, username: u.username, email: u.email, name: u.name, role: u.role }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnerUser {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub role: OwnerRole,
}

impl From<tenant_owners::TenantOwner> for OwnerUser {
    fn from(o: tenant_owners::TenantOwner) -> Self {
        Self { id: o.id, name: o.name, email: o.email, role: o.role }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientUser {
    pub id: Uuid,
    pub name: String,
    pub email: String,
}

impl From<tenant_clients::TenantClient> for ClientUser {
    fn from(c: tenant_clients::TenantClient) -> Self {
        Self { id: c.id, name: c.name, email: c.email }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantSummary {
    pub id: Uuid,
    pub name: String,
    pub display_name: Option<String>,
    pub logo_url: Option<String>,
    pub favicon_url: Option<String>,
}

impl From<tenants::TenantSummary> for TenantSummary {
    fn from(t: tenants::TenantSummary) -> Self {
        Self { id: t.id, name: t.name, display_name: t.display_name, logo_url: t.logo_url, favicon_url: t.favicon_url }
    }
}

/// The signed-in tenant owner and their tenant.
#[derive(Debug, Serialize, ToSchema)]
pub struct TenantSession {
    pub user: OwnerUser,
    pub tenant: TenantSummary,
}

/// The signed-in client and their tenant.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientSession {
    pub user: ClientUser,
    pub tenant: TenantSummary,
}

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
    pub border_color: Option<String>,
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
            custom_font: b.font_family,
            name: b.name,
            display_name: b.display_name,
            logo_url: b.logo_url,
            favicon_url: b.favicon_url,
        }
    }
}
