//! What the owner and client extractors share: find the portal's session,
//! narrow the same transaction to the session's tenant, load that tenant
//! (active only) and make sure a tenant's own host does not accept another
//! tenant's session.

use axum::http::request::Parts;
use shared::db::{self, Scope, Tx};
use shared::portal::{domain_of_url, Portal};
use shared::repositories::sessions::{self, Principal};
use shared::repositories::tenants::{self, TenantSummary};

use crate::api_error::{not_authenticated, ApiError};
use crate::request_meta::RequestMeta;
use crate::{cookies, AppState};

pub(super) struct TenantSession {
    pub tx: Tx,
    pub tenant: TenantSummary,
    pub principal: Principal,
    pub meta: RequestMeta,
}

pub(super) async fn open(parts: &mut Parts, state: &AppState, portal: Portal) -> Result<TenantSession, ApiError> {
    use axum::extract::FromRequestParts;
    let meta = RequestMeta::from_request_parts(parts, state).await?;
    let token = cookies::session_token(&parts.headers, portal).ok_or_else(not_authenticated)?;

    let mut tx = db::begin(&state.pool, Scope::Platform).await?;
    let principal = sessions::find_active(&mut tx, portal, &token).await?.ok_or_else(not_authenticated)?;
    let tenant_id = match principal {
        Principal::Owner { tenant_id, .. } | Principal::Client { tenant_id, .. } => tenant_id,
        Principal::Admin { .. } => return Err(not_authenticated()),
    };
    db::set_scope(&mut tx, Scope::Tenant(tenant_id)).await?;

    let tenant = tenants::find(&mut tx, tenant_id).await?.filter(|t| t.is_active()).ok_or_else(not_authenticated)?;
    if let Some(domain) = state.config.portal_rules.tenant_domain(&meta.host, portal) {
        if domain_of_url(&tenant.url) != domain {
            return Err(not_authenticated());
        }
    }
    Ok(TenantSession { tx, tenant, principal, meta })
}
