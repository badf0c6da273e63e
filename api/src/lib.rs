//! The RoboForge HTTP server: REST for the three portals, webhooks, the
//! license endpoint and the built web app. Handlers are thin: an extractor
//! authenticates and hands over the caller's identity, the handler validates
//! input, opens a transaction scoped to the caller, calls a `shared`
//! repository and maps to a DTO.

pub mod api_error;
pub mod app_state;
pub mod asaas_stand_in;
pub mod audited;
pub mod auth_injection;
pub mod cookies;
pub mod eduzz_stand_in;
pub mod extractors;
pub mod factory_start;
pub mod form_input;
pub mod hotmart_stand_in;
pub mod http_guards;
pub mod kiwify_stand_in;
pub mod license_check;
pub mod metrics;
pub mod notification_hub;
pub mod openai_stand_in;
pub mod openapi;
pub mod owner_invitation;
pub mod password_reset;
pub mod personal_builds;
pub mod rate_limit;
pub mod request_meta;
pub mod routes;
pub mod sales_page_backtest;
pub mod server;
pub mod sign_in;
pub mod startup;
pub mod storage_quota;
pub mod tenant_pass;
pub mod tenant_resolution;
pub mod upload;
pub mod views;
pub mod web_app;

pub use app_state::AppState;
