//! The login sequence the three portals share:
//!
//! 1. holding a login slot (`AppState::login_slot`), in one short anonymous
//!    transaction: find the tenant and the account, and *reserve* the
//!    attempt (429 when over the limit, counted per account and per caller's
//!    network); commit;
//! 2. the login slot given back; outside any transaction: a growing delay
//!    once the account is under attack, then the password check on the
//!    bounded hasher (503 when busy) in the caller's lane: a known device
//!    first, then callers with no recent failures, strangers last;
//! 3. on success, a second short transaction forgives the attempt and
//!    rotates the session. On failure nothing more is written: the
//!    reservation already counts as the failure.
//!
//! So parallel guesses cannot slip past the limit, no pooled connection waits
//! on Argon2, and strangers waiting out their delay or their turn to hash hold
//! nothing a known owner needs.

use std::time::Duration;

use axum::http::{HeaderName, HeaderValue};
use axum::response::AppendHeaders;
use shared::domain::portal::Portal;
use shared::infrastructure::db::Tx;
use shared::infrastructure::passwords::Lane;
use shared::repositories::login_failures::{self, Reservation};
use shared::repositories::sessions;
use tokio::sync::OwnedSemaphorePermit;

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
    /// pair, the account or the caller's network is over its limit; a trusted
    /// device only answers to its own limit). The caller commits `tx` before
    /// verifying.
    pub async fn reserve(&self, tx: &mut Tx) -> ApiResult<Reservation> {
        let limits = &self.state.config.login_limits;
        let device = self.trusted_device();
        let network = self.meta.network;
        Ok(login_failures::reserve(tx, limits, self.portal, &self.account_key, network, device.as_deref()).await?)
    }

    /// The id of this browser's device cookie when it was issued for this
    /// very account by this server (its tag cannot be forged without the
    /// server's key, nor moved to another account).
    fn trusted_device(&self) -> Option<String> {
        let value = cookies::value_in(self.meta.cookies.as_deref(), cookies::device_name(self.portal))?;
        let (device, tag) = value.split_once('.')?;
        let valid = device.len() == 32 && device.bytes().all(|b| b.is_ascii_hexdigit());
        (valid && shared::infrastructure::secrets::constant_time_eq(tag, &self.device_tag(device)))
            .then(|| device.to_string())
    }

    fn device_tag(&self, device: &str) -> String {
        self.state.config.secrets.tag("login-device", &format!("{}|{device}", self.account_key))
    }

    /// Checks `password` against `stored` (a decoy when the account is
    /// unknown), after a delay that grows with the account's failures from
    /// every address beyond the per-pair limit. The login slot is given back
    /// first: neither the delay nor the wait for a hashing slot holds it.
    pub async fn verify(
        &self,
        login_slot: OwnedSemaphorePermit,
        reservation: &Reservation,
        password: String,
        stored: Option<String>,
    ) -> ApiResult<bool> {
        drop(login_slot);
        let beyond = reservation.account_failures - self.state.config.login_limits.per_account_and_ip;
        if beyond > 0 {
            let delay = Duration::from_millis(100 * beyond as u64).min(MAX_DELAY);
            tokio::time::sleep(delay).await;
        }
        Ok(self.state.hasher.verify(self.lane(reservation), password, stored).await?)
    }

    /// Which hashing lane this attempt waits in. Nothing here depends on
    /// whether the account exists (failures are counted per account key,
    /// existing or not), so the lane tells a prober nothing.
    fn lane(&self, reservation: &Reservation) -> Lane {
        if self.trusted_device().is_some() {
            Lane::KnownDevice
        } else if reservation.account_failures == 0 && reservation.network_failures == 0 {
            Lane::Clean
        } else {
            Lane::Unknown
        }
    }

    /// Forgives the attempt (and this address's earlier failures on the
    /// account), ends the session the browser already had (rotation) and
    /// opens a new one. Returns the Set-Cookie headers (the session, and the
    /// device cookie that trusts this browser for this account); the caller
    /// commits.
    pub async fn succeed(
        &self,
        tx: &mut Tx,
        reservation: Reservation,
        principal: sessions::Principal,
        previous_token: Option<String>,
    ) -> ApiResult<AppendHeaders<[(HeaderName, HeaderValue); 2]>> {
        login_failures::forgive(tx, &reservation, self.meta.network).await?;
        if let Some(previous) = previous_token {
            sessions::delete(tx, &previous).await?;
        }
        let ttl = self.state.config.session_ttl;
        let token = sessions::create(tx, principal, &self.meta.session_meta(), ttl).await?;
        let device =
            self.trusted_device().unwrap_or_else(|| shared::infrastructure::secrets::random_token()[..32].to_string());
        let device_cookie = format!("{device}.{}", self.device_tag(&device));
        // Appended: two Set-Cookie headers (an array of pairs would keep the last only).
        Ok(AppendHeaders([
            cookies::set_session(self.portal, &token, ttl, self.meta.secure_cookies()),
            cookies::set_device(self.portal, &device_cookie, self.meta.secure_cookies()),
        ]))
    }
}
