//! Rules and types with no I/O: statuses, pages, field rules and
//! validation, the one error type, MQL5 and the compile agent's protocol.

pub mod backtest;
pub mod mql5;
pub mod protocol;

#[cfg(feature = "domain")]
pub mod account_binding;
#[cfg(feature = "domain")]
pub mod compile_diagnostics;
#[cfg(feature = "domain")]
pub mod error;
#[cfg(feature = "domain")]
pub mod ex5;
#[cfg(feature = "domain")]
pub mod field_rules;
#[cfg(feature = "domain")]
pub mod hotmart;
#[cfg(feature = "domain")]
pub mod ids;
#[cfg(feature = "domain")]
pub mod network;
#[cfg(feature = "domain")]
pub mod owner_permissions;
#[cfg(feature = "domain")]
pub mod pagination;
#[cfg(feature = "domain")]
pub mod platform_mail;
#[cfg(feature = "domain")]
pub mod portal;
#[cfg(feature = "domain")]
pub mod robot_strategy;
#[cfg(feature = "domain")]
pub mod robot_zip;
#[cfg(feature = "domain")]
pub mod safe_html;
#[cfg(feature = "domain")]
pub mod seat_policy;
#[cfg(feature = "domain")]
pub mod status;
#[cfg(feature = "domain")]
pub mod storefront;
#[cfg(feature = "domain")]
pub mod text;
pub mod uploads;
#[cfg(feature = "domain")]
pub mod validation;
