//! Text as people type it: lengths in characters, e-mail shapes. Both the
//! field rules and the validator use these (neither imports the other's
//! helpers, so the two stay out of an import circle).

/// Characters, not bytes: "Usuário deve ter no mínimo 3 caracteres" counts
/// what a person typed.
pub fn char_len(value: &str) -> usize {
    value.chars().count()
}

/// A pragmatic e-mail shape check: one `@`, something before it, a dot in the
/// domain, no spaces. Deliverability is the mail provider's business.
pub fn is_email(value: &str) -> bool {
    let value = value.trim();
    let Some((local, domain)) = value.split_once('@') else { return false };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !value.chars().any(char::is_whitespace)
        && value.len() <= 254
}

pub fn normalize_email(value: &str) -> String {
    value.trim().to_lowercase()
}
