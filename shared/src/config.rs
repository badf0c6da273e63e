//! Typed configuration, read once from the environment at start.

use std::path::PathBuf;
use std::time::Duration;

use crate::portal::PortalRules;

#[derive(Debug, Clone)]
pub struct Config {
    /// Names a database and a role that owns it and may create roles
    /// (CREATEROLE; superuser is not required). Migrations run as this role.
    pub database_url: String,
    /// The role every query of the running app runs as. Created when missing.
    pub app_role: String,
    pub port: u16,
    pub portal_rules: PortalRules,
    pub web_dist: PathBuf,
    pub first_admin: FirstAdmin,
    pub session_ttl: Duration,
    pub login_limits: LoginLimits,
    pub housekeeping_every: Duration,
    /// Behind a reverse proxy: take client IP and host from X-Forwarded-*.
    pub trust_proxy: bool,
}

#[derive(Debug, Clone, Default)]
pub struct FirstAdmin {
    pub username: Option<String>,
    pub password: Option<String>,
    pub email: Option<String>,
}

/// Failed logins allowed inside `window` before answering 429.
#[derive(Debug, Clone, Copy)]
pub struct LoginLimits {
    pub per_account: i64,
    pub per_ip: i64,
    pub window: Duration,
}

impl Default for LoginLimits {
    fn default() -> Self {
        Self { per_account: 5, per_ip: 30, window: Duration::from_secs(60) }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("DATABASE_URL não está definido: aponte-o para o banco e um papel dono dele com CREATEROLE")]
    MissingDatabaseUrl,
    #[error("{name} inválido: {value:?}")]
    Invalid { name: &'static str, value: String },
}

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        let database_url = var("DATABASE_URL").ok_or(ConfigError::MissingDatabaseUrl)?;
        Ok(Self {
            database_url,
            app_role: var("DATABASE_APP_ROLE").unwrap_or_else(|| "roboforge_app".into()),
            port: parse("PORT", 8080)?,
            portal_rules: PortalRules::new(
                var("PLATFORM_DOMAIN").unwrap_or_else(|| "localhost".into()),
                var("DEV_HOSTS")
                    .map(|v| v.split(',').map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty()).collect())
                    .unwrap_or_default(),
            ),
            web_dist: var("WEB_DIST").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("web/dist")),
            first_admin: FirstAdmin {
                username: var("ADMIN_USERNAME"),
                password: var("ADMIN_PASSWORD"),
                email: var("ADMIN_EMAIL"),
            },
            session_ttl: Duration::from_secs(parse::<u64>("SESSION_TTL_HOURS", 24 * 7)? * 3600),
            login_limits: LoginLimits {
                per_account: parse("LOGIN_MAX_FAILURES_PER_ACCOUNT", 5)?,
                per_ip: parse("LOGIN_MAX_FAILURES_PER_IP", 30)?,
                window: Duration::from_secs(60),
            },
            housekeeping_every: Duration::from_secs(parse("HOUSEKEEPING_INTERVAL_SECONDS", 600)?),
            trust_proxy: parse("TRUST_PROXY", false)?,
        })
    }

    /// A configuration for tests and tools that build one by hand.
    pub fn for_database(database_url: String, app_role: String) -> Self {
        Self {
            database_url,
            app_role,
            port: 0,
            portal_rules: PortalRules::new("localhost".into(), vec![]),
            web_dist: PathBuf::from("web/dist"),
            first_admin: FirstAdmin::default(),
            session_ttl: Duration::from_secs(24 * 3600),
            login_limits: LoginLimits::default(),
            housekeeping_every: Duration::from_secs(600),
            trust_proxy: false,
        }
    }
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn parse<T: std::str::FromStr>(name: &'static str, default: T) -> Result<T, ConfigError> {
    match var(name) {
        None => Ok(default),
        Some(value) => value.trim().parse().map_err(|_| ConfigError::Invalid { name, value }),
    }
}
