//! The compile agent: runs next to MetaEditor (Windows, or Linux + Wine),
//! pulls compile jobs from the API over HTTPS and uploads results.
//!
//! This first version only reads and checks its configuration and prints its
//! version; claiming and compiling jobs arrive with the compile-fleet issue.

use shared::protocol::ClaimRequest;

#[derive(Debug, PartialEq)]
struct AgentConfig {
    api_url: String,
    token: String,
    metaeditor: String,
}

impl AgentConfig {
    /// Reads the configuration through `get` (the environment, in production).
    fn read(get: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let get = |name: &str| get(name).filter(|v| !v.trim().is_empty());
        let api_url = get("AGENT_API_URL").ok_or("AGENT_API_URL não definido (ex.: https://roboforge.com.br)")?;
        let local = api_url.starts_with("http://localhost") || api_url.starts_with("http://127.0.0.1");
        if !api_url.starts_with("https://") && !local {
            return Err("AGENT_API_URL deve usar https:// (http só em localhost)".into());
        }
        Ok(Self {
            api_url: api_url.trim_end_matches('/').to_string(),
            token: get("AGENT_TOKEN").ok_or("AGENT_TOKEN não definido")?,
            metaeditor: get("METAEDITOR_PATH").unwrap_or_else(|| "metaeditor64.exe".into()),
        })
    }
}

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    if std::env::args().any(|a| a == "--version" || a == "-V") {
        println!("roboforge-compiler-agent {version}");
        return;
    }
    match AgentConfig::read(|name| std::env::var(name).ok()) {
        Ok(config) => {
            let hello = ClaimRequest { agent_version: version.into(), wait_seconds: 30 };
            println!(
                "roboforge-compiler-agent {version}: API {}, MetaEditor {}, token de {} caracteres; pedido de trabalho: {}",
                config.api_url,
                config.metaeditor,
                config.token.len(),
                serde_json::to_string(&hello).unwrap_or_default()
            );
        }
        Err(message) => {
            eprintln!("configuração inválida: {message}");
            std::process::exit(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::AgentConfig;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    }

    #[test]
    fn reads_a_complete_configuration() {
        let config =
            AgentConfig::read(env(&[("AGENT_API_URL", "https://p.example/"), ("AGENT_TOKEN", "t0k")])).unwrap();
        assert_eq!(config.api_url, "https://p.example");
        assert_eq!(config.metaeditor, "metaeditor64.exe");
    }

    #[test]
    fn refuses_plain_http_outside_localhost_and_missing_token() {
        assert!(AgentConfig::read(env(&[("AGENT_API_URL", "http://p.example"), ("AGENT_TOKEN", "t")]))
            .unwrap_err()
            .contains("https"));
        assert!(AgentConfig::read(env(&[("AGENT_API_URL", "http://localhost:8080"), ("AGENT_TOKEN", "t")])).is_ok());
        assert!(AgentConfig::read(env(&[("AGENT_API_URL", "https://p.example")])).unwrap_err().contains("AGENT_TOKEN"));
    }
}
