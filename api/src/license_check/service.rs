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

    /// For the listener, which drops a tenant's entries when its facts change.
    pub fn cache(&self) -> &Arc<LicenseCache> {
        &self.cache
    }

    /// For the server, which starts and stops the writer, and /metrics.
    pub fn log(&self) -> &Arc<LicenseCheckLog> {
        &self.log
    }

    /// HTTP 200 with `valid` true or false for anything a robot can send;
    /// 429 only when the caller's network is over its limit. Errors only when the database
    /// fails.
    pub async fn check(
        &self,
        state: &AppState,
        meta: &RequestMeta,
        body: &[u8],
    ) -> AppResult<(StatusCode, LicenseAnswer)> {
        let now = Utc::now();
        let refuse =
            |refusal, nonce| LicenseAnswer::unsigned(license_check::refuse_early(refusal), nonce, now.timestamp());
        if !self.limit.allow(meta.network) {
            return Ok((StatusCode::TOO_MANY_REQUESTS, refuse(EarlyRefusal::RateLimited, String::new())));
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
        self.log.record(CheckRecord::of_check(&request, entry.facts.license_id, &verdict, meta.ip, now));
        Ok((StatusCode::OK, LicenseAnswer::signed(request, &entry, verdict, now.timestamp())))
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
                return Ok((StatusCode::OK, LicenseAnswer::signed(request, &entry, verdict, now.timestamp())));
            }
        }
        let nonce = rejected.nonce.unwrap_or_default();
        Ok((StatusCode::OK, LicenseAnswer::unsigned(verdict, nonce, now.timestamp())))
    }

    /// The routine check is answered from this instance's cache (kept in step
    /// by NOTIFY); the database is read on a miss. None: the robot is not the
    /// tenant's.
    async fn facts(&self, state: &AppState, request: &CheckRequest) -> AppResult<Option<Arc<CachedFacts>>> {
        let key = (request.tenant_id, request.robot_id, request.cache_identity());
        if let Some(cached) = self.cache.get(&key) {
            return Ok(Some(cached));
        }
        // Taken before the read: a change committed meanwhile makes this entry stale at once.
        let generation = self.cache.generation(request.tenant_id);
        let mut tx = db::begin(&state.pool, Scope::anonymous_in(request.tenant_id)).await?;
        let facts = license_check::load(&mut tx, request).await?;
        tx.commit().await?;
        Ok(facts.map(|facts| {
            let keys = RobotKeys::open(&state.config.secrets, &facts);
            self.cache.put(key, facts, keys, generation)
        }))
    }

    /// The verdict, with the throttle consulted before and told after, and
    /// the license bound to its first account (the database's only write).
    async fn decide(
        &self,
        state: &AppState,
        request: &CheckRequest,
        facts: &CheckFacts,
        now: DateTime<Utc>,
    ) -> AppResult<Verdict> {
        let identity = request.cache_identity();
        let throttled = self.throttle.is_throttled(request.robot_id, request.account, &identity);
        let mut verdict = license_check::judge(facts, request.account, now, throttled);
        if let Some(license_id) = license_check::license_to_bind(&verdict, facts) {
            let mut tx = db::begin(&state.pool, Scope::anonymous_in(request.tenant_id)).await?;
            let bound = license_check::bind_account(&mut tx, request.tenant_id, license_id, request.account).await?;
            tx.commit().await?;
            verdict = license_check::after_binding(verdict, bound.as_deref(), request.account);
        }
        if verdict.answer == CheckCode::AccountMismatch {
            self.throttle.refused(request.robot_id, request.account, &identity);
        }
        Ok(verdict)
    }
}
