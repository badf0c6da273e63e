use std::net::IpAddr;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde_json::Value;
use shared::domain::owner_permissions::{self, Capability};
use shared::domain::portal::Portal;
use shared::infrastructure::db::{self, PgPool, Scope, Tx};
use shared::infrastructure::secrets::{constant_time_eq, sha256_hex};
use shared::repositories::audit_log::{self, Action};
use shared::repositories::sessions;
use shared::repositories::tenant_owners::TenantOwner;
use shared::repositories::tenants::TenantSummary;
use shared::AppError;
use uuid::Uuid;

use super::tenant_session;
use crate::api_error::{not_authenticated, ApiError, ApiResult};
use crate::{tenant_pass, AppState};

/// A signed-in tenant owner: the session cookie and the tenant's security key
/// in `X-Tenant-Secret` both checked. Open the owner-scoped transaction
/// (role `rf_owner`, this tenant only) with [`SignedInOwner::begin`].
pub struct SignedInOwner {
    pub owner: TenantOwner,
    pub tenant: TenantSummary,
    pool: PgPool,
    /// Where the request came from, for the audit log.
    ip: Option<IpAddr>,
}

impl SignedInOwner {
    pub fn scope(&self) -> Scope {
        Scope::owner(self.tenant.id, self.owner.id)
    }

    pub async fn begin(&self) -> ApiResult<Tx> {
        Ok(db::begin(&self.pool, self.scope()).await?)
    }

    /// The pool, for work done after the owner's transaction in another
    /// scope (queueing personal builds, which owners may not do).
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// 403 with a pt-BR message unless this owner's role allows `capability`
    /// (shared::domain::owner_permissions). Every tenant handler asks first.
    pub fn require(&self, capability: Capability) -> Result<(), AppError> {
        if owner_permissions::allows(self.owner.role, capability) {
            Ok(())
        } else {
            Err(AppError::Forbidden(owner_permissions::refusal(self.owner.role)))
        }
    }

    /// Records, in the caller's transaction, a change this owner made in
    /// their tenant (only the fields that differ; an unchanged update leaves
    /// no row).
    pub async fn audit(
        &self,
        tx: &mut Tx,
        action: Action,
        entity: &str,
        id: Uuid,
        before: &Value,
        after: &Value,
    ) -> Result<(), AppError> {
        let actor = self.scope().actor;
        audit_log::record_change(tx, actor, self.ip, Some(self.tenant.id), action, entity, id, before, after).await
    }
}

impl FromRequestParts<AppState> for SignedInOwner {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let (token, meta) = tenant_session::read(parts, state, Portal::Tenant).await?;
        let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
        // The key in the header when the browser sends one; otherwise the
        // browser's tenant pass, which stands for the tenant's current key.
        let (secret_hash, pass) = match (meta.tenant_secret.as_deref(), tenant_pass::presented(&meta)) {
            (Some(secret), _) => (sha256_hex(secret), None),
            (None, Some(pass)) => (pass.key_digest(state, &mut tx).await?.ok_or_else(not_authenticated)?, Some(pass)),
            (None, None) => return Err(not_authenticated()),
        };
        let session = sessions::find_owner_session(&mut tx, &token, &secret_hash, state.config.owner_idle_timeout)
            .await?
            .ok_or_else(not_authenticated)?;
        tx.commit().await?;
        if !constant_time_eq(&session.secret_hash, &secret_hash)
            || pass.is_some_and(|p| p.tenant_id != session.tenant.id)
        {
            return Err(not_authenticated());
        }
        tenant_session::check_host(state, &meta, Portal::Tenant, &session.tenant)?;
        Ok(SignedInOwner { owner: session.owner, tenant: session.tenant, pool: state.pool.clone(), ip: meta.ip })
    }
}
