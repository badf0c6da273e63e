//! Asaas authenticates each delivery with the token the owner set on the
//! webhook (`authToken` in Asaas's panel or API), sent back as the
//! `asaas-access-token` header: no signature, the token itself. Compared in
//! constant time, through fixed-length digests so not even its length leaks.

use aws_lc_rs::digest::{digest, SHA256};
use subtle::ConstantTimeEq;

/// Whether `sent` (the header, as received) is the robot's token.
pub fn verify(token: &str, sent: &str) -> bool {
    let expected = digest(&SHA256, token.as_bytes());
    let received = digest(&SHA256, sent.trim().as_bytes());
    bool::from(expected.as_ref().ct_eq(received.as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_same_token_passes() {
        let token = "roboforge-asaas-0123456789abcdef0123456789";
        assert!(verify(token, token));
        assert!(verify(token, &format!(" {token} ")));
        assert!(!verify(token, &token[..40]));
        assert!(!verify(token, &token.to_uppercase()));
        assert!(!verify(token, ""));
    }
}
