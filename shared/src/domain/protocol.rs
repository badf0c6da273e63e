//! Wire types spoken between the API and compile agents (DESIGN section 7).
//! Kept free of database types: the `compiler-agent` binary depends on this
//! module alone.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Sent by an agent asking for work; the API long-polls until a job is leased.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ClaimRequest {
    pub agent_version: String,
    pub wait_seconds: u32,
    /// What the agent can do besides compiling: `tester` (it has a MetaTrader 5
    /// terminal and runs backtests). Agents from before backtests send none.
    #[serde(default)]
    pub capabilities: Vec<String>,
}

/// The capability of running the Strategy Tester.
pub const TESTER: &str = "tester";

/// A backtest leased to an agent with the tester capability: the claim's
/// answer when `kind` is `backtest` (a compile job has no `kind`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LeasedBacktest {
    /// Always `backtest`.
    pub kind: String,
    pub backtest_id: Uuid,
    pub robot_name: String,
    /// The `.ex5` to test.
    pub ex5_base64: String,
    /// The tester profile (`shared::domain::backtest::ini::TesterProfile`), validated by the server.
    pub profile: serde_json::Value,
    pub lease_expires_at: String,
}

/// What an agent uploads when a backtest ends: the terminal's report as it
/// wrote it (the server reads the numbers itself), or why there is none.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct BacktestResult {
    pub report_base64: Option<String>,
    pub error: Option<String>,
}

/// A compile job leased to one agent until `lease_expires_at`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LeasedJob {
    pub job_id: Uuid,
    pub robot_name: String,
    pub source_code: String,
    /// SHA-256 (hex) of `source_code` as the server holds it; the result
    /// names it back, so a result answers this job's source and no other.
    #[serde(default)]
    pub source_sha256: String,
    pub lease_expires_at: String,
    /// The tenant may `#import` DLLs (the platform admin allowed it): the
    /// agent's own directive check follows it.
    #[serde(default)]
    pub dll_imports_allowed: bool,
}

/// One MetaEditor log line `file(line,col) : error|warning CODE: text`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Diagnostic {
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub severity: Severity,
    pub code: String,
    pub message: String,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// Sent every few seconds while an agent lives: its state and the job it
/// works on (the lease of that job is extended).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct HeartbeatRequest {
    /// idle or compiling.
    pub state: String,
    pub job_id: Option<Uuid>,
}

/// The answer to a heartbeat: until when the job is still the agent's
/// (None: it is not anymore — stop working on it).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct HeartbeatResponse {
    pub lease_expires_at: Option<String>,
}

/// What an agent uploads when a job is done: the compiled file (base64) on
/// success, always the raw log and its diagnostics.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct JobResult {
    pub success: bool,
    pub log: String,
    pub diagnostics: Vec<Diagnostic>,
    pub ex5_base64: Option<String>,
    /// A short reason when the agent itself failed (not a compile error).
    pub error: Option<String>,
    /// SHA-256 (hex) of the source the agent compiled ([`LeasedJob::source_sha256`]).
    #[serde(default)]
    pub source_sha256: String,
}
