//! `/api/tenant/robot-factory` and `/api/tenant/robot-projects`: the owner's
//! AI factory — the model and quota state, projects with their conversation
//! and versions, adjustments, publishing, and the compiled `.ex5`. The
//! pipeline itself runs in the worker (`worker::factory`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::compile_diagnostics::JobDiagnostic;
use shared::domain::owner_permissions::Capability;
use shared::domain::pagination::Page;
use shared::domain::validation::{char_len, Validator};
use shared::repositories::audit_log::Action;
use shared::repositories::robot_factory::{self, ConversationMessage, Project, Version};
use shared::repositories::robot_versions::Bump;
use shared::workflows::factory::prompts::StrategyPrompt;
use shared::workflows::factory::publish::{self, NOT_COMPILED};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, ErrorBody, OwnerErrors};
use crate::extractors::{PageQuery, Paging, PathId, PathIds, SignedInOwner};
use crate::factory_start::{self, StrategyRequest};
use crate::views::files::file_response;
use crate::views::robot_factory::{UnknownProject, PROJECT_NOT_FOUND};
use crate::views::robots::{UnknownVersion, VERSION_NOT_FOUND};
use crate::AppState;

const BUSY: &str = "Aguarde a versão atual terminar antes de pedir novos ajustes.";

/// Whether the factory can be used now, and the month's quota.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FactoryStatus {
    pub configured: bool,
    pub model: Option<String>,
    pub monthly_quota: i32,
    pub used_this_month: i64,
    pub remaining_this_month: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LatestVersion {
    pub id: Uuid,
    pub version: i32,
    pub compilation_status: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectSummary {
    pub id: Uuid,
    pub name: String,
    pub description: Option<String>,
    /// in_progress, ready_to_publish or published.
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub published_robot_id: Option<Uuid>,
    pub version_count: i64,
    pub latest_version: Option<LatestVersion>,
}

impl From<&Project> for ProjectSummary {
    fn from(p: &Project) -> Self {
        Self {
            id: p.id,
            name: p.name.clone(),
            description: p.description.clone(),
            status: p.status.clone(),
            created_at: p.created_at,
            updated_at: p.updated_at,
            published_robot_id: p.published_robot_id,
            version_count: p.version_count,
            latest_version: match (p.latest_version_id, p.latest_version, &p.latest_status) {
                (Some(id), Some(version), Some(status)) => {
                    Some(LatestVersion { id, version, compilation_status: status.clone() })
                }
                _ => None,
            },
        }
    }
}

/// One version as the project page shows it (never its source: that is on
/// the generation's page).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectVersion {
    pub id: Uuid,
    pub version: i32,
    /// pending, generating, reviewing, compiling, fixing, success or failed.
    pub compilation_status: String,
    pub created_at: DateTime<Utc>,
    pub retry_count: i32,
    pub max_retries: i32,
    pub has_compiled_file: bool,
    pub error_log: Option<String>,
    pub review_notes: Option<String>,
    pub error_message: Option<String>,
    pub diagnostics: Vec<JobDiagnostic>,
    pub generation_id: Option<Uuid>,
}

impl From<&Version> for ProjectVersion {
    fn from(v: &Version) -> Self {
        Self {
            id: v.id,
            version: v.version,
            compilation_status: v.compilation_status.clone(),
            created_at: v.created_at,
            retry_count: v.retry_count,
            max_retries: v.max_retries,
            has_compiled_file: v.compiled_file_url.is_some() && v.compilation_status == "success",
            error_log: v.error_log.clone(),
            review_notes: v.review_notes.clone(),
            error_message: v.error_message.clone().filter(|_| v.compilation_status != "success"),
            diagnostics: v.diagnostics(),
            generation_id: v.generation_id,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectDetail {
    #[serde(flatten)]
    pub summary: ProjectSummary,
    pub conversation_history: Vec<ConversationMessage>,
    /// Newest first.
    pub versions: Vec<ProjectVersion>,
    /// The latest version's strategy (pre-fills an adjustment).
    pub generation_prompt: Option<StrategyPrompt>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectCreated {
    pub project: ProjectDetail,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AdjustmentRequest {
    pub adjustment_request: Option<String>,
    #[serde(flatten)]
    pub strategy: StrategyRequest,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdjustmentQueued {
    pub version: ProjectVersion,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PublishRequest {
    pub version_id: Option<String>,
    /// major, minor or patch.
    pub version_type: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishResult {
    /// The robot's new version number (e.g. 1.1.0), active for clients.
    pub version: String,
    pub robot_id: Uuid,
    /// Whom the "Nova versão" e-mail goes to, or why it does not go.
    pub announcement: Option<shared::workflows::version_announcement::VersionAnnouncement>,
}

/// The model and the tenant's quota for this month.
#[utoipa::path(operation_id = "tenantFactoryStatus", get, path = "/api/tenant/robot-factory", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = FactoryStatus), OwnerErrors))]
pub async fn factory_status(owner: SignedInOwner, State(state): State<AppState>) -> ApiResult<Json<FactoryStatus>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let (quota, used) = robot_factory::quota_use(&mut tx, owner.tenant.id).await?;
    tx.commit().await?;
    Ok(Json(FactoryStatus {
        configured: state.config.ai.model().is_some(),
        model: state.config.ai.model.clone().filter(|_| state.config.ai.model().is_some()),
        monthly_quota: quota,
        used_this_month: used,
        remaining_this_month: (i64::from(quota) - used).max(0),
    }))
}

/// The owner's projects, most recently changed first.
#[utoipa::path(operation_id = "tenantListRobotProjects", get, path = "/api/tenant/robot-projects", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(PageQuery),
    responses((status = 200, body = Page<ProjectSummary>), OwnerErrors))]
pub async fn list(owner: SignedInOwner, Paging(paging): Paging) -> ApiResult<Json<Page<ProjectSummary>>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let page = robot_factory::list_projects(&mut tx, owner.tenant.id, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(|p| ProjectSummary::from(&p))))
}

/// Starts a project: the robot is reserved and its first version generated.
#[utoipa::path(operation_id = "tenantCreateRobotProject", post, path = "/api/tenant/robot-projects", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), request_body = StrategyRequest,
    responses((status = 201, body = ProjectCreated), (status = 429, body = ErrorBody), OwnerErrors))]
pub async fn create(
    owner: SignedInOwner,
    State(state): State<AppState>,
    ApiJson(body): ApiJson<StrategyRequest>,
) -> ApiResult<(StatusCode, Json<ProjectCreated>)> {
    owner.require(Capability::ManageRobots)?;
    let mut v = Validator::new();
    let prompt = factory_start::validate_strategy(&body, &mut v);
    v.finish()?;
    factory_start::require_model(&state.config.ai)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    factory_start::check_quota(&mut tx, tenant).await?;
    let (robot, created) = factory_start::robot_for(&mut tx, &state.config.secrets, tenant, &prompt.robot_name).await?;
    if created {
        let after = json!({ "name": robot.name, "origin": "ai-factory" });
        owner.audit(&mut tx, Action::Create, "robot", robot.id, &Value::Null, &after).await?;
    }
    let (project, _) = factory_start::start_project(&mut tx, &state.config.ai, tenant, &prompt, &robot).await?;
    let after = json!({ "name": prompt.robot_name, "robotId": robot.id });
    owner.audit(&mut tx, Action::Create, "robot_project", project, &Value::Null, &after).await?;
    let detail = detail_of(&mut tx, tenant, project).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(ProjectCreated { project: detail })))
}

/// One project with its conversation and versions.
#[utoipa::path(operation_id = "tenantGetRobotProject", get, path = "/api/tenant/robot-projects/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = ProjectDetail), OwnerErrors))]
pub async fn detail(owner: SignedInOwner, PathId(id, _): PathId<UnknownProject>) -> ApiResult<Json<ProjectDetail>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let detail = detail_of(&mut tx, owner.tenant.id, id).await?;
    tx.commit().await?;
    Ok(Json(detail))
}

/// A new version from the adjustment text and the latest strategy.
#[utoipa::path(operation_id = "tenantAdjustRobotProject", post, path = "/api/tenant/robot-projects/{id}/request-adjustments",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = AdjustmentRequest,
    responses((status = 202, body = AdjustmentQueued), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody),
        OwnerErrors))]
pub async fn request_adjustments(
    owner: SignedInOwner,
    State(state): State<AppState>,
    PathId(id, _): PathId<UnknownProject>,
    ApiJson(body): ApiJson<AdjustmentRequest>,
) -> ApiResult<(StatusCode, Json<AdjustmentQueued>)> {
    owner.require(Capability::ManageRobots)?;
    let tenant = owner.tenant.id;
    let mut v = Validator::new();
    let adjustment = body.adjustment_request.as_deref().map(str::trim).unwrap_or_default().to_string();
    v.check(char_len(&adjustment) >= 10, "adjustmentRequest", "Descreva os ajustes desejados");
    v.check(char_len(&adjustment) <= 4000, "adjustmentRequest", "Os ajustes podem ter no máximo 4000 caracteres");
    let mut strategy = body.strategy;
    let mut tx = owner.begin().await?;
    let project = robot_factory::find_project(&mut tx, tenant, id).await?.or_not_found(PROJECT_NOT_FOUND)?;
    // Blocks missing from the request are the latest version's (the spec
    // sends them from the latest prompt, empty when there was none).
    let latest = latest_prompt(&mut tx, tenant, id).await?.unwrap_or_default();
    fill_missing(&mut strategy, &latest, &project.name);
    let mut prompt = factory_start::validate_strategy(&strategy, &mut v);
    v.finish()?;
    factory_start::require_model(&state.config.ai)?;
    factory_start::check_quota(&mut tx, tenant).await?;
    // Checked under the quota's lock: two requests at once cannot both start.
    let versions = robot_factory::versions(&mut tx, tenant, id).await?;
    if versions.iter().any(Version::is_running) {
        return Err(AppError::Conflict(BUSY.into()).into());
    }
    let robot_id = match project.robot_id {
        Some(robot) => robot,
        None => factory_start::robot_for(&mut tx, &state.config.secrets, tenant, &project.name).await?.0.id,
    };
    prompt.adjustment_request = Some(adjustment.clone());
    let message = ConversationMessage::new("user", "adjustment", adjustment.clone());
    robot_factory::append_message(&mut tx, tenant, id, &message).await?;
    let version = factory_start::queue_version(&mut tx, &state.config.ai, tenant, id, robot_id, &prompt).await?;
    let after = json!({ "adjustmentRequest": adjustment, "versionId": version });
    owner.audit(&mut tx, Action::Update, "robot_project", id, &Value::Null, &after).await?;
    let version = robot_factory::find_version(&mut tx, tenant, version)
        .await?
        .ok_or_else(|| AppError::internal("the version just created vanished"))?;
    tx.commit().await?;
    Ok((StatusCode::ACCEPTED, Json(AdjustmentQueued { version: ProjectVersion::from(&version) })))
}

/// Publishes a compiled version as the robot's next major, minor or patch.
#[utoipa::path(operation_id = "tenantPublishRobotProject", post, path = "/api/tenant/robot-projects/{id}/publish",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = PublishRequest,
    responses((status = 200, body = PublishResult), (status = 409, body = ErrorBody), OwnerErrors))]
pub async fn publish_version(
    owner: SignedInOwner,
    State(state): State<AppState>,
    PathId(id, _): PathId<UnknownProject>,
    ApiJson(body): ApiJson<PublishRequest>,
) -> ApiResult<Json<PublishResult>> {
    owner.require(Capability::ManageRobots)?;
    // Another tenant's project is not found, whatever the body says.
    let mut tx = owner.begin().await?;
    let found = robot_factory::find_project(&mut tx, owner.tenant.id, id).await?;
    tx.commit().await?;
    found.or_not_found(PROJECT_NOT_FOUND)?;
    let mut v = Validator::new();
    let version_id = body.version_id.as_deref().and_then(|raw| Uuid::parse_str(raw.trim()).ok());
    v.check(version_id.is_some(), "versionId", "Selecione a versão a publicar");
    let bump = match body.version_type.as_deref().map(str::trim) {
        Some("major") => Some(Bump::Major),
        Some("minor") => Some(Bump::Minor),
        Some("patch") => Some(Bump::Patch),
        _ => None,
    };
    v.check(bump.is_some(), "versionType", "Escolha o tipo de versão: major, minor ou patch");
    v.finish()?;
    let (version_id, bump) = (version_id.expect("validated"), bump.expect("validated"));
    let (project, version) = own_version(&owner, id, version_id).await?;
    let key = version
        .compiled_file_url
        .clone()
        .filter(|_| version.compilation_status == "success")
        .ok_or_else(|| AppError::Conflict(NOT_COMPILED.into()))?;
    let file = state.storage.read(&key).await?.ok_or_else(|| AppError::Conflict(NOT_COMPILED.into()))?;
    let mut tx = owner.begin().await?;
    let published = publish::publish(&mut tx, &project, &version, bump, &file).await?;
    let after = json!({ "projectVersion": version.version, "robotVersion": published.version });
    owner.audit(&mut tx, Action::Update, "robot_project", id, &Value::Null, &after).await?;
    let announcement = shared::workflows::version_announcement::announce(
        &mut tx,
        owner.tenant.id,
        published.robot_id,
        &published.version,
    )
    .await?;
    tx.commit().await?;
    crate::personal_builds::queue_for_robot(owner.pool(), owner.tenant.id, published.robot_id).await;
    Ok(Json(PublishResult { version: published.version, robot_id: published.robot_id, announcement }))
}

/// The compiled `.ex5` of a version, saved as `{project}_v{n}.ex5`.
#[utoipa::path(operation_id = "tenantDownloadRobotProjectVersion", get,
    path = "/api/tenant/robot-projects/{id}/versions/{versionId}/download", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    params(("id" = Uuid, Path), ("versionId" = Uuid, Path)),
    responses((status = 200, description = "The compiled robot", content_type = "application/octet-stream"), OwnerErrors))]
pub async fn download(
    owner: SignedInOwner,
    State(state): State<AppState>,
    PathIds(id, version_id, _): PathIds<UnknownProject, UnknownVersion>,
) -> ApiResult<Response> {
    owner.require(Capability::ViewRobots)?;
    let (project, version) = own_version(&owner, id, version_id).await?;
    let key = version
        .compiled_file_url
        .filter(|_| version.compilation_status == "success")
        .ok_or_else(|| AppError::NotFound("Esta versão ainda não tem um .ex5 compilado".into()))?;
    let name = format!("{}_v{}.ex5", shared::workflows::compiled_imports::file_stem(&project.name), version.version);
    file_response(&state, &key, &name).await
}

async fn own_version(owner: &SignedInOwner, project_id: Uuid, version_id: Uuid) -> ApiResult<(Project, Version)> {
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let project = robot_factory::find_project(&mut tx, tenant, project_id).await?.or_not_found(PROJECT_NOT_FOUND)?;
    let version = robot_factory::find_version(&mut tx, tenant, version_id)
        .await?
        .filter(|v| v.project_id == project_id)
        .or_not_found(VERSION_NOT_FOUND)?;
    tx.commit().await?;
    Ok((project, version))
}

pub async fn detail_of(
    tx: &mut shared::infrastructure::db::Tx,
    tenant: Uuid,
    id: Uuid,
) -> Result<ProjectDetail, AppError> {
    let project = robot_factory::find_project(tx, tenant, id).await?.or_not_found(PROJECT_NOT_FOUND)?;
    let versions = robot_factory::versions(tx, tenant, id).await?;
    let conversation: Vec<ConversationMessage> =
        serde_json::from_value(project.conversation_history.clone()).unwrap_or_default();
    let generation_prompt =
        versions.first().and_then(Version::prompt).map(|p| StrategyPrompt { adjustment_request: None, ..p });
    Ok(ProjectDetail {
        summary: ProjectSummary::from(&project),
        conversation_history: conversation,
        versions: versions.iter().map(ProjectVersion::from).collect(),
        generation_prompt,
    })
}

async fn latest_prompt(
    tx: &mut shared::infrastructure::db::Tx,
    tenant: Uuid,
    project: Uuid,
) -> Result<Option<StrategyPrompt>, AppError> {
    Ok(robot_factory::versions(tx, tenant, project).await?.first().and_then(Version::prompt))
}

/// Empty blocks of an adjustment take the latest version's text.
fn fill_missing(strategy: &mut StrategyRequest, latest: &StrategyPrompt, project_name: &str) {
    let fill = |field: &mut Option<String>, fallback: &str| {
        if field.as_deref().is_none_or(|v| v.trim().is_empty()) {
            *field = Some(fallback.to_string());
        }
    };
    fill(&mut strategy.robot_name, if latest.robot_name.is_empty() { project_name } else { &latest.robot_name });
    fill(&mut strategy.parametros_entrada, &latest.parametros_entrada);
    fill(&mut strategy.gatilhos_abrir, &latest.gatilhos_abrir);
    fill(&mut strategy.gatilhos_fechar, &latest.gatilhos_fechar);
    fill(&mut strategy.gestao_risco, &latest.gestao_risco);
    fill(&mut strategy.take_profit_stop_loss, &latest.take_profit_stop_loss);
    fill(&mut strategy.protecao_capital, &latest.protecao_capital);
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(factory_status))
        .routes(routes!(list, create))
        .routes(routes!(detail))
        .routes(routes!(request_adjustments))
        .routes(routes!(publish_version))
        .routes(routes!(download))
}
