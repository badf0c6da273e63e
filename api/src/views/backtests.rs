//! How a backtest reads on the wire, for every portal that shows one: the
//! owner's full view (status, profile, verdict) and the numbers a buyer sees
//! (sales page, client's robot card). One place, so the portals' handlers do
//! not import each other's types.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared::repositories::backtests::{Backtest, PublishedBacktest};
use utoipa::ToSchema;
use uuid::Uuid;

/// The report's numbers.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BacktestNumbers {
    pub initial_deposit: Option<f64>,
    pub net_profit: f64,
    pub profit_factor: f64,
    /// The worse of the balance and equity drawdowns (money).
    pub max_drawdown: f64,
    pub max_drawdown_percent: f64,
    pub total_trades: u32,
    pub win_rate_percent: f64,
}

/// A point of the balance curve (the tester's time, no zone).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurvePoint {
    pub time: String,
    pub balance: f64,
}

/// What the tester ran on.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TesterProfileView {
    pub symbol: String,
    pub timeframe: String,
    /// AAAA-MM-DD.
    pub from: String,
    pub to: String,
    pub deposit: i64,
    pub currency: String,
    pub leverage: u32,
    /// `real_ticks` (every tick based on real ticks) or `one_minute_ohlc`.
    pub model: String,
}

impl From<&shared::domain::backtest::ini::TesterProfile> for TesterProfileView {
    fn from(p: &shared::domain::backtest::ini::TesterProfile) -> Self {
        use shared::domain::backtest::ini::TickModel;
        TesterProfileView {
            symbol: p.symbol.clone(),
            timeframe: p.timeframe.clone(),
            from: p.from.clone(),
            to: p.to.clone(),
            deposit: p.deposit,
            currency: p.currency.clone(),
            leverage: p.leverage,
            model: match p.model {
                TickModel::RealTicks => "real_ticks",
                TickModel::OneMinuteOhlc => "one_minute_ohlc",
            }
            .into(),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThresholdsView {
    pub max_drawdown_percent: f64,
    pub min_profit_factor: f64,
}

/// A run as its owner sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BacktestView {
    pub id: Uuid,
    /// queued, running, completed, failed, cancelled.
    pub status: String,
    /// factory (the gate of a factory version) or owner (asked for).
    pub origin: String,
    pub profile: Option<TesterProfileView>,
    pub thresholds: Option<ThresholdsView>,
    pub numbers: Option<BacktestNumbers>,
    pub equity_curve: Vec<CurvePoint>,
    /// null until completed.
    pub recommended: Option<bool>,
    /// Why it is "não recomendado" (pt-BR, with the numbers).
    pub reasons: Vec<String>,
    pub error_message: Option<String>,
    pub on_sales_page: bool,
    /// Tester time charged to the month (whole seconds).
    pub tester_seconds: i32,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
}

/// The numbers shown to buyers: the sales page and the client's robot card.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicBacktest {
    pub profile: Option<TesterProfileView>,
    pub numbers: Option<BacktestNumbers>,
    pub equity_curve: Vec<CurvePoint>,
    pub recommended: Option<bool>,
    pub completed_at: Option<DateTime<Utc>>,
}

fn read<T: serde::de::DeserializeOwned>(value: Option<&Value>) -> Option<T> {
    value.and_then(|v| serde_json::from_value(v.clone()).ok())
}

impl From<&Backtest> for BacktestView {
    fn from(b: &Backtest) -> Self {
        BacktestView {
            id: b.id,
            status: b.status.clone(),
            origin: b.origin.clone(),
            profile: read(Some(&b.profile)),
            thresholds: read::<shared::domain::backtest::verdict::Thresholds>(Some(&b.thresholds)).map(|t| {
                ThresholdsView { max_drawdown_percent: t.max_drawdown_percent, min_profit_factor: t.min_profit_factor }
            }),
            numbers: read(b.summary.as_ref()),
            equity_curve: read(b.equity_curve.as_ref()).unwrap_or_default(),
            recommended: b.recommended,
            reasons: read(b.reasons.as_ref()).unwrap_or_default(),
            error_message: b.error_message.clone(),
            on_sales_page: b.on_sales_page,
            tester_seconds: b.tester_seconds,
            created_at: b.created_at,
            started_at: b.started_at,
            completed_at: b.completed_at,
        }
    }
}

impl From<&PublishedBacktest> for PublicBacktest {
    fn from(b: &PublishedBacktest) -> Self {
        PublicBacktest {
            profile: read(Some(&b.profile)),
            numbers: read(b.summary.as_ref()),
            equity_curve: read(b.equity_curve.as_ref()).unwrap_or_default(),
            recommended: b.recommended,
            completed_at: b.completed_at,
        }
    }
}
