//! Markdown to HTML for the app's preview: rendered by pulldown-cmark and sanitised by ammonia
//! here, in Rust, so that nothing a skill contains can run in the webview.

use pulldown_cmark::{html, Options, Parser};

pub fn to_safe_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    let mut raw = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut raw, Parser::new_ext(markdown, options));
    ammonia::Builder::default()
        // Links may leave the app only to the web or mail; `javascript:` and `data:` are dropped.
        .url_schemes(["http", "https", "mailto"].into_iter().collect())
        .link_rel(Some("noopener noreferrer"))
        .clean(&raw)
        .to_string()
}

/// The level (1-6) of each heading of a Markdown text, in order; headings inside code blocks
/// are not headings.
pub fn heading_levels(markdown: &str) -> Vec<u8> {
    use pulldown_cmark::{Event, Parser, Tag};
    Parser::new(markdown)
        .filter_map(|event| match event {
            Event::Start(Tag::Heading { level, .. }) => Some(level as u8),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::to_safe_html;

    #[test]
    fn scripts_handlers_and_javascript_links_are_inert() {
        let html = to_safe_html(
            "# Title\n\n<script>alert(1)</script>\n\n<img src=x onerror=\"alert(2)\">\n\n[click](javascript:alert(3))\n\n<a href=\"data:text/html,x\">d</a>\n",
        );
        assert!(html.contains("<h1>Title</h1>"), "{html}");
        for bad in ["<script", "alert(1)", "onerror", "javascript:", "data:text"] {
            assert!(!html.contains(bad), "{bad} survived in {html}");
        }
    }

    #[test]
    fn ordinary_markdown_survives() {
        let html = to_safe_html("| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n`code` and [link](https://example.com)\n");
        assert!(html.contains("<table>") && html.contains("<code>code</code>") && html.contains("href=\"https://example.com\""), "{html}");
    }
}
