//! One license check, from the request's bytes to the signed answer:
//! limit → parse → cache or load → decide (throttle, bind) → record → sign.
//! A body that is not a check but names a known robot gets that robot's
//! signed `INVALID_REQUEST`.

use std::sync::Arc;

use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, Scope};
use shared::workflows::license_check::{
    self, CheckCode, CheckFacts, CheckRecord, CheckRequest, EarlyRefusal, RejectedRequest, RobotKeys, Verdict,
};
use shared::AppResult;

use super::cache::{CachedFacts, LicenseCache};
use super::log::LicenseCheckLog;
use super::refusal_throttle::RefusalThrottle;
use super::LicenseAnswer;
use crate::rate_limit::PerIpLimit;
use crate::request_meta::RequestMeta;
use crate::AppState;

/// This instance's license check and the state it keeps between checks.
pub struct LicenseCheck {
    /// License checks per IP and minute.
    limit: PerIpLimit,
    /// License-check facts, invalidated through the listener.
    cache: Arc<LicenseCache>,
    /// Refused checks per robot and account or e-mail (buyer guessing).
    throttle: RefusalThrottle,
    /// The license-check log, written in batches off the request path.
    log: Arc<LicenseCheckLog>,
}

impl LicenseCheck {
    pub fn new(config: &Config) -> Self {
        Self {
            limit: PerIpLimit::new(config.license_checks_per_minute),
            cache: Arc::new(LicenseCache::new()),
            throttle: RefusalThrottle::new(),
            log: LicenseCheckLog::new(config),
        }
    }

    /// For the listener, which drops the entries a change affects.
    pub fn cache(&self) -> &Arc<LicenseCache> {
        &self.cache
    }

    /// For the server, which starts and stops the writer, and /metrics.
    pub fn log(&self) -> &Arc<LicenseCheckLog> {
        &self.log
    }

    /// HTTP 200 with `valid` true or false for anything a robot can send;
    /// 429 with a retry time when the caller's network is over its limit or
    /// the caller is throttled. Errors only when the database fails.
    pub async fn check(
        &self,
        state: &AppState,
        meta: &RequestMeta,
        body: &[u8],
    ) -> AppResult<(StatusCode, LicenseAnswer)> {
        let now = Utc::now();
        let refuse = |refusal, nonce| {
            LicenseAnswer::unsigned(license_check::refuse_early(refusal), nonce, now.timestamp(), None)
        };
        if let Some(wait) = self.limit.wait(meta.network) {
            return Ok((StatusCode::TOO_MANY_REQUESTS, self.rate_limited(body, wait, now)));
        }
        let request = match license_check::parse_request(body) {
            Ok(request) => request,
            Err(rejected) => return self.refuse_invalid(state, meta, rejected, now).await,
        };
        let Some(entry) = self.facts(state, &request).await? else {
            // Unknown robot, or not this tenant's: nothing to sign with, nothing to log against.
            return Ok((StatusCode::OK, refuse(EarlyRefusal::UnknownRobot, request.nonce)));
        };
        let verdict = self.decide(state, &request, &entry.facts, now).await?;
        let mut record = CheckRecord::of_check(&request, entry.facts.license_id, &verdict, meta.ip, now);
        record.robot_version = entry.facts.running_version.clone();
        self.log.record(record);
        if verdict.answer == CheckCode::Throttled {
            let wait = RefusalThrottle::retry_after_seconds() as i64;
            let answer = LicenseAnswer::signed(request, &entry, verdict, now.timestamp(), Some(wait));
            return Ok((StatusCode::TOO_MANY_REQUESTS, answer));
        }
        Ok((StatusCode::OK, LicenseAnswer::signed(request, &entry, verdict, now.timestamp(), None)))
    }

    /// Over the per-network limit: `RATE_LIMITED` with the seconds left in
    /// the window, signed when the body is a check of a robot whose keys
    /// this instance already holds (the flood costs no database read, and
    /// the robot can trust the wait); unsigned otherwise, echoing the nonce.
    fn rate_limited(&self, body: &[u8], wait: u64, now: DateTime<Utc>) -> LicenseAnswer {
        let verdict = license_check::refuse_early(EarlyRefusal::RateLimited);
        let wait = Some(wait as i64);
        match license_check::parse_request(body) {
            Ok(request) => match self.cache.robot(request.tenant_id, request.robot_id) {
                Some(entry) => LicenseAnswer::signed(request, &entry, verdict, now.timestamp(), wait),
                None => LicenseAnswer::unsigned(verdict, request.nonce, now.timestamp(), wait),
            },
            Err(rejected) => {
                LicenseAnswer::unsigned(verdict, rejected.nonce.unwrap_or_default(), now.timestamp(), wait)
            }
        }
    }

    /// A body that is not a check. When it names a robot of the tenant it
    /// names (and a well-formed nonce), the refusal is signed with that
    /// robot's key and logged like any check, so the robot can trust it;
    /// otherwise there is nothing to sign with.
    async fn refuse_invalid(
        &self,
        state: &AppState,
        meta: &RequestMeta,
        rejected: RejectedRequest,
        now: DateTime<Utc>,
    ) -> AppResult<(StatusCode, LicenseAnswer)> {
        let verdict = license_check::refuse_early(EarlyRefusal::InvalidRequest);
        if let Some(request) = rejected.signable() {
            if let Some(entry) = self.facts(state, &request).await? {
                let mut record = CheckRecord::of_check(&request, None, &verdict, meta.ip, now);
                record.account = rejected.robot.and_then(|robot| robot.account);
                self.log.record(record);
                return Ok((StatusCode::OK, LicenseAnswer::signed(request, &entry, verdict, now.timestamp(), None)));
            }
        }
        let nonce = rejected.nonce.unwrap_or_default();
        Ok((StatusCode::OK, LicenseAnswer::unsigned(verdict, nonce, now.timestamp(), None)))
    }

    /// The routine check is answered from this instance's cache (kept in step
    /// by NOTIFY); the database is read on a miss. None: the robot is not the
    /// tenant's.
    async fn facts(&self, state: &AppState, request: &CheckRequest) -> AppResult<Option<Arc<CachedFacts>>> {
        let key = (request.tenant_id, request.robot_id, request.cache_key());
        if let Some(cached) = self.cache.get(&key) {
            return Ok(Some(cached));
        }
        // Taken before the read: a change heard meanwhile keeps this answer out of the cache.
        let ticket = self.cache.ticket(request.tenant_id);
        let mut tx = db::begin(&state.pool, Scope::anonymous_in(request.tenant_id)).await?;
        let facts = license_check::load(&mut tx, request).await?;
        tx.commit().await?;
        Ok(facts.map(|facts| {
            let keys = RobotKeys::open(&state.config.secrets, &facts);
            self.cache.put(key, facts, keys, ticket)
        }))
    }

    /// The verdict, with the throttle consulted before and told after, and
    /// the account's seat written (the database's only write).
    async fn decide(
        &self,
        state: &AppState,
        request: &CheckRequest,
        facts: &CheckFacts,
        now: DateTime<Utc>,
    ) -> AppResult<Verdict> {
        let identity = request.cache_identity();
        let account = request.account_key();
        let throttled = self.throttle.is_throttled(request.robot_id, &account, &identity);
        let mut verdict = license_check::judge(facts, &request.terminal, request.account, now, throttled);
        if let Some(license_id) = license_check::license_to_bind(&verdict, facts) {
            let mut tx = db::begin(&state.pool, Scope::anonymous_in(request.tenant_id)).await?;
            let holds = license_check::write_seat(&mut tx, request, license_id, verdict.seat).await?;
            tx.commit().await?;
            verdict = license_check::after_binding(verdict, holds);
        }
        if verdict.answer == CheckCode::NotRecognized {
            self.throttle.refused(request.robot_id, &account, &identity);
        }
        Ok(verdict)
    }
}
