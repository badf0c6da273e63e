//! `/api/tenant/robot-generations`: every generation the owner's factory
//! ran (one per project version), with its code and review notes.

use axum::Json;
use chrono::{DateTime, Utc};
use serde::Serialize;
use shared::domain::owner_permissions::Capability;
use shared::domain::pagination::Page;
use shared::repositories::robot_factory::{self, Generation};
use shared::OrNotFound;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiResult, OwnerErrors};
use crate::extractors::{PageQuery, Paging, PathId, SignedInOwner};
use crate::views::robot_factory::{UnknownGeneration, GENERATION_NOT_FOUND};
use crate::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenerationPromptSummary {
    pub robot_name: String,
    pub robot_description: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenerationSummary {
    pub id: Uuid,
    pub project_id: Option<Uuid>,
    /// generating, reviewing, completed or failed.
    pub status: String,
    pub generation_prompt: GenerationPromptSummary,
    pub version: i32,
    pub created_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
    pub compilation_attempts: i32,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenerationDetail {
    #[serde(flatten)]
    pub summary: GenerationSummary,
    /// The generated MQL5 before the license check is inserted.
    pub source_code: Option<String>,
    pub review_notes: Option<String>,
    pub error_log: Option<String>,
}

impl From<&Generation> for GenerationSummary {
    fn from(g: &Generation) -> Self {
        let field = |name: &str| {
            g.generation_prompt
                .as_ref()
                .and_then(|p| p.get(name))
                .and_then(|v| v.as_str())
                .unwrap_or_default()
                .to_string()
        };
        Self {
            id: g.id,
            project_id: g.project_id,
            status: g.status.clone(),
            generation_prompt: GenerationPromptSummary {
                robot_name: field("robotName"),
                robot_description: field("robotDescription"),
            },
            version: g.version,
            created_at: g.created_at,
            completed_at: g.completed_at,
            compilation_attempts: g.compilation_attempts,
        }
    }
}

impl From<&Generation> for GenerationDetail {
    fn from(g: &Generation) -> Self {
        Self {
            summary: GenerationSummary::from(g),
            source_code: g.source_code.clone(),
            review_notes: g.review_notes.clone(),
            error_log: g.error_log.clone(),
        }
    }
}

/// The owner's generations, newest first.
#[utoipa::path(operation_id = "tenantListRobotGenerations", get, path = "/api/tenant/robot-generations", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(PageQuery),
    responses((status = 200, body = Page<GenerationSummary>), OwnerErrors))]
pub async fn list(owner: SignedInOwner, Paging(paging): Paging) -> ApiResult<Json<Page<GenerationSummary>>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let page = robot_factory::list_generations(&mut tx, owner.tenant.id, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(|g| GenerationSummary::from(&g))))
}

/// One generation with its code.
#[utoipa::path(operation_id = "tenantGetRobotGeneration", get, path = "/api/tenant/robot-generations/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = GenerationDetail), OwnerErrors))]
pub async fn detail(
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownGeneration>,
) -> ApiResult<Json<GenerationDetail>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let generation =
        robot_factory::find_generation(&mut tx, Some(owner.tenant.id), id).await?.or_not_found(GENERATION_NOT_FOUND)?;
    tx.commit().await?;
    Ok(Json(GenerationDetail::from(&generation)))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(detail))
}
