use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use shared::domain::portal::Portal;
use shared::infrastructure::db::{self, PgPool, Scope, Tx};
use shared::repositories::audit_log::{self, Action};
use shared::repositories::sessions;
use shared::repositories::tenant_clients::TenantClient;
use shared::repositories::tenants::TenantSummary;

use super::tenant_session;
use crate::api_error::{not_authenticated, ApiError, ApiResult};
use crate::AppState;

/// A signed-in client. Open the client-scoped transaction (role `rf_client`:
/// this tenant, this client's own rows, no secrets) with
/// [`SignedInClient::begin`].
pub struct SignedInClient {
    pub client: TenantClient,
    pub tenant: TenantSummary,
    pool: PgPool,
}

impl SignedInClient {
    pub fn scope(&self) -> Scope {
        Scope::client(self.tenant.id, self.client.id)
    }

    pub async fn begin(&self) -> ApiResult<Tx> {
        Ok(db::begin(&self.pool, self.scope()).await?)
    }

    /// Records a change this client made to their own rows. Clients hold no
    /// grant on the audit log, so the row is written by the tenant's worker
    /// scope, after the change committed (as the cancellation does).
    pub async fn audit(
        &self,
        ip: Option<std::net::IpAddr>,
        entity: &str,
        id: uuid::Uuid,
        before: &serde_json::Value,
        after: &serde_json::Value,
    ) -> ApiResult<()> {
        let mut tx = db::begin(&self.pool, Scope::worker_for(self.tenant.id)).await?;
        let actor = shared::infrastructure::db::Actor::Client(self.client.id);
        audit_log::record_change(&mut tx, actor, ip, Some(self.tenant.id), Action::Update, entity, id, before, after)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The request pool, for the few writes a client causes but may not
    /// make itself (the audit row of a cancellation, written by the worker
    /// role of the client's tenant).
    pub fn pool(&self) -> PgPool {
        self.pool.clone()
    }
}

impl FromRequestParts<AppState> for SignedInClient {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let (token, meta) = tenant_session::read(parts, state, Portal::Client).await?;
        let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
        let session = sessions::find_client_session(&mut tx, &token, state.config.client_idle_timeout)
            .await?
            .ok_or_else(not_authenticated)?;
        tx.commit().await?;
        tenant_session::check_host(state, &meta, Portal::Client, &session.tenant)?;
        Ok(SignedInClient { client: session.client, tenant: session.tenant, pool: state.pool.clone() })
    }
}
