//! The IPC surface is declared once: the `#[tauri::command]` functions in `src/commands/`, their
//! doc comments, and `ErrorCode` in core. From them this test generates the UI's `Commands` type
//! and error-code list (`ui/src/bindings/Commands.ts`, `errorCodes.ts`) and docs/ipc.md's tables,
//! and checks that `lib.rs` registers exactly those functions. It fails on any drift;
//! `UPDATE_BINDINGS=1 cargo test -p skillhouse-app --test ipc_surface` rewrites the files.

use skillhouse_core::error_code::ErrorCode;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

struct Command {
    module: String,
    name: String,
    /// JavaScript argument names (Tauri's camelCase) and their TypeScript types.
    args: Vec<(String, String)>,
    result: String,
    doc: String,
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Arguments Tauri supplies itself rather than the UI.
const INJECTED: &[&str] = &["State", "AppHandle", "Window", "WebviewWindow", "Webview"];

fn ts_type(ty: &syn::Type, named: &mut Vec<String>) -> String {
    match ty {
        syn::Type::Reference(r) => ts_type(&r.elem, named),
        syn::Type::Tuple(t) if t.elems.is_empty() => "null".into(),
        syn::Type::Path(p) => {
            let last = p.path.segments.last().expect("a type has a name");
            let inner = |named: &mut Vec<String>| match &last.arguments {
                syn::PathArguments::AngleBracketed(a) => a
                    .args
                    .iter()
                    .find_map(|g| if let syn::GenericArgument::Type(t) = g { Some(ts_type(t, named)) } else { None })
                    .expect("a generic argument"),
                _ => panic!("`{}` needs a type argument", last.ident),
            };
            match last.ident.to_string().as_str() {
                "String" | "str" | "PathBuf" => "string".into(),
                "bool" => "boolean".into(),
                "u8" | "u16" | "u32" | "u64" | "usize" | "i32" | "i64" | "f64" => "number".into(),
                "Option" => format!("{} | null", inner(named)),
                "Vec" => format!("{}[]", inner(named)),
                "Result" => inner(named),
                other => {
                    named.push(other.to_string());
                    other.to_string()
                }
            }
        }
        _ => panic!("a command argument or result of a kind this test cannot name in TypeScript: use a named type"),
    }
}

fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn doc_of(attrs: &[syn::Attribute]) -> String {
    let lines: Vec<String> = attrs
        .iter()
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) if nv.path.is_ident("doc") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value().trim().to_string()),
                _ => None,
            },
            _ => None,
        })
        .collect();
    lines.join(" ")
}

/// Every `#[tauri::command]` in `src/commands/*.rs`, in file then source order.
fn commands(named: &mut Vec<String>) -> Vec<Command> {
    let dir = repo().join("src-tauri/src/commands");
    let mut files: Vec<PathBuf> =
        fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "rs")).collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let module = file.file_stem().unwrap().to_string_lossy().into_owned();
        let ast = syn::parse_file(&fs::read_to_string(&file).unwrap()).unwrap();
        for item in ast.items {
            let syn::Item::Fn(f) = item else { continue };
            let is_command =
                f.attrs.iter().any(|a| a.path().segments.iter().map(|s| s.ident.to_string()).collect::<Vec<_>>() == ["tauri", "command"]);
            if !is_command {
                continue;
            }
            let name = f.sig.ident.to_string();
            let mut args = Vec::new();
            for input in &f.sig.inputs {
                let syn::FnArg::Typed(pt) = input else { continue };
                let syn::Pat::Ident(id) = &*pt.pat else { panic!("{name}: a pattern argument") };
                let injected =
                    matches!(&*pt.ty, syn::Type::Path(p) if INJECTED.contains(&p.path.segments.last().unwrap().ident.to_string().as_str()));
                if !injected {
                    args.push((camel(&id.ident.to_string()), ts_type(&pt.ty, named)));
                }
            }
            let result = match &f.sig.output {
                syn::ReturnType::Default => "null".into(),
                syn::ReturnType::Type(_, ty) => ts_type(ty, named),
            };
            let doc = doc_of(&f.attrs);
            assert!(!doc.is_empty(), "command `{name}` needs a doc comment: it is what docs/ipc.md says about it");
            out.push(Command { module: module.clone(), name, args, result, doc });
        }
    }
    named.retain(|n| n != "AppError");
    named.sort();
    named.dedup();
    out
}

fn args_ts(c: &Command) -> String {
    if c.args.is_empty() {
        return "Record<string, never>".into();
    }
    format!("{{ {} }}", c.args.iter().map(|(n, t)| format!("{n}: {t}")).collect::<Vec<_>>().join("; "))
}

const GENERATED: &str = "// Generated by src-tauri/tests/ipc_surface.rs from the #[tauri::command] functions. Do not edit.\n";

fn commands_ts(commands: &[Command], named: &[String]) -> String {
    let mut s = String::from(GENERATED);
    for n in named {
        writeln!(s, "import type {{ {n} }} from \"./{n}\";").unwrap();
    }
    s.push_str("\n/** Every command the shell registers: its arguments and what it resolves with. */\nexport type Commands = {\n");
    for c in commands {
        writeln!(s, "  {}: {{ args: {}; result: {} }};", c.name, args_ts(c), c.result).unwrap();
    }
    s.push_str("};\n");
    s
}

fn error_codes_ts() -> String {
    let mut s = GENERATED.replace("the #[tauri::command] functions", "ErrorCode in skillhouse-core");
    s.push_str("import type { ErrorCode } from \"./ErrorCode\";\n\n/** Every code an AppError can carry, to recognise one at run time. */\nexport const ERROR_CODES: readonly ErrorCode[] = [\n");
    for code in ErrorCode::ALL {
        writeln!(s, "  \"{}\",", code.as_str()).unwrap();
    }
    s.push_str("];\n");
    s
}

fn md_cell(text: &str) -> String {
    text.replace('|', "\\|")
}

fn commands_md(commands: &[Command]) -> String {
    let mut s = String::from("| command | arguments | returns | what it does |\n|---|---|---|---|\n");
    for c in commands {
        let args = if c.args.is_empty() { "{}".to_string() } else { args_ts(c).replace("; ", ", ") };
        writeln!(s, "| `{}` | `{}` | `{}` | {} |", c.name, md_cell(&args), md_cell(&c.result), md_cell(&c.doc)).unwrap();
    }
    s
}

fn codes_md() -> String {
    let mut s = String::from("| code | meaning |\n|---|---|\n");
    for code in ErrorCode::ALL {
        writeln!(s, "| `{}` | {} |", code.as_str(), md_cell(code.meaning())).unwrap();
    }
    s
}

/// `text` with the part between `<!-- NAME:begin -->` and `<!-- NAME:end -->` replaced.
fn with_section(text: &str, name: &str, body: &str) -> String {
    let (begin, end) = (format!("<!-- {name}:begin (generated by src-tauri/tests/ipc_surface.rs) -->\n"), format!("<!-- {name}:end -->"));
    let from = text.find(&begin).unwrap_or_else(|| panic!("docs/ipc.md lacks the marker {begin}")) + begin.len();
    let to = text[from..].find(&end).unwrap_or_else(|| panic!("docs/ipc.md lacks the marker {end}")) + from;
    format!("{}{}{}", &text[..from], body, &text[to..])
}

/// `commands::module::name` paths in lib.rs's `generate_handler!` list.
fn registered() -> Vec<String> {
    let lib = fs::read_to_string(repo().join("src-tauri/src/lib.rs")).unwrap();
    let from = lib.find("generate_handler![").expect("lib.rs registers commands with generate_handler!");
    let to = lib[from..].find(']').unwrap() + from;
    let mut paths: Vec<String> =
        lib[from + "generate_handler![".len()..to].split(',').map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
    paths.sort();
    paths
}

#[test]
fn the_ipc_surface_is_declared_once() {
    let mut named = Vec::new();
    let commands = commands(&mut named);
    assert!(commands.len() >= 20, "found only {} commands", commands.len());

    let mut declared: Vec<String> = commands.iter().map(|c| format!("commands::{}::{}", c.module, c.name)).collect();
    declared.sort();
    assert_eq!(registered(), declared, "src-tauri/src/lib.rs must register exactly the #[tauri::command] functions of src/commands/");

    let bindings = repo().join("ui/src/bindings");
    for n in &named {
        assert!(bindings.join(format!("{n}.ts")).is_file(), "`{n}` crosses IPC but has no ts-rs binding in ui/src/bindings (derive TS and add it to crates/skillhouse-core/tests/bindings.rs)");
    }

    let ipc_md = repo().join("docs/ipc.md");
    let docs = fs::read_to_string(&ipc_md).unwrap();
    let docs_now = with_section(&with_section(&docs, "commands", &commands_md(&commands)), "error-codes", &codes_md());
    let files = [
        (bindings.join("Commands.ts"), commands_ts(&commands, &named)),
        (bindings.join("errorCodes.ts"), error_codes_ts()),
        (ipc_md, docs_now),
    ];
    let update = std::env::var_os("UPDATE_BINDINGS").is_some();
    let mut stale = Vec::new();
    for (path, text) in &files {
        if update {
            fs::write(path, text).unwrap();
        } else if fs::read_to_string(path).ok().as_deref() != Some(text.as_str()) {
            stale.push(path.strip_prefix(repo()).unwrap_or(path).display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "{stale:?} drifted from the commands: run `UPDATE_BINDINGS=1 cargo test -p skillhouse-app --test ipc_surface`"
    );
}
