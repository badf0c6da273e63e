//! `/api/tenant/robots/{id}/license`: how a robot's license check behaves —
//! the public key its `.ex5` verifies answers with (protocol v2), the
//! offline grace period, how a license gets its MetaTrader account, and
//! which of its versions still carry the older check (protocol v1, the key
//! inside the robot) and should be rebuilt.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::owner_permissions::Capability;
use shared::domain::status::LatePayment;
use shared::domain::validation::Validator;
use shared::repositories::audit_log::Action;
use shared::repositories::compile_jobs::{self, NewImport};
use shared::repositories::robot_versions;
use shared::repositories::tenant_robots::{self, BindingPolicy, TenantRobot, MAX_OFFLINE_GRACE_SECONDS};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, OwnerErrors};
use crate::auth_injection::inject_for_robot;
use crate::extractors::{PathId, SignedInOwner};
use crate::views::compilation_jobs::{item, CompilationJobItem};
use crate::views::robots::{UnknownRobot, UNKNOWN_ROBOT};
use crate::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RobotLicenseSettings {
    /// The Ed25519 public key (64 hex characters) the robot verifies answers
    /// with; null until its first version is built.
    pub public_key: Option<String>,
    /// Seconds the robot keeps running while the server cannot be reached (0..2592000).
    pub offline_grace_seconds: i32,
    /// first_use: the first check binds the account; portal: the buyer
    /// confirms it in the client portal first.
    pub binding_policy: BindingPolicy,
    /// Versions whose check is protocol v1 (HMAC key inside the robot).
    pub v1_versions: Vec<String>,
    /// Whether the active version is one of them.
    pub active_version_uses_v1: bool,
    /// keep: a late subscription charge leaves the robot running until the
    /// paid period (plus grace) ends; suspend: its license is held
    /// (PAYMENT_OVERDUE) until the charge is paid.
    pub late_payment: LatePayment,
}

async fn settings_of(
    tx: &mut shared::infrastructure::db::Tx,
    robot: TenantRobot,
) -> Result<RobotLicenseSettings, AppError> {
    let versions = robot_versions::list(tx, robot.tenant_id, robot.id).await?;
    let v1_versions: Vec<String> =
        versions.into_iter().filter(|v| v.license_protocol == Some(1)).map(|v| v.version).collect();
    let active_version_uses_v1 = robot.active_version.as_ref().is_some_and(|a| v1_versions.contains(a));
    Ok(RobotLicenseSettings {
        public_key: robot.license_public_key,
        offline_grace_seconds: robot.offline_grace_seconds,
        binding_policy: BindingPolicy::parse(&robot.binding_policy).unwrap_or(BindingPolicy::FirstUse),
        v1_versions,
        active_version_uses_v1,
        late_payment: robot.late_payment,
    })
}

async fn own_robot(
    tx: &mut shared::infrastructure::db::Tx,
    owner: &SignedInOwner,
    id: Uuid,
) -> Result<TenantRobot, AppError> {
    tenant_robots::find(tx, owner.tenant.id, id).await?.or_not_found(UNKNOWN_ROBOT)
}

/// The robot's license settings and public key.
#[utoipa::path(operation_id = "tenantGetRobotLicense", get, path = "/api/tenant/robots/{id}/license", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = RobotLicenseSettings), OwnerErrors))]
pub async fn get(owner: SignedInOwner, PathId(id, _): PathId<UnknownRobot>) -> ApiResult<Json<RobotLicenseSettings>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let robot = own_robot(&mut tx, &owner, id).await?;
    let settings = settings_of(&mut tx, robot).await?;
    tx.commit().await?;
    Ok(Json(settings))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RobotLicenseChanges {
    #[schema(minimum = 0, maximum = 2592000)]
    pub offline_grace_seconds: Option<i64>,
    /// first_use or portal.
    pub binding_policy: Option<String>,
    /// keep or suspend.
    pub late_payment: Option<String>,
}

pub const GRACE_OUT_OF_RANGE: &str = "O período de tolerância deve ficar entre 0 e 30 dias (0 a 2592000 segundos).";
pub const UNKNOWN_LATE_PAYMENT: &str =
    "Escolha o que acontece com pagamento atrasado: \"keep\" (manter o robô até o fim do período pago) ou \"suspend\" (suspender até o pagamento).";
pub const UNKNOWN_POLICY: &str = "Política de vínculo inválida: use \"first_use\" (primeiro uso) ou \"portal\".";

/// Changes the offline grace period, the binding policy and/or what a late charge does. The next
/// check of every installation answers with the new values.
#[utoipa::path(operation_id = "tenantUpdateRobotLicense", patch, path = "/api/tenant/robots/{id}/license", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = RobotLicenseChanges, responses((status = 200, body = RobotLicenseSettings), OwnerErrors))]
pub async fn update(
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownRobot>,
    ApiJson(body): ApiJson<RobotLicenseChanges>,
) -> ApiResult<Json<RobotLicenseSettings>> {
    owner.require(Capability::ManageRobots)?;
    let mut v = Validator::new();
    let grace = body.offline_grace_seconds;
    v.check(
        grace.is_none_or(|g| (0..=i64::from(MAX_OFFLINE_GRACE_SECONDS)).contains(&g)),
        "offlineGraceSeconds",
        GRACE_OUT_OF_RANGE,
    );
    let policy = body.binding_policy.as_deref().map(BindingPolicy::parse);
    v.check(!matches!(policy, Some(None)), "bindingPolicy", UNKNOWN_POLICY);
    let late_payment = body.late_payment.as_deref().map(|text| match text.trim() {
        "keep" => Some(LatePayment::Keep),
        "suspend" => Some(LatePayment::Suspend),
        _ => None,
    });
    v.check(!matches!(late_payment, Some(None)), "latePayment", UNKNOWN_LATE_PAYMENT);
    let mut tx = owner.begin().await?;
    let before = own_robot(&mut tx, &owner, id).await?;
    v.finish()?;
    let grace = grace.map(|g| i32::try_from(g).expect("validated range"));
    let after = tenant_robots::set_license_policy(
        &mut tx,
        owner.tenant.id,
        before.id,
        grace,
        policy.flatten(),
        late_payment.flatten(),
    )
    .await?
    .or_not_found(UNKNOWN_ROBOT)?;
    let audited = |r: &TenantRobot| {
        json!({ "offlineGraceSeconds": r.offline_grace_seconds, "bindingPolicy": r.binding_policy,
                "latePayment": r.late_payment })
    };
    owner.audit(&mut tx, Action::Update, "robot_license", before.id, &audited(&before), &audited(&after)).await?;
    let settings = settings_of(&mut tx, after).await?;
    tx.commit().await?;
    Ok(Json(settings))
}

pub const NO_VERSION_TO_REBUILD: &str = "Este robô ainda não tem uma versão ativa para recompilar.";
pub const NO_SOURCE_TO_REBUILD: &str =
    "A versão ativa não veio de um .mq5 importado aqui: importe o .mq5 de novo para gerar uma versão com a verificação nova.";

/// Rebuilds the robot's active version with today's license check (protocol
/// v2): the `.mq5` that was imported for it is injected again and queued for
/// the fleet; once compiled it is the robot's next version, for the owner to
/// activate. 409 when the active version has no imported source here.
#[utoipa::path(operation_id = "tenantRebuildRobotLicense", post, path = "/api/tenant/robots/{id}/license/rebuild", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 201, body = CompilationJobItem), OwnerErrors, (status = 409, body = crate::api_error::ErrorBody),
              (status = 422, body = crate::api_error::ErrorBody)))]
pub async fn rebuild(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownRobot>,
) -> ApiResult<(StatusCode, Json<CompilationJobItem>)> {
    owner.require(Capability::ManageRobots)?;
    let mut tx = owner.begin().await?;
    let robot = own_robot(&mut tx, &owner, id).await?;
    let active = robot.active_version.clone().ok_or_else(|| AppError::Conflict(NO_VERSION_TO_REBUILD.into()))?;
    let imported = compile_jobs::imported_source_of_version(&mut tx, robot.tenant_id, robot.id, &active).await?;
    let policy = shared::repositories::tenant_limits::directive_policy(&mut tx, robot.tenant_id).await?;
    tx.commit().await?;
    let (source, file_name) = imported.ok_or_else(|| AppError::Conflict(NO_SOURCE_TO_REBUILD.into()))?;
    shared::domain::mql5::check_directives(&source, policy)
        .map_err(|refusal| AppError::Unprocessable(refusal.to_string()))?;
    let injected = inject_for_robot(&state, &robot, &source).await?;
    let mut tx = owner.begin().await?;
    crate::views::compilation_jobs::check_daily_imports(&mut tx, &state, robot.tenant_id).await?;
    let job = compile_jobs::create_import(
        &mut tx,
        NewImport {
            tenant_id: robot.tenant_id,
            robot_id: robot.id,
            robot_name: &robot.name,
            source_code: &injected.source,
            uploaded_source: &source,
            original_file_name: file_name.as_deref(),
            generation_id: None,
        },
    )
    .await?;
    let audited = json!({ "robotId": robot.id, "rebuildOf": active, "licenseProtocol": injected.protocol,
                          "templateVersion": injected.template_version });
    owner.audit(&mut tx, Action::Create, "compilation_job", job.id, &serde_json::Value::Null, &audited).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(item(job, None))))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get, update)).routes(routes!(rebuild))
}
