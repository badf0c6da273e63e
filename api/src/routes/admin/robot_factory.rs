//! The platform admin's side of the AI factory: `POST /api/robots/generate`
//! starts a project on a tenant's behalf (the admin screen then follows
//! `GET /api/robots/generations/{id}` through the four steps);
//! `/api/ai-usage` and `/api/tenants/{id}/ai-quota` show what each tenant's
//! generations cost and set their monthly quota.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::validation::Validator;
use shared::repositories::audit_log::Action;
use shared::repositories::robot_factory::{self, Generation};
use shared::repositories::tenants;
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiResult, ErrorBody};
use crate::extractors::{PathId, SignedInAdmin};
use crate::factory_start::{self, StrategyRequest};
use crate::request_meta::RequestMeta;
use crate::views::robot_factory::{UnknownGeneration, GENERATION_NOT_FOUND};
use crate::AppState;

const UNKNOWN_TENANT: &str = "Tenant não encontrado";
crate::not_found_as!(UnknownTenant, UNKNOWN_TENANT);

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AdminGenerateRequest {
    pub tenant_id: Option<String>,
    #[serde(flatten)]
    pub strategy: StrategyRequest,
}

/// A generation as the admin's factory screen follows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminGeneration {
    pub id: Uuid,
    pub project_id: Option<Uuid>,
    pub tenant_id: Uuid,
    /// generating, reviewing, completed or failed.
    pub status: String,
    /// The four-step indicator: generating, reviewing, compiling, ready or failed.
    pub step: String,
    pub source_code: Option<String>,
    pub review_notes: Option<String>,
    pub error_log: Option<String>,
    pub compilation_attempts: i32,
}

impl From<&Generation> for AdminGeneration {
    fn from(g: &Generation) -> Self {
        let step = match (g.status.as_str(), g.step.as_deref()) {
            ("completed", _) => "ready",
            ("failed", _) => "failed",
            (_, Some("reviewing")) => "reviewing",
            (_, Some("compiling" | "fixing")) => "compiling",
            _ => "generating",
        };
        Self {
            id: g.id,
            project_id: g.project_id,
            tenant_id: g.tenant_id,
            status: g.status.clone(),
            step: step.into(),
            source_code: g.source_code.clone(),
            review_notes: g.review_notes.clone(),
            error_log: g.error_log.clone(),
            compilation_attempts: g.compilation_attempts,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminGenerateResult {
    pub generation: AdminGeneration,
    pub message: String,
}

/// Starts a generation for a tenant (the admin is not held to its quota;
/// the use still counts in it).
#[utoipa::path(operation_id = "generateRobot", post, path = "/api/robots/generate", tag = "robot-factory",
    security(("adminSession" = [])), request_body = AdminGenerateRequest,
    responses((status = 202, body = AdminGenerateResult), AdminErrors))]
pub async fn generate(
    admin: SignedInAdmin,
    meta: RequestMeta,
    State(state): State<AppState>,
    ApiJson(body): ApiJson<AdminGenerateRequest>,
) -> ApiResult<(StatusCode, Json<AdminGenerateResult>)> {
    let mut v = Validator::new();
    let tenant_id = body.tenant_id.as_deref().and_then(|raw| Uuid::parse_str(raw.trim()).ok());
    v.check(tenant_id.is_some(), "tenantId", "Selecione um tenant");
    let prompt = factory_start::validate_strategy(&body.strategy, &mut v);
    v.finish()?;
    factory_start::require_model(&state.config.ai)?;
    let tenant_id = tenant_id.expect("validated");
    let mut tx = admin.begin().await?;
    if tenants::find(&mut tx, tenant_id).await?.is_none() {
        return Err(AppError::validation_field("tenantId", "Selecione um tenant").into());
    }
    let (robot, created) =
        factory_start::robot_for(&mut tx, &state.config.secrets, tenant_id, &prompt.robot_name).await?;
    if created {
        let after = json!({ "name": robot.name, "origin": "ai-factory" });
        admin.audit(&mut tx, meta.ip, Some(tenant_id), Action::Create, "robot", robot.id, &Value::Null, &after).await?;
    }
    let (project, version) =
        factory_start::start_project(&mut tx, &state.config.ai, tenant_id, &prompt, &robot).await?;
    let after = json!({ "name": prompt.robot_name, "robotId": robot.id });
    admin
        .audit(&mut tx, meta.ip, Some(tenant_id), Action::Create, "robot_project", project, &Value::Null, &after)
        .await?;
    let generation = robot_factory::find_version(&mut tx, tenant_id, version)
        .await?
        .and_then(|v| v.generation_id)
        .ok_or_else(|| AppError::internal("the generation just created vanished"))?;
    let generation = robot_factory::find_generation(&mut tx, Some(tenant_id), generation)
        .await?
        .ok_or_else(|| AppError::internal("the generation just created vanished"))?;
    tx.commit().await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(AdminGenerateResult {
            generation: AdminGeneration::from(&generation),
            message: "Geração iniciada: o código passa por geração, revisão e compilação.".into(),
        }),
    ))
}

/// One generation of any tenant, with its current step.
#[utoipa::path(operation_id = "getRobotGeneration", get, path = "/api/robots/generations/{id}", tag = "robot-factory",
    security(("adminSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = AdminGeneration), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn generation(
    admin: SignedInAdmin,
    PathId(id, _): PathId<UnknownGeneration>,
) -> ApiResult<Json<AdminGeneration>> {
    let mut tx = admin.begin().await?;
    let generation = robot_factory::find_generation(&mut tx, None, id).await?.or_not_found(GENERATION_NOT_FOUND)?;
    tx.commit().await?;
    Ok(Json(AdminGeneration::from(&generation)))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AiTenantUsage {
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub monthly_quota: i32,
    pub generations_this_month: i64,
    pub prompt_tokens: i64,
    pub completion_tokens: i64,
    /// USD at the configured prices.
    #[schema(value_type = String)]
    pub cost_this_month: Decimal,
    #[schema(value_type = String)]
    pub cost_total: Decimal,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AiUsage {
    pub configured: bool,
    pub model: Option<String>,
    pub tenants: Vec<AiTenantUsage>,
}

/// Every tenant's generations, tokens and cost, and the model in use.
#[utoipa::path(operation_id = "aiUsage", get, path = "/api/ai-usage", tag = "robot-factory",
    security(("adminSession" = [])), responses((status = 200, body = AiUsage), AdminErrors))]
pub async fn usage(admin: SignedInAdmin, State(state): State<AppState>) -> ApiResult<Json<AiUsage>> {
    let mut tx = admin.begin().await?;
    let rows = robot_factory::usage_by_tenant(&mut tx).await?;
    tx.commit().await?;
    let configured = state.config.ai.model().is_some();
    Ok(Json(AiUsage {
        configured,
        model: state.config.ai.model.clone().filter(|_| configured),
        tenants: rows
            .into_iter()
            .map(|r| AiTenantUsage {
                tenant_id: r.tenant_id,
                tenant_name: r.tenant_name,
                monthly_quota: r.monthly_quota,
                generations_this_month: r.generations_this_month,
                prompt_tokens: r.prompt_tokens,
                completion_tokens: r.completion_tokens,
                cost_this_month: r.cost_this_month,
                cost_total: r.cost_total,
            })
            .collect(),
    }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AiQuotaRequest {
    pub monthly_quota: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AiQuotaResult {
    pub tenant_id: Uuid,
    pub monthly_quota: i32,
}

/// Sets a tenant's monthly generation quota (0 turns the factory off for it).
#[utoipa::path(operation_id = "setAiQuota", put, path = "/api/tenants/{id}/ai-quota", tag = "robot-factory",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = AiQuotaRequest,
    responses((status = 200, body = AiQuotaResult), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn set_quota(
    admin: SignedInAdmin,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownTenant>,
    ApiJson(body): ApiJson<AiQuotaRequest>,
) -> ApiResult<Json<AiQuotaResult>> {
    let quota = body.monthly_quota.filter(|q| (0..=10_000).contains(q));
    let Some(quota) = quota else {
        return Err(AppError::validation_field("monthlyQuota", "Informe uma cota entre 0 e 10000").into());
    };
    let quota = i32::try_from(quota).expect("bounded");
    let mut tx = admin.begin().await?;
    let (before, _) = robot_factory::quota_use(&mut tx, id).await?;
    if !robot_factory::set_quota(&mut tx, id, quota).await? {
        return Err(AppError::NotFound(UNKNOWN_TENANT.into()).into());
    }
    admin
        .audit(
            &mut tx,
            meta.ip,
            Some(id),
            Action::Update,
            "tenant",
            id,
            &json!({ "aiMonthlyQuota": before }),
            &json!({ "aiMonthlyQuota": quota }),
        )
        .await?;
    tx.commit().await?;
    Ok(Json(AiQuotaResult { tenant_id: id, monthly_quota: quota }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TesterQuotaRequest {
    pub monthly_minutes: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TesterQuotaResult {
    pub tenant_id: Uuid,
    pub monthly_minutes: i32,
}

/// Sets a tenant's monthly Strategy Tester minutes (0 stops its backtests).
#[utoipa::path(operation_id = "setTesterQuota", put, path = "/api/tenants/{id}/tester-quota", tag = "robot-factory",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = TesterQuotaRequest,
    responses((status = 200, body = TesterQuotaResult), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn set_tester_quota(
    admin: SignedInAdmin,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownTenant>,
    ApiJson(body): ApiJson<TesterQuotaRequest>,
) -> ApiResult<Json<TesterQuotaResult>> {
    let Some(minutes) = body.monthly_minutes.filter(|m| (0..=100_000).contains(m)) else {
        return Err(AppError::validation_field(
            "monthlyMinutes",
            "Informe os minutos de teste por mês, entre 0 e 100000",
        )
        .into());
    };
    let minutes = i32::try_from(minutes).expect("bounded");
    let mut tx = admin.begin().await?;
    let before =
        shared::repositories::backtests::set_quota(&mut tx, id, minutes).await?.or_not_found(UNKNOWN_TENANT)?;
    admin
        .audit(
            &mut tx,
            meta.ip,
            Some(id),
            Action::Update,
            "tenant",
            id,
            &json!({ "testerMonthlyMinutes": before }),
            &json!({ "testerMonthlyMinutes": minutes }),
        )
        .await?;
    tx.commit().await?;
    Ok(Json(TesterQuotaResult { tenant_id: id, monthly_minutes: minutes }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(generate))
        .routes(routes!(generation))
        .routes(routes!(usage))
        .routes(routes!(set_quota))
        .routes(routes!(set_tester_quota))
}
