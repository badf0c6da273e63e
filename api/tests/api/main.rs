//! API tests: the real router over real HTTP on loopback, a fresh database per
//! test, queries running as the runtime role. One test binary (modules below)
//! so the suite links once.

mod support;

mod admin_auth;
mod admin_resources;
mod admin_users;
mod backtests;
mod bad_input;
mod client_auth;
mod client_portal;
mod compile_fleet;
mod compile_fleet_scoped;
mod compile_imports;
mod email;
mod erasure;
mod hardening;
mod hotmart;
mod hotmart_cancellation;
mod idle_sessions;
mod isolation_matrix;
mod license_answers;
mod license_check;
mod license_harness;
mod license_log;
mod license_v2;
mod logging;
mod login_capacity;
mod manual_sales;
mod metrics;
mod network_limits;
mod notifications;
mod openapi_contract;
mod owner_roles;
mod owner_team;
mod personal_builds;
mod platform_mail;
mod readiness;
mod reset_and_codes;
mod robot_auth;
mod robot_factory;
mod robot_zips;
mod sale_to_license;
mod spec_details;
mod startup_checks;
mod startup_races;
mod storage_limits;
mod tenant_auth;
mod tenant_catalog;
mod tenant_password_reset;
mod tenant_portal;
mod tenants;
mod tls_ask;
mod tls_front;
mod web_shell;
