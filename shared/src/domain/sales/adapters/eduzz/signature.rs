//! Eduzz signs each delivery of the Developer Hub webhook: the `x-signature`
//! header is the lower-case hex HMAC-SHA256 of the raw body, keyed with the
//! secret chosen for the webhook (the secret itself is never sent). Checked
//! on the bytes as received, before any parser sees them.

use aws_lc_rs::hmac;

/// Whether `signature` (hex, as sent) is the body's HMAC-SHA256 under
/// `secret`. The comparison is constant time (`hmac::verify`); a signature
/// that is not 64 hex characters is simply wrong.
pub fn verify(secret: &str, body: &[u8], signature: &str) -> bool {
    let Ok(tag) = hex::decode(signature.trim()) else {
        return false;
    };
    if tag.len() != 32 {
        return false;
    }
    let key = hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes());
    hmac::verify(&key, body, &tag).is_ok()
}

/// The signature Eduzz would send (tests and the stand-in sign with it).
pub fn sign(secret: &str, body: &[u8]) -> String {
    let key = hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes());
    hex::encode(hmac::sign(&key, body).as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_verifies_only_with_its_secret_and_body() {
        // RFC 4231 test case 2: HMAC-SHA256("Jefe", "what do ya want for nothing?").
        let known = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
        assert_eq!(sign("Jefe", b"what do ya want for nothing?"), known);
        assert!(verify("Jefe", b"what do ya want for nothing?", known));
        assert!(verify("Jefe", b"what do ya want for nothing?", &known.to_uppercase()));
        assert!(!verify("jefe", b"what do ya want for nothing?", known));
        assert!(!verify("Jefe", b"what do ya want for nothing?!", known));
        assert!(!verify("Jefe", b"what do ya want for nothing?", &known[..62]));
        assert!(!verify("Jefe", b"what do ya want for nothing?", "zz"));
        assert!(!verify("Jefe", b"what do ya want for nothing?", ""));
    }
}
