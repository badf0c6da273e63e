//! The transactional e-mails, with pt-BR defaults a tenant may replace
//! (`tenants.email_templates`: `{ "welcome": "<html>", ... }`; the kinds a
//! tenant switched off are listed under `"switchedOff"`). Variables are
//! written `{{name}}` and substituted HTML-escaped; an unknown variable
//! becomes empty text, so a typo in a tenant's template never shows braces
//! to a buyer.

use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmailTemplate {
    Welcome,
    SaleConfirmation,
    PasswordReset,
    SubscriptionConfirmation,
    /// The owner published a new version of a robot the buyer licenses
    /// (`workflows::version_announcement`). Editable, and the one kind an
    /// owner may switch off: an update notice is a courtesy, the others
    /// carry access or payment facts.
    NewVersion,
    /// The code that proves a buyer's e-mail before a purchase-id sign-in.
    /// The platform's own text: not editable by tenants (not in `ALL`).
    SignInCode,
    /// A license ends in three days (the expiry job). Platform text too.
    LicenseEnding,
    /// An owner invited to the tenant's team: the link sets the password and
    /// proves the e-mail. Platform text: no owner can edit what another
    /// owner's link arrives in.
    OwnerInvitation,
    /// An owner's own password reset. Platform text, for the same reason
    /// (the tenants' `passwordReset` template stays for clients).
    OwnerPasswordReset,
}

impl EmailTemplate {
    pub const ALL: [EmailTemplate; 5] = [
        EmailTemplate::Welcome,
        EmailTemplate::SaleConfirmation,
        EmailTemplate::PasswordReset,
        EmailTemplate::SubscriptionConfirmation,
        EmailTemplate::NewVersion,
    ];

    /// The kinds an owner may switch off.
    pub const SWITCHABLE: [EmailTemplate; 1] = [EmailTemplate::NewVersion];

    /// Whether the tenant switched this kind off (`stored`: its
    /// `tenants.email_templates`). Kinds that cannot be switched off never are.
    pub fn switched_off_in(self, stored: &serde_json::Value) -> bool {
        Self::SWITCHABLE.contains(&self)
            && stored
                .get(SWITCHED_OFF_KEY)
                .and_then(serde_json::Value::as_array)
                .is_some_and(|off| off.iter().any(|k| k.as_str() == Some(self.key())))
    }

    /// The key in `tenants.email_templates` and the API.
    pub fn key(self) -> &'static str {
        match self {
            EmailTemplate::Welcome => "welcome",
            EmailTemplate::SaleConfirmation => "saleConfirmation",
            EmailTemplate::PasswordReset => "passwordReset",
            EmailTemplate::SubscriptionConfirmation => "subscriptionConfirmation",
            EmailTemplate::NewVersion => "newVersion",
            EmailTemplate::SignInCode => "signInCode",
            EmailTemplate::LicenseEnding => "licenseEnding",
            EmailTemplate::OwnerInvitation => "ownerInvitation",
            EmailTemplate::OwnerPasswordReset => "ownerPasswordReset",
        }
    }

    /// The template stored under `key` (the outbox's `template`).
    pub fn from_key(key: &str) -> Option<Self> {
        [
            EmailTemplate::Welcome,
            EmailTemplate::SaleConfirmation,
            EmailTemplate::PasswordReset,
            EmailTemplate::SubscriptionConfirmation,
            EmailTemplate::NewVersion,
            EmailTemplate::SignInCode,
            EmailTemplate::LicenseEnding,
            EmailTemplate::OwnerInvitation,
            EmailTemplate::OwnerPasswordReset,
        ]
        .into_iter()
        .find(|t| t.key() == key)
    }

    /// What the owner's e-mail log calls it (pt-BR).
    pub fn label(self) -> &'static str {
        match self {
            EmailTemplate::Welcome => "Boas-vindas (acesso)",
            EmailTemplate::SaleConfirmation => "Confirmação de compra",
            EmailTemplate::PasswordReset => "Redefinição de senha",
            EmailTemplate::SubscriptionConfirmation => "Confirmação de assinatura",
            EmailTemplate::NewVersion => "Nova versão",
            EmailTemplate::SignInCode => "Código de acesso",
            EmailTemplate::LicenseEnding => "Licença terminando",
            EmailTemplate::OwnerInvitation => "Convite para a equipe",
            EmailTemplate::OwnerPasswordReset => "Redefinição de senha (equipe)",
        }
    }

    /// Variables whose values are live secrets: never stored in clear
    /// (`email::queue_sealed`).
    pub fn secret_variables(self) -> &'static [&'static str] {
        match self {
            EmailTemplate::PasswordReset => &["resetLink"],
            EmailTemplate::SignInCode => &["code"],
            EmailTemplate::OwnerInvitation => &["inviteLink"],
            EmailTemplate::OwnerPasswordReset => &["resetLink"],
            _ => &[],
        }
    }

    /// The variables the spec lists for the template.
    pub fn variables(self) -> &'static [&'static str] {
        match self {
            EmailTemplate::Welcome => {
                &["tenantName", "clientName", "robotName", "downloadUrl", "contactEmail", "email", "purchaseId"]
            }
            EmailTemplate::SaleConfirmation => {
                &["tenantName", "clientName", "robotName", "amount", "transactionId", "contactEmail"]
            }
            EmailTemplate::PasswordReset => &["tenantName", "ownerName", "resetLink"],
            EmailTemplate::SubscriptionConfirmation => {
                &["tenantName", "clientName", "amount", "recurrence", "nextChargeDate", "contactEmail"]
            }
            EmailTemplate::NewVersion => {
                &["tenantName", "clientName", "robotName", "version", "releaseNotes", "portalUrl", "contactEmail"]
            }
            EmailTemplate::SignInCode => &["tenantName", "clientName", "code"],
            EmailTemplate::OwnerInvitation => &["tenantName", "ownerName", "invitedBy", "role", "inviteLink"],
            EmailTemplate::OwnerPasswordReset => &["tenantName", "ownerName", "resetLink"],
            EmailTemplate::LicenseEnding => {
                &["tenantName", "clientName", "robotName", "expirationDate", "portalUrl", "contactEmail"]
            }
        }
    }

    pub fn subject(self) -> &'static str {
        match self {
            EmailTemplate::Welcome => "Bem-vindo(a) à {{tenantName}}",
            EmailTemplate::SaleConfirmation => "Compra confirmada: {{robotName}}",
            EmailTemplate::PasswordReset => "Redefinição de senha — {{tenantName}}",
            EmailTemplate::SubscriptionConfirmation => "Assinatura confirmada — {{tenantName}}",
            EmailTemplate::NewVersion => "Nova versão do {{robotName}}: {{version}}",
            EmailTemplate::SignInCode => "Seu código de acesso — {{tenantName}}",
            EmailTemplate::LicenseEnding => "Sua licença do {{robotName}} expira em {{expirationDate}}",
            EmailTemplate::OwnerInvitation => "Convite para a equipe da {{tenantName}}",
            EmailTemplate::OwnerPasswordReset => "Redefinição de senha — {{tenantName}}",
        }
    }

    pub fn default_html(self) -> &'static str {
        match self {
            EmailTemplate::Welcome => concat!(
                "<h1>Olá, {{clientName}}!</h1>",
                "<p>Sua compra do <strong>{{robotName}}</strong> na {{tenantName}} foi confirmada.</p>",
                "<p>Para acessar a área do cliente, entre com o e-mail <strong>{{email}}</strong> e o ID da compra ",
                "<strong>{{purchaseId}}</strong>.</p>",
                "<p><a href=\"{{downloadUrl}}\">Acessar a área do cliente</a></p>",
                "<p>Dúvidas? Escreva para {{contactEmail}}.</p>"
            ),
            EmailTemplate::SaleConfirmation => concat!(
                "<h1>Compra confirmada</h1>",
                "<p>Olá, {{clientName}}. Recebemos o pagamento de <strong>{{amount}}</strong> pelo ",
                "<strong>{{robotName}}</strong> (transação {{transactionId}}).</p>",
                "<p>Dúvidas? Escreva para {{contactEmail}}.</p><p>{{tenantName}}</p>"
            ),
            EmailTemplate::PasswordReset => concat!(
                "<p>Olá, {{ownerName}}.</p>",
                "<p>Recebemos um pedido para redefinir sua senha na {{tenantName}}. O link vale por 1 hora:</p>",
                "<p><a href=\"{{resetLink}}\">Redefinir senha</a></p>",
                "<p>Se não foi você, ignore este e-mail.</p>"
            ),
            EmailTemplate::SubscriptionConfirmation => concat!(
                "<h1>Assinatura confirmada</h1>",
                "<p>Olá, {{clientName}}. Sua assinatura de <strong>{{amount}}</strong> ({{recurrence}}) na ",
                "{{tenantName}} está ativa. Próxima cobrança: {{nextChargeDate}}.</p>",
                "<p>Dúvidas? Escreva para {{contactEmail}}.</p>"
            ),
            EmailTemplate::NewVersion => concat!(
                "<h1>Nova versão do {{robotName}}</h1>",
                "<p>Olá, {{clientName}}. A versão <strong>{{version}}</strong> do <strong>{{robotName}}</strong> ",
                "já está disponível na área do cliente da {{tenantName}}.</p>",
                "<p style=\"white-space:pre-line\">{{releaseNotes}}</p>",
                "<p><a href=\"{{portalUrl}}\">Baixar a nova versão</a></p>",
                "<p>Baixe o arquivo e substitua o robô no MetaTrader 5. Dúvidas? Escreva para {{contactEmail}}.</p>"
            ),
            EmailTemplate::SignInCode => concat!(
                "<h1>Seu código de acesso</h1>",
                "<p>Olá, {{clientName}}. Para entrar na área do cliente da {{tenantName}} com o ID da compra, ",
                "digite este código:</p>",
                "<p style=\"font-size:28px;font-weight:bold;letter-spacing:6px\">{{code}}</p>",
                "<p>Ele vale por 15 minutos. Se não foi você, ignore este e-mail: ninguém entra na sua conta sem ele.</p>"
            ),
            EmailTemplate::LicenseEnding => concat!(
                "<h1>Sua licença está terminando</h1>",
                "<p>Olá, {{clientName}}. Sua licença do <strong>{{robotName}}</strong> na {{tenantName}} expira em ",
                "<strong>{{expirationDate}}</strong>. Depois dessa data o robô deixa de operar.</p>",
                "<p>Para continuar usando, fale com {{contactEmail}}.</p>",
                "<p><a href=\"{{portalUrl}}\">Acessar a área do cliente</a></p>"
            ),
            EmailTemplate::OwnerInvitation => concat!(
                "<h1>Você foi convidado(a)</h1>",
                "<p>Olá, {{ownerName}}. {{invitedBy}} convidou você para a equipe da {{tenantName}} com o perfil ",
                "<strong>{{role}}</strong>.</p>",
                "<p>Para aceitar, crie sua senha. O link vale por 7 dias e confirma este e-mail:</p>",
                "<p><a href=\"{{inviteLink}}\">Aceitar o convite</a></p>",
                "<p>Se você não esperava este convite, ignore este e-mail.</p>"
            ),
            EmailTemplate::OwnerPasswordReset => concat!(
                "<p>Olá, {{ownerName}}.</p>",
                "<p>Recebemos um pedido para redefinir sua senha na {{tenantName}}. O link vale por 1 hora:</p>",
                "<p><a href=\"{{resetLink}}\">Redefinir senha</a></p>",
                "<p>Se não foi você, ignore este e-mail.</p>"
            ),
        }
    }
}

/// The key of `tenants.email_templates` listing the kinds switched off.
pub const SWITCHED_OFF_KEY: &str = "switchedOff";

/// Substitutes `{{name}}` with the HTML-escaped value (empty when unknown).
pub fn render(text: &str, variables: &BTreeMap<String, String>, escape: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        match after.find("}}") {
            Some(end) => {
                let name = after[..end].trim();
                let value = variables.get(name).map(String::as_str).unwrap_or("");
                out.push_str(&if escape { escape_html(value) } else { value.to_string() });
                rest = &after[end + 2..];
            }
            None => {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

pub fn escape_html(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_are_escaped_and_unknown_ones_vanish() {
        let vars = BTreeMap::from([("clientName".to_string(), "<script>x</script> & Cia".to_string())]);
        assert_eq!(render("Olá {{clientName}}{{nada}}!", &vars, true), "Olá &lt;script&gt;x&lt;/script&gt; &amp; Cia!");
        assert_eq!(render("sem fim {{", &vars, true), "sem fim {{");
    }

    #[test]
    fn only_switchable_kinds_are_ever_switched_off() {
        let stored = serde_json::json!({ "switchedOff": ["newVersion", "welcome"] });
        assert!(EmailTemplate::NewVersion.switched_off_in(&stored));
        assert!(!EmailTemplate::Welcome.switched_off_in(&stored), "a welcome carries the buyer's access");
        assert!(!EmailTemplate::NewVersion.switched_off_in(&serde_json::json!({ "newVersion": "<p>x</p>" })));
        assert_eq!(EmailTemplate::from_key("newVersion"), Some(EmailTemplate::NewVersion));
        assert_eq!(EmailTemplate::NewVersion.label(), "Nova versão");
    }

    #[test]
    fn every_default_uses_only_its_listed_variables() {
        let platform_texts = [
            EmailTemplate::SignInCode,
            EmailTemplate::LicenseEnding,
            EmailTemplate::OwnerInvitation,
            EmailTemplate::OwnerPasswordReset,
        ];
        for template in EmailTemplate::ALL.into_iter().chain(platform_texts) {
            let text = format!("{}{}", template.subject(), template.default_html());
            let mut rest = text.as_str();
            while let Some(start) = rest.find("{{") {
                let end = rest[start..].find("}}").unwrap();
                let name = &rest[start + 2..start + end];
                assert!(template.variables().contains(&name), "{} uses {name}", template.key());
                rest = &rest[start + end..];
            }
        }
    }
}
