//! Personal builds seen by their owner (decision 0015): which clients of a
//! robot are still on the shared file, tracing a found `.ex5` to its buyer,
//! and revoking the leaked build (its next check fails; the buyer's other
//! builds and robots are untouched).

use axum::extract::{Request, State};
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::owner_permissions::Capability;
use shared::domain::uploads::{self, RobotFile, MAX_ROBOT_FILE_BYTES, ROBOT_FILE_TOO_LARGE};
use shared::infrastructure::secrets::sha256_hex_of;
use shared::repositories::audit_log::Action;
use shared::repositories::{license_builds, licenses};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, OwnerErrors};
use crate::extractors::{PathId, SignedInOwner};
use crate::upload::{multipart_of, read_form};
use crate::views::licenses::UnknownLicense;
use crate::views::robots::{find_own, UnknownRobot};
use crate::AppState;

pub const NOT_AN_EX5: &str = "O arquivo enviado não é um .ex5.";
pub const FILE_REQUIRED: &str = "Envie o arquivo .ex5 encontrado.";
pub const NOT_TRACED: &str =
    "Nenhuma cópia pessoal deste robô corresponde a este arquivo (nem pelo conteúdo, nem por uma marca).";
pub const LICENSE_NOT_FOUND: &str = "Licença não encontrada";
pub const BUILD_NOT_FOUND: &str = "Cópia pessoal não encontrada nesta licença";
pub const BUILD_ID_REQUIRED: &str = "Informe a cópia pessoal a bloquear";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedBuildClient {
    pub license_id: Uuid,
    pub client_id: Option<Uuid>,
    pub client_name: Option<String>,
    pub client_email: Option<String>,
    /// Its personal build's status (queued, compiling, failed, revoked), or null: none.
    pub build_status: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedBuildClients {
    pub items: Vec<SharedBuildClient>,
}

/// The robot's active licenses that still download the shared file (no
/// ready personal build of the active version), newest first, at most 500.
#[utoipa::path(operation_id = "tenantRobotSharedBuildClients", get, path = "/api/tenant/robots/{robotId}/shared-build-clients",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("robotId" = Uuid, Path)),
    responses((status = 200, body = SharedBuildClients), OwnerErrors))]
pub async fn shared_build_clients(
    owner: SignedInOwner,
    PathId(robot_id, _): PathId<UnknownRobot>,
) -> ApiResult<Json<SharedBuildClients>> {
    owner.require(Capability::ViewLicenses)?;
    let mut tx = owner.begin().await?;
    find_own(&mut tx, &owner, robot_id).await?;
    let rows = license_builds::on_shared_build(&mut tx, owner.tenant.id, robot_id, 500).await?;
    tx.commit().await?;
    let items = rows
        .into_iter()
        .map(|r| SharedBuildClient {
            license_id: r.license_id,
            client_id: r.client_id,
            client_name: r.client_name,
            client_email: r.client_email,
            build_status: r.build_status,
        })
        .collect();
    Ok(Json(SharedBuildClients { items }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildDownloadItem {
    pub ip: Option<String>,
    pub downloaded_at: DateTime<Utc>,
}

/// Whose copy a found file is.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeakTrace {
    pub build_id: Uuid,
    pub build_mark: String,
    pub build_status: String,
    pub built_at: DateTime<Utc>,
    pub ready_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub version: Option<String>,
    pub license_id: Uuid,
    pub license_status: String,
    pub account_number: Option<String>,
    pub client_id: Option<Uuid>,
    pub client_name: Option<String>,
    pub client_email: Option<String>,
    /// Its downloads, newest first (at most 500).
    pub downloads: Vec<BuildDownloadItem>,
}

/// Traces a found `.ex5` (multipart `file`) to the personal build it is: by
/// its sha256, else by a build mark in its bytes. The file is not kept.
#[utoipa::path(operation_id = "tenantTraceLeak", post, path = "/api/tenant/robots/{robotId}/leak-trace",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("robotId" = Uuid, Path)),
    request_body(content_type = "multipart/form-data", description = "campo `file`: o .ex5 encontrado"),
    responses((status = 200, body = LeakTrace), (status = 413, body = crate::api_error::ErrorBody), OwnerErrors))]
pub async fn trace_leak(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(robot_id, _): PathId<UnknownRobot>,
    request: Request,
) -> ApiResult<Json<LeakTrace>> {
    owner.require(Capability::ViewLicenses)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    find_own(&mut tx, &owner, robot_id).await?;
    tx.commit().await?;
    let mut multipart = multipart_of(request, &state).await?;
    let form = read_form(&mut multipart, "file", MAX_ROBOT_FILE_BYTES, ROBOT_FILE_TOO_LARGE).await?;
    let file = form.file.ok_or_else(|| AppError::validation_field("file", FILE_REQUIRED))?;
    let name = if file.name.trim().is_empty() { "found.ex5".to_string() } else { file.name.clone() };
    if uploads::robot_file(&name, &file.bytes) != Some(RobotFile::Ex5) {
        return Err(AppError::validation_field("file", NOT_AN_EX5).into());
    }
    let sha256 = sha256_hex_of(&file.bytes);
    let marks = license_builds::marks_in(&file.bytes);
    let mut tx = owner.begin().await?;
    let build = license_builds::identify(&mut tx, tenant, robot_id, &sha256, &marks).await?.or_not_found(NOT_TRACED)?;
    let (t, downloads) = license_builds::traced(&mut tx, tenant, build).await?.or_not_found(NOT_TRACED)?;
    tx.commit().await?;
    Ok(Json(LeakTrace {
        build_id: t.build_id,
        build_mark: t.build_mark,
        build_status: t.build_status,
        built_at: t.built_at,
        ready_at: t.ready_at,
        revoked_at: t.revoked_at,
        version: t.version,
        license_id: t.license_id,
        license_status: t.license_status,
        account_number: t.account_number,
        client_id: t.client_id,
        client_name: t.client_name,
        client_email: t.client_email,
        downloads: downloads
            .into_iter()
            .map(|d| BuildDownloadItem { ip: d.ip, downloaded_at: d.downloaded_at })
            .collect(),
    }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RevokeBuildRequest {
    pub build_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevokedBuild {
    pub build_id: Uuid,
    pub license_id: Uuid,
    pub status: String,
}

/// Revokes one personal build of a license after a leak: that build's next
/// check fails (BUILD_REVOKED); the buyer's other builds and robots are not
/// affected. Audited.
#[utoipa::path(operation_id = "tenantRevokeLicenseBuild", post, path = "/api/tenant/licenses/{id}/builds/revoke",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = RevokeBuildRequest, responses((status = 200, body = RevokedBuild), OwnerErrors))]
pub async fn revoke_build(
    owner: SignedInOwner,
    PathId(license_id, _): PathId<UnknownLicense>,
    ApiJson(body): ApiJson<RevokeBuildRequest>,
) -> ApiResult<Json<RevokedBuild>> {
    owner.require(Capability::ManageLicenses)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    licenses::find_listed(&mut tx, license_id).await?.or_not_found(LICENSE_NOT_FOUND)?;
    let build_id = match body.build_id.as_deref().map(str::trim) {
        None | Some("") => return Err(AppError::validation_field("buildId", BUILD_ID_REQUIRED).into()),
        Some(text) => Uuid::parse_str(text).map_err(|_| AppError::NotFound(BUILD_NOT_FOUND.into()))?,
    };
    let before = license_builds::revoke(&mut tx, tenant, license_id, build_id).await?.or_not_found(BUILD_NOT_FOUND)?;
    owner
        .audit(
            &mut tx,
            Action::Update,
            "license_build",
            build_id,
            &json!({ "status": before, "licenseId": license_id }),
            &json!({ "status": "revoked", "licenseId": license_id }),
        )
        .await?;
    tx.commit().await?;
    Ok(Json(RevokedBuild { build_id, license_id, status: "revoked".into() }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(shared_build_clients))
        .routes(routes!(trace_leak))
        .routes(routes!(revoke_build))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_ROBOT_FILE_BYTES + 64 * 1024))
}
