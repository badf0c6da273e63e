use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use shared::domain::portal::Portal;
use shared::infrastructure::db::{self, PgPool, Scope, Tx};
use shared::repositories::admin_users::AdminUser;
use shared::repositories::audit_log::{self, Action};
use shared::repositories::sessions;

use crate::api_error::{not_authenticated, ApiResult};
use crate::request_meta::RequestMeta;
use crate::{cookies, AppState};

/// A signed-in platform admin. The extractor only authenticates (one short
/// anonymous lookup); the handler opens its platform-scoped transaction with
/// [`SignedInAdmin::begin`] when it needs one, after any slow work.
pub struct SignedInAdmin {
    pub user: AdminUser,
    /// Where the request came from, for the audit log.
    pub ip: Option<std::net::IpAddr>,
    pool: PgPool,
}

impl SignedInAdmin {
    pub fn scope(&self) -> Scope {
        Scope::platform_admin(self.user.id)
    }

    pub async fn begin(&self) -> ApiResult<Tx> {
        Ok(db::begin(&self.pool, self.scope()).await?)
    }

    /// Records the admin's change of `entity` `id` in the audit log (in
    /// `tx`, so it commits with the change); an update that changed nothing
    /// leaves no row.
    #[allow(clippy::too_many_arguments)]
    pub async fn audit(
        &self,
        tx: &mut Tx,
        ip: Option<std::net::IpAddr>,
        tenant_id: Option<uuid::Uuid>,
        action: Action,
        entity: &str,
        id: uuid::Uuid,
        before: &serde_json::Value,
        after: &serde_json::Value,
    ) -> Result<(), shared::AppError> {
        audit_log::record_change(tx, self.scope().actor, ip, tenant_id, action, entity, id, before, after).await
    }
}

impl FromRequestParts<AppState> for SignedInAdmin {
    type Rejection = crate::api_error::ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = cookies::session_token(&parts.headers, Portal::Admin).ok_or_else(not_authenticated)?;
        let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
        let user = sessions::find_admin_session(&mut tx, &token, state.config.admin_idle_timeout)
            .await?
            .ok_or_else(not_authenticated)?;
        tx.commit().await?;
        let ip = RequestMeta::from_request_parts(parts, state).await?.ip;
        Ok(SignedInAdmin { user, ip, pool: state.pool.clone() })
    }
}
