use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use shared::db::{self, Scope, Tx};
use shared::portal::Portal;
use shared::repositories::sessions::{self, Principal};
use shared::repositories::tenant_clients::{self, TenantClient};
use shared::repositories::tenants::{self, TenantSummary};

use crate::api_error::{not_authenticated, ApiError};
use crate::request_meta::RequestMeta;
use crate::{cookies, AppState};

/// A signed-in client with a transaction scoped to their tenant.
pub struct ClientScope {
    pub client: TenantClient,
    pub tenant: TenantSummary,
    pub tx: Tx,
}

impl FromRequestParts<AppState> for ClientScope {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let meta = RequestMeta::from_request_parts(parts, state).await?;
        let token = cookies::session_token(&parts.headers, Portal::Client).ok_or_else(not_authenticated)?;

        let mut tx = db::begin(&state.pool, Scope::Platform).await?;
        let Some(Principal::Client { tenant_id, client_id }) =
            sessions::find_active(&mut tx, Portal::Client, &token).await?
        else {
            return Err(not_authenticated());
        };
        db::set_scope(&mut tx, Scope::Tenant(tenant_id)).await?;

        let tenant = tenants::find(&mut tx, tenant_id).await?.filter(|t| t.is_active()).ok_or_else(not_authenticated)?;
        if let Some(domain) = state.config.portal_rules.tenant_domain(&meta.host, Portal::Client) {
            if shared::portal::domain_of_url(&tenant.url) != domain {
                return Err(not_authenticated());
            }
        }
        let client = tenant_clients::find(&mut tx, tenant_id, client_id)
            .await?
            .filter(|c| c.is_active())
            .ok_or_else(not_authenticated)?;
        Ok(ClientScope { client, tenant, tx })
    }
}
