use std::sync::Arc;

use shared::infrastructure::config::Config;
use shared::infrastructure::db::PgPool;
use shared::infrastructure::passwords::Hasher;
use shared::infrastructure::storage::Storage;
use shared::AppError;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::license_check::LicenseCheck;
use crate::notification_hub::NotificationHub;
use crate::rate_limit::PerIpLimit;

/// Shared by every request. The pool logs in as the authenticator role, never
/// as the database owner; each transaction takes its caller's role.
#[derive(Clone)]
pub struct AppState {
    pub pool: PgPool,
    /// The listener's direct connection (`DATABASE_LISTEN_URL`); the request
    /// pool unless the deployment puts a transaction pooler in front of it.
    pub listen_pool: PgPool,
    pub config: Arc<Config>,
    pub hasher: Hasher,
    /// Live notifications of this instance (one listener, many streams).
    pub notifications: Arc<NotificationHub>,
    /// The license check robots call, with its cache, throttles and log.
    pub license_check: Arc<LicenseCheck>,
    /// Robot files, logos and favicons (a directory or an S3 bucket).
    pub storage: Storage,
    /// Forgot-password requests per IP (`PASSWORD_RESETS_PER_MINUTE_PER_IP`).
    pub reset_requests: Arc<PerIpLimit>,
    /// Logins in their database steps. A login holds pooled connections
    /// twice; capping them leaves the pool to everything else, so a login
    /// flood cannot starve the rest of the API (health included). The slot
    /// is given back before the anti-guessing delay and the hash
    /// (`sign_in::Attempt::verify`), which hold no connection: strangers
    /// waiting there cannot keep a known owner out of these few slots.
    logins: Arc<Semaphore>,
}

impl AppState {
    pub fn new(pool: PgPool, config: Arc<Config>) -> Self {
        let capacity = config.capacity;
        // The platform's frame and default mail limits (decision 0018).
        shared::workflows::email::set_platform_policy(shared::workflows::email::PlatformPolicy::from_config(
            &config.email,
        ));
        let hasher = Hasher::new(capacity.concurrent_hashes, capacity.reserved_hashes, capacity.hash_wait);
        let logins = Arc::new(Semaphore::new((capacity.request_pool_size as usize / 4).max(2)));
        Self {
            listen_pool: pool.clone(),
            pool,
            hasher,
            logins,
            notifications: NotificationHub::new(),
            license_check: Arc::new(LicenseCheck::new(&config)),
            reset_requests: Arc::new(PerIpLimit::new(config.reset_limits.per_ip_per_minute)),
            // A storage URL that cannot even be opened is a deployment error
            // worth stopping for (an unreachable bucket is not: it fails per request).
            storage: Storage::open(&config.storage_url).expect("STORAGE_URL: a directory or s3://bucket"),
            config,
        }
    }

    /// The listener connects through `pool` instead of the request pool.
    pub fn with_listen_pool(mut self, pool: PgPool) -> Self {
        self.listen_pool = pool;
        self
    }

    /// A place among the logins in their database steps, or 503 after `hash_wait`.
    pub async fn login_slot(&self) -> Result<OwnedSemaphorePermit, AppError> {
        let wait = self.config.capacity.hash_wait;
        match tokio::time::timeout(wait, self.logins.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(AppError::Unavailable(shared::infrastructure::passwords::BUSY.into())),
        }
    }
}
