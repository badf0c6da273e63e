//! What a check's answer is signed with, and over what: the exact strings of
//! protocol v1 (HMAC-SHA256 under the robot's signing key) and v2 (Ed25519
//! under the robot's key pair), docs/license-signature.md. The robot's
//! template (`shared/src/domain/mql5/auth_template.mq5`, `RF_SignedString`) rebuilds
//! the same string: change this file, that page and the template together.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use uuid::Uuid;

use super::{CheckCode, CheckFacts};
use crate::infrastructure::crypto::SecretBox;
use crate::infrastructure::license_keys::AnswerSigner;

/// Version tag at the head of the v1 (HMAC) signed string.
pub const SIGNATURE_VERSION: &str = "v1";

/// The exact text protocol v1 signs (HMAC-SHA256, key = the ASCII bytes
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

/// The exact text protocol v3 signs with the robot's Ed25519 key:
/// `v3|{nonce}|{valid}|{code}|{expiresAt}|{serverTime}|{robotId}|{mtAccount}|{server}|{graceSeconds}|{latestVersion}|{updateAvailable}`:
/// v2's account is a login on a trade server, and the answer says the
/// version buyers download now and whether the running one is older. The
/// server comes from the request (no `|` in it, the parser made sure).
#[allow(clippy::too_many_arguments)]
pub fn signed_string_v3(
    nonce: &str,
    valid: bool,
    code: &str,
    expires_at: Option<i64>,
    server_time: i64,
    robot_id: &str,
    mt_account: u64,
    server: &str,
    grace_seconds: i64,
    latest_version: &str,
    update_available: bool,
) -> String {
    let v1 = signed_string(nonce, valid, code, expires_at, server_time, robot_id, mt_account);
    let update = if update_available { 1 } else { 0 };
    format!("v3{}|{server}|{grace_seconds}|{latest_version}|{update}", &v1[SIGNATURE_VERSION.len()..])
}

/// Lower-case hex HMAC-SHA256 of `message` under the ASCII of `key`.
pub fn hmac_hex(key: &str, message: &str) -> String {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key.as_bytes()).expect("HMAC takes any key length");
    mac.update(message.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// The answer's fields a signature covers.
#[derive(Debug, Clone, Copy)]
pub struct SignedFields<'a> {
    pub nonce: &'a str,
    pub valid: bool,
    pub code: CheckCode,
    pub expires_at: Option<i64>,
    pub server_time: i64,
    pub robot_id: Uuid,
    pub account: u64,
    pub grace_seconds: i64,
    /// A retry-later refusal's wait (seconds): protocol v2 appends
    /// `|{retryAfter}` to the signed string for those codes only, so every
    /// other answer's string is unchanged (docs/license-signature.md).
    pub retry_after: Option<i64>,
    /// v3: the trade server the answer is about, as the request sent it.
    pub server: &'a str,
    /// v3: the version buyers download now ("" when none).
    pub latest_version: &'a str,
    /// v3: the running version is older than `latest_version`.
    pub update_available: bool,
}

impl SignedFields<'_> {
    pub fn v1(&self) -> String {
        let robot_id = self.robot_id.to_string();
        signed_string(
            self.nonce,
            self.valid,
            self.code.as_str(),
            self.expires_at,
            self.server_time,
            &robot_id,
            self.account,
        )
    }

    pub fn v2(&self) -> String {
        let robot_id = self.robot_id.to_string();
        let code = self.code.as_str();
        let signed = signed_string_v2(
            self.nonce,
            self.valid,
            code,
            self.expires_at,
            self.server_time,
            &robot_id,
            self.account,
            self.grace_seconds,
        );
        self.with_retry_after(signed)
    }

    pub fn v3(&self) -> String {
        let robot_id = self.robot_id.to_string();
        let signed = signed_string_v3(
            self.nonce,
            self.valid,
            self.code.as_str(),
            self.expires_at,
            self.server_time,
            &robot_id,
            self.account,
            self.server,
            self.grace_seconds,
            self.latest_version,
            self.update_available,
        );
        self.with_retry_after(signed)
    }

    fn with_retry_after(&self, signed: String) -> String {
        match self.retry_after {
            Some(retry_after) => format!("{signed}|{retry_after}"),
            None => signed,
        }
    }
}

/// A robot's keys, opened once (the cache keeps them beside the facts):
/// unsealing per check would cost more than the check. The default holds
/// no key (a robot whose seals cannot be opened).
#[derive(Default)]
pub struct RobotKeys {
    /// The robot's signing key in clear (protocol v1).
    hmac_key: Option<String>,
    /// The robot's Ed25519 signer (protocol v2).
    signer: Option<AnswerSigner>,
}

impl RobotKeys {
    /// None in a half when its seal cannot be opened (SECRETS_KEY changed)
    /// or, for v2, the robot has no key pair yet.
    pub fn open(secrets: &SecretBox, facts: &CheckFacts) -> Self {
        RobotKeys {
            hmac_key: secrets.open(&facts.signing_key),
            signer: facts.private_key.as_deref().and_then(|sealed| AnswerSigner::open(secrets, sealed)),
        }
    }

    /// The signature the robot speaking `protocol` verifies; None when the
    /// key it needs could not be opened.
    pub fn sign(&self, protocol: u8, fields: &SignedFields) -> Option<String> {
        match protocol {
            3 => self.signer.as_ref().map(|signer| signer.sign(&fields.v3())),
            2 => self.signer.as_ref().map(|signer| signer.sign(&fields.v2())),
            _ => self.hmac_key.as_deref().map(|key| hmac_hex(key, &fields.v1())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Worked examples of docs/license-signature.md; the expected MACs come from
    // `printf '%s' "$MSG" | openssl dgst -sha256 -hmac "$KEY"` and Python's hmac,
    // the Ed25519 signatures from Python's `cryptography` (RFC 8032 TEST 1 key).
    const KEY: &str = "5f2b8c1e9a4d7f3062e1b9c8d4a7f05e3c2b1a0918f7e6d5c4b3a29180f7e6d5";
    const SEED: &str = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
    const NONCE: &str = "9f86d081884c7d659a2feaa0c55ad015";
    const ROBOT: &str = "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012";

    fn fields(valid: bool, code: CheckCode, expires_at: Option<i64>) -> SignedFields<'static> {
        SignedFields {
            nonce: NONCE,
            valid,
            code,
            expires_at,
            server_time: 1_764_000_000,
            robot_id: Uuid::parse_str(ROBOT).unwrap(),
            account: 51_234_567,
            grace_seconds: 86_400,
            retry_after: None,
            server: "XPMT5-DEMO",
            latest_version: "1.4.0",
            update_available: true,
        }
    }

    fn keys() -> RobotKeys {
        let secrets = SecretBox::derived_from("test");
        RobotKeys {
            hmac_key: Some(KEY.into()),
            signer: Some(AnswerSigner::open(&secrets, &secrets.seal(SEED)).unwrap()),
        }
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
    fn v2_strings_are_v1_s_fields_under_the_v2_tag_and_the_grace() {
        assert_eq!(
            fields(true, CheckCode::Ok, Some(1_767_225_600)).v2(),
            "v2|9f86d081884c7d659a2feaa0c55ad015|1|OK|1767225600|1764000000|0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012|51234567|86400"
        );
        assert_eq!(
            fields(false, CheckCode::AccountMismatch, None).v2(),
            "v2|9f86d081884c7d659a2feaa0c55ad015|0|ACCOUNT_MISMATCH|0|1764000000|0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012|51234567|86400"
        );
    }

    #[test]
    fn a_retry_later_refusal_signs_its_wait_after_the_grace_and_nothing_else_changes() {
        let mut limited = fields(false, CheckCode::RateLimited, None);
        limited.retry_after = Some(42);
        assert_eq!(
            limited.v2(),
            "v2|9f86d081884c7d659a2feaa0c55ad015|0|RATE_LIMITED|0|1764000000|0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012|51234567|86400|42"
        );
        assert_eq!(limited.v1(), fields(false, CheckCode::RateLimited, None).v1(), "v1 robots never see a retry time");
        let waits_longer = SignedFields { retry_after: Some(4_200), ..limited };
        assert_ne!(keys().sign(2, &limited), keys().sign(2, &waits_longer), "the wait is under the signature");
    }

    #[test]
    fn each_protocol_signs_with_its_own_key_as_documented() {
        let (valid, refused) =
            (fields(true, CheckCode::Ok, Some(1_767_225_600)), fields(false, CheckCode::AccountMismatch, None));
        assert_eq!(keys().sign(1, &valid).unwrap(), "7126514e69be5f3019b3f722f1b15a13df83ea15aa1332aa7ce2166aca510b66");
        assert_eq!(
            keys().sign(1, &refused).unwrap(),
            "6423ec8061ac028610917cf3e93d747e1e2cf02cdd898bed8455cd9b1c954a2f"
        );
        assert_eq!(
            keys().sign(2, &valid).unwrap(),
            "a9ddae31d18127d4712dd43a8fe0f0e2a0bd5c0b6eb3534994561d83ec6d31aa0a0d25a1ed7382d5305a8af134bf2ef17534dcfcf78252f1a4c048d8cf98be09"
        );
        assert_eq!(
            keys().sign(2, &refused).unwrap(),
            "b4cf09de738c9ffe6f84dd5e8b56e3d294d798ce661f47e97cc04e4e3373a1fa63a20ffc14bdd31f7ff8959c254e7bdd900913cafd5a0d75cb7757470d721309"
        );
    }

    #[test]
    fn v3_worked_example() {
        let valid = fields(true, CheckCode::Ok, Some(1_767_225_600));
        assert_eq!(
            valid.v3(),
            "v3|9f86d081884c7d659a2feaa0c55ad015|1|OK|1767225600|1764000000|0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012|51234567|XPMT5-DEMO|86400|1.4.0|1"
        );
        assert_eq!(
            keys().sign(3, &valid).unwrap(),
            "4e558b8c4ef9cf83a697c2b36e59ba693c45884bced6afa00694be67dfea4816c513af57b27ae5bd6bad74940573eea2627bcfc53b9e09bf82fc97d434e88b03"
        );
        let refused = fields(false, CheckCode::DemoRefused, None);
        assert_eq!(
            keys().sign(3, &refused).unwrap(),
            "62d2b096ee99ec3984d1d8083b60245c57eb9862aace5ccfdc78a5e5ef0d6d6c0eac9eebc2b5f17edc659ad9038b2271ca6243c797af484d32ac72560da5b404"
        );
        // The same answer for the same login on another broker's server is another message.
        let elsewhere = SignedFields { server: "ClearMT5-DEMO", ..valid };
        assert_ne!(keys().sign(3, &elsewhere), keys().sign(3, &valid));
        let retry = SignedFields { retry_after: Some(120), ..fields(false, CheckCode::Throttled, None) };
        assert!(retry.v3().ends_with("|XPMT5-DEMO|86400|1.4.0|1|120"));
    }

    #[test]
    fn a_key_that_could_not_be_opened_signs_nothing() {
        let none = RobotKeys { hmac_key: None, signer: None };
        assert_eq!(none.sign(1, &fields(true, CheckCode::Ok, None)), None);
        assert_eq!(none.sign(2, &fields(true, CheckCode::Ok, None)), None);
        let secrets = SecretBox::derived_from("test");
        let facts_sealed_elsewhere = CheckFacts {
            tenant_status: crate::domain::status::TenantStatus::Active,
            robot_active: true,
            signing_key: SecretBox::derived_from("other").seal(KEY),
            private_key: Some(secrets.seal(SEED)),
            offline_grace_seconds: 0,
            binding_policy: "first_use".into(),
            client_id: None,
            client_status: None,
            license_id: None,
            license_status: None,
            expiration_date: None,
            license_hold: None,
            account_number: None,
            build_status: None,
            tenant_url: String::new(),
            live_seats: 1,
            demo_accounts: "counted".into(),
            contest_accounts: None,
            allowed_brokers: vec![],
            trial_demo_only: false,
            seat_logins: vec![],
            seat_servers: vec![],
            seat_counted: vec![],
            latest_version: None,
            running_version: None,
            running_withdrawn: false,
        };
        let opened = RobotKeys::open(&secrets, &facts_sealed_elsewhere);
        assert!(opened.hmac_key.is_none() && opened.signer.is_some());
    }
}
