//! Authentication extractors. Each one identifies the caller from its portal's
//! session cookie and hands the handler an open transaction already scoped to
//! that caller: handlers never see a bare pool.

mod admin;
mod client;
mod owner;
mod tenant_session;

pub use admin::AdminScope;
pub use client::ClientScope;
pub use owner::OwnerScope;
