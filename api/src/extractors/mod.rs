//! Extractors: who calls (`SignedIn*`, `CompileAgent`) and which row the URL
//! names (`PathId`). Authentication extractors: Each one identifies the caller from its portal's
//! session cookie (one short anonymous lookup) and hands the handler the
//! identity; the handler opens a transaction scoped to that caller
//! (`.begin()`) when it needs one, so no pooled connection is pinned during
//! hashing, streaming or long-polls. Handlers never see a bare pool.

mod admin;
mod agent;
mod client;
mod manager;
mod owner;
mod paging;
mod path_id;
mod tenant_session;

pub use admin::SignedInAdmin;
pub use agent::CompileAgent;
pub use client::SignedInClient;
pub use manager::SignedInManager;
pub use owner::SignedInOwner;
pub use paging::{PageQuery, Paging};
pub use path_id::{PathId, PathIds, Resource};
