//! The URL space. `routes/<area>/<resource>.rs` mirrors the path, so an
//! endpoint is found from its URL: `/api/tenant-auth/login` lives in
//! `routes/tenant_auth.rs`, `/api/public/tenant-branding` in
//! `routes/public/tenant_branding.rs`. Each module owns its handlers, their
//! request/response types and its `router()`; this is the one place they are
//! merged.

pub mod agents;
pub mod audit_log;
pub mod auth;
pub mod client;
pub mod client_auth;
pub mod client_password_reset;
pub mod client_robots;
pub mod clients;
pub mod compilation_history;
pub mod compile_agents;
pub mod compile_pools;
pub mod compile_queue;
pub mod dashboard;
pub mod health;
pub mod hotmart_events;
pub mod notifications;
pub mod public;
pub mod robot_auth_template;
pub mod robot_factory;
pub mod robots;
pub mod sales;
pub mod subscriptions;
pub mod tenant;
pub mod tenant_auth;
pub mod tenant_limits;
pub mod tenant_owners;
pub mod tenant_password_reset;
pub mod tenants;
pub mod users;
pub mod webhooks;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(health::router())
        .merge(auth::router())
        .merge(notifications::router())
        .merge(users::router())
        .merge(tenants::router())
        .merge(robot_auth_template::router())
        .merge(robots::router())
        .merge(robot_factory::router())
        .merge(tenant_auth::router())
        .merge(tenant_password_reset::router())
        .merge(tenant::router())
        .merge(client_auth::router())
        .merge(client_password_reset::router())
        .merge(client::router())
        .merge(public::router())
        .merge(webhooks::router())
        .merge(hotmart_events::router())
        .merge(dashboard::router())
        .merge(tenant_owners::router())
        .merge(clients::router())
        .merge(client_robots::router())
        .merge(sales::router())
        .merge(subscriptions::router())
        .merge(audit_log::router())
        .merge(agents::router())
        .merge(compile_agents::router())
        .merge(compile_pools::router())
        .merge(compile_queue::router())
        .merge(tenant_limits::router())
        .merge(compilation_history::router())
}
