//! What the sales-channel routes share: the platforms' webhooks answer the
//! same receipt, and the owner's screen of every platform lists events and
//! refusals in the same shapes.

use chrono::{DateTime, Utc};
use serde::Serialize;
use shared::repositories::sales_channel_log::{EventRow, Refusal, RefusalRow};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::request_meta::RequestMeta;

/// The answer a platform's webhook gets.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookReceipt {
    pub received: bool,
    /// This event id had already been received: nothing changed.
    pub duplicate: bool,
}

/// Where `platform` must post this robot's events: the tenant's host, or on
/// a development host the host this page was opened on.
pub fn platform_webhook_url(meta: &RequestMeta, tenant_url: &str, platform: &str, robot_id: Uuid) -> String {
    let production = crate::views::robots::webhook_url(tenant_url, robot_id)
        .map(|hotmart| hotmart.replace("/api/webhooks/hotmart/", &format!("/api/webhooks/{platform}/")));
    match production {
        Some(url) if !meta.dev_host => url,
        _ => format!("http://{}/api/webhooks/{platform}/robot/{robot_id}", meta.host),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelEvent {
    pub id: Uuid,
    /// The platform's id of the event.
    pub event_id: String,
    /// The platform's name of the event: PURCHASE_APPROVED, order_approved, …
    pub event: String,
    pub is_test: bool,
    pub received_at: DateTime<Utc>,
    /// received (waiting to be processed), processed, failed.
    pub status: String,
    /// What happened, in pt-BR (the reason when it failed).
    pub detail: String,
    /// How many times the platform sent it again (duplicates change nothing).
    pub duplicates: i32,
    pub buyer_email: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelRefusal {
    /// not_configured, missing_hottok, wrong_hottok, unreadable_body.
    pub reason: String,
    pub detail: String,
    pub count: i64,
    pub first_at: DateTime<Utc>,
    pub last_at: DateTime<Utc>,
}

pub fn event_item(row: EventRow) -> ChannelEvent {
    let (status, detail) = match (&row.failed_at, &row.processed_at) {
        (Some(_), _) => ("failed", format!("Falhou: {}", row.last_error.as_deref().unwrap_or("erro desconhecido"))),
        (None, Some(_)) => ("processed", outcome_detail(row.outcome.as_deref(), row.is_test)),
        (None, None) => match &row.last_error {
            Some(error) => ("received", format!("Recebido; nova tentativa em instantes ({error})")),
            None => ("received", "Recebido; processando…".to_string()),
        },
    };
    ChannelEvent {
        id: row.id,
        event_id: row.event_id,
        event: row.event,
        is_test: row.is_test,
        received_at: row.received_at,
        status: status.into(),
        detail,
        duplicates: row.duplicates,
        buyer_email: row.buyer_email,
    }
}

fn outcome_detail(outcome: Option<&str>, is_test: bool) -> String {
    if is_test {
        return "Evento de teste recebido: a integração funciona (nenhuma venda criada).".into();
    }
    match outcome {
        Some("ignored") => "Recebido; este tipo de evento não muda licenças.".into(),
        Some("sale_created") => "Venda registrada e licença liberada.".into(),
        Some("sale_updated") => "Venda atualizada.".into(),
        Some("pending") => "Pagamento pendente: a licença é liberada quando for aprovado.".into(),
        Some("refunded") => "Reembolso ou chargeback: licença cancelada.".into(),
        Some("renewal") => "Renovação paga: licença estendida.".into(),
        Some("subscription_cancelled") => "Assinatura cancelada: acesso até o fim do período pago.".into(),
        Some("subscription_updated") => "Assinatura atualizada.".into(),
        Some("subscription_late") => "Pagamento atrasado: acesso mantido até o fim do período pago.".into(),
        Some("subscription_late_suspended") => "Pagamento atrasado: licença suspensa até o pagamento.".into(),
        Some("unknown_subscription") => "Assinatura desconhecida aqui: nada mudou.".into(),
        Some(other) => format!("Processado ({other})."),
        None => "Processado.".into(),
    }
}

pub fn refusal_item(row: RefusalRow) -> ChannelRefusal {
    ChannelRefusal {
        detail: Refusal::label(&row.reason).to_string(),
        reason: row.reason,
        count: row.count,
        first_at: row.first_at,
        last_at: row.last_at,
    }
}
