//! The platforms that sign each delivery with a secret per robot (Kiwify,
//! Eduzz, Asaas) from the owner's screen: per robot and platform, the
//! webhook URL to paste into the platform's panel, the robot's secret (the
//! owner pastes it; it is sealed and never shown again), the last event,
//! and the log of what arrived and of what was refused. One route for the
//! three: they differ only in what the secret is called, and in Asaas's
//! external reference (which of the account's charges are the robot's).

use axum::extract::{Path, State};
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::owner_permissions::Capability;
use shared::domain::sales::Platform;
use shared::domain::validation::{char_len, Validator};
use shared::repositories::audit_log::Action;
use shared::repositories::{sales_channel_log, sales_channel_secrets};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, ErrorBody, OwnerErrors};
use crate::extractors::SignedInOwner;
use crate::request_meta::RequestMeta;
use crate::views::robots::{find_own, UNKNOWN_ROBOT};
use crate::views::sales_channels::{event_item, platform_webhook_url, refusal_item, ChannelEvent, ChannelRefusal};
use crate::AppState;

/// How many events the screen lists.
const EVENTS_SHOWN: i64 = 50;
pub const UNKNOWN_PLATFORM: &str = "Plataforma de vendas não encontrada";

/// A platform whose deliveries carry a per-robot secret.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SignedPlatform {
    Kiwify,
    Eduzz,
    Asaas,
}

impl SignedPlatform {
    fn parse(raw: &str) -> Option<Self> {
        match raw {
            "kiwify" => Some(Self::Kiwify),
            "eduzz" => Some(Self::Eduzz),
            "asaas" => Some(Self::Asaas),
            _ => None,
        }
    }

    pub fn platform(self) -> Platform {
        match self {
            Self::Kiwify => Platform::Kiwify,
            Self::Eduzz => Platform::Eduzz,
            Self::Asaas => Platform::Asaas,
        }
    }

    /// What the owner is asked to paste when it is missing.
    fn paste_it(self) -> &'static str {
        match self {
            Self::Kiwify => "Cole o token do webhook da Kiwify",
            Self::Eduzz => "Cole a chave secreta (secret) do webhook da Eduzz",
            Self::Asaas => "Cole o token de autenticação que você definiu no webhook do Asaas",
        }
    }
}

/// The robot and platform of a `/robots/{id}/sales-channels/{platform}` path;
/// anything else is the robot's 404 (or the platform's), before any read.
fn parse_path((id, platform): (String, String)) -> Result<(Uuid, SignedPlatform), AppError> {
    let id = Uuid::parse_str(id.trim()).map_err(|_| AppError::NotFound(UNKNOWN_ROBOT.into()))?;
    let platform = SignedPlatform::parse(platform.trim()).ok_or_else(|| AppError::NotFound(UNKNOWN_PLATFORM.into()))?;
    Ok((id, platform))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedChannel {
    /// Where the platform must post this robot's events.
    pub webhook_url: String,
    /// The robot has this platform's secret (token, secret or auth token).
    pub token_configured: bool,
    /// Its first characters, to recognise it.
    pub token_prefix: Option<String>,
    pub last_event_at: Option<DateTime<Utc>>,
    pub events: Vec<ChannelEvent>,
    /// Deliveries refused before anything was stored, counted by reason.
    pub refusals: Vec<ChannelRefusal>,
    /// Asaas only: the reference that makes an Asaas charge this robot's
    /// (the charge's or its subscription's `externalReference`).
    pub external_reference: Option<String>,
}

/// The robot's channel on one signing platform: URL, secret, last event, the log.
#[utoipa::path(operation_id = "tenantSignedChannel", get, path = "/api/tenant/robots/{id}/sales-channels/{platform}",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])),
    params(("id" = Uuid, Path), ("platform" = inline(SignedPlatform), Path)),
    responses((status = 200, body = SignedChannel), (status = 404, body = ErrorBody), OwnerErrors))]
pub async fn signed_channel(
    owner: SignedInOwner,
    meta: RequestMeta,
    Path(path): Path<(String, String)>,
) -> ApiResult<Json<SignedChannel>> {
    owner.require(Capability::ViewRobots)?;
    let (id, platform) = parse_path(path)?;
    let name = platform.platform().as_str();
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, id).await?;
    let token = sales_channel_secrets::prefix(&mut tx, owner.tenant.id, robot.id, name).await?;
    let events = sales_channel_log::events(&mut tx, owner.tenant.id, robot.id, name, EVENTS_SHOWN).await?;
    let refusals = sales_channel_log::refusals(&mut tx, owner.tenant.id, robot.id, name).await?;
    let external_reference = match platform {
        SignedPlatform::Asaas => sales_channel_secrets::reference(&mut tx, owner.tenant.id, robot.id, name).await?,
        _ => None,
    };
    tx.commit().await?;
    Ok(Json(SignedChannel {
        webhook_url: platform_webhook_url(&meta, &owner.tenant.url, name, robot.id),
        token_configured: token.is_some(),
        token_prefix: token.flatten(),
        last_event_at: events.first().map(|e| e.last_duplicate_at.unwrap_or(e.received_at).max(e.received_at)),
        events: events.into_iter().map(event_item).collect(),
        refusals: refusals.into_iter().map(refusal_item).collect(),
        external_reference,
    }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SignedTokenRequest {
    /// The secret the platform shows (or the owner chose) for this robot's webhook (kept sealed).
    #[schema(min_length = 1, max_length = 200)]
    pub token: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedTokenSaved {
    pub token_configured: bool,
    pub token_prefix: Option<String>,
}

/// Sets the robot's secret for one signing platform (audited; the value is never logged or shown again).
#[utoipa::path(operation_id = "tenantSetSignedToken", put,
    path = "/api/tenant/robots/{id}/sales-channels/{platform}/token", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    params(("id" = Uuid, Path), ("platform" = inline(SignedPlatform), Path)),
    request_body = SignedTokenRequest,
    responses((status = 200, body = SignedTokenSaved), (status = 404, body = ErrorBody), OwnerErrors))]
pub async fn set_signed_token(
    State(state): State<AppState>,
    owner: SignedInOwner,
    Path(path): Path<(String, String)>,
    ApiJson(body): ApiJson<SignedTokenRequest>,
) -> ApiResult<Json<SignedTokenSaved>> {
    owner.require(Capability::ManageSettings)?;
    let (id, platform) = parse_path(path)?;
    let name = platform.platform().as_str();
    // The robot first: another tenant's robot is not found, whatever the body.
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, id).await?;
    let token = body.token.as_deref().map(str::trim).unwrap_or_default();
    let label = platform.platform().label();
    Validator::new()
        .check(!token.is_empty(), "token", platform.paste_it())
        .check(char_len(token) <= 200, "token", "O token deve ter no máximo 200 caracteres")
        .check(
            !token.chars().any(char::is_whitespace),
            "token",
            &format!("O token não tem espaços: copie-o de novo da {label}"),
        )
        .finish()?;
    sales_channel_secrets::set(&mut tx, &state.config.secrets, owner.tenant.id, robot.id, name, token).await?;
    let prefix = sales_channel_secrets::prefix(&mut tx, owner.tenant.id, robot.id, name).await?.flatten();
    let after = json!({ "token": format!("*** (novo, começa com {})", prefix.as_deref().unwrap_or("")) });
    let entity = format!("robot_{name}");
    owner.audit(&mut tx, Action::Update, &entity, robot.id, &json!({ "token": "***" }), &after).await?;
    tx.commit().await?;
    Ok(Json(SignedTokenSaved { token_configured: true, token_prefix: prefix }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ExternalReferenceRequest {
    /// The text the owner puts in each Asaas charge's (or subscription's) `externalReference` for this robot.
    #[schema(min_length = 1, max_length = 100)]
    pub external_reference: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExternalReferenceSaved {
    pub external_reference: String,
}

/// Sets the robot's Asaas external reference: the charges carrying it are this robot's sales (audited).
#[utoipa::path(operation_id = "tenantSetExternalReference", put,
    path = "/api/tenant/robots/{id}/sales-channels/{platform}/reference", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    params(("id" = Uuid, Path), ("platform" = inline(SignedPlatform), Path, description = "Only `asaas` has references")),
    request_body = ExternalReferenceRequest,
    responses((status = 200, body = ExternalReferenceSaved), (status = 404, body = ErrorBody), OwnerErrors))]
pub async fn set_external_reference(
    owner: SignedInOwner,
    Path(path): Path<(String, String)>,
    ApiJson(body): ApiJson<ExternalReferenceRequest>,
) -> ApiResult<Json<ExternalReferenceSaved>> {
    owner.require(Capability::ManageSettings)?;
    let (id, platform) = parse_path(path)?;
    if platform != SignedPlatform::Asaas {
        return Err(AppError::NotFound(UNKNOWN_PLATFORM.into()).into());
    }
    let name = platform.platform().as_str();
    // The robot first: another tenant's robot is not found, whatever the body.
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, id).await?;
    let reference = body.external_reference.as_deref().map(str::trim).unwrap_or_default();
    Validator::new()
        .check(
            !reference.is_empty(),
            "externalReference",
            "Informe a referência externa que suas cobranças do Asaas usam para este robô",
        )
        .check(
            char_len(reference) <= 100,
            "externalReference",
            "A referência externa deve ter no máximo 100 caracteres",
        )
        .check(
            !reference.chars().any(char::is_whitespace),
            "externalReference",
            "A referência externa não tem espaços: use letras, números, hífen ou sublinhado",
        )
        .finish()?;
    let before = sales_channel_secrets::reference(&mut tx, owner.tenant.id, robot.id, name).await?;
    sales_channel_secrets::set_reference(&mut tx, owner.tenant.id, robot.id, name, reference).await?;
    let entity = format!("robot_{name}");
    let (before, after) = (json!({ "externalReference": before }), json!({ "externalReference": reference }));
    owner.audit(&mut tx, Action::Update, &entity, robot.id, &before, &after).await?;
    tx.commit().await?;
    Ok(Json(ExternalReferenceSaved { external_reference: reference.to_string() }))
}

/// `/api/tenant/robots/{id}/sales-channels/{kiwify|eduzz|asaas}*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(signed_channel))
        .routes(routes!(set_signed_token))
        .routes(routes!(set_external_reference))
}
