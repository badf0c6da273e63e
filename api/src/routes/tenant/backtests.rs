//! Backtests seen by their owner (decision 0016): a version's runs, asking
//! for one (tester minutes permitting), cancelling one, choosing the run a
//! sales page shows, the month's minutes, and a factory project's default
//! profile and thresholds.

use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::backtest::ini::{TesterProfile, TickModel};
use shared::domain::backtest::verdict::Thresholds;
use shared::domain::owner_permissions::Capability;
use shared::domain::validation::Validator;
use shared::repositories::audit_log::Action;
use shared::repositories::backtests::{self, Backtest, NewBacktest, TesterUse};
use shared::repositories::{robot_factory, robot_versions};
use shared::workflows::factory::tester_gate;
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, OwnerErrors};
use crate::extractors::{PathId, PathIds, SignedInOwner};
use crate::views::backtests::{BacktestView, TesterProfileView, ThresholdsView};
use crate::views::robot_factory::{UnknownProject, PROJECT_NOT_FOUND};
use crate::views::robots::{find_own, UnknownRobot, UnknownVersion, VERSION_NOT_FOUND};
use crate::AppState;

pub const BACKTEST_NOT_FOUND: &str = "Teste não encontrado";
crate::not_found_as!(UnknownBacktest, BACKTEST_NOT_FOUND);
pub const ONLY_EX5: &str = "Só versões em .ex5 podem ser testadas no Strategy Tester (um .zip não).";
pub const ALREADY_OVER: &str = "Este teste já terminou: não há o que cancelar.";
pub const NOT_COMPLETED: &str = "Só um teste concluído pode aparecer na página de vendas.";

/// The month's tester minutes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TesterMinutes {
    pub quota_minutes: i32,
    /// Used this month (Brazil's calendar month), finished and running runs.
    pub used_minutes: f64,
    pub remaining_minutes: f64,
}

impl From<TesterUse> for TesterMinutes {
    fn from(u: TesterUse) -> Self {
        let used = u.used_seconds as f64 / 60.0;
        TesterMinutes {
            quota_minutes: u.quota_minutes,
            used_minutes: (used * 10.0).round() / 10.0,
            remaining_minutes: ((f64::from(u.quota_minutes) - used).max(0.0) * 10.0).round() / 10.0,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BacktestList {
    /// Newest first (at most 20).
    pub items: Vec<BacktestView>,
    pub tester: TesterMinutes,
}

/// A profile as typed in the form; every field checked with a pt-BR message.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ProfileInput {
    pub symbol: Option<String>,
    pub timeframe: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub deposit: Option<f64>,
    pub currency: Option<String>,
    pub leverage: Option<f64>,
    /// real_ticks or one_minute_ohlc.
    pub model: Option<String>,
}

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ThresholdsInput {
    pub max_drawdown_percent: Option<f64>,
    pub min_profit_factor: Option<f64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StartBacktest {
    /// Omitted: the project's profile (factory robots) or the platform's default.
    pub profile: Option<ProfileInput>,
    pub thresholds: Option<ThresholdsInput>,
}

/// The typed profile, normalised (trimmed symbol, canonical period, ISO
/// dates), or every field's error at once.
fn checked_profile(input: &ProfileInput) -> Result<TesterProfile, AppError> {
    let mut v = Validator::new();
    let whole = |value: Option<f64>, field: &str, v: &mut Validator| -> i64 {
        let ok = value.is_some_and(|n| n.fract() == 0.0 && n.abs() < 1e12);
        v.check(ok || value.is_none(), field, "Use um número inteiro.");
        value.filter(|_| ok).map_or(0, |n| n as i64)
    };
    let deposit = whole(input.deposit, "deposit", &mut v);
    let leverage = whole(input.leverage, "leverage", &mut v);
    let model = match input.model.as_deref().map(str::trim) {
        None | Some("") | Some("one_minute_ohlc") => TickModel::OneMinuteOhlc,
        Some("real_ticks") => TickModel::RealTicks,
        Some(_) => {
            v.check(false, "model", "Modelo inválido: use ticks reais ou OHLC de 1 minuto.");
            TickModel::OneMinuteOhlc
        }
    };
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    let profile = TesterProfile {
        symbol: text(&input.symbol),
        timeframe: text(&input.timeframe),
        from: text(&input.from),
        to: text(&input.to),
        deposit,
        currency: text(&input.currency),
        leverage: u32::try_from(leverage).unwrap_or(0),
        model,
    };
    let valid = profile.validate();
    if let Err(errors) = &valid {
        for error in errors {
            v.check(false, error.field, &error.message);
        }
    }
    v.finish()?;
    let valid = valid.map_err(|_| AppError::validation_field("profile", "Perfil de teste inválido."))?;
    let day = |d: shared::domain::backtest::TesterDate| format!("{:04}-{:02}-{:02}", d.year, d.month, d.day);
    Ok(TesterProfile {
        symbol: valid.symbol,
        timeframe: valid.timeframe.to_string(),
        from: day(valid.from),
        to: day(valid.to),
        deposit: valid.deposit,
        currency: valid.currency,
        leverage: valid.leverage,
        model: valid.model,
    })
}

fn checked_thresholds(input: &ThresholdsInput) -> Result<Thresholds, AppError> {
    let defaults = Thresholds::default();
    let drawdown = input.max_drawdown_percent.unwrap_or(defaults.max_drawdown_percent);
    let factor = input.min_profit_factor.unwrap_or(defaults.min_profit_factor);
    let mut v = Validator::new();
    v.check(
        drawdown.is_finite() && drawdown > 0.0 && drawdown <= 100.0,
        "maxDrawdownPercent",
        "O rebaixamento máximo deve estar entre 0 e 100%.",
    );
    v.check(
        factor.is_finite() && (0.0..=100.0).contains(&factor),
        "minProfitFactor",
        "O fator de lucro mínimo deve estar entre 0 e 100.",
    );
    v.finish()?;
    Ok(Thresholds { max_drawdown_percent: drawdown, min_profit_factor: factor })
}

fn to_json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// A robot version's runs, newest first, and the month's minutes.
#[utoipa::path(operation_id = "tenantListVersionBacktests", get,
    path = "/api/tenant/robots/{robotId}/versions/{versionId}/backtests", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("robotId" = Uuid, Path), ("versionId" = Uuid, Path)),
    responses((status = 200, body = BacktestList), OwnerErrors))]
pub async fn list(
    owner: SignedInOwner,
    PathIds(robot_id, version_id, _): PathIds<UnknownRobot, UnknownVersion>,
) -> ApiResult<Json<BacktestList>> {
    owner.require(Capability::ViewRobots)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    find_own(&mut tx, &owner, robot_id).await?;
    let version = robot_versions::find(&mut tx, tenant, robot_id, version_id).await?.or_not_found(VERSION_NOT_FOUND)?;
    let list = runs_of_file(&mut tx, tenant, Some(&version.file_path)).await?;
    tx.commit().await?;
    Ok(Json(list))
}

/// The runs of one stored file (none: nothing compiled yet) and the month's minutes.
async fn runs_of_file(
    tx: &mut shared::infrastructure::db::Tx,
    tenant: Uuid,
    file_key: Option<&str>,
) -> Result<BacktestList, AppError> {
    let runs = match file_key {
        Some(key) => backtests::list_for_file(tx, tenant, key).await?,
        None => Vec::new(),
    };
    let usage = backtests::tester_use(tx, tenant).await?;
    Ok(BacktestList { items: runs.iter().map(BacktestView::from).collect(), tester: usage.into() })
}

/// Asks for a backtest of a robot version (imports, factory robots and
/// uploaded `.ex5` alike). 201 with the queued run, 200 with the one already
/// waiting or running for this file; 429 when the month's minutes are gone.
/// Audited.
#[utoipa::path(operation_id = "tenantStartVersionBacktest", post,
    path = "/api/tenant/robots/{robotId}/versions/{versionId}/backtests", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("robotId" = Uuid, Path), ("versionId" = Uuid, Path)),
    request_body = StartBacktest,
    responses((status = 201, body = BacktestView), (status = 200, body = BacktestView),
              (status = 429, body = crate::api_error::ErrorBody), OwnerErrors))]
pub async fn start(
    owner: SignedInOwner,
    PathIds(robot_id, version_id, _): PathIds<UnknownRobot, UnknownVersion>,
    ApiJson(body): ApiJson<StartBacktest>,
) -> ApiResult<(StatusCode, Json<BacktestView>)> {
    owner.require(Capability::ManageRobots)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, robot_id).await?;
    let version = robot_versions::find(&mut tx, tenant, robot_id, version_id).await?.or_not_found(VERSION_NOT_FOUND)?;
    if !version.original_file_name.to_ascii_lowercase().ends_with(".ex5") {
        return Err(AppError::validation_field("version", ONLY_EX5).into());
    }
    let profile = match &body.profile {
        Some(input) => checked_profile(input)?,
        None => tester_gate::default_profile(tester_gate::today()),
    };
    let thresholds = checked_thresholds(body.thresholds.as_ref().unwrap_or(&ThresholdsInput::default()))?;
    let (profile, thresholds) = (to_json(&profile), to_json(&thresholds));
    let run = queue_within_quota(
        &mut tx,
        &owner,
        NewBacktest {
            tenant_id: tenant,
            robot_id: Some(robot_id),
            robot_name: &robot.name,
            file_key: &version.file_path,
            factory_version_id: None,
            origin: "owner",
            profile: &profile,
            thresholds: &thresholds,
            requested_by: Some(owner.owner.id),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(run)
}

/// Under the tenant's lock: refused past the month's minutes, else queued
/// (or the live run of the same file found) and audited when new.
async fn queue_within_quota(
    tx: &mut shared::infrastructure::db::Tx,
    owner: &SignedInOwner,
    new: NewBacktest<'_>,
) -> Result<(StatusCode, Json<BacktestView>), AppError> {
    backtests::lock_tenant(tx, new.tenant_id).await?;
    let usage = backtests::tester_use(tx, new.tenant_id).await?;
    if usage.exhausted() {
        return Err(AppError::TooManyRequests(format!(
            "Os minutos de teste deste mês acabaram: {:.0} de {} usados. Peça ao administrador da plataforma para ampliar a cota.",
            usage.used_seconds as f64 / 60.0,
            usage.quota_minutes
        )));
    }
    let (run, queued) = backtests::queue(tx, &new).await?;
    if !queued {
        return Ok((StatusCode::OK, Json(BacktestView::from(&run))));
    }
    owner
        .audit(
            tx,
            Action::Create,
            "backtest",
            run.id,
            &Value::Null,
            &json!({ "fileKey": run.file_key, "profile": run.profile }),
        )
        .await?;
    Ok((StatusCode::CREATED, Json(BacktestView::from(&run))))
}

async fn own_run(tx: &mut shared::infrastructure::db::Tx, tenant: Uuid, id: Uuid) -> Result<Backtest, AppError> {
    backtests::find(tx, tenant, id).await?.or_not_found(BACKTEST_NOT_FOUND)
}

/// Cancels a waiting or running backtest (the agent stops at its next
/// heartbeat); the minutes it ran count. Audited.
#[utoipa::path(operation_id = "tenantCancelBacktest", post, path = "/api/tenant/backtests/{id}/cancel", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = BacktestView), (status = 409, body = crate::api_error::ErrorBody), OwnerErrors))]
pub async fn cancel(owner: SignedInOwner, PathId(id, _): PathId<UnknownBacktest>) -> ApiResult<Json<BacktestView>> {
    owner.require(Capability::ManageRobots)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let before = own_run(&mut tx, tenant, id).await?;
    let cancelled =
        backtests::cancel(&mut tx, tenant, before.id).await?.ok_or_else(|| AppError::Conflict(ALREADY_OVER.into()))?;
    owner
        .audit(
            &mut tx,
            Action::Update,
            "backtest",
            before.id,
            &json!({ "status": before.status }),
            &json!({ "status": "cancelled" }),
        )
        .await?;
    tx.commit().await?;
    Ok(Json(BacktestView::from(&cancelled)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BacktestUpdate {
    /// Shows this run's numbers and curve on the robot's public sales page.
    pub on_sales_page: Option<bool>,
}

/// Chooses whether a completed run appears on the robot's sales page (the
/// page shows the newest chosen run of the active version). Audited.
#[utoipa::path(operation_id = "tenantUpdateBacktest", patch, path = "/api/tenant/backtests/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)), request_body = BacktestUpdate,
    responses((status = 200, body = BacktestView), (status = 409, body = crate::api_error::ErrorBody), OwnerErrors))]
pub async fn update(
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownBacktest>,
    ApiJson(body): ApiJson<BacktestUpdate>,
) -> ApiResult<Json<BacktestView>> {
    owner.require(Capability::ManageRobots)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let before = own_run(&mut tx, tenant, id).await?;
    let shown = body
        .on_sales_page
        .ok_or_else(|| AppError::validation_field("onSalesPage", "Informe se o teste aparece na página de vendas."))?;
    let after = backtests::set_on_sales_page(&mut tx, tenant, before.id, shown)
        .await?
        .ok_or_else(|| AppError::Conflict(NOT_COMPLETED.into()))?;
    owner
        .audit(
            &mut tx,
            Action::Update,
            "backtest",
            before.id,
            &json!({ "onSalesPage": before.on_sales_page }),
            &json!({ "onSalesPage": shown }),
        )
        .await?;
    tx.commit().await?;
    Ok(Json(BacktestView::from(&after)))
}

/// A factory project's tester settings: the gate's profile and thresholds.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TesterSettings {
    pub profile: TesterProfileView,
    pub thresholds: ThresholdsView,
    /// Neither set by the owner: the platform's defaults.
    pub defaults: bool,
    pub tester: TesterMinutes,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TesterSettingsInput {
    pub profile: Option<ProfileInput>,
    pub thresholds: Option<ThresholdsInput>,
}

fn settings_view(profile: Option<Value>, thresholds: Option<Value>, usage: TesterUse) -> TesterSettings {
    let defaults = profile.is_none() && thresholds.is_none();
    let profile = profile
        .and_then(|p| serde_json::from_value::<TesterProfile>(p).ok())
        .unwrap_or_else(|| tester_gate::default_profile(tester_gate::today()));
    let thresholds = thresholds.and_then(|t| serde_json::from_value::<Thresholds>(t).ok()).unwrap_or_default();
    TesterSettings {
        profile: TesterProfileView::from(&profile),
        thresholds: ThresholdsView {
            max_drawdown_percent: thresholds.max_drawdown_percent,
            min_profit_factor: thresholds.min_profit_factor,
        },
        defaults,
        tester: usage.into(),
    }
}

/// The project's tester profile and thresholds (the factory's gate uses them).
#[utoipa::path(operation_id = "tenantProjectTesterSettings", get, path = "/api/tenant/robot-projects/{id}/tester-settings",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = TesterSettings), OwnerErrors))]
pub async fn settings(owner: SignedInOwner, PathId(id, _): PathId<UnknownProject>) -> ApiResult<Json<TesterSettings>> {
    owner.require(Capability::ViewRobots)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let (profile, thresholds) =
        backtests::project_settings(&mut tx, tenant, id).await?.or_not_found(PROJECT_NOT_FOUND)?;
    let usage = backtests::tester_use(&mut tx, tenant).await?;
    tx.commit().await?;
    Ok(Json(settings_view(profile, thresholds, usage)))
}

/// Sets the project's tester profile and thresholds. Audited.
#[utoipa::path(operation_id = "tenantSetProjectTesterSettings", put, path = "/api/tenant/robot-projects/{id}/tester-settings",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = TesterSettingsInput, responses((status = 200, body = TesterSettings), OwnerErrors))]
pub async fn set_settings(
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownProject>,
    ApiJson(body): ApiJson<TesterSettingsInput>,
) -> ApiResult<Json<TesterSettings>> {
    owner.require(Capability::ManageRobots)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let (before_profile, before_thresholds) =
        backtests::project_settings(&mut tx, tenant, id).await?.or_not_found(PROJECT_NOT_FOUND)?;
    let profile = checked_profile(body.profile.as_ref().unwrap_or(&ProfileInput::default()))?;
    let thresholds = checked_thresholds(body.thresholds.as_ref().unwrap_or(&ThresholdsInput::default()))?;
    let (profile, thresholds) = (to_json(&profile), to_json(&thresholds));
    backtests::set_project_settings(&mut tx, tenant, id, &profile, &thresholds).await?;
    owner
        .audit(
            &mut tx,
            Action::Update,
            "robot_project",
            id,
            &json!({ "testerProfile": before_profile, "testerThresholds": before_thresholds }),
            &json!({ "testerProfile": profile, "testerThresholds": thresholds }),
        )
        .await?;
    let usage = backtests::tester_use(&mut tx, tenant).await?;
    tx.commit().await?;
    Ok(Json(settings_view(Some(profile), Some(thresholds), usage)))
}

/// A factory version's runs (its gate, and any asked for), newest first.
#[utoipa::path(operation_id = "tenantListFactoryVersionBacktests", get,
    path = "/api/tenant/robot-projects/{id}/versions/{versionId}/backtests", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path), ("versionId" = Uuid, Path)),
    responses((status = 200, body = BacktestList), OwnerErrors))]
pub async fn factory_version_runs(
    owner: SignedInOwner,
    PathIds(project_id, version_id, _): PathIds<UnknownProject, UnknownVersion>,
) -> ApiResult<Json<BacktestList>> {
    owner.require(Capability::ViewRobots)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let version = robot_factory::find_version(&mut tx, tenant, version_id)
        .await?
        .filter(|v| v.project_id == project_id)
        .or_not_found(VERSION_NOT_FOUND)?;
    let list = runs_of_file(&mut tx, tenant, version.compiled_file_url.as_deref()).await?;
    tx.commit().await?;
    Ok(Json(list))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, start))
        .routes(routes!(cancel))
        .routes(routes!(update))
        .routes(routes!(settings, set_settings))
        .routes(routes!(factory_version_runs))
}
