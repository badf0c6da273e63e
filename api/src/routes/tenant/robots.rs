//! `/api/tenant/robots`: the owner's robots — list, create, edit, logo.
//! The spec's dialog creates the robot first and uploads the logo after, so
//! a failed logo never loses the robot.

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::Json;
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::owner_permissions::Capability;
use shared::domain::pagination::Page;
use shared::domain::uploads::{self, IMAGE_TOO_LARGE, IMAGE_TYPES_MESSAGE, MAX_IMAGE_BYTES};
use shared::infrastructure::storage::new_key;
use shared::repositories::audit_log::Action;
use shared::repositories::tenant_robots::{self, RobotChanges, RobotFilter};
use shared::{AppError, OrNotFound};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiQuery, ApiResult, OwnerErrors};
use crate::extractors::{PageQuery, Paging, PathId, SignedInOwner};
use crate::form_input::search_term;
use crate::upload::{multipart_of, read_form};
use crate::views::files::public_url;
use crate::views::robots::{
    audited, find_own, validate_robot, CheckedRobot, RobotItem, RobotRequest, UnknownRobot, UNKNOWN_ROBOT,
};
use crate::{audited, AppState};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OwnerRobotListQuery {
    /// Part of the name.
    #[param(max_length = 200)]
    pub q: Option<String>,
}

/// The owner's robots, newest first.
#[utoipa::path(operation_id = "tenantListRobots", get, path = "/api/tenant/robots", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(PageQuery, OwnerRobotListQuery),
    responses((status = 200, body = Page<RobotItem>), OwnerErrors))]
pub async fn list(
    owner: SignedInOwner,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<OwnerRobotListQuery>,
) -> ApiResult<Json<Page<RobotItem>>> {
    owner.require(Capability::ViewRobots)?;
    let filter = RobotFilter { tenant_id: Some(owner.tenant.id), q: search_term(query.q) };
    let mut tx = owner.begin().await?;
    let page = tenant_robots::list(&mut tx, &filter, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(RobotItem::from)))
}

#[utoipa::path(operation_id = "tenantGetRobot", get, path = "/api/tenant/robots/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = RobotItem), OwnerErrors))]
pub async fn get(owner: SignedInOwner, PathId(id, _): PathId<UnknownRobot>) -> ApiResult<Json<RobotItem>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, id).await?;
    tx.commit().await?;
    Ok(Json(robot))
}

/// A robot as the owner's dialog sends it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct OwnerRobotRequest {
    #[schema(min_length = 1, max_length = 200)]
    pub name: Option<String>,
    #[schema(max_length = 5000)]
    pub description: Option<String>,
    /// Only MT5 exists (the default).
    pub platform: Option<String>,
    /// Set by the logo upload; blank removes the logo.
    #[schema(max_length = 2000)]
    pub logo_url: Option<String>,
    /// Default true.
    pub active: Option<bool>,
    /// Days a trial license runs when no end date is chosen: 1 to 90 (new robots: 7).
    #[schema(minimum = 1, maximum = 90)]
    pub trial_days: Option<i64>,
}

pub const TRIAL_DAYS_OUT_OF_RANGE: &str = "O período de teste deve ficar entre 1 e 90 dias";

/// The robot form checked (`validate_robot`) with its trial length (None:
/// left as it is), every problem reported at once.
fn checked_form(body: &OwnerRobotRequest, creating: bool) -> Result<(CheckedRobot, Option<i32>), AppError> {
    let days = body.trial_days.map(|d| i32::try_from(d).ok().filter(|d| tenant_robots::TRIAL_DAYS.contains(d)));
    let bad_days = matches!(days, Some(None));
    match validate_robot(&body.as_admin_form(), creating, false) {
        Ok(_) if bad_days => Err(AppError::validation_field("trialDays", TRIAL_DAYS_OUT_OF_RANGE)),
        Ok(checked) => Ok((checked, days.flatten())),
        Err(AppError::Validation { mut fields, .. }) if bad_days => {
            fields.insert("trialDays".into(), TRIAL_DAYS_OUT_OF_RANGE.into());
            Err(AppError::Validation { message: "Por favor, corrija os campos destacados.".into(), fields })
        }
        Err(e) => Err(e),
    }
}

impl OwnerRobotRequest {
    fn as_admin_form(&self) -> RobotRequest {
        RobotRequest {
            tenant_id: None,
            name: self.name.clone(),
            logo_url: self.logo_url.clone(),
            description: self.description.clone(),
            platform: self.platform.clone(),
            file_path: None,
            version: None,
            active: self.active,
        }
    }
}

/// Creates a robot of the owner's tenant (with its own signing key).
#[utoipa::path(operation_id = "tenantCreateRobot", post, path = "/api/tenant/robots", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), request_body = OwnerRobotRequest,
    responses((status = 201, body = RobotItem), OwnerErrors))]
pub async fn create(
    State(state): State<AppState>,
    owner: SignedInOwner,
    ApiJson(body): ApiJson<OwnerRobotRequest>,
) -> ApiResult<(StatusCode, Json<RobotItem>)> {
    owner.require(Capability::ManageRobots)?;
    let (checked, trial_days) = checked_form(&body, true)?;
    let mut tx = owner.begin().await?;
    let new = tenant_robots::NewTenantRobot {
        tenant_id: owner.tenant.id,
        name: checked.name.expect("validated"),
        description: checked.description,
        logo_url: checked.logo_url,
        active: body.active.unwrap_or(true),
        file_path: None,
        version: None,
    };
    let robot = tenant_robots::create(&mut tx, &state.config.secrets, new).await?;
    if let Some(days) = trial_days {
        tenant_robots::set_trial_days(&mut tx, owner.tenant.id, robot.id, days).await?;
    }
    let item = find_own(&mut tx, &owner, robot.id).await?;
    audited::created(&owner, tx, item).await
}

/// Changes a robot of the owner's tenant.
#[utoipa::path(operation_id = "tenantUpdateRobot", patch, path = "/api/tenant/robots/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = OwnerRobotRequest, responses((status = 200, body = RobotItem), OwnerErrors))]
pub async fn update(
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownRobot>,
    ApiJson(body): ApiJson<OwnerRobotRequest>,
) -> ApiResult<Json<RobotItem>> {
    owner.require(Capability::ManageRobots)?;
    let mut tx = owner.begin().await?;
    let before = find_own(&mut tx, &owner, id).await?;
    let (checked, trial_days) = checked_form(&body, false)?;
    let changes = RobotChanges {
        name: checked.name,
        logo_url: body.logo_url.as_ref().map(|_| checked.logo_url),
        description: body.description.as_ref().map(|_| checked.description),
        file_path: None,
        version: None,
        active: body.active,
    };
    tenant_robots::update(&mut tx, id, changes).await?;
    if let Some(days) = trial_days {
        tenant_robots::set_trial_days(&mut tx, owner.tenant.id, id, days).await?;
    }
    let after = find_own(&mut tx, &owner, id).await?;
    audited::updated(&owner, tx, &before, after).await
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogoUploaded {
    pub logo_url: String,
}

/// Uploads the robot's logo (multipart field `logo`: PNG, JPEG, SVG or WEBP
/// up to 5 MB, judged by content; an SVG is stored sanitized) and sets it.
#[utoipa::path(operation_id = "tenantUploadRobotLogo", post, path = "/api/tenant/robots/{id}/upload-logo", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body(content_type = "multipart/form-data", description = "campo `logo`"),
    responses((status = 200, body = LogoUploaded), (status = 413, body = crate::api_error::ErrorBody), OwnerErrors))]
pub async fn upload_logo(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownRobot>,
    request: Request,
) -> ApiResult<Json<LogoUploaded>> {
    owner.require(Capability::ManageRobots)?;
    let mut tx = owner.begin().await?;
    let before = find_own(&mut tx, &owner, id).await?;
    tx.commit().await?;
    let mut multipart = multipart_of(request, &state).await?;
    let form = read_form(&mut multipart, "logo", MAX_IMAGE_BYTES, IMAGE_TOO_LARGE).await?;
    let file = form.file.ok_or_else(|| AppError::validation_field("logo", "Arquivo é obrigatório"))?;
    let image = uploads::image(&file.bytes).ok_or_else(|| AppError::validation_field("logo", IMAGE_TYPES_MESSAGE))?;
    let key = new_key(owner.tenant.id, "robot-logos", image.extension);
    crate::storage_quota::put_within_quota(&state, owner.tenant.id, &key, Bytes::from(image.bytes)).await?;
    let logo_url = public_url(&key);

    let mut tx = owner.begin().await?;
    let changes = RobotChanges { logo_url: Some(Some(logo_url.clone())), ..RobotChanges::default() };
    tenant_robots::update(&mut tx, id, changes).await?;
    owner
        .audit(
            &mut tx,
            Action::Update,
            "robot",
            id,
            &json!({ "logoUrl": before.logo_url }),
            &json!({ "logoUrl": logo_url }),
        )
        .await?;
    tx.commit().await?;
    crate::upload::delete_replaced(&state, owner.tenant.id, before.logo_url.as_deref()).await;
    Ok(Json(LogoUploaded { logo_url }))
}

/// Deletes a robot nobody bought or holds a license of (409 otherwise:
/// deactivate it instead), with its versions; its files leave storage after
/// the delete commits.
#[utoipa::path(operation_id = "tenantDeleteRobot", delete, path = "/api/tenant/robots/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 204), (status = 409, body = crate::api_error::ErrorBody), OwnerErrors))]
pub async fn delete(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownRobot>,
) -> ApiResult<StatusCode> {
    owner.require(Capability::ManageRobots)?;
    let mut tx = owner.begin().await?;
    let before = find_own(&mut tx, &owner, id).await?;
    let keys = tenant_robots::delete_unsold(&mut tx, owner.tenant.id, id).await?.or_not_found(UNKNOWN_ROBOT)?;
    owner.audit(&mut tx, Action::Delete, "robot", id, &audited(&before), &Value::Null).await?;
    tx.commit().await?;
    for key in keys.iter().chain(
        before
            .logo_url
            .as_deref()
            .and_then(|u| shared::infrastructure::storage::key_of_public_url(u, owner.tenant.id))
            .as_ref(),
    ) {
        if let Err(error) = state.storage.delete(key).await {
            tracing::warn!(key, %error, "a deleted robot's file could not be removed (housekeeping will)");
        }
    }
    Ok(StatusCode::NO_CONTENT)
}

/// `/api/tenant/robots`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get, update, delete))
        .routes(routes!(upload_logo))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_IMAGE_BYTES + 64 * 1024))
}
