//! The AI robot factory (DESIGN 7): the model, what it is asked, and what a
//! compile result does to a version. The pipeline's steps run as jobs in
//! the worker (`worker::factory`); its rows are `repositories::robot_factory`.

pub mod compile_outcome;
pub mod model;
pub mod prompts;
pub mod publish;
pub mod tester_gate;

/// A version's statuses, in pipeline order.
pub const VERSION_STATUSES: &[&str] =
    &["pending", "generating", "reviewing", "compiling", "fixing", "success", "failed"];
