//! The agent's configuration: an optional `KEY=VALUE` file (`--config`), then
//! the environment (which wins), checked before anything runs.

use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Clone, PartialEq)]
pub struct AgentConfig {
    pub api_url: String,
    pub token: String,
    /// `metaeditor64.exe` (its path; on Linux the Windows program run by the runner).
    pub metaeditor: String,
    /// The MQL5 folder passed as `/inc:` (None: MetaEditor's own).
    pub include_dir: Option<String>,
    /// The Wine runner script (`compiler-agent/wine/run-metaeditor.sh`); None on Windows.
    pub runner: Option<String>,
    /// Where each job gets its own folder.
    pub work_dir: PathBuf,
    pub compile_timeout: Duration,
    /// More variables passed to MetaEditor (`METAEDITOR_ENV`, comma separated); never the token.
    pub passed_env: Vec<String>,
}

impl AgentConfig {
    /// Reads the configuration through `get` (file values overlaid by the environment, in production).
    pub fn read(get: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let get = |name: &str| get(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let api_url = get("AGENT_API_URL").ok_or("AGENT_API_URL não definido (ex.: https://roboforge.com.br)")?;
        let local = api_url.starts_with("http://localhost") || api_url.starts_with("http://127.0.0.1");
        if !api_url.starts_with("https://") && !local {
            return Err("AGENT_API_URL deve usar https:// (http só em localhost)".into());
        }
        let timeout = match get("COMPILE_TIMEOUT_SECONDS") {
            None => 120,
            Some(v) => {
                v.parse::<u64>().ok().filter(|s| (1..=3600).contains(s)).ok_or("COMPILE_TIMEOUT_SECONDS: 1 a 3600")?
            }
        };
        Ok(Self {
            api_url: api_url.trim_end_matches('/').to_string(),
            token: get("AGENT_TOKEN").ok_or("AGENT_TOKEN não definido")?,
            metaeditor: get("METAEDITOR_PATH").unwrap_or_else(|| "metaeditor64.exe".into()),
            include_dir: get("MQL5_INCLUDE_DIR"),
            runner: get("WINE_RUNNER"),
            work_dir: get("AGENT_WORK_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| std::env::temp_dir().join("roboforge-agent")),
            compile_timeout: Duration::from_secs(timeout),
            // The token is never handed on, whatever METAEDITOR_ENV says.
            passed_env: get("METAEDITOR_ENV")
                .unwrap_or_default()
                .split([',', ' '])
                .map(str::trim)
                .filter(|name| !name.is_empty() && !name.to_ascii_uppercase().contains("TOKEN"))
                .map(str::to_string)
                .collect(),
        })
    }
}

/// `KEY=VALUE` lines of a config file (`#` comments and blank lines skipped).
pub fn parse_file(text: &str) -> Vec<(String, String)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim().trim_matches('"').to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    }

    #[test]
    fn reads_a_complete_configuration() {
        let config =
            AgentConfig::read(env(&[("AGENT_API_URL", "https://p.example/"), ("AGENT_TOKEN", "t0k")])).unwrap();
        assert_eq!(config.api_url, "https://p.example");
        assert_eq!(config.metaeditor, "metaeditor64.exe");
        assert_eq!(config.compile_timeout, Duration::from_secs(120));
        assert!(config.runner.is_none());
    }

    #[test]
    fn refuses_plain_http_outside_localhost_missing_token_and_bad_timeouts() {
        assert!(AgentConfig::read(env(&[("AGENT_API_URL", "http://p.example"), ("AGENT_TOKEN", "t")]))
            .unwrap_err()
            .contains("https"));
        assert!(AgentConfig::read(env(&[("AGENT_API_URL", "http://localhost:8080"), ("AGENT_TOKEN", "t")])).is_ok());
        assert!(AgentConfig::read(env(&[("AGENT_API_URL", "https://p.example")])).unwrap_err().contains("AGENT_TOKEN"));
        let bad = [("AGENT_API_URL", "https://p"), ("AGENT_TOKEN", "t"), ("COMPILE_TIMEOUT_SECONDS", "0")];
        assert!(AgentConfig::read(env(&bad)).is_err());
    }

    #[test]
    fn config_files_are_key_value_lines() {
        let pairs = parse_file("# agente\nAGENT_TOKEN = \"rfa_1\"\n\nMETAEDITOR_PATH=C:\\MT5\\metaeditor64.exe\n");
        assert_eq!(
            pairs,
            [("AGENT_TOKEN".into(), "rfa_1".into()), ("METAEDITOR_PATH".into(), "C:\\MT5\\metaeditor64.exe".into())]
        );
    }
}
