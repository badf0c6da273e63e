use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use shared::db::{self, Scope, Tx};
use shared::portal::Portal;
use shared::repositories::sessions::{self, Principal};
use shared::repositories::tenant_owners::{self, TenantOwner};
use shared::repositories::tenants::{self, TenantSummary};

use crate::api_error::{not_authenticated, ApiError};
use crate::request_meta::RequestMeta;
use crate::{cookies, AppState};

/// A signed-in tenant owner with a transaction scoped to their tenant. Needs
/// both the session cookie and the tenant's security key in `X-Tenant-Secret`.
pub struct OwnerScope {
    pub owner: TenantOwner,
    pub tenant: TenantSummary,
    pub tx: Tx,
}

impl FromRequestParts<AppState> for OwnerScope {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let meta = RequestMeta::from_request_parts(parts, state).await?;
        let token = cookies::session_token(&parts.headers, Portal::Tenant).ok_or_else(not_authenticated)?;
        let secret = meta.tenant_secret.clone().ok_or_else(not_authenticated)?;

        let mut tx = db::begin(&state.pool, Scope::Platform).await?;
        let Some(Principal::Owner { tenant_id, owner_id }) =
            sessions::find_active(&mut tx, Portal::Tenant, &token).await?
        else {
            return Err(not_authenticated());
        };
        db::set_scope(&mut tx, Scope::Tenant(tenant_id)).await?;

        if !tenants::secret_matches(&mut tx, tenant_id, &secret).await? {
            return Err(not_authenticated());
        }
        let tenant = tenants::find(&mut tx, tenant_id).await?.filter(|t| t.is_active()).ok_or_else(not_authenticated)?;
        // On a tenant's own host, a session of another tenant is worthless.
        if let Some(domain) = state.config.portal_rules.tenant_domain(&meta.host, Portal::Tenant) {
            if shared::portal::domain_of_url(&tenant.url) != domain {
                return Err(not_authenticated());
            }
        }
        let owner = tenant_owners::find(&mut tx, tenant_id, owner_id)
            .await?
            .filter(|o| o.is_active)
            .ok_or_else(not_authenticated)?;
        Ok(OwnerScope { owner, tenant, tx })
    }
}
