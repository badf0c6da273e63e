use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use shared::db::Tx;
use shared::portal::Portal;
use shared::repositories::sessions::Principal;
use shared::repositories::tenant_owners::{self, TenantOwner};
use shared::repositories::tenants::{self, TenantSummary};

use super::tenant_session;
use crate::api_error::{not_authenticated, ApiError};
use crate::AppState;

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
        let mut session = tenant_session::open(parts, state, Portal::Tenant).await?;
        let Principal::Owner { owner_id, .. } = session.principal else { return Err(not_authenticated()) };
        let secret = session.meta.tenant_secret.as_deref().ok_or_else(not_authenticated)?;
        if !tenants::secret_matches(&mut session.tx, session.tenant.id, secret).await? {
            return Err(not_authenticated());
        }
        let owner = tenant_owners::find(&mut session.tx, session.tenant.id, owner_id)
            .await?
            .filter(|o| o.is_active)
            .ok_or_else(not_authenticated)?;
        Ok(OwnerScope { owner, tenant: session.tenant, tx: session.tx })
    }
}
