use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use shared::db::Tx;
use shared::portal::Portal;
use shared::repositories::sessions;
use shared::repositories::tenant_clients::TenantClient;
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
        let (mut tx, token, meta) = tenant_session::begin(parts, state, Portal::Client).await?;
        let session = sessions::find_client_session(&mut tx, &token).await?.ok_or_else(not_authenticated)?;
        tenant_session::narrow(&mut tx, state, &meta, Portal::Client, &session.tenant).await?;
        Ok(ClientScope { client: session.client, tenant: session.tenant, tx })
    }
}
