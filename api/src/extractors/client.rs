use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use shared::db::Tx;
use shared::portal::Portal;
use shared::repositories::sessions::Principal;
use shared::repositories::tenant_clients::{self, TenantClient};
use shared::repositories::tenants::TenantSummary;

use super::tenant_session;
use crate::api_error::{not_authenticated, ApiError};
use crate::AppState;

/// A signed-in client with a transaction scoped to their tenant.
pub struct ClientScope {
    pub client: TenantClient,
    pub tenant: TenantSummary,
    pub tx: Tx,
}

impl FromRequestParts<AppState> for ClientScope {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let mut session = tenant_session::open(parts, state, Portal::Client).await?;
        let Principal::Client { client_id, .. } = session.principal else { return Err(not_authenticated()) };
        let client = tenant_clients::find(&mut session.tx, session.tenant.id, client_id)
            .await?
            .filter(TenantClient::is_active)
            .ok_or_else(not_authenticated)?;
        Ok(ClientScope { client, tenant: session.tenant, tx: session.tx })
    }
}
