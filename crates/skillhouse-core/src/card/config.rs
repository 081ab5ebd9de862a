//! The `cards:` section of `skillhouse.yaml`: catalogue-wide card settings, per-agent overrides and
//! the defaults for skill fields a card needs. Its shape is checked by the config schema when the
//! catalogue loads (with line numbers); here it is only read.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CardSettings {
    #[serde(flatten)]
    pub card: CardFields,
    /// Defaults for skill entries whose skill gives no value of its own.
    pub skill_defaults: SkillDefaults,
    /// Per agent (by name): fields that replace the catalogue-wide ones.
    pub agents: BTreeMap<String, CardFields>,
    /// ADR-017 `agent_card` output.
    pub legacy: LegacySettings,
}

/// Card fields that can be set for the whole catalogue and replaced per agent.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CardFields {
    pub version: Option<String>,
    /// The card is meant for publication: internal hosts and a missing authentication are errors.
    pub publish: Option<bool>,
    pub interfaces: Option<Vec<Interface>>,
    pub capabilities: Option<Capabilities>,
    pub default_input_modes: Option<Vec<String>>,
    pub default_output_modes: Option<Vec<String>>,
    pub documentation_url: Option<String>,
    pub icon_url: Option<String>,
    /// Scheme name to an A2A 1.0 SecurityScheme (`{httpAuthSecurityScheme: {...}}` and so on).
    pub security_schemes: Option<BTreeMap<String, serde_json::Value>>,
    /// Each requirement maps scheme names to the scopes it needs.
    pub security_requirements: Option<Vec<BTreeMap<String, Vec<String>>>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Interface {
    /// May contain `{agent}`, replaced by the agent's name.
    pub url: String,
    #[serde(default = "default_binding")]
    pub binding: String,
    #[serde(default = "default_protocol_version")]
    pub protocol_version: String,
    #[serde(default)]
    pub tenant: Option<String>,
}

fn default_binding() -> String {
    "JSONRPC".into()
}

fn default_protocol_version() -> String {
    "1.0".into()
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Capabilities {
    pub streaming: Option<bool>,
    pub push_notifications: Option<bool>,
    pub extended_agent_card: Option<bool>,
    pub extensions: Vec<serde_json::Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SkillDefaults {
    pub tags: Option<Vec<String>>,
    pub examples: Option<Vec<String>>,
    pub input_modes: Option<Vec<String>>,
    pub output_modes: Option<Vec<String>>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LegacySettings {
    /// Prefix of ids and URIs, e.g. `coditect` gives `coditect:devops-engineer`.
    pub namespace: Option<String>,
    pub protocols: Option<Vec<String>>,
}

impl CardFields {
    /// These fields with every unset one taken from `base`.
    pub fn over(&self, base: &CardFields) -> CardFields {
        fn pick<T: Clone>(own: &Option<T>, base: &Option<T>) -> Option<T> {
            own.clone().or_else(|| base.clone())
        }
        CardFields {
            version: pick(&self.version, &base.version),
            publish: pick(&self.publish, &base.publish),
            interfaces: pick(&self.interfaces, &base.interfaces),
            capabilities: pick(&self.capabilities, &base.capabilities),
            default_input_modes: pick(&self.default_input_modes, &base.default_input_modes),
            default_output_modes: pick(&self.default_output_modes, &base.default_output_modes),
            documentation_url: pick(&self.documentation_url, &base.documentation_url),
            icon_url: pick(&self.icon_url, &base.icon_url),
            security_schemes: pick(&self.security_schemes, &base.security_schemes),
            security_requirements: pick(&self.security_requirements, &base.security_requirements),
        }
    }
}
