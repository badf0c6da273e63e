//! The messages of the tenant screens.

pub const NOT_FOUND: &str = "Tenant não encontrado";
