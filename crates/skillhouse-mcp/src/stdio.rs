//! The stdio transport: newline-delimited JSON-RPC on stdin and stdout, like rmcp's own, but
//! answering every bad line instead of dropping it. rmcp's transport ignores a line that is not
//! JSON and one over its 16 MiB limit without a word, so the client waits for an answer that
//! never comes; a notification before `initialize` ends rmcp's session; and it reads requests
//! however slowly their answers are taken. Here:
//! - a line that is not JSON is answered `-32700`, JSON that is not a JSON-RPC message `-32600`,
//!   each saying why, with the request's id when it can be read;
//! - a line over [`MAX_MESSAGE_BYTES`] (1 MB, as over HTTP) is never held: it is answered `-32600`
//!   with its size, and the id found at its start;
//! - before `initialize`, notifications and responses are dropped (with a note on stderr), and a
//!   request other than `initialize` is answered with what to send first;
//! - at most [`IN_FLIGHT`] requests are open at once: the next line is read when an answer has
//!   been written, so a client that does not read cannot make the server hold more.

use crate::cut;
use crate::envelope::{self, Refused};
use rmcp::service::{RoleServer, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::sync::{Arc, Mutex as SyncMutex};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{Mutex, OwnedSemaphorePermit, Semaphore};

/// The longest line read as a message; the same limit as the HTTP transport's request body.
pub const MAX_MESSAGE_BYTES: usize = 1 << 20;
/// Requests read and not yet answered, at most.
pub const IN_FLIGHT: usize = 32;
/// How much of an oversized line is kept to find its id.
const HEAD_KEPT: usize = 4096;

pub struct Stdio<R, W> {
    read: BufReader<R>,
    line: Vec<u8>,
    /// The start and size of a line over the limit, while the rest of it is skipped.
    skipping: Option<(Vec<u8>, usize)>,
    write: Arc<Mutex<W>>,
    /// Answers this transport gives itself, waiting for a permit to be written.
    replies: VecDeque<Vec<u8>>,
    /// The last of them being written: awaited before the next message is handed on, so that
    /// answers come in the order of what they answer.
    writing: Option<tokio::task::JoinHandle<()>>,
    /// A message read and parsed, waiting for a permit to be handed on (kept here, since
    /// `receive` can be cancelled while it waits).
    ready: Option<RxJsonRpcMessage<RoleServer>>,
    initialized: bool,
    told_early: bool,
    permits: Arc<Semaphore>,
    /// The permit of each open request, by its id's JSON text, given back with its answer.
    open: Arc<SyncMutex<HashMap<String, OwnedSemaphorePermit>>>,
}

pub fn stdio() -> Stdio<tokio::io::Stdin, tokio::io::Stdout> {
    Stdio::new(tokio::io::stdin(), tokio::io::stdout())
}

impl<R: AsyncRead + Unpin + Send, W: AsyncWrite + Unpin + Send + 'static> Stdio<R, W> {
    pub fn new(read: R, write: W) -> Self {
        Stdio {
            read: BufReader::new(read),
            line: Vec::new(),
            skipping: None,
            write: Arc::new(Mutex::new(write)),
            replies: VecDeque::new(),
            writing: None,
            ready: None,
            initialized: false,
            told_early: false,
            permits: Arc::new(Semaphore::new(IN_FLIGHT)),
            open: Arc::default(),
        }
    }

    /// Reads one line, never holding more than [`MAX_MESSAGE_BYTES`] of it. Cancel-safe: what
    /// was read stays in `self.line` (or `self.skipping`) for the next call.
    async fn read_line(&mut self) -> Line {
        loop {
            let (used, ended) = {
                let available = match self.read.fill_buf().await {
                    Ok(a) => a,
                    Err(_) => return Line::End,
                };
                if available.is_empty() {
                    return Line::End;
                }
                let newline = available.iter().position(|b| *b == b'\n');
                let take = newline.map_or(available.len(), |i| i + 1);
                match &mut self.skipping {
                    Some((_, size)) => *size += take,
                    None if self.line.len() + take > MAX_MESSAGE_BYTES => {
                        let size = self.line.len() + take;
                        let mut head = std::mem::take(&mut self.line);
                        head.truncate(HEAD_KEPT);
                        let room = HEAD_KEPT.saturating_sub(head.len());
                        head.extend_from_slice(&available[..take.min(room)]);
                        self.skipping = Some((head, size));
                    }
                    None => self.line.extend_from_slice(&available[..take]),
                }
                (take, newline.is_some())
            };
            self.read.consume(used);
            if ended {
                return match self.skipping.take() {
                    Some((head, size)) => Line::TooLong { head, size },
                    None => Line::Message,
                };
            }
        }
    }

    /// What the line in `self.line` is: a message to hand on, nothing, or an answer to give.
    fn interpret(&mut self, line: &[u8]) -> Result<Option<RxJsonRpcMessage<RoleServer>>, Vec<u8>> {
        let envelope = envelope::open(line).map_err(|r| reply(&r))?;
        let (id, method) = (envelope.id.clone(), envelope.method.clone());
        let method = method.as_deref();
        if !self.initialized {
            match (method, &id) {
                (Some("initialize"), Some(_)) => {}
                // `ping` may come first (MCP lifecycle); requests that carry the protocol in
                // their `_meta` are the newer, initialize-free form, which rmcp reads.
                (Some("ping"), Some(_)) => {}
                (Some(_), Some(_)) if envelope.value.pointer("/params/_meta/io.modelcontextprotocol~1protocolVersion").is_some() => {}
                (Some(m), Some(_)) => {
                    let why = format!("`{}` before `initialize`: send `initialize` first, then `notifications/initialized`", cut(m));
                    return Err(reply(&Refused::new(id, envelope::INVALID_REQUEST, why)));
                }
                _ => {
                    if !self.told_early {
                        eprintln!("skillhouse mcp: a notification or response came before `initialize`; ignored");
                        self.told_early = true;
                    }
                    return Ok(None);
                }
            }
        }
        if id.is_none() && method.is_some_and(|m| !m.starts_with("notifications/") || !standard_notification(m)) {
            // A notification this server has no use for (rmcp ignores them too, for clients
            // that share a pipe with other protocols).
            return Ok(None);
        }
        let initialize = method == Some("initialize");
        let message = envelope::message(envelope).map_err(|r| reply(&r))?;
        if initialize {
            self.initialized = true;
        }
        Ok(Some(message))
    }
}

enum Line {
    Message,
    TooLong { head: Vec<u8>, size: usize },
    End,
}

fn standard_notification(method: &str) -> bool {
    matches!(
        method,
        "notifications/cancelled"
            | "notifications/initialized"
            | "notifications/progress"
            | "notifications/roots/list_changed"
            | "notifications/message"
            | "notifications/elicitation/complete"
    )
}

/// An error answer as a line of JSON.
fn reply(refused: &Refused) -> Vec<u8> {
    let mut line = serde_json::to_vec(&refused.to_json()).expect("JSON values serialise");
    line.push(b'\n');
    line
}

/// The id at the start of an oversized line, when it comes before anything long.
fn id_in_head(head: &[u8]) -> Option<Value> {
    let text = String::from_utf8_lossy(head);
    let at = text.find("\"id\"")?;
    let rest = text[at + 4..].trim_start().strip_prefix(':')?.trim_start();
    let mut values = serde_json::Deserializer::from_str(rest).into_iter::<Value>();
    values.next()?.ok().filter(|v| v.is_i64() || v.is_string())
}

fn id_key(id: &impl serde::Serialize) -> String {
    serde_json::to_string(id).unwrap_or_default()
}

impl<R: AsyncRead + Unpin + Send, W: AsyncWrite + Unpin + Send + 'static> Transport<RoleServer> for Stdio<R, W> {
    type Error = std::io::Error;

    fn send(&mut self, mut item: TxJsonRpcMessage<RoleServer>) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        if let rmcp::model::JsonRpcMessage::Error(e) = &mut item {
            // rmcp says only the method's name.
            if e.error.code == rmcp::model::ErrorCode::METHOD_NOT_FOUND {
                e.error.message =
                    format!("there is no method `{}` here; tools/list and skills/list say what is served", cut(&e.error.message)).into();
            }
        }
        let answered = match &item {
            rmcp::model::JsonRpcMessage::Response(r) => Some(id_key(&r.id)),
            rmcp::model::JsonRpcMessage::Error(e) => e.id.as_ref().map(id_key),
            _ => None,
        };
        let write = self.write.clone();
        let open = self.open.clone();
        async move {
            let mut line = serde_json::to_vec(&item).map_err(std::io::Error::other)?;
            line.push(b'\n');
            let mut out = write.lock().await;
            out.write_all(&line).await?;
            out.flush().await?;
            drop(out);
            // The answer is out: the next request may be read.
            if let (Some(key), Ok(mut open)) = (answered, open.lock()) {
                open.remove(&key);
            }
            Ok(())
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            // Own answers first, each holding a permit until written, so that a client that
            // does not read stops this loop here too.
            while !self.replies.is_empty() {
                let permit = self.permits.clone().acquire_owned().await.ok()?;
                let line = self.replies.pop_front()?;
                let write = self.write.clone();
                let before = self.writing.take();
                self.writing = Some(tokio::spawn(async move {
                    if let Some(before) = before {
                        let _ = before.await;
                    }
                    let mut out = write.lock().await;
                    let _ = out.write_all(&line).await;
                    let _ = out.flush().await;
                    drop(permit);
                }));
            }
            if let Some(writing) = self.writing.as_mut() {
                // Cancel-safe: the handle stays until the write has finished.
                let _ = writing.await;
                self.writing = None;
            }
            if let Some(message) = self.ready.take() {
                let request = match &message {
                    rmcp::model::JsonRpcMessage::Request(r) => Some(id_key(&r.id)),
                    _ => None,
                };
                if let Some(key) = request {
                    // Waiting here is cancel-safe: put back, then wait.
                    self.ready = Some(message);
                    let permit = self.permits.clone().acquire_owned().await.ok()?;
                    let message = self.ready.take()?;
                    if let Ok(mut open) = self.open.lock() {
                        open.insert(key, permit);
                    }
                    return Some(message);
                }
                if let rmcp::model::JsonRpcMessage::Notification(n) = &message {
                    // A cancelled request may never be answered: its permit goes back now.
                    if let rmcp::model::ClientNotification::CancelledNotification(c) = &n.notification {
                        if let (Some(id), Ok(mut open)) = (&c.params.request_id, self.open.lock()) {
                            open.remove(&id_key(id));
                        }
                    }
                }
                return Some(message);
            }
            match self.read_line().await {
                Line::End => return None,
                Line::TooLong { head, size } => {
                    let limit = MAX_MESSAGE_BYTES >> 20;
                    let why = format!("the message is {size} bytes; this server reads messages of at most {limit} MB");
                    self.replies.push_back(reply(&Refused::new(id_in_head(&head), envelope::INVALID_REQUEST, why)));
                }
                Line::Message => {
                    let mut line = std::mem::take(&mut self.line);
                    let text = line.strip_suffix(b"\n").unwrap_or(&line);
                    let text = text.strip_suffix(b"\r").unwrap_or(text);
                    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
                    if !text.iter().all(u8::is_ascii_whitespace) {
                        match self.interpret(text) {
                            Ok(Some(message)) => self.ready = Some(message),
                            Ok(None) => {}
                            Err(reply) => self.replies.push_back(reply),
                        }
                    }
                    line.clear();
                    if line.capacity() <= 64 << 10 {
                        self.line = line;
                    }
                }
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.write.lock().await.shutdown().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_id_of_an_oversized_line_is_found_at_its_start() {
        assert_eq!(id_in_head(br#"{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"aaaa"#), Some(json!(42)));
        assert_eq!(id_in_head(br#"{"id" : "x-1","jsonrpc":"2.0""#), Some(json!("x-1")));
        assert_eq!(id_in_head(br#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"aaaa"#), None);
        assert_eq!(id_in_head(b"garbage{[\"\\ \x01\xff"), None);
    }
}
