//! HTTPS and WSS (`exchange serve --tls-cert FILE --tls-key FILE`): rustls with ring, the
//! certificate chain and its key read from PEM files at start. Without them the server speaks
//! plain HTTP, for a TLS-terminating proxy in front or a machine's own loopback.

use anyhow::{bail, Context};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use std::path::Path;
use std::sync::Arc;

/// The server's TLS configuration from a PEM certificate chain (leaf first) and its PEM key.
pub fn server_config(cert: &Path, key: &Path) -> anyhow::Result<rustls::ServerConfig> {
    let chain = CertificateDer::pem_file_iter(cert)
        .with_context(|| format!("reading the TLS certificate {}", cert.display()))?
        .collect::<Result<Vec<_>, _>>()
        .with_context(|| format!("reading the TLS certificate {}", cert.display()))?;
    if chain.is_empty() {
        bail!("the TLS certificate {} holds no certificate (PEM 'BEGIN CERTIFICATE')", cert.display());
    }
    let key = PrivateKeyDer::from_pem_file(key).with_context(|| format!("reading the TLS key {}", key.display()))?;
    rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .context("TLS protocol versions")?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .context("the TLS key does not fit the certificate")
}
