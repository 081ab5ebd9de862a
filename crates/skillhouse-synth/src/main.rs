//! skillhouse-synth [--shape simple|realistic] --skills N --out DIR [--seed S] [--agents M] [--threads T]

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use skillhouse_synth::{generate, Config, Shape};

const USAGE: &str = "usage: skillhouse-synth [--shape simple|realistic] --skills N --out DIR [--seed S] [--agents M] [--threads T]

Writes a synthetic Agent Skills catalogue to DIR (which must be missing or empty).

--shape simple (the default): N skills in DIR/<group>/<name>/SKILL.md (5-15 KB each, some with
references/ and assets/), M agents in DIR/agents/ (default N/20, at least 1) and DIR/skillhouse.yaml.

--shape realistic: like a large public collection. N skill folders with a SKILL.md, translations
included: N - N/4 in DIR/skills/<category>/<name>/ (long-tailed SKILL.md sizes, 0-40 files under
references/, scripts/ and assets/, some large PNG/JPEG/PDF binaries) and N/4 translated copies in
DIR/i18n/<lang>/skills/<category>/<name>/SKILL.md; symlinked aliases in DIR/.claude/skills/ for
about 2 % of skills; DIR/skillhouse.yaml and DIR/README.md; M agents (default 0). N = 4000 gives
about 250 MB.

The same arguments always give byte-identical output (--threads does not change it).
Defaults: --shape simple, --seed 1, --threads 1.";

fn parse() -> Result<Config, String> {
    let mut skills = None;
    let mut out = None;
    let mut seed = 1u64;
    let mut agents = None;
    let mut threads = 1usize;
    let mut shape = Shape::Simple;
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
            "--shape" => shape = value()?.parse()?,
            "--threads" => threads = num(value()?)?.max(1) as usize,
            _ => return Err(format!("unknown argument: {arg}")),
        }
    }
    Ok(Config { shape, skills: skills.ok_or("--skills is required")?, out: out.ok_or("--out is required")?, seed, agents, threads })
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
            if cfg.shape == Shape::Realistic {
                println!(
                    "skillhouse-synth: {} skills ({} translations), {} binaries, {} symlinked aliases, {} agents",
                    s.skills, s.translations, s.binaries, s.symlinks, s.agents
                );
            }
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
