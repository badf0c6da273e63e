//! The license check every robot calls when it starts (and hourly after),
//! as one unit: [`request`] reads what the robot sent, [`load`] reads the
//! facts (one indexed query, through the repository), [`decide`] gives every
//! answer code ([`seats`]: the accounts a license may run on), [`bind`]
//! writes an account's seat, [`sign`]
//! signs the answer (HMAC for v1 robots, Ed25519 for v2,
//! docs/license-signature.md) so a fake server or a replayed answer fails in
//! the robot, and [`record`] is what the check log keeps. The api's
//! `license_check` module composes them with its cache, throttles and log
//! writer.
//!
//! Which license counts when a client holds several of one robot (renewals,
//! repeat purchases): usable ones first (active or trial, not expired), then
//! one already bound to this account, then an unbound one, then the latest
//! expiration (no expiration first), then the newest.

pub mod bind;
pub mod change;
mod code;
pub mod decide;
pub mod load;
pub mod log;
pub mod record;
pub mod request;
pub mod seats;
pub mod sign;

pub use bind::{license_to_bind, write_seat};
pub use change::LicenseChange;
pub use code::CheckCode;
pub use decide::{after_binding, judge, refuse_early, same_account, EarlyRefusal, SeatWrite, Verdict};
pub use load::{load, CheckFacts};
pub use record::{CheckRecord, InstallationFold, InstallationFolds};
pub use request::{
    parse_account, parse_request, AccountKind, BuildClaim, CheckRequest, NamedRobot, RejectedRequest, TerminalFacts,
};
pub use sign::{
    hmac_hex, signed_string, signed_string_v2, signed_string_v3, RobotKeys, SignedFields, SIGNATURE_VERSION,
};
