//! All SQL of the application, one module per aggregate. Every function takes
//! a connection from a scoped transaction (`db::begin`): row-level security
//! decides what it can see, and the explicit `tenant_id` conditions here keep
//! the queries on their indexes.

pub mod admin_users;
pub mod audit_log;
pub mod auth_template;
pub mod backtests;
pub mod client_access_links;
pub mod client_erasure;
pub mod client_portal;
pub mod compile_fleet;
pub mod compile_jobs;
pub mod compile_pools;
pub mod compile_queue;
pub mod dashboard;
pub mod email_limits;
pub mod email_outbox;
pub mod email_reports;
pub mod hotmart_inbox;
pub mod housekeeping;
pub mod installations;
pub mod job_queue;
pub mod license_builds;
pub mod license_checks;
pub mod license_seats;
pub mod licenses;
pub mod listing;
pub mod login_failures;
pub mod onboarding;
pub mod operations;
pub mod owner_team;
pub mod password_reset_requests;
pub mod reset_tokens;
pub mod robot_buyers;
pub mod robot_factory;
pub mod robot_versions;
pub mod sales_channel_log;
pub mod sales_channel_secrets;
pub mod sales_pages;
pub mod sales_reconciliations;
pub mod sessions;
pub mod signin_code_failures;
pub mod stored_files;
pub mod tenant_clients;
pub mod tenant_hotmart_api;
pub mod tenant_limits;
pub mod tenant_owners;
pub mod tenant_robots;
pub mod tenant_sales;
pub mod tenant_settings;
pub mod tenant_subscriptions;
pub mod tenants;
