//! Typed configuration, read once from the environment at start.

use std::path::PathBuf;
use std::time::Duration;

use crate::domain::portal::PortalRules;
use crate::infrastructure::crypto::SecretBox;

#[derive(Debug, Clone)]
pub struct Config {
    /// Names a database and a role that owns it and may create roles
    /// (CREATEROLE; superuser is refused). Migrations run as this role.
    pub database_url: String,
    /// The authenticator's own URL (production). Without it the authenticator
    /// logs in with a password derived from `database_url` (local setups).
    pub app_database_url: Option<String>,
    /// The authenticator role's name when `app_database_url` is not given.
    pub app_role: String,
    /// A direct connection (never through a transaction pooler) as the
    /// authenticator, for what pooling cannot carry: the listener's LISTEN and
    /// the job queue, whose connections keep the worker role for the whole
    /// session. Defaults to the app URL.
    pub listen_database_url: Option<String>,
    /// `DATABASE_POOLER=transaction`: the app URL goes through a pooler in
    /// transaction mode (PgBouncer before 1.21): statements are not cached
    /// and a direct `DATABASE_LISTEN_URL` is required (docs/scaling.md).
    pub transaction_pooler: bool,
    pub port: u16,
    /// The interface the api listens on: all (0.0.0.0) by default; production
    /// behind a proxy on the same host sets 127.0.0.1.
    pub bind_address: std::net::IpAddr,
    pub portal_rules: PortalRules,
    pub web_dist: PathBuf,
    pub first_admin: FirstAdmin,
    pub session_ttl: Duration,
    /// An admin session unused for this long is over.
    pub admin_idle_timeout: Duration,
    pub login_limits: LoginLimits,
    pub housekeeping_every: Duration,
    /// How often licenses past their end are marked expired and buyers whose
    /// license ends in three days are told (the check itself never waits for it).
    pub license_expiry_every: Duration,
    /// Behind N reverse proxies: the client is the N-th address from the right
    /// of X-Forwarded-For (0: no proxy, headers ignored).
    pub trust_proxy: usize,
    /// Encrypts secrets we must send onward (Resend keys, robot signing keys).
    pub secrets: SecretBox,
    pub capacity: Capacity,
    /// License checks one address may make per minute (robots check at start
    /// and hourly; a whole office behind one address stays far below).
    pub license_checks_per_minute: u32,
    /// Every per-address limit counts an IPv4 caller by this prefix: 32 (one
    /// address, the default) or e.g. 24 (its /24). IPv6 always counts by /64
    /// (`domain::network::rate_key`).
    pub rate_limit_ipv4_prefix: u8,
    /// `.mq5` imports (and rebuilds) one tenant may queue in 24 hours: one
    /// tenant cannot fill the shared compile fleet.
    pub imports_per_tenant_per_day: i64,
    /// A job no agent has claimed for this long tells its owner why it waits.
    pub compile_wait_notice: Duration,
    /// Jobs of one tenant compiled at once across the fleet, at most.
    /// How long a client's download waits for the license's personal build
    /// (counted from when it was queued) before giving the shared file.
    pub personal_build_wait_seconds: i64,
    /// How long a backtest's lease lasts without a heartbeat (`BACKTEST_LEASE_SECONDS`, default 120).
    pub backtest_lease_seconds: i32,
    pub compile_jobs_per_tenant: i64,
    /// Bytes a tenant may keep in object storage unless the admin set its own.
    pub storage_quota_default_bytes: i64,
    pub email: EmailConfig,
    /// Where robot files and images live: a directory (default `data/storage`)
    /// or `s3://bucket[/prefix]` (credentials, region and endpoint from the
    /// usual `AWS_*` variables; docs/operations.md).
    pub storage_url: String,
    /// Where license-check log rows wait when the table cannot take them (`LICENSE_LOG_SPILL_DIR`,
    /// default `data/license-check-log`): shared by the instances of a host, kept across restarts.
    pub license_log_spill_dir: std::path::PathBuf,
    /// `GET /metrics` asks for `Authorization: Bearer <this>`. Unset, it
    /// answers only requests made on this machine without a proxy in between.
    pub metrics_token: Option<String>,
    /// The robot factory's model (any OpenAI-compatible chat endpoint).
    pub ai: AiConfig,
    /// Hotmart's REST API (cancelling subscriptions with a tenant's credentials).
    pub hotmart_api: HotmartApiConfig,
    /// `SERVE_API_DOCS`: whether `/api/openapi.json` and the `/api-docs/`
    /// page are served. Default: on where `DEV_HOSTS` names development
    /// hosts, off in production (the document maps every endpoint for a
    /// prober). Vite's `/.vite/` build files are never served.
    pub serve_api_docs: bool,
    /// An owner session unused for this long is over (`OWNER_IDLE_MINUTES`, default 8 h).
    pub owner_idle_timeout: Duration,
    /// A client session unused for this long is over (`CLIENT_IDLE_MINUTES`, default 24 h).
    pub client_idle_timeout: Duration,
    /// How many forgotten-password requests and mails are allowed.
    pub reset_limits: ResetLimits,
}

/// Forgotten-password limits. Whatever limit a request meets, it gets the
/// same answer as any other: a limit must not tell who has an account.
#[derive(Debug, Clone, Copy)]
pub struct ResetLimits {
    /// Requests one address (network) may make per minute, in this process.
    pub per_ip_per_minute: u32,
    /// Requests recorded per requested e-mail, portal and tenant per hour,
    /// whether or not the e-mail has an account.
    pub per_address_per_hour: i64,
    /// Reset mails one recipient gets per hour, across tenants and portals.
    pub mails_per_recipient_per_hour: i64,
}

impl Default for ResetLimits {
    fn default() -> Self {
        Self { per_ip_per_minute: 10, per_address_per_hour: 5, mails_per_recipient_per_hour: 3 }
    }
}

/// Where Hotmart's API lives (a local stand-in in tests and development).
#[derive(Debug, Clone)]
pub struct HotmartApiConfig {
    /// Subscriptions and the rest: `{api_base}/payments/api/v1/...`.
    pub api_base: String,
    /// OAuth tokens: `{auth_base}/security/oauth/token`.
    pub auth_base: String,
    /// Longest one call to Hotmart may take (the client waits on it).
    pub timeout: Duration,
}

impl Default for HotmartApiConfig {
    fn default() -> Self {
        Self {
            api_base: "https://developers.hotmart.com".into(),
            auth_base: "https://api-sec-vlc.hotmart.com".into(),
            timeout: Duration::from_secs(10),
        }
    }
}

/// The robot factory's model: OpenAI, Ollama, vLLM, LM Studio, llama.cpp's
/// server or anything else that speaks the chat-completions API.
#[derive(Debug, Clone)]
pub struct AiConfig {
    /// e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`.
    pub base_url: Option<String>,
    /// Not needed by local servers.
    pub api_key: Option<String>,
    pub model: Option<String>,
    /// USD per million prompt / completion tokens (usage cost shown to the admin).
    pub prompt_price_per_million: rust_decimal::Decimal,
    pub completion_price_per_million: rust_decimal::Decimal,
    /// Compile-error fix rounds before a version is given up.
    pub max_fix_attempts: i32,
    /// Attempts of one model call when the model is unreachable, rate
    /// limited or failing (429/5xx), with the first wait between them.
    pub call_attempts: u32,
    pub retry_wait: Duration,
    /// Longest a single model answer may take.
    pub request_timeout: Duration,
}

impl AiConfig {
    /// The endpoint and model, when the platform configured both.
    pub fn model(&self) -> Option<(&str, &str)> {
        Some((self.base_url.as_deref()?, self.model.as_deref()?))
    }
}

impl Default for AiConfig {
    fn default() -> Self {
        Self {
            base_url: None,
            api_key: None,
            model: None,
            prompt_price_per_million: rust_decimal::Decimal::ZERO,
            completion_price_per_million: rust_decimal::Decimal::ZERO,
            max_fix_attempts: 3,
            call_attempts: 3,
            retry_wait: Duration::from_secs(2),
            request_timeout: Duration::from_secs(300),
        }
    }
}

/// The platform's e-mail settings: the fallback for tenants without their own key.
#[derive(Debug, Clone)]
pub struct EmailConfig {
    /// Resend's API base (a local stand-in in tests).
    pub resend_api_base: String,
    pub resend_api_key: Option<String>,
    /// Sender when the tenant has no domain of its own.
    pub from: String,
    /// Where the frame of platform mail tells readers to report abuse
    /// (EMAIL_ABUSE_ADDRESS; default `abuse@` the domain of `from`).
    pub abuse_address: Option<String>,
    /// Messages a tenant may send per São Paulo day through the platform's
    /// key (EMAIL_DAILY_LIMIT); the admin may set another per tenant.
    pub daily_limit: i32,
    /// Messages a tenant may send to one address per day through the
    /// platform's key (EMAIL_RECIPIENT_DAILY_LIMIT).
    pub recipient_daily_limit: i32,
    /// The signing secret of the Resend webhook (`whsec_...`,
    /// RESEND_WEBHOOK_SECRET); without it the webhook refuses every call.
    pub webhook_secret: Option<String>,
}

impl Default for EmailConfig {
    fn default() -> Self {
        Self {
            resend_api_base: "https://api.resend.com".into(),
            resend_api_key: None,
            from: "RoboForge <noreply@roboforge.com.br>".into(),
            abuse_address: None,
            daily_limit: 300,
            recipient_daily_limit: 10,
            webhook_secret: None,
        }
    }
}

/// How much work one process takes on before shedding load.
#[derive(Debug, Clone, Copy)]
pub struct Capacity {
    pub request_pool_size: u32,
    pub worker_pool_size: u32,
    /// Requests in flight; beyond it new requests get 503 at once.
    pub max_in_flight: usize,
    pub request_timeout: Duration,
    /// Password hashes computed at once (each takes a core for ~tens of ms).
    pub concurrent_hashes: usize,
    /// How long a login waits for a hashing slot before answering 503.
    pub hash_wait: Duration,
    /// Hashing slots on top of `concurrent_hashes` that only known devices
    /// may take (`passwords::Lane`), so a login flood never makes an owner
    /// with their device cookie wait for strangers.
    pub reserved_hashes: usize,
}

impl Default for Capacity {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        Self {
            request_pool_size: 20,
            worker_pool_size: 5,
            max_in_flight: 1024,
            request_timeout: Duration::from_secs(30),
            // Never every core: requests that hash nothing must still find one.
            concurrent_hashes: cores.saturating_sub(1).max(1),
            hash_wait: Duration::from_secs(5),
            reserved_hashes: 1,
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct FirstAdmin {
    pub username: Option<String>,
    pub password: Option<String>,
    pub email: Option<String>,
    /// Where a generated first password is written (mode 0600), never to the
    /// log: `ADMIN_PASSWORD_FILE`, default `first-admin-password.txt` in the
    /// working directory.
    pub password_file: Option<PathBuf>,
}

/// Failed logins allowed inside `window` before answering 429. An account is
/// limited per (account, IP) pair, so a third party guessing from elsewhere
/// cannot lock its owner out; a looser ceiling per account stops distributed
/// guessing, and past the pair limit every attempt on the account is slowed.
#[derive(Debug, Clone, Copy)]
pub struct LoginLimits {
    pub per_account_and_ip: i64,
    pub per_account: i64,
    pub per_ip: i64,
    pub window: Duration,
}

impl Default for LoginLimits {
    fn default() -> Self {
        Self { per_account_and_ip: 5, per_account: 50, per_ip: 30, window: Duration::from_secs(60) }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("DATABASE_URL is not set: point it at the database and a role that owns it with CREATEROLE")]
    MissingDatabaseUrl,
    #[error("invalid {name}: {value:?}")]
    Invalid { name: &'static str, value: String },
    #[error(
        "DEV_HOSTS is set (development behaviour: reset tokens shown, cookies without Secure) and BIND_ADDRESS is \
         {0}: a development instance listens on loopback only. Unset BIND_ADDRESS or DEV_HOSTS"
    )]
    DevHostsOffLoopback(std::net::IpAddr),
    #[error("SECRETS_KEY must be 64 hex characters (32 bytes); generate one with `openssl rand -hex 32`")]
    InvalidSecretsKey,
}

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        let database_url = var("DATABASE_URL").ok_or(ConfigError::MissingDatabaseUrl)?;
        let secrets = match var("SECRETS_KEY") {
            Some(hex_key) => SecretBox::from_hex(&hex_key).ok_or(ConfigError::InvalidSecretsKey)?,
            // Local setups: a key derived from the owner's URL keeps working
            // across restarts; production sets SECRETS_KEY (documented).
            None => SecretBox::derived_from(&database_url),
        };
        let defaults = Capacity::default();
        let dev_hosts: Vec<String> = var("DEV_HOSTS")
            .map(|v| v.split(',').map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty()).collect())
            .unwrap_or_default();
        // Development hosts show reset tokens and drop `Secure` cookies: such an
        // instance answers on loopback only, and refuses to listen elsewhere.
        let bind_default = match dev_hosts.is_empty() {
            true => std::net::IpAddr::from([0, 0, 0, 0]),
            false => std::net::IpAddr::from([127, 0, 0, 1]),
        };
        let bind_address: std::net::IpAddr = parse("BIND_ADDRESS", bind_default)?;
        if !dev_hosts.is_empty() && !bind_address.is_loopback() {
            return Err(ConfigError::DevHostsOffLoopback(bind_address));
        }
        let dev_hosts_named = !dev_hosts.is_empty();
        Ok(Self {
            app_database_url: var("DATABASE_APP_URL"),
            listen_database_url: var("DATABASE_LISTEN_URL"),
            transaction_pooler: match var("DATABASE_POOLER").as_deref() {
                None | Some("none") => false,
                Some("transaction") => true,
                Some(other) => return Err(ConfigError::Invalid { name: "DATABASE_POOLER", value: other.to_string() }),
            },
            app_role: var("DATABASE_APP_ROLE")
                .unwrap_or_else(|| crate::infrastructure::database_url::default_app_role(&database_url)),
            port: parse("PORT", 8080)?,
            bind_address,
            portal_rules: PortalRules::new(var("PLATFORM_DOMAIN").unwrap_or_else(|| "localhost".into()), dev_hosts),
            web_dist: var("WEB_DIST").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("web/dist")),
            first_admin: FirstAdmin {
                username: var("ADMIN_USERNAME"),
                password: var("ADMIN_PASSWORD"),
                email: var("ADMIN_EMAIL"),
                password_file: var("ADMIN_PASSWORD_FILE").map(PathBuf::from),
            },
            session_ttl: Duration::from_secs(parse::<u64>("SESSION_TTL_HOURS", 24 * 7)? * 3600),
            admin_idle_timeout: Duration::from_secs(parse::<u64>("ADMIN_IDLE_MINUTES", 30)? * 60),
            login_limits: LoginLimits {
                per_account_and_ip: parse("LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP", 5)?,
                per_account: parse("LOGIN_MAX_FAILURES_PER_ACCOUNT", 50)?,
                per_ip: parse("LOGIN_MAX_FAILURES_PER_IP", 30)?,
                window: Duration::from_secs(60),
            },
            housekeeping_every: Duration::from_secs(parse("HOUSEKEEPING_INTERVAL_SECONDS", 600)?),
            license_expiry_every: Duration::from_secs(parse("LICENSE_EXPIRY_INTERVAL_SECONDS", 60)?.max(1)),
            trust_proxy: parse_trust_proxy(var("TRUST_PROXY"))?,
            secrets,
            capacity: Capacity {
                request_pool_size: parse("DATABASE_POOL_SIZE", defaults.request_pool_size)?,
                worker_pool_size: parse("WORKER_POOL_SIZE", defaults.worker_pool_size)?,
                max_in_flight: parse("MAX_IN_FLIGHT_REQUESTS", defaults.max_in_flight)?,
                request_timeout: Duration::from_secs(parse("REQUEST_TIMEOUT_SECONDS", 30)?),
                concurrent_hashes: parse("CONCURRENT_PASSWORD_HASHES", defaults.concurrent_hashes)?,
                hash_wait: defaults.hash_wait,
                reserved_hashes: parse("RESERVED_PASSWORD_HASHES", defaults.reserved_hashes)?,
            },
            license_checks_per_minute: parse("LICENSE_CHECKS_PER_MINUTE_PER_IP", 600)?,
            rate_limit_ipv4_prefix: match parse("RATE_LIMIT_IPV4_PREFIX", 32u8)? {
                prefix if crate::domain::network::IPV4_PREFIXES.contains(&prefix) => prefix,
                prefix => {
                    return Err(ConfigError::Invalid { name: "RATE_LIMIT_IPV4_PREFIX", value: prefix.to_string() })
                }
            },
            imports_per_tenant_per_day: parse("IMPORTS_PER_TENANT_PER_DAY", 50)?,
            compile_wait_notice: Duration::from_secs(parse::<u64>("COMPILE_WAIT_NOTICE_MINUTES", 10)? * 60),
            compile_jobs_per_tenant: parse("COMPILE_JOBS_PER_TENANT", 2)?,
            personal_build_wait_seconds: parse("PERSONAL_BUILD_WAIT_SECONDS", 120)?,
            backtest_lease_seconds: parse::<i32>("BACKTEST_LEASE_SECONDS", 120)?.clamp(2, 3600),
            storage_quota_default_bytes: parse::<i64>("STORAGE_QUOTA_MB", 1024)?.saturating_mul(1024 * 1024),
            email: EmailConfig {
                resend_api_base: var("RESEND_API_BASE").unwrap_or_else(|| EmailConfig::default().resend_api_base),
                resend_api_key: var("RESEND_API_KEY"),
                from: var("EMAIL_FROM").unwrap_or_else(|| EmailConfig::default().from),
                abuse_address: var("EMAIL_ABUSE_ADDRESS"),
                daily_limit: parse::<i32>("EMAIL_DAILY_LIMIT", 300)?.max(1),
                recipient_daily_limit: parse::<i32>("EMAIL_RECIPIENT_DAILY_LIMIT", 10)?.max(1),
                webhook_secret: var("RESEND_WEBHOOK_SECRET"),
            },
            storage_url: var("STORAGE_URL").unwrap_or_else(|| "data/storage".into()),
            license_log_spill_dir: var("LICENSE_LOG_SPILL_DIR")
                .filter(|dir| !dir.trim().is_empty())
                .unwrap_or_else(|| "data/license-check-log".into())
                .into(),
            metrics_token: var("METRICS_TOKEN").filter(|t| !t.trim().is_empty()),
            ai: AiConfig {
                base_url: var("AI_BASE_URL"),
                api_key: var("AI_API_KEY"),
                model: var("AI_MODEL"),
                prompt_price_per_million: parse("AI_PROMPT_PRICE_PER_MILLION", rust_decimal::Decimal::ZERO)?,
                completion_price_per_million: parse("AI_COMPLETION_PRICE_PER_MILLION", rust_decimal::Decimal::ZERO)?,
                max_fix_attempts: parse("AI_MAX_FIX_ATTEMPTS", 3)?.clamp(0, 10),
                call_attempts: parse("AI_CALL_ATTEMPTS", 3)?.clamp(1, 10),
                retry_wait: Duration::from_millis(parse("AI_RETRY_WAIT_MS", 2000)?),
                request_timeout: Duration::from_secs(parse("AI_TIMEOUT_SECONDS", 300)?),
            },
            hotmart_api: HotmartApiConfig {
                api_base: var("HOTMART_API_BASE").unwrap_or_else(|| HotmartApiConfig::default().api_base),
                auth_base: var("HOTMART_AUTH_BASE").unwrap_or_else(|| HotmartApiConfig::default().auth_base),
                timeout: Duration::from_secs(parse("HOTMART_API_TIMEOUT_SECONDS", 10)?),
            },
            serve_api_docs: parse_flag("SERVE_API_DOCS", dev_hosts_named)?,
            owner_idle_timeout: Duration::from_secs(parse::<u64>("OWNER_IDLE_MINUTES", 8 * 60)?.max(1) * 60),
            client_idle_timeout: Duration::from_secs(parse::<u64>("CLIENT_IDLE_MINUTES", 24 * 60)?.max(1) * 60),
            reset_limits: ResetLimits {
                per_ip_per_minute: parse(
                    "PASSWORD_RESETS_PER_MINUTE_PER_IP",
                    ResetLimits::default().per_ip_per_minute,
                )?,
                per_address_per_hour: parse(
                    "PASSWORD_RESETS_PER_ADDRESS_PER_HOUR",
                    ResetLimits::default().per_address_per_hour,
                )?,
                mails_per_recipient_per_hour: parse(
                    "PASSWORD_RESET_MAILS_PER_RECIPIENT_PER_HOUR",
                    ResetLimits::default().mails_per_recipient_per_hour,
                )?,
            },
            database_url,
        })
    }

    /// A configuration for tests and tools that build one by hand: local
    /// development hosts on, like `make run`.
    pub fn for_database(database_url: String, app_role: String) -> Self {
        Self {
            secrets: SecretBox::derived_from(&database_url),
            database_url,
            app_database_url: None,
            listen_database_url: None,
            transaction_pooler: false,
            app_role,
            port: 0,
            bind_address: std::net::IpAddr::from([127, 0, 0, 1]),
            portal_rules: PortalRules::new("localhost".into(), vec!["localhost".into(), "127.0.0.1".into()]),
            web_dist: PathBuf::from("web/dist"),
            first_admin: FirstAdmin::default(),
            session_ttl: Duration::from_secs(24 * 3600),
            admin_idle_timeout: Duration::from_secs(30 * 60),
            login_limits: LoginLimits::default(),
            housekeeping_every: Duration::from_secs(600),
            license_expiry_every: Duration::from_secs(60),
            trust_proxy: 0,
            capacity: Capacity::default(),
            license_checks_per_minute: 600,
            rate_limit_ipv4_prefix: 32,
            imports_per_tenant_per_day: 50,
            compile_wait_notice: Duration::from_secs(600),
            compile_jobs_per_tenant: 2,
            personal_build_wait_seconds: 120,
            backtest_lease_seconds: 120,
            storage_quota_default_bytes: 1024 * 1024 * 1024,
            email: EmailConfig::default(),
            storage_url: std::env::temp_dir().join("roboforge-test-storage").to_string_lossy().into_owned(),
            license_log_spill_dir: "data/license-check-log".into(),
            metrics_token: None,
            ai: AiConfig::default(),
            hotmart_api: HotmartApiConfig::default(),
            serve_api_docs: true,
            owner_idle_timeout: Duration::from_secs(8 * 3600),
            client_idle_timeout: Duration::from_secs(24 * 3600),
            reset_limits: ResetLimits::default(),
        }
    }
}

/// `TRUST_PROXY`: a number of proxies, or true/false (1/0) for compatibility.
fn parse_trust_proxy(value: Option<String>) -> Result<usize, ConfigError> {
    match value.as_deref().map(str::trim) {
        None | Some("false") => Ok(0),
        Some("true") => Ok(1),
        Some(n) => n.parse().map_err(|_| ConfigError::Invalid { name: "TRUST_PROXY", value: n.into() }),
    }
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// A yes/no variable: true/false, 1/0, on/off, yes/no.
fn parse_flag(name: &'static str, default: bool) -> Result<bool, ConfigError> {
    match var(name).map(|v| v.trim().to_ascii_lowercase()) {
        None => Ok(default),
        Some(v) if ["true", "1", "on", "yes"].contains(&v.as_str()) => Ok(true),
        Some(v) if ["false", "0", "off", "no"].contains(&v.as_str()) => Ok(false),
        Some(value) => Err(ConfigError::Invalid { name, value }),
    }
}

fn parse<T: std::str::FromStr>(name: &'static str, default: T) -> Result<T, ConfigError> {
    match var(name) {
        None => Ok(default),
        Some(value) => value.trim().parse().map_err(|_| ConfigError::Invalid { name, value }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bind_address_is_all_interfaces_unless_set_and_a_bad_one_is_refused() {
        // nextest runs each test in a process of its own: this environment is this test's alone.
        std::env::set_var("DATABASE_URL", "postgres://owner:pw@127.0.0.1:5432/roboforge");
        std::env::remove_var("BIND_ADDRESS");
        assert_eq!(Config::from_env().unwrap().bind_address, std::net::IpAddr::from([0, 0, 0, 0]));
        std::env::set_var("BIND_ADDRESS", " 127.0.0.1 ");
        assert_eq!(Config::from_env().unwrap().bind_address, std::net::IpAddr::from([127, 0, 0, 1]));
        std::env::set_var("BIND_ADDRESS", "localhost");
        let refused = Config::from_env().expect_err("a host name is not an address");
        assert!(matches!(refused, ConfigError::Invalid { name: "BIND_ADDRESS", .. }), "{refused}");
    }

    #[test]
    fn development_hosts_listen_on_loopback_only() {
        std::env::set_var("DATABASE_URL", "postgres://owner:pw@127.0.0.1:5432/roboforge");
        std::env::set_var("DEV_HOSTS", "localhost,127.0.0.1");
        std::env::remove_var("BIND_ADDRESS");
        assert_eq!(Config::from_env().unwrap().bind_address, std::net::IpAddr::from([127, 0, 0, 1]));
        std::env::set_var("BIND_ADDRESS", "0.0.0.0");
        let refused = Config::from_env().expect_err("development behaviour off loopback");
        assert!(matches!(refused, ConfigError::DevHostsOffLoopback(_)), "{refused}");
        std::env::set_var("BIND_ADDRESS", "::1");
        assert!(Config::from_env().unwrap().bind_address.is_loopback());
    }
}
