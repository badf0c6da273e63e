//! `/api/tenant/compilation-jobs`: importing an `.mq5`. The source gets the
//! license check injected for the robot it names (created when the tenant
//! has none of that name), a compile job is queued for the fleet, and the
//! owner follows it (live on the stream, or by polling) until the `.ex5`
//! becomes the robot's next version. The source itself never comes back:
//! the injected code carries the robot's signing key.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use shared::domain::compile_diagnostics;
use shared::domain::mql5::{self, InjectionValues};
use shared::domain::owner_permissions::Capability;
use shared::domain::validation::{char_len, Validator};
use shared::repositories::audit_log::Action;
use shared::repositories::compile_jobs::{self, NewImport};
use shared::repositories::{auth_template, robot_versions, tenant_limits, tenant_robots};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, ErrorBody, OwnerErrors};
use crate::auth_injection::inject_for_robot;
use crate::extractors::{PathId, SignedInOwner};
use crate::views::compilation_jobs::{check_daily_imports, item, CompilationJobItem, ImportedVersion};
use crate::views::files::file_response;
use crate::AppState;

pub const JOB_NOT_FOUND: &str = "Compilação não encontrada";
crate::not_found_as!(UnknownJob, JOB_NOT_FOUND);
const NOT_COMPILED: &str = "Esta compilação ainda não gerou um arquivo .ex5";
const REQUIRED: &str = "Campos obrigatórios";
/// An EA's source is a few hundred KB at most; 1 MB leaves room.
pub const MAX_SOURCE_CHARS: usize = 1_000_000;
const MAX_ROBOT_NAME: usize = 200;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ImportRequest {
    #[schema(min_length = 1, max_length = 200)]
    pub robot_name: Option<String>,
    /// The `.mq5` text (the browser decodes UTF-8 or UTF-16 files).
    #[schema(min_length = 1, max_length = 1000000)]
    pub source_code: Option<String>,
    /// The uploaded file's name; must end in `.mq5` when given.
    #[schema(max_length = 255)]
    pub file_name: Option<String>,
}

pub const NO_AGENT_AVAILABLE: &str =
    "Nenhum agente de compilação disponível no momento: o job mantém seu lugar na fila \
                                      e será compilado assim que um agente se conectar.";

struct CheckedImport {
    robot_name: String,
    source_code: String,
    file_name: Option<String>,
}

fn validate(body: &ImportRequest) -> Result<CheckedImport, AppError> {
    let mut v = Validator::new();
    let robot_name = body.robot_name.as_deref().map(str::trim).unwrap_or_default().to_string();
    let source_code = body.source_code.as_deref().unwrap_or_default().trim_start_matches('\u{feff}').to_string();
    let file_name = body.file_name.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(str::to_string);
    v.check(!robot_name.is_empty(), "robotName", REQUIRED);
    v.check(char_len(&robot_name) <= MAX_ROBOT_NAME, "robotName", "O nome do robô pode ter no máximo 200 caracteres");
    v.check(!source_code.trim().is_empty(), "sourceCode", REQUIRED);
    v.check(char_len(&source_code) <= MAX_SOURCE_CHARS, "sourceCode", "O código-fonte pode ter no máximo 1 MB");
    v.check(
        file_name.as_deref().is_none_or(|n| n.to_lowercase().ends_with(".mq5") && char_len(n) <= 255),
        "fileName",
        "Arquivo inválido",
    );
    v.finish()?;
    Ok(CheckedImport { robot_name, source_code, file_name })
}

/// Queues an imported `.mq5` for compilation: the license check is injected
/// for the robot of that name (created when the tenant has none) and the job
/// waits for a compile agent. A source that cannot take the check is refused
/// (422) and nothing is created.
#[utoipa::path(operation_id = "tenantCreateCompilationJob", post, path = "/api/tenant/compilation-jobs", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), request_body = ImportRequest,
    responses((status = 201, body = CompilationJobItem), OwnerErrors, (status = 422, body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    owner: SignedInOwner,
    ApiJson(body): ApiJson<ImportRequest>,
) -> ApiResult<(StatusCode, Json<CompilationJobItem>)> {
    owner.require(Capability::ManageRobots)?;
    let checked = validate(&body)?;
    let tenant = owner.tenant.id;

    let mut tx = owner.begin().await?;
    let policy = tenant_limits::directive_policy(&mut tx, tenant).await?;
    let existing = tenant_robots::find_by_name(&mut tx, tenant, &checked.robot_name).await?;
    let template = auth_template::current(&mut tx).await?;
    tx.commit().await?;
    // Nothing that reads outside the job (a path on the agent's host, a DLL
    // the admin did not allow) is ever queued.
    mql5::check_directives(&checked.source_code, policy)
        .map_err(|refusal| AppError::validation_field("sourceCode", &refusal.to_string()))?;
    crate::storage_quota::ensure_room(&state, tenant, 0).await?;
    // A new robot is only created for a source that takes the check: tried
    // first with stand-in values (the real ones need the robot).
    if existing.is_none() {
        let template = template.ok_or_else(|| AppError::internal("no authentication template (seeded at start-up)"))?;
        mql5::inject(&checked.source_code, &template.template_code, &STAND_IN)
            .map_err(|e| AppError::Unprocessable(e.to_string()))?;
    }
    let robot = match existing {
        Some(robot) => robot,
        None => {
            let mut tx = owner.begin().await?;
            let new = tenant_robots::NewTenantRobot {
                tenant_id: tenant,
                name: checked.robot_name.clone(),
                // Buyers read the description: how the file arrived is not theirs to read.
                description: None,
                logo_url: None,
                active: true,
                file_path: None,
                version: None,
            };
            let robot = tenant_robots::create(&mut tx, &state.config.secrets, new).await?;
            let created = json!({ "name": robot.name, "origin": "import" });
            owner.audit(&mut tx, Action::Create, "robot", robot.id, &Value::Null, &created).await?;
            tx.commit().await?;
            robot
        }
    };
    let injected = inject_for_robot(&state, &robot, &checked.source_code).await?;

    let mut tx = owner.begin().await?;
    check_daily_imports(&mut tx, &state, tenant).await?;
    let job = compile_jobs::create_import(
        &mut tx,
        NewImport {
            tenant_id: tenant,
            robot_id: robot.id,
            robot_name: &robot.name,
            source_code: &injected.source,
            uploaded_source: &checked.source_code,
            original_file_name: checked.file_name.as_deref(),
            generation_id: None,
        },
    )
    .await?;
    let audited = json!({ "robotId": robot.id, "robotName": robot.name, "fileName": checked.file_name,
                          "templateVersion": injected.template_version });
    owner.audit(&mut tx, Action::Create, "compilation_job", job.id, &Value::Null, &audited).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(item(job, None))))
}

/// Values that only check whether a source can take the license check.
const STAND_IN: InjectionValues<'static> = InjectionValues {
    auth_url: "https://exemplo.com.br/api/webhooks/validate-license",
    tenant_id: "00000000-0000-0000-0000-000000000000",
    tenant_domain: "exemplo.com.br",
    robot_id: "00000000-0000-0000-0000-000000000000",
    signing_key: "0000000000000000000000000000000000000000000000000000000000000000",
    public_key: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
    lapse_policy: shared::domain::mql5::LapsePolicy::Stop,
    version_tag: "0000000000000000",
};

/// One of the owner's compile jobs: status, errors and, once compiled, the
/// version it became.
#[utoipa::path(operation_id = "tenantGetCompilationJob", get, path = "/api/tenant/compilation-jobs/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = CompilationJobItem), OwnerErrors))]
pub async fn get(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownJob>,
) -> ApiResult<Json<CompilationJobItem>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let job = compile_jobs::find(&mut tx, owner.tenant.id, id).await?.or_not_found(JOB_NOT_FOUND)?;
    let sources = match job.diagnostics.is_some() {
        true => compile_jobs::sources(&mut tx, owner.tenant.id, id).await?,
        false => None,
    };
    let version = match (job.robot_id, job.robot_version_id) {
        (Some(robot), Some(version)) => {
            let row = robot_versions::find(&mut tx, owner.tenant.id, robot, version).await?;
            let active = tenant_robots::find(&mut tx, owner.tenant.id, robot).await?.and_then(|r| r.active_version);
            row.map(|v| ImportedVersion {
                active: active.as_deref() == Some(v.version.as_str()),
                id: v.id,
                version: v.version,
            })
        }
        _ => None,
    };
    tx.commit().await?;
    let diagnostics = compile_diagnostics::placed(job.diagnostics.as_ref(), sources.as_ref());
    let waited = chrono::Utc::now() - job.created_at;
    let stalled = job.status == "pending" && waited.to_std().is_ok_and(|w| w >= state.config.compile_wait_notice);
    let waiting_reason = stalled.then(|| NO_AGENT_AVAILABLE.to_string());
    Ok(Json(CompilationJobItem { diagnostics, waiting_reason, ..item(job, version) }))
}

/// The compiled `.ex5` of one of the owner's jobs.
#[utoipa::path(operation_id = "tenantDownloadCompilationJob", get, path = "/api/tenant/compilation-jobs/{id}/download",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, description = "the .ex5", content_type = "application/octet-stream"), OwnerErrors))]
pub async fn download(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownJob>,
) -> ApiResult<Response> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let job = compile_jobs::find(&mut tx, owner.tenant.id, id).await?.or_not_found(JOB_NOT_FOUND)?;
    tx.commit().await?;
    let key = job.compiled_file_url.filter(|_| job.status == "completed").or_not_found(NOT_COMPILED)?;
    let name = format!("{}.ex5", shared::workflows::compiled_imports::file_stem(&job.robot_name));
    file_response(&state, &key, &name).await
}

/// `/api/tenant/compilation-jobs/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(get))
        .routes(routes!(download))
        // The JSON of a 1 MB source, escaped, with room to spare.
        .layer(axum::extract::DefaultBodyLimit::max(8 * 1024 * 1024))
}
