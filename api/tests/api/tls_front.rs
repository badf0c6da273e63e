//! A TLS front for tests: what a load balancer does in production, here on
//! 127.0.0.1 with a throwaway certificate (openssl, valid for `localhost`
//! and 127.0.0.1, one day). Every connection is decrypted and its bytes are
//! passed to a plain HTTP address. The robot's harness trusts the
//! certificate through `MQL5_TLS_CA_FILE`, as a terminal trusts a real CA.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::{self, ServerConfig};
use tokio_rustls::TlsAcceptor;

pub struct TlsFront {
    /// `https://localhost:<port>`.
    pub origin: String,
    /// The certificate to trust (PEM).
    pub ca_file: PathBuf,
}

/// A self-signed certificate and its key, written into `dir`.
fn throwaway_certificate(dir: &Path, name: &str) -> (PathBuf, PathBuf) {
    let (cert, key) = (dir.join(format!("{name}.crt")), dir.join(format!("{name}.key")));
    let made = Command::new("openssl")
        .args(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"])
        .args(["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .expect("openssl (Debian's openssl package)");
    assert!(made.status.success(), "openssl req: {}", String::from_utf8_lossy(&made.stderr));
    (cert, key)
}

/// Starts a TLS front for `plain` (a plain HTTP listener) with a new certificate in `dir`.
pub async fn start(plain: SocketAddr, dir: &Path, name: &str) -> TlsFront {
    let (cert_file, key_file) = throwaway_certificate(dir, name);
    let certs = vec![CertificateDer::from_pem_file(&cert_file).unwrap()];
    let key = PrivateKeyDer::from_pem_file(&key_file).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .unwrap();
    let acceptor = TlsAcceptor::from(Arc::new(config));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                // A client that gives up on the certificate is not an error here.
                let Ok(mut tls) = acceptor.accept(socket).await else { return };
                let Ok(mut upstream) = TcpStream::connect(plain).await else { return };
                let _ = tokio::io::copy_bidirectional(&mut tls, &mut upstream).await;
            });
        }
    });
    TlsFront { origin: format!("https://localhost:{port}"), ca_file: cert_file }
}
