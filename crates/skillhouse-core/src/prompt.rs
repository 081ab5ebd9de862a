//! The `<available_skills>` block that agent runtimes put in a system prompt, in the layout of the
//! reference implementation (`skills-ref to-prompt`): one value per line, HTML-escaped.

use crate::catalogue::Catalogue;
use crate::skill::Skill;

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            c => out.push(c),
        }
    }
    out
}

/// Skills with errors are left out: a runtime that loads strictly would refuse them.
pub fn available_skills(catalogue: &Catalogue) -> String {
    available_skills_at(catalogue, |s| catalogue.root.join(s.file()).to_string_lossy().into_owned())
}

/// The same block with each `<location>` given by `location` (exports write paths relative to
/// the export rather than absolute ones).
pub fn available_skills_at(catalogue: &Catalogue, location: impl Fn(&Skill) -> String) -> String {
    let mut out = String::from("<available_skills>\n");
    // The source locale's skills: a translation has its source's name.
    for s in catalogue.skills.iter().filter(|s| s.parsed && !s.has_errors() && s.translation_of.is_none()) {
        let location = location(s);
        out.push_str(&format!(
            "<skill>\n<name>\n{}\n</name>\n<description>\n{}\n</description>\n<location>\n{}\n</location>\n</skill>\n",
            escape(&s.name),
            escape(&s.description),
            escape(&location)
        ));
    }
    out.push_str("</available_skills>");
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes_like_python_html_escape() {
        assert_eq!(super::escape(r#"a<b>&"c'"#), "a&lt;b&gt;&amp;&quot;c&#x27;");
    }
}
