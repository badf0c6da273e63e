//! The agent's side of the protocol (`/api/agents/*`), over HTTPS with the
//! agent's bearer token.

use std::time::Duration;

use base64::Engine;
use sha2::{Digest, Sha256};
use shared::domain::protocol::{
    BacktestResult, ClaimRequest, HeartbeatRequest, HeartbeatResponse, JobResult, LeasedBacktest, LeasedJob, TESTER,
};
use uuid::Uuid;

use crate::compile::Outcome;

#[derive(Clone)]
pub struct ApiClient {
    http: reqwest::Client,
    base: String,
    token: String,
}

/// What a claim gives: a compile job, or a backtest (agents with a terminal).
pub enum Work {
    Compile(LeasedJob),
    Backtest(LeasedBacktest),
}

/// Why a call failed: the token is refused (stop) or anything else (retry).
#[derive(Debug)]
pub enum CallError {
    Refused,
    Other(String),
}

impl ApiClient {
    pub fn new(base: &str, token: &str) -> Self {
        let http = reqwest::Client::builder().timeout(Duration::from_secs(60)).build().expect("an HTTP client");
        Self { http, base: base.to_string(), token: token.to_string() }
    }

    async fn post(&self, path: &str, body: &impl serde::Serialize) -> Result<reqwest::Response, CallError> {
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .json(body)
            .send()
            .await
            .map_err(|e| CallError::Other(e.to_string()))?;
        match response.status().as_u16() {
            401 | 403 => Err(CallError::Refused),
            s if s >= 400 => Err(CallError::Other(format!("HTTP {s}: {}", response.text().await.unwrap_or_default()))),
            _ => Ok(response),
        }
    }

    /// Work, or None after the server's long-poll ran out. An agent with a
    /// terminal says it can run the tester.
    pub async fn claim(&self, wait_seconds: u32, tester: bool) -> Result<Option<Work>, CallError> {
        let capabilities = if tester { vec![TESTER.to_string()] } else { Vec::new() };
        let body = ClaimRequest { agent_version: env!("CARGO_PKG_VERSION").into(), wait_seconds, capabilities };
        let response = self.post("/api/agents/claim", &body).await?;
        if response.status().as_u16() == 204 {
            return Ok(None);
        }
        let value: serde_json::Value = response.json().await.map_err(|e| CallError::Other(e.to_string()))?;
        let work = if value.get("kind").and_then(|k| k.as_str()) == Some("backtest") {
            serde_json::from_value(value).map(Work::Backtest)
        } else {
            serde_json::from_value(value).map(Work::Compile)
        };
        work.map(Some).map_err(|e| CallError::Other(e.to_string()))
    }

    /// Extends the lease; false when the job is no longer this agent's.
    pub async fn heartbeat(&self, job: Option<Uuid>) -> Result<bool, CallError> {
        self.heartbeat_as(job, if job.is_some() { "compiling" } else { "idle" }).await
    }

    /// The same, saying what the agent is doing (`testing` during a backtest).
    pub async fn heartbeat_as(&self, job: Option<Uuid>, state: &str) -> Result<bool, CallError> {
        let body = HeartbeatRequest { state: state.into(), job_id: job };
        let answer: HeartbeatResponse = self
            .post("/api/agents/heartbeat", &body)
            .await?
            .json()
            .await
            .map_err(|e| CallError::Other(e.to_string()))?;
        Ok(answer.lease_expires_at.is_some())
    }

    /// Sends the outcome of compiling `source` (its hash goes with it: the
    /// server accepts a result only for the source it gave out).
    pub async fn upload(&self, job: Uuid, source: &str, outcome: &Outcome) -> Result<(), CallError> {
        let body = JobResult {
            success: outcome.success,
            log: outcome.log.clone(),
            diagnostics: outcome.diagnostics.clone(),
            ex5_base64: outcome.ex5.as_ref().map(|b| base64::engine::general_purpose::STANDARD.encode(b)),
            error: outcome.fault.clone(),
            // Hex SHA-256, as the server computes it (`shared::infrastructure::secrets`, which the agent does not link).
            source_sha256: hex::encode(Sha256::digest(source.as_bytes())),
        };
        self.post(&format!("/api/agents/jobs/{job}/result"), &body).await.map(|_| ())
    }

    /// Sends a backtest's report as the terminal wrote it (or why there is none).
    pub async fn upload_backtest(&self, id: Uuid, report: Option<&[u8]>, error: Option<&str>) -> Result<(), CallError> {
        let body = BacktestResult {
            report_base64: report.map(|b| base64::engine::general_purpose::STANDARD.encode(b)),
            error: error.map(str::to_string),
        };
        self.post(&format!("/api/agents/backtests/{id}/result"), &body).await.map(|_| ())
    }

    /// Gives a job back unfinished (the agent is stopping).
    pub async fn release(&self, job: Uuid) -> Result<(), CallError> {
        self.post(&format!("/api/agents/jobs/{job}/release"), &serde_json::json!({})).await.map(|_| ())
    }
}
