//! The MCP server: the Skills extension (`skills/list`, `skills/get`, `resources/read`,
//! `resources/directory/read`) and the four tools, all answered from the live snapshot.

use crate::address;
use crate::live::Live;
use crate::manifest::{self, skill_uri};
use crate::served::Refusal;
use crate::tools;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, GetSkillRequestParams, GetSkillResult, Implementation, ListResourcesResult, ListSkillsResult,
    ListToolsResult, PaginatedRequestParams, ReadResourceDirectoryRequestParams, ReadResourceDirectoryResult, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, Resource, ServerCapabilities, ServerConfig, DIRECTORY_MIME_TYPE,
};
use rmcp::service::{NotificationContext, RequestContext};
use rmcp::{ErrorData, Peer, RoleServer, ServerHandler};
use std::sync::{Arc, Mutex, PoisonError};

/// Skills per page of `skills/list` and `resources/list`.
pub const PAGE: usize = 200;

#[derive(Clone)]
pub struct SkillsServer {
    live: Arc<Live>,
    /// Every client connected, to tell of changes.
    peers: Arc<Mutex<Vec<Peer<RoleServer>>>>,
}

impl SkillsServer {
    pub fn new(live: Arc<Live>) -> SkillsServer {
        SkillsServer { live, peers: Default::default() }
    }

    pub fn live(&self) -> &Live {
        &self.live
    }

    /// Tells every connected client that the resources (and so the skills) changed; forgets the
    /// clients that are gone.
    pub async fn announce_change(&self) {
        // Taken out while the lock is not held; a client that connects meanwhile is kept.
        let peers: Vec<Peer<RoleServer>> = std::mem::take(&mut *self.peers.lock().unwrap_or_else(PoisonError::into_inner));
        let mut here = Vec::with_capacity(peers.len());
        for peer in peers {
            if peer.notify_resource_list_changed().await.is_ok() {
                here.push(peer);
            }
        }
        self.peers.lock().unwrap_or_else(PoisonError::into_inner).extend(here);
    }
}

fn refused(r: Refusal) -> ErrorData {
    match r {
        Refusal::BadRequest(m) => ErrorData::invalid_params(m, None),
        Refusal::NotFound(m) => ErrorData::resource_not_found(m, None),
    }
}

/// `[start, end)` of a page at `cursor` over `total` items, and the next page's cursor.
fn page(cursor: Option<&str>, total: usize) -> Result<(usize, usize, Option<String>), ErrorData> {
    let start = match cursor {
        None => 0,
        Some(c) => c.parse::<usize>().ok().filter(|n| *n <= total).ok_or_else(|| {
            ErrorData::invalid_params(format!("`{}` is not a cursor of this listing; leave it out to start again", crate::cut(c)), None)
        })?,
    };
    let end = (start + PAGE).min(total);
    Ok((start, end, (end < total).then(|| end.to_string())))
}

impl ServerHandler for SkillsServer {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .enable_resources_list_changed()
            .enable_skills_with_directory_read()
            .build();
        let mut config = ServerConfig::new(capabilities);
        config.server_info = Implementation::new("skillhouse", env!("CARGO_PKG_VERSION"));
        config.instructions = Some(format!(
            "Agent Skills from the catalogue at {}, checked by Skillhouse: only skills without errors are served. \
             Find one with list_skills or search_skills, read its instructions with load_skill when the task matches \
             its description, and its files with read_skill_resource when the instructions point to them.",
            self.live.root().display()
        ));
        config
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.peers.lock().unwrap_or_else(PoisonError::into_inner).push(context.peer);
    }

    async fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, ErrorData> {
        let served = self.live.current();
        let (start, end, next) = page(request.as_ref().and_then(|r| r.cursor.as_deref()), served.skills.len())?;
        let skills = served.skills[start..end].iter().filter_map(|s| manifest::entry(&served, s, &self.live.digests)).collect();
        let mut result = ListSkillsResult::with_all_items(skills);
        result.next_cursor = next;
        Ok(result)
    }

    async fn get_skill(&self, request: GetSkillRequestParams, _context: RequestContext<RoleServer>) -> Result<GetSkillResult, ErrorData> {
        let served = self.live.current();
        // Unknown or malformed alike: `-32602`, as the extension asks of `skills/get`.
        let invalid = |m: String| ErrorData::invalid_params(m, None);
        let address = address::parse(&request.uri).map_err(|r| invalid(r.message().to_string()))?;
        if address.path != skillhouse_core::scan::SKILL_FILE {
            return Err(invalid(format!(
                "`{}` is not a skill's SKILL.md; skills/get takes skill://<skill>/SKILL.md",
                crate::cut(&request.uri)
            )));
        }
        let skill = served.skill_of(&address.skill).map_err(|r| invalid(r.message().to_string()))?;
        let entry = manifest::entry(&served, skill, &self.live.digests)
            .ok_or_else(|| invalid(format!("skill `{}` cannot be described by the Skills extension (its name)", skill.name)))?;
        Ok(GetSkillResult::new(entry))
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let served = self.live.current();
        let (start, end, next) = page(request.as_ref().and_then(|r| r.cursor.as_deref()), served.skills.len())?;
        let resources = served.skills[start..end]
            .iter()
            .map(|s| {
                Resource::new(skill_uri(&s.name), s.name.clone())
                    .with_description(s.description.clone())
                    .with_mime_type("text/markdown")
                    .with_size(s.files[0].size)
                    .with_meta(manifest::tokens_meta(s))
            })
            .collect();
        let mut result = ListResourcesResult::with_all_items(resources);
        result.next_cursor = next;
        Ok(result)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let served = self.live.current();
        let (skill, address) = served.address(&request.uri).map_err(refused)?;
        if address.path.is_empty() {
            return Err(ErrorData::invalid_params(
                format!("`{}` is a skill's folder: resources/directory/read lists it", crate::cut(&request.uri)),
                None,
            ));
        }
        let contents = tools::contents(&served, skill, &address.path, &self.live.digests).map_err(refused)?;
        Ok(ReadResourceResult::new(vec![contents]).into())
    }

    async fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceDirectoryResult, ErrorData> {
        let served = self.live.current();
        // Every failure here is `-32602`, as the extension asks of directory reads.
        let invalid = |r: Refusal| ErrorData::invalid_params(r.message().to_string(), None);
        let (skill, address) = served.address(&request.uri).map_err(invalid)?;
        let (folders, files) = served.directory(skill, &address.path).map_err(invalid)?;
        let join = |name: &str| if address.path.is_empty() { name.to_string() } else { format!("{}/{name}", address.path) };
        let mut children: Vec<Resource> = folders
            .iter()
            .map(|f| Resource::new(address::uri(&skill.name, &join(f)), f.clone()).with_mime_type(DIRECTORY_MIME_TYPE))
            .collect();
        for file in files {
            let name = file.path.rsplit('/').next().unwrap_or(&file.path).to_string();
            let mut child = Resource::new(address::uri(&skill.name, &file.path), name).with_size(file.size);
            child.mime_type = tools::mime_of(&file.path).map(Into::into);
            children.push(child);
        }
        Ok(ReadResourceDirectoryResult::with_all_items(children))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(tools::all()))
    }

    async fn call_tool(&self, request: CallToolRequestParams, _context: RequestContext<RoleServer>) -> Result<CallToolResponse, ErrorData> {
        let live = self.live.clone();
        let name = request.name.to_string();
        let arguments = request.arguments;
        let result = tokio::task::spawn_blocking(move || tools::call(&live, &name, arguments))
            .await
            .map_err(|e| ErrorData::internal_error(format!("the tool stopped: {e}"), None))?;
        match result {
            Some(result) => Ok(result.into()),
            None => Err(ErrorData::invalid_params(
                format!(
                    "no tool `{}` here; the tools are {}",
                    request.name,
                    tools::all().iter().map(|t| t.name.to_string()).collect::<Vec<_>>().join(", ")
                ),
                None,
            )),
        }
    }
}
