//! The answer a robot reads, as JSON, and its count on /metrics.

use std::borrow::Cow;
use std::sync::OnceLock;

use serde::Serialize;
use shared::workflows::license_check::{CheckCode, CheckRequest, SignedFields, Verdict};
use utoipa::ToSchema;

use super::cache::CachedFacts;

/// The answer a robot reads.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LicenseAnswer {
    pub valid: bool,
    /// OK, INVALID_REQUEST, NOT_FOUND (unknown robot), EXPIRED, CANCELLED, SUSPENDED,
    /// ROBOT_INACTIVE, TENANT_SUSPENDED, BUILD_REVOKED, NOT_RECOGNIZED (an unknown e-mail,
    /// a license bound to another account or an unconfirmed account: the answer never
    /// tells a stranger who bought), THROTTLED or RATE_LIMITED.
    pub code: &'static str,
    /// For the robot's user, pt-BR (NOT_RECOGNIZED names the client portal).
    #[schema(value_type = String)]
    pub message: Cow<'static, str>,
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
    /// THROTTLED and RATE_LIMITED: seconds to wait before the next check
    /// (signed in protocol v2, appended to the signed string).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<i64>,
    /// The license a personal build's valid check was decided for (not
    /// signed; absent for checks by e-mail).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub license_id: Option<uuid::Uuid>,
}

// Each constructor counts the answer it builds: every answer given is on
// /metrics, and no path can forget to count.
impl LicenseAnswer {
    /// A refusal before any robot key is known: nothing to sign with.
    pub fn unsigned(verdict: Verdict, nonce: String, server_time: i64, retry_after: Option<i64>) -> Self {
        count(verdict.answer);
        LicenseAnswer {
            valid: false,
            code: verdict.answer.as_str(),
            message: Cow::Borrowed(verdict.answer.message()),
            expires_at: None,
            server_time,
            nonce,
            grace_seconds: 0,
            signature: None,
            retry_after,
            license_id: None,
        }
    }

    /// The answer to a check decided on its facts, signed with the robot's
    /// key for the protocol it speaks.
    pub fn signed(
        request: CheckRequest,
        entry: &CachedFacts,
        verdict: Verdict,
        server_time: i64,
        retry_after: Option<i64>,
    ) -> Self {
        let code = verdict.answer;
        let retry_after = retry_after.filter(|_| code.is_retry_later());
        count(code);
        let facts = &entry.facts;
        let valid = verdict.is_valid();
        let expires_at = facts.expiration_date.filter(|_| valid).map(|e| e.timestamp());
        let grace_seconds = i64::from(facts.offline_grace_seconds);
        let fields = SignedFields {
            nonce: &request.nonce,
            valid,
            code,
            expires_at,
            server_time,
            robot_id: request.robot_id,
            account: request.account,
            grace_seconds,
            retry_after,
        };
        let signature = entry.keys.sign(request.protocol, &fields);
        if signature.is_none() {
            tracing::error!(robot = %request.robot_id, protocol = request.protocol,
                "robot key unreadable or missing: is SECRETS_KEY the one it was sealed with?");
        }
        LicenseAnswer {
            valid,
            code: code.as_str(),
            message: message(code, &facts.tenant_url),
            expires_at,
            server_time,
            license_id: facts.license_id.filter(|_| valid && request.build.is_some()),
            nonce: request.nonce,
            grace_seconds,
            signature,
            retry_after,
        }
    }
}

/// The robot user's text; a refusal that hides the buyer also names the
/// client portal where they confirm their account (the tenant's own address,
/// which tells a stranger nothing about any buyer).
fn message(code: CheckCode, tenant_url: &str) -> Cow<'static, str> {
    if code != CheckCode::NotRecognized {
        return Cow::Borrowed(code.message());
    }
    let domain = shared::domain::portal::domain_of_url(tenant_url);
    Cow::Owned(format!("{} Portal do cliente: https://{domain}/login", code.message()))
}

/// Counts an answer by its result code (/metrics), through a handle per
/// code resolved once: no label string or recorder lookup per check.
fn count(code: CheckCode) {
    const CODES: usize = 16;
    const _: () = assert!((CheckCode::BuildRevoked as usize) < CODES, "one counter slot per code");
    static COUNTERS: [OnceLock<shared::infrastructure::metrics::Counter>; CODES] = [const { OnceLock::new() }; CODES];
    COUNTERS[code as usize]
        .get_or_init(|| {
            shared::infrastructure::metrics::counter(
                &shared::infrastructure::metrics::LICENSE_CHECKS,
                &[("result", code.as_str())],
            )
        })
        .increment(1);
}
