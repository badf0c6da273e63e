//! One module per sales platform, each turning its platform's payload into a
//! [`super::SaleEvent`]. An adapter imports no other adapter (checked by
//! `shared/tests/architecture.rs`): what two platforms share lives in
//! `domain::sales` itself.

pub mod asaas;
pub mod eduzz;
pub mod hotmart;
pub mod kiwify;
