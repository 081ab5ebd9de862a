//! Writes one of the other tools' formats to a folder, for the scripts in tests/exports/ until
//! they can use `skillhouse export`:
//!
//!   cargo run -p skillhouse-core --example export_formats -- CATALOGUE TARGET OUT [--include-unapproved] [--base-url URL] [--time RFC3339]
//!
//! TARGET is well-known, marketplace, ai-catalog, a2a-site, prompt or legacy. OUT must not exist.

use skillhouse_core::export::formats;
use skillhouse_core::export::{Content, Options, Target};
use std::path::PathBuf;

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: export_formats CATALOGUE TARGET OUT [--include-unapproved] [--base-url URL] [--time RFC3339]";
    let root = PathBuf::from(args.next().ok_or(usage)?);
    let target: Target = serde_json::from_value(serde_json::Value::from(args.next().ok_or(usage)?)).map_err(|e| e.to_string())?;
    let out = PathBuf::from(args.next().ok_or(usage)?);
    let mut options = Options::default();
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--include-unapproved" => options.include_unapproved = true,
            "--base-url" => options.base_url = Some(args.next().ok_or(usage)?),
            "--time" => options.time = Some(args.next().ok_or(usage)?),
            _ => return Err(usage.into()),
        }
    }
    if out.exists() {
        return Err(format!("{} exists", out.display()));
    }
    let cat = skillhouse_core::budget::load_counted(&root, &Default::default()).map_err(|e| e.to_string())?;
    let counts = cat.counts();
    if counts.errors > 0 {
        return Err(format!("the catalogue has {} error(s)", counts.errors));
    }
    let output = formats::entries(&cat, target, &options).map_err(|e| e.to_string())?;
    for entry in &output.entries {
        let path = out.join(&entry.path);
        std::fs::create_dir_all(path.parent().expect("inside OUT")).map_err(|e| e.to_string())?;
        match &entry.content {
            Content::Bytes(bytes) => std::fs::write(&path, bytes).map_err(|e| e.to_string())?,
            Content::File(from) => {
                std::fs::copy(from, &path).map_err(|e| format!("{}: {e}", from.display()))?;
            }
        }
    }
    for left in &output.left_out {
        eprintln!("left out: {}: {}", left.agent, left.reason);
    }
    println!("{} files written to {}", output.entries.len(), out.display());
    Ok(())
}
