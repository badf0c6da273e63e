//! `/api/tenant/robots/{robotId}/versions`: a robot's compiled versions in
//! object storage — upload (judged by content), exactly one active (its
//! publication e-mails the buyers, `workflows::version_announcement`), notes
//! (the changelog clients see), file replacement, download, and withdrawal
//! (the check then stops robots running it).

use axum::extract::{FromRequest, Path, Request, State};
use axum::http::{header, StatusCode};
use axum::response::Response;
use axum::Json;
use bytes::Bytes;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::owner_permissions::Capability;
use shared::domain::uploads::{self, RobotFile, MAX_ROBOT_FILE_BYTES, ROBOT_FILE_TOO_LARGE};
use shared::domain::validation::{char_len, Validator};
use shared::infrastructure::storage::new_key;
use shared::repositories::audit_log::Action;
use shared::repositories::robot_versions::{self, NewFile, NewVersion, RobotVersion, Withdrawal};
use shared::workflows::version_announcement::{self, VersionAnnouncement};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, OwnerErrors};
use crate::extractors::{PathId, PathIds, SignedInOwner};
use crate::form_input::path_id;
use crate::upload::{multipart_of, read_form, UploadedFile};
use crate::views::files::file_response;
use crate::views::robots::{find_own, RobotItem, UnknownRobot, UnknownVersion, UNKNOWN_ROBOT, VERSION_NOT_FOUND};
use crate::AppState;

const MAX_NOTES: usize = 5000;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionItem {
    pub id: Uuid,
    /// Major.Minor.Patch.
    pub version: String,
    pub original_file_name: String,
    pub file_size: i32,
    pub mime_type: Option<String>,
    /// SHA-256 of the file (hex).
    pub sha256: Option<String>,
    pub uploaded_at: DateTime<Utc>,
    /// The changelog clients see next to the download.
    pub notes: Option<String>,
    pub active: bool,
    /// The license check it carries: 2 (answers verified with the robot's
    /// public key), 1 (the older check with the key inside the robot:
    /// rebuild it from its source), null (an uploaded .ex5: none we know of).
    pub license_protocol: Option<i16>,
    /// The compile job that made the file (null: an uploaded .ex5).
    pub compile_job_id: Option<Uuid>,
    /// SHA-256 of the source that job compiled (hex).
    pub source_sha256: Option<String>,
    /// Its source imports a DLL (buyers are told on the robot's page).
    pub loads_dll: bool,
    /// Its newest backtest, whatever its status (null: never tested; only
    /// the versions list fills it).
    pub latest_backtest: Option<crate::views::backtests::BacktestView>,
    /// The tag its license check sends (16 hex), by which the check knows
    /// the version running; null for an uploaded .ex5 or an older source.
    pub version_tag: Option<String>,
    /// When the owner withdrew it (null: offered). Robots running a
    /// withdrawn version stop at their next check and are told to download
    /// the active one.
    pub withdrawn_at: Option<DateTime<Utc>>,
    /// Installations running it, seen in the last 30 days (only the versions
    /// list fills it).
    pub installations: i64,
}

impl VersionItem {
    fn new(v: RobotVersion, active: Option<&str>) -> Self {
        Self {
            active: active == Some(v.version.as_str()),
            id: v.id,
            version: v.version,
            original_file_name: v.original_file_name,
            file_size: v.file_size,
            mime_type: v.mime_type,
            sha256: v.sha256,
            uploaded_at: v.uploaded_at,
            notes: v.notes,
            license_protocol: v.license_protocol,
            compile_job_id: v.compile_job_id,
            source_sha256: v.source_sha256,
            loads_dll: v.loads_dll,
            latest_backtest: None,
            version_tag: v.version_tag,
            withdrawn_at: v.withdrawn_at,
            installations: 0,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RobotVersions {
    pub robot: RobotItem,
    pub active_version: Option<String>,
    /// Highest first.
    pub versions: Vec<VersionItem>,
    /// 1.0.0 for the first, else the highest major plus one.
    pub suggested_version: String,
    /// Only the activation's answer: whom the "Nova versão" e-mail goes to,
    /// or why it does not go.
    pub announcement: Option<VersionAnnouncement>,
}

fn suggested(versions: &[VersionItem]) -> String {
    let highest = versions.iter().filter_map(|v| v.version.split('.').next()?.parse::<u32>().ok()).max();
    match highest {
        None => "1.0.0".into(),
        Some(major) => format!("{}.0.0", (major + 1).min(999)),
    }
}

async fn versions_of(
    tx: &mut shared::infrastructure::db::Tx,
    owner: &SignedInOwner,
    robot_id: Uuid,
) -> Result<RobotVersions, AppError> {
    let robot = find_own(tx, owner, robot_id).await?;
    let active = robot.active_version.clone();
    let listed = robot_versions::list(tx, owner.tenant.id, robot_id).await?;
    let files: Vec<String> = listed.iter().map(|v| v.file_path.clone()).collect();
    let runs = shared::repositories::backtests::latest_for_files(tx, owner.tenant.id, &files).await?;
    let running = robot_versions::installations_by_version(tx, owner.tenant.id, robot_id).await?;
    let versions: Vec<VersionItem> = listed
        .into_iter()
        .map(|v| {
            let run = runs.iter().find(|b| b.file_key == v.file_path).map(crate::views::backtests::BacktestView::from);
            let installations = running.iter().find(|r| r.version_id == Some(v.id)).map_or(0, |r| r.installations);
            VersionItem { latest_backtest: run, installations, ..VersionItem::new(v, active.as_deref()) }
        })
        .collect();
    Ok(RobotVersions {
        suggested_version: suggested(&versions),
        robot,
        active_version: active,
        versions,
        announcement: None,
    })
}

#[utoipa::path(operation_id = "tenantListRobotVersions", get, path = "/api/tenant/robots/{robotId}/versions", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("robotId" = Uuid, Path)),
    responses((status = 200, body = RobotVersions), OwnerErrors))]
pub async fn list(owner: SignedInOwner, PathId(robot_id, _): PathId<UnknownRobot>) -> ApiResult<Json<RobotVersions>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let versions = versions_of(&mut tx, &owner, robot_id).await?;
    tx.commit().await?;
    Ok(Json(versions))
}

/// `major.minor.patch`, each 1–3 digits; blank minor and patch are 0.
fn version_number(v: &mut Validator, text: Option<&str>) -> Option<String> {
    let text = text.map(str::trim).unwrap_or_default();
    let parts: Vec<&str> = if text.is_empty() { Vec::new() } else { text.split('.').collect() };
    let digits = |p: &str| !p.is_empty() && p.len() <= 3 && p.chars().all(|c| c.is_ascii_digit());
    let ok = (1..=3).contains(&parts.len()) && parts.iter().all(|p| digits(p));
    v.check(!text.is_empty(), "version", "Obrigatório");
    v.check(text.is_empty() || ok, "version", "Versão inválida: use Major.Minor.Patch com até 3 dígitos cada");
    if !ok {
        return None;
    }
    let number = |i: usize| parts.get(i).map(|p| p.parse::<u32>().unwrap_or(0)).unwrap_or(0);
    Some(format!("{}.{}.{}", number(0), number(1), number(2)))
}

fn notes_field(v: &mut Validator, text: Option<&str>) -> Option<String> {
    let notes = text.map(str::trim).filter(|n| !n.is_empty()).map(str::to_string);
    v.check(
        notes.as_deref().is_none_or(|n| char_len(n) <= MAX_NOTES),
        "notes",
        "Notas devem ter no máximo 5000 caracteres",
    );
    notes
}

/// A robot file accepted by content, stored under a new key.
struct Stored {
    key: String,
    kind: RobotFile,
    sha256: String,
    size: i32,
    name: String,
}

async fn store_robot_file(state: &AppState, tenant: Uuid, file: UploadedFile) -> Result<Stored, AppError> {
    // Opening a package inflates up to 50 MB and hashing reads as much:
    // tenths of a second, off the request threads. A refused package names
    // what is wrong inside it (decision 0020).
    let (judged, sha256, file) = tokio::task::spawn_blocking(move || {
        let judged = uploads::judge_robot_file(&file.name, &file.bytes);
        let sha256 = shared::infrastructure::secrets::sha256_hex_of(&file.bytes);
        (judged, sha256, file)
    })
    .await
    .map_err(AppError::internal)?;
    let kind = judged.map_err(|reason| AppError::validation_field("file", &reason))?;
    let size = i32::try_from(file.bytes.len()).map_err(|_| AppError::PayloadTooLarge(ROBOT_FILE_TOO_LARGE.into()))?;
    let key = new_key(tenant, "versions", kind.extension());
    crate::storage_quota::put_within_quota(state, tenant, &key, Bytes::from(file.bytes)).await?;
    Ok(Stored { key, kind, sha256, size, name: file.name })
}

fn mime(kind: RobotFile) -> &'static str {
    match kind {
        RobotFile::Ex5 => "application/octet-stream",
        RobotFile::Zip => "application/zip",
    }
}

/// Uploads a version (multipart: `file` .ex5 or .zip, `version`, `notes`).
/// A version number is uploaded once; the first version becomes active.
#[utoipa::path(operation_id = "tenantUploadRobotVersion", post, path = "/api/tenant/robots/{robotId}/versions/upload",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("robotId" = Uuid, Path)),
    request_body(content_type = "multipart/form-data", description = "campos `file`, `version`, `notes`"),
    responses((status = 201, body = VersionItem), (status = 413, body = crate::api_error::ErrorBody), OwnerErrors))]
pub async fn upload(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(robot_id, _): PathId<UnknownRobot>,
    request: Request,
) -> ApiResult<(StatusCode, Json<VersionItem>)> {
    owner.require(Capability::ManageRobots)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, robot_id).await?;
    tx.commit().await?;
    let mut multipart = multipart_of(request, &state).await?;
    let form = read_form(&mut multipart, "file", MAX_ROBOT_FILE_BYTES, ROBOT_FILE_TOO_LARGE).await?;
    let mut v = Validator::new();
    let version = version_number(&mut v, form.text("version"));
    let notes = notes_field(&mut v, form.text("notes"));
    v.check(form.file.is_some(), "file", "Arquivo é obrigatório");
    v.finish()?;
    let version = version.expect("validated");
    let stored = store_robot_file(&state, tenant, form.file.expect("validated")).await?;

    let saved = async {
        let mut tx = owner.begin().await.map_err(|e| e.0)?;
        let row = robot_versions::create(
            &mut tx,
            NewVersion {
                tenant_id: tenant,
                robot_id,
                version: &version,
                file_path: &stored.key,
                original_file_name: &stored.name,
                mime_type: mime(stored.kind),
                file_size: stored.size,
                sha256: &stored.sha256,
                notes: notes.as_deref(),
                // An uploaded file's check (if any) is unknown to us.
                license_protocol: None,
                provenance: None,
            },
        )
        .await?;
        let active = match robot.active_version.as_deref() {
            Some(active) => Some(active.to_string()),
            None => {
                let activated = robot_versions::activate(&mut tx, tenant, robot_id, &version).await?;
                if activated {
                    // A robot sold before it had a file: its buyers hear it is there.
                    version_announcement::announce(&mut tx, tenant, robot_id, &version).await?;
                }
                activated.then(|| version.clone())
            }
        };
        owner
            .audit(
                &mut tx,
                Action::Create,
                "robot_version",
                row.id,
                &serde_json::Value::Null,
                &json!({ "robotId": robot_id, "version": version, "sha256": stored.sha256, "fileSize": stored.size }),
            )
            .await?;
        tx.commit().await?;
        Ok::<_, AppError>(VersionItem::new(row, active.as_deref()))
    }
    .await;
    match saved {
        Ok(item) => Ok((StatusCode::CREATED, Json(item))),
        Err(e) => {
            // The row was not written: the file must not linger unnamed.
            state.storage.delete(&stored.key).await.ok();
            Err(e.into())
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ActivateVersionRequest {
    /// Major.Minor.Patch of an uploaded version.
    pub version: Option<String>,
}

pub const WITHDRAWN_CANNOT_BE_ACTIVATED: &str =
    "Esta versão foi retirada. Restaure-a antes de ativá-la, ou ative outra versão.";
pub const ACTIVE_CANNOT_BE_WITHDRAWN: &str =
    "Esta é a versão ativa, a que os clientes baixam. Ative outra versão antes de retirar esta.";

/// Makes a version the one clients download and e-mails the robot's current
/// buyers about it ("Nova versão", once per buyer and version; the answer's
/// `announcement` says to how many, or why not).
#[utoipa::path(operation_id = "tenantActivateRobotVersion", patch, path = "/api/tenant/robots/{robotId}/active-version",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("robotId" = Uuid, Path)),
    request_body = ActivateVersionRequest,
    responses((status = 200, body = RobotVersions), (status = 422, body = crate::api_error::ErrorBody), OwnerErrors))]
pub async fn activate(
    owner: SignedInOwner,
    PathId(robot_id, _): PathId<UnknownRobot>,
    ApiJson(body): ApiJson<ActivateVersionRequest>,
) -> ApiResult<Json<RobotVersions>> {
    owner.require(Capability::ManageRobots)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let before = find_own(&mut tx, &owner, robot_id).await?;
    let mut v = Validator::new();
    let version = version_number(&mut v, body.version.as_deref());
    v.finish()?;
    let version = version.expect("validated");
    // Under the robot's lock, which a withdrawal takes too: the version read
    // next cannot be withdrawn before this activation commits.
    robot_versions::lock_robot(&mut tx, tenant, robot_id).await?;
    let target = robot_versions::find_by_number(&mut tx, tenant, robot_id, &version).await?;
    if target.as_ref().is_some_and(|v| v.withdrawn_at.is_some()) {
        return Err(AppError::Unprocessable(WITHDRAWN_CANNOT_BE_ACTIVATED.into()).into());
    }
    if !robot_versions::activate(&mut tx, tenant, robot_id, &version).await? {
        return Err(AppError::validation_field("version", VERSION_NOT_FOUND).into());
    }
    owner
        .audit(
            &mut tx,
            Action::Update,
            "robot",
            robot_id,
            &json!({ "activeVersion": before.active_version }),
            &json!({ "activeVersion": version }),
        )
        .await?;
    let announcement = version_announcement::announce(&mut tx, tenant, robot_id, &version).await?;
    let versions = versions_of(&mut tx, &owner, robot_id).await?;
    tx.commit().await?;
    crate::personal_builds::queue_for_robot(owner.pool(), tenant, robot_id).await;
    Ok(Json(RobotVersions { announcement, ..versions }))
}

/// Withdraws a version: robots running it stop at their next check and are
/// told to download the active version. The active version cannot be
/// withdrawn (422): another must be activated first.
#[utoipa::path(operation_id = "tenantWithdrawRobotVersion", post,
    path = "/api/tenant/robots/{robotId}/versions/{versionId}/withdraw", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("robotId" = Uuid, Path), ("versionId" = Uuid, Path)),
    responses((status = 200, body = VersionItem), (status = 422, body = crate::api_error::ErrorBody), OwnerErrors))]
pub async fn withdraw(
    owner: SignedInOwner,
    PathIds(robot_id, version_id, _): PathIds<UnknownRobot, UnknownVersion>,
) -> ApiResult<Json<VersionItem>> {
    owner.require(Capability::ManageRobots)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, robot_id).await?;
    let before = robot_versions::find(&mut tx, tenant, robot_id, version_id).await?.or_not_found(VERSION_NOT_FOUND)?;
    let row = match robot_versions::withdraw(&mut tx, tenant, robot_id, version_id).await? {
        Withdrawal::Withdrawn(row) => *row,
        Withdrawal::IsActive => return Err(AppError::Unprocessable(ACTIVE_CANNOT_BE_WITHDRAWN.into()).into()),
        Withdrawal::NotFound => return Err(AppError::NotFound(VERSION_NOT_FOUND.into()).into()),
    };
    audit_withdrawal(&owner, &mut tx, &before, &row).await?;
    tx.commit().await?;
    Ok(Json(VersionItem::new(row, robot.active_version.as_deref())))
}

/// Offers a withdrawn version again: robots running it pass the check.
#[utoipa::path(operation_id = "tenantRestoreRobotVersion", post,
    path = "/api/tenant/robots/{robotId}/versions/{versionId}/restore", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("robotId" = Uuid, Path), ("versionId" = Uuid, Path)),
    responses((status = 200, body = VersionItem), OwnerErrors))]
pub async fn restore(
    owner: SignedInOwner,
    PathIds(robot_id, version_id, _): PathIds<UnknownRobot, UnknownVersion>,
) -> ApiResult<Json<VersionItem>> {
    owner.require(Capability::ManageRobots)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, robot_id).await?;
    let before = robot_versions::find(&mut tx, tenant, robot_id, version_id).await?.or_not_found(VERSION_NOT_FOUND)?;
    let row = robot_versions::restore(&mut tx, tenant, robot_id, version_id).await?.or_not_found(VERSION_NOT_FOUND)?;
    audit_withdrawal(&owner, &mut tx, &before, &row).await?;
    tx.commit().await?;
    Ok(Json(VersionItem::new(row, robot.active_version.as_deref())))
}

async fn audit_withdrawal(
    owner: &SignedInOwner,
    tx: &mut shared::infrastructure::db::Tx,
    before: &RobotVersion,
    after: &RobotVersion,
) -> Result<(), AppError> {
    owner
        .audit(
            tx,
            Action::Update,
            "robot_version",
            after.id,
            &json!({ "version": before.version, "withdrawnAt": before.withdrawn_at }),
            &json!({ "version": after.version, "withdrawnAt": after.withdrawn_at }),
        )
        .await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct VersionNotesRequest {
    /// Blank clears them.
    #[schema(max_length = 5000)]
    pub notes: Option<String>,
}

/// Changes a version's notes (JSON `{notes}`) or replaces its file
/// (multipart `file` and optional `notes`).
#[utoipa::path(operation_id = "tenantUpdateRobotVersion", patch, path = "/api/tenant/robots/{robotId}/versions/{versionId}",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])),
    params(("robotId" = Uuid, Path), ("versionId" = Uuid, Path)), request_body = VersionNotesRequest,
    responses((status = 200, body = VersionItem), (status = 413, body = crate::api_error::ErrorBody), OwnerErrors))]
pub async fn update(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathIds(robot_id, version_id, _): PathIds<UnknownRobot, UnknownVersion>,
    request: Request,
) -> ApiResult<Json<VersionItem>> {
    owner.require(Capability::ManageRobots)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, robot_id).await?;
    let before = robot_versions::find(&mut tx, tenant, robot_id, version_id).await?.or_not_found(VERSION_NOT_FOUND)?;
    tx.commit().await?;

    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let (notes_text, file) = if multipart {
        let mut multipart = multipart_of(request, &state).await?;
        let form = read_form(&mut multipart, "file", MAX_ROBOT_FILE_BYTES, ROBOT_FILE_TOO_LARGE).await?;
        (form.text("notes").map(str::to_string), form.file)
    } else {
        let ApiJson(body) = ApiJson::<VersionNotesRequest>::from_request(request, &state).await?;
        (body.notes, None)
    };
    let mut v = Validator::new();
    let notes = notes_field(&mut v, notes_text.as_deref());
    v.finish()?;
    let stored = match file {
        Some(file) => Some(store_robot_file(&state, tenant, file).await?),
        None => None,
    };
    let saved = async {
        let mut tx = owner.begin().await.map_err(|e| e.0)?;
        let new_file = stored.as_ref().map(|s| NewFile {
            file_path: &s.key,
            original_file_name: &s.name,
            mime_type: mime(s.kind),
            file_size: s.size,
            sha256: &s.sha256,
        });
        let notes_change = if notes_text.is_some() || stored.is_none() { Some(notes.as_deref()) } else { None };
        let row = robot_versions::update(&mut tx, tenant, version_id, notes_change, new_file)
            .await?
            .or_not_found(VERSION_NOT_FOUND)?;
        owner
            .audit(
                &mut tx,
                Action::Update,
                "robot_version",
                version_id,
                &json!({ "notes": before.notes, "sha256": before.sha256 }),
                &json!({ "notes": row.notes, "sha256": row.sha256 }),
            )
            .await?;
        tx.commit().await?;
        Ok::<_, AppError>(row)
    }
    .await;
    match saved {
        Ok(row) => {
            if stored.is_some() {
                state.storage.delete(&before.file_path).await.ok();
            }
            Ok(Json(VersionItem::new(row, robot.active_version.as_deref())))
        }
        Err(e) => {
            if let Some(s) = &stored {
                state.storage.delete(&s.key).await.ok();
            }
            Err(e.into())
        }
    }
}

/// Streams a version's file (by version id or by Major.Minor.Patch).
#[utoipa::path(operation_id = "tenantDownloadRobotVersion", get, path = "/api/tenant/robots/{robotId}/versions/{version}/download",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])),
    params(("robotId" = Uuid, Path), ("version" = String, Path, description = "id or Major.Minor.Patch")),
    responses((status = 200, description = "the file", content_type = "application/octet-stream"), OwnerErrors))]
pub async fn download(
    State(state): State<AppState>,
    owner: SignedInOwner,
    Path((robot_id, version)): Path<(String, String)>,
) -> ApiResult<Response> {
    owner.require(Capability::ViewRobots)?;
    let robot_id = path_id(&robot_id, UNKNOWN_ROBOT)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    find_own(&mut tx, &owner, robot_id).await?;
    let row = match Uuid::parse_str(version.trim()) {
        Ok(id) => robot_versions::find(&mut tx, tenant, robot_id, id).await?,
        Err(_) => robot_versions::find_by_number(&mut tx, tenant, robot_id, version.trim()).await?,
    }
    .or_not_found(VERSION_NOT_FOUND)?;
    tx.commit().await?;
    file_response(&state, &row.file_path, &row.original_file_name).await
}

/// `/api/tenant/robots/{robotId}/versions`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(upload))
        .routes(routes!(activate))
        .routes(routes!(update))
        .routes(routes!(withdraw))
        .routes(routes!(restore))
        .routes(routes!(download))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_ROBOT_FILE_BYTES + 64 * 1024))
}
