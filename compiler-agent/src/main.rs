//! The compile agent: runs next to MetaEditor (Windows, or Linux + Wine),
//! pulls compile jobs from the API over HTTPS and uploads results.
//!
//! This first version only reads and checks its configuration and prints its
//! version; claiming and compiling jobs arrive with the compile-fleet issue.

use shared::protocol::ClaimRequest;

struct AgentConfig {
    api_url: String,
    token: String,
    metaeditor: String,
}

impl AgentConfig {
    fn from_env() -> Result<Self, String> {
        let get = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let api_url = get("AGENT_API_URL").ok_or("AGENT_API_URL não definido (ex.: https://roboforge.com.br)")?;
        if !api_url.starts_with("https://") && !api_url.starts_with("http://localhost") && !api_url.starts_with("http://127.0.0.1") {
            return Err("AGENT_API_URL deve usar https:// (http só em localhost)".into());
        }
        Ok(Self {
            api_url,
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
    match AgentConfig::from_env() {
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
