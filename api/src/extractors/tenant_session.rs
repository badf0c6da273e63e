//! What the owner and client extractors share: reading the portal's session
//! cookie and request facts, and refusing a tenant's own host being used with
//! another tenant's session.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use shared::domain::portal::{domain_of_url, Portal};
use shared::repositories::tenants::TenantSummary;

use crate::api_error::{not_authenticated, ApiError};
use crate::request_meta::RequestMeta;
use crate::{cookies, AppState};

pub(super) async fn read(
    parts: &mut Parts,
    state: &AppState,
    portal: Portal,
) -> Result<(String, RequestMeta), ApiError> {
    let meta = RequestMeta::from_request_parts(parts, state).await?;
    let token = cookies::session_token(&parts.headers, portal).ok_or_else(not_authenticated)?;
    Ok((token, meta))
}

pub(super) fn check_host(
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
    Ok(())
}
