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
    /// Protocol 3: the login and trade server the answer is about (signed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mt_account: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
    /// The version buyers download now ("" when none; signed in protocol 3).
    pub latest_version: String,
    /// Whether the running version (named by the robot's `versionTag`) is
    /// older than `latestVersion` (signed in protocol 3).
    pub update_available: bool,
    /// The version the robot's tag names (not signed).
    pub running_version: Option<String>,
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
            mt_account: None,
            server: None,
            latest_version: String::new(),
            update_available: false,
            running_version: None,
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
        let latest_version = facts.latest_version.clone().unwrap_or_default();
        let update_available = facts.update_available();
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
            server: request.signed_server(),
            latest_version: &latest_version,
            update_available,
        };
        let signature = entry.keys.sign(request.protocol, &fields);
        if signature.is_none() {
            tracing::error!(robot = %request.robot_id, protocol = request.protocol,
                "robot key unreadable or missing: is SECRETS_KEY the one it was sealed with?");
        }
        let v3 = request.protocol >= 3;
        LicenseAnswer {
            valid,
            code: code.as_str(),
            message: message(code, facts, &request),
            expires_at,
            server_time,
            mt_account: v3.then_some(request.account),
            server: v3.then(|| request.signed_server().to_string()),
            latest_version,
            update_available,
            running_version: facts.running_version.clone(),
            license_id: facts.license_id.filter(|_| valid && request.build.is_some()),
            nonce: request.nonce,
            grace_seconds,
            signature,
            retry_after,
        }
    }
}

/// The robot user's text, saying what to do: a refusal that hides the buyer
/// or asks for a download names the client portal (the tenant's own
/// address, which tells a stranger nothing about any buyer); a broker
/// refusal names the account's server and the brokers accepted.
fn message(
    code: CheckCode,
    facts: &shared::workflows::license_check::CheckFacts,
    request: &CheckRequest,
) -> Cow<'static, str> {
    let portal = || format!("https://{}/login", shared::domain::portal::domain_of_url(&facts.tenant_url));
    match code {
        CheckCode::NotRecognized => Cow::Owned(format!("{} Portal do cliente: {}", code.message(), portal())),
        CheckCode::VersionWithdrawn => Cow::Owned(format!(
            "Esta versão do robô foi retirada pelo vendedor. Baixe a versão {} no portal do cliente: {}",
            facts.latest_version.as_deref().unwrap_or("mais recente"),
            portal()
        )),
        CheckCode::BrokerNotAllowed => Cow::Owned(format!(
            "Esta corretora não é autorizada para este robô (servidor {}). Corretoras aceitas: {}.",
            request.terminal.server.as_deref().unwrap_or("não informado: atualize o robô pelo portal do cliente"),
            facts.allowed_brokers.join(", ")
        )),
        CheckCode::Ok if facts.update_available() => Cow::Owned(format!(
            "Licença válida. Nova versão {} disponível no portal: {}",
            facts.latest_version.as_deref().unwrap_or_default(),
            portal()
        )),
        other => Cow::Borrowed(other.message()),
    }
}

/// Counts an answer by its result code (/metrics), through a handle per
/// code resolved once: no label string or recorder lookup per check.
fn count(code: CheckCode) {
    const CODES: usize = 24;
    const _: () = assert!((CheckCode::SeatsFull as usize) < CODES, "one counter slot per code");
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
