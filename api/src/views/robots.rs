//! A robot as the admin and owner see, send and audit it; the owner's lookup of their own robot and version.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::portal::domain_of_url;
use shared::domain::validation::{char_len, Validator};
use shared::infrastructure::db::Tx;
use shared::repositories::tenant_robots;
use shared::repositories::tenant_robots::RobotListRow;
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::extractors::SignedInOwner;
use crate::form_input::{blank_to_none, id_field, text_field};

pub const UNKNOWN_ROBOT: &str = "Robô não encontrado";
crate::not_found_as!(UnknownRobot, UNKNOWN_ROBOT);

/// The robot's tenant, as the admin's list needs it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RobotTenant {
    pub id: Uuid,
    pub name: String,
    pub url: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RobotItem {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub tenant: RobotTenant,
    pub name: String,
    pub logo_url: Option<String>,
    pub description: Option<String>,
    pub platform: String,
    pub file_path: Option<String>,
    pub version: String,
    pub active_version: Option<String>,
    pub active: bool,
    /// `https://{tenant domain}/api/webhooks/hotmart/robot/{id}`; None when
    /// the tenant has no URL.
    pub webhook_url: Option<String>,
    /// When the webhook last received a valid postback (None: never).
    pub webhook_verified_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// Days a trial license of this robot runs when no end date is chosen (1–90).
    pub trial_days: i32,
}

/// Where Hotmart must post this robot's sales.
pub fn webhook_url(tenant_url: &str, robot_id: Uuid) -> Option<String> {
    let domain = domain_of_url(tenant_url);
    (!domain.is_empty()).then(|| format!("https://{domain}/api/webhooks/hotmart/robot/{robot_id}"))
}

impl From<RobotListRow> for RobotItem {
    fn from(r: RobotListRow) -> Self {
        let robot = r.robot;
        Self {
            id: robot.id,
            tenant_id: robot.tenant_id,
            webhook_url: webhook_url(&r.tenant_url, robot.id),
            tenant: RobotTenant { id: robot.tenant_id, name: r.tenant_name, url: r.tenant_url },
            name: robot.name,
            logo_url: robot.logo_url,
            description: robot.description,
            platform: robot.platform,
            file_path: r.file_path,
            version: robot.version,
            active_version: robot.active_version,
            active: robot.active,
            webhook_verified_at: robot.webhook_verified_at,
            created_at: robot.created_at,
            trial_days: robot.trial_days,
        }
    }
}

pub(crate) fn audited(r: &RobotItem) -> Value {
    json!({ "tenantId": r.tenant_id, "name": r.name, "logoUrl": r.logo_url, "description": r.description,
            "filePath": r.file_path, "version": r.version, "active": r.active, "trialDays": r.trial_days })
}

crate::audited_as!(RobotItem, "robot", audited);

/// A robot as the admin's dialog sends it. The tenant is set at creation
/// and cannot change.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RobotRequest {
    pub tenant_id: Option<String>,
    #[schema(min_length = 1, max_length = 200)]
    pub name: Option<String>,
    #[schema(max_length = 2000)]
    pub logo_url: Option<String>,
    #[schema(max_length = 5000)]
    pub description: Option<String>,
    /// Only MT5 exists.
    pub platform: Option<String>,
    #[schema(max_length = 500)]
    pub file_path: Option<String>,
    /// Default 1.0.0.
    #[schema(max_length = 40)]
    pub version: Option<String>,
    pub active: Option<bool>,
}

pub(crate) struct CheckedRobot {
    pub tenant_id: Option<Uuid>,
    pub name: Option<String>,
    pub logo_url: Option<String>,
    pub description: Option<String>,
    pub file_path: Option<String>,
    pub version: Option<String>,
}

/// Checks a robot form. `tenant_required`: the admin picks the tenant on
/// creation; an owner's robots are always of their own tenant.
pub(crate) fn validate_robot(
    body: &RobotRequest,
    creating: bool,
    tenant_required: bool,
) -> Result<CheckedRobot, AppError> {
    let mut v = Validator::new();
    let tenant_id =
        id_field(&mut v, "tenantId", body.tenant_id.as_deref(), creating && tenant_required, "Selecione um tenant");
    let name = blank_to_none(body.name.as_deref());
    if creating || body.name.is_some() {
        v.check(name.is_some(), "name", "Nome é obrigatório");
        v.check(name.as_deref().is_none_or(|n| char_len(n) <= 200), "name", "Nome deve ter no máximo 200 caracteres");
    }
    let logo_url = text_field(&mut v, "logoUrl", body.logo_url.as_deref(), 2000, "URL do logo longa demais");
    v.check(
        logo_url.as_deref().is_none_or(|u| u.starts_with("https://") || u.starts_with("http://") || u.starts_with('/')),
        "logoUrl",
        "URL do logo inválida",
    );
    let description = text_field(
        &mut v,
        "description",
        body.description.as_deref(),
        5000,
        "Descrição deve ter no máximo 5000 caracteres",
    );
    let file_path = text_field(&mut v, "filePath", body.file_path.as_deref(), 500, "Caminho longo demais");
    let platform = blank_to_none(body.platform.as_deref());
    v.check(platform.as_deref().is_none_or(|p| p == "MT5"), "platform", "Plataforma inválida (apenas MT5)");
    let version = blank_to_none(body.version.as_deref());
    if body.version.is_some() {
        v.check(version.is_some(), "version", "Versão é obrigatória");
    }
    v.check(version.as_deref().is_none_or(|n| char_len(n) <= 40), "version", "Versão deve ter no máximo 40 caracteres");
    v.finish()?;
    Ok(CheckedRobot { tenant_id, name, logo_url, description, file_path, version })
}

/// The robot, checked to be of the owner's tenant.
pub async fn find_own(tx: &mut Tx, owner: &SignedInOwner, id: Uuid) -> Result<RobotItem, AppError> {
    tenant_robots::find_listed(tx, id)
        .await?
        .filter(|r| r.robot.tenant_id == owner.tenant.id)
        .map(RobotItem::from)
        .or_not_found(UNKNOWN_ROBOT)
}

pub const VERSION_NOT_FOUND: &str = "Versão não encontrada";
crate::not_found_as!(UnknownVersion, VERSION_NOT_FOUND);
