//! Sales from any platform, in one shape. Each platform's adapter
//! (`adapters::<platform>`) reads that platform's payload once, at intake,
//! into a [`SaleEvent`]; the inbox keeps it beside the raw body, and the one
//! sale lifecycle (`workflows::sale_lifecycle`) decides what it does. No
//! adapter knows another, and nothing downstream of the intake knows any.

pub mod adapters;
mod event;
pub mod payload;

pub use event::{Platform, SaleBuyer, SaleEvent, SaleEventKind, SalePurchase, SaleSubscription};
