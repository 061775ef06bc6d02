//! An example Bao engine for the ruleset `site-maasai`, speaking the Bao
//! engine protocol on standard input and output:
//!
//!     cargo run --release --offline --example maasai-engine
//!
//! See README.md: the crate is the protocol side, site_maasai.rs the rules;
//! an engine of your own replaces the second and keeps the first.

mod site_maasai;

fn main() {
    std::process::exit(bao_protocol::serve(site_maasai::Maasai));
}
