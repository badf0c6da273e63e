//! A client as the admin and the owner see, send and audit it.

use crate::form_input::{blank_to_none, id_field, text_field};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::status::ClientStatus;
use shared::domain::validation::{
    char_len, is_email, normalize_email, Validator, MAX_PASSWORD_CHARS, PASSWORD_TOO_LONG,
};
use shared::repositories::tenant_clients::ClientListRow;
use shared::AppError;
use utoipa::ToSchema;
use uuid::Uuid;

pub const NOT_FOUND: &str = "Cliente não encontrado";
crate::not_found_as!(UnknownClient, NOT_FOUND);

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientItem {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub status: ClientStatus,
    pub registration_date: DateTime<Utc>,
    pub last_login: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<ClientListRow> for ClientItem {
    fn from(r: ClientListRow) -> Self {
        let c = r.client;
        Self {
            id: c.id,
            tenant_id: c.tenant_id,
            tenant_name: r.tenant_name,
            name: c.name,
            email: c.email,
            phone: c.phone,
            status: c.status,
            registration_date: r.registration_date,
            last_login: c.last_login,
            created_at: c.created_at,
        }
    }
}

pub(crate) fn audited(c: &ClientItem) -> Value {
    json!({ "name": c.name, "email": c.email, "phone": c.phone, "status": c.status })
}

crate::audited_as!(ClientItem, "client", audited);

/// A client as the dialog sends it. The tenant is set at creation; on edit
/// a blank `password` keeps the current one.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClientRequest {
    pub tenant_id: Option<String>,
    #[schema(min_length = 1, max_length = 200)]
    pub name: Option<String>,
    #[schema(format = Email, max_length = 254)]
    pub email: Option<String>,
    #[schema(max_length = 40)]
    pub phone: Option<String>,
    /// At least 6 characters; blank keeps the current one on edit.
    #[schema(min_length = 6, max_length = 256)]
    pub password: Option<String>,
    pub status: Option<ClientStatus>,
}

pub(crate) struct CheckedClient {
    pub tenant_id: Option<Uuid>,
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub password: Option<String>,
}

/// Checks a client form. `tenant_required`: the admin picks the tenant on
/// creation; an owner's clients are always of their own tenant.
pub(crate) fn validate(body: &ClientRequest, creating: bool, tenant_required: bool) -> Result<CheckedClient, AppError> {
    let mut v = Validator::new();
    let tenant_id =
        id_field(&mut v, "tenantId", body.tenant_id.as_deref(), creating && tenant_required, "Selecione um tenant");
    let name = blank_to_none(body.name.as_deref());
    if creating || body.name.is_some() {
        v.check(name.is_some(), "name", "Nome é obrigatório");
        v.check(name.as_deref().is_none_or(|n| char_len(n) <= 200), "name", "Nome deve ter no máximo 200 caracteres");
    }
    let email = blank_to_none(body.email.as_deref());
    if creating || body.email.is_some() {
        v.check(email.is_some(), "email", "E-mail é obrigatório");
        v.check(email.as_deref().is_none_or(|e| is_email(e) && char_len(e) <= 254), "email", "Email inválido");
    }
    let phone = text_field(&mut v, "phone", body.phone.as_deref(), 40, "Telefone deve ter no máximo 40 caracteres");
    let password = body.password.clone().filter(|p| !p.trim().is_empty());
    v.check(!creating || password.is_some(), "password", "Senha é obrigatória");
    v.check(password.as_deref().is_none_or(|p| char_len(p) >= 6), "password", "Senha deve ter no mínimo 6 caracteres");
    v.check(password.as_deref().is_none_or(|p| char_len(p) <= MAX_PASSWORD_CHARS), "password", PASSWORD_TOO_LONG);
    v.finish()?;
    Ok(CheckedClient { tenant_id, name, email: email.map(|e| normalize_email(&e)), phone, password })
}
