//! A client as the admin and the owner see, send and audit it.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::status::ClientStatus;
use shared::domain::validation::Validator;
use shared::repositories::tenant_clients::ClientListRow;
use shared::AppError;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::views::people::{check_person, CheckedPerson, PersonInput};

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
    /// When the buyer's bank took a payment back (a chargeback, on any
    /// platform): shown before the owner sells to them again.
    pub chargeback_at: Option<DateTime<Utc>>,
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
            chargeback_at: r.chargeback_at,
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

/// Checks a client form. `tenant_required`: the admin picks the tenant on
/// creation; an owner's clients are always of their own tenant.
pub(crate) fn validate(body: &ClientRequest, creating: bool, tenant_required: bool) -> Result<CheckedPerson, AppError> {
    let mut v = Validator::new();
    let checked = check_person(&mut v, person_input(body), creating, tenant_required);
    v.finish()?;
    Ok(checked)
}

fn person_input(body: &ClientRequest) -> PersonInput<'_> {
    PersonInput {
        tenant_id: body.tenant_id.as_deref(),
        name: body.name.as_deref(),
        email: body.email.as_deref(),
        phone: body.phone.as_deref(),
        password: body.password.as_deref(),
    }
}
