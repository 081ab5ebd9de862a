//! Reading one Markdown-with-frontmatter file (a skill or an agent) as far as it can be trusted:
//! size, encoding, frontmatter split, YAML, mapping. Each step that fails stops this file only.

use crate::diagnostic::{Code, Diagnostic, Position};
use crate::files::{sha256_hex, FileStamp};
use crate::source::{self, Split};
use crate::yaml::{self, Node, Value};
use std::fs;
use std::io::Read;
use std::path::Path;

/// A parsed document. `frontmatter` is present only when it is a YAML mapping.
#[derive(Debug, Clone)]
pub struct Document {
    pub stamp: FileStamp,
    pub text: String,
    pub frontmatter: Option<Node>,
    /// Byte range of the YAML in `text`, and offset of the body.
    pub yaml_offset: usize,
    pub yaml_end: usize,
    pub body_offset: usize,
    pub body_line: u32,
    pub closing_line: u32,
}

impl Document {
    pub fn yaml(&self) -> &str {
        &self.text[self.yaml_offset..self.yaml_end]
    }

    pub fn body(&self) -> &str {
        &self.text[self.body_offset..]
    }
}

/// Reads and parses `path`, reporting under the relative name `file`.
pub fn read(file: &str, path: &Path, max_bytes: u64, diagnostics: &mut Vec<Diagnostic>) -> Option<Document> {
    let unreadable = |e: std::io::Error| {
        Diagnostic::error(Code::FileUnreadable, file, Position::START, format!("`{file}` could not be read: {e}"))
            .with_hint("check that the file exists and that you may read it")
    };
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) => {
            diagnostics.push(unreadable(e));
            return None;
        }
    };
    let (size, mtime_ns) = FileStamp::of_metadata(&meta);
    if size > max_bytes {
        diagnostics.push(too_large(file, size, max_bytes));
        return None;
    }
    let mut bytes = Vec::with_capacity(size as usize);
    // Read at most one byte past the limit, in case the file grew since it was measured.
    if let Err(e) = fs::File::open(path).and_then(|f| f.take(max_bytes.saturating_add(1)).read_to_end(&mut bytes)) {
        diagnostics.push(unreadable(e));
        return None;
    }
    if bytes.len() as u64 > max_bytes {
        diagnostics.push(too_large(file, bytes.len() as u64, max_bytes));
        return None;
    }
    let stamp = FileStamp { size, mtime_ns, sha256: sha256_hex(&bytes) };
    parse(file, bytes, stamp, diagnostics)
}

fn too_large(file: &str, size: u64, max: u64) -> Diagnostic {
    Diagnostic::error(Code::FileTooLarge, file, Position::START, format!("`{file}` is {size} bytes, over the limit of {max}"))
        .with_hint("move long material into references/ files, or raise `limits.max_file_bytes` in skillhouse.yaml")
}

/// Parses bytes already read (used by the editor for unsaved text too).
pub fn parse(file: &str, bytes: Vec<u8>, stamp: FileStamp, diagnostics: &mut Vec<Diagnostic>) -> Option<Document> {
    let text = source::decode(file, bytes, diagnostics)?.text;
    let Split { yaml, yaml_offset, yaml_line, closing_line, body_offset, body_line, .. } =
        source::split_frontmatter(file, &text, diagnostics)?;
    let yaml_end = yaml_offset + yaml.len();
    let node = yaml::parse(file, yaml, yaml_line, diagnostics)?;
    let frontmatter = match node.value {
        Value::Map(_) => Some(node),
        _ => {
            let what = match node.value {
                Value::Null => "empty".to_string(),
                _ => format!("a {}", node.kind()),
            };
            diagnostics.push(
                Diagnostic::error(
                    Code::FrontmatterNotMapping,
                    file,
                    Position::new(yaml_line, 1),
                    format!("the frontmatter is {what}, not a mapping of fields"),
                )
                .with_hint("write fields as `key: value` lines, starting with `name:` and `description:`"),
            );
            None
        }
    };
    Some(Document { stamp, text, frontmatter, yaml_offset, yaml_end, body_offset, body_line, closing_line })
}
