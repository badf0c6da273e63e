//! A client's data request (LGPD): `GET /api/tenant/clients/{id}/export`
//! gives everything the tenant keeps about the person as a JSON file;
//! `POST /api/tenant/clients/{id}/erase` anonymises them everywhere, keeping
//! the sales' amounts and dates for the books. Administrators only
//! (docs/owner-roles.md); the erasure asks for the client's e-mail as
//! confirmation and is audited without the personal data.

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::owner_permissions::Capability;
use shared::domain::validation::normalize_email;
use shared::infrastructure::db::{self, Scope};
use shared::repositories::audit_log::Action;
use shared::repositories::{client_erasure, tenant_clients};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, ErrorBody, OwnerErrors};
use crate::extractors::{PathId, SignedInOwner};
use crate::views::clients::{UnknownClient, NOT_FOUND};
use crate::AppState;

const CONFIRM_MISMATCH: &str = "Digite o e-mail do cliente exatamente como cadastrado para confirmar a exclusão.";
const ALREADY_ERASED: &str = "Os dados deste cliente já foram apagados.";

/// The client's data, as a downloadable JSON file.
#[utoipa::path(operation_id = "tenantExportClient", get, path = "/api/tenant/clients/{id}/export", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, description = "application/json (attachment)"), (status = 404, body = ErrorBody), OwnerErrors))]
pub async fn export(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownClient>,
) -> ApiResult<Response> {
    owner.require(Capability::EraseClients)?;
    let mut tx = db::begin(&state.pool, Scope::worker_for(owner.tenant.id)).await?;
    let data = client_erasure::export(&mut tx, owner.tenant.id, id).await?.or_not_found(NOT_FOUND)?;
    tx.commit().await?;
    let mut response = Json(data).into_response();
    let disposition = format!("attachment; filename=\"cliente-{}.json\"", id.simple());
    response
        .headers_mut()
        .insert(header::CONTENT_DISPOSITION, HeaderValue::from_str(&disposition).map_err(AppError::internal)?);
    Ok(response)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct EraseRequest {
    /// The client's e-mail, typed again to confirm.
    pub confirm_email: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErasureDone {
    pub licenses_cancelled: u64,
    pub payloads_redacted: u64,
    pub emails_removed: u64,
    pub checks_anonymised: u64,
}

/// Erases the client: name, e-mail, phone and password removed, sessions
/// ended, licenses cancelled, Hotmart payloads, e-mails and check-log
/// entries about them redacted; sales amounts kept.
#[utoipa::path(operation_id = "tenantEraseClient", post, path = "/api/tenant/clients/{id}/erase", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)), request_body = EraseRequest,
    responses((status = 200, body = ErasureDone), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              OwnerErrors))]
pub async fn erase(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownClient>,
    ApiJson(body): ApiJson<EraseRequest>,
) -> ApiResult<Json<ErasureDone>> {
    owner.require(Capability::EraseClients)?;
    let mut tx = db::begin(&state.pool, Scope::worker_for(owner.tenant.id)).await?;
    let client = tenant_clients::find(&mut tx, owner.tenant.id, id).await?.or_not_found(NOT_FOUND)?;
    if client.email.ends_with("@anonimo.invalid") {
        return Err(AppError::Conflict(ALREADY_ERASED.into()).into());
    }
    let typed = normalize_email(body.confirm_email.as_deref().unwrap_or_default());
    if typed != client.email {
        return Err(AppError::validation_field("confirmEmail", CONFIRM_MISMATCH).into());
    }
    let erased = client_erasure::erase(&mut tx, owner.tenant.id, id, &client.email).await?;
    let done = ErasureDone {
        licenses_cancelled: erased.licenses_cancelled,
        payloads_redacted: erased.payloads_redacted,
        emails_removed: erased.emails_removed,
        checks_anonymised: erased.checks_anonymised,
    };
    let after = json!({ "erased": true, "licensesCancelled": done.licenses_cancelled,
                        "payloadsRedacted": done.payloads_redacted, "emailsRemoved": done.emails_removed });
    owner.audit(&mut tx, Action::Delete, "client_personal_data", id, &json!({ "erased": false }), &after).await?;
    tx.commit().await?;
    Ok(Json(done))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(export)).routes(routes!(erase))
}
