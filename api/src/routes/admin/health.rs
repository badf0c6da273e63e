//! `GET /api/admin/health`: the platform's health panel on the admin's
//! dashboard. What stops a reseller's first day without anyone noticing:
//! no compile agent online, a compile waiting for one, no AI model for the
//! factory, no platform sender for tenants without their own. Each part
//! says how bad it is and which admin screen fixes it.

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use shared::repositories::compile_queue::OldestWaiting;
use shared::repositories::{compile_fleet, compile_queue, tenants};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiResult};
use crate::extractors::SignedInAdmin;
use crate::AppState;

/// How a part of the platform stands: ok (green), warning (amber), critical (red).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HealthLevel {
    Ok,
    Warning,
    Critical,
}

/// One part of the panel: its level, a sentence and the admin screen that fixes it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HealthCheck {
    pub level: HealthLevel,
    /// pt-BR.
    pub message: String,
    /// The admin portal's path of the screen that fixes it.
    pub fix_path: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OldestWaitingJob {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub robot_name: String,
    pub waiting_seconds: i64,
}

impl From<OldestWaiting> for OldestWaitingJob {
    fn from(o: OldestWaiting) -> Self {
        Self {
            id: o.id,
            tenant_id: o.tenant_id,
            tenant_name: o.tenant_name,
            robot_name: o.robot_name,
            waiting_seconds: o.waiting_seconds,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlatformHealth {
    /// Agents online (active, not stopped, heard from within a lease).
    pub agents_online: i64,
    /// Agents registered and not revoked.
    pub agents_total: i64,
    pub agents: HealthCheck,
    /// Compile jobs waiting for an agent.
    pub jobs_waiting: i64,
    pub oldest_waiting_job: Option<OldestWaitingJob>,
    pub queue: HealthCheck,
    pub ai_model_configured: bool,
    /// The factory's model (null when not configured).
    pub ai_model: Option<String>,
    pub ai: HealthCheck,
    /// RESEND_API_KEY is set: tenants without a key of their own send through it.
    pub platform_mail_configured: bool,
    /// Active tenants whose mail goes nowhere now (no key of their own and no
    /// platform key).
    pub tenants_without_sender: i64,
    pub mail: HealthCheck,
}

const AGENTS_PATH: &str = "/compile-agents";
const AI_PATH: &str = "/ai-usage";
const MAIL_PATH: &str = "/mail";

fn check(level: HealthLevel, message: String, fix_path: &'static str) -> HealthCheck {
    HealthCheck { level, message, fix_path }
}

fn minutes(seconds: i64) -> String {
    match seconds / 60 {
        0 => "menos de 1 minuto".into(),
        1 => "1 minuto".into(),
        n => format!("{n} minutos"),
    }
}

/// The platform's health panel.
#[utoipa::path(operation_id = "platformHealth", get, path = "/api/admin/health", tag = "dashboard",
    security(("adminSession" = [])), responses((status = 200, body = PlatformHealth), AdminErrors))]
pub async fn health(State(state): State<AppState>, admin: SignedInAdmin) -> ApiResult<Json<PlatformHealth>> {
    let mut tx = admin.begin().await?;
    let (agents_online, agents_total) = compile_fleet::online_count(&mut tx).await?;
    let (jobs_waiting, oldest) = compile_queue::waiting(&mut tx).await?;
    let own_sender_missing = tenants::without_own_sender(&mut tx).await?;
    tx.commit().await?;

    use HealthLevel::{Critical, Warning};
    let agents = match (agents_online, agents_total) {
        (0, 0) => {
            check(Critical, "Nenhum agente de compilação cadastrado: importações não compilam.".into(), AGENTS_PATH)
        }
        (0, total) => check(
            Critical,
            format!("Nenhum agente online ({total} cadastrado{}): importações não compilam.", plural(total)),
            AGENTS_PATH,
        ),
        (online, total) => {
            check(HealthLevel::Ok, format!("{online} de {total} agente{} online.", plural(total)), AGENTS_PATH)
        }
    };
    let notice = state.config.compile_wait_notice.as_secs() as i64;
    let queue = match &oldest {
        None => check(HealthLevel::Ok, "Nenhuma compilação aguardando.".into(), AGENTS_PATH),
        Some(o) => {
            let level = if agents_online == 0 {
                Critical
            } else if o.waiting_seconds >= notice {
                Warning
            } else {
                HealthLevel::Ok
            };
            let message = format!(
                "{jobs_waiting} compilaç{} aguardando; a mais antiga ({}, de {}) espera há {}.",
                if jobs_waiting == 1 { "ão" } else { "ões" },
                o.robot_name,
                o.tenant_name,
                minutes(o.waiting_seconds)
            );
            check(level, message, AGENTS_PATH)
        }
    };
    let model = state.config.ai.model().map(|(_, model)| model.to_string());
    let ai = match &model {
        Some(m) => check(HealthLevel::Ok, format!("Modelo de IA configurado: {m}."), AI_PATH),
        None => check(
            Warning,
            "Nenhum modelo de IA configurado (AI_BASE_URL e AI_MODEL): a Fábrica de Robôs não gera robôs.".into(),
            AI_PATH,
        ),
    };
    let platform_mail = state.config.email.resend_api_key.is_some();
    let tenants_without_sender = if platform_mail { 0 } else { own_sender_missing };
    let mail = match (platform_mail, tenants_without_sender) {
        (true, _) => check(HealthLevel::Ok, "E-mail da plataforma configurado.".into(), MAIL_PATH),
        (false, 0) => check(
            Warning,
            "E-mail da plataforma não configurado (RESEND_API_KEY); todos os tenants ativos usam remetente próprio."
                .into(),
            MAIL_PATH,
        ),
        (false, n) => check(
            Critical,
            format!(
                "E-mail da plataforma não configurado (RESEND_API_KEY): {n} tenant{} sem remetente próprio não \
                 {} e-mails.",
                plural(n),
                if n == 1 { "envia" } else { "enviam" }
            ),
            MAIL_PATH,
        ),
    };
    Ok(Json(PlatformHealth {
        agents_online,
        agents_total,
        agents,
        jobs_waiting,
        oldest_waiting_job: oldest.map(OldestWaitingJob::from),
        queue,
        ai_model_configured: model.is_some(),
        ai_model: model,
        ai,
        platform_mail_configured: platform_mail,
        tenants_without_sender,
        mail,
    }))
}

fn plural(n: i64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health))
}
