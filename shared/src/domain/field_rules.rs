//! Each rule a form field follows, declared once: the server checks input
//! with it (`Validator::rule`) and `api field-rules` exports it for the web's
//! zod schemas (`web/src/lib/api/field-rules.json`, kept fresh by a test), so
//! both sides give the same pt-BR message for the same mistake.

use serde_json::{json, Map, Value};

use crate::domain::text::{char_len, is_email};

#[derive(Debug, Clone, Copy)]
pub struct FieldRule {
    pub name: &'static str,
    /// Minimum characters after trimming (1 = required).
    pub min_chars: usize,
    pub max_chars: usize,
    pub email: bool,
    pub required: &'static str,
    pub too_short: &'static str,
    pub too_long: &'static str,
    pub invalid: Option<&'static str>,
}

impl FieldRule {
    /// The pt-BR message for `value`, or None when it follows the rule.
    pub fn problem(&self, value: &str) -> Option<&'static str> {
        let trimmed = value.trim();
        let length = char_len(if self.email { trimmed } else { value });
        if trimmed.is_empty() && self.min_chars > 0 {
            return Some(self.required);
        }
        if length < self.min_chars {
            return Some(self.too_short);
        }
        if length > self.max_chars {
            return Some(self.too_long);
        }
        if self.email && !is_email(trimmed) {
            return self.invalid;
        }
        None
    }

    fn to_json(self) -> Value {
        let mut messages = Map::new();
        messages.insert("required".into(), self.required.into());
        messages.insert("tooShort".into(), self.too_short.into());
        messages.insert("tooLong".into(), self.too_long.into());
        if let Some(invalid) = self.invalid {
            messages.insert("invalid".into(), invalid.into());
        }
        json!({ "minLength": self.min_chars, "maxLength": self.max_chars, "email": self.email, "messages": messages })
    }
}

pub const ADMIN_USERNAME: FieldRule = FieldRule {
    name: "adminUsername",
    min_chars: 3,
    max_chars: 64,
    email: false,
    required: "Usuário deve ter no mínimo 3 caracteres",
    too_short: "Usuário deve ter no mínimo 3 caracteres",
    too_long: "Usuário deve ter no máximo 64 caracteres",
    invalid: None,
};

pub const NEW_PASSWORD: FieldRule = FieldRule {
    name: "newPassword",
    min_chars: 6,
    max_chars: 256,
    email: false,
    required: "Senha deve ter no mínimo 6 caracteres",
    too_short: "Senha deve ter no mínimo 6 caracteres",
    too_long: "Senha deve ter no máximo 256 caracteres",
    invalid: None,
};

pub const LOGIN_PASSWORD: FieldRule = FieldRule {
    name: "loginPassword",
    min_chars: 1,
    max_chars: 256,
    email: false,
    required: "Senha é obrigatória",
    too_short: "Senha é obrigatória",
    too_long: "Senha deve ter no máximo 256 caracteres",
    invalid: None,
};

pub const EMAIL: FieldRule = FieldRule {
    name: "email",
    min_chars: 1,
    max_chars: 254,
    email: true,
    required: "E-mail é obrigatório",
    too_short: "E-mail é obrigatório",
    too_long: "E-mail deve ter no máximo 254 caracteres",
    invalid: Some("E-mail inválido"),
};

pub const PERSON_NAME: FieldRule = FieldRule {
    name: "personName",
    min_chars: 1,
    max_chars: 200,
    email: false,
    required: "Nome é obrigatório",
    too_short: "Nome é obrigatório",
    too_long: "Nome deve ter no máximo 200 caracteres",
    invalid: None,
};

/// The name a buyer gives themselves on their profile: shorter than the
/// owner's forms allow, as it heads the portal's menu.
pub const PROFILE_NAME: FieldRule = FieldRule {
    name: "profileName",
    min_chars: 1,
    max_chars: 100,
    email: false,
    required: "Nome é obrigatório",
    too_short: "Nome é obrigatório",
    too_long: "Nome deve ter no máximo 100 caracteres",
    invalid: None,
};

pub const PURCHASE_ID: FieldRule = FieldRule {
    name: "purchaseId",
    min_chars: 1,
    max_chars: 128,
    email: false,
    required: "ID de compra é obrigatório",
    too_short: "ID de compra é obrigatório",
    too_long: "ID de compra deve ter no máximo 128 caracteres",
    invalid: None,
};

pub const SECURITY_KEY: FieldRule = FieldRule {
    name: "securityKey",
    min_chars: 1,
    max_chars: 128,
    email: false,
    required: "Chave de segurança é obrigatória",
    too_short: "Chave de segurança é obrigatória",
    too_long: "Chave de segurança deve ter no máximo 128 caracteres",
    invalid: None,
};

pub const ALL: [FieldRule; 8] =
    [ADMIN_USERNAME, NEW_PASSWORD, LOGIN_PASSWORD, EMAIL, PERSON_NAME, PROFILE_NAME, PURCHASE_ID, SECURITY_KEY];

/// The rules as the web reads them: `{ ruleName: { minLength, maxLength, email, messages } }`.
pub fn export_json() -> String {
    let rules: Map<String, Value> = ALL.iter().map(|r| (r.name.to_string(), r.to_json())).collect();
    serde_json::to_string_pretty(&Value::Object(rules)).expect("rules serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_report_the_first_problem() {
        assert_eq!(EMAIL.problem("  "), Some("E-mail é obrigatório"));
        assert_eq!(EMAIL.problem("ana@x"), Some("E-mail inválido"));
        assert_eq!(EMAIL.problem(" Ana@X.com "), None);
        assert_eq!(ADMIN_USERNAME.problem("ab"), Some("Usuário deve ter no mínimo 3 caracteres"));
        assert_eq!(NEW_PASSWORD.problem(&"x".repeat(257)), Some("Senha deve ter no máximo 256 caracteres"));
        assert_eq!(PURCHASE_ID.problem(&"9".repeat(129)), Some("ID de compra deve ter no máximo 128 caracteres"));
    }
}
