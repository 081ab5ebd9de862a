//! The other shapes the same card is written in: the A2A 0.3 fields (for clients that predate
//! 1.0) and ADR-017's legacy `agent_card`.

use super::config::LegacySettings;
use super::generate::Generated;
use serde_json::{json, Map, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
pub enum Dialect {
    #[serde(rename = "1.0")]
    V1,
    #[serde(rename = "0.3")]
    V03,
    /// The 1.0 fields and the 0.3 fields in one document, read by clients of either version.
    #[serde(rename = "both")]
    Both,
    #[serde(rename = "legacy")]
    Legacy,
}

impl Dialect {
    pub fn parse(text: &str) -> Option<Dialect> {
        match text {
            "1.0" => Some(Dialect::V1),
            "0.3" => Some(Dialect::V03),
            "both" => Some(Dialect::Both),
            "legacy" => Some(Dialect::Legacy),
            _ => None,
        }
    }
}

pub const V03_PROTOCOL_VERSION: &str = "0.3.0";

/// The card in the requested dialect.
pub fn render(g: &Generated, dialect: Dialect, legacy: &LegacySettings) -> Value {
    match dialect {
        Dialect::V1 => g.card.clone(),
        Dialect::V03 => to_v03(&g.card),
        Dialect::Both => both(&g.card),
        Dialect::Legacy => to_legacy(g, legacy),
    }
}

/// The 0.3 shape: one preferred `url` and transport, `additionalInterfaces`, security schemes with
/// a `type` discriminator, `security` as scheme-to-scopes maps.
pub fn to_v03(card: &Value) -> Value {
    let mut out = Map::new();
    for key in ["name", "description", "version", "provider", "documentationUrl", "iconUrl", "defaultInputModes", "defaultOutputModes"] {
        if let Some(v) = card.get(key) {
            out.insert(key.into(), v.clone());
        }
    }
    out.insert("protocolVersion".into(), json!(V03_PROTOCOL_VERSION));
    let all = card["supportedInterfaces"].as_array().cloned().unwrap_or_default();
    // A 0.3 client talks 0.3 at `url`: prefer the interfaces declared for 0.3 when there are any.
    let older: Vec<Value> = all.iter().filter(|i| i["protocolVersion"].as_str().is_some_and(|v| v.starts_with("0."))).cloned().collect();
    let interfaces = if older.is_empty() { all } else { older };
    if let Some(first) = interfaces.first() {
        out.insert("url".into(), first["url"].clone());
        out.insert("preferredTransport".into(), first["protocolBinding"].clone());
    }
    if !interfaces.is_empty() {
        let additional: Vec<Value> = interfaces.iter().map(|i| json!({"url": i["url"], "transport": i["protocolBinding"]})).collect();
        out.insert("additionalInterfaces".into(), Value::Array(additional));
    }
    let caps = &card["capabilities"];
    let mut capabilities = Map::new();
    for key in ["streaming", "pushNotifications", "extensions"] {
        if let Some(v) = caps.get(key) {
            capabilities.insert(key.into(), v.clone());
        }
    }
    out.insert("capabilities".into(), Value::Object(capabilities));
    if caps["extendedAgentCard"] == Value::Bool(true) {
        out.insert("supportsAuthenticatedExtendedCard".into(), json!(true));
    }
    if let Some(schemes) = card["securitySchemes"].as_object() {
        let converted: Map<String, Value> = schemes.iter().map(|(k, v)| (k.clone(), scheme_v03(v))).collect();
        out.insert("securitySchemes".into(), Value::Object(converted));
    }
    if let Some(requirements) = card["securityRequirements"].as_array() {
        out.insert("security".into(), Value::Array(requirements.iter().map(requirement_v03).collect()));
    }
    let skills: Vec<Value> = card["skills"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| {
            let mut s = s.clone();
            if let Some(obj) = s.as_object_mut() {
                if let Some(reqs) = obj.remove("securityRequirements") {
                    let list: Vec<Value> = reqs.as_array().into_iter().flatten().map(requirement_v03).collect();
                    obj.insert("security".into(), Value::Array(list));
                }
            }
            s
        })
        .collect();
    out.insert("skills".into(), Value::Array(skills));
    Value::Object(out)
}

fn requirement_v03(requirement: &Value) -> Value {
    let map: Map<String, Value> = requirement["schemes"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(name, scopes)| (name.clone(), scopes.get("list").cloned().unwrap_or_else(|| json!([]))))
        .collect();
    Value::Object(map)
}

fn scheme_v03(scheme: &Value) -> Value {
    let Some((variant, body)) = scheme.as_object().and_then(|o| o.iter().next()) else { return json!({}) };
    let mut out = body.as_object().cloned().unwrap_or_default();
    let kind = match variant.as_str() {
        "apiKeySecurityScheme" => {
            if let Some(location) = out.remove("location") {
                out.insert("in".into(), location);
            }
            "apiKey"
        }
        "httpAuthSecurityScheme" => "http",
        // The flows are kept whole, deviceCode included: a2a-sdk rebuilds the 1.0 scheme from
        // these flat fields when `type` is present, so dropping a flow would lose it.
        "oauth2SecurityScheme" => "oauth2",
        "openIdConnectSecurityScheme" => "openIdConnect",
        "mtlsSecurityScheme" => "mutualTLS",
        _ => "unknown",
    };
    out.insert("type".into(), json!(kind));
    Value::Object(out)
}

/// Both dialects in one document: every 1.0 field, plus the 0.3 fields that 1.0 does not have.
/// Where both versions use one key with different shapes (`securitySchemes`), the 1.0 shape is
/// kept and each scheme also carries the 0.3 discriminator fields beside its variant.
pub fn both(card: &Value) -> Value {
    let mut out = card.as_object().cloned().unwrap_or_default();
    // A 1.0 client picks the interface by protocolVersion, so the 0.3 `url` must also be listed
    // as a 0.3 interface; when the settings declare none, the first interface is offered as one.
    if let Some(interfaces) = out.get_mut("supportedInterfaces").and_then(Value::as_array_mut) {
        let has_older = interfaces.iter().any(|i| i["protocolVersion"].as_str().is_some_and(|v| v.starts_with("0.")));
        if let (false, Some(first)) = (has_older, interfaces.first().cloned()) {
            let mut older = first;
            older["protocolVersion"] = json!("0.3");
            interfaces.push(older);
        }
    }
    let v03 = to_v03(&Value::Object(out.clone()));
    for (key, value) in v03.as_object().into_iter().flatten() {
        if !out.contains_key(key) {
            out.insert(key.clone(), value.clone());
        }
    }
    if let (Some(schemes), Some(old)) = (out.get_mut("securitySchemes").and_then(Value::as_object_mut), v03["securitySchemes"].as_object())
    {
        for (name, scheme) in schemes.iter_mut() {
            if let (Some(obj), Some(legacy)) = (scheme.as_object_mut(), old.get(name).and_then(Value::as_object)) {
                for (k, v) in legacy {
                    obj.entry(k.clone()).or_insert_with(|| v.clone());
                }
            }
        }
    }
    Value::Object(out)
}

/// ADR-017's `agent_card`: protocols, skill ids as capabilities, each skill with a URI and its
/// token budget, and a contact URI.
pub fn to_legacy(g: &Generated, legacy: &LegacySettings) -> Value {
    let namespace = legacy.namespace.clone().unwrap_or_else(|| "skillhouse".into());
    let protocols = legacy.protocols.clone().unwrap_or_else(|| vec!["A2A-1.0".into()]);
    let skills: Vec<Value> = g
        .skills
        .iter()
        .map(|s| {
            let version = s.version.clone().unwrap_or_else(|| "1.0".into());
            json!({"id": s.id, "uri": format!("{namespace}://skills/{}/v{version}", s.id), "token_budget": s.token_budget})
        })
        .collect();
    json!({
        "agent_card": {
            "id": format!("{namespace}:{}", g.agent),
            "name": g.card["name"],
            "version": g.card["version"],
            "description": g.card["description"],
            "protocols": protocols,
            "capabilities": g.skills.iter().map(|s| s.id.clone()).collect::<Vec<_>>(),
            "skills": skills,
            "contact": format!("{namespace}://agents/{}/invoke", g.agent),
        }
    })
}
