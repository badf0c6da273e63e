//! The factory's tester gate (decision 0016): every compiled factory version
//! is backtested on the project's profile; its numbers go into the project's
//! conversation, a version past the owner's thresholds is "não recomendado"
//! with the reason, and a version that opened no trade at all goes back to
//! the model once with the tester's numbers (a logic error it can fix).

use sqlx::PgConnection;

use crate::domain::backtest::ini::TesterProfile;
use crate::domain::backtest::summary::{BacktestSummary, Judged};
use crate::domain::backtest::verdict::{Concern, Thresholds};
use crate::domain::backtest::TesterDate;
use crate::domain::error::AppResult;
use crate::repositories::backtests::{self, Backtest, NewBacktest};
use crate::repositories::robot_factory::{self, ConversationMessage, Version};
use crate::workflows::jobs::{FactoryStep, RunFactoryStep};

/// The profile a project tests on until its owner sets one: the last twelve
/// months of EURUSD H1 on 1-minute OHLC (minutes, not hours, of tester time).
pub fn default_profile(today: TesterDate) -> TesterProfile {
    let day = |days_ago: i64| {
        let date = TesterDate::from_days_since_epoch(today.days_since_epoch() - days_ago);
        format!("{:04}-{:02}-{:02}", date.year, date.month, date.day)
    };
    TesterProfile {
        symbol: "EURUSD".into(),
        timeframe: "H1".into(),
        from: day(366),
        to: day(1),
        deposit: 10_000,
        currency: "USD".into(),
        leverage: 100,
        model: crate::domain::backtest::ini::TickModel::OneMinuteOhlc,
    }
}

/// Today in Brazil, as the tester's day.
pub fn today() -> TesterDate {
    let now = chrono::Utc::now() - chrono::Duration::hours(3);
    TesterDate::from_days_since_epoch(now.timestamp().div_euclid(86_400))
}

/// Queues the gate's run of a version that just compiled into `file_key`,
/// unless the month's tester minutes are gone (the conversation says so).
pub async fn queue_for_compiled(conn: &mut PgConnection, version: &Version, file_key: &str) -> AppResult<()> {
    let (tenant, project_id) = (version.tenant_id, version.project_id);
    let Some(project) = robot_factory::find_project(conn, tenant, project_id).await? else { return Ok(()) };
    let (profile, thresholds) = backtests::project_settings(conn, tenant, project_id).await?.unwrap_or((None, None));
    let profile = profile.unwrap_or_else(|| serde_json::to_value(default_profile(today())).unwrap_or_default());
    let thresholds = thresholds.unwrap_or_else(|| serde_json::to_value(Thresholds::default()).unwrap_or_default());
    backtests::lock_tenant(conn, tenant).await?;
    let usage = backtests::tester_use(conn, tenant).await?;
    if usage.exhausted() {
        let message = format!(
            "A versão {} não foi testada no Strategy Tester: os {} minutos de teste deste mês acabaram.",
            version.version, usage.quota_minutes
        );
        return robot_factory::append_message(
            conn,
            tenant,
            project_id,
            &ConversationMessage::new("system", "tester", message),
        )
        .await;
    }
    let new = NewBacktest {
        tenant_id: tenant,
        robot_id: project.robot_id,
        robot_name: &project.name,
        file_key,
        factory_version_id: Some(version.id),
        origin: "factory",
        profile: &profile,
        thresholds: &thresholds,
        requested_by: None,
    };
    // The conversation hears of it when its numbers come (an agent with a
    // terminal may take a while to be free).
    backtests::queue(conn, &new).await?;
    Ok(())
}

fn describe(profile: &serde_json::Value) -> String {
    match serde_json::from_value::<TesterProfile>(profile.clone()) {
        Ok(p) => format!("{} {}, {} a {}", p.symbol, p.timeframe, p.from, p.to),
        Err(_) => "perfil do projeto".into(),
    }
}

/// What a finished gate run does to its factory version. Runs in the
/// transaction that records the agent's result.
pub async fn on_backtest_finished(conn: &mut PgConnection, run: &Backtest, judged: &Judged) -> AppResult<()> {
    let Some(version_id) = run.factory_version_id else { return Ok(()) };
    let Some(version) = robot_factory::lock_version(conn, run.tenant_id, version_id).await? else { return Ok(()) };
    let (tenant, project) = (version.tenant_id, version.project_id);
    let say = |text: String| ConversationMessage::new("system", "tester", text);
    let Some(summary) = judged.summary.clone().and_then(|s| serde_json::from_value::<BacktestSummary>(s).ok()) else {
        let reason = judged.error.clone().unwrap_or_else(|| "o teste falhou.".into());
        return robot_factory::append_message(
            conn,
            tenant,
            project,
            &say(format!("Versão {}: {reason}", version.version)),
        )
        .await;
    };
    let numbers = format!(
        "lucro líquido {:.2}, fator de lucro {:.2}, rebaixamento máximo {:.2}%, {} operações, {:.1}% vencedoras",
        summary.net_profit,
        summary.profit_factor,
        summary.max_drawdown_percent,
        summary.total_trades,
        summary.win_rate_percent
    );
    let reasons: Vec<String> = judged.reasons.clone().and_then(|r| serde_json::from_value(r).ok()).unwrap_or_default();
    let no_trades = judged.concerns.contains(&Concern::NoTrades);
    // One round only, and only for a version still waiting to be published
    // as it is (a fix changes its code).
    if no_trades && version.tester_feedback.is_none() && version.compilation_status == "success" {
        let feedback = format!(
            "The Strategy Tester ran this Expert Advisor on {} and it opened no position at all ({} trades): the entry \
             conditions never become true. Find why (inverted comparisons, indicator handles or buffers read wrongly, \
             filters that can never pass together, volume or stops the broker refuses) and fix the entry logic without \
             changing the strategy.",
            describe(&run.profile),
            summary.total_trades
        );
        robot_factory::set_tester_feedback(conn, &version, &feedback).await?;
        robot_factory::set_status(conn, &version, "fixing").await?;
        let message = format!(
            "Versão {} testada no Strategy Tester: {numbers}.\n{}\n\nA IA vai revisar a lógica de entrada (uma rodada extra).",
            version.version,
            reasons.join(" ")
        );
        robot_factory::append_message(conn, tenant, project, &say(message)).await?;
        RunFactoryStep {
            tenant_id: tenant,
            version_id: version.id,
            step: FactoryStep::Fix,
            attempt: version.retry_count + 1,
        }
        .enqueue(conn)
        .await?;
        return Ok(());
    }
    let label = if judged.recommended == Some(true) { "Recomendado" } else { "Não recomendado" };
    let mut message = format!("Versão {} testada no Strategy Tester: {numbers}. {label}.", version.version);
    if !reasons.is_empty() {
        message.push(' ');
        message.push_str(&reasons.join(" "));
    }
    robot_factory::append_message(conn, tenant, project, &say(message)).await
}
