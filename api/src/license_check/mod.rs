//! The license check on the api side: [`LicenseCheck`] composes the shared
//! unit (`shared::workflows::license_check`: parse, load, decide, bind, sign, record)
//! with what lives in this process: the per-IP limit, the facts [`cache`]
//! (kept in step by NOTIFY), the [`refusal_throttle`] and the check [`log`]
//! writer. The route only hands it the request's bytes.

mod answer;
pub mod cache;
pub mod log;
pub mod refusal_throttle;
mod service;

pub use answer::LicenseAnswer;
pub use service::LicenseCheck;
