//! The login sequence the three portals share: throttle, verify, record the
//! outcome, rotate the session.

use axum::http::{HeaderName, HeaderValue};
use shared::db::Tx;
use shared::portal::Portal;
use shared::repositories::{login_failures, sessions};
use shared::AppError;

use crate::api_error::ApiError;
use crate::request_meta::RequestMeta;
use crate::{cookies, AppState};

/// One login attempt against one account key (portal + tenant + login name).
pub struct Attempt<'a> {
    pub state: &'a AppState,
    pub meta: &'a RequestMeta,
    pub portal: Portal,
    pub account_key: String,
}

impl Attempt<'_> {
    /// 429 when this account or IP failed too often in the last minute.
    pub async fn ensure_allowed(&self, tx: &mut Tx) -> Result<(), ApiError> {
        login_failures::ensure_allowed(tx, &self.state.config.login_limits, &self.account_key, self.meta.ip).await?;
        Ok(())
    }

    /// Records the failure (committed, so it counts even though the request
    /// fails) and returns the error to answer with.
    pub async fn fail(&self, mut tx: Tx, error: AppError) -> ApiError {
        let recorded = async {
            login_failures::record(&mut tx, self.portal, &self.account_key, self.meta.ip).await?;
            tx.commit().await.map_err(AppError::from)
        }
        .await;
        match recorded {
            Ok(()) => ApiError(error),
            Err(e) => ApiError(e),
        }
    }

    /// Forgets earlier failures, ends the session the browser already had
    /// (rotation) and opens a new one. Returns the Set-Cookie header; the
    /// caller commits `tx`.
    pub async fn succeed(
        &self,
        tx: &mut Tx,
        principal: sessions::Principal,
        previous_token: Option<String>,
    ) -> Result<(HeaderName, HeaderValue), ApiError> {
        login_failures::clear_account(tx, &self.account_key).await?;
        if let Some(previous) = previous_token {
            sessions::delete(tx, &previous).await?;
        }
        let ttl = self.state.config.session_ttl;
        let token = sessions::create(tx, principal, &self.meta.session_meta(), ttl).await?;
        Ok(cookies::set_session(self.portal, &token, ttl, self.meta.secure_cookies()))
    }
}
