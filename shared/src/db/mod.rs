//! Connections, migrations, the runtime role and tenant-scoped transactions.
//!
//! Two pools: the *owner* pool (the `DATABASE_URL` role) is used only to
//! migrate and to grant the runtime role; the *app* pool switches every
//! connection to the runtime role, so every query the app runs is subject to
//! forced row-level security.

mod migrate;
mod pool;
mod runtime_role;
mod scope;

pub use migrate::migrate;
pub use pool::{connect_app, connect_owner};
pub use runtime_role::{ensure_runtime_role, verify_runtime_role, RlsBypass};
pub use scope::{begin, set_scope, Scope, Tx};
pub use sqlx::PgPool;

/// Quotes an SQL identifier (role names cannot be bound as parameters).
pub fn quote_ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}
