//! Installing skills into the agent tools on this computer: which tools there are and where they
//! read skills (`registry`, from `data/agents.toml`), the lock files shared with the `skills` CLI
//! (`lock`), what an install, uninstall or sync would do (`plan`), doing it with a way back
//! (`apply`), what has drifted since (`status`), taking an agent's folder back into the catalogue (`take`), and all of it as the app shows it (`view`). Only skills without errors are installed.

pub mod apply;
pub mod lock;
pub mod plan;
pub mod registry;
pub mod status;
pub mod take;
pub mod view;

pub use apply::{apply, apply_reporting, Applied, ApplyProgress};
pub use lock::How;
pub use plan::{plan, Action, Plan, Request, Targets};
pub use registry::{Host, Registry, Scope, Tool};
