//! skillhouse-synth --skills N --out DIR [--seed S] [--agents M] [--threads T]

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use skillhouse_synth::{generate, Config};

const USAGE: &str = "usage: skillhouse-synth --skills N --out DIR [--seed S] [--agents M] [--threads T]

Writes a synthetic Agent Skills catalogue to DIR (which must be missing or empty):
N skills in DIR/<group>/<name>/SKILL.md (5-15 KB each, some with references/ and assets/),
M agents in DIR/agents/ (default N/20, at least 1) and DIR/skillhouse.yaml.
The same arguments always give byte-identical output (--threads does not change it).
Defaults: --seed 1, --threads 1.";

fn parse() -> Result<Config, String> {
    let mut skills = None;
    let mut out = None;
    let mut seed = 1u64;
    let mut agents = None;
    let mut threads = 1usize;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        if flag == "-h" || flag == "--help" {
            return Err(String::new());
        }
        let mut value = || inline.clone().or_else(|| args.next()).ok_or(format!("{flag} needs a value"));
        let num = |v: String| v.parse::<u64>().map_err(|_| format!("{flag}: not a number: {v}"));
        match flag.as_str() {
            "--skills" => skills = Some(num(value()?)? as usize),
            "--out" => out = Some(PathBuf::from(value()?)),
            "--seed" => seed = num(value()?)?,
            "--agents" => agents = Some(num(value()?)? as usize),
            "--threads" => threads = num(value()?)?.max(1) as usize,
            _ => return Err(format!("unknown argument: {arg}")),
        }
    }
    Ok(Config { skills: skills.ok_or("--skills is required")?, out: out.ok_or("--out is required")?, seed, agents, threads })
}

fn main() -> ExitCode {
    let cfg = match parse() {
        Ok(c) => c,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("skillhouse-synth: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    match generate(&cfg) {
        Ok(s) => {
            println!(
                "skillhouse-synth: {} skills, {} agents, {} files, {} bytes in {} (seed {}, {:.2}s)",
                s.skills,
                s.agents,
                s.files,
                s.bytes,
                cfg.out.display(),
                cfg.seed,
                start.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("skillhouse-synth: {e}");
            ExitCode::FAILURE
        }
    }
}
