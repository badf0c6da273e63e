//! Kiwify signs each delivery: the `signature` query parameter is the
//! lower-case hex HMAC-SHA1 of the raw body, keyed with the webhook's token
//! (the token itself is never sent). Checked on the bytes as received,
//! before any parser sees them.

use aws_lc_rs::hmac;

/// Whether `signature` (hex, as sent) is the body's HMAC-SHA1 under `token`.
/// The comparison is constant time (`hmac::verify`); a signature that is not
/// 40 hex characters is simply wrong.
pub fn verify(token: &str, body: &[u8], signature: &str) -> bool {
    let Ok(tag) = hex::decode(signature.trim()) else {
        return false;
    };
    if tag.len() != 20 {
        return false;
    }
    let key = hmac::Key::new(hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY, token.as_bytes());
    hmac::verify(&key, body, &tag).is_ok()
}

/// The signature Kiwify would send (tests and the stand-in sign with it).
pub fn sign(token: &str, body: &[u8]) -> String {
    let key = hmac::Key::new(hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY, token.as_bytes());
    hex::encode(hmac::sign(&key, body).as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_verifies_only_with_its_token_and_body() {
        // RFC 2202 test case 2: HMAC-SHA1("Jefe", "what do ya want for nothing?").
        let known = "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79";
        assert_eq!(sign("Jefe", b"what do ya want for nothing?"), known);
        assert!(verify("Jefe", b"what do ya want for nothing?", known));
        assert!(verify("Jefe", b"what do ya want for nothing?", &known.to_uppercase()));
        assert!(!verify("jefe", b"what do ya want for nothing?", known));
        assert!(!verify("Jefe", b"what do ya want for nothing?!", known));
        assert!(!verify("Jefe", b"what do ya want for nothing?", &known[..38]));
        assert!(!verify("Jefe", b"what do ya want for nothing?", "zz"));
        assert!(!verify("Jefe", b"what do ya want for nothing?", ""));
    }
}
