//! What a robot's sales channel received: the stored events (hotmart_inbox,
//! with what processing made of them and how often they came again) and the
//! postbacks refused before anything was stored (`sales_channel_refusals`,
//! one counted row per reason). The owner's Hotmart screen reads both.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;

/// Why a postback was refused before it was stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The tenant has no hottok yet: nothing can be authenticated.
    NotConfigured,
    /// The postback carried no hottok.
    MissingHottok,
    /// The hottok did not match the tenant's.
    WrongHottok,
    /// Authentic, but not a postback we can read (its shape, a missing id).
    UnreadableBody,
    /// The platform signs its deliveries (Kiwify) and the robot has no token yet.
    SecretNotConfigured,
    /// A signing platform's delivery came without its signature.
    MissingSignature,
    /// The signature is not the body's under the robot's token.
    WrongSignature,
    /// Signed, but not an event of the platform we can read.
    UnreadablePayload,
}

impl Refusal {
    pub fn as_str(self) -> &'static str {
        match self {
            Refusal::NotConfigured => "not_configured",
            Refusal::MissingHottok => "missing_hottok",
            Refusal::WrongHottok => "wrong_hottok",
            Refusal::UnreadableBody => "unreadable_body",
            Refusal::SecretNotConfigured => "secret_not_configured",
            Refusal::MissingSignature => "missing_signature",
            Refusal::WrongSignature => "wrong_signature",
            Refusal::UnreadablePayload => "unreadable_payload",
        }
    }

    /// What the owner reads (pt-BR), with what to do about it.
    pub fn label(reason: &str) -> &'static str {
        match reason {
            "not_configured" => "Recusado: o hottok ainda não foi cadastrado. Cole o hottok da Hotmart nesta tela.",
            "missing_hottok" => "Recusado: a Hotmart não enviou o hottok.",
            "wrong_hottok" => {
                "Recusado: hottok diferente do cadastrado. Confira o hottok em Ferramentas → Webhook na Hotmart."
            }
            "unreadable_body" => "Recusado: conteúdo que não é um evento da Hotmart versão 2.0.0.",
            "secret_not_configured" => "Recusado: o token do webhook ainda não foi cadastrado. Cole-o nesta tela.",
            "missing_signature" => "Recusado: a entrega veio sem assinatura (parâmetro signature).",
            "wrong_signature" => {
                "Recusado: assinatura inválida. Confira se o token salvo aqui é o mesmo do webhook no painel da plataforma."
            }
            "unreadable_payload" => "Recusado: conteúdo assinado, mas que não é um evento reconhecido da plataforma.",
            _ => "Recusado.",
        }
    }
}

/// Counts one refused postback for the robot (anonymous scope in its tenant).
pub async fn record_refusal(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    platform: &str,
    refusal: Refusal,
) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO sales_channel_refusals (tenant_id, robot_id, platform, reason) VALUES ($1, $2, $3, $4)
         ON CONFLICT (tenant_id, robot_id, platform, reason)
         DO UPDATE SET count = sales_channel_refusals.count + 1, last_at = now()",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(platform)
    .bind(refusal.as_str())
    .execute(conn)
    .await?;
    Ok(())
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RefusalRow {
    pub reason: String,
    pub count: i64,
    pub first_at: DateTime<Utc>,
    pub last_at: DateTime<Utc>,
}

/// The robot's refusals on `platform`, latest first. Owner scope.
pub async fn refusals(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    platform: &str,
) -> AppResult<Vec<RefusalRow>> {
    Ok(sqlx::query_as(
        "SELECT reason, count, first_at, last_at FROM sales_channel_refusals
          WHERE tenant_id = $1 AND robot_id = $2 AND platform = $3 ORDER BY last_at DESC",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(platform)
    .fetch_all(conn)
    .await?)
}

/// One stored event and what became of it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EventRow {
    pub id: Uuid,
    pub event_id: String,
    pub event: String,
    pub is_test: bool,
    pub received_at: DateTime<Utc>,
    pub processed_at: Option<DateTime<Utc>>,
    /// What processing did (`created`, `test`, `ignored`, …).
    pub outcome: Option<String>,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub failed_at: Option<DateTime<Utc>>,
    pub duplicates: i32,
    pub last_duplicate_at: Option<DateTime<Utc>>,
    pub buyer_email: Option<String>,
}

/// The robot's latest Hotmart events (at most `limit`), newest first. Owner scope.
pub async fn hotmart_events(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    limit: i64,
) -> AppResult<Vec<EventRow>> {
    events(conn, tenant_id, robot_id, "hotmart", limit).await
}

/// The robot's latest events from `platform` (at most `limit`), newest
/// first. The buyer's e-mail comes from the neutral event (older Hotmart rows
/// have only the payload). Owner scope.
pub async fn events(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    platform: &str,
    limit: i64,
) -> AppResult<Vec<EventRow>> {
    Ok(sqlx::query_as(
        "SELECT id, event_id, event, is_test, received_at, processed_at, outcome, attempts, last_error, failed_at,
                duplicates, last_duplicate_at,
                COALESCE(sale_event #>> '{buyer,email}', lower(btrim(payload #>> '{data,buyer,email}'))) AS buyer_email
           FROM hotmart_inbox WHERE tenant_id = $1 AND robot_id = $2 AND platform = $3
          ORDER BY received_at DESC, id DESC LIMIT $4",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(platform)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// A copy of `payload` with the event id and time replaced (the owner's test
/// event: Hotmart's own test postback, made unique).
pub fn with_new_identity(mut payload: Value, event_id: &str, now: DateTime<Utc>) -> Value {
    if let Some(object) = payload.as_object_mut() {
        object.insert("id".into(), Value::String(event_id.to_string()));
        object.insert("creation_date".into(), Value::from(now.timestamp_millis()));
    }
    payload
}
