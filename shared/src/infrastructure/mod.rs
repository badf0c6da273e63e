//! The machinery: the database layer (pools, roles, tenant-scoped
//! transactions, migrations, NOTIFY), object storage, crypto and secrets,
//! robot keys, password hashing, configuration, metrics and logging, the
//! Hotmart API client, and the test databases.

#[cfg(feature = "logging")]
pub mod logging;

#[cfg(feature = "domain")]
pub mod config;
#[cfg(feature = "domain")]
pub mod crypto;
#[cfg(feature = "domain")]
pub mod database_url;
#[cfg(feature = "domain")]
pub mod db;
#[cfg(feature = "domain")]
pub mod hotmart_api;
#[cfg(feature = "domain")]
pub mod license_keys;
#[cfg(feature = "domain")]
pub mod metrics;
#[cfg(feature = "domain")]
pub mod passwords;
#[cfg(feature = "domain")]
pub mod secrets;
#[cfg(feature = "domain")]
pub mod storage;
#[cfg(feature = "testing")]
pub mod testing;
