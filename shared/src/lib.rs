//! The RoboForge domain: configuration, the database layer with tenant-scoped
//! transactions, repositories (all SQL lives here), job payloads, the error
//! type and the compile-agent protocol.
//!
//! The compile agent links only [`protocol`], [`mql5`], [`backtest`] and [`logging`];
//! everything else sits behind the `domain` feature so the agent never pulls
//! in the database stack.

pub mod protocol;

pub mod backtest;

#[cfg(feature = "domain")]
pub mod account_binding;
#[cfg(feature = "domain")]
pub mod compile_diagnostics;
#[cfg(feature = "domain")]
pub mod compiled_imports;
#[cfg(feature = "domain")]
pub mod config;
#[cfg(feature = "domain")]
pub mod crypto;
#[cfg(feature = "domain")]
pub mod db;
#[cfg(feature = "domain")]
pub mod email;
#[cfg(feature = "domain")]
pub mod error;
#[cfg(feature = "domain")]
pub mod factory;
#[cfg(feature = "domain")]
pub mod field_rules;
#[cfg(feature = "domain")]
pub mod hotmart;
#[cfg(feature = "domain")]
pub mod hotmart_api;
#[cfg(feature = "domain")]
pub mod ids;
#[cfg(feature = "domain")]
pub mod jobs;
#[cfg(feature = "domain")]
pub mod license_check;
#[cfg(feature = "domain")]
pub mod license_expiry;
#[cfg(feature = "domain")]
pub mod license_keys;
#[cfg(feature = "logging")]
pub mod logging;
#[cfg(feature = "domain")]
pub mod metrics;
// Plain std: the compile agent checks directives with it too.
pub mod mql5;
#[cfg(feature = "domain")]
pub mod notifications;
#[cfg(feature = "domain")]
pub mod orphans;
#[cfg(feature = "domain")]
pub mod owner_permissions;
#[cfg(feature = "domain")]
pub mod pagination;
#[cfg(feature = "domain")]
pub mod passwords;
#[cfg(feature = "domain")]
pub mod portal;
#[cfg(feature = "domain")]
pub mod repositories;
#[cfg(feature = "domain")]
pub mod robot_injection;
#[cfg(feature = "domain")]
pub mod robot_strategy;
#[cfg(feature = "domain")]
pub mod safe_html;
#[cfg(feature = "domain")]
pub mod sales_engine;
#[cfg(feature = "domain")]
pub mod secrets;
#[cfg(feature = "domain")]
pub mod seed;
#[cfg(feature = "domain")]
pub mod status;
#[cfg(feature = "domain")]
pub mod storage;
#[cfg(feature = "testing")]
pub mod testing;
#[cfg(feature = "domain")]
pub mod uploads;
#[cfg(feature = "domain")]
pub mod validation;

#[cfg(feature = "domain")]
pub use error::{AppError, AppResult};
