//! `/api/compile-agents`: the platform admin registers compile agents (the
//! token is shown once), sees their state and revokes them.

use axum::extract::Path;
use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::repositories::audit_log::Action;
use shared::repositories::compile_fleet::{self, Agent};
use shared::validation::{char_len, Validator};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiResult, ErrorBody};
use crate::extractors::SignedInAdmin;
use crate::form_input::{blank_to_none, path_id};
use crate::request_meta::RequestMeta;
use crate::AppState;

pub const NOT_FOUND: &str = "Agente não encontrado";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentItem {
    pub id: Uuid,
    pub name: String,
    /// windows or wine.
    pub platform: String,
    /// The token's first characters, to recognise it.
    pub token_prefix: Option<String>,
    pub active: bool,
    /// offline, idle or compiling.
    pub state: String,
    pub current_job_id: Option<Uuid>,
    pub last_heartbeat_at: Option<DateTime<Utc>>,
    pub jobs_done: i32,
    pub jobs_failed: i32,
    pub revoked_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<Agent> for AgentItem {
    fn from(a: Agent) -> Self {
        Self {
            id: a.id,
            name: a.name,
            platform: a.platform,
            token_prefix: a.token_prefix,
            active: a.is_active,
            state: a.state,
            current_job_id: a.current_job_id,
            last_heartbeat_at: a.last_seen_at,
            jobs_done: a.jobs_done,
            jobs_failed: a.jobs_failed,
            revoked_at: a.revoked_at,
            created_at: a.created_at,
        }
    }
}

#[utoipa::path(operation_id = "listCompileAgents", get, path = "/api/compile-agents", tag = "agents",
    security(("adminSession" = [])), responses((status = 200, body = Vec<AgentItem>), AdminErrors))]
pub async fn list(admin: SignedInAdmin) -> ApiResult<Json<Vec<AgentItem>>> {
    let mut tx = admin.begin().await?;
    let agents = compile_fleet::list(&mut tx).await?;
    tx.commit().await?;
    Ok(Json(agents.into_iter().map(AgentItem::from).collect()))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct RegisterAgentRequest {
    #[schema(min_length = 1, max_length = 100)]
    pub name: Option<String>,
    /// windows (default) or wine.
    pub platform: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisteredAgent {
    pub agent: AgentItem,
    /// Shown this once: the agent's AGENT_TOKEN.
    pub token: String,
}

/// Registers an agent and returns its token (shown once, stored hashed).
#[utoipa::path(operation_id = "registerCompileAgent", post, path = "/api/compile-agents", tag = "agents",
    security(("adminSession" = [])), request_body = RegisterAgentRequest,
    responses((status = 201, body = RegisteredAgent), AdminErrors))]
pub async fn register(
    admin: SignedInAdmin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<RegisterAgentRequest>,
) -> ApiResult<(StatusCode, Json<RegisteredAgent>)> {
    let mut v = Validator::new();
    let name = blank_to_none(body.name.as_deref());
    v.check(name.is_some(), "name", "Nome é obrigatório");
    v.check(name.as_deref().is_none_or(|n| char_len(n) <= 100), "name", "Nome deve ter no máximo 100 caracteres");
    let platform = blank_to_none(body.platform.as_deref()).unwrap_or_else(|| "windows".into());
    v.check(matches!(platform.as_str(), "windows" | "wine"), "platform", "Plataforma inválida (windows ou wine)");
    v.finish()?;
    let mut tx = admin.begin().await?;
    let (agent, token) = compile_fleet::register(&mut tx, name.as_deref().expect("validated"), &platform).await?;
    admin
        .audit(
            &mut tx,
            meta.ip,
            None,
            Action::Create,
            "compile_agent",
            agent.id,
            &Value::Null,
            &json!({ "name": agent.name, "platform": agent.platform }),
        )
        .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(RegisteredAgent { agent: agent.into(), token })))
}

/// Revokes an agent: its token stops working; a job it held is queued again.
#[utoipa::path(operation_id = "revokeCompileAgent", delete, path = "/api/compile-agents/{id}", tag = "agents",
    security(("adminSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = AgentItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn revoke(admin: SignedInAdmin, meta: RequestMeta, Path(id): Path<String>) -> ApiResult<Json<AgentItem>> {
    let id = path_id(&id, NOT_FOUND)?;
    let mut tx = admin.begin().await?;
    let agent = compile_fleet::revoke(&mut tx, id).await?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    admin
        .audit(
            &mut tx,
            meta.ip,
            None,
            Action::Delete,
            "compile_agent",
            id,
            &json!({ "active": true }),
            &json!({ "active": false }),
        )
        .await?;
    tx.commit().await?;
    Ok(Json(agent.into()))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, register)).routes(routes!(revoke))
}
