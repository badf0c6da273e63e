//! The login sequence the three portals share:
//!
//! 1. in one short anonymous transaction: find the tenant and the account,
//!    and *reserve* the attempt (429 when over the limit); commit;
//! 2. outside any transaction: a growing delay once the account is under
//!    attack, then the password check on the bounded hasher (503 when busy);
//! 3. on success, a second short transaction forgives the attempt and
//!    rotates the session. On failure nothing more is written: the
//!    reservation already counts as the failure.
//!
//! So parallel guesses cannot slip past the limit, and no pooled connection
//! waits on Argon2.

use std::time::Duration;

use axum::http::{HeaderName, HeaderValue};
use shared::db::Tx;
use shared::portal::Portal;
use shared::repositories::login_failures::{self, Reservation};
use shared::repositories::sessions;

use crate::api_error::ApiResult;
use crate::request_meta::RequestMeta;
use crate::{cookies, AppState};

/// One login attempt against one account key (portal + tenant + login name).
pub struct Attempt<'a> {
    pub state: &'a AppState,
    pub meta: &'a RequestMeta,
    pub portal: Portal,
    pub account_key: String,
}

/// Longest delay added before checking a password of an account under attack.
const MAX_DELAY: Duration = Duration::from_secs(3);

impl Attempt<'_> {
    /// Counts this attempt before any password is checked (429 when the
    /// pair, the account or the IP is over its limit). The caller commits
    /// `tx` before verifying.
    pub async fn reserve(&self, tx: &mut Tx) -> ApiResult<Reservation> {
        let limits = &self.state.config.login_limits;
        Ok(login_failures::reserve(tx, limits, self.portal, &self.account_key, self.meta.ip).await?)
    }

    /// Checks `password` against `stored` (a decoy when the account is
    /// unknown), after a delay that grows with the account's failures from
    /// every address beyond the per-pair limit.
    pub async fn verify(&self, reservation: Reservation, password: String, stored: Option<String>) -> ApiResult<bool> {
        let beyond = reservation.account_failures - self.state.config.login_limits.per_account_and_ip;
        if beyond > 0 {
            let delay = Duration::from_millis(100 * beyond as u64).min(MAX_DELAY);
            tokio::time::sleep(delay).await;
        }
        Ok(self.state.hasher.verify(password, stored).await?)
    }

    /// Forgives the attempt (and this address's earlier failures on the
    /// account), ends the session the browser already had (rotation) and
    /// opens a new one. Returns the Set-Cookie header; the caller commits.
    pub async fn succeed(
        &self,
        tx: &mut Tx,
        reservation: Reservation,
        principal: sessions::Principal,
        previous_token: Option<String>,
    ) -> ApiResult<(HeaderName, HeaderValue)> {
        login_failures::forgive(tx, reservation, &self.account_key, self.meta.ip).await?;
        if let Some(previous) = previous_token {
            sessions::delete(tx, &previous).await?;
        }
        let ttl = self.state.config.session_ttl;
        let token = sessions::create(tx, principal, &self.meta.session_meta(), ttl).await?;
        Ok(cookies::set_session(self.portal, &token, ttl, self.meta.secure_cookies()))
    }
}
