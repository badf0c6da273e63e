//! `/api/compile-agents`: the platform admin registers compile agents (the
//! token is shown once), sees their state and revokes them.

use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::validation::{char_len, Validator};
use shared::repositories::audit_log::Action;
use shared::repositories::compile_fleet::{self, Agent};
use shared::repositories::compile_pools::{self, DEFAULT_POOL};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiResult, ErrorBody};
use crate::extractors::{PathId, SignedInAdmin};
use crate::form_input::blank_to_none;
use crate::request_meta::RequestMeta;
use crate::AppState;

pub const NOT_FOUND: &str = "Agente não encontrado";
crate::not_found_as!(UnknownAgent, NOT_FOUND);
const POOL_NOT_FOUND: &str = "Pool não encontrado";

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
    /// The pool whose tenants' jobs it takes.
    pub pool_id: Uuid,
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
            pool_id: a.pool_id,
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
    /// Its pool (default: the pool serving every tenant).
    #[serde(rename = "poolId")]
    pub pool_id: Option<String>,
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
    let pool = pool_field(&mut v, body.pool_id.as_deref());
    v.finish()?;
    let mut tx = admin.begin().await?;
    let pool = existing_pool(&mut tx, pool.unwrap_or(DEFAULT_POOL)).await?;
    let (agent, token) = compile_fleet::register(&mut tx, name.as_deref().expect("validated"), &platform, pool).await?;
    admin
        .audit(
            &mut tx,
            meta.ip,
            None,
            Action::Create,
            "compile_agent",
            agent.id,
            &Value::Null,
            &json!({ "name": agent.name, "platform": agent.platform, "poolId": agent.pool_id }),
        )
        .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(RegisteredAgent { agent: agent.into(), token })))
}

/// Revokes an agent: its token stops working; a job it held is queued again.
#[utoipa::path(operation_id = "revokeCompileAgent", delete, path = "/api/compile-agents/{id}", tag = "agents",
    security(("adminSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = AgentItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn revoke(
    admin: SignedInAdmin,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownAgent>,
) -> ApiResult<Json<AgentItem>> {
    let mut tx = admin.begin().await?;
    let agent = compile_fleet::revoke(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
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

fn pool_field(v: &mut Validator, raw: Option<&str>) -> Option<Uuid> {
    let raw = raw.map(str::trim).filter(|r| !r.is_empty())?;
    let id = Uuid::parse_str(raw).ok();
    v.check(id.is_some(), "poolId", POOL_NOT_FOUND);
    id
}

async fn existing_pool(tx: &mut shared::infrastructure::db::Tx, id: Uuid) -> Result<Uuid, AppError> {
    if compile_pools::hold(tx, id).await? {
        Ok(id)
    } else {
        Err(AppError::validation_field("poolId", POOL_NOT_FOUND))
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct MoveAgentRequest {
    /// The pool the agent moves to; it takes only that pool's jobs from its next claim.
    pub pool_id: Option<String>,
}

/// Moves an agent to another pool.
#[utoipa::path(operation_id = "moveCompileAgent", patch, path = "/api/compile-agents/{id}", tag = "agents",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = MoveAgentRequest,
    responses((status = 200, body = AgentItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn move_to_pool(
    admin: SignedInAdmin,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownAgent>,
    ApiJson(body): ApiJson<MoveAgentRequest>,
) -> ApiResult<Json<AgentItem>> {
    let mut v = Validator::new();
    let pool = pool_field(&mut v, body.pool_id.as_deref());
    v.check(
        pool.is_some() || body.pool_id.as_deref().is_some_and(|p| !p.trim().is_empty()),
        "poolId",
        "Escolha um pool",
    );
    v.finish()?;
    let mut tx = admin.begin().await?;
    let before = compile_fleet::find(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
    let pool = existing_pool(&mut tx, pool.expect("validated")).await?;
    compile_pools::move_agent(&mut tx, id, pool).await?;
    let after = compile_fleet::find(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
    admin
        .audit(
            &mut tx,
            meta.ip,
            None,
            Action::Update,
            "compile_agent",
            id,
            &json!({ "poolId": before.pool_id }),
            &json!({ "poolId": after.pool_id }),
        )
        .await?;
    tx.commit().await?;
    Ok(Json(after.into()))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, register)).routes(routes!(revoke, move_to_pool))
}
