use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use shared::infrastructure::db::{self, PgPool, Scope, Tx};
use shared::repositories::compile_fleet::{self, Agent};
use shared::AppError;

use crate::api_error::{ApiError, ApiResult};
use crate::AppState;

pub const BAD_AGENT_TOKEN: &str = "Token de agente inválido ou revogado";

/// A compile agent, by its `Authorization: Bearer rfa_…` token (stored as
/// its SHA-256; a revoked agent's token stops working at once). Agents work
/// across tenants: [`CompileAgent::begin`] opens a platform worker scope.
pub struct CompileAgent {
    pub agent: Agent,
    pool: PgPool,
}

impl CompileAgent {
    pub async fn begin(&self) -> ApiResult<Tx> {
        Ok(db::begin(&self.pool, Scope::worker()).await?)
    }
}

impl FromRequestParts<AppState> for CompileAgent {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let refused = || ApiError(AppError::Unauthorized(BAD_AGENT_TOKEN.into()));
        let token = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|t| t.starts_with("rfa_") && t.len() <= 100)
            .ok_or_else(refused)?;
        let mut tx = db::begin(&state.pool, Scope::worker()).await?;
        let agent = compile_fleet::authenticate(&mut tx, token).await?.ok_or_else(refused)?;
        tx.commit().await?;
        Ok(CompileAgent { agent, pool: state.pool.clone() })
    }
}
