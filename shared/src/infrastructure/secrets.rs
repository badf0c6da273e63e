//! Random tokens and their stored digests. Session ids, reset tokens and agent
//! tokens are 256-bit random values; only their SHA-256 reaches the database.

use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// 32 random bytes as 64 lowercase hex characters (also the tenant security
/// key format: "32 random bytes shown as 64 hex characters").
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

pub fn sha256(value: &str) -> Vec<u8> {
    Sha256::digest(value.as_bytes()).to_vec()
}

/// SHA-256 of a file's bytes, hex (shown to owners next to each version).
pub fn sha256_hex_of(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

pub fn sha256_hex(value: &str) -> String {
    hex::encode(sha256(value))
}

/// The first characters of a generated key (12 of 64 hex characters, as the
/// admin's table shows), so a person can recognise it after it was displayed
/// in full once.
pub fn key_prefix(key: &str) -> String {
    key.chars().take(12).collect()
}

/// The first characters of a secret a person chose (the Hotmart hottok), few
/// enough not to weaken it.
pub fn short_prefix(secret: &str) -> String {
    secret.chars().take(4).collect()
}

/// Compares two secrets in time independent of where they first differ.
pub fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_64_hex_and_distinct() {
        let a = random_token();
        assert_eq!(a.len(), 64);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, random_token());
    }

    #[test]
    fn constant_time_comparison() {
        assert!(constant_time_eq("abc", "abc"));
        assert!(!constant_time_eq("abc", "abd"));
        assert!(!constant_time_eq("abc", "abcd"));
    }
}
