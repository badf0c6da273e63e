//! `/api/public/*`: calls made before anyone signs in.

pub mod tenant_branding;
