//! The fields every person form shares (an admin's client, an admin's
//! owner, an owner's client): tenant, name, e-mail, phone and password,
//! checked once with the same pt-BR messages.

use shared::domain::validation::{
    char_len, is_email, normalize_email, Validator, MAX_PASSWORD_CHARS, PASSWORD_TOO_LONG,
};
use uuid::Uuid;

use crate::form_input::{blank_to_none, id_field, text_field};

/// A person form as sent (any field may be missing on an edit).
pub struct PersonInput<'a> {
    pub tenant_id: Option<&'a str>,
    pub name: Option<&'a str>,
    pub email: Option<&'a str>,
    pub phone: Option<&'a str>,
    pub password: Option<&'a str>,
}

/// The checked fields; `None` where the edit left a field out (a blank
/// password keeps the current one).
pub struct CheckedPerson {
    pub tenant_id: Option<Uuid>,
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub password: Option<String>,
}

/// Checks the fields into `v`. `creating` requires name, e-mail and
/// password; `tenant_required` also the tenant (the admin picks it).
pub fn check_person(v: &mut Validator, input: PersonInput<'_>, creating: bool, tenant_required: bool) -> CheckedPerson {
    let tenant_id = id_field(v, "tenantId", input.tenant_id, creating && tenant_required, "Selecione um tenant");
    let name = blank_to_none(input.name);
    if creating || input.name.is_some() {
        v.check(name.is_some(), "name", "Nome é obrigatório");
        v.check(name.as_deref().is_none_or(|n| char_len(n) <= 200), "name", "Nome deve ter no máximo 200 caracteres");
    }
    let email = blank_to_none(input.email);
    if creating || input.email.is_some() {
        v.check(email.is_some(), "email", "E-mail é obrigatório");
        v.check(email.as_deref().is_none_or(|e| is_email(e) && char_len(e) <= 254), "email", "E-mail inválido");
    }
    let phone = text_field(v, "phone", input.phone, 40, "Telefone deve ter no máximo 40 caracteres");
    let password = input.password.filter(|p| !p.trim().is_empty()).map(str::to_string);
    v.check(!creating || password.is_some(), "password", "Senha é obrigatória");
    v.check(password.as_deref().is_none_or(|p| char_len(p) >= 6), "password", "Senha deve ter no mínimo 6 caracteres");
    v.check(password.as_deref().is_none_or(|p| char_len(p) <= MAX_PASSWORD_CHARS), "password", PASSWORD_TOO_LONG);
    CheckedPerson { tenant_id, name, email: email.map(|e| normalize_email(&e)), phone, password }
}
