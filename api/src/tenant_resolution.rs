//! Which tenant an unauthenticated call (a login, public branding) is for.
//!
//! On a tenant's own host the host decides (`admin.<domain>` for owners,
//! `<domain>` for clients). On development hosts, where one host serves every
//! tenant, the tenant security key (`X-Tenant-Secret`), an owner's tenant
//! pass (`tenant_pass`) or a `tenant` parameter (the tenant's id or domain)
//! names it.

use serde::Deserialize;
use shared::domain::portal::Portal;
use shared::infrastructure::db::Tx;
use shared::repositories::tenants::{self, TenantSummary};
use utoipa::IntoParams;

use crate::api_error::ApiResult;
use crate::request_meta::RequestMeta;
use crate::AppState;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TenantQuery {
    /// Development hosts only: the tenant's id or domain.
    pub tenant: Option<String>,
}

/// Needs a platform-scoped transaction: finding the tenant is the point.
pub async fn resolve(
    tx: &mut Tx,
    state: &AppState,
    meta: &RequestMeta,
    portal: Portal,
    reference: Option<&str>,
) -> ApiResult<Option<TenantSummary>> {
    if let Some(domain) = state.config.portal_rules.tenant_domain(&meta.host, portal) {
        return Ok(tenants::find_by_domain(tx, &domain).await?);
    }
    if !meta.dev_host {
        // The platform's own hosts serve no tenant.
        return Ok(None);
    }
    if let Some(secret) = &meta.tenant_secret {
        return Ok(tenants::find_by_secret(tx, secret).await?);
    }
    // An owner's browser with a valid tenant pass names its tenant (the
    // owner portal's login and branding before sign-in).
    if portal == Portal::Tenant {
        if let Some(pass) = crate::tenant_pass::presented(meta) {
            if pass.key_digest(state, tx).await?.is_some() {
                return Ok(tenants::find(tx, pass.tenant_id).await?);
            }
        }
    }
    match reference.map(str::trim).filter(|r| !r.is_empty()) {
        Some(reference) => Ok(tenants::find_by_reference(tx, reference).await?),
        None => Ok(None),
    }
}
