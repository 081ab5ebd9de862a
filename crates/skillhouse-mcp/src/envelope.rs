//! What makes a line or a request body a JSON-RPC 2.0 message this server reads, checked before
//! rmcp sees it, so that every transport refuses a bad one with a code and a reason (rmcp's own
//! drop a line that is not JSON without a word, and answer a bad HTTP body with a plain-text 415).

use crate::cut;
use rmcp::service::{RoleServer, RxJsonRpcMessage};
use serde_json::{json, Value};

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const INVALID_PARAMS: i64 = -32602;

/// A message refused, as the JSON-RPC error that answers it.
#[derive(Debug)]
pub struct Refused {
    /// The message's id when it could be read.
    pub id: Option<Value>,
    pub code: i64,
    pub message: String,
}

impl Refused {
    pub fn new(id: Option<Value>, code: i64, message: impl Into<String>) -> Refused {
        Refused { id, code, message: message.into() }
    }

    /// The error answer. An id that could not be read is null, as JSON-RPC 2.0 has it (MCP
    /// also allows leaving it out).
    pub fn to_json(&self) -> Value {
        json!({"jsonrpc": "2.0", "id": self.id.clone().unwrap_or(Value::Null), "error": {"code": self.code, "message": self.message}})
    }
}

/// A message whose envelope is sound: JSON-RPC 2.0, an object, a method or a result.
pub struct Envelope {
    pub value: Value,
    pub id: Option<Value>,
    pub method: Option<String>,
}

/// Reads `bytes` as one JSON-RPC 2.0 message, or says why it is not one.
pub fn open(bytes: &[u8]) -> Result<Envelope, Refused> {
    let value: Value = serde_json::from_slice(bytes).map_err(|e| {
        let what = if std::str::from_utf8(bytes).is_err() { "not UTF-8 text" } else { "not JSON" };
        Refused::new(None, PARSE_ERROR, format!("the message is {what} ({e}); send one JSON-RPC 2.0 message"))
    })?;
    let id = value.get("id").filter(|id| id.is_string() || id.is_i64()).cloned();
    let Some(object) = value.as_object() else {
        return Err(Refused::new(
            None,
            INVALID_REQUEST,
            "the message is not a JSON object (batches are not part of MCP); send one JSON-RPC 2.0 message",
        ));
    };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(Refused::new(id, INVALID_REQUEST, "the message lacks `\"jsonrpc\": \"2.0\"`: only JSON-RPC 2.0 is spoken here"));
    }
    if object.contains_key("id") && id.is_none() {
        return Err(Refused::new(None, INVALID_REQUEST, "the message's `id` must be a string or an integer"));
    }
    let method = object.get("method").and_then(Value::as_str).map(str::to_string);
    if method.is_none() && !object.contains_key("result") && !object.contains_key("error") {
        return Err(Refused::new(id, INVALID_REQUEST, "the message has no `method`, so it is neither a request nor a notification"));
    }
    Ok(Envelope { value, id, method })
}

/// The MCP message in a sound envelope, or why its contents do not fit MCP.
pub fn message(envelope: Envelope) -> Result<RxJsonRpcMessage<RoleServer>, Refused> {
    let code = if envelope.method.is_some() && envelope.id.is_some() { INVALID_PARAMS } else { INVALID_REQUEST };
    let what = match &envelope.method {
        Some(method) => format!("`{}` with these params", cut(method)),
        None => "this response".to_string(),
    };
    serde_json::from_value::<RxJsonRpcMessage<RoleServer>>(envelope.value).map_err(|e| {
        let why = format!("{what} does not fit MCP ({}); params, when given, are an object", cut(&e.to_string()));
        Refused::new(envelope.id, code, why)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bad_message_is_refused_with_its_reason_and_id() {
        let refused = |text: &str| open(text.as_bytes()).err().map(|r| (r.code, r.id, r.message));
        assert_eq!(refused("{not json").unwrap().0, PARSE_ERROR);
        assert!(refused("\u{1}garbage").unwrap().2.contains("not JSON"));
        assert!(open(&[0xff, b'{']).err().unwrap().message.contains("not UTF-8"));
        assert_eq!(refused("[1,2]").unwrap().0, INVALID_REQUEST);
        let (code, id, why) = refused(r#"{"jsonrpc":"1.0","id":3,"method":"tools/list"}"#).unwrap();
        assert_eq!((code, id), (INVALID_REQUEST, Some(json!(3))));
        assert!(why.contains("2.0"));
        assert_eq!(refused(r#"{"jsonrpc":"2.0","id":{"a":1},"method":"x"}"#).unwrap().1, None);
        assert!(refused(r#"{"jsonrpc":"2.0","id":4}"#).unwrap().2.contains("no `method`"));
        let sound = open(br#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":7}"#).unwrap();
        let misfit = message(sound).err().unwrap();
        assert_eq!((misfit.code, misfit.id), (INVALID_PARAMS, Some(json!(5))));
        assert!(message(open(br#"{"jsonrpc":"2.0","id":6,"method":"tools/list"}"#).unwrap()).is_ok());
    }
}
