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
    /// 3 when the robot sends its account as MetaTrader knows it (server,
    /// trade mode) and verifies v3 answers; 2 when it verifies answers with
    /// its public key (`"protocol":2`); else 1 (HMAC).
    pub protocol: u8,
    /// What a v3 robot says about its account and itself (all empty below v3).
    pub terminal: TerminalFacts,
    /// A personal build names its license and its mark (decision 0015); the
    /// e-mail is then empty and the license decides.
    pub build: Option<BuildClaim>,
}

/// What a protocol-3 robot says of the account it runs on and of itself
/// (docs/license-signature.md, "Protocol v3").
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TerminalFacts {
    /// `ACCOUNT_SERVER`, trimmed: signed back, so it is never empty in v3.
    pub server: Option<String>,
    /// `ACCOUNT_COMPANY`, cut to 128 characters (not signed).
    pub company: Option<String>,
    /// `ACCOUNT_TRADE_MODE`; `Unknown` below v3.
    pub kind: AccountKind,
    /// `TERMINAL_BUILD`.
    pub terminal_build: Option<i32>,
    /// `RF_VERSION_TAG`: which published version is running.
    pub version_tag: Option<String>,
}

/// What kind of account MetaTrader says it is (`ACCOUNT_TRADE_MODE`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum AccountKind {
    Real,
    Demo,
    Contest,
    /// A robot below protocol 3 does not say: counted like a real account.
    #[default]
    Unknown,
}

impl AccountKind {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountKind::Real => "real",
            AccountKind::Demo => "demo",
            AccountKind::Contest => "contest",
            AccountKind::Unknown => "unknown",
        }
    }

    pub fn parse(text: &str) -> Option<AccountKind> {
        match text {
            "real" => Some(AccountKind::Real),
            "demo" => Some(AccountKind::Demo),
            "contest" => Some(AccountKind::Contest),
            "unknown" => Some(AccountKind::Unknown),
            _ => None,
        }
    }

    /// From the request: the names, or MQL5's enum values 0/1/2; anything
    /// else is real (a robot that cannot say is not given the demo rules).
    fn of_json(value: Option<&serde_json::Value>) -> AccountKind {
        match value {
            Some(serde_json::Value::String(s)) => match s.trim().to_ascii_lowercase().as_str() {
                "demo" => AccountKind::Demo,
                "contest" => AccountKind::Contest,
                _ => AccountKind::Real,
            },
            Some(serde_json::Value::Number(n)) => match n.as_u64() {
                Some(0) => AccountKind::Demo,
                Some(1) => AccountKind::Contest,
                _ => AccountKind::Real,
            },
            _ => AccountKind::Real,
        }
    }
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

    /// The cache key's identity: the buyer's, and the running version's
    /// tag (the facts name that version; a tab is in no e-mail or tag).
    pub fn cache_key(&self) -> String {
        match &self.terminal.version_tag {
            Some(tag) => format!("{}\t{tag}", self.cache_identity()),
            None => self.cache_identity(),
        }
    }

    /// The account as the throttle and the seats know it: the login, and
    /// the server in lower case ("" for a robot below v3, which cannot say).
    pub fn account_key(&self) -> (u64, String) {
        (self.account, self.terminal.server.as_deref().unwrap_or("").to_lowercase())
    }

    /// The server signed back in v3 ("" below v3 or when unreadable).
    pub fn signed_server(&self) -> &str {
        self.terminal.server.as_deref().unwrap_or("")
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedRobot {
    pub robot_id: Uuid,
    pub tenant_id: Uuid,
    /// The account, when readable; a refusal is signed over 0 otherwise.
    pub account: Option<u64>,
    pub protocol: u8,
    /// The server, when well-formed; a refusal is signed over "" otherwise.
    pub server: Option<String>,
}

impl RejectedRequest {
    /// The request a signed refusal is built from: the robot's facts are
    /// read for it (no e-mail, so no buyer is looked up) and the signature
    /// covers its nonce, robot and account. None when no robot was named or
    /// the nonce was malformed.
    pub fn signable(&self) -> Option<CheckRequest> {
        let robot = self.robot.as_ref()?;
        Some(CheckRequest {
            email: String::new(),
            account: robot.account.unwrap_or(0),
            robot_id: robot.robot_id,
            tenant_id: robot.tenant_id,
            nonce: self.nonce.clone()?,
            protocol: robot.protocol,
            terminal: TerminalFacts { server: robot.server.clone(), ..TerminalFacts::default() },
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
        #[serde(default, borrow)]
        server: Option<std::borrow::Cow<'a, str>>,
        #[serde(default, borrow)]
        company: Option<std::borrow::Cow<'a, str>>,
        #[serde(default, rename = "tradeMode")]
        trade_mode: Option<serde_json::Value>,
        #[serde(default, rename = "terminalBuild")]
        terminal_build: Option<serde_json::Value>,
        #[serde(default, rename = "versionTag", borrow)]
        version_tag: Option<std::borrow::Cow<'a, str>>,
    }
    let raw: Raw = serde_json::from_slice(body).map_err(|_| read_what_names_the_robot(body))?;
    let uuid = |v: &Option<std::borrow::Cow<'_, str>>| v.as_deref().and_then(|s| Uuid::parse_str(s.trim()).ok());
    let account = read_account(raw.mt_account.as_ref());
    let protocol = read_protocol(raw.protocol.as_ref());
    let server = raw.server.as_deref().and_then(read_server);
    let named = match (uuid(&raw.robot_id), uuid(&raw.tenant_id)) {
        (Some(robot_id), Some(tenant_id)) => {
            Some(NamedRobot { robot_id, tenant_id, account, protocol, server: server.clone() })
        }
        _ => None,
    };
    let nonce = match raw.nonce {
        None => String::new(),
        Some(n) if valid_nonce(&n) => n.into_owned(),
        Some(_) => return Err(RejectedRequest { nonce: None, robot: named }),
    };
    let fail = || RejectedRequest { nonce: Some(nonce.clone()), robot: named.clone() };
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
    let terminal = if protocol >= 3 {
        // The server is signed back: one that could shift the signed fields,
        // or none at all, makes the request unreadable.
        if server.is_none() {
            return Err(fail());
        }
        TerminalFacts {
            server,
            company: raw.company.as_deref().map(|c| c.trim().chars().filter(|c| !c.is_control()).take(128).collect()),
            kind: AccountKind::of_json(raw.trade_mode.as_ref()),
            terminal_build: raw
                .terminal_build
                .as_ref()
                .and_then(serde_json::Value::as_i64)
                .and_then(|b| i32::try_from(b).ok()),
            version_tag: raw.version_tag.as_deref().map(str::trim).filter(|t| valid_version_tag(t)).map(str::to_string),
        }
    } else {
        TerminalFacts::default()
    };
    Ok(CheckRequest { email, account, robot_id, tenant_id, nonce, protocol, terminal, build })
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
            server: fields.get("server").and_then(|v| v.as_str()).and_then(read_server),
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

/// 3 or 2 when the robot asks for them, else 1 (HMAC).
fn read_protocol(value: Option<&serde_json::Value>) -> u8 {
    match value.and_then(serde_json::Value::as_u64) {
        Some(3) => 3,
        Some(2) => 2,
        _ => 1,
    }
}

/// A trade server's name, trimmed: 1–64 characters, none of them `|` or a
/// control character (it is signed between `|`s). None otherwise.
fn read_server(text: &str) -> Option<String> {
    let text = text.trim();
    let fits = !text.is_empty() && text.chars().count() <= 64;
    (fits && !text.chars().any(|c| c == '|' || c.is_control())).then(|| text.to_string())
}

/// The tag injected into a robot (`RF_VERSION_TAG`): 16 lower-case hex digits.
fn valid_version_tag(tag: &str) -> bool {
    tag.len() == 16 && tag.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
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
        assert_eq!(protocol(r#","protocol":3,"server":"XPMT5-DEMO""#), 3);
        assert_eq!(protocol(r#","protocol":4"#), 1);
        assert_eq!(protocol(r#","protocol":"2""#), 1);
    }

    #[test]
    fn a_v3_robot_says_its_server_trade_mode_build_and_version() {
        let request = parse_request(
            body(r#","email":"a@x.com","protocol":3,"server":" XPMT5-Demo ","company":"XP\u0007 Inv","tradeMode":"demo","terminalBuild":4755,"versionTag":"3f1c0a9b7d2e4c6f""#)
                .as_bytes(),
        )
        .unwrap();
        let t = &request.terminal;
        assert_eq!(
            (t.server.as_deref(), t.company.as_deref(), t.kind),
            (Some("XPMT5-Demo"), Some("XP Inv"), AccountKind::Demo)
        );
        assert_eq!((t.terminal_build, t.version_tag.as_deref()), (Some(4755), Some("3f1c0a9b7d2e4c6f")));
        assert_eq!(request.account_key(), (51234567, "xpmt5-demo".to_string()));
        assert_eq!(request.signed_server(), "XPMT5-Demo");
        let kind = |mode: &str| {
            let extra = format!(r#","email":"a@x.com","protocol":3,"server":"S","tradeMode":{mode}"#);
            parse_request(body(&extra).as_bytes()).unwrap().terminal.kind
        };
        assert_eq!(
            (kind("1"), kind("2"), kind(r#""contest""#), kind(r#""x""#)),
            (AccountKind::Contest, AccountKind::Real, AccountKind::Contest, AccountKind::Real)
        );
        // A server that could shift the signed fields, or none, is no request; a bad tag is no tag.
        let refused =
            |server: &str| parse_request(body(&format!(r#","email":"a@x.com","protocol":3{server}"#)).as_bytes());
        assert!(refused(r#","server":"A|B""#).is_err());
        assert!(refused(r#","server":"  ""#).is_err());
        assert!(refused("").is_err());
        assert!(refused(&format!(r#","server":"{}""#, "s".repeat(65))).is_err());
        assert_eq!(refused(r#","server":"A|B""#).unwrap_err().signable().map(|r| r.terminal.server), Some(None));
        let bad_tag = body(r#","email":"a@x.com","protocol":3,"server":"S","versionTag":"XYZ""#);
        assert_eq!(parse_request(bad_tag.as_bytes()).unwrap().terminal.version_tag, None);
        // Below v3 nothing of it is read: a v2 robot's account is its login alone.
        let v2 = parse_request(body(r#","email":"a@x.com","protocol":2,"server":"S","tradeMode":"demo""#).as_bytes())
            .unwrap();
        assert_eq!((v2.terminal.server, v2.terminal.kind), (None, AccountKind::Unknown));
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
        let robot = nul.robot.clone().expect("the robot is named");
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
