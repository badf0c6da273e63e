use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use shared::db::Tx;
use shared::portal::Portal;
use shared::repositories::sessions;
use shared::repositories::tenant_owners::TenantOwner;
use shared::repositories::tenants::TenantSummary;
use shared::secrets::constant_time_eq;

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
        let (mut tx, token, meta) = tenant_session::begin(parts, state, Portal::Tenant).await?;
        let secret = meta.tenant_secret.as_deref().ok_or_else(not_authenticated)?;
        let session = sessions::find_owner_session(&mut tx, &token).await?.ok_or_else(not_authenticated)?;
        if !constant_time_eq(&session.secret_hash, secret) {
            return Err(not_authenticated());
        }
        tenant_session::narrow(&mut tx, state, &meta, Portal::Tenant, &session.tenant).await?;
        Ok(OwnerScope { owner: session.owner, tenant: session.tenant, tx })
    }
}
