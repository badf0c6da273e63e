//! What the owner and client extractors share: one platform-scoped lookup of
//! the session with its tenant and principal, then the same transaction is
//! narrowed to that tenant, and a tenant's own host refuses another tenant's
//! session.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use shared::db::{self, Scope, Tx};
use shared::portal::{domain_of_url, Portal};
use shared::repositories::tenants::TenantSummary;

use crate::api_error::{not_authenticated, ApiError};
use crate::request_meta::RequestMeta;
use crate::{cookies, AppState};

/// Opens the request's transaction in platform scope (the session lookup
/// must find the tenant before it can be scoped to it) and returns the
/// session token and request facts.
pub(super) async fn begin(
    parts: &mut Parts,
    state: &AppState,
    portal: Portal,
) -> Result<(Tx, String, RequestMeta), ApiError> {
    let meta = RequestMeta::from_request_parts(parts, state).await?;
    let token = cookies::session_token(&parts.headers, portal).ok_or_else(not_authenticated)?;
    let tx = db::begin(&state.pool, Scope::Platform).await?;
    Ok((tx, token, meta))
}

/// Narrows `tx` to the session's tenant, after checking that a tenant's own
/// host is not being used with another tenant's session.
pub(super) async fn narrow(
    tx: &mut Tx,
    state: &AppState,
    meta: &RequestMeta,
    portal: Portal,
    tenant: &TenantSummary,
) -> Result<(), ApiError> {
    if let Some(domain) = state.config.portal_rules.tenant_domain(&meta.host, portal) {
        if domain_of_url(&tenant.url) != domain {
            return Err(not_authenticated());
        }
    }
    db::set_scope(tx, Scope::Tenant(tenant.id)).await?;
    Ok(())
}
