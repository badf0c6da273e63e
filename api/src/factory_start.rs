//! Starting the AI factory's work, for an owner (new project, adjustment)
//! or the platform admin (on a tenant's behalf): the strategy checked, the
//! model configured, the month's quota counted under a lock, the robot the
//! code will be licensed for found or reserved, and the first step queued
//! in the same transaction.

use serde::{Deserialize, Serialize};
use shared::domain::validation::{char_len, Validator};
use shared::infrastructure::config::AiConfig;
use shared::infrastructure::crypto::SecretBox;
use shared::infrastructure::db::Tx;
use shared::repositories::robot_factory::{self, NewVersion};
use shared::repositories::tenant_robots::{self, NewTenantRobot, TenantRobot};
use shared::workflows::factory::prompts::StrategyPrompt;
use shared::workflows::jobs::{FactoryStep, RunFactoryStep};
use shared::AppError;
use utoipa::ToSchema;
use uuid::Uuid;

pub const NO_MODEL: &str =
    "A Fábrica de Robôs ainda não está disponível: nenhum modelo de IA foi configurado pela plataforma.";
const MAX_NAME: usize = 100;
const MAX_BLOCK: usize = 4000;

/// The wizard's seven fields.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct StrategyRequest {
    pub robot_name: Option<String>,
    pub parametros_entrada: Option<String>,
    pub gatilhos_abrir: Option<String>,
    pub gatilhos_fechar: Option<String>,
    pub gestao_risco: Option<String>,
    pub take_profit_stop_loss: Option<String>,
    pub protecao_capital: Option<String>,
}

/// The spec's rules: a name of 3+ characters, each block 10+.
pub fn validate_strategy(body: &StrategyRequest, v: &mut Validator) -> StrategyPrompt {
    let text = |value: &Option<String>| value.as_deref().map(str::trim).unwrap_or_default().to_string();
    let prompt = StrategyPrompt {
        robot_name: text(&body.robot_name),
        parametros_entrada: text(&body.parametros_entrada),
        gatilhos_abrir: text(&body.gatilhos_abrir),
        gatilhos_fechar: text(&body.gatilhos_fechar),
        gestao_risco: text(&body.gestao_risco),
        take_profit_stop_loss: text(&body.take_profit_stop_loss),
        protecao_capital: text(&body.protecao_capital),
        adjustment_request: None,
    };
    v.check(char_len(&prompt.robot_name) >= 3, "robotName", "Nome deve ter pelo menos 3 caracteres");
    v.check(char_len(&prompt.robot_name) <= MAX_NAME, "robotName", "O nome pode ter no máximo 100 caracteres");
    let blocks = [
        ("parametrosEntrada", &prompt.parametros_entrada, "Descreva os parâmetros de entrada"),
        ("gatilhosAbrir", &prompt.gatilhos_abrir, "Descreva os gatilhos para abrir ordens"),
        ("gatilhosFechar", &prompt.gatilhos_fechar, "Descreva os gatilhos para fechar posições"),
        ("gestaoRisco", &prompt.gestao_risco, "Descreva a gestão de risco"),
        ("takeProfitStopLoss", &prompt.take_profit_stop_loss, "Descreva Take Profit e Stop Loss"),
        ("protecaoCapital", &prompt.protecao_capital, "Descreva limites para proteção do capital"),
    ];
    for (field, value, message) in blocks {
        v.check(char_len(value) >= 10, field, message);
        v.check(char_len(value) <= MAX_BLOCK, field, "Cada bloco pode ter no máximo 4000 caracteres");
    }
    prompt
}

/// The model must be configured before anything is started.
pub fn require_model(config: &AiConfig) -> Result<(), AppError> {
    config.model().map(|_| ()).ok_or_else(|| AppError::Unavailable(NO_MODEL.into()))
}

/// Refuses a tenant over its month's quota (serialised per tenant, so two
/// requests at once cannot both take the last generation).
pub async fn check_quota(tx: &mut Tx, tenant_id: Uuid) -> Result<(), AppError> {
    robot_factory::lock_quota(tx, tenant_id).await?;
    let (quota, used) = robot_factory::quota_use(tx, tenant_id).await?;
    if used >= i64::from(quota) {
        return Err(AppError::TooManyRequests(format!(
            "Limite mensal de gerações atingido: {used} de {quota} neste mês. Peça ao administrador da plataforma para ampliar a cota."
        )));
    }
    Ok(())
}

/// The robot of that name, or a new one (inactive until its first version
/// is published) whose license values the generated code will carry.
pub async fn robot_for(
    tx: &mut Tx,
    secrets: &SecretBox,
    tenant_id: Uuid,
    name: &str,
) -> Result<(TenantRobot, bool), AppError> {
    if let Some(robot) = tenant_robots::find_by_name(tx, tenant_id, name).await? {
        return Ok((robot, false));
    }
    let new = NewTenantRobot {
        tenant_id,
        name: name.to_string(),
        description: Some("Em desenvolvimento na Fábrica de Robôs".into()),
        logo_url: None,
        active: false,
        file_path: None,
        version: None,
    };
    Ok((tenant_robots::create(tx, secrets, new).await?, true))
}

/// Creates the project, its first version and generation, and queues the
/// generation. Returns (project, version).
pub async fn start_project(
    tx: &mut Tx,
    config: &AiConfig,
    tenant_id: Uuid,
    prompt: &StrategyPrompt,
    robot: &TenantRobot,
) -> Result<(Uuid, Uuid), AppError> {
    let project = robot_factory::create_project(tx, tenant_id, prompt, robot.id).await?;
    let version = queue_version(tx, config, tenant_id, project, robot.id, prompt).await?;
    Ok((project, version))
}

/// A new version of `project` from `prompt`, generation queued.
pub async fn queue_version(
    tx: &mut Tx,
    config: &AiConfig,
    tenant_id: Uuid,
    project_id: Uuid,
    robot_id: Uuid,
    prompt: &StrategyPrompt,
) -> Result<Uuid, AppError> {
    let version = robot_factory::add_version(
        tx,
        NewVersion { tenant_id, project_id, robot_id: Some(robot_id), prompt, max_retries: config.max_fix_attempts },
    )
    .await?;
    RunFactoryStep { tenant_id, version_id: version, step: FactoryStep::Generate, attempt: 0 }.enqueue(tx).await?;
    Ok(version)
}
