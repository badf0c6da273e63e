//! What more than one route module needs, one file per resource (crates.io's
//! `views.rs` is the model): the request and response types two portals
//! share, their validators and audit snapshots, the lookups and the pt-BR
//! messages. Route modules import from here, never from each other.

pub mod backtests;
pub mod clients;
pub mod compilation_jobs;
pub mod dashboard;
pub mod files;
pub mod license_seats;
pub mod licenses;
pub mod password_reset;
pub mod people;
pub mod robot_factory;
pub mod robots;
pub mod sales;
pub mod sales_channels;
pub mod sales_intake;
pub mod sessions;
pub mod storefront;
pub mod subscriptions;
pub mod tenants;
