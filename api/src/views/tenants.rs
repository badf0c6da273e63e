//! The messages of the tenant screens.

pub const NOT_FOUND: &str = "Tenant não encontrado";
crate::not_found_as!(UnknownTenant, NOT_FOUND);
