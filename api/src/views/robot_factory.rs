//! What the admin's and owner's factory screens share.

pub const GENERATION_NOT_FOUND: &str = "Geração não encontrada";
crate::not_found_as!(UnknownGeneration, GENERATION_NOT_FOUND);

pub const PROJECT_NOT_FOUND: &str = "Projeto não encontrado";
crate::not_found_as!(UnknownProject, PROJECT_NOT_FOUND);
