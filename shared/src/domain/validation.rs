//! Collects per-field pt-BR messages so a form gets every problem at once.

pub use super::text::{char_len, is_email, normalize_email};
use std::collections::BTreeMap;

use crate::domain::error::AppError;

#[derive(Default)]
pub struct Validator {
    fields: BTreeMap<String, String>,
}

impl Validator {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records `message` for `field` when `ok` is false (first message wins).
    pub fn check(&mut self, ok: bool, field: &str, message: &str) -> &mut Self {
        if !ok {
            self.fields.entry(field.to_string()).or_insert_with(|| message.to_string());
        }
        self
    }

    /// Checks `value` against a declared field rule (see `field_rules`).
    pub fn rule(&mut self, rule: &crate::domain::field_rules::FieldRule, field: &str, value: &str) -> &mut Self {
        match rule.problem(value) {
            Some(message) => self.check(false, field, message),
            None => self,
        }
    }

    pub fn finish(&mut self) -> Result<(), AppError> {
        if self.fields.is_empty() {
            return Ok(());
        }
        let fields = std::mem::take(&mut self.fields);
        let message = if fields.len() == 1 {
            fields.values().next().cloned().unwrap_or_default()
        } else {
            "Por favor, corrija os campos destacados.".to_string()
        };
        Err(AppError::Validation { message, fields })
    }
}

/// Longest password accepted anywhere. Argon2 hashes any length, but an
/// unbounded one lets a single request burn CPU on purpose.
pub const MAX_PASSWORD_CHARS: usize = 256;
pub const PASSWORD_TOO_LONG: &str = "Senha deve ter no máximo 256 caracteres";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_shapes() {
        assert!(is_email("ana@exemplo.com.br"));
        assert!(!is_email("ana@exemplo"));
        assert!(!is_email("ana exemplo@x.com"));
        assert!(!is_email("@x.com"));
        assert!(!is_email("a@b@c.com"));
    }

    #[test]
    fn validator_reports_every_field_and_one_summary() {
        let err = Validator::new()
            .check(false, "username", "Usuário deve ter no mínimo 3 caracteres")
            .check(false, "password", "Senha deve ter no mínimo 6 caracteres")
            .finish()
            .unwrap_err();
        match err {
            AppError::Validation { fields, .. } => assert_eq!(fields.len(), 2),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn counts_characters_not_bytes() {
        assert_eq!(char_len("ção"), 3);
    }
}
