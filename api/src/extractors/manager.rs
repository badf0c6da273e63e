use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::{SignedInAdmin, SignedInOwner};
use crate::api_error::{not_authenticated, ApiError};
use crate::AppState;

/// Whoever manages robots: the platform admin (any tenant) or a tenant owner
/// (their tenant only). Routes both may call take this and narrow by it.
pub enum SignedInManager {
    Admin(SignedInAdmin),
    Owner(SignedInOwner),
}

impl FromRequestParts<AppState> for SignedInManager {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if let Ok(admin) = SignedInAdmin::from_request_parts(parts, state).await {
            return Ok(SignedInManager::Admin(admin));
        }
        SignedInOwner::from_request_parts(parts, state)
            .await
            .map(SignedInManager::Owner)
            .map_err(|_| not_authenticated())
    }
}
