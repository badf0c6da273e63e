//! `/api/agents/*`: the compile fleet's agents pull work over HTTPS (decision
//! 0017). Every handler takes `CompileAgent` (its bearer token).

pub mod work;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    work::router()
}
