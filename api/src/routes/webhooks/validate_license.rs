//! `POST /api/webhooks/validate-license`: the check every robot calls when it
//! starts. HTTP 200 with `valid` true or false and a machine-readable `code`
//! for anything a robot can send (429 only when rate-limited); the answer is
//! signed with the robot's key over the robot's own nonce
//! (docs/license-signature.md).

use std::sync::OnceLock;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use chrono::Utc;
use serde::Serialize;
use shared::db::{self, Scope};
use shared::license_check::{self, CheckCode, CheckRecord};
use shared::license_keys::AnswerSigner;
use shared::mql5::{signed_string, signed_string_v2};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiBytes, ApiResult};
use crate::request_meta::RequestMeta;
use crate::AppState;

/// The answer a robot reads.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LicenseAnswer {
    pub valid: bool,
    /// OK, INVALID_REQUEST, NOT_FOUND (unknown robot), EXPIRED, CANCELLED, SUSPENDED,
    /// ROBOT_INACTIVE, TENANT_SUSPENDED, ACCOUNT_MISMATCH (also for an unknown e-mail and
    /// an unconfirmed account: the answer never tells a stranger who bought), THROTTLED
    /// or RATE_LIMITED.
    pub code: &'static str,
    /// For the robot's user, pt-BR.
    pub message: &'static str,
    /// When the license ends (unix seconds); null when it does not, or when not valid.
    pub expires_at: Option<i64>,
    /// The server's clock (unix seconds), signed: a replayed answer is stale.
    pub server_time: i64,
    /// The request's nonce, echoed.
    pub nonce: String,
    /// How long the robot may keep running while it cannot reach the server
    /// (seconds; signed in protocol v2).
    pub grace_seconds: i64,
    /// Protocol 2: lower-case hex of the Ed25519 signature (128 characters)
    /// under the robot's key pair. Protocol 1: lower-case hex HMAC-SHA256
    /// (64 characters). Null when the robot is unknown.
    pub signature: Option<String>,
    /// The license a personal build's valid check was decided for (not
    /// signed; absent for checks by e-mail).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub license_id: Option<uuid::Uuid>,
}

/// Validates a robot's license (email, mtAccount, robotId, tenantId, nonce).
#[utoipa::path(operation_id = "validateLicense", post, path = "/api/webhooks/validate-license", tag = "webhooks",
    request_body(content = serde_json::Value, description = "{ email, mtAccount (number or digits), robotId, tenantId, nonce?, protocol? (2: Ed25519 answers), licenseId? and buildMark? (a personal build: both, and no e-mail needed) }",
                 content_type = "application/json"),
    responses((status = 200, body = LicenseAnswer), (status = 429, body = LicenseAnswer)))]
pub async fn validate(
    State(state): State<AppState>,
    meta: RequestMeta,
    ApiBytes(body): ApiBytes,
) -> ApiResult<Response> {
    let now = Utc::now();
    let server_time = now.timestamp();
    if !state.license_limit.allow(meta.ip) {
        count(CheckCode::RateLimited);
        let answer = unsigned(CheckCode::RateLimited, String::new(), server_time);
        return Ok((StatusCode::TOO_MANY_REQUESTS, Json(answer)).into_response());
    }
    let request = match license_check::parse_request(&body) {
        Ok(request) => request,
        Err(nonce) => {
            count(CheckCode::InvalidRequest);
            return Ok(
                Json(unsigned(CheckCode::InvalidRequest, nonce.unwrap_or_default(), server_time)).into_response()
            );
        }
    };

    // The routine check is answered from this instance's cache (kept in step
    // by NOTIFY); the database is read on a miss and written only to bind.
    let cache_key = (request.tenant_id, request.robot_id, request.cache_identity());
    let cached = match state.license_cache.get(&cache_key) {
        Some(cached) => Some(cached),
        None => {
            let generation = state.license_cache.generation(request.tenant_id);
            let mut tx = db::begin(&state.pool, Scope::anonymous_in(request.tenant_id)).await?;
            let facts = license_check::load(&mut tx, &request).await?;
            tx.commit().await?;
            facts.map(|facts| {
                let secrets = &state.config.secrets;
                let key = secrets.open(&facts.signing_key);
                let signer = facts.private_key.as_deref().and_then(|sealed| AnswerSigner::open(secrets, sealed));
                state.license_cache.put(cache_key, facts, key, signer, generation)
            })
        }
    };
    let Some(entry) = cached else {
        // Unknown robot, or not this tenant's: nothing to sign with, nothing to log against.
        count(CheckCode::NotFound);
        return Ok(Json(unsigned(CheckCode::NotFound, request.nonce, server_time)).into_response());
    };
    let facts = &entry.facts;
    let identity = request.cache_identity();
    let throttled = state.refusal_throttle.is_throttled(request.robot_id, request.account, &identity);
    let mut verdict = license_check::judge(facts, request.account, now, throttled);
    if let (true, Some(license_id)) = (verdict.bind, facts.license_id) {
        let mut tx = db::begin(&state.pool, Scope::anonymous_in(request.tenant_id)).await?;
        let bound = license_check::bind_account(&mut tx, request.tenant_id, license_id, request.account).await?;
        tx.commit().await?;
        // Another check bound it a moment ago, to another account.
        if !bound.is_some_and(|stored| license_check::same_account(&stored, request.account)) {
            verdict = license_check::Verdict {
                code: CheckCode::AccountMismatch,
                answer: CheckCode::AccountMismatch,
                bind: false,
            };
        }
    }
    if verdict.answer == CheckCode::AccountMismatch {
        state.refusal_throttle.refused(request.robot_id, request.account, &identity);
    }

    let code = verdict.answer;
    count(code);
    let valid = verdict.is_valid();
    let expires_at = facts.expiration_date.filter(|_| valid).map(|e| e.timestamp());
    let grace_seconds = i64::from(facts.offline_grace_seconds);
    state.license_log.record(CheckRecord {
        tenant_id: request.tenant_id,
        robot_id: Some(request.robot_id),
        license_id: facts.license_id,
        email: request.email.clone(),
        account: Some(request.account),
        ip: meta.ip,
        valid,
        // The real reason, for the owner's screens.
        code: verdict.code,
        checked_at: now,
    });
    let robot_id = request.robot_id.to_string();
    let signature = match request.protocol {
        2 => entry.signer.as_ref().map(|signer| {
            signer.sign(&signed_string_v2(
                &request.nonce,
                valid,
                code.as_str(),
                expires_at,
                server_time,
                &robot_id,
                request.account,
                grace_seconds,
            ))
        }),
        _ => entry.signing_key.as_deref().map(|key| {
            let message = signed_string(
                &request.nonce,
                valid,
                code.as_str(),
                expires_at,
                server_time,
                &robot_id,
                request.account,
            );
            license_check::sign(key, &message)
        }),
    };
    if signature.is_none() {
        tracing::error!(robot = %request.robot_id, protocol = request.protocol,
            "robot key unreadable or missing: is SECRETS_KEY the one it was sealed with?");
    }
    Ok(Json(LicenseAnswer {
        valid,
        code: code.as_str(),
        message: code.message(),
        expires_at,
        server_time,
        nonce: request.nonce,
        grace_seconds,
        signature,
        license_id: facts.license_id.filter(|_| valid && request.build.is_some()),
    })
    .into_response())
}

fn unsigned(code: CheckCode, nonce: String, server_time: i64) -> LicenseAnswer {
    LicenseAnswer {
        valid: false,
        code: code.as_str(),
        message: code.message(),
        expires_at: None,
        server_time,
        nonce,
        grace_seconds: 0,
        signature: None,
        license_id: None,
    }
}

/// `/api/webhooks/validate-license`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(validate))
}

/// Counts an answer by its result code (/metrics), through a handle per
/// code resolved once: no label string or recorder lookup per check.
fn count(code: CheckCode) {
    const CODES: usize = 16;
    const _: () = assert!((CheckCode::BuildRevoked as usize) < CODES, "one counter slot per code");
    static COUNTERS: [OnceLock<shared::metrics::Counter>; CODES] = [const { OnceLock::new() }; CODES];
    COUNTERS[code as usize]
        .get_or_init(|| shared::metrics::counter(&shared::metrics::LICENSE_CHECKS, &[("result", code.as_str())]))
        .increment(1);
}
