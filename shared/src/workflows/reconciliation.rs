//! Nothing lost when Hotmart stops calling: Hotmart disables a webhook URL
//! that answers errors and never says so, so once a day (and when the owner
//! asks) the tenant's own Hotmart API credentials read its sales history for
//! the last days, and every sale the webhook never delivered, or whose
//! refund or chargeback it never delivered, is fed through the same intake
//! as a webhook event (`sale_lifecycle::store_event`). The event id names
//! the transaction and its status, so a second run stores nothing new.
//!
//! A sale is matched to the robot whose webhook URL received its product
//! before; a product no robot ever received is counted as unmapped (the
//! owner is told to send Hotmart's test event from that robot's screen).

use chrono::{Duration, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use crate::domain::error::{AppError, AppResult};
use crate::domain::sales::{adapters, SaleEvent, SaleEventKind};
use crate::domain::status::{Origin, SaleStatus};
use crate::infrastructure::crypto::SecretBox;
use crate::infrastructure::db::{self, Scope};
use crate::infrastructure::hotmart_api::{Failure, HotmartApi};
use crate::repositories::sales_reconciliations::{self, Counts, Reconciliation};
use crate::repositories::tenant_hotmart_api;
use crate::workflows::sale_lifecycle::{store_event, Intake};

/// How far back a run looks unless told otherwise, and at most.
pub const DEFAULT_DAYS: i32 = 7;
pub const MAX_DAYS: i32 = 30;
pub const NO_CREDENTIALS: &str =
    "Configure as credenciais da API da Hotmart em Configurações para recuperar vendas que o webhook não entregou.";

/// Who asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    Daily,
    Owner,
}

impl Trigger {
    fn as_str(self) -> &'static str {
        match self {
            Trigger::Daily => "daily",
            Trigger::Owner => "owner",
        }
    }
}

/// The history's statuses asked for: Hotmart lists only approved and
/// complete sales unless a status is named, and a lost refund or chargeback
/// matters as much as a lost sale.
const STATUSES: [Option<&str>; 3] = [None, Some("REFUNDED"), Some("CHARGEBACK")];

/// Reads the tenant's Hotmart sales of the last `days` and feeds the missing
/// ones; the run is recorded (with its error, when Hotmart could not be
/// asked) and returned.
pub async fn reconcile_hotmart(
    pool: &PgPool,
    api: &HotmartApi,
    secrets: &SecretBox,
    tenant_id: Uuid,
    days: i32,
    trigger: Trigger,
) -> AppResult<Reconciliation> {
    let days = days.clamp(1, MAX_DAYS);
    let mut tx = db::begin(pool, Scope::worker_for(tenant_id)).await?;
    let credentials = tenant_hotmart_api::credentials(&mut tx, secrets, tenant_id).await?;
    tx.commit().await?;
    let Some(credentials) = credentials else {
        return record(pool, tenant_id, trigger, days, &Counts::default(), Some(NO_CREDENTIALS)).await;
    };
    let end = Utc::now();
    let start = end - Duration::days(i64::from(days));
    let mut items = Vec::new();
    for status in STATUSES {
        match api.sales_history(&credentials, start, end, status).await {
            Ok(found) => items.extend(found),
            Err(failure) => {
                let error = match &failure {
                    Failure::Refused { .. } => {
                        format!("A Hotmart recusou a consulta ({}): {}", failure.code(), failure.message())
                    }
                    Failure::Unavailable(_) => format!("A Hotmart não respondeu: {}", failure.message()),
                };
                return record(pool, tenant_id, trigger, days, &Counts::default(), Some(&error)).await;
            }
        }
    }
    let events: Vec<(serde_json::Value, SaleEvent)> = items
        .into_iter()
        .filter_map(|item| adapters::hotmart::from_history(&item).map(|event| (item, event)))
        .collect();
    let counts = feed_missing(pool, tenant_id, &events).await?;
    record(pool, tenant_id, trigger, days, &counts, None).await
}

/// How far a sale of this kind takes a sale here.
fn reaches(kind: SaleEventKind) -> SaleStatus {
    match kind {
        SaleEventKind::Refunded | SaleEventKind::Chargeback => SaleStatus::Refunded,
        SaleEventKind::Approved | SaleEventKind::Renewal => SaleStatus::Confirmed,
        _ => SaleStatus::Pending,
    }
}

fn rank(status: SaleStatus) -> u8 {
    match status {
        SaleStatus::Pending => 0,
        SaleStatus::Confirmed => 1,
        SaleStatus::Refunded => 2,
    }
}

/// Stores, in one transaction, every listed sale that is not already as far
/// along here; the worker applies them as it applies webhook events.
async fn feed_missing(pool: &PgPool, tenant_id: Uuid, events: &[(serde_json::Value, SaleEvent)]) -> AppResult<Counts> {
    let mut tx = db::begin(pool, Scope::worker_for(tenant_id)).await?;
    let robots = sales_reconciliations::robots_by_product(&mut tx, tenant_id).await?;
    let transactions: Vec<String> =
        events.iter().filter_map(|(_, e)| e.purchase.as_ref().map(|p| p.transaction.clone())).collect();
    let here = sales_reconciliations::sale_statuses(&mut tx, tenant_id, Origin::Hotmart, &transactions).await?;
    let mut counts = Counts { found: i32::try_from(events.len()).unwrap_or(i32::MAX), ..Counts::default() };
    for (item, event) in events {
        let transaction = event.purchase.as_ref().map(|p| p.transaction.as_str()).unwrap_or_default();
        if here.get(transaction).is_some_and(|status| rank(*status) >= rank(reaches(event.kind))) {
            counts.already += 1;
            continue;
        }
        let Some(robot_id) = event.product_id.as_ref().and_then(|product| robots.get(product)) else {
            counts.unmapped += 1;
            continue;
        };
        match store_event(&mut tx, tenant_id, *robot_id, item, event).await? {
            Intake::Stored(_) => counts.recovered += 1,
            // Fed by an earlier run and not applied yet: counted once, there.
            Intake::Duplicate => counts.already += 1,
        }
    }
    tx.commit().await?;
    Ok(counts)
}

async fn record(
    pool: &PgPool,
    tenant_id: Uuid,
    trigger: Trigger,
    days: i32,
    counts: &Counts,
    error: Option<&str>,
) -> AppResult<Reconciliation> {
    let mut tx = db::begin(pool, Scope::worker_for(tenant_id)).await?;
    let run = sales_reconciliations::record(&mut tx, tenant_id, trigger.as_str(), days, counts, error).await?;
    tx.commit().await.map_err(AppError::from)?;
    Ok(run)
}
