//! What happens: a Hotmart sale becomes a client and a license, an import
//! is compiled, the factory writes a robot, a robot's license is checked,
//! e-mail goes out, licenses expire. Workflows call repositories and the
//! infrastructure; nothing below calls them.

pub mod compiled_imports;
pub mod email;
pub mod factory;
pub mod jobs;
pub mod license_check;
pub mod license_expiry;
pub mod notifications;
pub mod orphans;
pub mod password_reset;
pub mod reconciliation;
pub mod robot_injection;
pub mod sale_lifecycle;
pub mod seed;
pub mod version_announcement;

/// The lifecycle's former name, kept for code that still says it.
pub use sale_lifecycle as sales_engine;
