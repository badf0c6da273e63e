//! The MQL5 side of licensing: the default authentication template and the
//! injection that puts it into a tenant's Expert Advisor. The string the
//! template rebuilds and verifies is built on the server by
//! `license_check::sign` (see `docs/license-signature.md`).
//!
//! Plain `std` on purpose: the compile agent links this module too (and not
//! the license check, which sits behind the `domain` feature).

pub mod directives;
mod encoding;
mod injection;
mod lexer;
mod readings;
mod source_lines;
pub mod static_checks;
mod template;
mod version_tag;

pub use directives::{check_directives, loads_dll, DirectivePolicy, DirectiveRefusal};
pub use encoding::{decode_source, encode_source};
pub use injection::{inject, license_protocol_in, AUTH_BEGIN_MARKER, AUTH_END_MARKER, AUTH_WIRE_MARKER};
pub use source_lines::original_line;
pub use template::{protocol_of, render_template, validate_template, PLACEHOLDERS, REQUIRED_PLACEHOLDERS};
pub use version_tag::version_tag_of;

use std::fmt;

/// The template seeded as the active `robot_auth_template`.
pub const DEFAULT_AUTH_TEMPLATE: &str = include_str!("auth_template.mq5");

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
    /// Which injected version this is (protocol v3): 16 lower-case hex
    /// characters, new for every injection.
    pub version_tag: &'a str,
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
            .field("version_tag", &self.version_tag)
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
    /// Not 16 lower-case hex characters.
    InvalidVersionTag,
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
            Self::InvalidVersionTag => f.write_str(
                "A marca de versão do robô é inválida (esperados 16 caracteres hexadecimais minúsculos).",
            ),
            Self::UnreadableEncoding => f.write_str("Não foi possível ler o arquivo .mq5 (codificação desconhecida)."),
        }
    }
}

impl std::error::Error for InjectionError {}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "5f2b8c1e9a4d7f3062e1b9c8d4a7f05e3c2b1a0918f7e6d5c4b3a29180f7e6d5";

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
            version_tag: "3f1c0a9b7d2e4c6f",
        };
        assert!(!format!("{values:?}").contains(KEY));
    }
}
