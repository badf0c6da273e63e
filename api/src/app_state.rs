use std::sync::Arc;

use shared::config::Config;
use sqlx::PgPool;

/// Shared by every request. The pool is the app pool: its connections run as
/// the runtime role, never as the database owner.
#[derive(Clone)]
pub struct AppState {
    pub pool: PgPool,
    pub config: Arc<Config>,
}
