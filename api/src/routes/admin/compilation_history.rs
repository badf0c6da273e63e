//! `/api/compilation-history`: every tenant's compile jobs for the platform
//! admin, and the source each was compiled from (admin only: the injected
//! source carries the robot's signing key).

use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::domain::pagination::Page;
use shared::domain::status::{CompileSource, CompileStatus};
use shared::repositories::compile_jobs::{self, HistoryFilter, HistoryRow};
use shared::OrNotFound;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiQuery, ApiResult};
use crate::extractors::{PageQuery, Paging, PathId, SignedInAdmin};
use crate::form_input::search_term;
use crate::AppState;

const NOT_FOUND: &str = "Compilação não encontrada";
crate::not_found_as!(UnknownJob, NOT_FOUND);
const NO_SOURCE: &str = "Esta compilação não possui código-fonte armazenado";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// Part of the robot's or the tenant's name.
    #[param(max_length = 200)]
    pub q: Option<String>,
    /// import or ai-factory.
    #[param(inline)]
    pub source: Option<CompileSource>,
    #[param(inline)]
    pub status: Option<CompileStatus>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryItem {
    pub id: Uuid,
    pub created_at: DateTime<Utc>,
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub robot_name: String,
    /// import or ai-factory.
    pub source: String,
    /// pending, processing, completed or failed.
    pub status: String,
    pub has_source_code: bool,
    pub error_message: Option<String>,
}

impl From<HistoryRow> for HistoryItem {
    fn from(r: HistoryRow) -> Self {
        Self {
            id: r.id,
            created_at: r.created_at,
            tenant_id: r.tenant_id,
            tenant_name: r.tenant_name,
            robot_name: r.robot_name,
            source: r.source,
            status: r.status,
            has_source_code: r.has_source_code,
            error_message: r.error_message,
        }
    }
}

/// Compile jobs of every tenant, newest first.
#[utoipa::path(operation_id = "listCompilationHistory", get, path = "/api/compilation-history", tag = "compilation",
    security(("adminSession" = [])), params(PageQuery, HistoryQuery),
    responses((status = 200, body = Page<HistoryItem>), AdminErrors))]
pub async fn list(
    admin: SignedInAdmin,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<HistoryQuery>,
) -> ApiResult<Json<Page<HistoryItem>>> {
    let filter = HistoryFilter {
        q: search_term(query.q),
        source: query.source.map(|s| s.as_str().to_string()),
        status: query.status.map(|s| s.as_str().to_string()),
    };
    let mut tx = admin.begin().await?;
    let page = compile_jobs::history(&mut tx, &filter, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(HistoryItem::from)))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceResponse {
    pub source_code: String,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct SourceQuery {
    /// The row's origin, as the list gave it (import or ai-factory); both
    /// live in the same table, so it only has to agree when given.
    #[param(inline)]
    pub source: Option<CompileSource>,
}

/// The MQL5 source a job compiled (404 `Esta compilação não possui
/// código-fonte armazenado` when none was stored).
#[utoipa::path(operation_id = "getCompilationSource", get, path = "/api/compilation-history/{id}/source",
    tag = "compilation", security(("adminSession" = [])), params(("id" = Uuid, Path), SourceQuery),
    responses((status = 200, body = SourceResponse), AdminErrors))]
pub async fn source(
    admin: SignedInAdmin,
    PathId(id, _): PathId<UnknownJob>,
    Paging(_paging): Paging,
    ApiQuery(query): ApiQuery<SourceQuery>,
) -> ApiResult<Json<SourceResponse>> {
    let mut tx = admin.begin().await?;
    let job = compile_jobs::find_any(&mut tx, id).await?;
    let code = compile_jobs::source_code(&mut tx, id).await?;
    tx.commit().await?;
    job.filter(|j| query.source.is_none_or(|s| s.as_str() == j.source)).or_not_found(NOT_FOUND)?;
    let source_code = code.flatten().or_not_found(NO_SOURCE)?;
    Ok(Json(SourceResponse { source_code }))
}

/// `/api/compilation-history/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(source))
}
