//! The platform admin's `/api/*`: every handler takes `SignedInAdmin` and
//! works in an admin-scoped transaction (every tenant's rows).

pub mod audit_log;
pub mod auth;
pub mod clients;
pub mod compilation_history;
pub mod compile_agents;
pub mod compile_pools;
pub mod compile_queue;
pub mod dashboard;
pub mod health;
pub mod hotmart_events;
pub mod licenses;
pub mod robot_auth_template;
pub mod robot_factory;
pub mod robots;
pub mod sales;
pub mod subscriptions;
pub mod tenant_limits;
pub mod tenant_mail;
pub mod tenant_owners;
pub mod tenants;
pub mod users;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(users::router())
        .merge(tenants::router())
        .merge(robot_auth_template::router())
        .merge(robots::router())
        .merge(robot_factory::router())
        .merge(hotmart_events::router())
        .merge(dashboard::router())
        .merge(health::router())
        .merge(tenant_owners::router())
        .merge(clients::router())
        .merge(licenses::router())
        .merge(sales::router())
        .merge(subscriptions::router())
        .merge(audit_log::router())
        .merge(compile_agents::router())
        .merge(compile_pools::router())
        .merge(compile_queue::router())
        .merge(tenant_limits::router())
        .merge(tenant_mail::router())
        .merge(compilation_history::router())
}
