//! `/api/robots/{id}/...`: robot operations shared by the platform admin and
//! the owning tenant.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use shared::domain::mql5;
use shared::domain::pagination::Page;
use shared::repositories::tenant_robots::{RobotChanges, RobotFilter};
use shared::repositories::{tenant_robots, tenants};
use shared::{AppError, OrNotFound};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiBytes, ApiJson, ApiQuery, ApiResult, ErrorBody, OwnerErrors};
use crate::auth_injection::inject_for_robot;
use crate::extractors::{PageQuery, Paging, PathId, SignedInAdmin, SignedInManager};
use crate::form_input::search_term;
use crate::views::robots::{validate_robot, RobotItem, RobotRequest, UnknownRobot, UNKNOWN_ROBOT};
use crate::{audited, AppState};

/// An EA's source with the license check wired in.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InjectedSource {
    pub robot_id: Uuid,
    /// The MQL5 source, UTF-8, ready to compile in MetaEditor.
    pub source: String,
    /// The version of the authentication template used.
    pub template_version: String,
}

/// Injects the active authentication template into an uploaded `.mq5`
/// (request body: the file's bytes, UTF-8 or UTF-16; send
/// `X-Requested-With`). Returns the source to compile. Admin or the robot's
/// tenant owner; the answer carries the robot's signing key inside the code,
/// so it is never available to clients.
#[utoipa::path(operation_id = "injectRobotAuth", post, path = "/api/robots/{id}/inject-auth", tag = "robots",
    security(("adminSession" = []), ("tenantSession" = [], "tenantSecret" = [])),
    params(("id" = String, Path, description = "The robot's id")),
    request_body(content = Vec<u8>, description = "The .mq5 file", content_type = "application/octet-stream"),
    responses((status = 200, body = InjectedSource), OwnerErrors,
              (status = 413, body = crate::api_error::ErrorBody), (status = 422, body = crate::api_error::ErrorBody)))]
pub async fn inject_auth(
    State(state): State<AppState>,
    caller: SignedInManager,
    Path(id): Path<String>,
    ApiBytes(body): ApiBytes,
) -> ApiResult<Json<InjectedSource>> {
    let unknown = || AppError::NotFound(UNKNOWN_ROBOT.into());
    let robot_id = Uuid::parse_str(id.trim()).map_err(|_| unknown())?;
    // Who may see the robot decides whether it exists: another tenant's id is unknown here.
    let robot = match &caller {
        SignedInManager::Admin(admin) => {
            let mut tx = admin.begin().await?;
            let robot = tenant_robots::find_any(&mut tx, robot_id).await?;
            tx.commit().await?;
            robot
        }
        SignedInManager::Owner(owner) => {
            owner.require(shared::domain::owner_permissions::Capability::ManageRobots)?;
            let mut tx = owner.begin().await?;
            let robot = tenant_robots::find(&mut tx, owner.tenant.id, robot_id).await?;
            tx.commit().await?;
            robot
        }
    }
    .ok_or_else(unknown)?;
    let source = mql5::decode_source(&body).map_err(|e| AppError::validation_field("file", &e.to_string()))?;
    if source.trim().is_empty() {
        return Err(AppError::validation_field("file", "Envie o arquivo .mq5 do robô.").into());
    }

    let injected = inject_for_robot(&state, &robot, &source).await?;
    Ok(Json(InjectedSource {
        robot_id: robot.id,
        source: injected.source,
        template_version: injected.template_version,
    }))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RobotListQuery {
    /// Part of the name.
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub tenant_id: Option<Uuid>,
}

/// Robots of every tenant, newest first, each with its tenant and webhook URL.
#[utoipa::path(operation_id = "listRobots", get, path = "/api/robots", tag = "robots",
    security(("adminSession" = [])), params(PageQuery, RobotListQuery),
    responses((status = 200, body = Page<RobotItem>), AdminErrors))]
pub async fn list(
    admin: SignedInAdmin,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<RobotListQuery>,
) -> ApiResult<Json<Page<RobotItem>>> {
    let filter = RobotFilter { tenant_id: query.tenant_id, q: search_term(query.q) };
    let mut tx = admin.begin().await?;
    let page = tenant_robots::list(&mut tx, &filter, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(RobotItem::from)))
}

/// Creates a robot (with its own license signing key).
#[utoipa::path(operation_id = "createRobot", post, path = "/api/robots", tag = "robots",
    security(("adminSession" = [])), request_body = RobotRequest,
    responses((status = 201, body = RobotItem), AdminErrors))]
pub async fn create(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    ApiJson(body): ApiJson<RobotRequest>,
) -> ApiResult<(StatusCode, Json<RobotItem>)> {
    let checked = validate_robot(&body, true, true)?;
    let tenant_id = checked.tenant_id.expect("validated");
    let mut tx = admin.begin().await?;
    if tenants::find(&mut tx, tenant_id).await?.is_none() {
        return Err(AppError::validation_field("tenantId", "Tenant não encontrado").into());
    }
    let new = tenant_robots::NewTenantRobot {
        tenant_id,
        name: checked.name.expect("validated"),
        description: checked.description,
        logo_url: checked.logo_url,
        active: body.active.unwrap_or(true),
        file_path: checked.file_path,
        version: checked.version,
    };
    let robot = tenant_robots::create(&mut tx, &state.config.secrets, new).await?;
    let item: RobotItem = tenant_robots::find_listed(&mut tx, robot.id).await?.or_not_found(UNKNOWN_ROBOT)?.into();
    audited::created(&admin, tx, item).await
}

/// Changes a robot; its tenant cannot change.
#[utoipa::path(operation_id = "updateRobot", patch, path = "/api/robots/{id}", tag = "robots",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = RobotRequest,
    responses((status = 200, body = RobotItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn update(
    admin: SignedInAdmin,
    PathId(id, _): PathId<UnknownRobot>,
    ApiJson(body): ApiJson<RobotRequest>,
) -> ApiResult<Json<RobotItem>> {
    let checked = validate_robot(&body, false, true)?;
    let mut tx = admin.begin().await?;
    let before: RobotItem = tenant_robots::find_listed(&mut tx, id).await?.or_not_found(UNKNOWN_ROBOT)?.into();
    if checked.tenant_id.is_some_and(|t| t != before.tenant_id) {
        return Err(AppError::validation_field("tenantId", "O tenant de um robô não pode ser alterado").into());
    }
    let changes = RobotChanges {
        name: checked.name,
        logo_url: body.logo_url.as_ref().map(|_| checked.logo_url),
        description: body.description.as_ref().map(|_| checked.description),
        file_path: body.file_path.as_ref().map(|_| checked.file_path),
        version: checked.version,
        active: body.active,
    };
    tenant_robots::update(&mut tx, id, changes).await?;
    let after: RobotItem = tenant_robots::find_listed(&mut tx, id).await?.or_not_found(UNKNOWN_ROBOT)?.into();
    audited::updated(&admin, tx, &before, after).await
}

/// `/api/robots/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(update)).routes(routes!(inject_auth))
}
