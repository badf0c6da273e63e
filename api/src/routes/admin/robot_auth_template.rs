//! `/api/robot-auth-template`: the MQL5 authentication template every robot
//! gets injected (platform admin only).

use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::domain::mql5::validate_template;
use shared::domain::validation::{char_len, Validator};
use shared::repositories::audit_log::{self, Action, Entry};
use shared::repositories::auth_template::{self, AuthTemplate, TemplateChanges};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiResult};
use crate::extractors::SignedInAdmin;
use crate::request_meta::RequestMeta;
use crate::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthTemplateResponse {
    pub id: Uuid,
    pub name: String,
    pub template_code: String,
    pub version: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<AuthTemplate> for AuthTemplateResponse {
    fn from(t: AuthTemplate) -> Self {
        Self {
            id: t.id,
            name: t.name,
            template_code: t.template_code,
            version: t.version,
            is_active: t.is_active,
            created_at: t.created_at,
            updated_at: t.updated_at,
        }
    }
}

/// Fields to change; absent ones stay as they are.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateAuthTemplateRequest {
    #[schema(min_length = 3, max_length = 200)]
    pub name: Option<String>,
    #[schema(min_length = 10, max_length = 200000)]
    pub template_code: Option<String>,
    #[schema(min_length = 1, max_length = 32)]
    pub version: Option<String>,
    pub is_active: Option<bool>,
}

/// The template in use.
#[utoipa::path(operation_id = "getRobotAuthTemplate", get, path = "/api/robot-auth-template", tag = "robot-auth-template",
    security(("adminSession" = [])), responses((status = 200, body = AuthTemplateResponse), AdminErrors))]
pub async fn show(admin: SignedInAdmin) -> ApiResult<Json<AuthTemplateResponse>> {
    let mut tx = admin.begin().await?;
    auth_template::ensure_default(&mut tx).await?;
    let template = auth_template::stored(&mut tx).await?.ok_or_else(missing)?;
    tx.commit().await?;
    Ok(Json(template.into()))
}

/// Changes the template (name, code, version, active). While it is not
/// active, robots get the shipped default template instead.
#[utoipa::path(operation_id = "updateRobotAuthTemplate", patch, path = "/api/robot-auth-template", tag = "robot-auth-template",
    security(("adminSession" = [])), request_body = UpdateAuthTemplateRequest,
    responses((status = 200, body = AuthTemplateResponse), AdminErrors))]
pub async fn update(
    admin: SignedInAdmin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<UpdateAuthTemplateRequest>,
) -> ApiResult<Json<AuthTemplateResponse>> {
    let name = body.name.as_deref().map(str::trim).map(str::to_string);
    let version = body.version.as_deref().map(str::trim).map(str::to_string);
    let mut v = Validator::new();
    if let Some(name) = &name {
        v.check(char_len(name) >= 3, "name", "Nome deve ter pelo menos 3 caracteres");
        v.check(char_len(name) <= 200, "name", "Nome deve ter no máximo 200 caracteres");
    }
    if let Some(version) = &version {
        v.check(!version.is_empty(), "version", "Versão é obrigatória");
        v.check(char_len(version) <= 32, "version", "Versão deve ter no máximo 32 caracteres");
    }
    if let Some(code) = &body.template_code {
        v.check(char_len(code) <= 200_000, "templateCode", "Template deve ter no máximo 200000 caracteres");
        if let Some(problem) = validate_template(code).first() {
            v.check(false, "templateCode", problem);
        }
    }
    v.finish()?;

    let mut tx = admin.begin().await?;
    auth_template::ensure_default(&mut tx).await?;
    let before = auth_template::stored(&mut tx).await?.ok_or_else(missing)?;
    let after = auth_template::update(
        &mut tx,
        before.id,
        TemplateChanges { name, template_code: body.template_code, version, is_active: body.is_active },
    )
    .await?;
    audit_log::record(
        &mut tx,
        Entry {
            tenant_id: None,
            actor: admin.scope().actor,
            action: Action::Update,
            entity: "robot_auth_template",
            entity_id: Some(after.id),
            changes: audit_log::diff(&audited(&before), &audited(&after)),
            ip: meta.ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(Json(after.into()))
}

/// What the audit log keeps of a template (the code as its length and hash:
/// it can be long, and the diff should stay readable).
fn audited(t: &AuthTemplate) -> serde_json::Value {
    serde_json::json!({
        "name": t.name,
        "version": t.version,
        "isActive": t.is_active,
        "templateCodeSha256": shared::infrastructure::secrets::sha256_hex(&t.template_code),
    })
}

fn missing() -> AppError {
    AppError::NotFound("Template não encontrado".into())
}

/// `/api/robot-auth-template`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show, update))
}
