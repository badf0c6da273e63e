//! `/api/tenant/sales-channels/hotmart/reconciliation*`: the owner's view of
//! the reconciliation (`workflows::reconciliation`): its latest run, and a
//! run on demand ("Recuperar vendas"), answered when it is done with what it
//! found and recovered, and why the rest was not.

use axum::extract::State;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::domain::owner_permissions::Capability;
use shared::domain::validation::Validator;
use shared::infrastructure::hotmart_api::HotmartApi;
use shared::repositories::sales_reconciliations::{self, Reconciliation};
use shared::workflows::reconciliation::{self, Trigger, DEFAULT_DAYS, MAX_DAYS};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, OwnerErrors};
use crate::extractors::SignedInOwner;
use crate::AppState;

/// An owner's run waits this long after the last one (Hotmart's API is
/// rate limited per account, and a run reads up to a month of sales).
const OWNER_RUN_SPACING_SECONDS: i64 = 30;
pub const TOO_SOON: &str = "Uma recuperação acabou de rodar. Aguarde meio minuto para pedir outra.";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReconciliationItem {
    pub started_at: DateTime<Utc>,
    /// daily (the automatic run) or owner.
    pub trigger: String,
    pub days: i32,
    /// Sales Hotmart's history listed in the window.
    pub found: i32,
    /// Of those, already here as far as Hotmart says.
    pub already: i32,
    /// Fed now, as the webhook would have: sale, license and e-mails follow.
    pub recovered: i32,
    /// Of a product no robot received a webhook for (cannot be matched to a robot).
    pub unmapped: i32,
    /// Why Hotmart could not be asked, in pt-BR.
    pub error: Option<String>,
    /// What happened, in pt-BR ("2 vendas recuperadas…").
    pub summary: String,
}

fn plural(n: i32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn summary(run: &Reconciliation) -> String {
    if let Some(error) = &run.error {
        return format!("Não foi possível consultar a Hotmart. {error}");
    }
    let mut text = if run.recovered > 0 {
        format!(
            "{}: a Hotmart registrou, mas o webhook não entregou. Elas seguem como se o webhook tivesse chegado \
             (venda, licença e e-mails).",
            plural(run.recovered, "venda recuperada", "vendas recuperadas")
        )
    } else if run.found == 0 {
        format!("A Hotmart não listou vendas nos últimos {} dias.", run.days)
    } else {
        format!(
            "Nenhuma venda perdida nos últimos {} dias: {} já {} aqui.",
            run.days,
            plural(run.already, "venda da Hotmart", "vendas da Hotmart"),
            if run.already == 1 { "estava" } else { "estavam" }
        )
    };
    if run.unmapped > 0 {
        text.push_str(&format!(
            " {} de produtos que nenhum robô recebeu pelo webhook ainda: envie o evento de teste da Hotmart pela tela \
             do robô que vende o produto e recupere de novo.",
            plural(run.unmapped, "venda é", "vendas são")
        ));
    }
    text
}

impl From<Reconciliation> for ReconciliationItem {
    fn from(run: Reconciliation) -> Self {
        Self {
            summary: summary(&run),
            started_at: run.started_at,
            trigger: run.trigger,
            days: run.days,
            found: run.found,
            already: run.already,
            recovered: run.recovered,
            unmapped: run.unmapped,
            error: run.error,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReconciliationStatus {
    /// The latest run (automatic or asked for); null before the first.
    pub latest: Option<ReconciliationItem>,
}

/// The latest reconciliation of the tenant's Hotmart sales.
#[utoipa::path(operation_id = "tenantHotmartReconciliation", get,
    path = "/api/tenant/sales-channels/hotmart/reconciliation", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = ReconciliationStatus), OwnerErrors))]
pub async fn latest(owner: SignedInOwner) -> ApiResult<Json<ReconciliationStatus>> {
    owner.require(Capability::ViewSales)?;
    let mut tx = owner.begin().await?;
    let latest = sales_reconciliations::latest(&mut tx, owner.tenant.id).await?;
    tx.commit().await?;
    Ok(Json(ReconciliationStatus { latest: latest.map(ReconciliationItem::from) }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ReconcileRequest {
    /// How many days back (1 to 30; 7 when absent).
    #[schema(minimum = 1, maximum = 30)]
    pub days: Option<i64>,
}

/// Reads Hotmart's sales history now and feeds what the webhook missed.
#[utoipa::path(operation_id = "tenantReconcileHotmart", post,
    path = "/api/tenant/sales-channels/hotmart/reconciliation", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), request_body = ReconcileRequest,
    responses((status = 200, body = ReconciliationItem), (status = 429, body = crate::api_error::ErrorBody),
              OwnerErrors))]
pub async fn run(
    State(state): State<AppState>,
    owner: SignedInOwner,
    ApiJson(body): ApiJson<ReconcileRequest>,
) -> ApiResult<Json<ReconciliationItem>> {
    owner.require(Capability::ManageSettings)?;
    let days = body.days.unwrap_or(i64::from(DEFAULT_DAYS));
    Validator::new().check((1..=i64::from(MAX_DAYS)).contains(&days), "days", "Escolha de 1 a 30 dias").finish()?;
    let mut tx = owner.begin().await?;
    let last = sales_reconciliations::latest(&mut tx, owner.tenant.id).await?;
    tx.commit().await?;
    // A run that could not ask Hotmart (no credentials yet, refused) may be
    // retried at once: the owner is fixing what it said.
    let recent = |run: &Reconciliation| (Utc::now() - run.started_at).num_seconds() < OWNER_RUN_SPACING_SECONDS;
    if last.is_some_and(|run| run.error.is_none() && recent(&run)) {
        return Err(AppError::TooManyRequests(TOO_SOON.into()).into());
    }
    let api = HotmartApi::new(&state.config.hotmart_api).map_err(AppError::internal)?;
    let days = i32::try_from(days).expect("validated range");
    let run = reconciliation::reconcile_hotmart(
        owner.pool(),
        &api,
        &state.config.secrets,
        owner.tenant.id,
        days,
        Trigger::Owner,
    )
    .await?;
    Ok(Json(run.into()))
}

/// `/api/tenant/sales-channels/hotmart/reconciliation`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(latest, run))
}
