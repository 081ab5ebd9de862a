//! Diagnostics: the one shape in which every problem leaves the core.
//!
//! Codes are stable strings (documented in `docs/diagnostics.md`); the UI and CI scripts branch on
//! them, never on the message text.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

macro_rules! codes {
    ($($variant:ident => $text:literal,)*) => {
        /// Every diagnostic code the core can emit.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code { $($variant,)* }

        impl Code {
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $text,)* }
            }

            pub fn parse(text: &str) -> Option<Code> {
                match text { $($text => Some(Code::$variant),)* _ => None }
            }
        }
    };
}

codes! {
    FileUnreadable => "file.unreadable",
    FileNotUtf8 => "file.not-utf8",
    FileBom => "file.bom",
    FileTooLarge => "file.too-large",
    FrontmatterMissing => "frontmatter.missing",
    FrontmatterUnterminated => "frontmatter.unterminated",
    FrontmatterNotMapping => "frontmatter.not-mapping",
    YamlSyntax => "yaml.syntax",
    YamlDuplicateKey => "yaml.duplicate-key",
    YamlTabIndent => "yaml.tab-indent",
    YamlAliasLimit => "yaml.alias-limit",
    SkillFileNameCase => "skill.file-name-case",
    SkillMissingSkillMd => "skill.missing-skill-md",
    SkillNested => "skill.nested",
    SkillDuplicateName => "skill.duplicate-name",
    PathSymlinkOutside => "path.symlink-outside",
    ScanDepthLimit => "scan.depth-limit",
    CatalogueNoSkills => "catalogue.no-skills",
    FieldRequired => "field.required",
    FieldType => "field.type",
    FieldUnknown => "field.unknown",
    FieldInvalid => "field.invalid",
    NameFormat => "name.format",
    NameLength => "name.length",
    NameDirMismatch => "name.dir-mismatch",
    NameReservedWord => "name.reserved-word",
    DescriptionLength => "description.length",
    DescriptionTooShort => "description.too-short",
    DescriptionNoTrigger => "description.no-trigger",
    DescriptionAngleBrackets => "description.angle-brackets",
    CompatibilityLength => "compatibility.length",
    MetadataNotString => "metadata.not-string",
    ToolsUnknown => "tools.unknown",
    ToolsSyntax => "tools.syntax",
    ToolsCommaSeparated => "tools.comma-separated",
    BodyTooLong => "body.too-long",
    BodyBrokenLink => "body.broken-link",
    BodyEmpty => "body.empty",
    TranslationMissingSections => "translation.missing-sections",
    AgentUnknownSkill => "agent.unknown-skill",
    AgentDuplicateName => "agent.duplicate-name",
    BudgetL1 => "budget.l1",
    BudgetL2 => "budget.l2",
    BudgetResource => "budget.resource",
    BudgetListing => "budget.listing",
    BudgetNotANumber => "budget.not-a-number",
    ConfigFragmentMissing => "config.fragment-missing",
    CardFieldMissing => "card.field-missing",
    CardSkillUnavailable => "card.skill-unavailable",
    CardSidecar => "card.sidecar",
    CardSchema => "card.schema",
    CardUrl => "card.url",
    CardHostInternal => "card.host-internal",
    CardSkillDuplicateId => "card.skill-duplicate-id",
    CardSkillNoTags => "card.skill-no-tags",
    CardMediaType => "card.media-type",
    CardSecurityVariant => "card.security-variant",
    CardSecurityUndeclared => "card.security-undeclared",
    CardSecurityNone => "card.security-none",
    CardCapabilityUnbacked => "card.capability-unbacked",
    CardHiddenCharacters => "card.hidden-characters",
    CardInstructionPhrasing => "card.instruction-phrasing",
    CardSkillOverlap => "card.skill-overlap",
    CardExampleMisroute => "card.example-misroute",
    CardVersionNotBumped => "card.version-not-bumped",
    BundleRegistryMissing => "bundle.registry-missing",
    BundleRegistryInvalid => "bundle.registry-invalid",
    BundleFileMismatch => "bundle.file-mismatch",
    BundleFileMissing => "bundle.file-missing",
    BundleFileUnlisted => "bundle.file-unlisted",
    BundleDigestMismatch => "bundle.digest-mismatch",
    BundleCardMismatch => "bundle.card-mismatch",
    BundleSignatureInvalid => "bundle.signature-invalid",
    BundleUnsafePath => "bundle.unsafe-path",
    BundleLink => "bundle.link",
    BundleSpecialFile => "bundle.special-file",
    BundleEntryTooLarge => "bundle.entry-too-large",
    BundleTooLarge => "bundle.too-large",
    BundleDuplicateEntry => "bundle.duplicate-entry",
    BundleUnreadable => "bundle.unreadable",
    BundleImportConflict => "bundle.import-conflict",
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Code::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("unknown code {text}")))
    }
}

/// A 1-based position in a file; columns count Unicode code points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

impl Position {
    pub const START: Position = Position { line: 1, column: 1 };

    pub fn new(line: u32, column: u32) -> Self {
        Position { line: line.max(1), column: column.max(1) }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Diagnostic {
    /// A stable code from docs/diagnostics.md.
    #[ts(type = "string")]
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    /// Path relative to the catalogue root, with `/` separators; empty for the catalogue itself.
    pub file: String,
    pub line: u32,
    pub column: u32,
    /// JSON pointer into the frontmatter when the diagnostic concerns a field; for `card.*` codes,
    /// into the generated 1.0 agent card.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    #[ts(optional)]
    pub pointer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    #[ts(optional)]
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn new(code: Code, severity: Severity, file: &str, at: Position, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity,
            message: message.into(),
            file: file.to_string(),
            line: at.line,
            column: at.column,
            pointer: None,
            hint: None,
        }
    }

    pub fn error(code: Code, file: &str, at: Position, message: impl Into<String>) -> Self {
        Self::new(code, Severity::Error, file, at, message)
    }

    pub fn warning(code: Code, file: &str, at: Position, message: impl Into<String>) -> Self {
        Self::new(code, Severity::Warning, file, at, message)
    }

    pub fn with_pointer(mut self, pointer: impl Into<String>) -> Self {
        self.pointer = Some(pointer.into());
        self
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Order used everywhere diagnostics are listed: by file, then position, then code.
    pub fn sort_key(&self) -> (&str, u32, u32, Code) {
        (&self.file, self.line, self.column, self.code)
    }
}

pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()).then_with(|| a.message.cmp(&b.message)));
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    pub errors: usize,
    pub warnings: usize,
}

impl Counts {
    pub fn of<'a>(diagnostics: impl IntoIterator<Item = &'a Diagnostic>) -> Counts {
        let mut counts = Counts::default();
        for d in diagnostics {
            match d.severity {
                Severity::Error => counts.errors += 1,
                Severity::Warning => counts.warnings += 1,
            }
        }
        counts
    }
}
