//! The agent's configuration: an optional `KEY=VALUE` file (`--config`), then
//! the environment (which wins), checked before anything runs.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::sandbox::Sandbox;

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
    /// `terminal64.exe` of a portable MetaTrader 5 install (`TERMINAL_PATH`):
    /// set, the agent can run backtests (the "tester" capability).
    pub terminal: Option<String>,
    /// How long one backtest may run (`TESTER_TIMEOUT_MINUTES`, default 4 h):
    /// hours, where a compile gets minutes; the lease lives on heartbeats.
    pub tester_timeout: Duration,
    /// How often a job's lease is renewed (`HEARTBEAT_SECONDS`, default 20).
    pub heartbeat: Duration,
    /// More variables passed to MetaEditor (`METAEDITOR_ENV`, comma separated); never the token.
    pub passed_env: Vec<String>,
    /// How MetaEditor is confined (`COMPILE_SANDBOX`, `BWRAP_PATH`).
    pub sandbox: Sandbox,
    /// The runner's Wine prefix (`WINEPREFIX`, `WINE_PREFIX`, else `~/.wine`); each job's sandbox gets a copy.
    pub wine_prefix: Option<PathBuf>,
    /// The agent's own files MetaEditor must not read: its `--config` (set by main).
    pub private_files: Vec<PathBuf>,
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
        let tester_minutes = match get("TESTER_TIMEOUT_MINUTES") {
            None => 240,
            Some(v) => {
                v.parse::<u64>().ok().filter(|m| (1..=1440).contains(m)).ok_or("TESTER_TIMEOUT_MINUTES: 1 a 1440")?
            }
        };
        let heartbeat = match get("HEARTBEAT_SECONDS") {
            None => 20,
            Some(v) => v.parse::<u64>().ok().filter(|s| (1..=60).contains(s)).ok_or("HEARTBEAT_SECONDS: 1 a 60")?,
        };
        let runner = get("WINE_RUNNER");
        // The runner's own default, so the sandbox copies the prefix Wine would use.
        let wine_prefix = runner.as_ref().and_then(|_| {
            get("WINEPREFIX")
                .or_else(|| get("WINE_PREFIX"))
                .map(PathBuf::from)
                .or_else(|| get("HOME").map(|home| Path::new(&home).join(".wine")))
        });
        Ok(Self {
            api_url: api_url.trim_end_matches('/').to_string(),
            token: get("AGENT_TOKEN").ok_or("AGENT_TOKEN não definido")?,
            metaeditor: get("METAEDITOR_PATH").unwrap_or_else(|| "metaeditor64.exe".into()),
            include_dir: get("MQL5_INCLUDE_DIR"),
            runner,
            // Absolute: the sandbox mounts it by path.
            work_dir: absolute(
                get("AGENT_WORK_DIR")
                    .map(PathBuf::from)
                    .unwrap_or_else(|| std::env::temp_dir().join("roboforge-agent")),
            )?,
            compile_timeout: Duration::from_secs(timeout),
            terminal: get("TERMINAL_PATH"),
            tester_timeout: Duration::from_secs(tester_minutes * 60),
            heartbeat: Duration::from_secs(heartbeat),
            // The token is never handed on, whatever METAEDITOR_ENV says.
            passed_env: get("METAEDITOR_ENV")
                .unwrap_or_default()
                .split([',', ' '])
                .map(str::trim)
                .filter(|name| !name.is_empty() && !name.to_ascii_uppercase().contains("TOKEN"))
                .map(str::to_string)
                .collect(),
            sandbox: sandbox_mode(get("COMPILE_SANDBOX"), get("BWRAP_PATH"))?,
            wine_prefix: wine_prefix.map(absolute).transpose()?,
            private_files: Vec::new(),
        })
    }
}

/// bubblewrap by default wherever it exists (Linux); `none` only by choice.
fn sandbox_mode(mode: Option<String>, bwrap: Option<String>) -> Result<Sandbox, String> {
    let linux = cfg!(target_os = "linux");
    match mode.as_deref().unwrap_or(if linux { "bwrap" } else { "none" }) {
        "none" => Ok(Sandbox::Unconfined),
        "bwrap" if linux => Ok(Sandbox::Bubblewrap(PathBuf::from(bwrap.unwrap_or_else(|| "bwrap".into())))),
        "bwrap" => {
            Err("COMPILE_SANDBOX=bwrap só existe no Linux (no Windows, a conta do serviço isola o MetaEditor)".into())
        }
        other => Err(format!("COMPILE_SANDBOX: bwrap ou none (não {other:?})")),
    }
}

fn absolute(path: PathBuf) -> Result<PathBuf, String> {
    std::path::absolute(&path).map_err(|e| format!("{}: {e}", path.display()))
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
        assert!(config.wine_prefix.is_none(), "no runner, no Wine");
        assert!(config.work_dir.is_absolute());
        assert_eq!((config.terminal, config.tester_timeout), (None, Duration::from_secs(4 * 3600)));
    }

    #[test]
    fn the_tester_capability_needs_a_terminal_and_a_sane_timeout() {
        let base = [("AGENT_API_URL", "https://p"), ("AGENT_TOKEN", "t")];
        let read = |more: &[(&str, &str)]| {
            let pairs: Vec<_> = base.iter().chain(more).copied().collect();
            AgentConfig::read(env(&pairs)).map(|c| (c.terminal, c.tester_timeout))
        };
        let terminal = read(&[("TERMINAL_PATH", "C:\\MT5\\terminal64.exe"), ("TESTER_TIMEOUT_MINUTES", "90")]);
        assert_eq!(terminal, Ok((Some("C:\\MT5\\terminal64.exe".into()), Duration::from_secs(90 * 60))));
        assert!(read(&[("TESTER_TIMEOUT_MINUTES", "0")]).unwrap_err().contains("TESTER_TIMEOUT_MINUTES"));
        assert!(read(&[("TESTER_TIMEOUT_MINUTES", "1441")]).is_err());
    }

    #[test]
    fn metaeditor_is_sandboxed_unless_told_otherwise() {
        let base = [("AGENT_API_URL", "https://p"), ("AGENT_TOKEN", "t")];
        let read = |more: &[(&str, &str)]| {
            let pairs: Vec<_> = base.iter().chain(more).copied().collect();
            AgentConfig::read(env(&pairs)).map(|c| c.sandbox)
        };
        if cfg!(target_os = "linux") {
            assert_eq!(read(&[]), Ok(Sandbox::Bubblewrap("bwrap".into())));
            assert_eq!(read(&[("BWRAP_PATH", "/opt/bwrap")]), Ok(Sandbox::Bubblewrap("/opt/bwrap".into())));
        } else {
            assert_eq!(read(&[]), Ok(Sandbox::Unconfined));
            assert!(read(&[("COMPILE_SANDBOX", "bwrap")]).unwrap_err().contains("Linux"));
        }
        assert_eq!(read(&[("COMPILE_SANDBOX", "none")]), Ok(Sandbox::Unconfined));
        assert!(read(&[("COMPILE_SANDBOX", "off")]).unwrap_err().contains("COMPILE_SANDBOX"));
    }

    #[test]
    fn the_wine_prefix_is_the_one_the_runner_would_use() {
        let base = [("AGENT_API_URL", "https://p"), ("AGENT_TOKEN", "t"), ("WINE_RUNNER", "/opt/run.sh")];
        let prefix = |more: &[(&str, &str)]| {
            let pairs: Vec<_> = base.iter().chain(more).copied().collect();
            AgentConfig::read(env(&pairs)).unwrap().wine_prefix
        };
        assert_eq!(prefix(&[("WINEPREFIX", "/w/a"), ("WINE_PREFIX", "/w/b")]), Some("/w/a".into()));
        assert_eq!(prefix(&[("WINE_PREFIX", "/w/b")]), Some("/w/b".into()));
        assert_eq!(prefix(&[("HOME", "/home/agent")]), Some("/home/agent/.wine".into()));
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
