//! The MQL5 side of licensing: the default authentication template, the
//! injection that puts it into a tenant's Expert Advisor, and the string the
//! license check signs (see `docs/license-signature.md`).
//!
//! Plain `std` on purpose: the compile agent links this module too, and the
//! server does the HMAC itself over [`signed_string`].

pub mod directives;
mod encoding;
mod injection;
mod lexer;
mod source_lines;
pub mod static_checks;
mod template;

pub use directives::{check_directives, loads_dll, DirectivePolicy, DirectiveRefusal};
pub use encoding::{decode_source, encode_source};
pub use injection::{inject, license_protocol_in, AUTH_BEGIN_MARKER, AUTH_END_MARKER, AUTH_WIRE_MARKER};
pub use source_lines::original_line;
pub use template::{protocol_of, render_template, validate_template, PLACEHOLDERS, REQUIRED_PLACEHOLDERS};

use std::fmt;

/// The template seeded as the active `robot_auth_template`.
pub const DEFAULT_AUTH_TEMPLATE: &str = include_str!("auth_template.mq5");

/// Version tag at the head of the v1 (HMAC) signed string.
pub const SIGNATURE_VERSION: &str = "v1";

/// What the template's placeholders become for one robot.
#[derive(Clone, Copy)]
pub struct InjectionValues<'a> {
    /// Full URL of `POST /api/webhooks/validate-license`.
    pub auth_url: &'a str,
    pub tenant_id: &'a str,
    pub tenant_domain: &'a str,
    pub robot_id: &'a str,
    /// The robot's 64-hex-character license signing key (protocol v1
    /// templates only: the default template never carries it).
    pub signing_key: &'a str,
    /// The robot's Ed25519 public key, 64 hex characters (protocol v2).
    pub public_key: &'a str,
    pub lapse_policy: LapsePolicy,
}

/// What a robot does when its license lapses (a signed denial, or the
/// offline grace period running out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LapsePolicy {
    /// It stops (ExpertRemove): imported robots, whose code we did not write.
    Stop,
    /// It keeps managing open positions and opens none
    /// (`RF_CanOpenPositions()`): factory robots, generated to call it.
    Manage,
}

impl LapsePolicy {
    pub fn as_str(self) -> &'static str {
        match self {
            LapsePolicy::Stop => "stop",
            LapsePolicy::Manage => "manage",
        }
    }
}

// The signing key must never reach a log line through `{:?}`.
impl fmt::Debug for InjectionValues<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InjectionValues")
            .field("auth_url", &self.auth_url)
            .field("tenant_id", &self.tenant_id)
            .field("tenant_domain", &self.tenant_domain)
            .field("robot_id", &self.robot_id)
            .field("public_key", &self.public_key)
            .field("lapse_policy", &self.lapse_policy)
            .field("signing_key", &"..")
            .finish()
    }
}

/// Why an EA could not be injected; `Display` is the pt-BR message for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InjectionError {
    EmptySource,
    NotAnExpertAdvisor,
    /// The placeholder, braces included (`{{ROBOT_ID}}`).
    MissingPlaceholder(&'static str),
    /// The template defines no function the EA could be wired to.
    MissingEntryPoint(&'static str),
    /// The function whose body never closes, or `None` for the file as a whole.
    UnbalancedBraces(Option<&'static str>),
    /// A begin marker without its end marker: we cannot tell where the old block stops.
    DamagedMarkers,
    InvalidSigningKey,
    UnreadableEncoding,
}

impl fmt::Display for InjectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::EmptySource => f.write_str("O arquivo .mq5 está vazio."),
            Self::NotAnExpertAdvisor => f.write_str("O arquivo não parece ser um Expert Advisor MQL5 (falta OnTick)."),
            Self::MissingPlaceholder(placeholder) => write!(f, "O template precisa conter {placeholder}"),
            Self::MissingEntryPoint(function) => write!(f, "O template precisa definir a função {function}()."),
            Self::UnbalancedBraces(Some(function)) => {
                write!(f, "As chaves {{ }} da função {function}() não estão balanceadas.")
            }
            Self::UnbalancedBraces(None) => f.write_str("As chaves { } do arquivo não estão balanceadas."),
            Self::DamagedMarkers => write!(
                f,
                "O arquivo contém '{AUTH_BEGIN_MARKER}' sem '{AUTH_END_MARKER}'; remova o bloco de licença antigo e envie de novo."
            ),
            Self::InvalidSigningKey => {
                f.write_str("A chave de assinatura do robô é inválida (esperados 64 caracteres hexadecimais).")
            }
            Self::UnreadableEncoding => f.write_str("Não foi possível ler o arquivo .mq5 (codificação desconhecida)."),
        }
    }
}

impl std::error::Error for InjectionError {}

/// The exact text the license check signs (HMAC-SHA256, key = the ASCII bytes
/// of the robot's 64-hex signing key, hex output in lower case):
/// `v1|{nonce}|{valid}|{code}|{expiresAt}|{serverTime}|{robotId}|{mtAccount}`.
///
/// `valid` is `1` or `0`; `expires_at` `None` is written `0`; the account is
/// plain decimal, so leading zeros the client typed never change the string.
/// The robot rebuilds it from its own nonce, robot id and account plus the
/// answer's fields, so none of them may contain `|` (codes and ids never do;
/// the server refuses such a nonce).
pub fn signed_string(
    nonce: &str,
    valid: bool,
    code: &str,
    expires_at: Option<i64>,
    server_time: i64,
    robot_id: &str,
    mt_account: u64,
) -> String {
    let valid = if valid { 1 } else { 0 };
    let expires_at = expires_at.unwrap_or(0);
    format!("{SIGNATURE_VERSION}|{nonce}|{valid}|{code}|{expires_at}|{server_time}|{robot_id}|{mt_account}")
}

/// The exact text protocol v2 signs with the robot's Ed25519 key:
/// `v2|{nonce}|{valid}|{code}|{expiresAt}|{serverTime}|{robotId}|{mtAccount}|{graceSeconds}`,
/// each field as in [`signed_string`], and the offline grace period the
/// robot may run without reaching the server (seconds) signed with them.
#[allow(clippy::too_many_arguments)]
pub fn signed_string_v2(
    nonce: &str,
    valid: bool,
    code: &str,
    expires_at: Option<i64>,
    server_time: i64,
    robot_id: &str,
    mt_account: u64,
    grace_seconds: i64,
) -> String {
    // The v1 fields, under the v2 tag, and the grace after them.
    let v1 = signed_string(nonce, valid, code, expires_at, server_time, robot_id, mt_account);
    format!("v2{}|{grace_seconds}", &v1[SIGNATURE_VERSION.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;
    use hmac::{Hmac, KeyInit, Mac};
    use sha2::Sha256;

    // Worked example of docs/license-signature.md; the expected MACs come from
    // `printf '%s' "$MSG" | openssl dgst -sha256 -hmac "$KEY"` and Python's hmac.
    const KEY: &str = "5f2b8c1e9a4d7f3062e1b9c8d4a7f05e3c2b1a0918f7e6d5c4b3a29180f7e6d5";
    const NONCE: &str = "9f86d081884c7d659a2feaa0c55ad015";
    const ROBOT: &str = "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012";

    fn hmac_hex(key: &str, message: &str) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("any key length");
        mac.update(message.as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }

    #[test]
    fn signed_string_of_a_valid_answer() {
        let signed = signed_string(NONCE, true, "OK", Some(1_767_225_600), 1_764_000_000, ROBOT, 51_234_567);
        assert_eq!(signed, "v1|9f86d081884c7d659a2feaa0c55ad015|1|OK|1767225600|1764000000|0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012|51234567");
        assert_eq!(hmac_hex(KEY, &signed), "7126514e69be5f3019b3f722f1b15a13df83ea15aa1332aa7ce2166aca510b66");
    }

    #[test]
    fn signed_string_of_a_refusal_without_expiry() {
        let signed = signed_string(NONCE, false, "ACCOUNT_MISMATCH", None, 1_764_000_000, ROBOT, 51_234_567);
        assert_eq!(
            signed,
            "v1|9f86d081884c7d659a2feaa0c55ad015|0|ACCOUNT_MISMATCH|0|1764000000|0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012|51234567"
        );
        assert_eq!(hmac_hex(KEY, &signed), "6423ec8061ac028610917cf3e93d747e1e2cf02cdd898bed8455cd9b1c954a2f");
    }

    #[test]
    fn another_key_or_nonce_changes_the_signature() {
        let signed = signed_string(NONCE, true, "OK", Some(1_767_225_600), 1_764_000_000, ROBOT, 51_234_567);
        let genuine = hmac_hex(KEY, &signed);
        assert_ne!(hmac_hex(&KEY.replace('5', "6"), &signed), genuine);
        let other_nonce = signed_string("0", true, "OK", Some(1_767_225_600), 1_764_000_000, ROBOT, 51_234_567);
        assert_ne!(hmac_hex(KEY, &other_nonce), genuine);
    }

    #[test]
    fn error_messages_are_portuguese() {
        assert_eq!(
            InjectionError::NotAnExpertAdvisor.to_string(),
            "O arquivo não parece ser um Expert Advisor MQL5 (falta OnTick)."
        );
        assert_eq!(
            InjectionError::MissingPlaceholder("{{ROBOT_ID}}").to_string(),
            "O template precisa conter {{ROBOT_ID}}"
        );
        assert_eq!(
            InjectionError::UnbalancedBraces(Some("OnInit")).to_string(),
            "As chaves { } da função OnInit() não estão balanceadas."
        );
    }

    #[test]
    fn debug_output_hides_the_signing_key() {
        let values = InjectionValues {
            auth_url: "https://x/api/webhooks/validate-license",
            tenant_id: "t",
            tenant_domain: "x",
            robot_id: "r",
            signing_key: KEY,
            public_key: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
            lapse_policy: LapsePolicy::Stop,
        };
        assert!(!format!("{values:?}").contains(KEY));
    }
}
