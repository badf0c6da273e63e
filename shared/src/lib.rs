//! The RoboForge core, grouped by kind. Arrows point down this list only:
//!
//! - [`workflows`]: what happens (a sale arrives, a robot is compiled, a
//!   license is checked, an e-mail goes out); they call repositories.
//! - [`repositories`]: every SQL statement, one module per table family;
//!   they never call workflows (`tests/architecture.rs` fails if one does,
//!   or if SQL appears anywhere else).
//! - [`infrastructure`]: the database layer (pools, roles, scoped
//!   transactions, migrations), storage, crypto, config, metrics, logging.
//! - [`domain`]: rules and types with no I/O: statuses, money and field
//!   rules, validation, errors, MQL5, the agent protocol.
//!
//! The compile agent links only `domain::{protocol, mql5, backtest}` and
//! `infrastructure::logging`; everything else sits behind the `domain`
//! feature so the agent never pulls in the database stack.

pub mod domain;
pub mod infrastructure;
#[cfg(feature = "domain")]
pub mod repositories;
#[cfg(feature = "domain")]
pub mod workflows;

#[cfg(feature = "domain")]
pub use domain::error::{AppError, AppResult, OrNotFound};
