//! Placeholder substitution and the admin screen's template validation.

use super::InjectionValues;

pub(super) const TENANT_AUTH_URL: &str = "{{TENANT_AUTH_URL}}";
pub(super) const TENANT_ID: &str = "{{TENANT_ID}}";
pub(super) const TENANT_DOMAIN: &str = "{{TENANT_DOMAIN}}";
pub(super) const ROBOT_ID: &str = "{{ROBOT_ID}}";
/// Protocol v1 (HMAC): the robot's shared secret. Only templates written for
/// v1 use it; the default template (v2) carries the public key instead.
pub(super) const ROBOT_SIGNING_KEY: &str = "{{ROBOT_SIGNING_KEY}}";
/// Protocol v2 (Ed25519): the robot's public key, 64 hex characters.
pub(super) const ROBOT_PUBLIC_KEY: &str = "{{ROBOT_PUBLIC_KEY}}";
/// What a lapse does: `stop` (the robot removes itself) or `manage` (it keeps
/// managing open positions and opens none).
pub(super) const LAPSE_POLICY: &str = "{{LAPSE_POLICY}}";
/// Protocol v3: 16 lower-case hex characters drawn per injection, which the
/// robot sends as `versionTag` so the server knows which version is running.
pub(super) const VERSION_TAG: &str = "{{VERSION_TAG}}";

/// Every placeholder a template may use, as the admin screen lists them.
pub const PLACEHOLDERS: [&str; 8] = [
    TENANT_AUTH_URL,
    TENANT_ID,
    TENANT_DOMAIN,
    ROBOT_ID,
    ROBOT_PUBLIC_KEY,
    LAPSE_POLICY,
    VERSION_TAG,
    ROBOT_SIGNING_KEY,
];

/// The license protocol a template speaks: 3 when it also names its version
/// (and so speaks of the account on its trade server), 2 when it verifies
/// answers with the robot's public key, else 1.
pub fn protocol_of(template: &str) -> u8 {
    if template.contains(ROBOT_PUBLIC_KEY) && template.contains(VERSION_TAG) {
        3
    } else if template.contains(ROBOT_PUBLIC_KEY) {
        2
    } else {
        1
    }
}

/// Without these the robot cannot even ask the right server about the right license.
pub const REQUIRED_PLACEHOLDERS: [&str; 3] = [TENANT_AUTH_URL, TENANT_ID, ROBOT_ID];

/// Substitutes every known placeholder in one pass (a value that itself looks
/// like a placeholder is not expanded again). Values are escaped for an MQL5
/// string literal, which is where the template puts them; unknown `{{...}}`
/// are left as they are.
pub fn render_template(template: &str, v: &InjectionValues) -> String {
    let mut out = String::with_capacity(template.len() + 256);
    let mut rest = template;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let candidate = &rest[at..];
        match PLACEHOLDERS.iter().find(|p| candidate.starts_with(**p)) {
            Some(placeholder) => {
                push_mql5_escaped(&mut out, value_of(placeholder, v));
                rest = &candidate[placeholder.len()..];
            }
            None => {
                out.push_str("{{");
                rest = &candidate[2..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn value_of<'a>(placeholder: &str, v: &InjectionValues<'a>) -> &'a str {
    match placeholder {
        TENANT_AUTH_URL => v.auth_url,
        TENANT_ID => v.tenant_id,
        TENANT_DOMAIN => v.tenant_domain,
        ROBOT_ID => v.robot_id,
        ROBOT_PUBLIC_KEY => v.public_key,
        LAPSE_POLICY => v.lapse_policy.as_str(),
        VERSION_TAG => v.version_tag,
        _ => v.signing_key,
    }
}

fn push_mql5_escaped(out: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            _ => out.push(c),
        }
    }
}

/// The problems `PATCH /api/robot-auth-template` reports, in pt-BR; empty when the code is acceptable.
pub fn validate_template(code: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if code.chars().count() < 10 {
        problems.push("Template deve ter pelo menos 10 caracteres".to_owned());
    }
    for placeholder in REQUIRED_PLACEHOLDERS {
        if !code.contains(placeholder) {
            problems.push(format!("O template precisa conter {placeholder}"));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::mql5::DEFAULT_AUTH_TEMPLATE;

    const KEY: &str = "5f2b8c1e9a4d7f3062e1b9c8d4a7f05e3c2b1a0918f7e6d5c4b3a29180f7e6d5";

    fn values() -> InjectionValues<'static> {
        InjectionValues {
            auth_url: "https://lucrobot.com.br/api/webhooks/validate-license",
            tenant_id: "0193a5b2-0000-7000-8000-00000000000a",
            tenant_domain: "lucrobot.com.br",
            robot_id: "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012",
            signing_key: KEY,
            public_key: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
            lapse_policy: crate::domain::mql5::LapsePolicy::Stop,
            version_tag: "3f1c0a9b7d2e4c6f",
        }
    }

    #[test]
    fn default_template_is_valid_and_fully_rendered() {
        assert!(validate_template(DEFAULT_AUTH_TEMPLATE).is_empty());
        for placeholder in PLACEHOLDERS {
            // The v1 signing key is for older templates: the default carries no secret.
            let wanted = placeholder != ROBOT_SIGNING_KEY;
            assert_eq!(DEFAULT_AUTH_TEMPLATE.contains(placeholder), wanted, "{placeholder}");
        }
        assert_eq!(protocol_of(DEFAULT_AUTH_TEMPLATE), 3);
        let rendered = render_template(DEFAULT_AUTH_TEMPLATE, &values());
        assert!(!rendered.contains("{{"), "a placeholder survived");
        assert!(rendered
            .contains("#define RF_AUTH_URL             \"https://lucrobot.com.br/api/webhooks/validate-license\""));
        assert!(!rendered.contains(KEY), "the signing key never reaches a v2 robot");
        assert!(rendered.contains(&format!("#define RF_PUBLIC_KEY           \"{}\"", values().public_key)));
        assert!(rendered.contains("#define RF_LAPSE_POLICY         \"stop\""));
        assert!(rendered.contains("#define RF_ROBOT_ID             \"0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012\""));
        // The exact form the version tag is read back from injected sources.
        assert!(rendered.contains("\n#define RF_VERSION_TAG \"3f1c0a9b7d2e4c6f\"\n"));
    }

    #[test]
    fn protocol_follows_the_placeholders() {
        assert_eq!(protocol_of("{{ROBOT_SIGNING_KEY}}"), 1);
        assert_eq!(protocol_of("{{ROBOT_PUBLIC_KEY}}"), 2);
        assert_eq!(protocol_of("{{ROBOT_PUBLIC_KEY}} {{VERSION_TAG}}"), 3);
    }

    #[test]
    fn default_template_carries_the_spec_behaviour() {
        let t = DEFAULT_AUTH_TEMPLATE;
        for needle in [
            "input string LicenseEmail = \"\";",
            "AccountInfoInteger(ACCOUNT_LOGIN)",
            "WebRequest(\"POST\", RF_AUTH_URL, \"Content-Type: application/json\\r\\n\", RF_TIMEOUT_MS, data, result,",
            "#define RF_TIMEOUT_MS           5000",
            // A missing e-mail is the trader's to fix, named as the input shows it.
            "Alert(RF_DenialMessage(\"MISSING_EMAIL\"));",
            "return(INIT_PARAMETERS_INCORRECT);",
            "preencha o parâmetro \\\"E-mail usado na compra\\\" (LicenseEmail)",
            "return(\"ERRO: Conta MT5 não autorizada! \" + RF_CheckList());",
            "code == \"NOT_RECOGNIZED\"",
            "return(\"https://\" + RF_TENANT_DOMAIN + \"/login\");",
            // 4014: the exact URL to allow, on the chart and in the alert.
            "\"Permitir WebRequest para as URLs listadas\\\" e \" +",
            "\"adicione \" + RF_AUTH_URL);",
            // Start-up without a verdict waits and retries; time the trader cannot move.
            "EventSetTimer(RF_WAIT_TIMER_SECONDS);",
            "GetTickCount64()",
            "TimeCurrent()",
            "bool RF_GraceHolds()",
            // Signed RATE_LIMITED/THROTTLED carry retryAfter, also over HTTP 429.
            "RF_JsonFind(names, \"retryAfter\")",
            "signed_text += \"|\" + IntegerToString(retry_after);",
            "status != 200 && status != 429",
            // The stored answer is shared by charts and terminals.
            "FILE_READ | FILE_BIN | FILE_COMMON | FILE_SHARE_READ",
            "FileMove(temp, FILE_COMMON, name, FILE_COMMON | FILE_REWRITE)",
            // A personal build shows no e-mail input.
            "#ifndef RF_LICENSE_ID\ninput string LicenseEmail = \"\";",
            "Comment(text);",
            "code == \"ACCOUNT_MISMATCH\"",
            "MQLInfoInteger(MQL_TESTER)",
            "return(INIT_FAILED);",
            "EventSetTimer(RF_RECHECK_SECONDS);",
            "#define RF_RECHECK_SECONDS      3600",
            "CryptEncode(CRYPT_HASH_SHA256",
            "void RF_Sha512(",
            "RF_SHA512_K[80]",
            "bool RF_CanOpenPositions()",
            "RF_LAPSE_POLICY == \"manage\"",
            "FILE_COMMON",
            "\"\\\"protocol\\\":\"",
            "TimeGMT()",
            "#define RF_MAX_CLOCK_SKEW       300",
            "ExpertRemove();",
            "bool RF_CheckLicense()",
            "int RF_OnInit()",
            "void RF_OnTimer()",
            "bool RF_TradingAllowed()",
            "Tools -> Options -> Expert",
            "v3|{nonce}|{valid}|{code}|{expiresAt}|{serverTime}|{robotId}|{mtAccount}|{server}|{graceSeconds}|{latestVersion}|{updateAvailable}",
            // Protocol v3: the account on its trade server, as MetaTrader knows it.
            "#define RF_PROTOCOL             3",
            "AccountInfoString(ACCOUNT_SERVER)",
            "AccountInfoString(ACCOUNT_COMPANY)",
            "AccountInfoInteger(ACCOUNT_TRADE_MODE)",
            "TerminalInfoInteger(TERMINAL_BUILD)",
            "\"\\\"versionTag\\\":\\\"\" + RF_JsonEscape(RF_VERSION_TAG)",
            "RF_JsonFind(names, \"latestVersion\")",
            "RF_JsonFind(names, \"updateAvailable\")",
            "RF_Utf8Bytes(\"v3\\n\" + nonce",
            "\"Nova versão \" + latest_version + \" disponível no portal: \" + RF_PortalUrl()",
            "code == \"DEMO_REFUSED\"",
            "code == \"TRIAL_DEMO_ONLY\"",
            "code == \"BROKER_NOT_ALLOWED\"",
            "code == \"VERSION_WITHDRAWN\"",
            "4) se todas as vagas da licença estão em uso, libere uma no portal do cliente",
        ] {
            assert!(t.contains(needle), "template lacks {needle:?}");
        }
    }

    #[test]
    fn values_are_escaped_for_an_mql5_string_literal() {
        let mut v = values();
        v.tenant_domain = "a\"b\\c\nd";
        assert_eq!(render_template("x=\"{{TENANT_DOMAIN}}\";", &v), "x=\"a\\\"b\\\\c\\nd\";");
    }

    #[test]
    fn substitution_is_single_pass_and_leaves_unknown_placeholders() {
        let mut v = values();
        v.tenant_id = "{{ROBOT_ID}}";
        assert_eq!(
            render_template("{{TENANT_ID}} {{OTHER}} {{ {{ROBOT_ID}}", &v),
            format!("{{{{ROBOT_ID}}}} {{{{OTHER}}}} {{{{ {}", v.robot_id)
        );
    }

    #[test]
    fn validation_messages() {
        assert_eq!(
            validate_template("curto"),
            vec![
                "Template deve ter pelo menos 10 caracteres".to_owned(),
                "O template precisa conter {{TENANT_AUTH_URL}}".to_owned(),
                "O template precisa conter {{TENANT_ID}}".to_owned(),
                "O template precisa conter {{ROBOT_ID}}".to_owned(),
            ]
        );
        assert_eq!(
            validate_template("// {{TENANT_AUTH_URL}} {{TENANT_ID}}"),
            vec!["O template precisa conter {{ROBOT_ID}}".to_owned()]
        );
        // Characters, not bytes: nine accented letters are still too short.
        assert_eq!(validate_template("ééééééééé")[0], "Template deve ter pelo menos 10 caracteres");
    }
}
