use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use shared::db::{self, Scope, Tx};
use shared::portal::Portal;
use shared::repositories::admin_users::AdminUser;
use shared::repositories::sessions;

use crate::api_error::{not_authenticated, ApiError};
use crate::{cookies, AppState};

/// A signed-in platform admin with a platform-scoped transaction.
pub struct AdminScope {
    pub user: AdminUser,
    pub tx: Tx,
}

impl FromRequestParts<AppState> for AdminScope {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = cookies::session_token(&parts.headers, Portal::Admin).ok_or_else(not_authenticated)?;
        let mut tx = db::begin(&state.pool, Scope::Platform).await?;
        let user = sessions::find_admin_session(&mut tx, &token).await?.ok_or_else(not_authenticated)?;
        Ok(AdminScope { user, tx })
    }
}
