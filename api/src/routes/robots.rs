//! `/api/robots/{id}/...`: robot operations shared by the platform admin and
//! the owning tenant.

use axum::extract::{Path, State};
use axum::Json;
use serde::Serialize;
use shared::db::{self, Scope};
use shared::mql5::{self, InjectionValues};
use shared::portal::domain_of_url;
use shared::repositories::{auth_template, tenant_robots, tenants};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiBytes, ApiResult, OwnerErrors};
use crate::extractors::SignedInManager;
use crate::AppState;

pub const UNKNOWN_ROBOT: &str = "Robô não encontrado";

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

    // The signing key is read by the system on the caller's behalf: no
    // principal's role may read it directly.
    let mut tx = db::begin(&state.pool, Scope::worker_for(robot.tenant_id)).await?;
    let tenant = tenants::find(&mut tx, robot.tenant_id).await?.ok_or_else(unknown)?;
    let key = tenant_robots::signing_key(&mut tx, &state.config.secrets, robot.tenant_id, robot.id)
        .await?
        .ok_or_else(|| AppError::internal("robot signing key unreadable (SECRETS_KEY changed?)"))?;
    let template = auth_template::current(&mut tx)
        .await?
        .ok_or_else(|| AppError::internal("no authentication template (seeded at start-up)"))?;
    tx.commit().await?;

    let domain = domain_of_url(&tenant.url);
    let auth_url = format!("https://{domain}/api/webhooks/validate-license");
    let (tenant_id, robot_text) = (tenant.id.to_string(), robot.id.to_string());
    let values = InjectionValues {
        auth_url: &auth_url,
        tenant_id: &tenant_id,
        tenant_domain: &domain,
        robot_id: &robot_text,
        signing_key: &key,
    };
    let injected =
        mql5::inject(&source, &template.template_code, &values).map_err(|e| AppError::Unprocessable(e.to_string()))?;
    Ok(Json(InjectedSource { robot_id: robot.id, source: injected, template_version: template.version }))
}

/// `/api/robots/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(inject_auth))
}
