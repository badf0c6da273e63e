//! `/api/tenant/hotmart-api`: the tenant's Hotmart API credentials (client
//! id, client secret, Basic token), with which a client's cancellation in the
//! portal is sent on to Hotmart. Write-only: the owner only ever learns
//! whether they are set and how the client id begins. Before anything is
//! stored, Hotmart is asked for a token with them, so a typo is caught here
//! and not when a client tries to cancel.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::owner_permissions::Capability;
use shared::domain::validation::{char_len, Validator};
use shared::infrastructure::hotmart_api::{Credentials, Failure, HotmartApi};
use shared::repositories::audit_log::Action;
use shared::repositories::tenant_hotmart_api::{self, HotmartApiStatus};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, ErrorBody, OwnerErrors};
use crate::extractors::SignedInOwner;
use crate::AppState;

pub const REFUSED: &str =
    "A Hotmart recusou estas credenciais. Confira o Client ID, o Client Secret e o token Basic em Ferramentas > Credenciais Developers.";
pub const UNREACHABLE: &str =
    "Não foi possível falar com a Hotmart para conferir as credenciais. Nada foi salvo; tente novamente em alguns minutos.";
const MAX_CHARS: usize = 500;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HotmartApiSettingsItem {
    /// Whether credentials are stored (they are never shown).
    pub configured: bool,
    /// The first characters of the stored client id, to recognise it.
    pub client_id_prefix: Option<String>,
}

impl From<HotmartApiStatus> for HotmartApiSettingsItem {
    fn from(s: HotmartApiStatus) -> Self {
        Self { configured: s.configured, client_id_prefix: s.client_prefix }
    }
}

async fn current(owner: &SignedInOwner, tx: &mut shared::infrastructure::db::Tx) -> Result<HotmartApiStatus, AppError> {
    tenant_hotmart_api::status(tx, owner.tenant.id)
        .await?
        .ok_or_else(|| AppError::NotFound("Tenant não encontrado".into()))
}

#[utoipa::path(operation_id = "tenantGetHotmartApi", get, path = "/api/tenant/hotmart-api", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = HotmartApiSettingsItem), (status = 403, body = ErrorBody), OwnerErrors))]
pub async fn get_settings(owner: SignedInOwner) -> ApiResult<Json<HotmartApiSettingsItem>> {
    owner.require(Capability::ViewSettings)?;
    let mut tx = owner.begin().await?;
    let status = current(&owner, &mut tx).await?;
    tx.commit().await?;
    Ok(Json(status.into()))
}

/// The three values of Hotmart's "Credenciais Developers".
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct HotmartApiRequest {
    #[schema(max_length = 500)]
    pub client_id: Option<String>,
    #[schema(max_length = 500)]
    pub client_secret: Option<String>,
    /// The "Basic" token, with or without the `Basic ` prefix.
    #[schema(max_length = 500)]
    pub basic_token: Option<String>,
}

fn checked(body: &HotmartApiRequest) -> Result<Credentials, AppError> {
    let mut v = Validator::new();
    for (field, value, required) in [
        ("clientId", &body.client_id, "Client ID é obrigatório"),
        ("clientSecret", &body.client_secret, "Client Secret é obrigatório"),
        ("basicToken", &body.basic_token, "Token Basic é obrigatório"),
    ] {
        let value = value.as_deref().map(str::trim).unwrap_or_default();
        v.check(!value.is_empty(), field, required);
        v.check(char_len(value) <= MAX_CHARS, field, "Valor longo demais (máximo 500 caracteres)");
    }
    v.finish()?;
    let credentials = Credentials::new(
        body.client_id.as_deref().unwrap_or_default(),
        body.client_secret.as_deref().unwrap_or_default(),
        body.basic_token.as_deref().unwrap_or_default(),
    );
    let mut v = Validator::new();
    // "Basic " alone leaves nothing once the prefix is dropped.
    v.check(!credentials.basic.is_empty(), "basicToken", "Token Basic é obrigatório");
    for (field, value) in [
        ("clientId", &credentials.client_id),
        ("clientSecret", &credentials.client_secret),
        ("basicToken", &credentials.basic),
    ] {
        v.check(!value.chars().any(|c| c.is_whitespace() || c.is_control()), field, "Não use espaços neste campo");
    }
    v.finish()?;
    Ok(credentials)
}

/// Stores the credentials after Hotmart accepted them (a token was issued).
#[utoipa::path(operation_id = "tenantUpdateHotmartApi", put, path = "/api/tenant/hotmart-api", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), request_body = HotmartApiRequest,
    responses((status = 200, body = HotmartApiSettingsItem), (status = 403, body = ErrorBody), OwnerErrors))]
pub async fn update_settings(
    State(state): State<AppState>,
    owner: SignedInOwner,
    ApiJson(body): ApiJson<HotmartApiRequest>,
) -> ApiResult<Json<HotmartApiSettingsItem>> {
    owner.require(Capability::ManageSettings)?;
    let credentials = checked(&body)?;
    // Asked outside any transaction: Hotmart may take seconds.
    let hotmart = HotmartApi::new(&state.config.hotmart_api).map_err(AppError::internal)?;
    match hotmart.access_token(&credentials).await {
        Ok(_) => {}
        Err(Failure::Refused { .. }) => return Err(AppError::validation_field("clientSecret", REFUSED).into()),
        Err(Failure::Unavailable(why)) => {
            tracing::warn!(tenant = %owner.tenant.id, %why, "Hotmart unreachable while checking credentials");
            return Err(AppError::Unavailable(UNREACHABLE.into()).into());
        }
    }
    let mut tx = owner.begin().await?;
    let before = current(&owner, &mut tx).await?;
    tenant_hotmart_api::set(&mut tx, &state.config.secrets, owner.tenant.id, Some(&credentials)).await?;
    let after = current(&owner, &mut tx).await?;
    owner
        .audit(
            &mut tx,
            Action::Update,
            "hotmart_api_settings",
            owner.tenant.id,
            &json!({ "configured": before.configured, "clientIdPrefix": before.client_prefix, "credentials": "" }),
            &json!({ "configured": after.configured, "clientIdPrefix": after.client_prefix,
                     "credentials": "*** (alteradas)" }),
        )
        .await?;
    tx.commit().await?;
    Ok(Json(after.into()))
}

/// Forgets the credentials: cancellations are then done by the client at Hotmart.
#[utoipa::path(operation_id = "tenantDeleteHotmartApi", delete, path = "/api/tenant/hotmart-api", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 204), (status = 403, body = ErrorBody), OwnerErrors))]
pub async fn delete_settings(State(state): State<AppState>, owner: SignedInOwner) -> ApiResult<StatusCode> {
    owner.require(Capability::ManageSettings)?;
    let mut tx = owner.begin().await?;
    let before = current(&owner, &mut tx).await?;
    tenant_hotmart_api::set(&mut tx, &state.config.secrets, owner.tenant.id, None).await?;
    owner
        .audit(
            &mut tx,
            Action::Update,
            "hotmart_api_settings",
            owner.tenant.id,
            &json!({ "configured": before.configured, "clientIdPrefix": before.client_prefix }),
            &json!({ "configured": false, "clientIdPrefix": null }),
        )
        .await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_settings, update_settings, delete_settings))
}
