//! Compiler messages as owners see them: placed at the line of the source
//! they wrote (an import's upload, the factory's generated code), or flagged
//! as inside the license check the platform inserted.

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::domain::mql5;
use crate::domain::protocol::{Diagnostic, Severity};

/// One compiler message. `line` is the line of the owner's source; a message
/// about code the license check added says so (`inInjectedCode`) and keeps
/// the compiled file's line.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobDiagnostic {
    pub line: u32,
    pub column: u32,
    /// error or warning.
    pub severity: String,
    pub code: String,
    pub message: String,
    pub in_injected_code: bool,
}

/// The agent's diagnostics (as stored on the job) with their lines moved
/// from the injected source to the owner's; `sources` is (injected, owner's).
pub fn placed(stored: Option<&Value>, sources: Option<&(String, String)>) -> Vec<JobDiagnostic> {
    let diagnostics: Vec<Diagnostic> = stored.and_then(|d| serde_json::from_value(d.clone()).ok()).unwrap_or_default();
    diagnostics
        .into_iter()
        .map(|d| {
            let uploaded = sources.and_then(|(injected, uploaded)| mql5::original_line(uploaded, injected, d.line));
            JobDiagnostic {
                line: uploaded.unwrap_or(d.line),
                in_injected_code: sources.is_some() && uploaded.is_none(),
                column: d.column,
                severity: match d.severity {
                    Severity::Error => "error".into(),
                    Severity::Warning => "warning".into(),
                },
                code: d.code,
                message: d.message,
            }
        })
        .collect()
}
