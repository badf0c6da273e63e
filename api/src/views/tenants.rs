//! The messages of the tenant screens.

pub const NOT_FOUND: &str = "Tenant não encontrado";
crate::not_found_as!(UnknownTenant, NOT_FOUND);

use serde::Serialize;
use shared::domain::portal::Portal;
use shared::repositories::tenants::TenantSummary;
use utoipa::ToSchema;

use crate::password_reset::portal_link;
use crate::request_meta::RequestMeta;
use crate::AppState;

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
