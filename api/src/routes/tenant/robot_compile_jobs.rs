//! `GET /api/tenant/robots/{robotId}/compile-jobs`: the robot's compiles
//! still to come and its recent failures, each with why it waits, from the
//! fleet's real state. The robot list and the versions page poll it, so a
//! queued import stays in sight after its page is left or reloaded (the
//! live notice is only a bell entry).

use axum::Json;
use chrono::{DateTime, Utc};
use serde::Serialize;
use shared::domain::owner_permissions::Capability;
use shared::infrastructure::db::{self, Scope};
use shared::repositories::compile_fleet::{self, Serving};
use shared::repositories::compile_jobs::{self, RobotJob};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiResult, OwnerErrors};
use crate::extractors::{PathId, SignedInOwner};
use crate::views::robots::{find_own, UnknownRobot};
use crate::AppState;

pub const NO_AGENT: &str = "Nenhum agente de compilação online para atender sua conta agora. A compilação mantém \
                            seu lugar na fila e começa assim que um agente se conectar.";
pub const ALL_BUSY: &str = "Todos os agentes online estão compilando agora; esta compilação é a próxima da fila.";
pub const ABOUT_TO_START: &str = "Aguardando um agente livre pegar esta compilação, em instantes.";
pub const COMPILING: &str = "Um agente está compilando agora.";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RobotCompileJob {
    pub id: Uuid,
    /// pending, processing or failed.
    pub status: String,
    /// The status in pt-BR ("Na fila", "Compilando", "Falhou").
    pub status_label: &'static str,
    /// import or ai-factory.
    pub source: String,
    pub original_file_name: Option<String>,
    /// Why a failed one failed.
    pub error_message: Option<String>,
    /// Why it is not done yet, pt-BR, from the fleet's state now (null once failed).
    pub waiting_reason: Option<String>,
    /// Jobs of the queue that were there first (pending only; tenants take
    /// turns, so at most this many go before it).
    pub jobs_ahead: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RobotCompileJobs {
    /// Newest first.
    pub jobs: Vec<RobotCompileJob>,
    /// Some job still waits or compiles: ask again in a few seconds.
    pub in_progress: bool,
    /// Compile agents online that serve this tenant.
    pub agents_online: i64,
}

fn status_label(status: &str) -> &'static str {
    match status {
        "pending" => "Na fila",
        "processing" => "Compilando",
        "completed" => "Concluída",
        _ => "Falhou",
    }
}

/// Why a job is not compiled yet, told as the fleet stands now.
fn waiting_reason(status: &str, serving: Serving, ahead: i64) -> Option<String> {
    match status {
        "processing" => Some(COMPILING.into()),
        "pending" if serving.online == 0 => Some(NO_AGENT.into()),
        "pending" if ahead > 0 => Some(format!(
            "{ahead} {} na fila antes desta; {} {} online.",
            if ahead == 1 { "compilação" } else { "compilações" },
            serving.online,
            if serving.online == 1 { "agente" } else { "agentes" },
        )),
        "pending" if serving.compiling >= serving.online => Some(ALL_BUSY.into()),
        "pending" => Some(ABOUT_TO_START.into()),
        _ => None,
    }
}

/// The robot's waiting and compiling jobs and its recent failures, with why
/// each waits.
#[utoipa::path(operation_id = "tenantRobotCompileJobs", get, path = "/api/tenant/robots/{robotId}/compile-jobs",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("robotId" = Uuid, Path)),
    responses((status = 200, body = RobotCompileJobs), OwnerErrors))]
pub async fn list(
    axum::extract::State(state): axum::extract::State<AppState>,
    owner: SignedInOwner,
    PathId(robot_id, _): PathId<UnknownRobot>,
) -> ApiResult<Json<RobotCompileJobs>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    find_own(&mut tx, &owner, robot_id).await?;
    let jobs = compile_jobs::of_robot(&mut tx, owner.tenant.id, robot_id).await?;
    tx.commit().await?;

    // Agents, pools and the other tenants' queue are the platform's: read in
    // its scope, and only counts come back to the owner.
    let pending: Vec<Uuid> = jobs.iter().filter(|j| j.status == "pending").map(|j| j.id).collect();
    let mut tx = db::begin(&state.pool, Scope::worker()).await?;
    let serving = compile_fleet::serving(&mut tx, owner.tenant.id).await?;
    let ahead = match pending.is_empty() {
        true => Vec::new(),
        false => compile_jobs::queued_before(&mut tx, &pending).await?,
    };
    tx.commit().await?;

    let in_progress = jobs.iter().any(|j| matches!(j.status.as_str(), "pending" | "processing"));
    let jobs = jobs
        .into_iter()
        .map(|j: RobotJob| {
            let jobs_ahead = ahead.iter().find(|(id, _)| *id == j.id).map(|(_, n)| *n);
            RobotCompileJob {
                waiting_reason: waiting_reason(&j.status, serving, jobs_ahead.unwrap_or(0)),
                status_label: status_label(&j.status),
                jobs_ahead,
                id: j.id,
                status: j.status,
                source: j.source,
                original_file_name: j.original_file_name,
                error_message: j.error_message,
                created_at: j.created_at,
                started_at: j.started_at,
                completed_at: j.completed_at,
            }
        })
        .collect();
    Ok(Json(RobotCompileJobs { jobs, in_progress, agents_online: serving.online }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reason_follows_the_fleet() {
        let none = Serving { online: 0, compiling: 0 };
        let busy = Serving { online: 2, compiling: 2 };
        let free = Serving { online: 2, compiling: 1 };
        assert_eq!(waiting_reason("pending", none, 3).as_deref(), Some(NO_AGENT));
        assert_eq!(
            waiting_reason("pending", free, 1).as_deref(),
            Some("1 compilação na fila antes desta; 2 agentes online.")
        );
        assert_eq!(waiting_reason("pending", busy, 0).as_deref(), Some(ALL_BUSY));
        assert_eq!(waiting_reason("pending", free, 0).as_deref(), Some(ABOUT_TO_START));
        assert_eq!(waiting_reason("processing", none, 0).as_deref(), Some(COMPILING));
        assert_eq!(waiting_reason("failed", free, 0), None);
    }
}
