//! Prose, lists, tables and code blocks built from the vocabulary.

use crate::rng::Rng;
use crate::vocab::*;

/// Sentence templates. `%n` noun, `%a` adjective, `%v` verb, `%s` verb (3rd person),
/// `%g` gerund, `%d` adverb, `%p` preposition, `%c` inline code.
const SENTENCES: &[&str] = &[
    "%v the %a %n %p the %n.",
    "The %n %s the %n %d.",
    "If the %n is %a, %v the %n %p the %n first.",
    "Keep the %n %a so that the %n stays %a.",
    "Each %n %s a %a %n and a %n %n.",
    "Avoid %g the %n %d; %v the %a %n instead.",
    "This step %s every %a %n in the %n.",
    "When %g a %n, %v its %n and %n %d.",
    "Use %c to %v the %n.",
    "Prefer %a %n over %a %n unless the %n is %a.",
    "Do not %v the %n %p %g the %a %n.",
    "A %a %n usually %s %a %n, which %s the %n.",
    "Record the %n and the %n in the %n so reviewers can %v them later.",
    "Note that a %a %n may %v the %a %n %p the %n.",
    "Run %c %d and compare the %n with the %a %n.",
    "The %a %n is %a by default, so %v it %p the %n.",
    "%g the %n %p a %a %n keeps the %n %a and %a.",
    "Ask the user before %g any %a %n %p the %n.",
    "After %g the %n, %v the %n and check the %n again.",
    "Report each %a %n with its %n, its %n and the %n that %s it.",
    "Treat a %a %n as a %n, not as a %n.",
    "Check %c when the %n %s a %a %n.",
];

const BULLETS: &[&str] = &[
    "%v the %a %n",
    "%a %n %p the %n",
    "**%n**: %v the %n %p the %a %n",
    "the %n %s a %a %n",
    "%g %a %n %d",
    "`%c` %s the %n",
    "a %a %n with no %n",
];

pub fn cap_first(s: &mut String) {
    if let Some(c) = s.chars().next() {
        if c.is_ascii_lowercase() {
            let up = c.to_ascii_uppercase();
            s.replace_range(0..1, up.encode_utf8(&mut [0; 4]));
        }
    }
}

pub struct Text<'r> {
    pub rng: &'r mut Rng,
    /// Per-slot chance (in 1/1000) that a content word is replaced by a non-ASCII word.
    pub non_ascii_permille: usize,
}

impl<'r> Text<'r> {
    pub fn new(rng: &'r mut Rng) -> Self {
        Text { rng, non_ascii_permille: 170 }
    }

    fn maybe_foreign(&mut self, word: &'static str) -> &'static str {
        if self.rng.below(1000) < self.non_ascii_permille {
            self.rng.word(NON_ASCII)
        } else {
            word
        }
    }

    pub fn noun(&mut self) -> &'static str {
        let w = *self.rng.pick(NOUNS);
        self.maybe_foreign(w)
    }

    pub fn adj(&mut self) -> &'static str {
        let w = *self.rng.pick(ADJECTIVES);
        self.maybe_foreign(w)
    }

    pub fn ident(&mut self) -> String {
        let (v, _, _) = *self.rng.pick(VERBS);
        let n = *self.rng.pick(NOUNS);
        format!("{v}_{n}")
    }

    fn inline_code(&mut self) -> String {
        match self.rng.below(3) {
            0 => format!("`{}`", self.rng.pick(SHELL_COMMANDS)),
            1 => format!("`{}()`", self.ident()),
            _ => format!("`{}.{}`", self.rng.pick(NOUNS), self.rng.pick(&["json", "yaml", "md", "toml", "py", "rs"])),
        }
    }

    /// Expands a template into `out`.
    pub fn expand(&mut self, template: &str, out: &mut String) {
        let start = out.len();
        let mut chars = template.chars();
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('n') => {
                    let w = self.noun();
                    push_word(out, start, w)
                }
                Some('a') => {
                    let w = self.adj();
                    push_word(out, start, w)
                }
                Some('v') => push_word(out, start, self.rng.pick(VERBS).0),
                Some('s') => out.push_str(self.rng.pick(VERBS).1),
                Some('g') => out.push_str(self.rng.pick(VERBS).2),
                Some('d') => push_word(out, start, self.rng.word(ADVERBS)),
                Some('p') => out.push_str(self.rng.word(PREPOSITIONS)),
                Some('c') => {
                    let code = self.inline_code();
                    out.push_str(&code)
                }
                Some(other) => {
                    out.push('%');
                    out.push(other);
                }
                None => out.push('%'),
            }
        }
        if let Some(c) = out[start..].chars().next() {
            if c.is_ascii_lowercase() {
                let up = c.to_ascii_uppercase();
                out.replace_range(start..start + 1, up.encode_utf8(&mut [0; 4]));
            }
        }
    }

    pub fn sentence(&mut self, out: &mut String) {
        let t = *self.rng.pick(SENTENCES);
        self.expand(t, out);
    }

    pub fn paragraph(&mut self, out: &mut String) {
        let n = self.rng.range(2, 6);
        for i in 0..n {
            if i > 0 {
                out.push(' ');
            }
            self.sentence(out);
        }
        out.push_str("\n\n");
    }

    pub fn title(&mut self) -> String {
        if self.rng.chance(60) {
            self.rng.pick(SECTION_TITLES).to_string()
        } else {
            let mut s = String::new();
            let t = *self.rng.pick(&["%g %a %n", "%v the %n", "%a %n", "%n and %n", "%g the %n %p %n"]);
            self.expand(t, &mut s);
            s
        }
    }

    fn bullet_list(&mut self, out: &mut String, numbered: bool) {
        let n = self.rng.range(3, 8);
        for i in 0..n {
            if numbered {
                out.push_str(&format!("{}. ", i + 1));
                let t = *self.rng.pick(SENTENCES);
                self.expand(t, out);
            } else {
                out.push_str("- ");
                let t = *self.rng.pick(BULLETS);
                self.expand(t, out);
            }
            out.push('\n');
        }
        out.push('\n');
    }

    fn table(&mut self, out: &mut String) {
        let cols = self.rng.range(2, 4);
        let heads = ["Field", "Meaning", "Default", "Example", "Owner", "Status"];
        let first = self.rng.below(heads.len() - cols + 1);
        out.push('|');
        for h in &heads[first..first + cols] {
            out.push_str(&format!(" {h} |"));
        }
        out.push('\n');
        out.push('|');
        for _ in 0..cols {
            out.push_str("---|");
        }
        out.push('\n');
        for _ in 0..self.rng.range(2, 6) {
            out.push('|');
            for c in 0..cols {
                out.push(' ');
                match c {
                    0 => out.push_str(&format!("`{}`", self.rng.pick(NOUNS))),
                    1 => self.expand("%a %n %p the %n", out),
                    _ => {
                        let w = self.adj();
                        out.push_str(w)
                    }
                }
                out.push_str(" |");
            }
            out.push('\n');
        }
        out.push('\n');
    }

    pub fn code_block(&mut self, out: &mut String) {
        let r = &mut *self.rng;
        let n1 = *r.pick(NOUNS);
        let n2 = *r.pick(NOUNS);
        let n3 = *r.pick(NOUNS);
        let (v, _, _) = *r.pick(VERBS);
        let a = *r.pick(ADJECTIVES);
        match r.below(6) {
            0 => {
                out.push_str("```bash\n");
                out.push_str(&format!("# {v} the {a} {n1}\n"));
                for _ in 0..r.range(2, 5) {
                    out.push_str(r.word(SHELL_COMMANDS));
                    out.push('\n');
                }
            }
            1 => {
                out.push_str(&format!(
                    "```python\ndef {v}_{n1}({n2}_path, {a}=False):\n    \"\"\"{cap} the {n1} and return the {n3}.\"\"\"\n    {n1} = load_{n1}({n2}_path)\n    if {a}:\n        {n1} = [item for item in {n1} if item.{n3}]\n    return {n1}\n",
                    cap = capitalized(v)
                ));
            }
            2 => {
                let k = r.range(1, 64);
                out.push_str(&format!(
                    "```json\n{{\n  \"{n1}\": \"{a}\",\n  \"{n2}\": {k},\n  \"{n3}\": [\"{v}\", \"{n1}\"],\n  \"enabled\": true\n}}\n"
                ));
            }
            3 => {
                out.push_str(&format!(
                    "```yaml\n{n1}:\n  {n2}: {a}\n  {n3}: true\n  retries: {}\nsteps:\n  - {v}\n  - check\n",
                    r.range(1, 9)
                ));
            }
            4 => {
                out.push_str(&format!(
                    "```rust\npub fn {v}_{n1}({n2}: &{cap2}) -> Result<{cap3}, Error> {{\n    let {n3} = {n2}.{n3}()?;\n    Ok({cap3}::from({n3}))\n}}\n",
                    cap2 = capitalized(n2),
                    cap3 = capitalized(n3)
                ));
            }
            _ => {
                out.push_str(&format!(
                    "```typescript\nexport async function {v}{cap1}({n2}: {cap2}): Promise<{cap3}[]> {{\n  const items = await fetch{cap3}({n2});\n  return items.filter((x) => x.{a});\n}}\n",
                    cap1 = capitalized(n1),
                    cap2 = capitalized(n2),
                    cap3 = capitalized(n3)
                ));
            }
        }
        out.push_str("```\n\n");
    }

    /// One block of content: a paragraph, list, table, code block, note or subheading.
    pub fn block(&mut self, out: &mut String) {
        match self.rng.below(10) {
            0..=2 => self.paragraph(out),
            3 => self.bullet_list(out, false),
            4 => self.bullet_list(out, true),
            5 => self.table(out),
            6 | 7 => self.code_block(out),
            8 => {
                out.push_str(self.rng.word(&["> **Note:** ", "> **Tip:** ", "> **Warning:** "]));
                self.sentence(out);
                out.push_str("\n\n");
            }
            _ => {
                out.push_str("### ");
                let t = self.title();
                out.push_str(&t);
                out.push_str("\n\n");
                self.paragraph(out);
            }
        }
    }

    /// A `## ` section with one to four blocks.
    pub fn section(&mut self, out: &mut String) {
        out.push_str("## ");
        let t = self.title();
        out.push_str(&t);
        out.push_str("\n\n");
        for _ in 0..self.rng.range(1, 4) {
            self.block(out);
        }
    }

    /// Appends sections to `out` until it is close to `target` bytes, never beyond it.
    pub fn fill_to(&mut self, out: &mut String, target: usize) {
        let mut scratch = String::new();
        loop {
            scratch.clear();
            self.section(&mut scratch);
            if out.len() + scratch.len() <= target {
                out.push_str(&scratch);
            } else {
                break;
            }
        }
        // Top up with prose, sentence by sentence, then word by word.
        let mut in_paragraph = 0;
        let mut misses = 0;
        while misses < 6 {
            scratch.clear();
            if in_paragraph > 0 {
                scratch.push(' ');
            }
            self.sentence(&mut scratch);
            // keep room for the closing newline
            if out.len() + scratch.len() < target {
                out.push_str(&scratch);
                in_paragraph += 1;
                if in_paragraph >= 5 && out.len() + 2 < target {
                    out.push_str("\n\n");
                    in_paragraph = 0;
                }
            } else {
                misses += 1;
            }
        }
        if out.len() + 40 < target {
            if in_paragraph > 0 {
                out.push(' ');
            }
            out.push_str("See also the");
            while out.len() + 18 < target {
                let w = *self.rng.pick(NOUNS);
                out.push(' ');
                out.push_str(w);
            }
            out.push('.');
        }
        if !out.ends_with('\n') {
            out.push('\n');
        }
    }
}

/// Appends `word`, turning a preceding article "a" into "an" before a vowel.
fn push_word(out: &mut String, start: usize, word: &str) {
    let vowel = word.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
    if vowel {
        let tail = &out[start..];
        if tail.ends_with(" a ") || tail == "a " || tail == "A " {
            out.insert(out.len() - 1, 'n');
        }
    }
    out.push_str(word);
}

pub fn capitalized(s: &str) -> String {
    let mut out = s.to_string();
    cap_first(&mut out);
    out
}
