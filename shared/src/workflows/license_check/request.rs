//! What a robot sends, read by hand: any body at all becomes either a
//! well-formed request or a refusal that still carries the robot's nonce.

use uuid::Uuid;

/// A well-formed check request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckRequest {
    pub email: String,
    pub account: u64,
    pub robot_id: Uuid,
    pub tenant_id: Uuid,
    pub nonce: String,
    /// 2 when the robot verifies answers with its public key
    /// (`"protocol":2`), else 1 (HMAC).
    pub protocol: u8,
    /// A personal build names its license and its mark (decision 0015); the
    /// e-mail is then empty and the license decides.
    pub build: Option<BuildClaim>,
}

/// The license and mark a personal build sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildClaim {
    pub license_id: Uuid,
    pub build_mark: String,
}

impl CheckRequest {
    /// What this check's answer is cached under, with the tenant and the
    /// robot: the e-mail, or for a personal build its license and mark (a
    /// space cannot be in a parsed e-mail's key, so the two never meet).
    pub fn cache_identity(&self) -> String {
        match &self.build {
            Some(build) => format!("build {} {}", build.license_id, build.build_mark),
            None => self.email.clone(),
        }
    }
}

/// A body that is not a check, with what could still be read of it: the
/// nonce (when well-formed) and the robot it names, so that the refusal can
/// be signed for the robot that asked (docs/license-signature.md).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RejectedRequest {
    /// The nonce to echo and sign; None when the body had a malformed one
    /// (it could shift the signed fields), the empty string when it had none.
    pub nonce: Option<String>,
    /// The robot and tenant named, when both were readable ids.
    pub robot: Option<NamedRobot>,
}

/// What a rejected body said about its robot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedRobot {
    pub robot_id: Uuid,
    pub tenant_id: Uuid,
    /// The account, when readable; a refusal is signed over 0 otherwise.
    pub account: Option<u64>,
    pub protocol: u8,
}

impl RejectedRequest {
    /// The request a signed refusal is built from: the robot's facts are
    /// read for it (no e-mail, so no buyer is looked up) and the signature
    /// covers its nonce, robot and account. None when no robot was named or
    /// the nonce was malformed.
    pub fn signable(&self) -> Option<CheckRequest> {
        let robot = self.robot?;
        Some(CheckRequest {
            email: String::new(),
            account: robot.account.unwrap_or(0),
            robot_id: robot.robot_id,
            tenant_id: robot.tenant_id,
            nonce: self.nonce.clone()?,
            protocol: robot.protocol,
            build: None,
        })
    }
}

/// Reads a request body by hand: any JSON a robot (or anyone) sends becomes
/// either a request or a [`RejectedRequest`] carrying what could be read.
pub fn parse_request(body: &[u8]) -> Result<CheckRequest, RejectedRequest> {
    // Typed, borrowed where possible: this runs on every check.
    #[derive(serde::Deserialize)]
    struct Raw<'a> {
        #[serde(default, borrow)]
        email: Option<std::borrow::Cow<'a, str>>,
        #[serde(default, rename = "mtAccount")]
        mt_account: Option<serde_json::Value>,
        #[serde(default, rename = "robotId", borrow)]
        robot_id: Option<std::borrow::Cow<'a, str>>,
        #[serde(default, rename = "tenantId", borrow)]
        tenant_id: Option<std::borrow::Cow<'a, str>>,
        #[serde(default, borrow)]
        nonce: Option<std::borrow::Cow<'a, str>>,
        #[serde(default)]
        protocol: Option<serde_json::Value>,
        #[serde(default, rename = "licenseId", borrow)]
        license_id: Option<std::borrow::Cow<'a, str>>,
        #[serde(default, rename = "buildMark", borrow)]
        build_mark: Option<std::borrow::Cow<'a, str>>,
    }
    let raw: Raw = serde_json::from_slice(body).map_err(|_| read_what_names_the_robot(body))?;
    let uuid = |v: &Option<std::borrow::Cow<'_, str>>| v.as_deref().and_then(|s| Uuid::parse_str(s.trim()).ok());
    let account = read_account(raw.mt_account.as_ref());
    let protocol = read_protocol(raw.protocol.as_ref());
    let named = match (uuid(&raw.robot_id), uuid(&raw.tenant_id)) {
        (Some(robot_id), Some(tenant_id)) => Some(NamedRobot { robot_id, tenant_id, account, protocol }),
        _ => None,
    };
    let nonce = match raw.nonce {
        None => String::new(),
        Some(n) if valid_nonce(&n) => n.into_owned(),
        Some(_) => return Err(RejectedRequest { nonce: None, robot: named }),
    };
    let fail = || RejectedRequest { nonce: Some(nonce.clone()), robot: named };
    // Both or neither: a personal build sends its license and its mark.
    let build = match (raw.license_id, raw.build_mark) {
        (None, None) => None,
        (Some(license), Some(mark)) => {
            let license_id = Uuid::parse_str(license.trim()).map_err(|_| fail())?;
            let build_mark = mark.trim().to_ascii_lowercase();
            if build_mark.len() != 32 || !build_mark.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(fail());
            }
            Some(BuildClaim { license_id, build_mark })
        }
        _ => return Err(fail()),
    };
    let email = match (raw.email, &build) {
        (Some(e), _) => e.trim().to_lowercase(),
        (None, Some(_)) => String::new(),
        (None, None) => return Err(fail()),
    };
    // No e-mail holds a control character, and PostgreSQL cannot even store
    // a NUL: refused here, so it never reaches a query.
    if (build.is_none() && email.is_empty()) || email.len() > 254 || email.chars().any(char::is_control) {
        return Err(fail());
    }
    let account = account.ok_or_else(fail)?;
    let (Some(robot_id), Some(tenant_id)) = (uuid(&raw.robot_id), uuid(&raw.tenant_id)) else {
        return Err(fail());
    };
    Ok(CheckRequest { email, account, robot_id, tenant_id, nonce, protocol, build })
}

/// A body whose fields have the wrong types (`"email": 1`): what names the
/// robot is read loosely, so its refusal can still be signed. Only refused
/// bodies get here.
fn read_what_names_the_robot(body: &[u8]) -> RejectedRequest {
    let Ok(serde_json::Value::Object(fields)) = serde_json::from_slice::<serde_json::Value>(body) else {
        return RejectedRequest::default();
    };
    let uuid = |name: &str| fields.get(name).and_then(|v| v.as_str()).and_then(|s| Uuid::parse_str(s.trim()).ok());
    let nonce = match fields.get("nonce") {
        None => Some(String::new()),
        Some(serde_json::Value::String(n)) if valid_nonce(n) => Some(n.clone()),
        Some(_) => None,
    };
    let robot = match (uuid("robotId"), uuid("tenantId")) {
        (Some(robot_id), Some(tenant_id)) => Some(NamedRobot {
            robot_id,
            tenant_id,
            account: read_account(fields.get("mtAccount")),
            protocol: read_protocol(fields.get("protocol")),
        }),
        _ => None,
    };
    RejectedRequest { nonce, robot }
}

fn read_account(value: Option<&serde_json::Value>) -> Option<u64> {
    match value {
        Some(serde_json::Value::Number(n)) => n.as_u64(),
        Some(serde_json::Value::String(s)) => parse_account(s),
        _ => None,
    }
    .filter(|a| *a > 0)
}

/// 2 when the robot verifies answers with its public key, else 1 (HMAC).
fn read_protocol(value: Option<&serde_json::Value>) -> u8 {
    match value.and_then(serde_json::Value::as_u64) {
        Some(2) => 2,
        _ => 1,
    }
}

/// An MT account as a number: digits only (surrounding spaces allowed);
/// leading zeros do not make another account.
pub fn parse_account(text: &str) -> Option<u64> {
    let text = text.trim();
    if text.is_empty() || text.len() > 20 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn valid_nonce(nonce: &str) -> bool {
    nonce.len() <= 128 && nonce.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROBOT: &str = "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012";

    /// The nonce a refused body leaves to sign with.
    fn refused_nonce(body: &[u8]) -> Option<String> {
        parse_request(body).expect_err("refused").nonce
    }
    const TENANT: &str = "0193a5b2-0000-7000-8000-00000000000a";

    #[test]
    fn requests_parse_accounts_as_numbers_and_refuse_garbage() {
        let ok = |body: &str| parse_request(body.as_bytes()).unwrap();
        let r = ok(
            r#"{"email":" Ana@X.com ","mtAccount":"000123","robotId":"0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012","tenantId":"0193a5b2-0000-7000-8000-00000000000a","nonce":"ab_c-1"}"#,
        );
        assert_eq!((r.email.as_str(), r.account, r.nonce.as_str()), ("ana@x.com", 123, "ab_c-1"));
        let n = ok(
            r#"{"email":"a@x.com","mtAccount":123,"robotId":"0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012","tenantId":"0193a5b2-0000-7000-8000-00000000000a"}"#,
        );
        assert_eq!(n.account, 123);
        assert_eq!(refused_nonce(b"{"), None);
        assert_eq!(refused_nonce(br#"{"nonce":"a|b"}"#), None);
        assert_eq!(refused_nonce(br#"{"nonce":"abc","email":"a@x.com","mtAccount":"12a"}"#), Some("abc".into()));
        assert_eq!(refused_nonce(br#"{"email":"a@x.com","mtAccount":-5}"#), Some(String::new()));
        assert_eq!(parse_account(" 0051234567 "), Some(51234567));
        assert_eq!(parse_account("1e5"), None);
    }

    fn body(extra: &str) -> String {
        format!(r#"{{"mtAccount":51234567,"robotId":"{ROBOT}","tenantId":"{TENANT}","nonce":"n1"{extra}}}"#)
    }

    #[test]
    fn protocol_2_is_asked_for_and_anything_else_is_1() {
        let protocol =
            |extra: &str| parse_request(body(&format!(r#","email":"a@x.com"{extra}"#)).as_bytes()).unwrap().protocol;
        assert_eq!(protocol(r#","protocol":2"#), 2);
        assert_eq!(protocol(""), 1);
        assert_eq!(protocol(r#","protocol":3"#), 1);
        assert_eq!(protocol(r#","protocol":"2""#), 1);
    }

    #[test]
    fn a_personal_build_names_its_license_and_mark_and_needs_no_e_mail() {
        let license = "0193a5b2-1111-7000-8000-000000000001";
        let mark = "0123456789ABCDEF0123456789abcdef";
        let request =
            parse_request(body(&format!(r#","licenseId":"{license}","buildMark":" {mark} ""#)).as_bytes()).unwrap();
        let build = request.build.clone().expect("a personal build");
        assert_eq!(build.license_id.to_string(), license);
        assert_eq!(build.build_mark, mark.to_ascii_lowercase());
        assert_eq!(request.email, "");
        assert_eq!(request.cache_identity(), format!("build {license} {}", mark.to_ascii_lowercase()));
        // Both or neither, a mark of 32 hex digits, and still the nonce to sign the refusal with.
        let refused = |extra: String| parse_request(body(&extra).as_bytes());
        assert_eq!(refused(format!(r#","licenseId":"{license}""#)).unwrap_err().nonce, Some("n1".into()));
        assert_eq!(
            refused(format!(r#","licenseId":"{license}","buildMark":"abc""#)).unwrap_err().nonce,
            Some("n1".into())
        );
        assert_eq!(refused(format!(r#","licenseId":"x","buildMark":"{mark}""#)).unwrap_err().nonce, Some("n1".into()));
    }

    #[test]
    fn a_check_by_e_mail_is_cached_under_the_e_mail_and_needs_one() {
        let request = parse_request(body(r#","email":"Ana@X.com""#).as_bytes()).unwrap();
        assert_eq!((request.cache_identity().as_str(), request.build.is_none()), ("ana@x.com", true));
        assert_eq!(refused_nonce(body("").as_bytes()), Some("n1".into()));
        assert_eq!(refused_nonce(body(r#","email":"  ""#).as_bytes()), Some("n1".into()));
        let long = format!(r#","email":"{}@x.com""#, "a".repeat(250));
        assert_eq!(refused_nonce(body(&long).as_bytes()), Some("n1".into()));
    }

    #[test]
    fn a_nonce_that_could_shift_the_signed_fields_is_no_nonce() {
        let with_nonce = |nonce: &str| {
            format!(
                r#"{{"email":"a@x.com","mtAccount":1,"robotId":"{ROBOT}","tenantId":"{TENANT}","nonce":"{nonce}"}}"#
            )
        };
        assert!(parse_request(with_nonce(&"a".repeat(128)).as_bytes()).is_ok());
        assert_eq!(refused_nonce(with_nonce(&"a".repeat(129)).as_bytes()), None);
        assert_eq!(refused_nonce(with_nonce("a b").as_bytes()), None);
        assert_eq!(parse_request(with_nonce("").as_bytes()).unwrap().nonce, "");
    }

    #[test]
    fn a_refused_body_still_names_its_robot_to_sign_for() {
        let refused = |extra: &str| parse_request(body(extra).as_bytes()).expect_err("refused");
        let nul = refused(r#","email":"a\u0000@x.com""#);
        let robot = nul.robot.expect("the robot is named");
        assert_eq!((robot.robot_id.to_string().as_str(), robot.account), (ROBOT, Some(51234567)));
        let signable = nul.signable().expect("signable");
        assert_eq!((signable.email.as_str(), signable.nonce.as_str(), signable.account), ("", "n1", 51234567));
        assert!(refused(r#","email":"a\u0007b@x.com""#).signable().is_some(), "any control character");
        // Wrong types are read loosely, for the refusal only.
        let typed_wrong = refused(r#","email":1,"protocol":2"#);
        assert_eq!(typed_wrong.robot.map(|r| r.protocol), Some(2));
        assert_eq!(typed_wrong.nonce.as_deref(), Some("n1"));
        // A malformed nonce leaves nothing to sign; no robot, nothing to sign with.
        let bad_nonce =
            format!(r#"{{"email":"a@x.com","mtAccount":1,"robotId":"{ROBOT}","tenantId":"{TENANT}","nonce":"a|b"}}"#);
        assert!(parse_request(bad_nonce.as_bytes()).unwrap_err().signable().is_none());
        assert!(parse_request(br#"{"email":"a\u0000@x.com","mtAccount":1}"#).unwrap_err().signable().is_none());
        assert!(parse_request(b"{").unwrap_err().signable().is_none());
    }
}
