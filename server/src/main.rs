//! `exchange`: serve the site, or act on its ledger as an operator.

use clap::Parser;

/// mimalloc instead of glibc's allocator: the feed's many small JSON values made glibc's
/// `malloc_consolidate` and free-list walks half of an idle server's CPU (docs/benchmarks.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[actix_web::main]
async fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn,server=info".into()))
        .with_writer(std::io::stderr)
        .init();
    let cli = server::cli::Cli::parse();
    match server::cli::run(cli).await {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
